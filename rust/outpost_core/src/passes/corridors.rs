//! Pass 2c — Corridors.
//!
//! Reads: rooms in BSP order, the primary BEACON, the protected cells of Pass 2b.
//! Writes: EMPTY corridor cells, then seals the outline.
//!
//! Consecutive rooms are joined centre to centre by an L-shaped band as wide as the
//! storey type's corridor width. Then the nearest room centre is joined to the primary
//! BEACON by a one-cell-wide line (a band there opened gaps in the wall mass around the
//! beacon, bug fix 2026-03-16). A corridor that would cross a protected cell tries the
//! other L orientation and band side, and otherwise follows the shortest one-cell route
//! around protected cells. Finally every OUT_OF_BOUNDS cell touching floor becomes WALL,
//! so corridors carved across OOB are walled on both sides.

use super::{Draft, PassResult};
use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::pathfinding;
use crate::rng::StoreyRng;

pub fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let width = draft.spec.storey_type.params().corridor_width;
    let centres: Vec<Pos> = draft.rooms.iter().map(|r| r.centre()).collect();
    // An L band holds at most two cells per step of the grid's width plus height.
    let mut band = Vec::with_capacity(2 * (draft.grid.width() + draft.grid.height()) as usize + 4);
    // Where a corridor may run: floor, or carvable. Carving only turns carvable cells
    // into floor, so the set stays the same for the whole pass.
    let open = draft.cells_of(CellType::is_walkable) | draft.carvable_cells();
    for pair in centres.windows(2) {
        connect(draft, rng, &open, pair[0], pair[1], width, &mut band)?;
    }
    let primary = *draft
        .beacons
        .first()
        .ok_or("Pass 2c needs a primary beacon")?;
    let nearest = centres
        .iter()
        .copied()
        .min_by_key(|c| c.manhattan(primary))
        .ok_or("Pass 2c needs at least one room")?;
    connect(draft, rng, &open, nearest, primary, 1, &mut band)?;
    draft.seal();
    Ok(())
}

/// Carves a corridor of `width` cells from `a` to `b` through the cells of `open`.
/// `band` is scratch space.
fn connect(
    draft: &mut Draft,
    rng: &mut StoreyRng,
    open: &Bits,
    a: Pos,
    b: Pos,
    width: i32,
    band: &mut Vec<Pos>,
) -> PassResult {
    let horizontal_first = rng.coin();
    let sides: &[i32] = if width > 1 { &[1, -1] } else { &[0] };
    for h_first in [horizontal_first, !horizontal_first] {
        for &side in sides {
            l_band(draft, a, b, h_first, side, band);
            if band.iter().all(|&p| open.contains(p)) {
                draft.carve(band.iter().copied());
                return Ok(());
            }
        }
    }
    let route = pathfinding::route(&draft.grid, a, open, &Bits::single(b))
        .ok_or_else(|| format!("Pass 2c found no corridor route from {a} to {b}"))?;
    draft.carve(route);
    Ok(())
}

/// Cells of an L from `a` to `b` (horizontal leg first or vertical leg first). With a
/// non-zero `side`, each leg is doubled on that side (or the other side at the edge).
/// The cells replace the contents of `cells`.
fn l_band(draft: &Draft, a: Pos, b: Pos, h_first: bool, side: i32, cells: &mut Vec<Pos>) {
    let corner = if h_first {
        Pos::new(b.x, a.y)
    } else {
        Pos::new(a.x, b.y)
    };
    cells.clear();
    for (from, to) in [(a, corner), (corner, b)] {
        let horizontal = from.y == to.y;
        let offset = |p: Pos| {
            let q = if horizontal {
                Pos::new(p.x, p.y + side)
            } else {
                Pos::new(p.x + side, p.y)
            };
            if draft.is_interior(q) {
                q
            } else if horizontal {
                Pos::new(p.x, p.y - side)
            } else {
                Pos::new(p.x - side, p.y)
            }
        };
        for p in segment(from, to) {
            cells.push(p);
            if side != 0 {
                cells.push(offset(p));
            }
        }
    }
}

/// The straight run of cells from `from` to `to`, both included (same row or column).
fn segment(from: Pos, to: Pos) -> impl Iterator<Item = Pos> {
    let steps = from.manhattan(to) as i32;
    let (dx, dy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    (0..=steps).map(move |i| Pos::new(from.x + dx * i, from.y + dy * i))
}
