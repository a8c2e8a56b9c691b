//! The generation pipeline, one module per pass, run in the reference's order:
//!
//! | pass | module | reads | writes |
//! |------|--------|-------|--------|
//! | 1  | [`dimensions`] | spec | blank OOB grid |
//! | 2a | [`bsp`] | grid, storey type | partitions, rooms, WALL/EMPTY |
//! | 2b | [`placement`] | partitions, rooms, forced staircase | ENTRY, BEACON, protected cells |
//! | 2c | [`corridors`] | rooms, primary beacon, protected cells | corridors, sealed outline |
//! | 3  | [`shaft_stair`] | grid, entries, protected cells | STAIRCASE, SHAFT |
//! | 4  | [`path_validation`] | grid, entries, primary beacon | enemy paths |
//! | 5  | [`annotation`] | grid | open zone count |
//!
//! One [`StoreyRng`](crate::rng::StoreyRng) made from the seed is handed to every pass;
//! a pass only reads what earlier passes wrote.

pub mod annotation;
pub mod bsp;
pub mod corridors;
pub mod dimensions;
pub mod path_validation;
pub mod placement;
pub mod shaft_stair;

use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use crate::params::SHAFT_COUNT;
use std::fmt;
use thiserror::Error;

// Every storey grid fits a bitboard (`Draft::cells_of`).
const _: () = assert!(
    crate::params::MAX_WIDTH <= crate::bits::MAX_SIDE
        && crate::params::MAX_HEIGHT <= crate::bits::MAX_SIDE
);

/// Validated generation inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub storey_type: StoreyType,
    pub storey_depth: u32,
    pub outpost_level: u32,
    pub width: i32,
    pub height: i32,
    pub forced_staircase: Option<Pos>,
}

/// A BSP leaf and whether it stayed OUT_OF_BOUNDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub rect: Rect,
    pub oob: bool,
}

/// A pass of the pipeline, numbered as in the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassId {
    /// Pass 1: grid size; every cell OUT_OF_BOUNDS.
    Dimensions,
    /// Pass 2a: BSP partitions, rooms and OUT_OF_BOUNDS chunks.
    Bsp,
    /// Pass 2b: ENTRY and BEACON cells.
    Placement,
    /// Pass 2c: corridors and the sealed outline.
    Corridors,
    /// Pass 3: STAIRCASE and SHAFT cells.
    ShaftStair,
    /// Pass 4: enemy paths.
    PathValidation,
    /// Pass 5: open zone count.
    Annotation,
}

impl PassId {
    /// The reference's number of the pass: `"1"`, `"2a"`, `"2b"`, `"2c"`, `"3"`, `"4"`, `"5"`.
    pub const fn number(self) -> &'static str {
        match self {
            PassId::Dimensions => "1",
            PassId::Bsp => "2a",
            PassId::Placement => "2b",
            PassId::Corridors => "2c",
            PassId::ShaftStair => "3",
            PassId::PathValidation => "4",
            PassId::Annotation => "5",
        }
    }

    /// Snake-case name of the pass, as its module is named.
    pub const fn name(self) -> &'static str {
        match self {
            PassId::Dimensions => "dimensions",
            PassId::Bsp => "bsp",
            PassId::Placement => "placement",
            PassId::Corridors => "corridors",
            PassId::ShaftStair => "shaft_stair",
            PassId::PathValidation => "path_validation",
            PassId::Annotation => "annotation",
        }
    }
}

impl fmt::Display for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pass {}", self.number())
    }
}

/// Why a pass could not finish: the pass, and what it could not place or find. The
/// generator then retries with a derived seed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pass} {failure}")]
pub struct PassError {
    /// The pass that failed.
    pub pass: PassId,
    /// What it could not place or find.
    pub failure: PassFailure,
}

impl PassError {
    /// `pass` failed with `failure`.
    pub const fn new(pass: PassId, failure: PassFailure) -> Self {
        PassError { pass, failure }
    }
}

/// What a pass could not place or find. Each message names the cells involved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PassFailure {
    /// No draw of a primary beacon, entries and beacons kept every separation.
    #[error(
        "could not place {count} entries and {count} beacons \
         ({entry_candidates} entry candidates, {primary_candidates} primary beacon candidates)"
    )]
    EntriesAndBeacons {
        /// Entries, and beacons, the storey needs.
        count: usize,
        /// Wall cells that could have become an entry.
        entry_candidates: usize,
        /// Dead ends and corners that could have held the primary beacon.
        primary_candidates: usize,
    },
    /// The pass needs the primary beacon and no earlier pass placed one.
    #[error("needs a primary beacon and found none")]
    NoPrimaryBeacon,
    /// The pass needs rooms and no earlier pass made one.
    #[error("needs rooms and found none")]
    NoRooms,
    /// No corridor could join two cells without crossing a protected cell.
    #[error("found no corridor route from {from} to {to}")]
    CorridorRoute {
        /// Where the corridor starts (a room centre).
        from: Pos,
        /// Where it should end (a room centre or the primary beacon).
        to: Pos,
    },
    /// No EMPTY cell was far enough from every entry for the staircase.
    #[error("found no cell for the staircase")]
    Staircase,
    /// The forced staircase is walled in by protected cells.
    #[error("cannot join the forced staircase {at} to the floor")]
    StaircasePassage {
        /// The forced staircase cell.
        at: Pos,
    },
    /// The forced staircase cell already holds another special cell.
    #[error("cannot put the forced staircase on {at}, a {cell} cell")]
    StaircaseCellTaken {
        /// The forced staircase cell.
        at: Pos,
        /// What it holds.
        cell: CellType,
    },
    /// No EMPTY cell beside a WALL was left for a shaft.
    #[error("found no wall-side cell for shaft {number} of {SHAFT_COUNT}")]
    Shaft {
        /// Which shaft, from 1.
        number: usize,
    },
    /// An entry cannot reach the primary beacon.
    #[error("found no path from entry {entry} to beacon {beacon}")]
    EnemyPath {
        /// The entry.
        entry: Pos,
        /// The primary beacon.
        beacon: Pos,
    },
}

/// What a pass returns: `Ok` once its cells are placed.
pub type PassResult = Result<(), PassError>;

/// The storey under construction, handed from pass to pass.
#[derive(Clone, Debug)]
pub struct Draft {
    pub spec: Spec,
    pub grid: Grid,
    /// BSP leaves in X-midpoint order.
    pub partitions: Vec<Partition>,
    /// Rooms of the partitions that are not OOB, in the same order.
    pub rooms: Vec<Rect>,
    /// Cells that carving must never make walkable: what keeps each ENTRY an opening
    /// and the primary BEACON a dead end or corner.
    pub protected: Bits,
    /// OUT_OF_BOUNDS cells just outside an ENTRY; sealing leaves them open.
    pub mouths: Bits,
    pub entries: Vec<Pos>,
    pub beacons: Vec<Pos>,
    pub staircase: Option<Pos>,
    pub shafts: Vec<Pos>,
    pub enemy_paths: Vec<Vec<Pos>>,
    pub open_zone_count: u32,
}

impl Draft {
    /// An empty draft for `spec`; Pass 1 gives it its grid.
    pub fn new(spec: Spec) -> Self {
        let grid = Grid::new(spec.width, spec.height, CellType::OutOfBounds);
        Draft {
            spec,
            grid,
            partitions: Vec::new(),
            rooms: Vec::new(),
            protected: Bits::EMPTY,
            mouths: Bits::EMPTY,
            entries: Vec::new(),
            beacons: Vec::new(),
            staircase: None,
            shafts: Vec::new(),
            enemy_paths: Vec::new(),
            open_zone_count: 0,
        }
    }

    /// The grid's cells whose type satisfies `keep`, as a bitboard. Storey grids are at
    /// most `MAX_WIDTH` x `MAX_HEIGHT`, which a bitboard always holds.
    pub fn cells_of(&self, keep: impl Fn(CellType) -> bool) -> Bits {
        Bits::of(&self.grid, keep).expect("storey grids fit a bitboard")
    }

    /// True for cells off the outer ring, where carving may happen.
    #[inline]
    pub fn is_interior(&self, p: Pos) -> bool {
        self.grid.in_bounds(p) && !self.grid.on_edge(p)
    }

    #[inline]
    pub fn is_protected(&self, p: Pos) -> bool {
        self.protected.contains(p)
    }

    /// Whether carving may turn `p` into floor.
    #[inline]
    pub fn is_carvable(&self, p: Pos) -> bool {
        self.is_interior(p) && !self.protected.contains(p)
    }

    /// The cells carving may turn into floor: off the outer ring and not protected.
    pub fn carvable_cells(&self) -> Bits {
        let (w, h) = (self.grid.width(), self.grid.height());
        Bits::full(w, h)
            .minus(&Bits::edge_ring(w, h))
            .minus(&self.protected)
    }

    /// Turns every non-walkable cell of `cells` into EMPTY; special cells are kept.
    pub fn carve(&mut self, cells: impl IntoIterator<Item = Pos>) {
        for p in cells {
            if !self.grid.is_walkable(p) {
                debug_assert!(self.is_carvable(p), "carving protected or edge cell {p}");
                self.grid.set(p, CellType::Empty);
            }
        }
    }

    /// [`Draft::carve`] for every cell of `rect` (which must lie on the grid), a
    /// column slice at a time.
    pub fn carve_rect(&mut self, rect: Rect) {
        if rect.width <= 0 || rect.height <= 0 {
            return;
        }
        debug_assert!(
            self.grid.in_bounds(Pos::new(rect.x, rect.y))
                && self
                    .grid
                    .in_bounds(Pos::new(rect.right() - 1, rect.bottom() - 1)),
            "carving {rect:?} off the grid"
        );
        let h = self.grid.height() as usize;
        let (y0, y1) = (rect.y as usize, rect.bottom() as usize);
        let interior = if cfg!(debug_assertions) {
            self.carvable_cells()
        } else {
            Bits::EMPTY
        };
        for x in rect.x..rect.right() {
            let start = x as usize * h;
            for (y, cell) in (y0..).zip(&mut self.grid.cells_mut()[start + y0..start + y1]) {
                if !cell.is_walkable() {
                    debug_assert!(
                        interior.contains(Pos::new(x, y as i32)),
                        "carving protected or edge cell ({x}, {y})"
                    );
                    *cell = CellType::Empty;
                }
            }
        }
    }

    /// Walls in the walkable area: every OUT_OF_BOUNDS cell that touches (8-neighbour)
    /// a walkable cell other than an ENTRY becomes WALL, except the mouths outside
    /// entries. Afterwards no walkable cell but an ENTRY touches OUT_OF_BOUNDS.
    pub fn seal(&mut self) {
        let floor = self.cells_of(|t| t.is_walkable() && t != CellType::Entry);
        let outside = self.cells_of(|t| t == CellType::OutOfBounds);
        let walls = (outside & floor.spread8()).minus(&self.mouths);
        for p in walls.iter() {
            self.grid.set(p, CellType::Wall);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_error_message_names_the_pass_and_the_cells() {
        let e = PassError::new(
            PassId::Corridors,
            PassFailure::CorridorRoute {
                from: Pos::new(1, 2),
                to: Pos::new(1, 16),
            },
        );
        assert_eq!(
            e.to_string(),
            "Pass 2c found no corridor route from (1, 2) to (1, 16)"
        );
    }
}
