//! Pass 5 — Annotation.
//!
//! Reads: the finished grid. Writes: `open_zone_count`, the number of distinct walkable
//! regions (flood fill); 1 is a healthy storey.

use super::{Draft, Pass, PassId, PassResult};
use crate::pathfinding::count_open_zones;
use crate::rng::StoreyRng;

/// Pass 5.
pub const PASS: Pass = Pass {
    id: PassId::new("5", "annotation"),
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every pass has the pipeline table's signature"
)]
fn run(draft: &mut Draft, _rng: &mut StoreyRng) -> PassResult {
    draft.open_zone_count = count_open_zones(&draft.grid);
    Ok(())
}
