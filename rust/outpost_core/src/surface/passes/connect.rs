//! Pass S4 — one walkable region.
//!
//! Reads: the door, walkable cells. Writes: ROCK over every walkable cell the door cannot
//! reach (open pockets walled in by rock), and `reached`, the cells it reaches (a flood
//! fill on whole columns of bits). Afterwards every walkable
//! cell, and so every salvage node S5 places, can be reached from the door. The walkway
//! round the footprint joins the door (through the ground floor's outside OUT_OF_BOUNDS
//! cells, which lead to its edge) to the rest, so no pass before this one can cut the
//! door off.

use super::{SurfaceDraft, SurfacePass};
use crate::rng::StoreyRng;
use crate::surface::grid::{column_masks, reach_columns};
use crate::surface::{SurfaceError, Terrain};

/// Pass S4.
pub const PASS: SurfacePass = SurfacePass {
    name: "S4 connect",
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every surface pass has the pipeline table's signature"
)]
fn run(d: &mut SurfaceDraft, _rng: &mut StoreyRng) -> Result<(), SurfaceError> {
    let h = d.grid.height() as usize;
    let reached = reach_columns(&d.grid, d.door);
    let open = column_masks(&d.grid, Terrain::is_walkable);
    for ((column, &open), &reached) in d
        .grid
        .cells_mut()
        .chunks_exact_mut(h)
        .zip(&open)
        .zip(&reached)
    {
        let mut cut_off = open & !reached;
        while cut_off != 0 {
            column[cut_off.trailing_zeros() as usize] = Terrain::Rock;
            cut_off &= cut_off - 1;
        }
    }
    d.reached = reached;
    Ok(())
}
