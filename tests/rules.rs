//! The layout rules as a specification, each checked over a corpus of 100,800 layouts:
//! every storey type x depth 1-6 x level 1-4 x 1,400 seeds, a quarter of them with a
//! forced staircase. The corpus is generated once (in parallel) and shared by the tests.

mod common;

use common::*;
use outpost_core::{Pos, StoreyLayout, StoreyRequest, StoreyType, generate};
use std::sync::LazyLock;

const SEEDS_PER_COMBINATION: i64 = 1_400;

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
fn holds_for_corpus(rule: impl Fn(&StoreyLayout) -> Check + Sync) {
    let failures: Vec<String> = CORPUS
        .iter()
        .filter_map(|c| {
            rule(&c.layout)
                .err()
                .map(|e| format!("{:?}: {e}", c.request))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} layouts break the rule, e.g.:\n{}",
        failures.len(),
        CORPUS.len(),
        failures[..failures.len().min(10)].join("\n")
    );
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
}

#[test]
fn entry_and_beacon_counts_scale_with_depth_and_there_are_two_shafts_and_one_staircase() {
    holds_for_corpus(counts_scale_with_depth);
}

#[test]
fn cell_lists_match_the_grid_and_primary_beacon_is_the_first() {
    holds_for_corpus(lists_match_grid);
}

#[test]
fn every_entry_is_an_opening_in_the_outer_wall() {
    holds_for_corpus(entries_are_openings);
}

#[test]
fn outline_is_sealed_so_nothing_walks_out_but_through_an_entry() {
    holds_for_corpus(outline_is_sealed);
}

#[test]
fn entries_are_at_least_5_apart() {
    holds_for_corpus(|l| min_distance(&l.entry_cells, &l.entry_cells, 5, true));
}

#[test]
fn every_entry_is_at_least_6_from_every_beacon() {
    holds_for_corpus(|l| min_distance(&l.entry_cells, &l.beacon_cells, 6, false));
}

#[test]
fn every_entry_is_at_least_4_from_the_staircase() {
    holds_for_corpus(|l| min_distance(&l.entry_cells, &[l.staircase_cell], 4, false));
}

#[test]
fn beacons_are_at_least_5_apart() {
    holds_for_corpus(|l| min_distance(&l.beacon_cells, &l.beacon_cells, 5, true));
}

#[test]
fn shafts_are_at_least_4_apart() {
    holds_for_corpus(|l| min_distance(&l.shaft_cells, &l.shaft_cells, 4, true));
}

#[test]
fn every_shaft_touches_a_wall() {
    holds_for_corpus(shafts_touch_wall);
}

#[test]
fn staircase_is_not_an_entry_beacon_or_shaft() {
    holds_for_corpus(staircase_is_distinct);
}

#[test]
fn primary_beacon_is_a_dead_end_or_a_corner() {
    holds_for_corpus(primary_beacon_is_dead_end_or_corner);
}

#[test]
fn walkable_cells_form_one_open_zone() {
    holds_for_corpus(one_open_zone);
}

#[test]
fn every_entry_reaches_every_beacon() {
    holds_for_corpus(common::every_entry_reaches_every_beacon);
}

#[test]
fn enemy_paths_are_shortest_paths_from_each_entry_to_the_primary_beacon() {
    holds_for_corpus(enemy_paths_are_shortest);
}

#[test]
fn upper_floors_have_no_out_of_bounds_cells() {
    holds_for_corpus(upper_floor_has_no_oob);
}

#[test]
fn forced_staircase_lands_on_the_requested_cell() {
    let misplaced: Vec<_> = CORPUS
        .iter()
        .filter(|c| {
            c.request
                .forced_staircase
                .is_some_and(|f| f != c.layout.staircase_cell)
        })
        .map(|c| c.request)
        .collect();
    assert!(misplaced.is_empty(), "{misplaced:?}");
    assert!(
        CORPUS
            .iter()
            .filter(|c| c.request.forced_staircase.is_some())
            .count()
            >= 25_000
    );
}

#[test]
fn no_layout_needs_a_retry() {
    let retried: Vec<_> = CORPUS
        .iter()
        .filter(|c| c.layout.generation_attempts != 1)
        .map(|c| (c.request, c.layout.generation_attempts))
        .collect();
    assert!(
        retried.is_empty(),
        "{} layouts needed retries: {:?}",
        retried.len(),
        &retried[..retried.len().min(5)]
    );
}

#[test]
fn seed_value_is_the_callers_seed() {
    assert!(CORPUS.iter().all(|c| c.layout.seed_value == c.request.seed));
}

#[test]
fn ground_and_underground_storeys_are_irregular_underground_more_so() {
    let share = |t: StoreyType| {
        let of_type: Vec<&StoreyLayout> = CORPUS
            .iter()
            .map(|c| &c.layout)
            .filter(|l| l.storey_type == t)
            .collect();
        let with_oob =
            of_type.iter().filter(|l| oob_count(l) > 0).count() as f64 / of_type.len() as f64;
        let cells: f64 = of_type
            .iter()
            .map(|l| oob_count(l) as f64 / f64::from(l.width * l.height))
            .sum();
        (with_oob, cells / of_type.len() as f64)
    };
    let (ground_any, ground_cells) = share(StoreyType::GroundFloor);
    let (under_any, under_cells) = share(StoreyType::Underground);
    assert!(
        ground_any > 0.5,
        "only {ground_any:.2} of ground floors have OOB cells"
    );
    assert!(
        under_any > 0.5,
        "only {under_any:.2} of underground storeys have OOB cells"
    );
    assert!(
        under_cells > ground_cells,
        "underground OOB share {under_cells:.3} not above ground {ground_cells:.3}"
    );
}

#[test]
fn every_layout_passes_the_generators_own_validator() {
    holds_for_corpus(|l| outpost_core::validate(l).map_err(|v| v.to_string()));
}

#[test]
fn all_rules_hold_together() {
    holds_for_corpus(all_rules);
}

#[test]
fn the_independent_checker_rejects_broken_layouts() {
    let good = &CORPUS[0].layout;
    assert_eq!(all_rules(good), Ok(()));
    let mut sealed_broken = good.clone();
    let (p, _) = good
        .cells
        .iter()
        .find(|&(p, t)| t == outpost_core::CellType::Wall && good.cells.on_edge(p))
        .unwrap();
    sealed_broken.cells.set(p, outpost_core::CellType::Empty);
    assert!(outline_is_sealed(&sealed_broken).is_err());
    let mut path_broken = good.clone();
    path_broken.enemy_paths[0].remove(1);
    assert!(enemy_paths_are_shortest(&path_broken).is_err());
    let mut beacon_broken = good.clone();
    beacon_broken.beacon_cells.reverse();
    assert!(lists_match_grid(&beacon_broken).is_err() || good.beacon_cells.len() == 1);
}
