//! The surface chunk around a building: terrain, the building's footprint with its door,
//! and salvage nodes (the reference's "Surface layer — simpler than storeys — one chunk,
//! seeded salvage nodes"; everything else here is this project's design,
//! docs/architecture.md, "The surface").
//!
//! A surface belongs to a building: [`generate_surface`]`(seed, level)` takes the
//! building's master seed and outpost level, makes its ground floor exactly as
//! [`crate::generate_building`] does (seed `storey_seed(seed, 0)`, depth 1), and lays the
//! chunk around it. [`generate_surface_around`] takes any ground floor instead (a building
//! made with other generation settings). The chunk (48 x 48 by default) holds:
//!
//! - the **footprint**: the ground floor's cells (all but its outside OUT_OF_BOUNDS
//!   cells) at an offset drawn within `footprint_margin` of the chunk's edges, so the
//!   building's irregular outline stands on the surface as it is inside;
//! - the **door**: the one cell in front of the ground floor's ENTRANCE, straight across
//!   from the ENTRANCE's floor cell, outside the footprint; going through it and the
//!   ENTRANCE one walks onto the ground floor;
//! - **terrain**: open ground, rock outcrops (random cells smoothed by a cellular
//!   automaton) and rubble beside the rock; a walkway around the footprint and a clearing
//!   in front of the door stay open, and open pockets cut off from the door are filled
//!   with rock, so every walkable cell can be reached from the door;
//! - **salvage nodes**: kind, cell and amount, on open cells away from the building and
//!   the door and apart from each other, more at higher levels.
//!
//! It is deterministic: one ChaCha8 stream seeded with `derive_seed(seed,
//! SURFACE_STREAM)`, shared by no storey, runs the five surface passes in order
//! ([`passes`]), and [`validator`] checks every rule before the surface is returned.
//!
//! ```
//! use outpost_core::surface::{Terrain, generate_surface};
//!
//! let surface = generate_surface(42, 2)?;
//! assert_eq!((surface.width, surface.height), (48, 48));
//! assert_eq!(surface.cells.get(surface.door_cell), Some(Terrain::Door));
//! assert_eq!(surface.salvage_nodes.len(), 7); // 5, and 2 per level above 1
//! # Ok::<(), outpost_core::surface::SurfaceError>(())
//! ```

mod grid;
pub mod passes;
mod settings;
pub mod survey;
pub mod validator;

pub use grid::{Cells, Terrain, TerrainGrid, reachable_from, steps_from};
pub use settings::SurfaceSettings;
pub use validator::{SurfaceRule, SurfaceViolation};

use crate::building::storey_seed;
use crate::cell::StoreyType;
use crate::error::GenerateError;
use crate::generator::{StoreyRequest, generate};
use crate::geometry::{Pos, Rect};
use crate::layout::StoreyLayout;
use crate::params::{MAX_OUTPOST_LEVEL, MIN_OUTPOST_LEVEL};
use crate::rng::{SURFACE_STREAM, StoreyRng, derive_seed};
use crate::settings::SettingsError;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// What a salvage node yields. A kind is a row: its name, how often it is drawn (weight)
/// and how much more it yields than scrap (multiplier).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[repr(u8)]
pub enum SalvageKind {
    /// Scrap metal: the common kind (weight 6 of 10), amount x1.
    Scrap = 0,
    /// Alloy plates (weight 3 of 10), amount x2.
    Alloy = 1,
    /// Circuit boards: the rare kind (weight 1 of 10), amount x4.
    Circuits = 2,
}

impl SalvageKind {
    /// Every kind, in value order.
    pub const ALL: [SalvageKind; 3] = [
        SalvageKind::Scrap,
        SalvageKind::Alloy,
        SalvageKind::Circuits,
    ];

    /// The constant name, e.g. `"SCRAP"`.
    pub const fn name(self) -> &'static str {
        match self {
            SalvageKind::Scrap => "SCRAP",
            SalvageKind::Alloy => "ALLOY",
            SalvageKind::Circuits => "CIRCUITS",
        }
    }

    /// How often it is drawn, out of the weights of [`SalvageKind::ALL`] (10).
    pub const fn weight(self) -> u32 {
        match self {
            SalvageKind::Scrap => 6,
            SalvageKind::Alloy => 3,
            SalvageKind::Circuits => 1,
        }
    }

    /// Its amount is the drawn base amount times this.
    pub const fn multiplier(self) -> u32 {
        match self {
            SalvageKind::Scrap => 1,
            SalvageKind::Alloy => 2,
            SalvageKind::Circuits => 4,
        }
    }

    /// The character of the surface's ASCII: `s`, `a`, `c`.
    pub const fn ascii(self) -> char {
        match self {
            SalvageKind::Scrap => 's',
            SalvageKind::Alloy => 'a',
            SalvageKind::Circuits => 'c',
        }
    }
}

impl fmt::Display for SalvageKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One salvage node: what it yields, where it lies, and how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SalvageNode {
    /// What it yields.
    pub kind: SalvageKind,
    /// Its cell (GROUND or RUBBLE).
    pub cell: Pos,
    /// The materials it yields.
    pub amount: u32,
}

/// One generated surface chunk: pure data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurfaceLayout {
    /// The building's master seed (the surface's own stream derives from it).
    pub seed_value: i64,
    /// 1..=4: more salvage at higher levels, and a larger ground floor.
    pub outpost_level: u32,
    /// Chunk columns.
    pub width: i32,
    /// Chunk rows.
    pub height: i32,
    /// `cells[x][y]`, [`Terrain`] values.
    pub cells: TerrainGrid,
    /// The ground floor's rectangle in the chunk: its cell (x, y) is chunk cell
    /// (footprint.x + x, footprint.y + y).
    pub footprint: Rect,
    /// The ground floor's ENTRANCE in chunk coordinates (a FOOTPRINT cell).
    pub entrance_cell: Pos,
    /// The DOOR: the cell in front of the ENTRANCE, outside the footprint.
    pub door_cell: Pos,
    /// The salvage nodes, in the order they were drawn.
    pub salvage_nodes: Vec<SalvageNode>,
}

impl SurfaceLayout {
    /// The chunk as text, one row per line: the terrain (`.` ground, `^` rock, `:`
    /// rubble, `#` footprint, `+` door), the ENTRANCE on the footprint's outline as `D`,
    /// and each salvage node as its kind's letter (`s`, `a`, `c`).
    pub fn to_ascii(&self) -> String {
        let mut rows: Vec<Vec<char>> = (0..self.cells.height())
            .map(|y| {
                (0..self.cells.width())
                    .map(|x| self.cells.get(Pos::new(x, y)).map_or('?', Terrain::ascii))
                    .collect()
            })
            .collect();
        let mut put = |p: Pos, c: char| {
            if self.cells.in_bounds(p) {
                rows[p.y as usize][p.x as usize] = c;
            }
        };
        put(self.entrance_cell, 'D');
        for node in &self.salvage_nodes {
            put(node.cell, node.kind.ascii());
        }
        let mut out = String::with_capacity(rows.len() * (rows.first().map_or(0, Vec::len) + 1));
        for row in rows {
            out.extend(row);
            out.push('\n');
        }
        out
    }

    /// Number of cells of each terrain, indexed by its value.
    pub fn terrain_counts(&self) -> [usize; 5] {
        let mut counts = [0; 5];
        for &t in self.cells.cells() {
            counts[t as usize] += 1;
        }
        counts
    }
}

/// Why a surface could not be made. Every message names the bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SurfaceError {
    /// The outpost level is outside `MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL`.
    #[error(
        "outpost_level must be in {min}..={max}, got {0}",
        min = MIN_OUTPOST_LEVEL,
        max = MAX_OUTPOST_LEVEL
    )]
    InvalidLevel(i64),
    /// A surface setting is out of its range (or contradicts another).
    #[error("invalid surface settings: {0}")]
    InvalidSettings(#[from] SettingsError),
    /// The building's ground floor could not be generated.
    #[error("the ground floor: {0}")]
    Ground(#[from] GenerateError),
    /// The layout given as the ground floor is another storey type.
    #[error("a surface stands around a GROUND_FLOOR, got a {0}")]
    NotAGroundFloor(StoreyType),
    /// The ground floor has no ENTRANCE that is a doorway (it breaks the entrance rules).
    #[error("the ground floor has no ENTRANCE leading outside (entrance_cell {0:?})")]
    NoEntrance(Option<Pos>),
    /// The chunk cannot hold the ground floor with the margin on every side.
    #[error(
        "a {width} x {height} chunk cannot hold a {footprint_width} x {footprint_height} ground \
         floor with footprint_margin {margin} on every side"
    )]
    ChunkTooSmall {
        /// Chunk columns.
        width: i32,
        /// Chunk rows.
        height: i32,
        /// Ground floor columns.
        footprint_width: i32,
        /// Ground floor rows.
        footprint_height: i32,
        /// The margin asked for.
        margin: i32,
    },
    /// Too few open cells far enough from the door and each other for the salvage.
    #[error(
        "placed {placed} of {wanted} salvage nodes ({candidates} open cells far enough from \
         the door; min_salvage_separation keeps the rest)"
    )]
    Salvage {
        /// Nodes placed.
        placed: usize,
        /// Nodes the level needs.
        wanted: usize,
        /// Cells that could have held one.
        candidates: usize,
    },
    /// The finished surface broke a rule: a bug of the surface passes.
    #[error("the surface breaks a rule: {0}")]
    Invalid(SurfaceViolation),
}

/// The ground floor of building `seed` at `outpost_level`, exactly as
/// [`crate::generate_building`] makes it (seed `storey_seed(seed, 0)`, depth 1).
///
/// # Errors
///
/// The [`GenerateError`] of a bad level.
pub fn ground_floor(seed: i64, outpost_level: i64) -> Result<StoreyLayout, GenerateError> {
    generate(&StoreyRequest::new(
        storey_seed(seed, 0),
        1,
        outpost_level,
        StoreyType::GroundFloor,
    ))
}

/// The surface chunk of building `seed` (its master seed) at `outpost_level`, with the
/// default [`SurfaceSettings`]. The same arguments give the same surface, byte for byte.
///
/// # Errors
///
/// [`SurfaceError::InvalidLevel`] naming a level outside 1..=4; the other errors of
/// [`generate_surface_with`] (never with the defaults: see docs/architecture.md).
pub fn generate_surface(seed: i64, outpost_level: i64) -> Result<SurfaceLayout, SurfaceError> {
    generate_surface_with(&SurfaceSettings::DEFAULT, seed, outpost_level)
}

/// [`generate_surface`] with `settings`.
///
/// # Errors
///
/// [`SurfaceError::InvalidSettings`] naming a setting out of range,
/// [`SurfaceError::InvalidLevel`], and the errors of [`generate_surface_around`].
pub fn generate_surface_with(
    settings: &SurfaceSettings,
    seed: i64,
    outpost_level: i64,
) -> Result<SurfaceLayout, SurfaceError> {
    settings.check()?;
    if !(MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL).contains(&outpost_level) {
        return Err(SurfaceError::InvalidLevel(outpost_level));
    }
    let ground = ground_floor(seed, outpost_level)?;
    generate_surface_around(settings, seed, &ground)
}

/// The surface chunk of building `seed` around the ground floor `ground` (for a building
/// generated with other [`crate::GenerationSettings`]); `outpost_level` is the ground
/// floor's. The surface's RNG stream depends on `seed` alone.
///
/// # Errors
///
/// [`SurfaceError::InvalidSettings`]; [`SurfaceError::NotAGroundFloor`] or
/// [`SurfaceError::NoEntrance`] for a `ground` that is no ground floor with its door;
/// [`SurfaceError::ChunkTooSmall`] and [`SurfaceError::Salvage`] for settings the chunk
/// cannot meet.
pub fn generate_surface_around(
    settings: &SurfaceSettings,
    seed: i64,
    ground: &StoreyLayout,
) -> Result<SurfaceLayout, SurfaceError> {
    settings.check()?;
    let mut draft = passes::SurfaceDraft::new(settings, seed, ground)?;
    let mut rng = StoreyRng::new(derive_seed(seed, SURFACE_STREAM));
    for pass in passes::SURFACE_PIPELINE {
        (pass.run)(&mut draft, &mut rng)?;
    }
    let surface = draft.into_layout();
    validator::validate_around(&surface, ground, settings).map_err(SurfaceError::Invalid)?;
    Ok(surface)
}
