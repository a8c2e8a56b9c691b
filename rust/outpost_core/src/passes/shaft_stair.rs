//! Pass 3 — STAIRCASE and SHAFT placement.
//!
//! Reads: the carved grid, `entries`, the forced staircase, protected cells.
//! Writes: the STAIRCASE cell (`staircase`), two SHAFT cells (`shafts`), and, for a
//! forced staircase on a WALL or OUT_OF_BOUNDS cell, the one-cell passage that joins it
//! to the nearest floor, walled in.
//!
//! The staircase is placed first (so carving for a forced one cannot take the wall away
//! from a shaft): a random EMPTY cell at least `MIN_ENTRY_STAIR_DIST` from every ENTRY,
//! preferring cells with floor on all four sides. Shafts go on EMPTY cells that touch a
//! WALL, `MIN_SHAFT_SEPARATION` apart.

use super::{Draft, PassResult};
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::params::*;
use crate::pathfinding;
use crate::rng::StoreyRng;

pub fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let stair = match draft.spec.forced_staircase {
        Some(f) => place_forced_staircase(draft, f)?,
        None => choose_staircase(draft, rng)?,
    };
    draft.staircase = Some(stair);

    let grid = &draft.grid;
    let mut pool: Vec<Pos> = Vec::with_capacity(grid.len());
    for_each_empty(grid, |p| {
        if grid.neighbour_types(p).contains(&CellType::Wall) {
            pool.push(p);
        }
    });
    for k in 0..SHAFT_COUNT {
        let shaft = rng
            .pick(&pool)
            .ok_or("Pass 3 found no wall-side cell for a shaft")?;
        draft.grid.set(shaft, CellType::Shaft);
        draft.shafts.push(shaft);
        // The pool is only read again if another shaft follows.
        if k + 1 < SHAFT_COUNT {
            pool.retain(|p| p.manhattan(shaft) >= MIN_SHAFT_SEPARATION);
        }
    }
    Ok(())
}

/// Calls `f` on every EMPTY cell, column by column (the order of `positions_of`).
fn for_each_empty(grid: &Grid, mut f: impl FnMut(Pos)) {
    for x in 0..grid.width() {
        for (y, &t) in (0..).zip(grid.column(x)) {
            if t == CellType::Empty {
                f(Pos::new(x, y));
            }
        }
    }
}

fn choose_staircase(draft: &mut Draft, rng: &mut StoreyRng) -> Result<Pos, String> {
    // EMPTY cells far enough from every entry, and those of them with floor all round.
    let grid = &draft.grid;
    let mut far = Vec::with_capacity(grid.len());
    let mut open = Vec::with_capacity(grid.len());
    for_each_empty(grid, |p| {
        if draft
            .entries
            .iter()
            .all(|e| e.manhattan(p) >= MIN_ENTRY_STAIR_DIST)
        {
            far.push(p);
            if grid.walkable_neighbours(p) == 4 {
                open.push(p);
            }
        }
    });
    let stair = rng
        .pick(if open.is_empty() { &far } else { &open })
        .ok_or("Pass 3 found no cell for the staircase")?;
    draft.grid.set(stair, CellType::Staircase);
    Ok(stair)
}

/// Puts the STAIRCASE on `f`; if `f` was not floor, carves the shortest passage to the
/// nearest floor around protected cells and walls it in.
fn place_forced_staircase(draft: &mut Draft, f: Pos) -> Result<Pos, String> {
    match draft.grid.get(f) {
        CellType::Empty => {}
        CellType::Wall | CellType::OutOfBounds => {
            let passage = pathfinding::route(
                &draft.grid,
                f,
                |p| draft.is_carvable(p),
                |p| draft.grid.is_walkable(p),
            )
            .ok_or_else(|| format!("Pass 3 cannot join the forced staircase {f} to the floor"))?;
            draft.grid.set(f, CellType::Staircase);
            let inner = passage.len().saturating_sub(1);
            draft.carve(passage[1..inner].iter().copied());
            draft.seal();
        }
        other => return Err(format!("forced staircase {f} falls on a {other} cell")),
    }
    draft.grid.set(f, CellType::Staircase);
    Ok(f)
}
