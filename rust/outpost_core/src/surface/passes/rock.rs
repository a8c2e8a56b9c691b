//! Pass S2 — rock outcrops.
//!
//! Reads: the GROUND cells not kept open (`keep`), `rock_percent`, `rock_smoothing`.
//! Writes: ROCK. Each such cell starts as rock with `rock_percent` (a 16-bit chance per
//! cell, in storage order, see `Chances`); then `rock_smoothing` steps of a cellular automaton turn a cell
//! with 5 or more rock cells among its 8 neighbours into rock and one with 3 or fewer
//! into open ground (4 keeps it), so the rock gathers into outcrops. Cells off the chunk,
//! kept open, FOOTPRINT or DOOR count as not rock and never change. The automaton runs on
//! whole columns of bits (the chunk is at most 128 rows high).

use super::{Chances, SurfaceDraft, SurfacePass};
use crate::rng::StoreyRng;
use crate::surface::{SurfaceError, Terrain};

/// Pass S2.
pub const PASS: SurfacePass = SurfacePass {
    name: "S2 rock",
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every surface pass has the pipeline table's signature"
)]
fn run(d: &mut SurfaceDraft, rng: &mut StoreyRng) -> Result<(), SurfaceError> {
    let h = d.grid.height() as usize;
    let percent = d.settings.rock_percent as u32;
    // One bit per cell, a word per column (bit y is row y; the settings keep chunks at
    // most 128 rows high), so a smoothing step is a few word operations per column.
    let free = columns(d, |t, keep| t == Terrain::Ground && !keep);
    let mut rock = vec![0u128; free.len()];
    let mut chances = Chances::new();
    for (column, &free) in rock.iter_mut().zip(&free) {
        let mut left = free;
        while left != 0 {
            let lowest = left & left.wrapping_neg();
            left ^= lowest;
            if chances.percent(rng, percent) {
                *column |= lowest;
            }
        }
    }
    for _ in 0..d.settings.rock_smoothing {
        rock = smoothed(&rock, &free);
    }
    for (column, &bits) in d.grid.cells_mut().chunks_exact_mut(h).zip(&rock) {
        let mut left = bits;
        while left != 0 {
            column[left.trailing_zeros() as usize] = Terrain::Rock;
            left &= left - 1;
        }
    }
    Ok(())
}

/// The grid's cells for which `keep(terrain, kept open)` holds, a word per column.
pub(crate) fn columns(d: &SurfaceDraft, keep: impl Fn(Terrain, bool) -> bool) -> Vec<u128> {
    let h = d.grid.height() as usize;
    let columns = d.grid.cells().chunks_exact(h).zip(d.keep.chunks_exact(h));
    columns
        .map(|(cells, kept)| {
            // Bottom row first, each shifted up by one: a shift by a constant.
            cells
                .iter()
                .zip(kept)
                .rev()
                .fold(0u128, |mask, (&t, &k)| mask << 1 | u128::from(keep(t, k)))
        })
        .collect()
}

/// One step of the automaton on the `free` cells: 5 or more of 8 neighbours rock makes
/// rock, exactly 4 keeps the cell, fewer makes it open. The eight neighbour masks are
/// added bit by bit (full adders on whole columns) into a 4-bit count per cell.
fn smoothed(rock: &[u128], free: &[u128]) -> Vec<u128> {
    let at = |x: usize| rock.get(x).copied().unwrap_or(0);
    (0..rock.len())
        .map(|x| {
            let (left, mid, right) = (if x == 0 { 0 } else { at(x - 1) }, at(x), at(x + 1));
            let n = [
                left << 1,
                left,
                left >> 1,
                mid << 1,
                mid >> 1,
                right << 1,
                right,
                right >> 1,
            ];
            let (sa, ca) = add3(n[0], n[1], n[2]);
            let (sb, cb) = add3(n[3], n[4], n[5]);
            let (sc, cc) = (n[6] ^ n[7], n[6] & n[7]);
            let (b0, cd) = add3(sa, sb, sc);
            let (t, ce) = add3(ca, cb, cc);
            let (b1, cf) = (t ^ cd, t & cd);
            let (b2, b3) = (ce ^ cf, ce & cf);
            let five_or_more = b3 | (b2 & (b1 | b0));
            let four = !b3 & b2 & !b1 & !b0;
            (five_or_more | (four & mid)) & free[x]
        })
        .collect()
}

/// A full adder on every bit at once: `(sum, carry)` of `a + b + c`.
const fn add3(a: u128, b: u128, c: u128) -> (u128, u128) {
    let ab = a ^ b;
    (ab ^ c, (a & b) | (c & ab))
}
