//! Pass 1 — Dimensions.
//!
//! Reads: storey type, depth and level. Writes: the draft's grid, sized by the formula
//! below and all OUT_OF_BOUNDS; Pass 2a carves the playable shape out of it. The same
//! formula sizes the grid when a request is checked (a forced staircase must lie on it).
//!
//! Formula (the settings' defaults, from [`crate::params`]), with `d = depth - 1`,
//! `l = level - 1`:
//! `width  = clamp(18 + 2d + 2l - adjust_w, 16, 28)`,
//! `height = clamp(11 + d + 2l - adjust_h, 10, 20)`.
//! Both grow (never shrink) with depth and level; UNDERGROUND (no adjustment) reaches
//! 28 x 20 at depth 6, level 4.

use super::{Draft, Pass, PassId, PassResult};
use crate::cell::CellType;
use crate::grid::Grid;
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
    let (width, height) =
        spec.tuning
            .dimensions(spec.storey_type, spec.storey_depth, spec.outpost_level);
    draft.grid = Grid::new(width, height, CellType::OutOfBounds);
    Ok(())
}
