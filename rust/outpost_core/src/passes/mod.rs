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

use crate::cell::{CellType, StoreyType};
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;

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
    pub protected: Vec<bool>,
    /// OUT_OF_BOUNDS cells just outside an ENTRY; sealing leaves them open.
    pub mouths: Vec<bool>,
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
        let n = grid.len();
        Draft {
            spec,
            grid,
            partitions: Vec::new(),
            rooms: Vec::new(),
            protected: vec![false; n],
            mouths: vec![false; n],
            entries: Vec::new(),
            beacons: Vec::new(),
            staircase: None,
            shafts: Vec::new(),
            enemy_paths: Vec::new(),
            open_zone_count: 0,
        }
    }

    /// True for cells off the outer ring, where carving may happen.
    #[inline]
    pub fn is_interior(&self, p: Pos) -> bool {
        self.grid.in_bounds(p) && !self.grid.on_edge(p)
    }

    #[inline]
    pub fn is_protected(&self, p: Pos) -> bool {
        self.grid.index(p).is_some_and(|i| self.protected[i])
    }

    /// Whether carving may turn `p` into floor.
    #[inline]
    pub fn is_carvable(&self, p: Pos) -> bool {
        !self.grid.on_edge(p) && self.grid.index(p).is_some_and(|i| !self.protected[i])
    }

    /// Whether a corridor may run through `p`: floor already, or carvable. The same as
    /// `is_carvable(p) || grid.is_walkable(p)` with one index computation.
    #[inline]
    pub fn is_corridor_cell(&self, p: Pos) -> bool {
        self.grid.index(p).is_some_and(|i| {
            self.grid.cells()[i].is_walkable() || (!self.grid.on_edge(p) && !self.protected[i])
        })
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

    /// Walls in the walkable area: every OUT_OF_BOUNDS cell that touches (8-neighbour)
    /// a walkable cell other than an ENTRY becomes WALL, except the mouths outside
    /// entries. Afterwards no walkable cell but an ENTRY touches OUT_OF_BOUNDS.
    pub fn seal(&mut self) {
        let (w, h) = (self.grid.width() as usize, self.grid.height() as usize);
        // Grids never exceed MAX_WIDTH x MAX_HEIGHT (28 x 20), well inside one u64 per column.
        assert!(
            w <= 64 && h <= 62,
            "seal() supports grids up to 64 x 62, got {w} x {h}"
        );
        // Column bitmasks (bit y = row y): floor that needs walling in, and the
        // OUT_OF_BOUNDS cells that may become WALL. A cell is walled when floor lies in
        // its 3 x 3 block.
        let (mut floor, mut outside) = ([0u64; 64], [0u64; 64]);
        for (x, column) in self.grid.cells().chunks_exact(h).enumerate() {
            for (y, &t) in column.iter().enumerate() {
                if t == CellType::OutOfBounds {
                    outside[x] |= 1 << y;
                } else if t.is_walkable() && t != CellType::Entry {
                    floor[x] |= 1 << y;
                }
            }
        }
        let spread = |m: u64| m | (m << 1) | (m >> 1);
        for x in 0..w {
            let mut near = spread(floor[x]);
            if x > 0 {
                near |= spread(floor[x - 1]);
            }
            if x + 1 < w {
                near |= spread(floor[x + 1]);
            }
            let mut hits = near & outside[x];
            while hits != 0 {
                let y = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let i = x * h + y;
                if !self.mouths[i] {
                    self.grid.cells_mut()[i] = CellType::Wall;
                }
            }
        }
    }
}
