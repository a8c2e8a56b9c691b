//! Pass 2a — BSP rooms.
//!
//! Reads: the blank grid, the storey type's OOB probability. Writes: `partitions` (BSP
//! leaves sorted left to right by X midpoint), `rooms`, and the cells of every partition
//! that is not OUT_OF_BOUNDS: a WALL border around an EMPTY room inset by `ROOM_SHRINK`.
//!
//! A perimeter partition stays OUT_OF_BOUNDS with the type's probability, except the
//! protected ones (leftmost two, rightmost one), which give the irregular outline.

use super::{Draft, Partition, Pass, PassId, PassResult};
use crate::cell::CellType;
use crate::geometry::Rect;
use crate::params::{MIN_PARTITION, PROTECTED_LEFT, PROTECTED_RIGHT, ROOM_SHRINK, SPLIT_RATIO};
use crate::rng::StoreyRng;

/// Pass 2a.
pub const PASS: Pass = Pass {
    id: PassId::new("2a", "bsp"),
    run,
};

#[expect(
    clippy::unnecessary_wraps,
    reason = "every pass has the pipeline table's signature"
)]
fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let (w, h) = (draft.grid.width(), draft.grid.height());
    // Reserved up front, as below: fewer instructions per storey (callgrind;
    // docs/performance.md).
    let mut leaves = Vec::with_capacity(64);
    split(Rect::new(0, 0, w, h), rng, &mut leaves);
    // Order: X midpoint, then Y midpoint.
    leaves.sort_by_key(|r| (2 * r.x + r.width, 2 * r.y + r.height));

    let oob_percent = draft.spec.storey_type.params().oob_percent;
    let n = leaves.len();
    draft.partitions.clear();
    draft.partitions.reserve(n);
    draft.rooms.clear();
    draft.rooms.reserve(n);
    for (i, rect) in leaves.into_iter().enumerate() {
        let edge_required = i < PROTECTED_LEFT || i + PROTECTED_RIGHT >= n;
        let perimeter = rect.x == 0 || rect.y == 0 || rect.right() == w || rect.bottom() == h;
        let oob = !edge_required && perimeter && rng.percent(oob_percent);
        draft.partitions.push(Partition { rect, oob });
        if oob {
            continue;
        }
        draft.grid.fill_rect(rect, CellType::Wall);
        let room = rect.inset(ROOM_SHRINK);
        draft.grid.fill_rect(room, CellType::Empty);
        draft.rooms.push(room);
    }
    Ok(())
}

/// Splits `rect` until neither axis can give two halves of `MIN_PARTITION` cells.
fn split(rect: Rect, rng: &mut StoreyRng, leaves: &mut Vec<Rect>) {
    let can_cut_x = rect.width >= 2 * MIN_PARTITION;
    let can_cut_y = rect.height >= 2 * MIN_PARTITION;
    let cut_x = match (can_cut_x, can_cut_y) {
        (false, false) => {
            leaves.push(rect);
            return;
        }
        (true, false) => true,
        (false, true) => false,
        (true, true) => {
            let (num, den) = SPLIT_RATIO;
            if rect.width * den > rect.height * num {
                true
            } else if rect.height * den > rect.width * num {
                false
            } else {
                rng.coin()
            }
        }
    };
    if cut_x {
        let at = rng.range_inclusive(MIN_PARTITION, rect.width - MIN_PARTITION);
        split(Rect::new(rect.x, rect.y, at, rect.height), rng, leaves);
        split(
            Rect::new(rect.x + at, rect.y, rect.width - at, rect.height),
            rng,
            leaves,
        );
    } else {
        let at = rng.range_inclusive(MIN_PARTITION, rect.height - MIN_PARTITION);
        split(Rect::new(rect.x, rect.y, rect.width, at), rng, leaves);
        split(
            Rect::new(rect.x, rect.y + at, rect.width, rect.height - at),
            rng,
            leaves,
        );
    }
}
