//! The layout rules as a specification, each checked over a corpus of 100,800 layouts:
//! every storey type x depth 1-6 x level 1-4 x 1,400 seeds, a quarter of them with a
//! forced staircase. The corpus is generated once (in parallel) and shared by the tests.
//!
//! Every rule is a module of two tests. `holds_for_every_layout` runs the rule's
//! checker over the corpus. `is_caught_in_layouts_broken_for_it` is the mutation run
//! that shows the first test can fail: it breaks corpus layouts for that rule and
//! asserts the checker rejects every one. For the layout rules, the combined checker
//! ([`all_rules`]) and the generator's own validator must reject them as well. The
//! checkers are the independent ones of `tests/common`, written from the rules rather
//! than from the generator's validator. The validator itself, the generator's gate, is
//! held to those checkers on thousands of single-cell changes of corpus layouts.

mod common;

use common::*;
use outpost_core::{CellType, Pos, StoreyLayout, StoreyRequest, StoreyType, generate};
use std::sync::LazyLock;

const SEEDS_PER_COMBINATION: i64 = 1_400;

/// One corpus entry: what was asked for and what came out.
struct Case {
    request: StoreyRequest,
    layout: StoreyLayout,
}

fn requests() -> Vec<StoreyRequest> {
    let mut out = Vec::new();
    for storey_type in StoreyType::ALL {
        for depth in 1..=6 {
            for level in 1..=4 {
                for i in 0..SEEDS_PER_COMBINATION {
                    // Spread seeds over the whole i64 range, negatives included.
                    let seed = i.wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as i64)
                        ^ (depth << 40)
                        ^ (level << 50);
                    let mut request = StoreyRequest::new(seed, depth, level, storey_type);
                    if i % 4 == 0 {
                        let (w, h) = request.grid_size().unwrap();
                        let x = 1 + (i as i32 * 7) % (w - 2);
                        let y = 1 + (i as i32 * 3) % (h - 2);
                        request = request.with_forced_staircase(Pos::new(x, y));
                    }
                    out.push(request);
                }
            }
        }
    }
    out
}

static CORPUS: LazyLock<Vec<Case>> = LazyLock::new(|| {
    let requests = requests();
    let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let chunk = requests.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = requests
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|r| Case {
                            request: *r,
                            layout: generate(r).unwrap_or_else(|e| panic!("{r:?}: {e}")),
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
});

/// Runs `rule` over the corpus and reports every violation (up to ten).
fn holds_for_corpus(rule: impl Fn(&Case) -> Check + Sync) {
    let failures: Vec<String> = CORPUS
        .iter()
        .filter_map(|c| rule(c).err().map(|e| format!("{:?}: {e}", c.request)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} layouts break the rule, e.g.:\n{}",
        failures.len(),
        CORPUS.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// How many corpus layouts each mutation run breaks.
const BROKEN_PER_RULE: usize = 25;

/// Breaks the first `BROKEN_PER_RULE` corpus layouts that `breaker` can break (it
/// returns `None` for the others) and asserts that `rule` accepts each original and
/// rejects each broken copy. With `whole_layout`, the combined checker and the
/// generator's validator must reject the broken copy too.
fn caught_when_broken(
    rule: impl Fn(&Case) -> Check,
    breaker: impl Fn(&Case) -> Option<StoreyLayout>,
    whole_layout: bool,
) {
    let broken: Vec<(&Case, Case)> = CORPUS
        .iter()
        .filter_map(|c| {
            let layout = breaker(c)?;
            Some((
                c,
                Case {
                    request: c.request,
                    layout,
                },
            ))
        })
        .take(BROKEN_PER_RULE)
        .collect();
    assert_eq!(
        broken.len(),
        BROKEN_PER_RULE,
        "too few layouts could be broken"
    );
    for (good, bad) in broken {
        assert_eq!(rule(good), Ok(()), "{:?}", good.request);
        assert!(
            rule(&bad).is_err(),
            "{:?}: the checker misses it",
            good.request
        );
        if whole_layout {
            assert!(
                all_rules(&bad.layout).is_err(),
                "{:?}: all_rules misses it",
                good.request
            );
            assert!(
                outpost_core::validate(&bad.layout).is_err(),
                "{:?}: the validator misses it",
                good.request
            );
        }
    }
}

/// A rule of every single layout: its checker and how to break a layout for it.
macro_rules! layout_rule {
    ($(#[$doc:meta])* $name:ident, $check:expr, broken_by: $breaker:expr $(,)?) => {
        $(#[$doc])*
        mod $name {
            use super::*;

            #[test]
            fn holds_for_every_layout() {
                holds_for_corpus(|c| $check(&c.layout));
            }

            #[test]
            fn is_caught_in_layouts_broken_for_it() {
                caught_when_broken(|c| $check(&c.layout), |c| $breaker(&c.layout), true);
            }
        }
    };
}

/// A rule relating a layout to its request: its checker and how to break a layout for it.
macro_rules! request_rule {
    ($(#[$doc:meta])* $name:ident, $check:expr, broken_by: $breaker:expr $(,)?) => {
        $(#[$doc])*
        mod $name {
            use super::*;

            #[test]
            fn holds_for_every_layout() {
                holds_for_corpus($check);
            }

            #[test]
            fn is_caught_in_layouts_broken_for_it() {
                caught_when_broken($check, $breaker, false);
            }
        }
    };
}

layout_rule!(
    /// ENTRY and BEACON: 1 each at depth 1, 2 at depth 2-3, 3 from depth 4; 2 SHAFT, 1 STAIRCASE.
    entry_and_beacon_counts_scale_with_depth_and_there_are_two_shafts_and_one_staircase,
    counts_scale_with_depth,
    broken_by: |l| with(l, |b| {
        let s = b.shaft_cells.pop()?;
        b.cells.set(s, CellType::Empty);
        Some(())
    }),
);

layout_rule!(
    /// `entry_cells`, `beacon_cells`, `shaft_cells` and `staircase_cell` list exactly the
    /// grid's cells of their type.
    cell_lists_match_the_grid,
    lists_match_grid,
    broken_by: |l| with(l, |b| {
        // An EMPTY cell turns into a SHAFT that no list names.
        let p = b.cells.positions_of(CellType::Empty).next()?;
        b.cells.set(p, CellType::Shaft);
        Some(())
    }),
);

layout_rule!(
    /// `primary_beacon == beacon_cells[0]`.
    primary_beacon_is_the_first_beacon,
    primary_beacon_is_first,
    broken_by: |l| with(l, |b| {
        // Only a storey with several beacons can list another one first.
        (b.beacon_cells.len() > 1).then(|| b.beacon_cells.reverse())
    }),
);

layout_rule!(
    /// Each ENTRY has OUT_OF_BOUNDS or the grid edge on one side and floor on another.
    every_entry_is_an_opening_in_the_outer_wall,
    entries_are_openings,
    broken_by: |l| with(l, |b| {
        // Wall up the floor just inside the first entry.
        for n in neighbours(b.entry_cells[0]) {
            if walkable(b, n) {
                b.cells.set(n, CellType::Wall);
            }
        }
        Some(())
    }),
);

layout_rule!(
    /// No walkable cell but an ENTRY touches OUT_OF_BOUNDS or the grid edge.
    outline_is_sealed_so_nothing_walks_out_but_through_an_entry,
    outline_is_sealed,
    broken_by: |l| with(l, |b| {
        // A WALL on the grid's edge turns into floor.
        let p = b.cells.positions_of(CellType::Wall).find(|&p| b.cells.on_edge(p))?;
        b.cells.set(p, CellType::Empty);
        Some(())
    }),
);

layout_rule!(
    /// ENTRY cells are at least 5 apart.
    entries_are_at_least_5_apart,
    |l: &StoreyLayout| min_distance(&l.entry_cells, &l.entry_cells, 5, true),
    broken_by: |l| with(l, |b| {
        // The second entry moves into the wall beside the first.
        let (first, second) = (*b.entry_cells.first()?, *b.entry_cells.get(1)?);
        let to = neighbours(first).into_iter().find(|&n| cell(b, n) == CellType::Wall)?;
        move_special(b, second, to, CellType::Entry);
        b.entry_cells[1] = to;
        Some(())
    }),
);

layout_rule!(
    /// Every ENTRY is at least 6 from every BEACON.
    every_entry_is_at_least_6_from_every_beacon,
    |l: &StoreyLayout| min_distance(&l.entry_cells, &l.beacon_cells, 6, false),
    broken_by: |l| with(l, |b| {
        // The last beacon moves onto the floor just inside the first entry.
        let to = empty_neighbour(b, b.entry_cells[0])?;
        let last = b.beacon_cells.len() - 1;
        move_special(b, b.beacon_cells[last], to, CellType::Beacon);
        b.beacon_cells[last] = to;
        b.primary_beacon = b.beacon_cells[0];
        Some(())
    }),
);

layout_rule!(
    /// Every ENTRY is at least 4 from the STAIRCASE.
    every_entry_is_at_least_4_from_the_staircase,
    |l: &StoreyLayout| min_distance(&l.entry_cells, &[l.staircase_cell], 4, false),
    broken_by: |l| with(l, |b| {
        let to = empty_neighbour(b, b.entry_cells[0])?;
        move_special(b, b.staircase_cell, to, CellType::Staircase);
        b.staircase_cell = to;
        Some(())
    }),
);

layout_rule!(
    /// BEACON cells are at least 5 apart.
    beacons_are_at_least_5_apart,
    |l: &StoreyLayout| min_distance(&l.beacon_cells, &l.beacon_cells, 5, true),
    broken_by: |l| with(l, |b| {
        // The second beacon moves next to the primary.
        let from = *b.beacon_cells.get(1)?;
        let to = empty_neighbour(b, b.beacon_cells[0])?;
        move_special(b, from, to, CellType::Beacon);
        b.beacon_cells[1] = to;
        Some(())
    }),
);

layout_rule!(
    /// The two SHAFT cells are at least 4 apart.
    shafts_are_at_least_4_apart,
    |l: &StoreyLayout| min_distance(&l.shaft_cells, &l.shaft_cells, 4, true),
    broken_by: |l| with(l, |b| {
        let to = empty_neighbour(b, b.shaft_cells[0])?;
        move_special(b, b.shaft_cells[1], to, CellType::Shaft);
        b.shaft_cells[1] = to;
        Some(())
    }),
);

layout_rule!(
    /// Each SHAFT touches a WALL.
    every_shaft_touches_a_wall,
    shafts_touch_wall,
    broken_by: |l| with(l, |b| {
        // The second shaft moves to open floor, away from every wall and the first shaft.
        let to = b.cells.positions_of(CellType::Empty).find(|&p| {
            neighbours(p).iter().all(|&n| cell(b, n) != CellType::Wall)
                && manhattan(p, b.shaft_cells[0]) >= 4
        })?;
        move_special(b, b.shaft_cells[1], to, CellType::Shaft);
        b.shaft_cells[1] = to;
        Some(())
    }),
);

layout_rule!(
    /// The STAIRCASE is no ENTRY, BEACON or SHAFT.
    staircase_is_not_an_entry_beacon_or_shaft,
    staircase_is_distinct,
    broken_by: |l| with(l, |b| {
        // The staircase is put on the last shaft.
        let shaft = *b.shaft_cells.last()?;
        b.cells.set(b.staircase_cell, CellType::Empty);
        b.cells.set(shaft, CellType::Staircase);
        b.staircase_cell = shaft;
        Some(())
    }),
);

layout_rule!(
    /// The primary BEACON is a dead end or a corner (when the layout has one).
    primary_beacon_is_a_dead_end_or_a_corner,
    primary_beacon_is_dead_end_or_corner,
    broken_by: |l| with(l, |b| {
        // The walls around a primary beacon away from the edge turn into floor.
        let p = b.primary_beacon;
        let inner = neighbours(p).iter().all(|&n| !b.cells.on_edge(n) && !off_grid(b, n));
        if !inner {
            return None;
        }
        for n in neighbours(p) {
            if !walkable(b, n) {
                b.cells.set(n, CellType::Empty);
            }
        }
        Some(())
    }),
);

layout_rule!(
    /// A GROUND_FLOOR has exactly one ENTRANCE cell, and `entrance_cell` names it.
    every_ground_floor_has_exactly_one_entrance,
    ground_floor_has_one_entrance,
    broken_by: |l| with(l, |b| {
        // The door is walled up; `entrance_cell` still names it.
        b.cells.set(b.entrance_cell?, CellType::Wall);
        Some(())
    }),
);

layout_rule!(
    /// UPPER_FLOOR and UNDERGROUND storeys have no ENTRANCE.
    only_ground_floors_have_an_entrance,
    common::only_ground_floors_have_an_entrance,
    broken_by: |l| with(l, |b| {
        // A doorway in the outer wall of another storey becomes a door.
        if b.storey_type == StoreyType::GroundFloor {
            return None;
        }
        let door = b.cells.positions_of(CellType::Wall).find(|&p| is_doorway(b, p))?;
        b.cells.set(door, CellType::Entrance);
        b.entrance_cell = Some(door);
        Some(())
    }),
);

layout_rule!(
    /// The ENTRANCE is a doorway: one walkable neighbour, EMPTY, with the outside
    /// straight across from it.
    the_entrance_is_a_doorway_in_the_outer_wall,
    entrance_is_a_doorway,
    broken_by: |l| with(l, |b| {
        // The floor inside the door is walled up.
        let door = b.entrance_cell?;
        let inside = neighbours(door).into_iter().find(|&n| walkable(b, n))?;
        b.cells.set(inside, CellType::Wall);
        Some(())
    }),
);

layout_rule!(
    /// The ENTRANCE is at least 5 from every ENTRY and 4 from every BEACON.
    the_entrance_keeps_away_from_entries_and_beacons,
    entrance_keeps_its_distances,
    broken_by: |l| with(l, |b| {
        // The door moves to another doorway too close to an entry or a beacon.
        let door = b.entrance_cell?;
        let near = |p: Pos| {
            b.entry_cells.iter().any(|&e| manhattan(p, e) < 5)
                || b.beacon_cells.iter().any(|&q| manhattan(p, q) < 4)
        };
        let to = b
            .cells
            .positions_of(CellType::Wall)
            .find(|&p| near(p) && is_doorway(b, p))?;
        b.cells.set(door, CellType::Wall);
        b.cells.set(to, CellType::Entrance);
        b.entrance_cell = Some(to);
        Some(())
    }),
);

layout_rule!(
    /// Every BEACON, the STAIRCASE and every SHAFT can be walked to from the ENTRANCE.
    the_entrance_reaches_every_beacon_the_staircase_and_every_shaft,
    entrance_reaches_beacons_staircase_and_shafts,
    broken_by: |l| with(l, |b| {
        // The floor inside the door is walled in on its other sides (if they are plain
        // floor), leaving the door and that floor an island.
        let door = b.entrance_cell?;
        let inside = neighbours(door).into_iter().find(|&n| walkable(b, n))?;
        let others: Vec<Pos> = neighbours(inside)
            .into_iter()
            .filter(|&n| n != door && walkable(b, n))
            .collect();
        if others.iter().any(|&n| cell(b, n) != CellType::Empty) {
            return None;
        }
        for n in others {
            b.cells.set(n, CellType::Wall);
        }
        Some(())
    }),
);

layout_rule!(
    /// All walkable cells form one open zone, and `open_zone_count` says 1.
    walkable_cells_form_one_open_zone,
    one_open_zone,
    broken_by: |l| with(l, |b| {
        // A WALL cell amid walls turns into an island of floor.
        let p = b.cells.positions_of(CellType::Wall).find(|&p| {
            !b.cells.on_edge(p) && neighbours(p).iter().all(|&n| !walkable(b, n))
        })?;
        b.cells.set(p, CellType::Empty);
        Some(())
    }),
);

layout_rule!(
    /// Every ENTRY reaches every BEACON over walkable cells.
    every_entry_reaches_every_beacon,
    common::every_entry_reaches_every_beacon,
    broken_by: |l| with(l, |b| {
        // The last beacon is walled in.
        let last = *b.beacon_cells.last()?;
        for n in neighbours(last) {
            if walkable(b, n) {
                b.cells.set(n, CellType::Wall);
            }
        }
        Some(())
    }),
);

layout_rule!(
    /// `enemy_paths[i]` is a shortest walkable path from `entry_cells[i]` to the primary
    /// beacon, and `enemy_path == enemy_paths[0]`.
    enemy_paths_are_shortest_paths_from_each_entry_to_the_primary_beacon,
    enemy_paths_are_shortest,
    broken_by: |l| with(l, |b| {
        // The first path steps forward and back once: walkable, but not shortest.
        let path = &mut b.enemy_paths[0];
        let (first, second) = (path[0], path[1]);
        path.splice(1..1, [second, first]);
        b.enemy_path = path.clone();
        Some(())
    }),
);

layout_rule!(
    /// UPPER_FLOOR storeys have no OUT_OF_BOUNDS cells.
    upper_floors_have_no_out_of_bounds_cells,
    upper_floor_has_no_oob,
    broken_by: |l| with(l, |b| {
        // A corner of an upper floor goes missing.
        let upper = b.storey_type == StoreyType::UpperFloor;
        upper.then(|| b.cells.set(Pos::new(0, 0), CellType::OutOfBounds))
    }),
);

request_rule!(
    /// A forced staircase lands on the requested cell.
    forced_staircase_lands_on_the_requested_cell,
    |c: &Case| match c.request.forced_staircase {
        Some(f) if f != c.layout.staircase_cell => {
            Err(format!("staircase at {}, forced to {f}", c.layout.staircase_cell))
        }
        _ => Ok(()),
    },
    broken_by: |c: &Case| {
        c.request.forced_staircase?;
        with(&c.layout, |b| {
            let to = empty_neighbour(b, b.staircase_cell)?;
            move_special(b, b.staircase_cell, to, CellType::Staircase);
            b.staircase_cell = to;
            Some(())
        })
    },
);

request_rule!(
    /// `seed_value` is the caller's seed, whatever seed the generator ran with.
    seed_value_is_the_callers_seed,
    |c: &Case| {
        if c.layout.seed_value == c.request.seed {
            Ok(())
        } else {
            Err(format!("seed_value {} for seed {}", c.layout.seed_value, c.request.seed))
        }
    },
    broken_by: |c: &Case| with(&c.layout, |b| {
        b.seed_value = b.seed_value.wrapping_add(1);
        Some(())
    }),
);

request_rule!(
    /// The generator never needs a second attempt (its retries hide bugs).
    no_layout_needs_a_retry,
    |c: &Case| {
        if c.layout.generation_attempts == 1 {
            Ok(())
        } else {
            Err(format!("{} attempts", c.layout.generation_attempts))
        }
    },
    broken_by: |c: &Case| with(&c.layout, |b| {
        b.generation_attempts = 2;
        Some(())
    }),
);

/// A copy of `l` changed by `change`, or `None` if `change` cannot break it.
fn with(
    l: &StoreyLayout,
    change: impl FnOnce(&mut StoreyLayout) -> Option<()>,
) -> Option<StoreyLayout> {
    let mut broken = l.clone();
    change(&mut broken)?;
    Some(broken)
}

/// Moves a special cell of type `t` from `from` to `to` in the grid (the caller updates
/// the list); `from` becomes EMPTY, or WALL for an entry (which sits in the wall).
fn move_special(l: &mut StoreyLayout, from: Pos, to: Pos, t: CellType) {
    let left = if t == CellType::Entry {
        CellType::Wall
    } else {
        CellType::Empty
    };
    l.cells.set(from, left);
    l.cells.set(to, t);
}

/// An EMPTY cell next to `p`, if any.
fn empty_neighbour(l: &StoreyLayout, p: Pos) -> Option<Pos> {
    neighbours(p)
        .into_iter()
        .find(|&n| cell(l, n) == CellType::Empty)
}

#[test]
fn corpus_has_at_least_100k_layouts_of_every_kind() {
    assert!(CORPUS.len() >= 100_000);
    for t in StoreyType::ALL {
        for d in 1..=6 {
            for l in 1..=4 {
                let n = CORPUS
                    .iter()
                    .filter(|c| {
                        c.layout.storey_type == t
                            && c.layout.storey_depth == d
                            && c.layout.outpost_level == l
                    })
                    .count();
                assert!(n >= 1_000, "{t} depth {d} level {l}: only {n} layouts");
            }
        }
    }
    let forced = CORPUS
        .iter()
        .filter(|c| c.request.forced_staircase.is_some())
        .count();
    assert!(
        forced >= 25_000,
        "only {forced} layouts with a forced staircase"
    );
}

/// GROUND_FLOOR and UNDERGROUND storeys mostly have OUT_OF_BOUNDS cells, UNDERGROUND
/// a larger share of them.
mod ground_and_underground_storeys_are_irregular_underground_more_so {
    use super::*;

    fn irregular(layouts: &[&StoreyLayout]) -> Check {
        let share = |t: StoreyType| {
            let of_type: Vec<&StoreyLayout> = layouts
                .iter()
                .copied()
                .filter(|l| l.storey_type == t)
                .collect();
            let n = of_type.len() as f64;
            let with_oob = of_type.iter().filter(|l| oob_count(l) > 0).count() as f64 / n;
            let cells: f64 = of_type
                .iter()
                .map(|l| oob_count(l) as f64 / f64::from(l.width * l.height))
                .sum();
            (with_oob, cells / n)
        };
        let (ground_any, ground_cells) = share(StoreyType::GroundFloor);
        let (under_any, under_cells) = share(StoreyType::Underground);
        if ground_any <= 0.5 {
            return Err(format!(
                "only {ground_any:.2} of ground floors have OOB cells"
            ));
        }
        if under_any <= 0.5 {
            return Err(format!(
                "only {under_any:.2} of underground storeys have OOB cells"
            ));
        }
        if under_cells <= ground_cells {
            return Err(format!(
                "underground OOB share {under_cells:.3} not above ground {ground_cells:.3}"
            ));
        }
        Ok(())
    }

    #[test]
    fn holds_for_the_corpus() {
        let all: Vec<&StoreyLayout> = CORPUS.iter().map(|c| &c.layout).collect();
        assert_eq!(irregular(&all), Ok(()));
    }

    #[test]
    fn is_caught_when_ground_floors_are_filled_in() {
        let sample: Vec<StoreyLayout> = CORPUS
            .iter()
            .take(3_000)
            .map(|c| c.layout.clone())
            .collect();
        assert_eq!(irregular(&sample.iter().collect::<Vec<_>>()), Ok(()));
        let filled: Vec<StoreyLayout> = sample
            .into_iter()
            .map(|mut l| {
                if l.storey_type == StoreyType::GroundFloor {
                    for p in all_cells(&l) {
                        if cell(&l, p) == CellType::OutOfBounds {
                            l.cells.set(p, CellType::Wall);
                        }
                    }
                }
                l
            })
            .collect();
        assert!(irregular(&filled.iter().collect::<Vec<_>>()).is_err());
    }
}

/// [`validator_accepts_exactly_the_single_cell_changes_the_rules_allow`] changes every
/// `CHANGED_EVERY`-th corpus layout...
const CHANGED_EVERY: usize = 8;
/// ... in `CHANGES_PER_LAYOUT` ways, one at a time.
const CHANGES_PER_LAYOUT: u64 = 4;

/// One single-cell change of `l`, picked by `draw` (any `u64`): a plain cell (not ENTRY,
/// BEACON, SHAFT or STAIRCASE) set to another of OUT_OF_BOUNDS, WALL and EMPTY, or a
/// special cell moved onto a plain cell with its list (and `primary_beacon`) following
/// it. Nothing else changes: `enemy_paths` and `open_zone_count` stay as generated.
fn changed_cell(l: &StoreyLayout, draw: u64) -> StoreyLayout {
    const PLAIN: [CellType; 3] = [CellType::OutOfBounds, CellType::Wall, CellType::Empty];
    let mut changed = l.clone();
    let plain: Vec<Pos> = all_cells(l)
        .into_iter()
        .filter(|&p| PLAIN.contains(&cell(l, p)))
        .collect();
    let to = plain[(draw >> 8) as usize % plain.len()];
    // Three changes in four set a plain cell; the fourth moves a special cell.
    if !draw.is_multiple_of(4) {
        let now = PLAIN.iter().position(|&t| t == cell(l, to)).unwrap();
        let step = 1 + (draw >> 40) as usize % 2;
        changed.cells.set(to, PLAIN[(now + step) % 3]);
        return changed;
    }
    let mut specials: Vec<(CellType, usize)> = Vec::new();
    specials.extend((0..l.entry_cells.len()).map(|i| (CellType::Entry, i)));
    specials.extend((0..l.beacon_cells.len()).map(|i| (CellType::Beacon, i)));
    specials.extend((0..l.shaft_cells.len()).map(|i| (CellType::Shaft, i)));
    specials.push((CellType::Staircase, 0));
    let (t, i) = specials[(draw >> 40) as usize % specials.len()];
    let slot = match t {
        CellType::Entry => &mut changed.entry_cells[i],
        CellType::Beacon => &mut changed.beacon_cells[i],
        CellType::Shaft => &mut changed.shaft_cells[i],
        _ => &mut changed.staircase_cell,
    };
    let from = std::mem::replace(slot, to);
    if t == CellType::Beacon && i == 0 {
        changed.primary_beacon = to;
    }
    move_special(&mut changed, from, to, t);
    changed
}

/// The generator ships a layout only when its validator accepts it, so the validator
/// must accept exactly what the rules allow: no more (a broken layout would ship), no
/// less (a good one would cost a retry and change the seeds' layouts). Over thousands of
/// single-cell changes of corpus layouts ([`changed_cell`]), the validator and the
/// independent checkers ([`all_rules`], written from the rules) give the same verdict on
/// every one; both verdicts occur, so the agreement is not won by one side alone.
#[test]
fn validator_accepts_exactly_the_single_cell_changes_the_rules_allow() {
    let (mut accepted, mut rejected) = (0, 0);
    let mut disagreements = Vec::new();
    for (n, c) in CORPUS.iter().enumerate().step_by(CHANGED_EVERY) {
        for k in 0..CHANGES_PER_LAYOUT {
            // SplitMix64's finaliser: a fixed, well-spread draw per (layout, change).
            let mut z = (n as u64 * CHANGES_PER_LAYOUT + k).wrapping_add(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            let changed = changed_cell(&c.layout, z ^ (z >> 31));
            let rules = all_rules(&changed);
            let validator = outpost_core::validate(&changed);
            match (&rules, &validator) {
                (Ok(()), Ok(())) => accepted += 1,
                (Err(_), Err(_)) => rejected += 1,
                _ => disagreements.push(format!(
                    "{:?} change {k}: rules {rules:?}, validator {:?}",
                    c.request,
                    validator.as_ref().map_err(ToString::to_string)
                )),
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} changed layouts where the validator and the rules disagree, e.g.:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(10)].join("\n")
    );
    let total = accepted + rejected;
    assert!(
        accepted * 10 >= total && rejected * 10 >= total,
        "too one-sided to show agreement: {accepted} accepted, {rejected} rejected"
    );
}

#[test]
fn all_rules_hold_together() {
    holds_for_corpus(|c| all_rules(&c.layout));
}
