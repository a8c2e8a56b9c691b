//! Pass S3 — rubble.
//!
//! Reads: ROCK, the GROUND cells not kept open, `rubble_percent`. Writes: RUBBLE. Each
//! GROUND cell not kept open with a ROCK cell among its 8 neighbours becomes rubble with
//! `rubble_percent` (a 16-bit chance per such cell, in storage order): debris at the foot of the
//! outcrops. Rubble is walkable.

use super::{Chances, SurfaceDraft, SurfacePass};
use crate::rng::StoreyRng;
use crate::surface::{SurfaceError, Terrain};

/// Pass S3.
pub const PASS: SurfacePass = SurfacePass {
    name: "S3 rubble",
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every surface pass has the pipeline table's signature"
)]
fn run(d: &mut SurfaceDraft, rng: &mut StoreyRng) -> Result<(), SurfaceError> {
    let h = d.grid.height() as usize;
    let percent = d.settings.rubble_percent as u32;
    // A bit per cell, a word per column (as in Pass S2): the cells with a rock among
    // their 8 neighbours are the rock spread by one cell each way.
    let rock = super::rock::columns(d, |t, _| t == Terrain::Rock);
    let open = super::rock::columns(d, |t, keep| t == Terrain::Ground && !keep);
    let at = |x: usize| rock.get(x).copied().unwrap_or(0);
    let mut chances = Chances::new();
    for (x, &open) in open.iter().enumerate() {
        let band = (if x == 0 { 0 } else { at(x - 1) }) | at(x) | at(x + 1);
        let near_rock = (band | band << 1 | band >> 1) & open;
        if near_rock == 0 {
            continue;
        }
        let mut left = near_rock;
        while left != 0 {
            let y = left.trailing_zeros() as usize;
            left &= left - 1;
            if chances.percent(rng, percent) {
                d.grid.cells_mut()[x * h + y] = Terrain::Rubble;
            }
        }
    }
    Ok(())
}
