//! Pass 2a — BSP rooms.
//!
//! Reads: the blank grid, the settings (`min_partition`, `split_ratio`, `room_shrink`,
//! the protected counts and the storey type's OOB probability). Writes: `partitions` (BSP
//! leaves sorted left to right by X midpoint), `rooms`, and the cells of every partition
//! that is not OUT_OF_BOUNDS: a WALL border around an EMPTY room inset by `room_shrink`
//! (a partition too small for a room stays WALL).
//!
//! A perimeter partition stays OUT_OF_BOUNDS with the type's probability, except the
//! protected ones (leftmost two, rightmost one), which give the irregular outline.

use super::{Draft, Partition, Pass, PassId, PassResult};
use crate::cell::CellType;
use crate::geometry::Rect;
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
    let tuning = &draft.spec.tuning;
    let cut = Cut {
        min: tuning.min_partition,
        ratio: tuning.split_ratio,
    };
    split(Rect::new(0, 0, w, h), &cut, rng, &mut leaves);
    // Order: X midpoint, then Y midpoint.
    leaves.sort_by_key(|r| (2 * r.x + r.width, 2 * r.y + r.height));

    let oob_percent = tuning.of(draft.spec.storey_type).oob_percent;
    let (protected_left, protected_right, shrink) = (
        tuning.protected_left,
        tuning.protected_right,
        tuning.room_shrink,
    );
    let n = leaves.len();
    draft.partitions.clear();
    draft.partitions.reserve(n);
    draft.rooms.clear();
    draft.rooms.reserve(n);
    for (i, rect) in leaves.into_iter().enumerate() {
        let edge_required = i < protected_left || i + protected_right >= n;
        let perimeter = rect.x == 0 || rect.y == 0 || rect.right() == w || rect.bottom() == h;
        let oob = !edge_required && perimeter && rng.percent(oob_percent);
        draft.partitions.push(Partition { rect, oob });
        if oob {
            continue;
        }
        draft.grid.fill_rect(rect, CellType::Wall);
        let room = rect.inset(shrink);
        // A partition narrower than twice the inset holds no room and stays wall
        // (min_partition 2 with room_shrink 1).
        if room.width <= 0 || room.height <= 0 {
            continue;
        }
        draft.grid.fill_rect(room, CellType::Empty);
        draft.rooms.push(room);
    }
    Ok(())
}

/// How BSP cuts: the least partition side (`min_partition`) and the aspect ratio, in
/// percent, past which the longer axis is cut (`split_ratio`).
struct Cut {
    min: i32,
    ratio: i32,
}

/// Splits `rect` until neither axis can give two halves of `min_partition` cells.
fn split(rect: Rect, cut: &Cut, rng: &mut StoreyRng, leaves: &mut Vec<Rect>) {
    let min = cut.min;
    let can_cut_x = rect.width >= 2 * min;
    let can_cut_y = rect.height >= 2 * min;
    let cut_x = match (can_cut_x, can_cut_y) {
        (false, false) => {
            leaves.push(rect);
            return;
        }
        (true, false) => true,
        (false, true) => false,
        (true, true) => {
            let ratio = cut.ratio;
            if rect.width * 100 > rect.height * ratio {
                true
            } else if rect.height * 100 > rect.width * ratio {
                false
            } else {
                rng.coin()
            }
        }
    };
    if cut_x {
        let at = rng.range_inclusive(min, rect.width - min);
        split(Rect::new(rect.x, rect.y, at, rect.height), cut, rng, leaves);
        split(
            Rect::new(rect.x + at, rect.y, rect.width - at, rect.height),
            cut,
            rng,
            leaves,
        );
    } else {
        let at = rng.range_inclusive(min, rect.height - min);
        split(Rect::new(rect.x, rect.y, rect.width, at), cut, rng, leaves);
        split(
            Rect::new(rect.x, rect.y + at, rect.width, rect.height - at),
            cut,
            rng,
            leaves,
        );
    }
}
