//! End-to-end tests of the `outpost` command-line tool.

#[path = "common/outpost_bin.rs"]
mod outpost_bin;

use outpost_bin::{BIN, run};
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Reference colours (kept independent of the binary's table on purpose).
const ENTRY_RGB: [u8; 3] = [0xE8, 0x87, 0x19];
const PATH_RGB: [u8; 3] = [0xB3, 0xA6, 0x1A];
const SHAFT_RGB: [u8; 3] = [0x33, 0x57, 0x99];
/// The ENTRANCE's door green (the reference's table has no ENTRANCE).
const ENTRANCE_RGB: [u8; 3] = [0x33, 0xB3, 0x5A];
const ENTRANCE: i64 = 8;
const EMPTY: i64 = 2;
const ENTRY: i64 = 3;

fn run_ok(args: &[&str]) -> Output {
    let out = run(args);
    assert!(
        out.status.success(),
        "outpost {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is not JSON")
}

fn tmp_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

fn pos(v: &Value) -> (i64, i64) {
    let a = v.as_array().expect("position is an array");
    assert_eq!(a.len(), 2, "position {v} is not [x, y]");
    (a[0].as_i64().unwrap(), a[1].as_i64().unwrap())
}

/// Asserts that a bad argument exits 2 with `error: ...` containing `bad`, a phrase that
/// names the bad value in its context.
fn assert_rejected(args: &[&str], bad: &str) {
    let out = run(args);
    assert_eq!(out.status.code(), Some(2), "outpost {args:?} should exit 2");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: "), "stderr: {stderr}");
    assert!(stderr.contains(bad), "stderr should name {bad:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn generate_json_uses_reference_fields_and_shapes() {
    let out = run_ok(&[
        "generate",
        "--seed",
        "-5",
        "--depth",
        "3",
        "--level",
        "2",
        "--type",
        "underground",
    ]);
    let v = json(&out);
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "seed_value",
        "storey_type",
        "storey_depth",
        "outpost_level",
        "width",
        "height",
        "cells",
        "entry_cells",
        "beacon_cells",
        "primary_beacon",
        "shaft_cells",
        "staircase_cell",
        "enemy_path",
        "enemy_paths",
        "open_zone_count",
        "rooms",
        "generation_attempts",
    ]
    .into_iter()
    .collect();
    assert_eq!(keys, expected);
    assert_eq!(v["storey_type"], "UNDERGROUND");
    assert_eq!(v["seed_value"], -5);
    assert_eq!(v["storey_depth"], 3);
    assert_eq!(v["outpost_level"], 2);
    let (w, h) = (v["width"].as_u64().unwrap(), v["height"].as_u64().unwrap());
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len() as u64, w, "cells has one array per column");
    for col in cells {
        let col = col.as_array().unwrap();
        assert_eq!(col.len() as u64, h, "each column has height cells");
        assert!(col.iter().all(|c| (0..=6).contains(&c.as_i64().unwrap())));
    }
    pos(&v["staircase_cell"]);
    pos(&v["primary_beacon"]);
    for key in ["entry_cells", "beacon_cells", "shaft_cells", "enemy_path"] {
        v[key].as_array().unwrap().iter().for_each(|p| {
            pos(p);
        });
    }
}

#[test]
fn generate_is_deterministic() {
    for format in ["json", "ascii"] {
        let args = [
            "generate", "--seed", "42", "--depth", "4", "--level", "3", "--type", "1", "--format",
            format,
        ];
        let a = run_ok(&args).stdout;
        let b = run_ok(&args).stdout;
        assert!(!a.is_empty());
        assert_eq!(a, b, "{format} output differs between runs");
    }
}

#[test]
fn generate_ascii_has_header_grid_and_legend() {
    let out = run_ok(&[
        "generate", "--seed", "7", "--type", "ground", "--format", "ascii",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let v = json(&run_ok(&["generate", "--seed", "7", "--type", "ground"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("seed 7") && lines[0].contains("GROUND_FLOOR"));
    let h = v["height"].as_u64().unwrap() as usize;
    let w = v["width"].as_u64().unwrap() as usize;
    assert!(lines[1..=h].iter().all(|l| l.chars().count() == w));
    assert!(lines[h + 1].starts_with("legend:"));
}

#[test]
fn stair_flag_sets_staircase_cell() {
    let out = run_ok(&[
        "generate", "--seed", "3", "--depth", "2", "--level", "2", "--type", "upper", "--stair",
        "5,4",
    ]);
    assert_eq!(pos(&json(&out)["staircase_cell"]), (5, 4));
}

#[test]
fn bad_arguments_exit_2_naming_the_value() {
    assert_rejected(
        &["generate", "--depth", "0"],
        "storey_depth must be at least 1, got 0",
    );
    assert_rejected(
        &["generate", "--depth", "-3"],
        "storey_depth must be at least 1, got -3",
    );
    assert_rejected(
        &["generate", "--depth", "4294967296"],
        "storey_depth must be at most 4294967295, got 4294967296",
    );
    assert_rejected(
        &["generate", "--level", "5"],
        "outpost_level must be in 1..=4, got 5",
    );
    assert_rejected(
        &["generate", "--stair", "99,99"],
        "forced_staircase (99, 99) is outside the 16 x 10 grid",
    );
    assert_rejected(
        &["generate", "--stair", "-1,3"],
        "forced_staircase (-1, 3) is outside the 16 x 10 grid",
    );
    assert_rejected(
        &["generate", "--stair", "4;4"],
        "invalid staircase cell \"4;4\"",
    );
    assert_rejected(
        &["generate", "--type", "attic"],
        "unknown storey type \"attic\": expected ground, upper, underground \
         (or GROUND_FLOOR, UPPER_FLOOR, UNDERGROUND, or 0, 1, 2, in any case)",
    );
    assert_rejected(
        &["generate", "--format", "png"],
        "--format png needs --out FILE",
    );
    assert_rejected(
        &["building", "--storeys", "0"],
        "a building needs 1..=64 storeys, got 0",
    );
}

/// A PNG drawing: its size and a pixel at the centre of a cell.
struct Drawing {
    width: u64,
    height: u64,
    cell_px: usize,
    line_size: usize,
    channels: usize,
    data: Vec<u8>,
}

impl Drawing {
    /// `outpost generate ARGS --format png --cell-px 8`, decoded.
    fn of(args: &[&str]) -> Drawing {
        let path = tmp_path(&format!("drawing-{}.png", args.join("_")));
        let mut png_args = args.to_vec();
        let path_s = path.to_str().unwrap().to_string();
        png_args.extend(["--format", "png", "--cell-px", "8", "--out", &path_s]);
        let out = run_ok(&png_args);
        assert!(out.stdout.is_empty());
        let decoder = png::Decoder::new(BufReader::new(File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut data = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut data).unwrap();
        let _ = std::fs::remove_file(&path);
        let channels = info.color_type.samples();
        assert!(channels >= 3);
        Drawing {
            width: u64::from(info.width),
            height: u64::from(info.height),
            cell_px: 8,
            line_size: info.line_size,
            channels,
            data,
        }
    }

    /// The centre pixel of cell (x, y).
    fn pixel(&self, x: i64, y: i64) -> [u8; 3] {
        let half = self.cell_px / 2;
        let (px, py) = (
            x as usize * self.cell_px + half,
            y as usize * self.cell_px + half,
        );
        let i = py * self.line_size + px * self.channels;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }
}

/// Every cell of the layout's enemy paths.
fn path_cells(v: &Value) -> Vec<(i64, i64)> {
    v["enemy_paths"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p.as_array().unwrap())
        .map(pos)
        .collect()
}

#[test]
fn png_has_reference_size_and_colours() {
    let args = [
        "generate", "--seed", "11", "--depth", "2", "--level", "1", "--type", "ground",
    ];
    let v = json(&run_ok(&args));
    let drawing = Drawing::of(&args);
    let (width, height) = (v["width"].as_u64().unwrap(), v["height"].as_u64().unwrap());
    assert_eq!(drawing.width, width * 8);
    assert_eq!(drawing.height, height * 8);
    let cell = |x: i64, y: i64| v["cells"][x as usize][y as usize].as_i64().unwrap();

    let (ex, ey) = pos(&v["entry_cells"][0]);
    assert_eq!(cell(ex, ey), ENTRY);
    assert_eq!(
        drawing.pixel(ex, ey),
        ENTRY_RGB,
        "ENTRY keeps its colour under the path"
    );

    let (x, y) = path_cells(&v)
        .into_iter()
        .find(|&(x, y)| cell(x, y) == EMPTY)
        .expect("some path cell is EMPTY");
    assert_eq!(
        drawing.pixel(x, y),
        PATH_RGB,
        "EMPTY path cell at ({x}, {y})"
    );
}

#[test]
fn png_and_ascii_show_both_shafts_where_the_paths_cross_them() {
    // Seed 6, depth 3, level 1, GROUND_FLOOR: both shafts lie on an enemy path.
    let args = [
        "generate", "--seed", "6", "--depth", "3", "--level", "1", "--type", "ground",
    ];
    let v = json(&run_ok(&args));
    let on_path = path_cells(&v);
    let shafts: Vec<(i64, i64)> = v["shaft_cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(pos)
        .collect();
    assert_eq!(shafts.len(), 2);
    assert!(shafts.iter().all(|s| on_path.contains(s)), "{shafts:?}");
    let drawing = Drawing::of(&args);
    for &(x, y) in &shafts {
        assert_eq!(
            drawing.pixel(x, y),
            SHAFT_RGB,
            "SHAFT at ({x}, {y}) under the path"
        );
    }
    let mut ascii_args = args.to_vec();
    ascii_args.extend(["--format", "ascii"]);
    let text = String::from_utf8(run_ok(&ascii_args).stdout).unwrap();
    let grid: Vec<&str> = text
        .lines()
        .skip(1)
        .take(v["height"].as_u64().unwrap() as usize)
        .collect();
    for &(x, y) in &shafts {
        assert_eq!(
            grid[y as usize].as_bytes()[x as usize],
            b'O',
            "SHAFT at ({x}, {y})"
        );
    }
}

#[test]
fn building_has_master_seed_and_aligned_storeys() {
    for (underground, expected) in [(false, 3), (true, 4)] {
        let mut args = vec!["building", "--seed", "-9", "--storeys", "3", "--level", "2"];
        if underground {
            args.push("--underground");
        }
        let v = json(&run_ok(&args));
        assert_eq!(v["master_seed"], -9);
        let storeys = v["storeys"].as_array().unwrap();
        assert_eq!(storeys.len(), expected);
        let stair = pos(&storeys[0]["staircase_cell"]);
        assert!(storeys.iter().all(|s| pos(&s["staircase_cell"]) == stair));
        assert_eq!(
            storeys[0]["storey_type"] == "UNDERGROUND",
            underground,
            "UNDERGROUND comes first when asked for"
        );
    }
}

#[test]
fn sweep_covers_every_type_depth_and_level() {
    let out = run_ok(&["sweep", "--count", "72"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 72);
    let mut combos = HashSet::new();
    for (i, line) in lines.iter().enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["seed_value"], i as i64, "layout i uses seed 0 + i");
        combos.insert((
            v["storey_type"].as_str().unwrap().to_string(),
            v["storey_depth"].as_u64().unwrap(),
            v["outpost_level"].as_u64().unwrap(),
        ));
    }
    assert_eq!(combos.len(), 72, "every type x depth 1-6 x level 1-4 once");
    let types: HashSet<_> = combos.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(types.len(), 3);
    assert!(
        combos
            .iter()
            .all(|c| (1..=6).contains(&c.1) && (1..=4).contains(&c.2))
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("failures 0"), "summary: {stderr}");
    assert!(stderr.contains("count 72"), "summary: {stderr}");
    assert!(
        stderr.contains("entrances: 24 of 24 ground floors, 0 on other storeys"),
        "summary: {stderr}"
    );
}

#[test]
fn a_ground_floor_names_its_entrance_in_json_draws_it_door_green_and_as_d() {
    let args = ["generate", "--seed", "12", "--depth", "2", "--level", "3"];
    let v = json(&run_ok(&args));
    let (x, y) = pos(&v["entrance_cell"]);
    assert_eq!(v["cells"][x as usize][y as usize], ENTRANCE);
    assert_eq!(Drawing::of(&args).pixel(x, y), ENTRANCE_RGB);
    let mut ascii_args = args.to_vec();
    ascii_args.extend(["--format", "ascii"]);
    let text = String::from_utf8(run_ok(&ascii_args).stdout).unwrap();
    let row = text.lines().nth(1 + y as usize).unwrap();
    assert_eq!(row.as_bytes()[x as usize], b'D');
    assert!(text.contains(" D ENTRANCE"), "legend: {text}");
}

#[test]
fn only_the_ground_floor_of_a_building_has_an_entrance() {
    let v = json(&run_ok(&[
        "building",
        "--seed",
        "5",
        "--storeys",
        "3",
        "--underground",
    ]));
    for s in v["storeys"].as_array().unwrap() {
        let ground = s["storey_type"] == "GROUND_FLOOR";
        assert_eq!(
            s.get("entrance_cell").is_some(),
            ground,
            "{}",
            s["storey_type"]
        );
        let doors = s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c.as_array().unwrap())
            .filter(|&c| c == ENTRANCE)
            .count();
        assert_eq!(doors, usize::from(ground), "{}", s["storey_type"]);
    }
}

#[test]
fn sweep_out_writes_file_and_matches_stdout() {
    let path = tmp_path("sweep.jsonl");
    let out = run_ok(&[
        "sweep",
        "--count",
        "6",
        "--seed",
        "-2",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.stdout.is_empty());
    let file = std::fs::read(&path).unwrap();
    assert_eq!(
        file,
        run_ok(&["sweep", "--count", "6", "--seed", "-2"]).stdout
    );
    let _ = std::fs::remove_file(&path);
}

/// The two lines of `outpost simulate`: the hash and the median time per tick.
fn simulate(args: &[&str]) -> (String, f64) {
    let out = run_ok(&[&["simulate"], args].concat());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "two lines: {text}");
    let hash = lines[0]
        .strip_prefix("hash ")
        .expect("hash line")
        .to_owned();
    assert!(
        hash.len() == 18
            && hash.starts_with("0x")
            && hash[2..].chars().all(|c| c.is_ascii_hexdigit()),
        "hash 0x<16 hex digits>: {hash}"
    );
    let median = lines[1]
        .strip_prefix("median ")
        .and_then(|rest| rest.strip_suffix(" µs per tick"))
        .expect("median <number> µs per tick")
        .parse()
        .expect("the median is a number");
    (hash, median)
}

#[test]
fn simulate_prints_the_scenarios_state_hash_and_median_tick_time() {
    let args = [
        "--seed", "42", "--depth", "4", "--level", "3", "--type", "ground", "--drones", "50",
        "--aliens", "10", "--ticks", "3000",
    ];
    let (hash, median) = simulate(&args);
    // The same scenario as the core's golden hash (tests/swarm.rs).
    assert_eq!(hash, "0x0f48a20fef321407");
    assert!(median > 0.0);
    assert_eq!(simulate(&args).0, hash, "same arguments, same hash");
    let other = simulate(&[&args[..args.len() - 2], &["--ticks", "2999"]].concat());
    assert_ne!(other.0, hash, "one tick fewer, another state");
}

#[test]
fn simulate_rejects_a_bad_storey_or_too_many_agents() {
    assert_rejected(
        &["simulate", "--level", "9"],
        "outpost_level must be in 1..=4, got 9",
    );
    assert_rejected(
        &["simulate", "--drones", "9000", "--aliens", "1001"],
        "the swarm is full: at most 10000 agents",
    );
}

/// `outpost survey` with `args`, its JSON stdout parsed (stdout holds only the JSON).
fn survey_json(args: &[&str]) -> (Value, String) {
    let mut all = vec!["survey", "--format", "json"];
    all.extend_from_slice(args);
    let out = run_ok(&all);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "stdout is one JSON line: {text}");
    let v: Value = serde_json::from_str(&text).expect("stdout is only the JSON");
    (v, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn survey_json_is_the_only_stdout_and_the_summary_goes_to_stderr() {
    let (v, stderr) = survey_json(&["--count", "72", "--seed", "4"]);
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from(["GROUND_FLOOR", "UNDERGROUND", "UPPER_FLOOR"])
    );
    for t in ["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"] {
        assert_eq!(v[t].as_object().unwrap().len(), 12);
        assert_eq!(v[t]["loops"].as_object().unwrap().len(), 6);
        assert!(v[t]["retries"]["max"].is_number());
        // Only ground floors have a door to walk from.
        let entrance = v[t]["entrance_path"]["median"].is_number();
        assert_eq!(entrance, t == "GROUND_FLOOR", "{t}");
    }
    assert!(
        stderr.starts_with("survey: 72 layouts from seed 4 (defaults), 0 failures"),
        "{stderr}"
    );
}

/// The distribution of `values` as the survey reports it: nearest-rank percentiles,
/// computed here independently.
fn stats(values: &mut [f64]) -> [f64; 6] {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let rank = |p: usize| values[(p * n).div_ceil(100).max(1) - 1];
    let mean = values.iter().sum::<f64>() / n as f64;
    [values[0], rank(10), rank(50), rank(90), values[n - 1], mean]
}

#[test]
fn survey_measures_exactly_the_layouts_sweep_prints() {
    // The survey's path lengths, room counts and OOB shares per storey type are those of
    // the layouts `sweep` prints for the same --count and --seed.
    let (v, _) = survey_json(&["--count", "144", "--seed", "-40"]);
    let sweep = run_ok(&["sweep", "--count", "144", "--seed", "-40"]);
    let text = String::from_utf8(sweep.stdout).unwrap();
    for t in ["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"] {
        let layouts: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|l| l["storey_type"] == t)
            .collect();
        assert_eq!(layouts.len(), 48);
        let mut path: Vec<f64> = layouts
            .iter()
            .map(|l| l["enemy_path"].as_array().unwrap().len() as f64)
            .collect();
        let mut rooms: Vec<f64> = layouts
            .iter()
            .map(|l| l["rooms"].as_array().unwrap().len() as f64)
            .collect();
        let mut oob: Vec<f64> = layouts
            .iter()
            .map(|l| {
                let cells: Vec<i64> = l["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .flat_map(|c| c.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()))
                    .collect();
                cells.iter().filter(|&&c| c == 0).count() as f64 / cells.len() as f64
            })
            .collect();
        for (metric, values) in [
            ("path_length", &mut path),
            ("rooms", &mut rooms),
            ("oob_fraction", &mut oob),
        ] {
            let got: Vec<f64> = ["min", "p10", "median", "p90", "max", "mean"]
                .iter()
                .map(|s| v[t][metric][s].as_f64().unwrap())
                .collect();
            let want = stats(values);
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 1e-12, "{t} {metric}: {got:?} vs {want:?}");
            }
        }
    }
}

#[test]
fn survey_table_lists_every_metric_per_storey_type_and_group() {
    let out = run_ok(&["survey", "--count", "72", "--by", "level"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for t in ["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"] {
        for level in 1..=4 {
            assert!(
                text.contains(&format!("{t} level {level}: 6 layouts")),
                "{text}"
            );
        }
    }
    for m in [
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
    ] {
        assert_eq!(text.matches(&format!("\n{m} ")).count(), 12, "{m}");
    }
    let header = ["metric", "min", "p10", "median", "p90", "max", "mean"];
    let headers = text
        .lines()
        .filter(|l| l.split_whitespace().eq(header.iter().copied()))
        .count();
    assert_eq!(headers, 12);
}

#[test]
fn survey_set_changes_the_settings_surveyed() {
    let (defaults, _) = survey_json(&["--count", "72"]);
    let (six, stderr) = survey_json(&["--count", "72", "--set", "min_partition=6"]);
    assert!(stderr.contains("(min_partition=6)"), "{stderr}");
    let leaves = |v: &Value| v["GROUND_FLOOR"]["bsp_leaves"]["mean"].as_f64().unwrap();
    assert!(leaves(&six) < leaves(&defaults));
    let (both, stderr) = survey_json(&[
        "--count",
        "72",
        "--set",
        "oob_probability_ground=0",
        "--set",
        " oob_probability_underground = 0 ",
    ]);
    assert!(
        stderr.contains("(oob_probability_ground=0 oob_probability_underground=0)"),
        "{stderr}"
    );
    for t in ["GROUND_FLOOR", "UNDERGROUND"] {
        assert_eq!(both[t]["oob_fraction"]["max"].as_f64(), Some(0.0), "{t}");
    }
}

#[test]
fn survey_refuses_bad_settings_naming_them() {
    for (set, named) in [
        ("min_partitoin=3", "unknown setting \"min_partitoin\""),
        (
            "min_partition=1",
            "min_partition = 1 is outside its range 2..=16",
        ),
        (
            "oob_probability_upper=101",
            "oob_probability_upper = 101 is outside its range 0..=100",
        ),
        ("max_width=-3", "max_width = -3 is outside its range 8..=32"),
        ("room_shrink=two", "room_shrink = \"two\" is not an integer"),
        ("min_partition", "is not name=value"),
    ] {
        assert_rejected(&["survey", "--count", "3", "--set", set], named);
    }
    assert_rejected(
        &[
            "survey",
            "--count",
            "3",
            "--set",
            "min_width=30",
            "--set",
            "max_width=20",
        ],
        "min_width = 30 is above max_width = 20",
    );
    assert_rejected(&["survey", "--by", "room"], "unknown grouping \"room\"");
}

#[test]
fn an_unknown_setting_points_at_the_settings_command_not_a_rust_name() {
    assert_rejected(
        &["survey", "--count", "3", "--set", "bogus=3"],
        "unknown setting \"bogus\" (`outpost settings` lists the names)",
    );
    let out = run(&["survey", "--count", "3", "--set", "bogus=3"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("GenerationSettings"), "stderr: {stderr}");
}

#[test]
fn survey_refuses_a_count_of_zero_naming_it() {
    assert_rejected(&["survey", "--count", "0"], "'0' for '--count");
    assert_rejected(&["survey", "--count", "0"], "0 layouts surveys nothing");
    assert_rejected(&["survey", "--count", "-3"], "'-3' for '--count");
}

#[test]
fn survey_png_decodes_with_the_heat_maps_size() {
    let path = tmp_path("survey.png");
    run_ok(&["survey", "--count", "216", "--png", path.to_str().unwrap()]);
    let decoder = png::Decoder::new(BufReader::new(File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    // Three storey-type columns of 520 px; a 56 px header and two rows of 534 px.
    assert_eq!((info.width, info.height), (1560, 1124));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    // Bins are drawn: more than the background and text colours appear.
    let colours: HashSet<&[u8]> = buf[..info.buffer_size()].chunks(3).collect();
    assert!(colours.len() > 10, "{} colours", colours.len());
    let _ = std::fs::remove_file(&path);
}

#[test]
fn settings_lists_every_setting_with_default_and_range() {
    let out = run_ok(&["settings"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("name"));
    for (name, default, range) in [
        ("min_partition", "3", "2..=16"),
        ("oob_probability_underground", "55", "0..=100"),
        ("max_retries", "10", "1..=1000"),
    ] {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no line for {name}"));
        assert!(line.contains(&format!(" {default}  {range}")), "{line}");
    }
}

#[test]
fn surface_json_has_the_chunk_the_footprint_the_door_and_the_salvage() {
    let v = json(&run_ok(&["surface", "--seed", "42", "--level", "2"]));
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = [
        "seed_value",
        "outpost_level",
        "width",
        "height",
        "cells",
        "footprint",
        "entrance_cell",
        "door_cell",
        "salvage_nodes",
    ]
    .into_iter()
    .collect();
    assert_eq!(keys, expected);
    assert_eq!(
        (v["width"].as_i64(), v["height"].as_i64()),
        (Some(48), Some(48))
    );
    let (dx, dy) = pos(&v["door_cell"]);
    assert_eq!(v["cells"][dx as usize][dy as usize], 4, "DOOR");
    let nodes = v["salvage_nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 7);
    assert!(nodes.iter().all(|n| n["amount"].as_u64().unwrap() > 0));
    // The building's ground floor is the one `outpost building` makes.
    let b = json(&run_ok(&["building", "--seed", "42", "--level", "2"]));
    let ground = &b["storeys"][0];
    let (gx, gy) = pos(&ground["entrance_cell"]);
    let f = &v["footprint"];
    let (fx, fy) = (f["x"].as_i64().unwrap(), f["y"].as_i64().unwrap());
    assert_eq!(pos(&v["entrance_cell"]), (fx + gx, fy + gy));
}

#[test]
fn surface_ascii_and_png_draw_the_door_and_the_entrance() {
    let text = String::from_utf8(
        run_ok(&[
            "surface", "--seed", "7", "--level", "1", "--format", "ascii",
        ])
        .stdout,
    )
    .unwrap();
    let grid: Vec<&str> = text.lines().skip(1).take(48).collect();
    assert!(grid.iter().all(|l| l.chars().count() == 48));
    assert_eq!(
        grid.iter().map(|l| l.matches('+').count()).sum::<usize>(),
        1
    );
    assert_eq!(
        grid.iter().map(|l| l.matches('D').count()).sum::<usize>(),
        1
    );
    assert!(
        text.contains("+ DOOR") && text.contains("D ENTRANCE"),
        "{text}"
    );

    let v = json(&run_ok(&["surface", "--seed", "7", "--level", "1"]));
    let path = tmp_path("surface.png");
    run_ok(&[
        "surface",
        "--seed",
        "7",
        "--level",
        "1",
        "--format",
        "png",
        "--cell-px",
        "4",
        "--out",
        path.to_str().unwrap(),
    ]);
    let decoder = png::Decoder::new(BufReader::new(File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (192, 192));
    let (x, y) = pos(&v["door_cell"]);
    let i = ((y as usize * 4 + 2) * info.line_size) + (x as usize * 4 + 2) * 3;
    assert_eq!(&buf[i..i + 3], &ENTRANCE_RGB, "the door is door green");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn surface_settings_are_listed_and_bad_ones_refused_naming_them() {
    let text = String::from_utf8(run_ok(&["settings", "--surface"]).stdout).unwrap();
    for name in [
        "chunk_width",
        "rock_percent",
        "salvage_base",
        "min_salvage_separation",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name}"
        );
    }
    let v = json(&run_ok(&["surface", "--set", "salvage_base=3"]));
    assert_eq!(v["salvage_nodes"].as_array().unwrap().len(), 3);
    assert_rejected(
        &["surface", "--set", "rock=3"],
        "unknown surface setting \"rock\" (`outpost settings --surface` lists the names)",
    );
    assert_rejected(
        &["surface", "--set", "chunk_width=9"],
        "chunk_width = 9 is outside its range 24..=96",
    );
    assert_rejected(
        &["surface", "--level", "0"],
        "outpost_level must be in 1..=4, got 0",
    );
    assert_rejected(
        &["surface", "--format", "png"],
        "--format png needs --out FILE",
    );
}

#[test]
fn survey_surface_reports_every_level_and_refuses_storey_settings() {
    let out = run_ok(&["survey", "--surface", "--count", "40"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for level in 1..=4 {
        assert!(
            text.contains(&format!("level {level}: 10 surfaces")),
            "{text}"
        );
    }
    assert!(text.contains("salvage_nearest"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("40 surfaces from seed 0 (defaults), 0 failures"),
        "{stderr}"
    );
    let (v, _) = survey_json(&["--surface", "--count", "8"]);
    assert_eq!(v["2"]["salvage_nodes"]["median"].as_f64(), Some(7.0));
    assert_rejected(
        &[
            "survey",
            "--surface",
            "--count",
            "4",
            "--set",
            "min_partition=3",
        ],
        "unknown surface setting \"min_partition\"",
    );
}

/// stderr without what depends on time: the sweep's rate and the surveys' seconds, at the
/// end of their first line.
fn without_timing(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let first = match first.split_once(" rate ") {
        Some((before, _)) => before,
        None => first.rsplit_once(", ").map_or(first, |(before, _)| before),
    };
    format!("{first}\n{rest}")
}

/// `args` with `--jobs 1` and with `--jobs 4`: the same exit code, stdout and stderr (but
/// the timing); returns the run with one job.
fn same_with_1_and_4_jobs(args: &[&str]) -> Output {
    let one = run(&[args, &["--jobs", "1"]].concat());
    let four = run(&[args, &["--jobs", "4"]].concat());
    assert_eq!(one.status.code(), four.status.code(), "outpost {args:?}");
    assert!(
        one.stdout == four.stdout,
        "outpost {args:?}: stdout differs"
    );
    assert_eq!(without_timing(&one.stderr), without_timing(&four.stderr));
    one
}

#[test]
fn sweep_prints_the_same_bytes_with_any_number_of_jobs() {
    // Five chunks of 256 and a short one.
    let one = same_with_1_and_4_jobs(&["sweep", "--count", "1300", "--seed", "-77"]);
    assert!(one.status.success());
    assert_eq!(String::from_utf8_lossy(&one.stdout).lines().count(), 1300);
}

#[test]
fn survey_prints_the_same_bytes_with_any_number_of_jobs_failures_included() {
    // min_partition=2 fails about half of the layouts: their lines must stay in order.
    let args = [
        "survey",
        "--count",
        "900",
        "--seed",
        "3",
        "--set",
        "min_partition=2",
    ];
    let one = same_with_1_and_4_jobs(&args);
    let stderr = String::from_utf8_lossy(&one.stderr);
    assert!(stderr.contains(" failed: "), "no failure: {stderr}");
    same_with_1_and_4_jobs(&[&args[..], &["--format", "json", "--by", "level"]].concat());
}

#[test]
fn surface_survey_prints_the_same_bytes_with_any_number_of_jobs() {
    same_with_1_and_4_jobs(&["survey", "--surface", "--count", "700", "--seed", "11"]);
    same_with_1_and_4_jobs(&[
        "survey",
        "--surface",
        "--count",
        "700",
        "--seed",
        "11",
        "--format",
        "json",
    ]);
}

#[test]
fn jobs_0_is_refused() {
    for command in [
        &["sweep", "--count", "5"][..],
        &["survey"],
        &["survey", "--surface"],
    ] {
        let out = run(&[command, &["--jobs", "0"]].concat());
        assert_eq!(out.status.code(), Some(2), "outpost {command:?} --jobs 0");
        assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
    }
}

#[test]
fn a_sweep_whose_stdout_closes_exits_0() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(["sweep", "--count", "10000000", "--jobs", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = [0u8; 4096];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here, as `| head` closes it.
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}
