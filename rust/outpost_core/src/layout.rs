//! `StoreyLayout`: the data contract between the generator and everything that reads a
//! storey (renderer, spawner, game). Pure data plus read-only helpers.

use crate::ascii;
use crate::cell::{CellType, StoreyType, path_overlay_applies};
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use crate::params::CELL_SIZE;
use crate::rooms::PlacedRoom;
use serde::{Deserialize, Serialize};

/// One generated storey. Field names are the reference's; JSON is the serde form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreyLayout {
    /// The caller's seed (retries use derived seeds but keep this one).
    pub seed_value: i64,
    /// GROUND_FLOOR, UPPER_FLOOR or UNDERGROUND.
    pub storey_type: StoreyType,
    /// The generator's depth parameter (1-based): larger grids and more entries and
    /// beacons as it grows. In a building the storeys above ground have depths 1, 2, ...
    /// from the ground floor up, and an UNDERGROUND storey the next depth after them.
    pub storey_depth: u32,
    /// 1..=4.
    pub outpost_level: u32,
    /// Grid columns.
    pub width: i32,
    /// Grid rows.
    pub height: i32,
    /// `cells[x][y]`.
    pub cells: Grid,
    /// ENTRY positions, 1-3 by depth.
    pub entry_cells: Vec<Pos>,
    /// BEACON positions, 1-3 by depth; the first is the primary.
    pub beacon_cells: Vec<Pos>,
    /// `beacon_cells[0]`: a dead end or a corner.
    pub primary_beacon: Pos,
    /// Exactly two SHAFT positions.
    pub shaft_cells: Vec<Pos>,
    /// The single STAIRCASE position.
    pub staircase_cell: Pos,
    /// The ENTRANCE of a GROUND_FLOOR (the player's door); `None` on every other
    /// storey. Left out of the JSON when `None`, so the JSON of other storeys is what it
    /// was before the ENTRANCE existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entrance_cell: Option<Pos>,
    /// Shortest path from the first entry to the primary beacon.
    pub enemy_path: Vec<Pos>,
    /// One shortest path per entry, in `entry_cells` order, each ending at the primary beacon.
    pub enemy_paths: Vec<Vec<Pos>>,
    /// Number of connected walkable regions (1 when healthy).
    pub open_zone_count: u32,
    /// Room rectangles after the inset, in BSP order (left to right by X midpoint).
    pub rooms: Vec<Rect>,
    /// The authored rooms placed in the storey, in placement order (required ones first,
    /// then the optional ones as drawn). Left out of the JSON when empty, so the JSON of
    /// a storey generated without rooms is what it was before rooms existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placed_rooms: Vec<PlacedRoom>,
    /// Generation attempts used (1 unless a retry was needed).
    pub generation_attempts: u32,
}

impl StoreyLayout {
    /// Whether (x, y) is a cell of the grid.
    pub fn in_bounds(&self, x: i32, y: i32) -> bool {
        self.cells.in_bounds(Pos::new(x, y))
    }

    /// The cell at (x, y); OUT_OF_BOUNDS off the grid.
    pub fn get_cell(&self, x: i32, y: i32) -> CellType {
        self.cells.get(Pos::new(x, y))
    }

    /// Whether the cell at (x, y) is walkable (false off the grid).
    pub fn is_walkable(&self, x: i32, y: i32) -> bool {
        self.get_cell(x, y).is_walkable()
    }

    /// World position of the cell's top-left corner: `(x * CELL_SIZE, 0, y * CELL_SIZE)`.
    pub fn cell_world_position(x: i32, y: i32) -> [f32; 3] {
        [x as f32 * CELL_SIZE, 0.0, y as f32 * CELL_SIZE]
    }

    /// World position of the cell's centre: `(x * CELL_SIZE + 0.5, 0, y * CELL_SIZE + 0.5)`.
    pub fn cell_centre(x: i32, y: i32) -> [f32; 3] {
        let half = CELL_SIZE * 0.5;
        [
            x as f32 * CELL_SIZE + half,
            0.0,
            y as f32 * CELL_SIZE + half,
        ]
    }

    /// The cell outside the ENTRANCE, straight across from its floor cell: where the door
    /// leads (off the grid, or an OUT_OF_BOUNDS cell joined to the grid's edge). `None`
    /// without an ENTRANCE or if `entrance_cell` is no doorway (a layout that breaks the
    /// `entrance_opening` rule).
    pub fn entrance_outside(&self) -> Option<Pos> {
        let cell = self.entrance_cell?;
        let outside = crate::doorway::outside_cells(&self.cells);
        crate::doorway::doorway(&self.cells, &outside, cell).map(|(_, across)| across)
    }

    /// The grid as ASCII (see [`crate::ascii`]).
    pub fn to_ascii(&self) -> String {
        ascii::render(&self.cells)
    }

    /// The grid as ASCII with `enemy_paths` drawn as the PATH overlay.
    pub fn to_ascii_with_paths(&self) -> String {
        let all: Vec<Pos> = self.enemy_paths.iter().flatten().copied().collect();
        ascii::render_with_path(&self.cells, &all)
    }

    /// The cells the PATH overlay covers: every cell of `enemy_paths` except ENTRY,
    /// BEACON, SHAFT and STAIRCASE (whose own colours stay visible, see
    /// [`path_overlay_applies`]), each once, column by column.
    pub fn path_overlay_cells(&self) -> Vec<Pos> {
        let mut on_path = vec![false; self.cells.len()];
        for i in self
            .enemy_paths
            .iter()
            .flatten()
            .filter_map(|&p| self.cells.index(p))
        {
            on_path[i] = true;
        }
        self.cells
            .iter()
            .zip(on_path)
            .filter(|&((_, t), on)| on && path_overlay_applies(t))
            .map(|((p, _), _)| p)
            .collect()
    }

    /// Number of cells of each type, indexed by the type's value (index 7, the `PATH`
    /// overlay, is always 0).
    pub fn cell_counts(&self) -> [usize; CellType::VALUES] {
        let mut counts = [0; CellType::VALUES];
        for &t in self.cells.cells() {
            counts[t as usize] += 1;
        }
        counts
    }
}
