//! Pass 2b — ENTRY and BEACON placement, before any corridor exists.
//!
//! Reads: partitions and rooms (Pass 2a), the forced staircase. Writes: ENTRY and
//! BEACON cells, `entries`, `beacons` (primary first), and the protected cells that keep
//! them valid through later carving:
//! - an ENTRY is a WALL cell of a room's border with the room directly inside and
//!   OUT_OF_BOUNDS (or the grid edge) directly outside; that outside cell (its mouth) and
//!   the mouth's other neighbours are protected, so the opening survives corridors;
//! - the primary BEACON is a dead end (end of a one-cell-wide room, three walls
//!   protected) or a room corner (its two corner walls protected);
//! - additional BEACONs are room cells.
//!
//! A placement whose protected cells would wall off a room (or the primary BEACON, or a
//! forced staircase) from the cells corridors may use is drawn again, so Pass 2c and
//! Pass 3 always find a route.
//!
//! Counts and separations are the settings' (defaults in [`crate::params`]): the entry and
//! beacon counts by depth, entry-entry `min_entry_separation`, entry-beacon
//! `min_entry_beacon_dist`, beacon-beacon `min_beacon_separation`, and entry-staircase
//! `min_entry_stair_dist` when the staircase is forced (otherwise Pass 3 keeps that
//! distance).

use super::{Draft, Pass, PassError, PassFailure, PassId, PassResult};
use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{MAX_REMOVED, Pos, Rect};
use crate::grid::Grid;
use crate::rng::StoreyRng;
use crate::settings::Tuning;

// Every protected cell of a placement fits the region count of Pass 2b's check (four
// around each entry's mouth, and up to three guards): `settings.rs` asserts it of the
// largest entry count the settings allow.

/// A WALL cell that can become an ENTRY, and the cell just outside it.
#[derive(Clone, Copy, Debug)]
struct EntryCandidate {
    cell: Pos,
    mouth: Pos,
}

/// A room cell that can hold the primary BEACON, and the walls that must stay walls.
#[derive(Clone, Copy, Debug)]
struct PrimaryCandidate {
    cell: Pos,
    guards: [Pos; 3],
    guard_count: usize,
    /// Only a 1x1 room can leave a candidate with no open side: in any larger room an
    /// unguarded side of a dead end or corner is a cell of the room itself, so only
    /// these are tested, which saves instructions per storey (callgrind;
    /// docs/performance.md).
    in_single_cell_room: bool,
}

impl PrimaryCandidate {
    fn guards(&self) -> &[Pos] {
        &self.guards[..self.guard_count]
    }

    fn is_dead_end(&self) -> bool {
        self.guard_count == 3
    }
}

struct Placement {
    primary: PrimaryCandidate,
    entries: Vec<EntryCandidate>,
    beacons: Vec<Pos>,
}

impl Placement {
    /// Calls `f` with every cell carving must never make walkable to keep this
    /// placement valid: each ENTRY's mouth (if on the grid) and the mouth's other
    /// neighbours, then the primary BEACON's guards. Cells may lie off the grid.
    fn for_each_protected(&self, grid: &Grid, mut f: impl FnMut(Pos)) {
        for e in &self.entries {
            if grid.in_bounds(e.mouth) {
                f(e.mouth);
                for nb in e.mouth.neighbours4() {
                    if nb != e.cell {
                        f(nb);
                    }
                }
            }
        }
        for &g in self.primary.guards() {
            f(g);
        }
    }
}

/// Pass 2b.
pub const PASS: Pass = Pass {
    id: PassId::new("2b", "placement"),
    run,
};

fn run(draft: &mut Draft, rng: &mut StoreyRng) -> PassResult {
    let tuning = draft.spec.tuning;
    // The rooms' beacons count towards the storey's (Pass 2r kept room for the primary).
    let counts = Counts {
        entries: tuning.entry_count(draft.spec.storey_depth),
        beacons: tuning.beacon_count(draft.spec.storey_depth) - draft.placed.beacons.len(),
    };
    let forced = draft.spec.forced_staircase;
    let stair_dist = tuning.min_entry_stair_dist;
    let far_from_stair = |p: Pos| forced.is_none_or(|f| f.manhattan(p) >= stair_dist);

    let mut entries = entry_candidates(draft, far_from_stair);
    // Reserved up front, as the other vectors here: fewer instructions per storey
    // (callgrind; docs/performance.md).
    let mut primaries = Vec::with_capacity(4 * draft.rooms.len());
    for room in &draft.rooms {
        primary_candidates(room, &mut primaries);
    }
    // Cells a corridor can still reach a candidate through: floor, or off the outer ring,
    // and outside every authored room.
    let (w, h) = (draft.grid.width(), draft.grid.height());
    let walkable = draft.cells_of(CellType::is_walkable);
    let reachable =
        (walkable | Bits::full(w, h).minus(&Bits::edge_ring(w, h))).minus(&draft.placed.footprints);
    primaries.retain(|c| {
        forced.is_none_or(|f| f != c.cell && !c.guards().contains(&f))
            && (!c.in_single_cell_room || has_open_side(&reachable, c))
    });
    if draft.placed.any() {
        keep_clear_of_rooms(draft, &walkable, &mut entries, &mut primaries);
    }
    let mut dead_ends = Vec::with_capacity(primaries.len());
    dead_ends.extend(
        primaries
            .iter()
            .copied()
            .filter(PrimaryCandidate::is_dead_end),
    );
    let mut room_cells = Bits::EMPTY;
    for &room in &draft.rooms {
        room_cells.insert_rect(room);
    }
    if let Some(f) = forced {
        room_cells = room_cells.minus(&Bits::single(f));
    }
    let beacon_radius = tuning.min_beacon_separation as i32 - 1;
    for &b in &draft.placed.beacons {
        room_cells = room_cells.minus(&Bits::diamond(b, beacon_radius));
    }
    let rooms = RoomCells {
        rooms: &draft.rooms,
        cells: room_cells,
    };
    let mut entry_pool = Vec::with_capacity(entries.len());

    let attempts = tuning.placement_attempts;
    for attempt in 0..attempts {
        // Prefer dead ends; fall back to corners when dead ends keep failing.
        let pool = if attempt < attempts / 2 && !dead_ends.is_empty() {
            &dead_ends
        } else {
            &primaries
        };
        let Some(placement) = try_place(
            rng,
            &tuning,
            counts,
            pool,
            &entries,
            &rooms,
            &mut entry_pool,
        ) else {
            continue;
        };
        if corridors_can_join_everything(draft, &walkable, &placement) {
            apply(draft, placement);
            return Ok(());
        }
    }
    Err(PassError::new(
        PASS.id,
        PassFailure::EntriesAndBeacons {
            entries: counts.entries,
            beacons: counts.beacons,
            entry_candidates: entries.len(),
            primary_candidates: primaries.len(),
        },
    ))
}

/// The room cells beacons may go on, drawn in the order of the rooms list and, within
/// a room, column by column.
struct RoomCells<'a> {
    rooms: &'a [Rect],
    cells: Bits,
}

impl RoomCells<'_> {
    /// A uniformly drawn cell of `pool` (a subset of the room cells), or `None` if it
    /// is empty.
    fn draw(&self, rng: &mut StoreyRng, pool: &Bits) -> Option<Pos> {
        let n = pool.len();
        if n == 0 {
            return None;
        }
        let mut k = rng.below(n);
        for &room in self.rooms {
            let here = pool.count_in_rect(room);
            if k < here {
                return pool.nth_in_rect(room, k);
            }
            k -= here;
        }
        None
    }
}

/// How many ENTRY and BEACON cells a storey needs.
#[derive(Clone, Copy, Debug)]
struct Counts {
    entries: usize,
    beacons: usize,
}

/// One full draw: primary beacon, then entries, then the other beacons, kept apart by
/// the settings' distances. `entry_pool` is scratch space kept between draws.
fn try_place(
    rng: &mut StoreyRng,
    tuning: &Tuning,
    counts: Counts,
    primaries: &[PrimaryCandidate],
    entry_candidates: &[EntryCandidate],
    rooms: &RoomCells,
    entry_pool: &mut Vec<EntryCandidate>,
) -> Option<Placement> {
    let primary = rng.pick(primaries)?;

    // The caller's pool, reused between draws: fewer instructions per storey (callgrind;
    // docs/performance.md).
    let pool = entry_pool;
    pool.clear();
    pool.extend(
        entry_candidates
            .iter()
            .copied()
            .filter(|e| e.cell.manhattan(primary.cell) >= tuning.min_entry_beacon_dist),
    );
    let mut entries = Vec::with_capacity(counts.entries);
    for _ in 0..counts.entries {
        let e = rng.pick(pool)?;
        entries.push(e);
        pool.retain(|c| c.cell.manhattan(e.cell) >= tuning.min_entry_separation);
    }

    let beacon_radius = tuning.min_beacon_separation as i32 - 1;
    let entry_radius = tuning.min_entry_beacon_dist as i32 - 1;
    let mut beacons = Vec::with_capacity(counts.beacons);
    beacons.push(primary.cell);
    let mut pool = rooms
        .cells
        .minus(&Bits::diamond(primary.cell, beacon_radius));
    for e in &entries {
        pool = pool.minus(&Bits::diamond(e.cell, entry_radius));
    }
    for _ in 1..counts.beacons {
        let b = rooms.draw(rng, &pool)?;
        beacons.push(b);
        pool = pool.minus(&Bits::diamond(b, beacon_radius));
    }
    Some(Placement {
        primary,
        entries,
        beacons,
    })
}

/// Whether Pass 2c can still join every room, the primary BEACON and a forced staircase
/// once carving must avoid the placement's protected cells. Corridors run through floor
/// and carvable cells (off the outer ring, not protected); the protected cells of
/// neighbouring entries can join up with the outer ring and wall a pocket of those
/// cells off from the rest, and a room in that pocket could never be reached (seed
/// 13445 bug). Such a placement is drawn again, as one that cannot place its cells is.
fn corridors_can_join_everything(draft: &Draft, walkable: &Bits, placement: &Placement) -> bool {
    if draft.placed.any() {
        return corridors_can_join_everything_and_the_rooms(draft, walkable, placement);
    }
    // The outer ring holds nothing a corridor can pass through but entries, each a dead
    // end off an interior cell, so the interior alone decides what is connected: the
    // interior less the protected cells that are not already floor.
    let (w, h) = (draft.grid.width(), draft.grid.height());
    let interior = Rect::new(1, 1, w - 2, h - 2);
    let mut blocked = [Pos::new(0, 0); MAX_REMOVED];
    let mut n = 0;
    // The protected cells of a placement are all different when each lies within 2 of
    // its entry or within 1 of the primary beacon, and these are far enough apart (the
    // default distances); with closer ones a cell may come twice and is counted once.
    let may_repeat = draft.spec.tuning.protected_may_repeat;
    placement.for_each_protected(&draft.grid, |p| {
        if interior.contains(p)
            && !walkable.contains(p)
            && !(may_repeat && blocked[..n].contains(&p))
        {
            blocked[n] = p;
            n += 1;
        }
    });
    if interior.regions_without(&blocked[..n]) == 1 {
        return true;
    }
    let mut open = Bits::EMPTY;
    open.insert_rect(interior);
    for &p in &blocked[..n] {
        open = open.minus(&Bits::single(p));
    }
    let joined = Bits::flood(&open, placement.primary.cell);
    draft.rooms.iter().all(|r| joined.contains(r.centre()))
        && draft
            .spec
            .forced_staircase
            .is_none_or(|f| joined.contains(f))
}

/// [`corridors_can_join_everything`] when authored rooms are placed: their footprints
/// are blocked too (corridors never run through them), and every doorway's outside cell
/// must be joined as well. The footprints are too many cells for the region count's
/// fixed size, so this floods the cells left instead.
fn corridors_can_join_everything_and_the_rooms(
    draft: &Draft,
    walkable: &Bits,
    placement: &Placement,
) -> bool {
    let (w, h) = (draft.grid.width(), draft.grid.height());
    let mut open = Bits::EMPTY;
    open.insert_rect(Rect::new(1, 1, w - 2, h - 2));
    let mut blocked = draft.placed.footprints;
    placement.for_each_protected(&draft.grid, |p| {
        if !walkable.contains(p) {
            blocked.insert(p);
        }
    });
    let mut targets = draft.placed.outside_bits;
    for r in &draft.rooms {
        targets.insert(r.centre());
    }
    if let Some(f) = draft.spec.forced_staircase {
        targets.insert(f);
    }
    Bits::reaches_all(&open.minus(&blocked), placement.primary.cell, &targets)
}

fn apply(draft: &mut Draft, placement: Placement) {
    let grid = &draft.grid;
    let protected = &mut draft.protected;
    placement.for_each_protected(grid, |p| {
        if grid.in_bounds(p) {
            protected.insert(p);
        }
    });
    for e in &placement.entries {
        draft.grid.set(e.cell, CellType::Entry);
        if draft.grid.in_bounds(e.mouth) {
            draft.mouths.insert(e.mouth);
        }
        draft.entries.push(e.cell);
    }
    for &b in &placement.beacons {
        draft.grid.set(b, CellType::Beacon);
    }
    // The primary, then the authored rooms' beacons, then the others.
    let mut beacons = placement.beacons;
    if draft.placed.any() {
        let rest = beacons.split_off(1);
        beacons.extend(draft.placed.beacons.iter().copied());
        beacons.extend(rest);
    }
    draft.beacons = beacons;
}

/// Drops the entry and primary-beacon candidates the authored rooms rule out: an entry
/// whose cell straight inside is no longer a room cell, on a footprint or a doorway's
/// outside cell, whose mouth or mouth's neighbours hold a doorway's outside cell, or too
/// close to a room's beacon; a primary beacon too close to a room's beacon, or guarded by
/// a doorway's outside cell or by a walkable cell of a room.
fn keep_clear_of_rooms(
    draft: &Draft,
    walkable: &Bits,
    entries: &mut Vec<EntryCandidate>,
    primaries: &mut Vec<PrimaryCandidate>,
) {
    let t = &draft.spec.tuning;
    let placed = &draft.placed;
    let mut room_cells = Bits::EMPTY;
    for &room in &draft.rooms {
        room_cells.insert_rect(room);
    }
    let off_limits = placed.footprints | placed.outside_bits;
    let far_from_room_beacons =
        |p: Pos, min: u32| placed.beacons.iter().all(|&b| b.manhattan(p) >= min);
    entries.retain(|e| {
        let inside = Pos::new(2 * e.cell.x - e.mouth.x, 2 * e.cell.y - e.mouth.y);
        room_cells.contains(inside)
            && !off_limits.contains(e.cell)
            && !placed.outside_bits.contains(e.mouth)
            && e.mouth
                .neighbours4()
                .into_iter()
                .all(|n| n == e.cell || !placed.outside_bits.contains(n))
            && far_from_room_beacons(e.cell, t.min_entry_beacon_dist)
    });
    let walkable_fixed = placed.footprints & *walkable;
    primaries.retain(|c| {
        far_from_room_beacons(c.cell, t.min_beacon_separation)
            && c.guards()
                .iter()
                .all(|&g| !placed.outside_bits.contains(g) && !walkable_fixed.contains(g))
    });
}

/// Border cells of every room partition that face OUT_OF_BOUNDS or the grid edge
/// straight across from a room cell, and that satisfy `keep`. Per partition: the left
/// and right sides row by row, then the top and bottom sides column by column.
fn entry_candidates(draft: &Draft, keep: impl Fn(Pos) -> bool) -> Vec<EntryCandidate> {
    let grid = &draft.grid;
    let shrink = draft.spec.tuning.room_shrink;
    let rooms = draft.partitions.iter().filter(|p| !p.oob).map(|p| p.rect);
    let border: i32 = rooms.clone().map(|r| 2 * (r.width + r.height)).sum();
    let mut out = Vec::with_capacity(border.max(0) as usize);
    let mut offer = |cell: Pos, mouth: Pos| {
        if grid.get(mouth) == CellType::OutOfBounds && keep(cell) {
            out.push(EntryCandidate { cell, mouth });
        }
    };
    for r in rooms {
        let room = r.inset(shrink);
        for y in room.y..room.bottom() {
            offer(Pos::new(r.x, y), Pos::new(r.x - 1, y));
            offer(Pos::new(r.right() - 1, y), Pos::new(r.right(), y));
        }
        for x in room.x..room.right() {
            offer(Pos::new(x, r.y), Pos::new(x, r.y - 1));
            offer(Pos::new(x, r.bottom() - 1), Pos::new(x, r.bottom()));
        }
    }
    out
}

/// Whether a corridor can still reach the candidate once its guards are walls: some
/// unguarded side is a cell of `reachable` (floor already, or off the grid's outer ring
/// where corridors may carve). A 1x1 room in a grid corner whose two inner sides are the
/// guards has none (seed 11106 bug).
fn has_open_side(reachable: &Bits, c: &PrimaryCandidate) -> bool {
    c.cell
        .neighbours4()
        .into_iter()
        .any(|n| !c.guards().contains(&n) && reachable.contains(n))
}

/// Appends to `out` the dead ends (the two ends of a one-cell-wide room) and corners of
/// a room.
fn primary_candidates(room: &Rect, out: &mut Vec<PrimaryCandidate>) {
    let (x0, y0) = (room.x, room.y);
    let (x1, y1) = (room.right() - 1, room.bottom() - 1);
    let dead_end = |cell: Pos, guards: [Pos; 3]| PrimaryCandidate {
        cell,
        guards,
        guard_count: 3,
        in_single_cell_room: false,
    };
    if room.width == 1 && room.height >= 2 {
        let (w, e) = (x0 - 1, x0 + 1);
        out.push(dead_end(
            Pos::new(x0, y0),
            [Pos::new(w, y0), Pos::new(e, y0), Pos::new(x0, y0 - 1)],
        ));
        out.push(dead_end(
            Pos::new(x0, y1),
            [Pos::new(w, y1), Pos::new(e, y1), Pos::new(x0, y1 + 1)],
        ));
    } else if room.height == 1 && room.width >= 2 {
        let (n, s) = (y0 - 1, y0 + 1);
        out.push(dead_end(
            Pos::new(x0, y0),
            [Pos::new(x0, n), Pos::new(x0, s), Pos::new(x0 - 1, y0)],
        ));
        out.push(dead_end(
            Pos::new(x1, y0),
            [Pos::new(x1, n), Pos::new(x1, s), Pos::new(x1 + 1, y0)],
        ));
    } else {
        for (cx, dx) in [(x0, -1), (x1, 1)] {
            for (cy, dy) in [(y0, -1), (y1, 1)] {
                let cell = Pos::new(cx, cy);
                out.push(PrimaryCandidate {
                    cell,
                    guards: [Pos::new(cx + dx, cy), Pos::new(cx, cy + dy), cell],
                    guard_count: 2,
                    in_single_cell_room: room.width == 1 && room.height == 1,
                });
            }
        }
    }
}
