//! The `.room` format and the checks of `outpost rooms check`: every refusal names the
//! file and line and says what is wrong, every warning leaves the set usable, and a good
//! set is the same set whatever order its files come in.

#[path = "common/sample_rooms.rs"]
mod sample_rooms;

use outpost_core::rooms::{CheckedRooms, RoomSet, RoomSource, Severity, check_sources};

/// A template of `header` lines and `map` rows, as a file's text.
fn room(header: &str, map: &[&str]) -> String {
    format!("{header}\nmap:\n{}\n", map.join("\n"))
}

/// A room of one cell of floor behind a doorway, on UNDERGROUND storeys.
const SMALL: [&str; 3] = ["#+#", "#.#", "###"];

fn check(files: &[(&str, &str)]) -> CheckedRooms {
    let sources: Vec<RoomSource> = files
        .iter()
        .map(|(f, t)| RoomSource::new(*f, t.as_bytes()))
        .collect();
    check_sources(&sources)
}

/// The messages of `text` checked alone as `r.room`, displayed.
fn messages(text: &str) -> Vec<String> {
    check(&[("r.room", text)])
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Asserts that `text` is refused with an error starting `r.room:LINE: error: ` and
/// containing `phrase`.
fn assert_refused(text: &str, line: Option<u32>, phrase: &str) {
    let checked = check(&[("r.room", text)]);
    assert!(checked.set.is_none(), "accepted:\n{text}");
    let prefix = match line {
        Some(l) => format!("r.room:{l}: error: "),
        None => "r.room: error: ".to_owned(),
    };
    let all = messages(text);
    assert!(
        all.iter()
            .any(|m| m.starts_with(&prefix) && m.contains(phrase)),
        "expected {prefix}...{phrase}... in {all:#?}"
    );
}

/// The header of room `a` on UNDERGROUND storeys, with `extra` lines after it; with
/// `extra` starting `map:`, a whole file.
fn underground(extra: &str) -> String {
    if extra.is_empty() {
        "name: a\nstoreys: UNDERGROUND".to_owned()
    } else {
        format!("name: a\nstoreys: UNDERGROUND\n{extra}")
    }
}

#[test]
fn the_sample_set_passes_without_a_message() {
    let sources = sample_rooms::sample_sources();
    let checked = check_sources(&sources);
    assert_eq!(checked.diagnostics, []);
    assert_eq!(checked.set.unwrap().len(), 6);
}

#[test]
fn a_set_is_sorted_by_name_whatever_order_its_files_come_in() {
    let b = room("name: b_room\nstoreys: UNDERGROUND", &SMALL);
    let a = room("name: a_room\nstoreys: UNDERGROUND", &SMALL);
    let forward = check(&[("1.room", &b), ("2.room", &a)]).set.unwrap();
    let reversed = check(&[("2.room", &a), ("1.room", &b)]).set.unwrap();
    let names = |s: &RoomSet| {
        s.templates()
            .iter()
            .map(|t| t.name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&forward), ["a_room", "b_room"]);
    assert_eq!(names(&forward), names(&reversed));
}

#[test]
fn an_unknown_key_is_refused() {
    assert_refused(
        &room("name: a\nstoreys: UNDERGROUND\ncolour: red", &SMALL),
        Some(3),
        "unknown key \"colour\"",
    );
}

#[test]
fn a_key_given_twice_is_refused_naming_the_first() {
    assert_refused(
        &room(
            "name: a\nstoreys: UNDERGROUND\nweight: 3\nweight: 4",
            &SMALL,
        ),
        Some(4),
        "`weight` is given twice (first on line 3)",
    );
}

#[test]
fn an_unknown_glyph_is_refused() {
    assert_refused(
        &underground("map:\n#+#\n#@#\n###\n"),
        Some(5),
        "unknown glyph '@' at (1, 1)",
    );
}

#[test]
fn each_generator_glyph_is_refused_naming_its_owner() {
    for (glyph, owner) in [
        ('~', "OUT_OF_BOUNDS"),
        ('E', "ENTRY: Pass 2b"),
        ('S', "STAIRCASE: Pass 3"),
        ('D', "ENTRANCE: Pass 6"),
        ('*', "the PATH overlay"),
    ] {
        let text = underground(&format!("map:\n#+#\n#{glyph}#\n###\n"));
        assert_refused(
            &text,
            Some(5),
            &format!("is the generator's glyph for {owner}"),
        );
    }
}

#[test]
fn ragged_rows_are_refused() {
    assert_refused(
        &underground("map:\n#+##\n#.#\n####\n"),
        Some(5),
        "row 1 has 3 cells but row 0 has 4",
    );
}

#[test]
fn an_empty_map_is_refused() {
    assert_refused(&underground("map:\n\n\n"), Some(3), "the map is empty");
}

#[test]
fn a_tab_is_refused() {
    assert_refused(&underground("map:\n#+#\n#.\t\n###\n"), Some(5), "a tab");
}

#[test]
fn a_byte_order_mark_is_refused() {
    let text = format!("\u{feff}{}", room("name: a\nstoreys: UNDERGROUND", &SMALL));
    assert_refused(&text, Some(1), "byte-order mark");
}

#[test]
fn bad_utf8_is_refused_with_its_line() {
    let mut bytes = room("name: a\nstoreys: UNDERGROUND", &SMALL).into_bytes();
    bytes.splice(17..17, [0xC3, 0x28]);
    let checked = check_sources(&[RoomSource::new("r.room", bytes)]);
    let message = checked.diagnostics[0].to_string();
    assert!(
        message.starts_with("r.room:2: error: not valid UTF-8"),
        "{message}"
    );
}

#[test]
fn a_bad_name_is_refused() {
    for bad in ["Vault", "a-b", "", &"x".repeat(41)] {
        assert_refused(
            &room(&format!("name: {bad}\nstoreys: UNDERGROUND"), &SMALL),
            Some(1),
            "is not 1 to 40 of a-z, 0-9 and _",
        );
    }
}

#[test]
fn a_count_whose_least_is_above_its_most_is_refused() {
    assert_refused(
        &room(&underground("count: 3-1"), &SMALL),
        Some(3),
        "the least (3) is above the most (1)",
    );
}

#[test]
fn a_weight_below_one_is_refused() {
    assert_refused(
        &room(&underground("weight: 0"), &SMALL),
        Some(3),
        "weight: 0 is outside 1..=",
    );
    assert_refused(
        &room(&underground("weight: -2"), &SMALL),
        Some(3),
        "weight: -2 is outside 1..=",
    );
}

#[test]
fn a_chance_outside_0_to_100_is_refused() {
    assert_refused(
        &room(&underground("chance: 101"), &SMALL),
        Some(3),
        "chance: 101 is outside 0..=100",
    );
}

#[test]
fn a_depth_below_one_is_refused() {
    assert_refused(
        &room(&underground("depth: 0-3"), &SMALL),
        Some(3),
        "depth: 0 is outside 1..=",
    );
}

#[test]
fn a_level_outside_1_to_4_is_refused() {
    assert_refused(
        &room(&underground("level: 2-5"), &SMALL),
        Some(3),
        "level: 5 is outside 1..=4",
    );
}

#[test]
fn an_unknown_storey_type_is_refused() {
    assert_refused(
        &room("name: a\nstoreys: UNDERGROUND, ROOF", &SMALL),
        Some(2),
        "unknown storey type \"ROOF\"",
    );
}

#[test]
fn a_missing_name_storeys_or_map_is_refused() {
    assert_refused(
        &room("storeys: UNDERGROUND", &SMALL),
        None,
        "no `name:` line",
    );
    assert_refused(&room("name: a", &SMALL), None, "no `storeys:` line");
    assert_refused("name: a\nstoreys: UNDERGROUND\n", None, "no `map:` line");
}

#[test]
fn a_ring_cell_other_than_wall_or_doorway_is_refused() {
    assert_refused(
        &room(&underground(""), &["#+##", "#..#", "#.?.", "####"]),
        Some(6),
        "'.' at (3, 2) is on the outer ring",
    );
}

#[test]
fn a_room_without_a_doorway_is_refused() {
    assert_refused(
        &room(&underground(""), &["###", "#.#", "###"]),
        Some(3),
        "no doorway",
    );
}

#[test]
fn a_doorway_off_the_ring_is_refused() {
    assert_refused(
        &room(&underground(""), &["#+###", "#.+.#", "#####"]),
        Some(5),
        "the doorway + at (2, 1) is not on the outer ring",
    );
}

#[test]
fn a_doorway_on_a_corner_is_refused() {
    assert_refused(
        &room(&underground(""), &["+###", "#..#", "####"]),
        Some(4),
        "the doorway + at (0, 0) is on a corner",
    );
}

#[test]
fn an_open_cell_straight_inside_a_doorway_is_refused() {
    assert_refused(
        &room(&underground(""), &["##+##", "#.?.#", "#...#", "#####"]),
        Some(4),
        "the ? at (2, 1) is straight inside the doorway at (2, 0)",
    );
}

#[test]
fn floor_no_doorway_reaches_is_refused() {
    // The right-hand floor is walled off from the doorway, the ? read as WALL.
    assert_refused(
        &room(&underground(""), &["#+####", "#.#..#", "#.?..#", "######"]),
        Some(5),
        "4 walkable cell(s) no doorway reaches with every ? read as WALL, the first at (3, 1)",
    );
}

#[test]
fn an_open_cell_beside_nothing_reached_is_refused() {
    assert_refused(
        &room(&underground(""), &["#+###", "#.###", "#.#?#", "#####"]),
        Some(6),
        "1 ? cell(s) with no 4-neighbour a doorway reaches, the first at (3, 2)",
    );
}

#[test]
fn a_beacon_in_a_band_holding_depth_one_is_refused() {
    assert_refused(
        &room(&underground("depth: 1-3"), &["#+###", "#..B#", "#####"]),
        Some(6),
        "a beacon B at (3, 1) in a room of depth 1-3",
    );
}

#[test]
fn more_beacons_than_the_shallowest_depth_allows_are_refused() {
    // Depth 2 has two beacons, the primary the generator's: one from a room.
    assert_refused(
        &room(
            &underground("depth: 2-"),
            &["#+#######", "#B.....B#", "#########"],
        ),
        Some(6),
        "2 beacons (B) but a storey of depth 2 holds 2 and the primary is the generator's: at most 1",
    );
}

#[test]
fn beacons_closer_than_the_separation_are_refused() {
    assert_refused(
        &room(
            &underground("depth: 4-"),
            &["#+#####", "#B..B.#", "#######"],
        ),
        Some(6),
        "the beacons at (1, 1) and (4, 1) are 3 apart; beacons keep at least 5",
    );
}

#[test]
fn more_than_two_shafts_are_refused() {
    assert_refused(
        &room(&underground(""), &["#+#####", "#O.O.O#", "#######"]),
        Some(5),
        "3 shafts (O): a storey has exactly 2",
    );
}

#[test]
fn a_shaft_with_no_wall_beside_it_is_refused() {
    assert_refused(
        &room(
            &underground(""),
            &["##+##", "#...#", "#.O.#", "#...#", "#####"],
        ),
        Some(6),
        "the shaft O at (2, 2) has no # beside it",
    );
}

#[test]
fn a_required_room_unique_to_a_building_is_refused() {
    assert_refused(
        &room(&underground("count: 1\nunique: building"), &SMALL),
        Some(4),
        "`unique: building` on a required room",
    );
}

#[test]
fn a_required_room_left_to_chance_is_refused() {
    assert_refused(
        &room(&underground("count: 1\nchance: 50"), &SMALL),
        Some(4),
        "chance 50 on a required room",
    );
}

#[test]
fn a_required_room_too_big_for_its_smallest_grid_is_refused() {
    // An UNDERGROUND of depth 2, level 1 is 20 x 12: 18 x 10 inside the outer ring.
    let wide = format!("#+{}#", "#".repeat(18));
    let floor = format!("#{}#", ".".repeat(19));
    let text = room(
        &underground("depth: 2-\ncount: 1"),
        &[&wide, &floor, &"#".repeat(21)],
    );
    assert_refused(
        &text,
        Some(4),
        "a required room that cannot fit the smallest UNDERGROUND of its band (depth 2, level 1: 20 x 12",
    );
}

#[test]
fn required_rooms_holding_too_many_beacons_together_are_refused() {
    let vault = |name: &str| {
        room(
            &format!("name: {name}\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1"),
            &["#+###", "#..B#", "#####"],
        )
    };
    let (a, b) = (vault("vault_a"), vault("vault_b"));
    let checked = check(&[("a.room", &a), ("b.room", &b)]);
    assert!(checked.set.is_none());
    let m: Vec<String> = checked
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        m.iter().any(|m| m.starts_with("b.room:4: error: the required rooms vault_a (1), vault_b (1) hold 2 beacons on a UNDERGROUND of depth 2")),
        "{m:#?}"
    );
}

#[test]
fn required_rooms_holding_too_many_shafts_together_are_refused() {
    let bay = |name: &str| {
        room(
            &format!("name: {name}\nstoreys: UNDERGROUND\ncount: 1"),
            &["#+#####", "#O...O#", "#######"],
        )
    };
    let (a, b) = (bay("bay_a"), bay("bay_b"));
    let checked = check(&[("a.room", &a), ("b.room", &b)]);
    assert!(checked.set.is_none());
    let m: Vec<String> = checked
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(m.iter().any(|m| m.contains("hold 4 shafts")), "{m:#?}");
}

#[test]
fn a_name_given_twice_is_refused_naming_both_files() {
    let a = room("name: twin\nstoreys: UNDERGROUND", &SMALL);
    let checked = check(&[("one.room", &a), ("two.room", &a)]);
    assert!(checked.set.is_none());
    assert_eq!(
        checked.diagnostics[0].to_string(),
        "two.room:1: error: the name \"twin\" is also the name of one.room (line 1): names are unique in a set"
    );
}

#[test]
fn more_than_a_thousand_files_are_refused() {
    let texts: Vec<(String, String)> = (0..1001)
        .map(|i| {
            (
                format!("r{i:04}.room"),
                room(&format!("name: r{i}\nstoreys: UNDERGROUND"), &SMALL),
            )
        })
        .collect();
    let sources: Vec<RoomSource> = texts
        .iter()
        .map(|(f, t)| RoomSource::new(f.as_str(), t.as_bytes()))
        .collect();
    let checked = check_sources(&sources);
    assert!(checked.set.is_none());
    assert_eq!(
        checked.diagnostics[0].to_string(),
        "r1000.room: error: 1001 room files: a set holds at most 1000"
    );
}

#[test]
fn a_file_over_64_kib_is_refused() {
    let text = room(&underground(""), &SMALL) + &"\n".repeat(64 * 1024);
    assert_refused(&text, None, "over the limit of 65536");
}

#[test]
fn an_optional_room_that_fits_no_grid_of_its_band_is_a_warning() {
    let wide = format!("#+{}#", "#".repeat(28));
    let floor = format!("#{}#", ".".repeat(29));
    let checked = check(&[(
        "r.room",
        &room(
            "name: a\nstoreys: UPPER_FLOOR",
            &[&wide, &floor, &"#".repeat(31)],
        ),
    )]);
    assert!(checked.set.is_some());
    assert_eq!(checked.diagnostics.len(), 1);
    assert_eq!(checked.diagnostics[0].severity, Severity::Warning);
    assert!(
        checked.diagnostics[0]
            .message
            .contains("fits no grid of its band")
    );
}

#[test]
fn a_band_no_building_makes_is_a_warning() {
    let checked = check(&[(
        "r.room",
        &room("name: a\nstoreys: GROUND_FLOOR\ndepth: 2-", &SMALL),
    )]);
    assert!(checked.set.is_some());
    let m = checked.diagnostics[0].to_string();
    assert!(m.starts_with("r.room:3: warning: no building has a GROUND_FLOOR at depth 2-: a building's GROUND_FLOOR is at depth 1"), "{m}");
}

#[test]
fn a_required_room_whose_band_ends_early_names_the_buildings_that_lose_it() {
    let checked = check(&[
        (
            "u.room",
            &room(
                "name: u\nstoreys: UNDERGROUND\ndepth: 2-10\ncount: 1",
                &SMALL,
            ),
        ),
        (
            "f.room",
            &room(
                "name: f\nstoreys: UPPER_FLOOR\ndepth: 2-10\ncount: 1",
                &SMALL,
            ),
        ),
    ]);
    assert!(checked.set.is_some());
    let m: Vec<String> = checked
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        m,
        [
            "u.room:3: warning: a required room whose band ends at depth 10: buildings of 10 to 64 storeys have their UNDERGROUND (depth 11 to 65) without it",
            "f.room:3: warning: a required room whose band ends at depth 10: buildings of 11 to 64 storeys have UPPER_FLOORs deeper than 10 without it",
        ]
    );
}

#[test]
fn crlf_files_read_as_lf_files() {
    let lf = room("name: a\nstoreys: UNDERGROUND", &SMALL);
    let crlf = lf.replace('\n', "\r\n");
    let a = check(&[("r.room", &lf)]).set.unwrap();
    let b = check(&[("r.room", &crlf)]).set.unwrap();
    assert_eq!(a.templates()[0].map, b.templates()[0].map);
}

#[test]
fn a_required_room_a_buildings_staircase_can_block_is_refused() {
    // 11 x 6 with its doorway on top: on a 20 x 12 UNDERGROUND it fits only across the
    // middle, where a ground floor's staircase can be.
    let text = room(
        &underground("depth: 2-\ncount: 1"),
        &[
            "#####+#####",
            "#.........#",
            "#.........#",
            "#.........#",
            "#.........#",
            "###########",
        ],
    );
    assert_refused(
        &text,
        Some(4),
        "a required room a building's staircase can leave no room for: on the smallest UNDERGROUND of its band at level 1 (depth 2: 20 x 12)",
    );
    // Rotated it fits beside any staircase of a taller grid: the same room from level 3.
    let checked = check(&[("r.room", &text.replace("count: 1", "count: 1\nlevel: 3-"))]);
    assert!(checked.set.is_some(), "{:#?}", checked.diagnostics);
}

#[test]
fn a_control_room_needs_one_console_marker() {
    let none = room(
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1",
        &["##+##", "#...#", "#####"],
    );
    assert_refused(
        &none,
        Some(5),
        "the control_room has 0 `c` marker(s): the console stands on exactly one",
    );
    let two = room(
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1",
        &["##+##", "#c.c#", "#####"],
    );
    assert_refused(&two, Some(7), "the control_room has 2 `c` marker(s)");
    let one = room(
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1",
        &["##+##", "#.c.#", "#####"],
    );
    assert!(check(&[("r.room", &one)]).set.is_some());
}

#[test]
fn a_control_room_must_be_once_on_every_underground() {
    let map = ["##+##", "#.c.#", "#####"];
    for header in [
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 0-1",
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1-2",
        "name: control_room\nstoreys: UNDERGROUND, UPPER_FLOOR\ndepth: 2-\ncount: 1",
    ] {
        assert_refused(
            &room(header, &map),
            Some(4),
            "the control_room holds the game's RECLAIM console: it must be on UNDERGROUND storeys only with count 1-1",
        );
    }
}

#[test]
fn a_games_loader_keeps_the_good_templates_and_says_why_it_left_each_bad_one_out() {
    let good = room("name: good\nstoreys: UNDERGROUND", &SMALL);
    let bad = room("name: bad\nstoreys: UNDERGROUND\nweight: 0", &SMALL);
    let twin = room("name: good\nstoreys: UPPER_FLOOR", &SMALL);
    let sources = [
        RoomSource::new("a.room", good.as_bytes()),
        RoomSource::new("b.room", bad.as_bytes()),
        RoomSource::new("c.room", twin.as_bytes()),
    ];
    let (set, messages) = RoomSet::from_sources_skipping_bad(&sources);
    let names: Vec<&str> = set.templates().iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["good"]);
    assert_eq!(set.templates()[0].file, "a.room");
    let files: Vec<&str> = messages.iter().map(|d| d.file.as_str()).collect();
    assert_eq!(files, ["b.room", "c.room"]);
    assert!(messages.iter().all(|d| d.severity == Severity::Error));
}
