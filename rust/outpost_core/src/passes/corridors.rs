//! Pass 2c — Corridors.
//!
//! Reads: rooms in BSP order, the primary BEACON, the protected cells of Pass 2b, the
//! authored rooms' footprints and doorways (Pass 2r). Writes: EMPTY corridor cells, then
//! seals the outline.
//!
//! Consecutive rooms are joined centre to centre by an L-shaped band as wide as the
//! storey type's corridor width. Then the nearest room centre is joined to the primary
//! BEACON by a one-cell-wide line (a band there opened gaps in the wall mass around the
//! beacon, bug fix 2026-03-16). A corridor that would cross a protected cell tries the
//! other L orientation and band side, and otherwise follows the shortest one-cell route
//! around protected cells. No corridor runs through an authored room's footprint. Each
//! doorway of an authored room is then joined by a one-cell corridor from its outside cell
//! along the shortest route to the nearest floor (as the beacon's connection, one cell
//! wide). Finally every OUT_OF_BOUNDS cell touching floor becomes WALL, so corridors
//! carved across OOB are walled on both sides.

use super::carve::{carvable, carve, carve_rect, seal};
use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::pathfinding;
use crate::rng::StoreyRng;

/// Pass 2c.
pub const PASS: Pass = Pass {
    id: PassId::new("2c", "corridors"),
    run,
};

fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let width = draft.spec.tuning.of(draft.spec.storey_type).corridor_width;
    let centres: Vec<Pos> = draft
        .rooms
        .iter()
        .map(super::super::geometry::Rect::centre)
        .collect();
    // Where a corridor may run: floor, or carvable. Carving only turns carvable cells
    // into floor, so the set stays the same for the whole pass.
    let open = (draft.cells_of(CellType::is_walkable) | carvable(&draft.grid, &draft.protected))
        .minus(&draft.placed.footprints);
    for pair in centres.windows(2) {
        connect(draft, rng, &open, pair[0], pair[1], width)?;
    }
    let primary = *draft
        .beacons
        .first()
        .ok_or(fail(PassFailure::NoPrimaryBeacon))?;
    let nearest = centres
        .iter()
        .copied()
        .min_by_key(|c| c.manhattan(primary))
        .ok_or(fail(PassFailure::NoRooms))?;
    connect(draft, rng, &open, nearest, primary, 1)?;
    if draft.placed.any() {
        join_doorways(draft, &open)?;
    }
    seal(&mut draft.grid, &draft.mouths);
    Ok(())
}

/// Joins each doorway's outside cell, in placement order, to the nearest floor outside
/// every footprint by the shortest one-cell route through `open`.
fn join_doorways(draft: &mut Draft, open: &Bits) -> PassResult {
    for k in 0..draft.placed.outsides.len() {
        let at = draft.placed.outsides[k];
        if draft.grid.is_walkable(at) {
            continue;
        }
        let floor = draft
            .cells_of(CellType::is_walkable)
            .minus(&draft.placed.footprints);
        let route = pathfinding::route(&draft.grid, at, open, &floor).ok_or_else(|| {
            let room = draft
                .placed
                .rooms
                .iter()
                .find(|r| {
                    r.doorways
                        .iter()
                        .any(|d| d.manhattan(at) == 1 && r.rect().contains(*d))
                })
                .map_or_else(String::new, |r| r.name.clone());
            fail(PassFailure::DoorwayRoute { room, at })
        })?;
        let inner = route.len().saturating_sub(1);
        carve(&mut draft.grid, route[..inner].iter().copied(), open);
    }
    Ok(())
}

fn fail(failure: PassFailure) -> PassError {
    PassError::new(PASS.id, failure)
}

/// Carves a corridor of `width` cells from `a` to `b` through the cells of `open`.
fn connect(
    draft: &mut Draft,
    rng: &mut StoreyRng,
    open: &Bits,
    a: Pos,
    b: Pos,
    width: i32,
) -> PassResult {
    let horizontal_first = rng.coin();
    let sides: &[i32] = if width > 1 { &[1, -1] } else { &[0] };
    for h_first in [horizontal_first, !horizontal_first] {
        for &side in sides {
            let band = l_band(draft, a, b, h_first, side);
            if band.iter().all(|&r| open.contains_rect(r)) {
                for r in band {
                    carve_rect(&mut draft.grid, r, open);
                }
                return Ok(());
            }
        }
    }
    let route = pathfinding::route(&draft.grid, a, open, &Bits::single(b))
        .ok_or(fail(PassFailure::CorridorRoute { from: a, to: b }))?;
    carve(&mut draft.grid, route, open);
    Ok(())
}

/// An L from `a` to `b` (horizontal leg first or vertical leg first) as up to four
/// rectangles: each leg, and with a non-zero `side` its copy shifted one cell to that
/// side (or to the other side where that would leave the interior). Rooms lie inside
/// the outer ring, so every leg cell is interior along the leg and the shifted copy's
/// side depends on the leg alone.
fn l_band(draft: &Draft, a: Pos, b: Pos, h_first: bool, side: i32) -> [Rect; 4] {
    debug_assert!(draft.is_interior(a) && draft.is_interior(b));
    let corner = if h_first {
        Pos::new(b.x, a.y)
    } else {
        Pos::new(a.x, b.y)
    };
    let mut band = [Rect::new(0, 0, 0, 0); 4];
    for (k, (from, to)) in [(a, corner), (corner, b)].into_iter().enumerate() {
        let leg = Rect::new(
            from.x.min(to.x),
            from.y.min(to.y),
            from.x.abs_diff(to.x) as i32 + 1,
            from.y.abs_diff(to.y) as i32 + 1,
        );
        band[2 * k] = leg;
        if side != 0 {
            // A leg of one cell counts as horizontal.
            let (dx, dy) = if from.y == to.y { (0, side) } else { (side, 0) };
            let shifted = Pos::new(from.x + dx, from.y + dy);
            let (dx, dy) = if draft.is_interior(shifted) {
                (dx, dy)
            } else {
                (-dx, -dy)
            };
            band[2 * k + 1] = Rect::new(leg.x + dx, leg.y + dy, leg.width, leg.height);
        }
    }
    band
}
