//! `outpost validate FILE [--all]`, end to end: a storey's JSON as `generate` writes it,
//! edited by hand, checked against every rule.

#[path = "common/outpost_bin.rs"]
mod outpost_bin;

use outpost_bin::{BIN, run, stdout};
use serde_json::Value;
use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/rooms/sample"
);

/// The JSON of `outpost generate ARGS`, parsed.
fn generated(args: &[&str]) -> Value {
    let out = run(&[&["generate"], args].concat());
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `storey` written to a file of its own.
fn file(name: &str, storey: &Value) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("validate-{}-{name}.json", std::process::id()));
    fs::write(&path, storey.to_string()).unwrap();
    path
}

const UPPER: [&str; 6] = ["--seed", "5", "--depth", "3", "--type", "upper"];

/// The upper floor with its top-left corner painted EMPTY (a floor cell on the edge,
/// cut off from the rest) and one more cell of its left column OUT_OF_BOUNDS.
fn broken_upper() -> Value {
    let mut storey = generated(&UPPER);
    storey["cells"][0][0] = 2.into();
    storey["cells"][0][3] = 0.into();
    storey
}

#[test]
fn a_generated_storey_passes_with_exit_0() {
    let path = file("ok", &generated(&UPPER));
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "ok: every rule holds\n");
    let all = run(&["validate", path.to_str().unwrap(), "--all"]);
    assert_eq!(all.status.code(), Some(0));
    assert_eq!(stdout(&all), "[]\n");
}

#[test]
fn all_lists_every_broken_rule_with_its_cells_and_exits_1() {
    let path = file("broken", &broken_upper());
    let out = run(&["validate", path.to_str().unwrap(), "--all"]);
    assert_eq!(out.status.code(), Some(1));
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rules: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["sealed_outline", "connected", "upper_floor_filled"]);
    let upper = &list[2];
    assert_eq!(upper["cells"], serde_json::json!([[0, 3]]));
    assert!(upper["detail"].as_str().unwrap().contains("(0, 3)"));
    for v in list.as_array().unwrap() {
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 3, "{v}");
        assert!(v["cells"].is_array());
    }
}

#[test]
fn without_all_the_first_broken_rule_is_printed_as_text() {
    let path = file("first", &broken_upper());
    let out = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "sealed_outline: EMPTY cell (0, 0) touches the outside at (0, -1)\n"
    );
}

#[test]
fn the_storey_can_come_from_stdin() {
    let mut child = Command::new(BIN)
        .args(["validate", "-", "--all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text = broken_upper().to_string();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("[{\"rule\":\"sealed_outline\""));
}

#[test]
fn settings_the_storey_was_made_with_change_the_verdict() {
    // An UPPER_FLOOR with an outside cell (its top-left corner, walls either side)
    // breaks its rule by default, not when made with outside cells allowed upstairs.
    let mut storey = generated(&UPPER);
    storey["cells"][0][0] = 0.into();
    let path = file("settings", &storey);
    let strict = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(strict.status.code(), Some(1));
    let lenient = run(&[
        "validate",
        path.to_str().unwrap(),
        "--set",
        "oob_probability_upper=20",
    ]);
    assert_eq!(lenient.status.code(), Some(0), "{}", stdout(&lenient));
}

#[test]
fn a_room_painted_over_breaks_rooms_intact_only_with_its_set() {
    let mut storey = generated(&[
        "--seed",
        "5",
        "--depth",
        "3",
        "--type",
        "underground",
        "--rooms",
        SAMPLE,
    ]);
    let room = storey["placed_rooms"][0].clone();
    let (x, y) = (room["x"].as_u64().unwrap(), room["y"].as_u64().unwrap());
    storey["cells"][x as usize][y as usize] = 2.into();
    let path = file("rooms", &storey);
    let with = run(&[
        "validate",
        path.to_str().unwrap(),
        "--all",
        "--rooms",
        SAMPLE,
    ]);
    assert_eq!(with.status.code(), Some(1));
    let list: Value = serde_json::from_slice(&with.stdout).unwrap();
    let intact = list
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["rule"] == "rooms_intact")
        .expect("rooms_intact broken");
    assert_eq!(intact["cells"], serde_json::json!([[x, y]]));
    let without = run(&["validate", path.to_str().unwrap(), "--all"]);
    assert!(!stdout(&without).contains("rooms_intact"));
}

#[test]
fn a_file_that_is_no_storey_is_refused_with_exit_2_naming_it() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("validate-not-a-storey.json");
    fs::write(&path, "{\"seed_value\": 1}").unwrap();
    let out = run(&["validate", path.to_str().unwrap(), "--all"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("validate-not-a-storey.json"), "{err}");
    assert!(err.contains("is not a storey's JSON"), "{err}");
    assert!(out.stdout.is_empty());
}
