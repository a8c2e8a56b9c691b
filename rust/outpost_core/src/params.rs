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

// The surface chunk around a building (`crate::surface`). The reference says only
// "Surface layer — simpler than storeys — one chunk, seeded salvage nodes"; every number
// here is this project's (docs/architecture.md, "The surface").
/// Columns of a surface chunk: larger than the largest storey (28), with room around the
/// largest ground floor (22 x 16 by default) for terrain and salvage.
pub const SURFACE_WIDTH: i32 = 48;
/// Rows of a surface chunk.
pub const SURFACE_HEIGHT: i32 = 48;
/// Least cells between the building's footprint (the ground floor's rectangle) and the
/// chunk's edge.
pub const FOOTPRINT_MARGIN: i32 = 6;
/// Width of the open walkway kept around the footprint (no rock, rubble or salvage).
pub const WALKWAY: i32 = 1;
/// Manhattan radius of the open ground kept in front of the door.
pub const DOOR_CLEARING: i32 = 3;
/// Chance, in percent, that a terrain cell starts as rock before smoothing.
pub const ROCK_PERCENT: u32 = 40;
/// Smoothing steps of the rock: a cell becomes rock with 5 or more rock neighbours of 8,
/// open with 3 or fewer (cellular automaton), so the rock gathers into outcrops.
pub const ROCK_SMOOTHING: u32 = 3;
/// Chance, in percent, that open ground beside rock is rubble (walkable debris).
pub const RUBBLE_PERCENT: u32 = 35;
/// Salvage nodes of a level-1 outpost's surface.
pub const SALVAGE_BASE: u32 = 5;
/// Salvage nodes added per outpost level above 1.
pub const SALVAGE_PER_LEVEL: u32 = 2;
/// Least Manhattan distance between two salvage nodes.
pub const MIN_SALVAGE_SEPARATION: u32 = 6;
/// Least Manhattan distance from the door to every salvage node.
pub const MIN_SALVAGE_DOOR_DIST: u32 = 6;
/// Smallest base amount of a salvage node (materials), before its kind's multiplier.
pub const SALVAGE_AMOUNT_MIN: u32 = 10;
/// Largest base amount of a salvage node.
pub const SALVAGE_AMOUNT_MAX: u32 = 30;

// Crowds (`nav`, `swarm`). The default kinds' tunables live with their types in
// `swarm::kind` (`DEFAULT_DRONE`, `DEFAULT_ALIEN`, `DEFAULT_KINDS`).
/// Most live agents one swarm holds; spawning past it is an error.
pub const MAX_AGENTS: usize = 10_000;

/// Most kinds one swarm's table holds ([`crate::swarm::Swarm::with_kinds`]).
pub const MAX_KINDS: usize = 16;

// Authored rooms (`crate::rooms`): the `.room` format's defaults and limits. The
// reference has no authored rooms; these numbers are this project's (docs/designer.md).
/// A room's share of the draws when its file gives no `weight` (Dungeon Crawl's default).
pub const DEFAULT_ROOM_WEIGHT: u32 = 10;
/// Largest `weight` a room may give.
pub const MAX_ROOM_WEIGHT: u32 = 1_000_000;
/// Percent of eligible storeys that try a room whose file gives no `chance`.
pub const DEFAULT_ROOM_CHANCE: u32 = 100;
/// Most copies of one room a storey may hold (`count`'s largest maximum).
pub const MAX_ROOM_COUNT: u32 = 64;
/// Longest room name.
pub const MAX_ROOM_NAME_LEN: usize = 40;
/// Largest `.room` file.
pub const MAX_ROOM_FILE_BYTES: usize = 64 * 1024;
/// Most `.room` files in one set.
pub const MAX_ROOM_FILES: usize = 1000;
/// The name of the room the game's RECLAIM console stands in ("RECLAIM prompt in
/// underground control room", the reference's list of what is not built yet). A template
/// of this name must be required exactly once on UNDERGROUND storeys and hold exactly one
/// [`CONSOLE_MARKER`].
pub const CONTROL_ROOM: &str = "control_room";
/// The marker letter of the console's cell in the [`CONTROL_ROOM`].
pub const CONSOLE_MARKER: char = 'c';
/// The deepest UPPER_FLOOR a building makes (`MAX_STOREYS`: its top floor).
pub const DEEPEST_UPPER_FLOOR: u32 = MAX_STOREYS as u32;
/// The deepest UNDERGROUND a building makes (`MAX_STOREYS + 1`: it sits below the
/// ground floor at the depth after the top floor's).
pub const DEEPEST_UNDERGROUND: u32 = MAX_STOREYS as u32 + 1;
