//! `outpost rooms check` and the `--rooms` set of `generate`, `building`, `sweep` and
//! `survey`, end to end.

#[path = "common/outpost_bin.rs"]
mod outpost_bin;

use outpost_bin::{run, stderr, stdout};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/rooms/sample"
);

/// A fresh folder holding `files` (name, text).
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rooms-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const SMALL: &str = "name: small\nstoreys: UNDERGROUND\nmap:\n#+#\n#.#\n###\n";

#[test]
fn rooms_check_passes_the_sample_set_with_a_summary() {
    let out = run(&["rooms", "check", SAMPLE]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert!(
        stdout(&out).starts_with("rooms check: 6 file(s) in "),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).ends_with(": 0 error(s), 0 warning(s): ok\n"));
}

#[test]
fn rooms_check_refuses_a_bad_file_naming_the_file_and_line_with_exit_2() {
    let dir = folder(
        "bad",
        &[
            ("a.room", SMALL),
            (
                "b.room",
                "name: b\nstoreys: UNDERGROUND\nmap:\n#+#\n#E#\n###\n",
            ),
        ],
    );
    let out = run(&["rooms", "check", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    let file = dir.join("b.room");
    assert!(
        err.starts_with(&format!(
            "{}:5: error: 'E' at (1, 1) is the generator's glyph for ENTRY",
            file.display()
        )),
        "{err}"
    );
    assert!(stdout(&out).ends_with(": 1 error(s), 0 warning(s): refused\n"));
}

#[test]
fn rooms_check_reports_warnings_and_exits_0() {
    let dir = folder(
        "warn",
        &[(
            "g.room",
            "name: g\nstoreys: GROUND_FLOOR\ndepth: 3\nmap:\n#+#\n#.#\n###\n",
        )],
    );
    let out = run(&["rooms", "check", path(&dir)]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains(":3: warning: no building has a GROUND_FLOOR at depth 3"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn rooms_check_json_lists_every_message_on_stdout() {
    let dir = folder(
        "json",
        &[(
            "a.room",
            "name: a\nstoreys: UNDERGROUND\nmap:\n###\n#.#\n###\n",
        )],
    );
    let out = run(&["rooms", "check", "--format", "json", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &v.as_array().unwrap()[0];
    assert_eq!(first["severity"], "error");
    assert_eq!(first["line"], 3);
    assert!(first["message"].as_str().unwrap().starts_with("no doorway"));
    assert!(first["file"].as_str().unwrap().ends_with("a.room"));
}

#[test]
fn rooms_check_json_gives_each_message_its_cell_or_null() {
    let dir = folder(
        "json_cells",
        &[(
            "a.room",
            "name: a\nstoreys: UNDERGROUND\nmap:\n###+\n#+.#\n####\n",
        )],
    );
    let out = run(&["rooms", "check", "--format", "json", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let corner = v
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("on a corner"))
        .expect("the corner doorway is reported");
    assert_eq!(corner["cell"], serde_json::json!([3, 0]));
    assert_eq!(corner["line"], 4);
    let no_doorway = folder(
        "json_no_cell",
        &[(
            "a.room",
            "name: a\nstoreys: UNDERGROUND\nmap:\n###\n#.#\n###\n",
        )],
    );
    let out = run(&["rooms", "check", "--format", "json", path(&no_doorway)]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["cell"], Value::Null);
}

#[test]
fn rooms_check_reads_a_folders_room_files_only_and_a_single_file() {
    let dir = folder(
        "only",
        &[
            ("a.room", SMALL),
            ("notes.txt", "not a room"),
            ("b.room.bak", "nor this"),
        ],
    );
    fs::create_dir_all(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/c.room"), "broken").unwrap();
    let out = run(&["rooms", "check", path(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("rooms check: 1 file(s)"));
    let one = run(&["rooms", "check", path(&dir.join("a.room"))]);
    assert_eq!(one.status.code(), Some(0));
}

#[test]
fn rooms_check_of_a_folder_without_rooms_or_a_missing_path_is_an_error() {
    let dir = folder("empty", &[("notes.txt", "")]);
    let out = run(&["rooms", "check", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: no .room file in "),
        "{}",
        stderr(&out)
    );
    let missing = run(&["rooms", "check", "/no/such/rooms"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).starts_with("error: cannot read /no/such/rooms"));
}

#[test]
fn generate_with_rooms_lists_the_placed_rooms() {
    let out = run(&[
        "generate",
        "--seed",
        "3",
        "--depth",
        "3",
        "--level",
        "2",
        "--type",
        "underground",
        "--rooms",
        SAMPLE,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rooms = v["placed_rooms"].as_array().unwrap();
    let control = rooms
        .iter()
        .find(|r| r["name"] == "control_room")
        .expect("the required room");
    for key in [
        "x",
        "y",
        "width",
        "height",
        "transform",
        "doorways",
        "markers",
    ] {
        assert!(control.get(key).is_some(), "{key}");
    }
    assert_eq!(control["markers"]["c"].as_array().unwrap().len(), 1);
}

#[test]
fn generate_without_rooms_prints_no_placed_rooms() {
    let out = run(&[
        "generate",
        "--seed",
        "3",
        "--depth",
        "3",
        "--level",
        "2",
        "--type",
        "underground",
    ]);
    assert!(!stdout(&out).contains("placed_rooms"));
}

#[test]
fn a_refused_set_stops_generate_with_every_error() {
    let dir = folder(
        "refused",
        &[(
            "a.room",
            "name: a\nstoreys: UNDERGROUND\nmap:\n###\n#.#\n###\n",
        )],
    );
    let out = run(&["generate", "--rooms", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "error: the room set {} is refused:\n",
            dir.display()
        )),
        "{err}"
    );
    assert!(err.contains("a.room:3: error: no doorway"));
    assert!(out.stdout.is_empty());
}

#[test]
fn sweep_with_rooms_counts_the_rooms_it_placed() {
    let out = run(&["sweep", "--count", "144", "--rooms", SAMPLE]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary = stderr(&out);
    let line = summary
        .lines()
        .find(|l| l.starts_with("  rooms placed: "))
        .expect(&summary);
    assert!(line.contains("control_room "), "{line}");
    let placed: usize = stdout(&out)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["placed_rooms"]
                .as_array()
                .map_or(0, Vec::len)
        })
        .sum();
    let counted: usize = line["  rooms placed: ".len()..]
        .split(", ")
        .map(|p| p.rsplit(' ').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(placed, counted);
    let plain = run(&["sweep", "--count", "144"]);
    assert!(!stderr(&plain).contains("rooms placed"));
}

#[test]
fn survey_with_rooms_adds_a_row_per_room_and_a_json_key() {
    let out = run(&["survey", "--count", "720", "--rooms", SAMPLE]);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    let rooms = table.split("\nauthored room ").nth(1).expect(&table);
    for name in [
        "beacon_vault",
        "control_room",
        "lobby",
        "pump_bay",
        "shrine",
        "storage",
    ] {
        assert!(rooms.lines().any(|l| l.starts_with(name)), "{name}");
    }
    let json = run(&[
        "survey", "--count", "720", "--format", "json", "--rooms", SAMPLE,
    ]);
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys.last().map(|k| k.as_str()), Some("rooms"));
    let control = v["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "control_room")
        .unwrap();
    // Every UNDERGROUND of depth 2 or more holds it: 720 layouts, 3 types, depths 2-6 of 1-6.
    assert_eq!(control["eligible"], 200);
    assert_eq!(control["placed"], 200);
    let plain = run(&["survey", "--count", "720", "--format", "json"]);
    let v: Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(v.get("rooms").is_none());
}

#[test]
fn survey_surface_refuses_rooms() {
    let out = run(&["survey", "--surface", "--count", "10", "--rooms", SAMPLE]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("places no rooms"));
}

#[test]
fn building_with_rooms_places_a_unique_room_once() {
    let out = run(&[
        "building",
        "--seed",
        "9",
        "--storeys",
        "6",
        "--level",
        "3",
        "--underground",
        "--rooms",
        SAMPLE,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let shrines = v["storeys"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["placed_rooms"].as_array().cloned().unwrap_or_default())
        .filter(|r| r["name"] == "shrine")
        .count();
    assert_eq!(shrines, 1);
}

#[test]
fn building_count_checks_every_storey_and_prints_a_line_per_building() {
    let out = run(&[
        "building",
        "--count",
        "25",
        "--seed",
        "100",
        "--storeys",
        "3",
        "--level",
        "2",
        "--underground",
        "--rooms",
        SAMPLE,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 25);
    assert_eq!(lines[3]["master_seed"], 103);
    let err = stderr(&out);
    assert!(
        err.starts_with("building: 25 buildings, 100 storeys, 0 failures, 0 rule violations, "),
        "{err}"
    );
    assert!(err.contains("\n  rooms placed: "));
}

#[test]
fn building_count_zero_is_refused() {
    let out = run(&["building", "--count", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_surveys_example_storey_shows_its_reason_again() {
    let out = run(&[
        "survey", "--count", "2000", "--format", "json", "--rooms", SAMPLE,
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let vault = v["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "beacon_vault")
        .unwrap();
    let e = &vault["examples"]["dropped no_position"];
    assert!(
        vault["dropped"]["no_position"].as_u64().unwrap() > 0,
        "{vault}"
    );
    let (seed, depth, level) = (
        e["seed"].to_string(),
        e["depth"].to_string(),
        e["level"].to_string(),
    );
    let t = e["storey_type"].as_str().unwrap();
    let again = run(&[
        "generate", "--seed", &seed, "--type", t, "--depth", &depth, "--level", &level, "--rooms",
        SAMPLE,
    ]);
    let layout: Value = serde_json::from_slice(&again.stdout).unwrap();
    let names: Vec<&str> = layout["placed_rooms"].as_array().map_or(vec![], |rs| {
        rs.iter().map(|r| r["name"].as_str().unwrap()).collect()
    });
    assert!(!names.contains(&"beacon_vault"), "{names:?}");
}

#[test]
fn sweep_and_survey_with_rooms_print_the_same_bytes_for_any_number_of_jobs() {
    for args in [
        &["sweep", "--count", "700", "--seed", "3", "--rooms", SAMPLE][..],
        &["survey", "--count", "700", "--seed", "3", "--rooms", SAMPLE],
        &[
            "survey", "--count", "700", "--seed", "3", "--format", "json", "--rooms", SAMPLE,
        ],
    ] {
        let one = run(&[args, &["--jobs", "1"]].concat());
        let four = run(&[args, &["--jobs", "4"]].concat());
        assert!(one.status.success(), "{args:?}: {}", stderr(&one));
        assert_eq!(one.stdout, four.stdout, "{args:?}");
        let summary = |o: &Output| {
            stderr(o)
                .lines()
                .skip(1)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        if args[0] == "sweep" {
            assert_eq!(
                summary(&one),
                summary(&four),
                "{args:?}: the summary but its rate"
            );
        }
    }
}
