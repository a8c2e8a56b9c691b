//! Pass 1 — Dimensions.
//!
//! Reads: storey type, depth and level. Writes: the draft's grid, sized by the formula
//! below and all OUT_OF_BOUNDS; Pass 2a carves the playable shape out of it. The same
//! formula sizes the grid when a request is checked (a forced staircase must lie on it).
//!
//! Formula (constants in [`crate::params`]), with `d = depth - 1`, `l = level - 1`:
//! `width  = clamp(18 + 2d + 2l - adjust_w, 16, 28)`,
//! `height = clamp(11 + d + 2l - adjust_h, 10, 20)`.
//! Both grow (never shrink) with depth and level; UNDERGROUND (no adjustment) reaches
//! 28 x 20 at depth 6, level 4.

use super::{Draft, Pass, PassId, PassResult};
use crate::cell::{CellType, StoreyType};
use crate::grid::Grid;
use crate::params::{
    BASE_HEIGHT, BASE_WIDTH, HEIGHT_PER_DEPTH, HEIGHT_PER_LEVEL, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT,
    MIN_WIDTH, WIDTH_PER_DEPTH, WIDTH_PER_LEVEL,
};
use crate::rng::StoreyRng;

/// Pass 1.
pub const PASS: Pass = Pass {
    id: PassId::new("1", "dimensions"),
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every pass has the pipeline table's signature"
)]
fn run(draft: &mut Draft, _rng: &mut StoreyRng) -> PassResult {
    let spec = &draft.spec;
    let (width, height) = dimensions(spec.storey_type, spec.storey_depth, spec.outpost_level);
    draft.grid = Grid::new(width, height, CellType::OutOfBounds);
    Ok(())
}

/// Grid `(width, height)` for a storey.
pub fn dimensions(storey_type: StoreyType, storey_depth: u32, outpost_level: u32) -> (i32, i32) {
    let p = storey_type.params();
    // Saturate before scaling: any depth beyond the clamp gives the maximum size.
    let d = storey_depth.saturating_sub(1).min(MAX_WIDTH as u32) as i32;
    let l = outpost_level.saturating_sub(1).min(MAX_WIDTH as u32) as i32;
    let width = BASE_WIDTH + WIDTH_PER_DEPTH * d + WIDTH_PER_LEVEL * l - p.width_adjust;
    let height = BASE_HEIGHT + HEIGHT_PER_DEPTH * d + HEIGHT_PER_LEVEL * l - p.height_adjust;
    (
        width.clamp(MIN_WIDTH, MAX_WIDTH),
        height.clamp(MIN_HEIGHT, MAX_HEIGHT),
    )
}
