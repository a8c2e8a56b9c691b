//! The survey: every metric of `outpost_core::survey` against a plain computation written
//! here from the metric's definition (breadth-first searches and loops over the cells,
//! on more than 1,000 layouts, each value exactly); the survey measures exactly the
//! sweep's layouts; percentiles by nearest rank on hand-made samples; the JSON report's
//! shape.

mod common;

use common::{all_cells, cell, manhattan, walkable};
use outpost_core::survey::{
    ChunkError, Distribution, GroupBy, Metric, Metrics, Survey, SurveyChunk, nearest_rank, survey,
    sweep, sweep_request,
};
use outpost_core::{
    CellType, GenerationReport, GenerationSettings, Pos, StoreyLayout, StoreyType,
    generate_reported,
};
use serde_json::Value;
use std::collections::VecDeque;

/// `a` and `b` are the same float, bit for bit.
fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits()
}

fn four(p: Pos) -> [Pos; 4] {
    [
        Pos::new(p.x + 1, p.y),
        Pos::new(p.x - 1, p.y),
        Pos::new(p.x, p.y + 1),
        Pos::new(p.x, p.y - 1),
    ]
}

/// Connected regions of walkable cells, leaving out `removed`, by breadth-first search.
fn regions_without(l: &StoreyLayout, removed: Option<Pos>) -> usize {
    let (w, h) = (l.width as usize, l.height as usize);
    let mut seen = vec![false; w * h];
    let idx = |p: Pos| p.x as usize * h + p.y as usize;
    let open = |p: Pos| walkable(l, p) && Some(p) != removed;
    let mut regions = 0;
    for start in all_cells(l) {
        if !open(start) || seen[idx(start)] {
            continue;
        }
        regions += 1;
        seen[idx(start)] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            for n in four(p) {
                if open(n) && !seen[idx(n)] {
                    seen[idx(n)] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    regions
}

/// Cells whose removal leaves more walkable regions than before.
fn choke_cells(l: &StoreyLayout) -> u32 {
    let before = regions_without(l, None);
    all_cells(l)
        .into_iter()
        .filter(|&p| walkable(l, p) && regions_without(l, Some(p)) > before)
        .count() as u32
}

/// Holes of the walkable area: 8-connected groups of non-walkable cells that do not
/// reach the outside of the grid. For 4-connected cells they are exactly the bounded
/// faces of the cell graph other than its 2x2 blocks (digital topology's duality of
/// 4- and 8-connectivity), so this counts loops without the Euler formula.
fn holes(l: &StoreyLayout) -> u32 {
    // The grid with a one-cell frame of non-walkable cells around it.
    let (w, h) = (l.width + 2, l.height + 2);
    let solid = |x: i32, y: i32| !walkable(l, Pos::new(x - 1, y - 1));
    let mut seen = vec![false; (w * h) as usize];
    let idx = |x: i32, y: i32| (x * h + y) as usize;
    let fill = |sx: i32, sy: i32, seen: &mut Vec<bool>| {
        seen[idx(sx, sy)] = true;
        let mut queue = VecDeque::from([(sx, sy)]);
        while let Some((x, y)) = queue.pop_front() {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..w).contains(&nx)
                        && (0..h).contains(&ny)
                        && solid(nx, ny)
                        && !seen[idx(nx, ny)]
                    {
                        seen[idx(nx, ny)] = true;
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
    };
    fill(0, 0, &mut seen); // the outside, through the frame
    let mut holes = 0;
    for x in 0..w {
        for y in 0..h {
            if solid(x, y) && !seen[idx(x, y)] {
                holes += 1;
                fill(x, y, &mut seen);
            }
        }
    }
    holes
}

fn dead_ends(l: &StoreyLayout) -> u32 {
    all_cells(l)
        .into_iter()
        .filter(|&p| walkable(l, p) && four(p).iter().filter(|&&n| walkable(l, n)).count() == 1)
        .count() as u32
}

/// Checks the report's BSP leaves against the layout: they tile the grid, each at least
/// `min_partition` on a side, and the ones that hold a room hold `layout.rooms` in order.
fn check_leaves(l: &StoreyLayout, report: &GenerationReport, settings: &GenerationSettings) {
    let mut cover = vec![0u32; (l.width * l.height) as usize];
    let mut rooms = Vec::new();
    for p in &report.partitions {
        let r = p.rect;
        assert!(
            i64::from(r.width) >= settings.min_partition
                && i64::from(r.height) >= settings.min_partition
        );
        for x in r.x..r.x + r.width {
            for y in r.y..r.y + r.height {
                cover[(x * l.height + y) as usize] += 1;
            }
        }
        let shrink = settings.room_shrink as i32;
        let room = (
            r.x + shrink,
            r.y + shrink,
            r.width - 2 * shrink,
            r.height - 2 * shrink,
        );
        if !p.oob && room.2 > 0 && room.3 > 0 {
            rooms.push(room);
        }
    }
    assert!(cover.iter().all(|&c| c == 1), "leaves do not tile the grid");
    let listed: Vec<_> = l
        .rooms
        .iter()
        .map(|r| (r.x, r.y, r.width, r.height))
        .collect();
    assert_eq!(rooms, listed);
    assert_eq!(report.bsp_leaves as usize, report.partitions.len());
    assert_eq!(
        report.oob_partitions as usize,
        report.partitions.iter().filter(|p| p.oob).count()
    );
}

/// Every metric of one layout, recomputed here and compared exactly.
fn check_metrics(l: &StoreyLayout, report: &GenerationReport, settings: &GenerationSettings) {
    let m = Metrics::of(l, report);
    let cells = all_cells(l);
    let oob = cells
        .iter()
        .filter(|&&p| cell(l, p) == CellType::OutOfBounds)
        .count();
    let open = cells.iter().filter(|&&p| walkable(l, p)).count();
    let seed = l.seed_value;
    assert!(
        same(m.oob_fraction, oob as f64 / cells.len() as f64),
        "{seed}"
    );
    assert!(
        same(m.open_fraction, open as f64 / (cells.len() - oob) as f64),
        "{seed}"
    );
    check_leaves(l, report, settings);
    assert_eq!(m.bsp_leaves as usize, report.partitions.len());
    assert_eq!(m.rooms as usize, l.rooms.len());
    let biggest = l
        .rooms
        .iter()
        .map(|r| r.width * r.height)
        .max()
        .unwrap_or(0);
    assert_eq!(m.room_area_max as i32, biggest, "{seed}");
    assert_eq!(m.dead_ends, dead_ends(l), "{seed}");
    assert_eq!(m.loops, holes(l), "{seed}");
    assert_eq!(m.choke_cells, choke_cells(l), "{seed}");
    let path = &l.enemy_path;
    assert_eq!(m.path_length as usize, path.len());
    let ends = manhattan(path[0], *path.last().unwrap());
    assert!(same(m.path_detour, (path.len() - 1) as f64 / ends as f64));
    assert_eq!(m.retries + 1, l.generation_attempts);
    // From the door to the primary beacon: a plain breadth-first search.
    let to_beacon = l.entrance_cell.map(|d| {
        let dist = common::bfs(l, d);
        let b = l.primary_beacon;
        dist[b.x as usize][b.y as usize].unwrap() as u32
    });
    assert_eq!(m.entrance_path, to_beacon, "{seed}");
    assert_eq!(
        m.entrance_path.is_some(),
        l.storey_type == StoreyType::GroundFloor
    );
}

#[test]
fn every_metric_matches_a_plain_computation_on_the_sweeps_layouts() {
    let settings = GenerationSettings::default();
    let mut measured = 0;
    for (_, request, generated) in sweep(&settings, 3, 1_008) {
        let g = generated.unwrap_or_else(|e| panic!("{request:?}: {e}"));
        check_metrics(&g.layout, &g.report, &settings);
        measured += 1;
    }
    assert_eq!(measured, 1_008);
}

#[test]
fn every_metric_matches_a_plain_computation_with_other_settings() {
    // Other shapes: bigger and smaller partitions, more OOB, some seeds retried.
    for change in [
        "min_partition=2",
        "min_partition=4",
        "oob_probability_underground=90",
        "corridor_width_underground=2",
    ] {
        let mut settings = GenerationSettings::default();
        settings.set_from_str(change).unwrap();
        for (_, _, generated) in sweep(&settings, 40, 144) {
            if let Ok(g) = generated {
                check_metrics(&g.layout, &g.report, &settings);
            }
        }
    }
}

#[test]
fn the_loop_count_sees_a_ring_and_not_a_room() {
    // A 5x5 ring of floor around one wall cell is one loop; a 3x3 room is none, since
    // its faces are all 2x2 blocks. Both as grids the metrics read.
    let mut ring = generate_reported(&GenerationSettings::default(), &sweep_request(0, 0)).unwrap();
    let l = &mut ring.layout;
    for x in 0..l.width {
        for y in 0..l.height {
            l.cells.set(Pos::new(x, y), CellType::Wall);
        }
    }
    for x in 2..7 {
        for y in 2..7 {
            let edge = x == 2 || x == 6 || y == 2 || y == 6;
            let t = if edge {
                CellType::Empty
            } else {
                CellType::Wall
            };
            l.cells.set(Pos::new(x, y), t);
        }
    }
    assert_eq!(Metrics::of(l, &ring.report).loops, 1);
    assert_eq!(holes(l), 1);
    for x in 3..6 {
        for y in 3..6 {
            l.cells.set(Pos::new(x, y), CellType::Empty);
        }
    }
    assert_eq!(Metrics::of(l, &ring.report).loops, 0);
    assert_eq!(holes(l), 0);
}

#[test]
fn the_survey_measures_exactly_the_sweeps_layouts() {
    let settings = GenerationSettings::default();
    let s = survey(&settings, 300, -5).unwrap();
    assert_eq!(s.samples().len(), 300);
    for (sample, (i, request, generated)) in s.samples().iter().zip(sweep(&settings, -5, 300)) {
        let g = generated.unwrap();
        assert_eq!(sample.index, i);
        assert_eq!(request, sweep_request(-5, i));
        assert_eq!(sample.seed, request.seed);
        assert_eq!(sample.seed, -5 + i as i64);
        assert_eq!(sample.storey_type, g.layout.storey_type);
        assert_eq!(i64::from(sample.storey_depth), request.storey_depth);
        assert_eq!(i64::from(sample.outpost_level), request.outpost_level);
        assert_eq!(sample.metrics, Metrics::of(&g.layout, &g.report));
    }
}

#[test]
fn a_survey_run_in_chunks_equals_one_run() {
    let settings = GenerationSettings::default();
    let whole = survey(&settings, 150, 9).unwrap();
    let mut parts = Survey::new(&settings, 9).unwrap();
    for n in [1, 49, 0, 100] {
        parts.run(n);
    }
    assert_eq!(parts.generated(), 150);
    assert_eq!(parts.samples(), whole.samples());
    assert_eq!(parts.groups(GroupBy::Depth), whole.groups(GroupBy::Depth));
}

#[test]
fn a_survey_built_from_chunks_in_order_equals_one_run() {
    // Chunks measured apart (as the CLI's worker threads measure them), failures included.
    let settings = GenerationSettings {
        min_partition: 2,
        ..GenerationSettings::DEFAULT
    };
    let whole = survey(&settings, 150, 9).unwrap();
    assert!(!whole.failures().is_empty() && !whole.samples().is_empty());
    let mut parts = Survey::new(&settings, 9).unwrap();
    for range in [0..1, 1..50, 50..50, 50..150] {
        let chunk = SurveyChunk::measure(&settings, 9, range.clone());
        assert_eq!(chunk.range(), range);
        parts.add(chunk).unwrap();
    }
    assert_eq!(parts.generated(), 150);
    assert_eq!(parts.samples(), whole.samples());
    assert_eq!(parts.failures(), whole.failures());
}

#[test]
fn a_chunk_that_does_not_follow_on_is_refused() {
    let settings = GenerationSettings::default();
    let mut s = Survey::new(&settings, 9).unwrap();
    s.add(SurveyChunk::measure(&settings, 9, 0..10)).unwrap();
    let gap = SurveyChunk::measure(&settings, 9, 11..20);
    assert_eq!(
        s.add(gap),
        Err(ChunkError::OutOfOrder {
            start: 11,
            expected: 10
        })
    );
    let other_seed = SurveyChunk::measure(&settings, 8, 10..20);
    assert_eq!(s.add(other_seed), Err(ChunkError::OtherSweep));
    let other = GenerationSettings {
        min_partition: 2,
        ..GenerationSettings::DEFAULT
    };
    assert_eq!(
        s.add(SurveyChunk::measure(&other, 9, 10..20)),
        Err(ChunkError::OtherSweep)
    );
    assert_eq!(s.generated(), 10);
}

#[test]
fn failures_are_kept_with_their_reason_and_counted_per_group() {
    let settings = GenerationSettings {
        min_entry_beacon_dist: 40,
        max_retries: 2,
        ..GenerationSettings::DEFAULT
    };
    let s = survey(&settings, 72, 0).unwrap();
    assert!(!s.failures().is_empty());
    assert_eq!(s.samples().len() + s.failures().len(), 72);
    for f in s.failures() {
        assert!(f.error.to_string().contains("after 2 attempts (1 retries)"));
    }
    let groups = s.groups(GroupBy::Type);
    let failed: usize = groups.iter().map(|g| g.failures).sum();
    let measured: usize = groups.iter().map(|g| g.layouts).sum();
    assert_eq!((measured, failed), (s.samples().len(), s.failures().len()));
}

#[test]
fn percentiles_are_by_nearest_rank() {
    // The textbook example: 15, 20, 35, 40, 50.
    let v = [15.0, 20.0, 35.0, 40.0, 50.0];
    for (p, want) in [
        (5, 15.0),
        (10, 15.0),
        (30, 20.0),
        (40, 20.0),
        (50, 35.0),
        (90, 50.0),
        (100, 50.0),
    ] {
        assert!(same(nearest_rank(&v, p), want), "p{p}");
    }
    // 1..=10: rank ceil(p * 10 / 100).
    let ten: Vec<f64> = (1..=10).map(f64::from).collect();
    for (p, want) in [
        (0, 1.0),
        (10, 1.0),
        (11, 2.0),
        (50, 5.0),
        (51, 6.0),
        (90, 9.0),
        (91, 10.0),
    ] {
        assert!(same(nearest_rank(&ten, p), want), "p{p}");
    }
    // Distribution sorts its input and takes the mean of all values.
    let d = Distribution::of(&[3.0, 1.0, 2.0, 10.0]).unwrap();
    assert!(same(d.min, 1.0) && same(d.max, 10.0));
    assert!(same(d.p10, 1.0) && same(d.median, 2.0) && same(d.p90, 10.0));
    assert!(same(d.mean, 4.0));
    assert!(Distribution::of(&[]).is_none());
}

const TYPES: [&str; 3] = ["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"];
const METRICS: [&str; 12] = [
    "oob_fraction",
    "open_fraction",
    "bsp_leaves",
    "rooms",
    "room_area_max",
    "dead_ends",
    "loops",
    "choke_cells",
    "path_length",
    "path_detour",
    "retries",
    "entrance_path",
];
const STATS: [&str; 6] = ["min", "p10", "median", "p90", "max", "mean"];

/// `value` is an object of exactly `keys` (in any order).
fn keys_are(value: &Value, keys: &[&str]) {
    let object = value.as_object().expect("an object");
    let got: Vec<&str> = object.keys().map(String::as_str).collect();
    let mut want = keys.to_vec();
    let mut sorted = got.clone();
    sorted.sort_unstable();
    want.sort_unstable();
    assert_eq!(sorted, want);
}

/// Every metric of `metrics` (of storey type `t`) maps exactly the six statistics to
/// numbers (or all nulls); `entrance_path` has numbers only on ground floors, which alone
/// have a door.
fn metrics_shape(metrics: &Value, t: &str, numbers: bool) {
    keys_are(metrics, &METRICS);
    for m in METRICS {
        keys_are(&metrics[m], &STATS);
        let numbers = numbers && (m != "entrance_path" || t == "GROUND_FLOOR");
        for s in STATS {
            assert_eq!(metrics[m][s].is_number(), numbers, "{t} {m}.{s}");
            assert_eq!(metrics[m][s].is_null(), !numbers, "{t} {m}.{s}");
        }
    }
}

#[test]
fn the_json_report_has_exactly_the_specified_shape() {
    let s = survey(&GenerationSettings::default(), 216, 1).unwrap();
    let v = serde_json::to_value(s.report(GroupBy::Type)).unwrap();
    keys_are(&v, &TYPES);
    for t in TYPES {
        metrics_shape(&v[t], t, true);
    }
    // The names are the core's.
    let names: Vec<&str> = Metric::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(names, METRICS);
    // Values are the groups' distributions.
    let ground = &s.groups(GroupBy::Type)[0];
    assert_eq!(ground.storey_type, StoreyType::GroundFloor);
    let loops = ground.distribution(Metric::Loops).unwrap();
    assert!(same(
        v["GROUND_FLOOR"]["loops"]["p90"].as_f64().unwrap(),
        loops.p90
    ));
}

#[test]
fn the_json_report_by_depth_or_level_nests_the_keys() {
    let s = survey(&GenerationSettings::default(), 144, 1).unwrap();
    for (by, keys) in [
        (GroupBy::Depth, vec!["1", "2", "3", "4", "5", "6"]),
        (GroupBy::Level, vec!["1", "2", "3", "4"]),
    ] {
        let v = serde_json::to_value(s.report(by)).unwrap();
        keys_are(&v, &TYPES);
        for t in TYPES {
            keys_are(&v[t], &keys);
            for k in &keys {
                metrics_shape(&v[t][k], t, true);
            }
        }
    }
}

#[test]
fn a_storey_type_without_layouts_reports_nulls() {
    let s = survey(&GenerationSettings::default(), 1, 0).unwrap();
    let v = serde_json::to_value(s.report(GroupBy::Type)).unwrap();
    metrics_shape(&v["GROUND_FLOOR"], "GROUND_FLOOR", true);
    metrics_shape(&v["UPPER_FLOOR"], "UPPER_FLOOR", false);
    metrics_shape(&v["UNDERGROUND"], "UNDERGROUND", false);
}
