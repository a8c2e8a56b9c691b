//! Golden snapshots guard determinism across runs, machines and refactors: each case's
//! layout is stored as ASCII plus its JSON fields under `tests/golden/`. A change to any
//! snapshot must be deliberate: regenerate with `UPDATE_GOLDEN=1 cargo test --test golden`
//! and give the reason in the commit.

#[path = "common/sample_rooms.rs"]
mod sample_rooms;

use outpost_core::{
    GenerationSettings, Pos, StoreyLayout, StoreyRequest, StoreyType, generate, generate_with_rooms,
};
use std::fmt::Write as _;
use std::path::PathBuf;

struct Case {
    name: &'static str,
    request: StoreyRequest,
}

fn case(
    name: &'static str,
    seed: i64,
    depth: i64,
    level: i64,
    t: StoreyType,
    stair: Option<(i32, i32)>,
) -> Case {
    let mut request = StoreyRequest::new(seed, depth, level, t);
    if let Some((x, y)) = stair {
        request = request.with_forced_staircase(Pos::new(x, y));
    }
    Case { name, request }
}

fn cases() -> Vec<Case> {
    use StoreyType::*;
    vec![
        case("ground_smallest", 1, 1, 1, GroundFloor, None),
        case("ground_mid", 42, 3, 2, GroundFloor, None),
        case("ground_largest", 7, 6, 4, GroundFloor, None),
        case("ground_forced_stair", 99, 2, 1, GroundFloor, Some((8, 5))),
        case("upper_smallest", 5, 1, 1, UpperFloor, None),
        case("upper_mid", 1234, 4, 3, UpperFloor, None),
        case("upper_largest", -77, 6, 4, UpperFloor, None),
        case("upper_forced_stair", 2024, 3, 2, UpperFloor, Some((3, 3))),
        case("underground_smallest", 11, 1, 1, Underground, None),
        case("underground_mid", 31337, 4, 2, Underground, None),
        case("underground_largest", 8, 6, 4, Underground, None),
        case(
            "underground_forced_stair",
            555,
            5,
            3,
            Underground,
            Some((20, 12)),
        ),
        case("seed_i64_min", i64::MIN, 2, 4, GroundFloor, None),
        case("seed_i64_max", i64::MAX, 5, 1, Underground, Some((1, 1))),
    ]
}

/// The snapshot text: ASCII cells, then every other field as pretty JSON.
fn snapshot(layout: &StoreyLayout) -> String {
    let mut fields = serde_json::to_value(layout).unwrap();
    fields.as_object_mut().unwrap().remove("cells");
    // Keep paths on one line each so the file stays readable.
    let compact = |v: &serde_json::Value| serde_json::to_string(v).unwrap();
    let mut out = layout.to_ascii();
    out.push_str("---\n");
    for (key, value) in fields.as_object().unwrap() {
        writeln!(out, "{key}: {}", compact(value)).unwrap();
    }
    out
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/golden")
        .join(format!("{name}.txt"))
}

#[test]
fn layouts_match_their_golden_snapshots() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut mismatches = Vec::new();
    for c in cases() {
        let got = snapshot(&generate(&c.request).unwrap());
        let path = golden_path(c.name);
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with UPDATE_GOLDEN=1 to create)",
                path.display()
            )
        });
        if got != want {
            mismatches.push(format!("{}:\n--- want\n{want}\n--- got\n{got}", c.name));
        }
    }
    assert!(
        mismatches.is_empty(),
        "golden snapshots differ:\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn golden_cases_cover_every_type_size_and_forced_staircases() {
    let cs = cases();
    assert!(cs.len() >= 12);
    for t in StoreyType::ALL {
        let of_type: Vec<_> = cs.iter().filter(|c| c.request.storey_type == t).collect();
        assert!(
            of_type.iter().any(|c| c.request.forced_staircase.is_some()),
            "{t}: no forced stair"
        );
        assert!(
            of_type
                .iter()
                .any(|c| c.request.storey_depth == 1 && c.request.outpost_level == 1)
        );
        assert!(
            of_type
                .iter()
                .any(|c| c.request.storey_depth == 6 && c.request.outpost_level == 4)
        );
    }
}

#[test]
fn same_request_gives_byte_identical_json_five_times() {
    for c in cases() {
        let first = serde_json::to_string(&generate(&c.request).unwrap()).unwrap();
        for _ in 0..4 {
            let again = serde_json::to_string(&generate(&c.request).unwrap()).unwrap();
            assert_eq!(first, again, "{} is not deterministic", c.name);
        }
    }
}

#[test]
fn json_round_trips_to_an_equal_layout() {
    for c in cases() {
        let layout = generate(&c.request).unwrap();
        let json = serde_json::to_string(&layout).unwrap();
        let back: StoreyLayout = serde_json::from_str(&json).unwrap();
        assert_eq!(back, layout, "{}", c.name);
    }
}

/// Golden storeys with the sample room set: one per storey type, one with a forced
/// staircase, each holding placed rooms (the snapshot lists them).
fn room_cases() -> Vec<Case> {
    use StoreyType::*;
    vec![
        case("rooms_ground_smallest", 1, 1, 1, GroundFloor, None),
        case("rooms_upper_mid", 1234, 4, 3, UpperFloor, None),
        case("rooms_underground_mid", 31337, 4, 2, Underground, None),
        case(
            "rooms_underground_forced_stair",
            555,
            5,
            3,
            Underground,
            Some((10, 8)),
        ),
    ]
}

#[test]
fn layouts_with_rooms_match_their_golden_snapshots() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let rooms = sample_rooms::sample_set();
    let mut mismatches = Vec::new();
    for c in room_cases() {
        let layout = generate_with_rooms(&GenerationSettings::DEFAULT, &rooms, &c.request).unwrap();
        assert!(!layout.placed_rooms.is_empty(), "{} places no room", c.name);
        let got = snapshot(&layout);
        let path = golden_path(c.name);
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with UPDATE_GOLDEN=1 to create)",
                path.display()
            )
        });
        if got != want {
            mismatches.push(format!("{}:\n--- want\n{want}\n--- got\n{got}", c.name));
        }
    }
    assert!(
        mismatches.is_empty(),
        "golden snapshots differ:\n{}",
        mismatches.join("\n")
    );
}
