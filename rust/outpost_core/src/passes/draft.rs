//! The storey under construction, its validated inputs, and the finished layout it
//! becomes.

use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use crate::layout::StoreyLayout;
use crate::rooms::{PlacedRoom, RoomSet, RoomTry};
use crate::settings::Tuning;

/// Validated generation inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    /// The checked settings every pass reads. Their ranges keep every grid within a
    /// bitboard (`Draft::cells_of`).
    pub(crate) tuning: Tuning,
    pub(crate) storey_type: StoreyType,
    pub(crate) storey_depth: u32,
    pub(crate) outpost_level: u32,
    pub(crate) forced_staircase: Option<Pos>,
    /// The room set the rooms pass places from, if any.
    pub(crate) rooms: Option<RoomsSpec>,
}

/// The rooms a storey may hold: a set, and the templates of it a building has already
/// used up (`unique: building`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoomsSpec {
    pub(crate) set: RoomSet,
    /// Indices (in the set) of templates this storey may not hold.
    pub(crate) excluded: Vec<usize>,
    /// Whether the storey is part of a building, where `unique: building` holds (a
    /// single storey ignores it).
    pub(crate) building: bool,
}

/// A BSP leaf of Pass 2a and whether it stayed OUT_OF_BOUNDS (a
/// [`crate::GenerationReport`] lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    /// The leaf's rectangle; the leaves tile the grid.
    pub rect: Rect,
    /// Whether the whole leaf stayed OUT_OF_BOUNDS (otherwise it holds a WALL border
    /// around its room, unless it is too small for one).
    pub oob: bool,
}

/// The storey under construction, handed from pass to pass. Its contents are private
/// to the passes.
#[derive(Clone, Debug)]
pub struct Draft {
    pub(crate) spec: Spec,
    /// The seed this attempt runs with (Pass 6 derives its own stream from it).
    pub(crate) seed: i64,
    /// Empty until Pass 1 sizes it.
    pub(crate) grid: Grid,
    /// BSP leaves in X-midpoint order.
    pub(crate) partitions: Vec<Partition>,
    /// Rooms of the partitions that are not OOB, in the same order.
    pub(crate) rooms: Vec<Rect>,
    /// Cells that carving must never make walkable: what keeps each ENTRY an opening
    /// and the primary BEACON a dead end or corner.
    pub(crate) protected: Bits,
    /// OUT_OF_BOUNDS cells just outside an ENTRY; sealing leaves them open.
    pub(crate) mouths: Bits,
    pub(crate) entries: Vec<Pos>,
    pub(crate) beacons: Vec<Pos>,
    pub(crate) staircase: Option<Pos>,
    pub(crate) shafts: Vec<Pos>,
    /// The ENTRANCE of a GROUND_FLOOR (Pass 6).
    pub(crate) entrance: Option<Pos>,
    pub(crate) enemy_paths: Vec<Vec<Pos>>,
    pub(crate) open_zone_count: u32,
    /// What the rooms pass placed (all empty without rooms).
    pub(crate) placed: PlacedCells,
}

/// What the rooms pass leaves to the later passes.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlacedCells {
    /// Every cell of every placed room's footprint: no corridor runs through them, no
    /// later pass carves them or puts a special cell on them.
    pub(crate) footprints: Bits,
    /// Each doorway's outside cell, in placement order: joined by a corridor, never an
    /// ENTRY, a mouth or a protected cell.
    pub(crate) outsides: Vec<Pos>,
    /// The same cells as a set.
    pub(crate) outside_bits: Bits,
    /// The rooms' BEACON cells, in placement order (they follow the primary).
    pub(crate) beacons: Vec<Pos>,
    /// The rooms' SHAFT cells, in placement order (Pass 3 adds the rest).
    pub(crate) shafts: Vec<Pos>,
    /// The rooms, in placement order.
    pub(crate) rooms: Vec<PlacedRoom>,
    /// What the pass did with each eligible template.
    pub(crate) tries: Vec<RoomTry>,
}

impl PlacedCells {
    /// Whether any room was placed.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        !self.rooms.is_empty()
    }
}

impl Draft {
    /// A draft for `spec` of an attempt with `seed`, with nothing in it yet; Pass 1 gives
    /// it its grid.
    pub(crate) fn new(spec: Spec, seed: i64) -> Self {
        Draft {
            spec,
            seed,
            grid: Grid::empty(),
            partitions: Vec::new(),
            rooms: Vec::new(),
            protected: Bits::EMPTY,
            mouths: Bits::EMPTY,
            entries: Vec::new(),
            beacons: Vec::new(),
            staircase: None,
            shafts: Vec::new(),
            entrance: None,
            enemy_paths: Vec::new(),
            open_zone_count: 0,
            placed: PlacedCells::default(),
        }
    }

    /// The grid's cells whose type satisfies `keep`, as a bitboard. Storey grids are at
    /// most `max_width` x `max_height` of the settings, which a bitboard always holds.
    pub(crate) fn cells_of(&self, keep: impl Fn(CellType) -> bool) -> Bits {
        Bits::of(&self.grid, keep)
    }

    /// True for cells off the outer ring, where carving may happen.
    #[inline]
    pub(crate) fn is_interior(&self, p: Pos) -> bool {
        self.grid.in_bounds(p) && !self.grid.on_edge(p)
    }

    /// The finished layout. `seed_value` is the seed this attempt ran with.
    pub(crate) fn into_layout(self, seed: i64) -> StoreyLayout {
        let Draft {
            spec,
            grid,
            rooms,
            entries,
            beacons,
            staircase,
            shafts,
            entrance,
            enemy_paths,
            open_zone_count,
            placed,
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
            entrance_cell: entrance,
            enemy_path: enemy_paths.first().cloned().unwrap_or_default(),
            enemy_paths,
            open_zone_count,
            rooms,
            placed_rooms: placed.rooms,
            generation_attempts: 1,
        }
    }
}
