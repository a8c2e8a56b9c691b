//! Pass 4 — Path validation (read-only on cells).
//!
//! Reads: the finished grid, `entries`, the primary BEACON. Writes: `enemy_paths`, the
//! A* shortest path from each ENTRY (in order) to the primary BEACON. A missing path is
//! a generator bug upstream; it fails the attempt.

use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::pathfinding::find_paths;
use crate::rng::StoreyRng;

/// Pass 4.
pub const PASS: Pass = Pass {
    id: PassId::new("4", "path_validation"),
    run,
};

fn run(draft: &mut Draft, _rng: &mut StoreyRng) -> PassResult {
    let fail = |failure| PassError::new(PASS.id, failure);
    let primary = *draft
        .beacons
        .first()
        .ok_or(fail(PassFailure::NoPrimaryBeacon))?;
    draft.enemy_paths = find_paths(&draft.grid, &draft.entries, primary);
    match draft
        .entries
        .iter()
        .zip(&draft.enemy_paths)
        .find(|(_, p)| p.is_empty())
    {
        Some((&entry, _)) => Err(fail(PassFailure::EnemyPath {
            entry,
            beacon: primary,
        })),
        None => Ok(()),
    }
}
