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

/// Why a pass could not finish; the generator retries with a derived seed.
pub type PassResult = Result<(), String>;

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
