//! The cells of `rooms check`'s messages: a message about one map cell carries it (`x`
//! the column, `y` the row, as drawn), so an editor can show it on that cell; a message
//! about a whole file, a header line or the set carries none.

use outpost_core::rooms::{Diagnostic, RoomSource, check_sources};

/// Every message of `text` checked alone as `r.room`.
fn diagnostics(text: &str) -> Vec<Diagnostic> {
    check_sources(&[RoomSource::new("r.room", text.as_bytes())]).diagnostics
}

/// A room file: the header of room `a` on UNDERGROUND storeys from depth 2, `extra`
/// header lines, then `map`.
fn room(extra: &str, map: &[&str]) -> String {
    format!(
        "name: a\nstoreys: UNDERGROUND\ndepth: 2-\n{extra}map:\n{}\n",
        map.join("\n")
    )
}

/// Asserts that `text` gives a message containing `phrase` about cell `(x, y)`, on the
/// line of that cell's row.
fn assert_on_cell(text: &str, phrase: &str, (x, y): (i32, i32)) {
    let all = diagnostics(text);
    let d = all
        .iter()
        .find(|d| d.message.contains(phrase))
        .unwrap_or_else(|| panic!("no message with {phrase:?} in {all:#?}"));
    assert_eq!(d.cell, Some([x, y]), "{d}");
    let map_line = text
        .lines()
        .position(|l| l == "map:")
        .expect("the text has a map") as u32
        + 1;
    assert_eq!(d.line, Some(map_line + 1 + y as u32), "{d}");
}

#[test]
fn a_doorway_on_a_corner_is_on_its_cell() {
    assert_on_cell(
        &room("", &["###+", "#+.#", "####"]),
        "is on a corner",
        (3, 0),
    );
}

#[test]
fn a_doorway_off_the_ring_is_on_its_cell() {
    assert_on_cell(
        &room("", &["#+###", "#.+.#", "#####"]),
        "is not on the outer ring",
        (2, 1),
    );
}

#[test]
fn a_doorway_onto_a_wall_or_an_open_cell_is_on_the_doorway() {
    assert_on_cell(
        &room("", &["#+###", "##..#", "#####"]),
        "opens onto the wall",
        (1, 0),
    );
    assert_on_cell(
        &room("", &["##+##", "#.?.#", "#...#", "#####"]),
        "straight inside the doorway",
        (2, 0),
    );
}

#[test]
fn a_bad_outer_ring_glyph_is_on_its_cell() {
    assert_on_cell(
        &room("", &["#+###", "#...#", "#...B", "#####"]),
        "is on the outer ring",
        (4, 2),
    );
}

#[test]
fn an_unknown_or_generator_glyph_is_on_its_cell() {
    assert_on_cell(
        &room("", &["#+##", "#.%#", "####"]),
        "unknown glyph '%'",
        (2, 1),
    );
    assert_on_cell(
        &room("", &["#+##", "#..#", "#.S#", "####"]),
        "the generator's glyph for STAIRCASE",
        (2, 2),
    );
    assert_on_cell(&room("", &["#+##", "#. #", "####"]), "a space", (2, 1));
}

#[test]
fn a_ragged_row_is_on_the_cell_where_it_ends_or_overflows() {
    assert_on_cell(
        &room("", &["#+##", "#.#", "####"]),
        "row 1 has 3 cells",
        (3, 1),
    );
    assert_on_cell(
        &room("", &["#+##", "#..#", "#####"]),
        "row 2 has 5 cells",
        (4, 2),
    );
}

#[test]
fn unreached_floor_and_a_stranded_open_cell_are_on_the_first_such_cell() {
    assert_on_cell(
        &room("", &["#+####", "#.#..#", "######"]),
        "no doorway reaches",
        (3, 1),
    );
    assert_on_cell(
        &room("", &["#+###", "#.#?#", "#####"]),
        "? cell(s) with no 4-neighbour",
        (3, 1),
    );
}

#[test]
fn beacon_problems_are_on_the_beacon() {
    // A band holding depth 1 has no beacon for rooms: on the first B.
    let shallow = "name: a\nstoreys: UNDERGROUND\nmap:\n#+###\n#..B#\n#####\n";
    assert_on_cell(shallow, "a beacon B at (3, 1)", (3, 1));
    // Two beacons closer than the separation: on the second.
    assert_on_cell(
        &room("", &["#+#####", "#B..B.#", "#######"]),
        "are 3 apart",
        (4, 1),
    );
}

#[test]
fn shaft_problems_are_on_the_shaft() {
    assert_on_cell(
        &room("", &["#+###", "#...#", "#.O.#", "#...#", "#####"]),
        "the shaft O at (2, 2) has no #",
        (2, 2),
    );
    assert_on_cell(
        &room("", &["#+####", "#O.O.#", "#O...#", "######"]),
        "3 shafts (O)",
        (1, 2),
    );
}

#[test]
fn a_second_console_marker_is_on_its_cell() {
    let text = "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1\nmap:\n\
                #+####\n#c..c#\n######\n";
    assert_on_cell(text, "2 `c` marker(s)", (4, 1));
}

#[test]
fn messages_about_no_cell_carry_none() {
    let no_doorway = diagnostics(&room("", &["###", "#.#", "###"]));
    assert_eq!(no_doorway[0].cell, None, "{}", no_doorway[0]);
    let no_console = diagnostics(
        "name: control_room\nstoreys: UNDERGROUND\ndepth: 2-\ncount: 1\nmap:\n#+#\n#.#\n###\n",
    );
    let d = no_console
        .iter()
        .find(|d| d.message.contains("0 `c` marker(s)"))
        .expect("the missing console is reported");
    assert_eq!(d.cell, None, "{d}");
    let bad_key = diagnostics(&room("colour: red\n", &["#+#", "#.#", "###"]));
    assert_eq!(bad_key[0].cell, None, "{}", bad_key[0]);
}

#[test]
fn the_displayed_message_is_unchanged_by_its_cell() {
    let d = &diagnostics(&room("", &["###+", "#+.#", "####"]))[0];
    assert_eq!(
        d.to_string(),
        "r.room:5: error: the doorway + at (3, 0) is on a corner: a doorway needs one side facing out"
    );
}
