//! The storey under construction, its validated inputs, and the finished layout it
//! becomes.

use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use crate::layout::StoreyLayout;

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
    pub forced_staircase: Option<Pos>,
}

/// A BSP leaf and whether it stayed OUT_OF_BOUNDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub rect: Rect,
    pub oob: bool,
}

/// The storey under construction, handed from pass to pass.
#[derive(Clone, Debug)]
pub struct Draft {
    pub spec: Spec,
    /// Empty until Pass 1 sizes it.
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
    /// A draft for `spec` with nothing in it yet; Pass 1 gives it its grid.
    pub fn new(spec: Spec) -> Self {
        Draft {
            spec,
            grid: Grid::empty(),
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

    /// The finished layout. `seed_value` is the seed this attempt ran with.
    pub fn into_layout(self, seed: i64) -> StoreyLayout {
        let Draft {
            spec,
            grid,
            rooms,
            entries,
            beacons,
            staircase,
            shafts,
            enemy_paths,
            open_zone_count,
            ..
        } = self;
        StoreyLayout {
            seed_value: seed,
            storey_type: spec.storey_type,
            storey_depth: spec.storey_depth,
            outpost_level: spec.outpost_level,
            width: grid.width(),
            height: grid.height(),
            cells: grid,
            primary_beacon: beacons.first().copied().unwrap_or(Pos::new(-1, -1)),
            entry_cells: entries,
            beacon_cells: beacons,
            shaft_cells: shafts,
            staircase_cell: staircase.unwrap_or(Pos::new(-1, -1)),
            enemy_path: enemy_paths.first().cloned().unwrap_or_default(),
            enemy_paths,
            open_zone_count,
            rooms,
            generation_attempts: 1,
        }
    }
}
