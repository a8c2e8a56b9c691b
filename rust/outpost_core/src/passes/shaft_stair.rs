//! Pass 3 — STAIRCASE and SHAFT placement.
//!
//! Reads: the carved grid, `entries`, the forced staircase, protected cells, the authored
//! rooms' footprints and SHAFT cells. Writes: the STAIRCASE cell (`staircase`), SHAFT
//! cells (`shafts`: the rooms' first, then the pass's, two in all), and, for a
//! forced staircase on a WALL or OUT_OF_BOUNDS cell, the one-cell passage that joins it
//! to the nearest floor, walled in.
//!
//! The staircase is placed first (so carving for a forced one cannot take the wall away
//! from a shaft): a random EMPTY cell at least `min_entry_stair_dist` from every ENTRY,
//! preferring cells with floor on all four sides. Shafts go on EMPTY cells that touch a
//! WALL, `min_shaft_separation` apart (the settings' distances). Neither goes on an
//! authored room's footprint. Candidate cells are drawn in storage order
//! (column by column), so a draw of index k picks the k-th candidate.

use super::carve::{carvable, carve, seal};
use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::params::SHAFT_COUNT;
use crate::pathfinding;
use crate::rng::StoreyRng;

/// Pass 3.
pub const PASS: Pass = Pass {
    id: PassId::new("3", "shaft_stair"),
    run,
};

fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let stair = match draft.spec.forced_staircase {
        Some(f) => place_forced_staircase(draft, f)?,
        None => choose_staircase(draft, rng)?,
    };
    draft.staircase = Some(stair);

    let (empty, wall) = Bits::of2(
        &draft.grid,
        |t| t == CellType::Empty,
        |t| t == CellType::Wall,
    );
    let mut pool = (empty & wall.spread4()).minus(&draft.placed.footprints);
    let separation = draft.spec.tuning.min_shaft_separation as i32;
    draft.shafts.clone_from(&draft.placed.shafts);
    for &s in &draft.placed.shafts {
        pool = pool.minus(&Bits::diamond(s, separation - 1));
    }
    for k in draft.shafts.len()..SHAFT_COUNT {
        let shaft = draw(rng, &pool).ok_or(fail(PassFailure::Shaft { number: k + 1 }))?;
        draft.grid.set(shaft, CellType::Shaft);
        draft.shafts.push(shaft);
        pool = pool.minus(&Bits::diamond(shaft, separation - 1));
    }
    Ok(())
}

fn fail(failure: PassFailure) -> PassError {
    PassError::new(PASS.id, failure)
}

/// A uniformly drawn cell of `pool`, or `None` if it is empty.
fn draw(rng: &mut StoreyRng, pool: &Bits) -> Option<Pos> {
    let n = pool.len();
    (n > 0).then(|| pool.nth(rng.below(n))).flatten()
}

fn choose_staircase(draft: &mut Draft, rng: &mut StoreyRng) -> Result<Pos, PassError> {
    // EMPTY cells far enough from every entry, and those of them with floor all round.
    let mut near_entries = Bits::EMPTY;
    let radius = draft.spec.tuning.min_entry_stair_dist as i32 - 1;
    for &e in &draft.entries {
        near_entries |= Bits::diamond(e, radius);
    }
    let (empty, walkable) = Bits::of2(&draft.grid, |t| t == CellType::Empty, CellType::is_walkable);
    let far = empty.minus(&near_entries).minus(&draft.placed.footprints);
    let open = far & walkable.surrounded();
    let stair = draw(rng, if open.is_empty() { &far } else { &open })
        .ok_or(fail(PassFailure::Staircase))?;
    draft.grid.set(stair, CellType::Staircase);
    Ok(stair)
}

/// Puts the STAIRCASE on `f`; if `f` was not floor, carves the shortest passage to the
/// nearest floor around protected cells and walls it in.
fn place_forced_staircase(draft: &mut Draft, f: Pos) -> Result<Pos, PassError> {
    match draft.grid.get(f) {
        CellType::Empty => {}
        CellType::Wall | CellType::OutOfBounds => {
            let floor = draft
                .cells_of(CellType::is_walkable)
                .minus(&draft.placed.footprints);
            let allowed = carvable(&draft.grid, &draft.protected);
            let passage = pathfinding::route(&draft.grid, f, &allowed, &floor)
                .ok_or(fail(PassFailure::StaircasePassage { at: f }))?;
            draft.grid.set(f, CellType::Staircase);
            let inner = passage.len().saturating_sub(1);
            carve(&mut draft.grid, passage[1..inner].iter().copied(), &allowed);
            seal(&mut draft.grid, &draft.mouths);
        }
        cell => return Err(fail(PassFailure::StaircaseCellTaken { at: f, cell })),
    }
    draft.grid.set(f, CellType::Staircase);
    Ok(f)
}
