//! `GenerationSettings`: the defaults are the reference's and change nothing; every
//! setting out of range is refused by name, value and range; any settings in range give
//! layouts the validator accepts with the same settings (checked again here by the
//! independent checkers of `tests/common` where they apply) or an error that counts the
//! attempts and names the reason; and the reference's bug history holds as properties.

mod common;

use common::{one_open_zone, oob_count, outline_is_sealed, primary_beacon_is_dead_end_or_corner};
use outpost_core::survey::sweep_request;
use outpost_core::{
    AttemptError, CellType, GenerateError, GenerationSettings, Pos, SettingsError, StoreyLayout,
    StoreyRequest, StoreyType, generate, generate_building, generate_building_with,
    generate_reported, generate_with, params, validate, validate_with,
};

/// Requests over every type, depth 1-6 and level 1-4 (the sweep's), some with a forced
/// staircase inside the grid `settings` give them.
fn corpus(settings: &GenerationSettings, count: u64, base: i64) -> Vec<StoreyRequest> {
    (0..count)
        .map(|i| {
            let request = sweep_request(base, i);
            if i % 5 == 0 {
                let (width, height) = request.grid_size_with(settings).unwrap();
                let k = i as i32;
                let stair = Pos::new(1 + (k * 7) % (width - 2), 1 + (k * 3) % (height - 2));
                request.with_forced_staircase(stair)
            } else {
                request
            }
        })
        .collect()
}

#[test]
fn defaults_are_the_references_constants() {
    let d = GenerationSettings::default();
    assert_eq!(d, GenerationSettings::DEFAULT);
    let expected: [(&str, i64); 12] = [
        ("min_partition", 3),
        ("room_shrink", 1),
        ("split_ratio", 125),
        ("oob_probability_ground", 35),
        ("oob_probability_upper", 0),
        ("oob_probability_underground", 55),
        ("corridor_width_ground", 2),
        ("corridor_width_upper", 2),
        ("corridor_width_underground", 1),
        ("min_entry_beacon_dist", 6),
        ("min_shaft_separation", 4),
        ("max_retries", 10),
    ];
    for (name, value) in expected {
        assert_eq!(d.get(name), Some(value), "{name}");
    }
    for depth in 1..=8u32 {
        let want = match depth {
            1 => 1,
            2 | 3 => 2,
            _ => 3,
        };
        assert_eq!(d.entry_count(depth), want);
        assert_eq!(d.beacon_count(depth), want);
    }
    assert_eq!(
        (d.min_width, d.max_width, d.min_height, d.max_height),
        (16, 28, 10, 20)
    );
    assert_eq!(d.min_partition, i64::from(params::MIN_PARTITION));
}

#[test]
fn default_settings_give_byte_identical_layouts_to_generate() {
    let d = GenerationSettings::default();
    for r in corpus(&d, 2_000, 77) {
        let plain = serde_json::to_string(&generate(&r).unwrap()).unwrap();
        let with = serde_json::to_string(&generate_with(&d, &r).unwrap()).unwrap();
        assert_eq!(plain, with, "{r:?}");
        let reported = generate_reported(&d, &r).unwrap();
        assert_eq!(serde_json::to_string(&reported.layout).unwrap(), plain);
    }
}

#[test]
fn default_settings_give_the_same_building() {
    let d = GenerationSettings::default();
    for seed in [0, 7, -3, 987_654_321_012] {
        for underground in [false, true] {
            assert_eq!(
                generate_building_with(&d, seed, 4, 3, underground).unwrap(),
                generate_building(seed, 4, 3, underground).unwrap()
            );
        }
    }
}

/// Values below and above a range, and the extremes of `i64`.
fn outside(min: i64, max: i64) -> [i64; 4] {
    [min - 1, max + 1, i64::MIN, i64::MAX]
}

#[test]
fn every_out_of_range_setting_is_refused_naming_name_value_and_range() {
    let request = StoreyRequest::new(1, 2, 2, StoreyType::GroundFloor);
    for info in GenerationSettings::RANGES {
        for value in outside(info.min, info.max) {
            let mut s = GenerationSettings::default();
            s.set(info.name, value).unwrap();
            assert_eq!(s.get(info.name), Some(value), "set stores any value");
            let want = SettingsError::OutOfRange {
                name: info.name,
                value,
                min: info.min,
                max: info.max,
            };
            assert_eq!(s.check(), Err(want.clone()));
            let message = want.to_string();
            assert!(
                message.contains(&format!("{} = {value}", info.name))
                    && message.contains(&format!("{}..={}", info.min, info.max)),
                "{message}"
            );
            assert_eq!(
                generate_with(&s, &request),
                Err(GenerateError::InvalidSettings(want.clone()))
            );
            assert_eq!(
                generate_building_with(&s, 1, 2, 1, true),
                Err(GenerateError::InvalidSettings(want.clone()))
            );
            assert_eq!(
                request.grid_size_with(&s),
                Err(GenerateError::InvalidSettings(want.clone()))
            );
            assert!(outpost_core::survey::Survey::new(&s, 0).is_err());
        }
        // Both ends of the range are accepted.
        for value in [info.min, info.max] {
            let mut s = GenerationSettings::default();
            s.set(info.name, value).unwrap();
            if info.name.starts_with("min_width") || info.name.starts_with("min_height") {
                // A minimum above the default maximum is refused as inconsistent.
                continue;
            }
            if info.name.starts_with("max_width") || info.name.starts_with("max_height") {
                continue;
            }
            assert_eq!(s.check(), Ok(()), "{} = {value}", info.name);
        }
    }
}

#[test]
fn a_minimum_size_above_its_maximum_is_refused_naming_both() {
    let mut s = GenerationSettings {
        min_width: 30,
        max_width: 20,
        ..GenerationSettings::DEFAULT
    };
    let e = s.check().unwrap_err();
    assert_eq!(
        e,
        SettingsError::Inconsistent {
            name: "min_width",
            value: 30,
            other: "max_width",
            other_value: 20
        }
    );
    assert_eq!(
        e.to_string(),
        "min_width = 30 is above max_width = 20; it must not be"
    );
    s.min_width = 20;
    s.min_height = 15;
    s.max_height = 12;
    assert!(matches!(
        s.check(),
        Err(SettingsError::Inconsistent {
            name: "min_height",
            ..
        })
    ));
}

#[test]
fn unknown_names_and_bad_text_are_refused_naming_them() {
    let mut s = GenerationSettings::default();
    assert_eq!(
        s.set("min_partitoin", 3),
        Err(SettingsError::UnknownName("min_partitoin".into()))
    );
    for (text, named) in [
        ("min_partition", "min_partition"),
        ("min_partition=four", "\"four\""),
        ("nope=3", "nope"),
        (
            "min_partition=1",
            "min_partition = 1 is outside its range 2..=16",
        ),
    ] {
        let e = s.set_from_str(text).unwrap_err().to_string();
        assert!(e.contains(named), "{text}: {e}");
    }
    assert_eq!(
        s,
        GenerationSettings::default(),
        "a refused set changes nothing"
    );
    s.set_from_str(" min_partition = 4 ").unwrap();
    assert_eq!(s.min_partition, 4);
}

#[test]
fn settings_round_trip_through_json_and_refuse_unknown_fields() {
    let s = GenerationSettings {
        min_partition: 4,
        oob_probability_underground: 80,
        ..GenerationSettings::DEFAULT
    };
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        serde_json::from_str::<GenerationSettings>(&json).unwrap(),
        s
    );
    let partial: GenerationSettings = serde_json::from_str(r#"{"min_partition": 5}"#).unwrap();
    assert_eq!(partial.min_partition, 5);
    assert_eq!(partial.room_shrink, 1);
    let e = serde_json::from_str::<GenerationSettings>(r#"{"min_partion": 5}"#).unwrap_err();
    assert!(e.to_string().contains("min_partion"), "{e}");
}

/// A small deterministic generator for the settings corpus.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn in_range(&mut self, min: i64, max: i64) -> i64 {
        min + (self.next() % (max - min + 1) as u64) as i64
    }
}

/// Settings drawn from the ranges: each setting keeps its default half of the time,
/// otherwise takes a value drawn from a window of its range around the default (a
/// quarter of the time from the whole range), so that most draws still generate.
fn random_settings(rng: &mut Lcg) -> GenerationSettings {
    let mut s = GenerationSettings::default();
    for info in GenerationSettings::RANGES {
        if rng.next().is_multiple_of(2) {
            continue;
        }
        let value = if rng.next().is_multiple_of(4) {
            rng.in_range(info.min, info.max)
        } else {
            let span = ((info.max - info.min) / 8).max(1);
            rng.in_range(
                (info.default - span).max(info.min),
                (info.default + span).min(info.max),
            )
        };
        s.set(info.name, value).unwrap();
    }
    if s.min_width > s.max_width {
        std::mem::swap(&mut s.min_width, &mut s.max_width);
    }
    if s.min_height > s.max_height {
        std::mem::swap(&mut s.min_height, &mut s.max_height);
    }
    s.check().unwrap();
    s
}

/// The rules of `tests/common` that do not depend on the settings.
fn settings_free_rules(l: &StoreyLayout) -> Result<(), String> {
    outline_is_sealed(l)?;
    one_open_zone(l)?;
    primary_beacon_is_dead_end_or_corner(l)
}

#[test]
fn any_settings_in_range_give_valid_layouts_or_an_error_counting_the_attempts() {
    let mut rng = Lcg(0x5EED_5E77);
    let (mut ok, mut failed) = (0, 0);
    for case in 0..300 {
        let s = random_settings(&mut rng);
        for request in corpus(&s, 12, case * 1_000) {
            match generate_reported(&s, &request) {
                Ok(g) => {
                    ok += 1;
                    let l = &g.layout;
                    assert_eq!(validate_with(l, &s), Ok(()), "{s} {request:?}");
                    settings_free_rules(l).unwrap_or_else(|e| panic!("{s} {request:?}: {e}"));
                    assert_eq!(
                        l.entry_cells.len() as i64,
                        s.entry_count(l.storey_depth),
                        "{s}"
                    );
                    assert_eq!(
                        l.beacon_cells.len() as i64,
                        s.beacon_count(l.storey_depth),
                        "{s}"
                    );
                    assert_eq!((l.width, l.height), request.grid_size_with(&s).unwrap());
                    assert!(i64::from(l.generation_attempts) <= s.max_retries);
                    assert_eq!(g.report.attempts, l.generation_attempts);
                    assert_eq!(g.report.failures.len() as u32, g.report.retries());
                }
                Err(GenerateError::Exhausted {
                    attempts,
                    last_failure,
                    ..
                }) => {
                    failed += 1;
                    assert_eq!(i64::from(attempts), s.max_retries, "{s}");
                    assert!(!last_failure.to_string().is_empty());
                }
                Err(e) => panic!("{s} {request:?}: unexpected {e}"),
            }
        }
    }
    // The corpus exercises both outcomes.
    assert!(ok > 1_000 && failed > 0, "ok {ok}, failed {failed}");
}

/// Settings drawn uniformly from the whole of every range (mostly far from anything
/// that generates), with a small retry budget.
fn extreme_settings(rng: &mut Lcg) -> GenerationSettings {
    let mut s = GenerationSettings::default();
    for info in GenerationSettings::RANGES {
        s.set(info.name, rng.in_range(info.min, info.max)).unwrap();
    }
    if s.min_width > s.max_width {
        std::mem::swap(&mut s.min_width, &mut s.max_width);
    }
    if s.min_height > s.max_height {
        std::mem::swap(&mut s.min_height, &mut s.max_height);
    }
    s.max_retries = s.max_retries.min(3);
    s.placement_attempts = s.placement_attempts.min(50);
    s
}

#[test]
fn extreme_settings_never_panic_nor_return_a_broken_layout() {
    let mut rng = Lcg(0xE7_7E3E);
    for case in 0..400 {
        let s = extreme_settings(&mut rng);
        for request in corpus(&s, 6, case * 100) {
            match generate_with(&s, &request) {
                Ok(l) => assert_eq!(validate_with(&l, &s), Ok(()), "{s} {request:?}"),
                Err(GenerateError::Exhausted { attempts, .. }) => {
                    assert_eq!(i64::from(attempts), s.max_retries);
                }
                Err(e) => panic!("{s} {request:?}: unexpected {e}"),
            }
        }
    }
}

#[test]
fn impossible_settings_fail_with_the_retry_count_and_the_reason() {
    let s = GenerationSettings {
        min_entry_beacon_dist: 60,
        max_retries: 4,
        ..GenerationSettings::DEFAULT
    };
    let request = StoreyRequest::new(9, 2, 1, StoreyType::GroundFloor);
    let e = generate_with(&s, &request).unwrap_err();
    match &e {
        GenerateError::Exhausted {
            seed,
            attempts,
            last_failure: AttemptError::Pass(p),
            ..
        } => {
            assert_eq!((*seed, *attempts), (9, 4));
            assert_eq!(p.pass.number(), "2b");
        }
        other => panic!("expected an exhausted generation, got {other:?}"),
    }
    let message = e.to_string();
    assert!(
        message.contains("after 4 attempts (3 retries)")
            && message.contains("could not place 2 entries and 2 beacons"),
        "{message}"
    );
}

#[test]
fn retries_are_counted_and_their_reasons_kept() {
    // min_partition 2 makes many seeds need several attempts: find one that succeeds
    // after retrying and check the report against the layout.
    let s = GenerationSettings {
        min_partition: 2,
        ..GenerationSettings::DEFAULT
    };
    let found = (0..2_000)
        .map(|i| sweep_request(0, i))
        .filter_map(|r| generate_reported(&s, &r).ok())
        .find(|g| g.report.attempts > 1)
        .expect("some seed succeeds after a retry");
    assert_eq!(found.layout.generation_attempts, found.report.attempts);
    assert_eq!(
        found.report.failures.len() as u32,
        found.report.attempts - 1
    );
    assert_eq!(validate_with(&found.layout, &s), Ok(()));
}

/// OUT_OF_BOUNDS share and BSP leaves of the smallest GROUND_FLOOR over many seeds.
fn smallest_ground(s: &GenerationSettings, seeds: i64) -> (Vec<u32>, Vec<usize>) {
    let mut leaves = Vec::new();
    let mut oob = Vec::new();
    for seed in 0..seeds {
        let r = StoreyRequest::new(seed, 1, 1, StoreyType::GroundFloor);
        let g = generate_reported(s, &r).unwrap();
        leaves.push(g.report.bsp_leaves);
        oob.push(oob_count(&g.layout));
    }
    (leaves, oob)
}

/// Bug history 2026-03-16, "OOB always 0, rectangular output": with `MIN_PARTITION` 6
/// the smallest storey has only a couple of BSP leaves, all protected, so the OOB roll
/// never fires and every layout is a full rectangle; with 3 it has many leaves and most
/// layouts get an irregular outline.
#[test]
fn min_partition_6_gives_the_references_rectangular_outputs() {
    let six = GenerationSettings {
        min_partition: 6,
        ..GenerationSettings::DEFAULT
    };
    let (leaves6, oob6) = smallest_ground(&six, 300);
    let (leaves3, oob3) = smallest_ground(&GenerationSettings::default(), 300);
    assert!(leaves6.iter().all(|&n| n <= 2), "{leaves6:?}");
    assert!(
        oob6.iter().all(|&n| n == 0),
        "min_partition 6 never cuts OOB"
    );
    assert!(leaves3.iter().all(|&n| n >= 8), "{leaves3:?}");
    let with_oob = oob3.iter().filter(|&&n| n > 0).count();
    assert!(
        with_oob * 10 >= 300 * 8,
        "{with_oob} of 300 have OOB with 3"
    );
}

#[test]
fn a_larger_min_partition_never_gives_more_leaves_on_average() {
    let mut previous = f64::INFINITY;
    for min_partition in [2, 3, 4, 5, 6] {
        let s = GenerationSettings {
            min_partition,
            ..GenerationSettings::DEFAULT
        };
        let mut total = 0u64;
        let mut n = 0u64;
        for i in 0..720 {
            if let Ok(g) = generate_reported(&s, &sweep_request(5, i)) {
                total += u64::from(g.report.bsp_leaves);
                n += 1;
            }
        }
        let mean = total as f64 / n as f64;
        assert!(
            mean < previous,
            "min_partition {min_partition}: mean leaves {mean}"
        );
        previous = mean;
    }
}

#[test]
fn oob_probability_sets_how_much_of_a_storey_is_cut_away() {
    let none = GenerationSettings {
        oob_probability_ground: 0,
        oob_probability_underground: 0,
        ..GenerationSettings::DEFAULT
    };
    let all = GenerationSettings {
        oob_probability_ground: 100,
        oob_probability_underground: 100,
        ..GenerationSettings::DEFAULT
    };
    let (mut cut_default, mut cut_all) = (0usize, 0usize);
    for i in 0..720 {
        let r = sweep_request(11, i);
        if r.storey_type == StoreyType::UpperFloor {
            continue;
        }
        // No partition goes OOB at 0%: the grid is filled.
        let l = generate_with(&none, &r).unwrap();
        assert_eq!(oob_count(&l), 0, "{r:?}");
        cut_default += oob_count(&generate(&r).unwrap());
        cut_all += generate_with(&all, &r).map_or(0, |l| oob_count(&l));
    }
    assert!(cut_all > cut_default, "{cut_all} vs {cut_default}");
}

#[test]
fn upper_floors_keep_no_oob_by_default_and_may_get_it_when_tuned() {
    let tuned = GenerationSettings {
        oob_probability_upper: 60,
        ..GenerationSettings::DEFAULT
    };
    let mut with_oob = 0;
    for i in 0..240 {
        let r = StoreyRequest::new(i, 1 + i % 6, 1 + (i / 6) % 4, StoreyType::UpperFloor);
        assert_eq!(oob_count(&generate(&r).unwrap()), 0);
        let l = generate_with(&tuned, &r).unwrap();
        with_oob += usize::from(oob_count(&l) > 0);
        // The default validator holds upper floors to no OOB; the tuned one does not.
        assert_eq!(validate_with(&l, &tuned), Ok(()));
        if oob_count(&l) > 0 {
            assert!(validate(&l).is_err());
        }
    }
    assert!(with_oob > 100, "{with_oob} of 240 upper floors cut");
}

#[test]
fn buildings_with_settings_keep_their_staircases_aligned() {
    let s = GenerationSettings {
        min_partition: 4,
        oob_probability_underground: 70,
        beacon_count_depth_4_plus: 4,
        ..GenerationSettings::DEFAULT
    };
    for seed in 0..20 {
        let b = generate_building_with(&s, seed, 4, 2, true).unwrap();
        let stair = b.storeys[1].staircase_cell;
        for storey in &b.storeys {
            assert_eq!(storey.staircase_cell, stair);
            assert_eq!(storey.cells.get(stair), CellType::Staircase);
            assert_eq!(validate_with(storey, &s), Ok(()));
        }
    }
}

#[test]
fn the_dimension_settings_size_the_grid() {
    let s = GenerationSettings {
        base_width: 10,
        width_per_depth: 3,
        min_width: 12,
        max_width: 32,
        height_adjust_underground: -2,
        ..GenerationSettings::DEFAULT
    };
    let r = StoreyRequest::new(3, 4, 1, StoreyType::Underground);
    // width = 10 + 3 * 3 + 0 - 0 = 19; height = 11 + 3 + 0 + 2 = 16.
    assert_eq!(r.grid_size_with(&s), Ok((19, 16)));
    let l = generate_with(&s, &r).unwrap();
    assert_eq!((l.width, l.height), (19, 16));
    // The clamp: a huge depth gives the maximum.
    let deep = StoreyRequest::new(3, 1_000_000, 4, StoreyType::Underground);
    assert_eq!(deep.grid_size_with(&s).unwrap().0, 32);
}
