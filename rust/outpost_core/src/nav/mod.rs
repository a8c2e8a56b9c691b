//! Navigation for crowds: distance fields over a storey's free cells, the step an agent
//! takes down them, and where towers may stand without sealing a path.
//!
//! A storey's [`Navigator`] holds its walkable cells and the towers placed on it
//! (towers block walking). [`Navigator::distance_field`] is one multi-source
//! breadth-first search that every agent heading for the same targets reads
//! ([`DistanceField::next_step`]); [`Navigator::placement_mask`] is the legality of a
//! tower on every cell, from one articulation pass. [`sight`] says what a tower can hit
//! (range and line of sight) and which tower tier each room needs.
//!
//! ```
//! use outpost_core::nav::Navigator;
//! use outpost_core::{StoreyRequest, StoreyType, generate};
//!
//! let layout = generate(&StoreyRequest::new(7, 2, 2, StoreyType::GroundFloor))?;
//! let mut nav = Navigator::new(&layout)?;
//! let field = nav.distance_field(&layout.beacon_cells);
//! let entry = layout.entry_cells[0];
//! assert!(field.reaches(entry));
//! let first_legal = nav.legal_cells()[0];
//! nav.place_tower(first_legal)?;
//! assert!(nav.distance_field(&layout.beacon_cells).reaches(entry));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod field;
mod legality;
mod navigator;
pub mod sight;

pub use field::{DistanceField, UNREACHABLE, next_step};
pub use navigator::Navigator;
pub use sight::Reach;

use crate::cell::CellType;
use crate::geometry::Pos;
use thiserror::Error;

/// Why a tower may not stand on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// The cell is not on the grid.
    #[error("off the grid")]
    OffGrid,
    /// Towers stand on EMPTY cells only.
    #[error("not an EMPTY cell ({})", .0.name())]
    NotEmpty(CellType),
    /// A tower stands there already.
    #[error("a tower stands there")]
    Tower,
    /// The cell is one the caller requires to stay walkable.
    #[error("a required cell")]
    Required,
    /// Blocking the cell would cut required cells apart.
    #[error("would seal a path")]
    WouldSeal,
}

/// A navigator that cannot be made or changed as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NavError {
    /// Bitboards hold grids up to 32 x 32.
    #[error("the grid is {width} x {height}; navigation needs at most 32 x 32")]
    TooLarge {
        /// Grid columns.
        width: i32,
        /// Grid rows.
        height: i32,
    },
    /// A required cell that cannot be required.
    #[error("required cell {cell} {reason}")]
    BadRequiredCell {
        /// The cell.
        cell: Pos,
        /// What is wrong with it.
        reason: &'static str,
    },
}
