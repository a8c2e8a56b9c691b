//! Bad input gets an error that names the bad value; no input panics.

use outpost_core::{GenerateError, Pos, StoreyRequest, StoreyType, generate, generate_building};
use proptest::prelude::*;

fn err(depth: i64, level: i64, stair: Option<(i32, i32)>) -> String {
    let mut r = StoreyRequest::new(1, depth, level, StoreyType::GroundFloor);
    if let Some((x, y)) = stair {
        r = r.with_forced_staircase(Pos::new(x, y));
    }
    generate(&r)
        .expect_err("bad input must be rejected")
        .to_string()
}

#[test]
fn depth_below_one_is_rejected_naming_the_depth() {
    for d in [0, -1, -42, i64::MIN] {
        let msg = err(d, 1, None);
        assert_eq!(msg, format!("storey_depth must be at least 1, got {d}"));
    }
}

#[test]
fn depth_beyond_u32_is_rejected_naming_the_depth() {
    for d in [i64::from(u32::MAX) + 1, i64::MAX] {
        let msg = err(d, 1, None);
        assert_eq!(
            msg,
            format!("storey_depth must be at most 4294967295, got {d}")
        );
    }
}

#[test]
fn an_unknown_storey_type_lists_every_accepted_spelling() {
    assert_eq!(
        "attic".parse::<StoreyType>().unwrap_err(),
        "unknown storey type \"attic\": expected ground, upper, underground \
         (or GROUND_FLOOR, UPPER_FLOOR, UNDERGROUND, or 0, 1, 2, in any case)"
    );
    for (text, t) in [
        ("ground", StoreyType::GroundFloor),
        ("Upper", StoreyType::UpperFloor),
        ("UNDERGROUND", StoreyType::Underground),
        ("upper-floor", StoreyType::UpperFloor),
        ("GROUND_FLOOR", StoreyType::GroundFloor),
        (" 2 ", StoreyType::Underground),
    ] {
        assert_eq!(text.parse::<StoreyType>(), Ok(t), "{text:?}");
    }
}

#[test]
fn level_outside_1_to_4_is_rejected_naming_the_level() {
    for l in [0, 5, -1, 99, i64::MAX] {
        let msg = err(1, l, None);
        assert_eq!(msg, format!("outpost_level must be in 1..=4, got {l}"));
    }
}

#[test]
fn forced_staircase_outside_the_grid_is_rejected_naming_the_cell() {
    // GROUND_FLOOR depth 1 level 1 is 16 x 10.
    for (x, y) in [(-1, -1), (16, 5), (5, 10), (100, 100), (i32::MIN, 0)] {
        let msg = err(1, 1, Some((x, y)));
        assert!(
            msg.contains(&format!("({x}, {y})")) && msg.contains("16 x 10"),
            "{msg}"
        );
    }
}

#[test]
fn forced_staircase_on_the_outer_edge_is_rejected_naming_the_cell() {
    for (x, y) in [(0, 5), (15, 5), (5, 0), (5, 9)] {
        let msg = err(1, 1, Some((x, y)));
        assert!(
            msg.contains(&format!("({x}, {y})")) && msg.contains("edge"),
            "{msg}"
        );
    }
}

#[test]
fn building_storey_count_outside_range_is_rejected_naming_the_count() {
    for n in [0, -3, 65] {
        let e = generate_building(1, n, 1, false).unwrap_err();
        assert_eq!(e, GenerateError::InvalidStoreyCount(n));
        assert_eq!(
            e.to_string(),
            format!("a building needs 1..=64 storeys, got {n}")
        );
    }
}

#[test]
fn extreme_seeds_generate_valid_layouts() {
    for seed in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX] {
        for t in StoreyType::ALL {
            let layout = generate(&StoreyRequest::new(seed, 4, 4, t)).unwrap();
            assert_eq!(layout.seed_value, seed);
            outpost_core::validate(&layout).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Any input either generates a valid layout or is refused with a message naming the
    /// offending value; nothing panics.
    #[test]
    fn any_input_gives_a_valid_layout_or_an_error_naming_the_bad_value(
        seed in any::<i64>(),
        depth in prop_oneof![-3i64..10, any::<i64>()],
        level in prop_oneof![-2i64..7, any::<i64>()],
        type_index in 0usize..3,
        stair in proptest::option::of((-3i32..32, -3i32..24)),
    ) {
        let mut r = StoreyRequest::new(seed, depth, level, StoreyType::ALL[type_index]);
        if let Some((x, y)) = stair {
            r = r.with_forced_staircase(Pos::new(x, y));
        }
        match generate(&r) {
            Ok(layout) => {
                prop_assert!(outpost_core::validate(&layout).is_ok());
                if let Some((x, y)) = stair {
                    prop_assert_eq!(layout.staircase_cell, Pos::new(x, y));
                }
            }
            Err(GenerateError::InvalidDepth(d)) => prop_assert_eq!(d, depth),
            Err(GenerateError::InvalidLevel(l)) => prop_assert_eq!(l, level),
            Err(GenerateError::StaircaseOutsideGrid { pos, .. } | GenerateError::StaircaseOnEdge { pos, .. }) => {
                prop_assert_eq!(Some(pos), r.forced_staircase);
            }
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }
}
