//! Hand edits of a generated storey: after its grid was painted, the fields the passes
//! derive from the grid are derived again the same way, so that [`crate::validate_all`]
//! judges the edit and not stale lists.
//!
//! Reads: the edited grid and the lists as they were before the edit. Writes: the ENTRY,
//! BEACON and SHAFT lists (cells still there keep their order, new ones follow in storage
//! order), `primary_beacon` (the first beacon), `staircase_cell`, `entrance_cell`, the
//! enemy paths (Pass 4's shortest paths) and `open_zone_count` (Pass 5's count). The BSP
//! rooms and the placed authored rooms are left as generated: the validator says when an
//! edit broke a placed room.

use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::layout::StoreyLayout;
use crate::pathfinding::{count_open_zones, find_paths};

impl StoreyLayout {
    /// Sets the cell at `p` to `t` (nothing off the grid); call [`Self::rederive`] once a
    /// stroke of edits is done.
    pub fn paint(&mut self, p: Pos, t: CellType) {
        if self.cells.in_bounds(p) {
            self.cells.set(p, t);
        }
    }

    /// Derives the lists, the primary beacon, the staircase, the entrance, the enemy
    /// paths and the open zones from the grid again (see the module's documentation).
    /// A layout the generator made and nobody edited is left exactly as it was.
    ///
    /// With no STAIRCASE left the old `staircase_cell` stays (and the validator names the
    /// difference); with no BEACON left the old `primary_beacon` stays.
    pub fn rederive(&mut self) {
        keep_then_append(&mut self.entry_cells, &self.cells, CellType::Entry);
        keep_then_append(&mut self.beacon_cells, &self.cells, CellType::Beacon);
        keep_then_append(&mut self.shaft_cells, &self.cells, CellType::Shaft);
        if let Some(&first) = self.beacon_cells.first() {
            self.primary_beacon = first;
        }
        if self.cells.get(self.staircase_cell) != CellType::Staircase
            && let Some(stair) = self.cells.positions_of(CellType::Staircase).next()
        {
            self.staircase_cell = stair;
        }
        self.entrance_cell = match self.entrance_cell {
            Some(door) if self.cells.get(door) == CellType::Entrance => Some(door),
            _ => self.cells.positions_of(CellType::Entrance).next(),
        };
        self.enemy_paths = find_paths(&self.cells, &self.entry_cells, self.primary_beacon);
        self.enemy_path = self.enemy_paths.first().cloned().unwrap_or_default();
        self.open_zone_count = count_open_zones(&self.cells);
    }
}

/// Keeps the cells of `list` that are still of type `t`, in their order, then appends
/// the grid's other cells of type `t` in storage order.
fn keep_then_append(list: &mut Vec<Pos>, grid: &Grid, t: CellType) {
    list.retain(|&p| grid.get(p) == t);
    let new: Vec<Pos> = grid.positions_of(t).filter(|p| !list.contains(p)).collect();
    list.extend(new);
}
