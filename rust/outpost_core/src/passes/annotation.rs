//! Pass 5 — Annotation.
//!
//! Reads: the finished grid. Writes: `open_zone_count`, the number of distinct walkable
//! regions (flood fill); 1 is a healthy storey.

use super::Draft;
use crate::pathfinding::count_open_zones;

pub fn run(draft: &mut Draft) {
    draft.open_zone_count = count_open_zones(&draft.grid);
}
