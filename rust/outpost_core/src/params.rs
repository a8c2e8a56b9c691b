//! Every tunable of the generator, named as in the reference (without GDScript's
//! leading underscore) and kept in this one place.

/// World units per cell edge.
pub const CELL_SIZE: f32 = 1.0;

// Grid bounds after the storey-type adjustment.
/// Narrowest grid.
pub const MIN_WIDTH: i32 = 16;
/// Widest grid.
pub const MAX_WIDTH: i32 = 28;
/// Shortest grid.
pub const MIN_HEIGHT: i32 = 10;
/// Tallest grid.
pub const MAX_HEIGHT: i32 = 20;

// Dimension formula (Pass 1), before the storey-type adjustment and the clamp:
// `width  = BASE_WIDTH  + WIDTH_PER_DEPTH  * (depth - 1) + WIDTH_PER_LEVEL  * (level - 1)`,
// `height = BASE_HEIGHT + HEIGHT_PER_DEPTH * (depth - 1) + HEIGHT_PER_LEVEL * (level - 1)`.
/// Width at depth 1, level 1, before the adjustment.
pub const BASE_WIDTH: i32 = 18;
/// Width added per storey depth.
pub const WIDTH_PER_DEPTH: i32 = 2;
/// Width added per outpost level.
pub const WIDTH_PER_LEVEL: i32 = 2;
/// Height at depth 1, level 1, before the adjustment.
pub const BASE_HEIGHT: i32 = 11;
/// Height added per storey depth.
pub const HEIGHT_PER_DEPTH: i32 = 1;
/// Height added per outpost level.
pub const HEIGHT_PER_LEVEL: i32 = 2;

/// Shallowest storey depth (depths are 1-based).
pub const MIN_STOREY_DEPTH: i64 = 1;
/// Deepest storey depth; depths beyond the size formula's maximum give the largest grid.
pub const MAX_STOREY_DEPTH: i64 = u32::MAX as i64;
/// Deepest storey the tools survey: the Seed Inspector's depth slider and the editor
/// preview (the reference's debug inspector offers depths 1-6), the CLI's sweep and the
/// test corpora. Over 1..=6 every ENTRY/BEACON count and most grid sizes occur.
pub const INSPECTOR_MAX_STOREY_DEPTH: i64 = 6;

/// Lowest outpost level.
pub const MIN_OUTPOST_LEVEL: i64 = 1;
/// Highest outpost level.
pub const MAX_OUTPOST_LEVEL: i64 = 4;

/// Fewest storeys a building may have above ground.
pub const MIN_STOREYS: i64 = 1;
/// Most storeys a building may have above ground.
pub const MAX_STOREYS: i64 = 64;

/// Minimum cells on each axis of a BSP partition. The most important parameter: do not
/// raise above 4 (rectangular output) or lower to 2 (maze-like).
pub const MIN_PARTITION: i32 = 3;
/// Each room is inset this many cells from its partition; the border becomes WALL.
pub const ROOM_SHRINK: i32 = 1;
/// BSP splits the longer axis when it exceeds the other by this ratio (num/den);
/// otherwise the axis is chosen at random.
pub const SPLIT_RATIO: (i32, i32) = (5, 4);
/// Partitions that never go OOB, counted from the left in X-midpoint order (room for
/// entries).
pub const PROTECTED_LEFT: usize = 2;
/// Partitions that never go OOB, counted from the right (room for the beacon).
pub const PROTECTED_RIGHT: usize = 1;

// Manhattan separations enforced by Passes 2b and 3.
/// Least distance from every ENTRY to every BEACON.
pub const MIN_ENTRY_BEACON_DIST: u32 = 6;
/// Least distance between two ENTRY cells.
pub const MIN_ENTRY_SEPARATION: u32 = 5;
/// Least distance from every ENTRY to the STAIRCASE.
pub const MIN_ENTRY_STAIR_DIST: u32 = 4;
/// Least distance between two BEACON cells.
pub const MIN_BEACON_SEPARATION: u32 = 5;
/// Least distance between the two SHAFT cells.
pub const MIN_SHAFT_SEPARATION: u32 = 4;

// The ENTRANCE of a GROUND_FLOOR (Pass 6): the reference names the cell ("CellType
// ENTRANCE or DOOR on ground floor boundary") but no distances. The door is an opening
// in the outer wall like an ENTRY, so it keeps the distances an ENTRY keeps from another
// ENTRY (MIN_ENTRY_SEPARATION) and from the STAIRCASE (MIN_ENTRY_STAIR_DIST).
/// Least Manhattan distance from the ENTRANCE to every ENTRY: Genesis does not walk in
/// where the drones come in (as MIN_ENTRY_SEPARATION).
pub const MIN_ENTRANCE_ENTRY_DIST: u32 = MIN_ENTRY_SEPARATION;
/// Least Manhattan distance from the ENTRANCE to every BEACON: no beacon is restored
/// from the doorstep (as MIN_ENTRY_STAIR_DIST).
pub const MIN_ENTRANCE_BEACON_DIST: u32 = MIN_ENTRY_STAIR_DIST;

/// Exactly this many SHAFT cells per storey.
pub const SHAFT_COUNT: usize = 2;

/// Full placements Pass 2b may draw before it gives up on a partition layout.
pub const PLACEMENT_ATTEMPTS: u32 = 24;

/// Generation attempts before the generator reports failure.
pub const MAX_RETRIES: u32 = 10;

/// Number of ENTRY cells, and of BEACON cells, for a storey depth: 1, 2 (depth 2-3), 3 (4+).
pub const fn special_count(storey_depth: u32) -> usize {
    match storey_depth {
        0 | 1 => 1,
        2 | 3 => 2,
        _ => 3,
    }
}

/// Per-StoreyType generation parameters (the reference's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreyTypeParams {
    /// Chance, in percent, that an unprotected perimeter partition stays OUT_OF_BOUNDS.
    pub oob_percent: u32,
    /// Width of room-to-room corridors in cells.
    pub corridor_width: i32,
    /// Cells taken off the base width.
    pub width_adjust: i32,
    /// Cells taken off the base height.
    pub height_adjust: i32,
}

/// The reference's table, indexed by `StoreyType` value: OOB 35% / 0% / 55%, corridors
/// 2 / 2 / 1, adjustment -2w -1h / -2w -1h / none.
pub const STOREY_TYPE_PARAMS: [StoreyTypeParams; 3] = [
    // GROUND_FLOOR
    StoreyTypeParams {
        oob_percent: 35,
        corridor_width: 2,
        width_adjust: 2,
        height_adjust: 1,
    },
    // UPPER_FLOOR
    StoreyTypeParams {
        oob_percent: 0,
        corridor_width: 2,
        width_adjust: 2,
        height_adjust: 1,
    },
    // UNDERGROUND
    StoreyTypeParams {
        oob_percent: 55,
        corridor_width: 1,
        width_adjust: 0,
        height_adjust: 0,
    },
];

// Crowds (`nav`, `swarm`). The default kinds' tunables live with their types in
// `swarm::kind` (`DEFAULT_DRONE`, `DEFAULT_ALIEN`, `DEFAULT_KINDS`).
/// Most live agents one swarm holds; spawning past it is an error.
pub const MAX_AGENTS: usize = 10_000;

/// Most kinds one swarm's table holds ([`crate::swarm::Swarm::with_kinds`]).
pub const MAX_KINDS: usize = 16;
