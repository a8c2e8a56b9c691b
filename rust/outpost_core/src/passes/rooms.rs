//! Pass 2r — authored rooms, between the BSP pass and Pass 2b (not one of the
//! reference's passes: the one pass that edits an earlier pass's output).
//!
//! Reads: the grid, rooms and partitions of Pass 2a, the forced staircase, the room set
//! and the templates a building has used up. Writes: each placed room's cells over the
//! BSP's (`#` WALL, `.` `+` and markers EMPTY, `B` BEACON, `O` SHAFT; a `?` keeps what
//! Pass 2a made, OUT_OF_BOUNDS becoming WALL); `rooms` without every BSP room a footprint
//! overlaps, whose cells outside the footprint become WALL; and `placed`: the footprints
//! (which join the protected cells), each doorway's outside cell, the rooms' BEACON and
//! SHAFT cells, the placed rooms and what was tried.
//!
//! **Choice.** The templates eligible on this storey (its type, depth and level, and not
//! used up by the building) are taken in name order: first every required copy; then one
//! chance roll per optional template; then draws by weight among the templates that want
//! more copies, until each has reached its `count` maximum or found no position.
//!
//! **Fit.** A footprint (the transformed map, its wall included) lies off the grid's outer
//! ring, one cell or more from every other footprint (diagonals included), never on the
//! forced staircase; every doorway's outside cell is off the outer ring; the rooms'
//! beacons keep `min_beacon_separation` and their shafts `min_shaft_separation`, and
//! together they hold at most `beacon_count(depth) - 1` beacons and two shafts. Among the
//! positions that fit (every allowed transform, columns then rows) one is drawn; it is
//! kept if the cells off the ring outside every footprint still join every doorway's
//! outside cell, every BSP room left and the forced staircase, and drawn again otherwise.
//!
//! **Its own RNG.** The pass never draws from the storey's RNG: it draws from a ChaCha8
//! stream of its own, seeded with `derive_seed(attempt seed, ROOMS_STREAM)`. Without a
//! room set it does nothing at all, so every layout generated without rooms is byte for
//! byte what the pipeline made before the pass existed.
//!
//! A required room that finds no position fails the attempt
//! ([`PassFailure::Room`], naming the room and [`RoomFailure`]); the generator retries as
//! for any pass. An optional room is only dropped.

use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::params::SHAFT_COUNT;
use crate::rng::{ROOMS_STREAM, StoreyRng, derive_seed};
use crate::rooms::{PlacedRoom, RoomFailure, RoomSet, RoomTry, Variant};
use std::collections::BTreeMap;

/// Pass 2r.
pub const PASS: Pass = Pass {
    id: PassId::new("2r", "rooms"),
    run,
};

fn run(draft: &mut Draft, _storey_rng: &mut StoreyRng) -> PassResult {
    let Some(spec) = draft.spec.rooms.clone() else {
        return Ok(());
    };
    let set = &spec.set;
    let (depth, level) = (draft.spec.storey_depth, draft.spec.outpost_level);
    let mut tries: Vec<RoomTry> = (0..set.len())
        .filter(|&i| {
            !spec.excluded.contains(&i)
                && set.templates()[i].is_eligible(draft.spec.storey_type, depth, level)
        })
        .map(|template| RoomTry {
            template,
            tried: false,
            placed: 0,
            dropped: None,
        })
        .collect();
    if tries.is_empty() {
        return Ok(());
    }
    let mut rng = StoreyRng::new(derive_seed(draft.seed, ROOMS_STREAM));
    let mut placer = Placer::new(draft);
    let required = place_required(draft, &mut rng, &mut placer, set, &mut tries);
    if required.is_ok() {
        // Copies past its `count` minimum, or past one of a building's unique room, are
        // never wanted.
        let most = |i: usize| {
            let t = &set.templates()[i];
            if t.unique_building && spec.building {
                1
            } else {
                t.count_max
            }
        };
        place_optional(draft, &mut rng, &mut placer, set, &mut tries, most);
        placer.finish(draft);
    }
    draft.placed.tries = tries;
    required
}

/// Every required copy, template by template in name order; the first that finds no
/// position fails the pass.
fn place_required(
    draft: &mut Draft,
    rng: &mut StoreyRng,
    placer: &mut Placer,
    set: &RoomSet,
    tries: &mut [RoomTry],
) -> PassResult {
    for tr in tries.iter_mut() {
        let t = &set.templates()[tr.template];
        if !t.is_required() {
            continue;
        }
        tr.tried = true;
        for _ in 0..t.count_min {
            if let Err(reason) = placer.place(draft, rng, set, tr.template) {
                tr.dropped = Some(reason);
                return Err(PassError::new(
                    PASS.id,
                    PassFailure::Room {
                        room: t.name.clone(),
                        reason,
                    },
                ));
            }
            tr.placed += 1;
        }
    }
    Ok(())
}

/// One chance roll per optional template in name order, then draws by weight among the
/// templates that want more copies (`most(template)` at most) until each has them all or
/// found no position.
fn place_optional(
    draft: &mut Draft,
    rng: &mut StoreyRng,
    placer: &mut Placer,
    set: &RoomSet,
    tries: &mut [RoomTry],
    most: impl Fn(usize) -> u32,
) {
    let mut active: Vec<usize> = Vec::with_capacity(tries.len());
    for (k, tr) in tries.iter_mut().enumerate() {
        let t = &set.templates()[tr.template];
        if !t.is_required() {
            tr.tried = rng.percent(t.chance);
        }
        if tr.tried && tr.placed < most(tr.template) {
            active.push(k);
        }
    }
    while !active.is_empty() {
        let weight = |k: usize| set.templates()[tries[k].template].weight as usize;
        let mut draw = rng.below(active.iter().map(|&k| weight(k)).sum());
        let pick = active
            .iter()
            .position(|&k| {
                let hit = draw < weight(k);
                draw = draw.saturating_sub(weight(k));
                hit
            })
            .unwrap_or(0);
        let tr = &mut tries[active[pick]];
        match placer.place(draft, rng, set, tr.template) {
            Ok(()) => {
                tr.placed += 1;
                if tr.placed >= most(tr.template) {
                    active.remove(pick);
                }
            }
            Err(reason) => {
                tr.dropped = Some(reason);
                active.remove(pick);
            }
        }
    }
}

/// The rooms placed so far and what they rule out.
struct Placer {
    width: i32,
    height: i32,
    /// Every footprint cell so far.
    taken: Bits,
    /// Those and every cell next to one (diagonals included): where no new footprint
    /// may reach.
    near: Bits,
    beacons_allowed: usize,
    beacon_separation: u32,
    shaft_separation: u32,
    forced: Option<Pos>,
}

impl Placer {
    fn new(draft: &Draft) -> Placer {
        let t = &draft.spec.tuning;
        Placer {
            width: draft.grid.width(),
            height: draft.grid.height(),
            taken: Bits::EMPTY,
            near: Bits::EMPTY,
            beacons_allowed: t.beacon_count(draft.spec.storey_depth).saturating_sub(1),
            beacon_separation: t.min_beacon_separation,
            shaft_separation: t.min_shaft_separation,
            forced: draft.spec.forced_staircase,
        }
    }

    /// Places one copy of template `i`, or says why it cannot. The positions that fit are
    /// the top-left corners of each variant's footprint, as a bitboard per variant; the
    /// k-th of them all (variant by variant, each column by column) is drawn, and drawn
    /// again without it while the storey would not join up around it.
    fn place(
        &mut self,
        draft: &mut Draft,
        rng: &mut StoreyRng,
        set: &RoomSet,
        i: usize,
    ) -> Result<(), RoomFailure> {
        let variants = set.variants(i);
        let (beacons, shafts) = (variants[0].beacons.len(), variants[0].shafts.len());
        if draft.placed.beacons.len() + beacons > self.beacons_allowed
            || draft.placed.shafts.len() + shafts > SHAFT_COUNT
        {
            return Err(RoomFailure::Counts);
        }
        let mut stair_only = false;
        // The variants come in at most two sizes (w x h and h x w): one dilation each.
        let mut dilated: [Option<(i32, i32, Bits)>; 2] = [None, None];
        let mut fits = [Bits::EMPTY; 8];
        for (fit, v) in fits.iter_mut().zip(variants) {
            let size = (v.width, v.height);
            let slot = usize::from(v.width != variants[0].width);
            let near = match &dilated[slot] {
                Some((w, h, near)) if (*w, *h) == size => *near,
                _ => {
                    let near = self.near.rect_corners_meeting(v.width, v.height);
                    dilated[slot] = Some((v.width, v.height, near));
                    near
                }
            };
            let (corners, stair) = self.corners(draft, v, &near);
            stair_only |= stair;
            *fit = corners;
        }
        let fits = &mut fits[..variants.len()];
        let mut left: usize = fits.iter().map(Bits::len).sum();
        if left == 0 {
            return Err(if stair_only {
                RoomFailure::ForcedStaircase
            } else {
                RoomFailure::NoPosition
            });
        }
        while left > 0 {
            let mut k = rng.below(left);
            let (vi, at) = fits
                .iter()
                .enumerate()
                .find_map(|(vi, f)| {
                    let n = f.len();
                    if k < n {
                        f.nth(k).map(|at| (vi, at))
                    } else {
                        k -= n;
                        None
                    }
                })
                .expect("k is below the count of every variant's corners");
            let v = &variants[vi];
            if self.joins(draft, v, at) {
                self.put(draft, set, i, v, at);
                return Ok(());
            }
            fits[vi].remove(at);
            left -= 1;
        }
        Err(RoomFailure::Doorway)
    }

    /// The top-left corners at which the variant's footprint fits, and whether the forced
    /// staircase alone ruled some out. `near` is the corners at which a footprint of its
    /// size would come within a cell of another room.
    fn corners(&self, draft: &Draft, v: &Variant, near: &Bits) -> (Bits, bool) {
        let (left, top, right, bottom) = v.margins;
        let mut corners = Bits::EMPTY;
        corners.insert_rect(Rect::new(
            1 + left,
            1 + top,
            self.width - 1 - right - v.width - left,
            self.height - 1 - bottom - v.height - top,
        ));
        let mut corners = corners.minus(near);
        if !draft.placed.beacons.is_empty() && !v.beacons.is_empty()
            || !draft.placed.shafts.is_empty() && !v.shafts.is_empty()
        {
            for at in corners.iter().collect::<Vec<_>>() {
                if !self.apart(draft, v, at) {
                    corners.remove(at);
                }
            }
        }
        let mut stair = false;
        if let Some(f) = self.forced {
            let mut on_stair = Bits::EMPTY;
            on_stair.insert_rect(Rect::new(
                f.x - v.width + 1,
                f.y - v.height + 1,
                v.width,
                v.height,
            ));
            stair = !(corners & on_stair).is_empty();
            corners = corners.minus(&on_stair);
        }
        (corners, stair)
    }

    /// Whether the variant's beacons and shafts at `at` keep their distances from the
    /// rooms' beacons and shafts placed before.
    fn apart(&self, draft: &Draft, v: &Variant, at: Pos) -> bool {
        let far = |cells: &[Pos], placed: &[Pos], min: u32| {
            cells.iter().all(|&c| {
                let c = Pos::new(at.x + c.x, at.y + c.y);
                placed.iter().all(|&p| p.manhattan(c) >= min)
            })
        };
        far(&v.beacons, &draft.placed.beacons, self.beacon_separation)
            && far(&v.shafts, &draft.placed.shafts, self.shaft_separation)
    }

    /// Whether, with the variant's footprint at `at` added, the cells off the outer ring
    /// and outside every footprint still join every doorway's outside cell, the centre of
    /// every BSP room left and the forced staircase: where the corridors will run. Some
    /// BSP room must be left, too.
    ///
    /// Footprints lie a cell or more apart (diagonals included), so the free cells within
    /// a cell of one footprint form a ring around it, which no other footprint touches;
    /// a path blocked by a footprint walks round it on its ring. The free cells are
    /// therefore all joined unless a footprint spans the inside from one side of the
    /// outer ring to the other, which cuts it in two; and every cell this asks about is
    /// free. A spanning footprint is refused even when everything asked about lies on one
    /// side of it: the answer errs only that way. (Checked against a flood fill in debug
    /// builds: a position this accepts, the flood fill joins.)
    fn joins(&self, draft: &Draft, v: &Variant, at: Pos) -> bool {
        let rect = Rect::new(at.x, at.y, v.width, v.height);
        let spans = (rect.x == 1 && rect.right() == self.width - 1)
            || (rect.y == 1 && rect.bottom() == self.height - 1);
        let joined = !spans && draft.rooms.iter().any(|r| !overlaps(r, &rect));
        debug_assert!(
            !joined || self.joins_by_flood(draft, v, at),
            "at {at}: accepted, but a flood fill does not join it"
        );
        joined
    }

    /// [`Placer::joins`] by a flood fill.
    #[cfg(debug_assertions)]
    fn joins_by_flood(&self, draft: &Draft, v: &Variant, at: Pos) -> bool {
        let rect = Rect::new(at.x, at.y, v.width, v.height);
        let mut taken = self.taken;
        taken.insert_rect(rect);
        let left: Vec<Pos> = draft
            .rooms
            .iter()
            .filter(|r| !overlaps(r, &rect))
            .map(Rect::centre)
            .collect();
        let Some(&anchor) = left.first() else {
            return false;
        };
        let mut open = Bits::EMPTY;
        open.insert_rect(Rect::new(1, 1, self.width - 2, self.height - 2));
        let joined = Bits::flood(&open.minus(&taken), anchor);
        let outside = |&(_, o): &(Pos, Pos)| Pos::new(at.x + o.x, at.y + o.y);
        left.iter().all(|&c| joined.contains(c))
            && self.forced.is_none_or(|f| joined.contains(f))
            && draft.placed.outsides.iter().all(|&o| joined.contains(o))
            && v.doorways.iter().map(outside).all(|o| joined.contains(o))
    }

    #[cfg(not(debug_assertions))]
    fn joins_by_flood(&self, _: &Draft, _: &Variant, _: Pos) -> bool {
        true
    }

    /// Writes the variant's cells at `at` and records the room.
    fn put(&mut self, draft: &mut Draft, set: &RoomSet, i: usize, v: &Variant, at: Pos) {
        let rect = Rect::new(at.x, at.y, v.width, v.height);
        self.taken.insert_rect(rect);
        self.near = self.taken.spread8();
        let grid_at = |p: Pos| Pos::new(at.x + p.x, at.y + p.y);
        // BSP rooms the footprint overlaps leave; their cells outside it become WALL.
        let mut kept = Vec::with_capacity(draft.rooms.len());
        for &room in &draft.rooms {
            if overlaps(&room, &rect) {
                for p in room.cells().filter(|&p| !rect.contains(p)) {
                    draft.grid.set(p, CellType::Wall);
                }
            } else {
                kept.push(room);
            }
        }
        draft.rooms = kept;
        for &(p, cell) in &v.fixed {
            draft.grid.set(grid_at(p), cell);
        }
        for &p in &v.open {
            let p = grid_at(p);
            if draft.grid.get(p) == CellType::OutOfBounds {
                draft.grid.set(p, CellType::Wall);
            }
        }
        let placed = &mut draft.placed;
        placed.beacons.extend(v.beacons.iter().map(|&p| grid_at(p)));
        placed.shafts.extend(v.shafts.iter().map(|&p| grid_at(p)));
        placed
            .outsides
            .extend(v.doorways.iter().map(|&(_, o)| grid_at(o)));
        placed.rooms.push(PlacedRoom {
            name: set.templates()[i].name.clone(),
            x: at.x,
            y: at.y,
            width: v.width,
            height: v.height,
            transform: v.transform,
            doorways: v.doorways.iter().map(|&(d, _)| grid_at(d)).collect(),
            markers: v
                .markers
                .iter()
                .map(|(letter, cells)| {
                    let cells = cells.iter().map(|&p| grid_at(p)).collect();
                    ((*letter as char).to_string(), cells)
                })
                .collect::<BTreeMap<_, _>>(),
        });
    }

    /// Hands the footprints to the later passes: protected, and kept apart.
    fn finish(self, draft: &mut Draft) {
        let placed = &mut draft.placed;
        placed.footprints = self.taken;
        for &o in &placed.outsides {
            placed.outside_bits.insert(o);
        }
        draft.protected |= self.taken;
    }
}

/// Whether two rectangles share a cell.
const fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}
