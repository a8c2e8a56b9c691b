//! Pass 6 — ENTRANCE, the player's door of a GROUND_FLOOR (not one of the reference's
//! passes: its "Building entrance cell type" row, built after them).
//!
//! Reads: the finished grid, `entries`, `beacons`, the storey type and the attempt's seed.
//! Writes: one WALL cell becomes ENTRANCE, and `entrance`. On UPPER_FLOOR and UNDERGROUND
//! storeys it does nothing at all.
//!
//! The candidates are the WALL cells that are doorways ([`crate::doorway`]: exactly one
//! walkable 4-neighbour, EMPTY, with the outside straight across from it), at least
//! `min_entrance_entry_dist` from every ENTRY and `min_entrance_beacon_dist` from every
//! BEACON (Manhattan), and off every authored room's footprint. One is drawn uniformly,
//! in the grid's storage order.
//!
//! **Its own RNG.** The pass never draws from the storey's RNG handed to it: it draws
//! from a ChaCha8 stream of its own, seeded with `derive_seed(attempt seed,
//! ENTRANCE_STREAM)`. So no earlier draw changes and every other cell of every layout is
//! what the five passes made: UPPER_FLOOR and UNDERGROUND storeys are byte for byte
//! those of before the ENTRANCE existed, and a GROUND_FLOOR differs only in its ENTRANCE
//! cell. A door changes nothing else either: it is a dead end (one walkable neighbour),
//! so no shortest enemy path runs through it and the storey stays one region; its floor
//! cell is EMPTY, so no SHAFT loses its wall and no BEACON its corner.
//!
//! If no wall qualifies the pass fails ([`PassFailure::Entrance`]) and the generator
//! retries with a derived seed, as for any pass (the whole storey then changes). With the
//! default settings no layout of the sweep needs it (docs/architecture.md gives the
//! sweep); only settings that demand far-apart doors make it happen.

use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::doorway::{doorway_with, outside_bits};
use crate::geometry::Pos;
use crate::rng::{ENTRANCE_STREAM, StoreyRng, derive_seed};

/// Pass 6.
pub const PASS: Pass = Pass {
    id: PassId::new("6", "entrance"),
    run,
};

fn run(draft: &mut Draft, _storey_rng: &mut StoreyRng) -> PassResult {
    if draft.spec.storey_type != StoreyType::GroundFloor {
        return Ok(());
    }
    let candidates = candidates(draft);
    let mut rng = StoreyRng::new(derive_seed(draft.seed, ENTRANCE_STREAM));
    let Some(cell) = rng.pick(&candidates) else {
        return Err(PassError::new(PASS.id, PassFailure::Entrance));
    };
    draft.grid.set(cell, CellType::Entrance);
    draft.entrance = Some(cell);
    Ok(())
}

/// Every WALL cell that may become the ENTRANCE, in storage order. The outside (the
/// OUT_OF_BOUNDS cells joined to the grid's edge) is flooded on bitboards, and only walls
/// on the edge or beside it are tried as doorways.
pub(crate) fn candidates(draft: &Draft) -> Vec<Pos> {
    let t = &draft.spec.tuning;
    let grid = &draft.grid;
    let (oob, wall) = Bits::of2(
        grid,
        |c| c == CellType::OutOfBounds,
        |c| c == CellType::Wall,
    );
    let edge = Bits::edge_ring(grid.width(), grid.height());
    let outside = outside_bits(&oob, grid.width(), grid.height());
    let is_outside = |p: Pos| !grid.in_bounds(p) || outside.contains(p);
    ((outside.spread4() | edge) & wall)
        .minus(&draft.placed.footprints)
        .iter()
        .filter(|&p| {
            draft
                .entries
                .iter()
                .all(|&e| p.manhattan(e) >= t.min_entrance_entry_dist)
                && draft
                    .beacons
                    .iter()
                    .all(|&b| p.manhattan(b) >= t.min_entrance_beacon_dist)
                && doorway_with(grid, p, is_outside).is_some()
        })
        .collect()
}
