//! Reads a `.room` file: UTF-8 (LF or CRLF), `key: value` header lines, then `map:` and
//! the rows. The first thing wrong is the error, naming the file and line.
//!
//! ```text
//! name: beacon_vault
//! storeys: UPPER_FLOOR, UNDERGROUND
//! depth: 3-
//! weight: 5
//! map:
//! ###+###
//! #.....#
//! #..B..#
//! #######
//! ```

use super::diagnostic::Diagnostic;
use super::map::{Glyph, RoomMap, generator_glyph_owner};
use super::template::{Band, Lines, RoomTemplate};
use crate::cell::StoreyType;
use crate::params::{
    DEFAULT_ROOM_CHANCE, DEFAULT_ROOM_WEIGHT, MAX_OUTPOST_LEVEL, MAX_ROOM_COUNT,
    MAX_ROOM_FILE_BYTES, MAX_ROOM_NAME_LEN, MAX_ROOM_WEIGHT, MIN_OUTPOST_LEVEL,
};

/// The header keys, in the order the format lists them.
pub const KEYS: [&str; 9] = [
    "name", "storeys", "depth", "level", "weight", "chance", "count", "unique", "rotate",
];

/// A parse failure: the line (1-based, when there is one), the message, and the map cell
/// `(x, y)` when it is about one.
type Failure = (Option<u32>, String, Option<[i32; 2]>);

fn at(line: u32, message: impl Into<String>) -> Failure {
    (Some(line), message.into(), None)
}

/// A failure about map cell `(x, y)` on `line`.
fn at_cell(line: u32, x: usize, y: usize, message: impl Into<String>) -> Failure {
    let cell = [
        i32::try_from(x).unwrap_or(i32::MAX),
        i32::try_from(y).unwrap_or(i32::MAX),
    ];
    (Some(line), message.into(), Some(cell))
}

/// Parses the bytes of the file `file`.
///
/// # Errors
///
/// The first problem, as an error [`Diagnostic`] naming the file and line: a file over
/// [`MAX_ROOM_FILE_BYTES`], a byte-order mark, bad UTF-8, a tab, a header line that is
/// not `key: value`, an unknown or repeated key, a bad value, a missing `name`,
/// `storeys` or `map:`, an empty map, rows of different lengths, or a character that is
/// no room glyph (a generator's own glyph is named with its owner).
pub fn parse(file: &str, bytes: &[u8]) -> Result<RoomTemplate, Diagnostic> {
    parse_bytes(file, bytes).map_err(|(line, message, cell)| {
        let d = Diagnostic::error(file, line, message);
        match cell {
            Some([x, y]) => d.at_cell(x, y),
            None => d,
        }
    })
}

fn parse_bytes(file: &str, bytes: &[u8]) -> Result<RoomTemplate, Failure> {
    if bytes.len() > MAX_ROOM_FILE_BYTES {
        return Err((
            None,
            format!(
                "the file is {} bytes, over the limit of {MAX_ROOM_FILE_BYTES}",
                bytes.len()
            ),
            None,
        ));
    }
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(at(
            1,
            "the file starts with a byte-order mark (BOM): save it as UTF-8 without one",
        ));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let line = valid.split(|&b| b == b'\n').count() as u32;
        at(
            line,
            format!("not valid UTF-8 (at byte {})", e.valid_up_to()),
        )
    })?;
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if let Some(i) = lines.iter().position(|l| l.contains('\t')) {
        return Err(at(
            i as u32 + 1,
            "a tab: use spaces in the header and one glyph per cell in the map",
        ));
    }
    let mut header = Header::default();
    let mut map_line = None;
    for (i, raw) in lines.iter().enumerate() {
        let line = i as u32 + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let Some((key, value)) = raw.split_once(':') else {
            return Err(at(
                line,
                format!("expected `key: value` or `map:`, got {:?}", raw.trim()),
            ));
        };
        let (key, value) = (key.trim(), value.trim());
        if key == "map" {
            if !value.is_empty() {
                return Err(at(
                    line,
                    format!(
                        "`map:` takes no value (got {value:?}): the rows follow on the next lines"
                    ),
                ));
            }
            map_line = Some(line);
            break;
        }
        header.take(key, value, line)?;
    }
    let Some(map_line) = map_line else {
        return Err((None, "no `map:` line: the rows follow it".to_owned(), None));
    };
    let map = parse_map(&lines[map_line as usize..], map_line)?;
    header.finish(file, text, map, map_line)
}

/// Reads the rows after the `map:` line (its number is `map_line`).
fn parse_map(rows: &[&str], map_line: u32) -> Result<RoomMap, Failure> {
    let end = rows
        .iter()
        .rposition(|r| !r.trim().is_empty())
        .map_or(0, |i| i + 1);
    let rows = &rows[..end];
    if rows.is_empty() {
        return Err(at(map_line, "the map is empty: draw its rows after `map:`"));
    }
    let width = rows[0].chars().count();
    let mut glyphs = Vec::with_capacity(rows.len());
    for (y, row) in rows.iter().enumerate() {
        let line = map_line + 1 + y as u32;
        let n = row.chars().count();
        if n != width {
            // The cell where the row ends early, or the first one too many.
            return Err(at_cell(
                line,
                n.min(width),
                y,
                format!(
                    "row {y} has {n} cells but row 0 has {width}: every row must have the same length"
                ),
            ));
        }
        let mut cells = Vec::with_capacity(width);
        for (x, c) in row.chars().enumerate() {
            let g = Glyph::from_char(c).ok_or_else(|| {
                let message = match generator_glyph_owner(c) {
                    Some(owner) => {
                        format!("{c:?} at ({x}, {y}) is the generator's glyph for {owner}")
                    }
                    None if c == ' ' => {
                        format!("a space at ({x}, {y}): every cell is a glyph (# . B O + ? or a-z)")
                    }
                    None => format!(
                        "unknown glyph {c:?} at ({x}, {y}): the glyphs are # . B O + ? and a-z"
                    ),
                };
                at_cell(line, x, y, message)
            })?;
            cells.push(g);
        }
        glyphs.push(cells);
    }
    Ok(RoomMap::new(&glyphs))
}

/// The header as read so far.
#[derive(Default)]
struct Header {
    name: Option<String>,
    storeys: Option<Vec<StoreyType>>,
    depth: Option<Band>,
    level: Option<Band>,
    weight: Option<u32>,
    chance: Option<u32>,
    count: Option<(u32, u32)>,
    unique: Option<bool>,
    rotate: Option<bool>,
    lines: Vec<(&'static str, u32)>,
}

impl Header {
    /// Reads one `key: value` line.
    fn take(&mut self, key: &str, value: &str, line: u32) -> Result<(), Failure> {
        let Some(&known) = KEYS.iter().find(|&&k| k == key) else {
            return Err(at(
                line,
                format!(
                    "unknown key {key:?} (the keys are {}, and map)",
                    KEYS.join(", ")
                ),
            ));
        };
        if let Some(&(_, first)) = self.lines.iter().find(|(k, _)| *k == known) {
            return Err(at(
                line,
                format!("`{known}` is given twice (first on line {first})"),
            ));
        }
        self.lines.push((known, line));
        let bad = |message: String| at(line, format!("{known}: {message}"));
        match known {
            "name" => self.name = Some(parse_name(value).map_err(bad)?),
            "storeys" => self.storeys = Some(parse_storeys(value).map_err(bad)?),
            "depth" => self.depth = Some(parse_band(value, 1, None).map_err(bad)?),
            "level" => {
                let (lo, hi) = (MIN_OUTPOST_LEVEL as u32, MAX_OUTPOST_LEVEL as u32);
                let levels = parse_band(value, lo, Some(hi)).map_err(bad)?;
                self.level = Some(Band::new(levels.min, Some(levels.end_or(hi))));
            }
            "weight" => {
                self.weight = Some(parse_int(value, 1, MAX_ROOM_WEIGHT).map_err(bad)?);
            }
            "chance" => {
                let percent = value.strip_suffix('%').unwrap_or(value).trim_end();
                self.chance = Some(parse_int(percent, 0, 100).map_err(bad)?);
            }
            "count" => self.count = Some(parse_count(value).map_err(bad)?),
            "unique" => {
                if value != "building" {
                    return Err(bad(format!(
                        "{value:?} is not `building` (the one kind of uniqueness: at most once per building)"
                    )));
                }
                self.unique = Some(true);
            }
            _ => {
                self.rotate = Some(match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad(format!("{value:?} is neither yes nor no"))),
                });
            }
        }
        Ok(())
    }

    /// The template, once the map is read.
    fn finish(
        self,
        file: &str,
        text: &str,
        map: RoomMap,
        map_line: u32,
    ) -> Result<RoomTemplate, Failure> {
        let missing = |key: &str| {
            (
                None,
                format!("no `{key}:` line (every room needs one)"),
                None,
            )
        };
        let (count_min, count_max) = self.count.unwrap_or((0, 1));
        Ok(RoomTemplate {
            name: self.name.ok_or_else(|| missing("name"))?,
            file: file.to_owned(),
            storeys: self.storeys.ok_or_else(|| missing("storeys"))?,
            depth: self.depth.unwrap_or(Band::new(1, None)),
            level: self.level.unwrap_or(Band::new(
                MIN_OUTPOST_LEVEL as u32,
                Some(MAX_OUTPOST_LEVEL as u32),
            )),
            weight: self.weight.unwrap_or(DEFAULT_ROOM_WEIGHT),
            chance: self.chance.unwrap_or(DEFAULT_ROOM_CHANCE),
            count_min,
            count_max,
            unique_building: self.unique.unwrap_or(false),
            rotate: self.rotate.unwrap_or(true),
            map,
            text: text.to_owned(),
            lines: Lines {
                keys: self.lines,
                map: map_line,
            },
        })
    }
}

fn parse_name(value: &str) -> Result<String, String> {
    let ok = (1..=MAX_ROOM_NAME_LEN).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(value.to_owned())
    } else {
        Err(format!(
            "{value:?} is not 1 to {MAX_ROOM_NAME_LEN} of a-z, 0-9 and _"
        ))
    }
}

fn parse_storeys(value: &str) -> Result<Vec<StoreyType>, String> {
    let mut out = Vec::new();
    for item in value.split(',').map(str::trim) {
        let t = StoreyType::ALL
            .into_iter()
            .find(|t| t.name() == item)
            .ok_or_else(|| {
                format!("unknown storey type {item:?}: expected GROUND_FLOOR, UPPER_FLOOR or UNDERGROUND, comma-separated")
            })?;
        if out.contains(&t) {
            return Err(format!("{t} is listed twice"));
        }
        out.push(t);
    }
    out.sort_by_key(|&t| t as u8);
    Ok(out)
}

/// An integer in `min..=max`.
fn parse_int(value: &str, min: u32, max: u32) -> Result<u32, String> {
    let out_of_range = || format!("{value} is outside {min}..={max}");
    if value.starts_with('-') && value[1..].bytes().all(|b| b.is_ascii_digit()) && value.len() > 1 {
        return Err(out_of_range());
    }
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{value:?} is not a whole number"));
    }
    let n: u64 = value.parse().map_err(|_| out_of_range())?;
    u32::try_from(n)
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(out_of_range)
}

/// `N`, `N-M` or `N-` (open) with `lo <= N <= M` (and `M <= hi` when given).
fn parse_band(value: &str, lo: u32, hi: Option<u32>) -> Result<Band, String> {
    let ceiling = hi.unwrap_or(u32::MAX);
    let (a, b) = match value.split_once('-') {
        Some((a, b)) => (a.trim(), Some(b.trim())),
        None => (value, None),
    };
    if a.is_empty() {
        return Err(format!(
            "{value:?} is not a range: write 3, 2-4 or 2- (2 and deeper), from {lo}"
        ));
    }
    let min = parse_int(a, lo, ceiling)?;
    let max = match b {
        None => Some(min),
        Some("") => None,
        Some(b) => {
            let max = parse_int(b, lo, ceiling)?;
            if max < min {
                return Err(format!("{value} ends ({max}) before it starts ({min})"));
            }
            Some(max)
        }
    };
    Ok(Band::new(min, max))
}

/// `min-max` or `n` (exactly n), `min <= max`, `1 <= max <= MAX_ROOM_COUNT`.
fn parse_count(value: &str) -> Result<(u32, u32), String> {
    let (a, b) = value.split_once('-').unwrap_or((value, value));
    let min = parse_int(a.trim(), 0, MAX_ROOM_COUNT)?;
    let max = parse_int(b.trim(), 1, MAX_ROOM_COUNT)?;
    if min > max {
        return Err(format!(
            "{value}: the least ({min}) is above the most ({max})"
        ));
    }
    Ok((min, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    const VAULT: &str = "name: vault\nstoreys: UPPER_FLOOR\nmap:\n#+#\n#.#\n###\n";

    fn error(text: &str) -> String {
        parse("r.room", text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn a_file_with_its_defaults_reads_back() {
        let t = parse("r.room", VAULT.as_bytes()).unwrap();
        assert_eq!(t.name, "vault");
        assert_eq!(t.storeys, [StoreyType::UpperFloor]);
        assert_eq!(
            (t.depth.to_string(), t.level.to_string()),
            ("1-".into(), "1-4".into())
        );
        assert_eq!(
            (t.weight, t.chance, t.count_min, t.count_max),
            (10, 100, 0, 1)
        );
        assert!(!t.unique_building && t.rotate);
        assert_eq!(t.map.to_text(), "#+#\n#.#\n###\n");
    }

    #[test]
    fn crlf_reads_as_lf() {
        let crlf = VAULT.replace('\n', "\r\n");
        let a = parse("r.room", VAULT.as_bytes()).unwrap();
        let b = parse("r.room", crlf.as_bytes()).unwrap();
        assert_eq!((a.map, a.name), (b.map, b.name));
    }

    #[test]
    fn bands_read_single_closed_and_open() {
        assert_eq!(parse_band("3", 1, None), Ok(Band::new(3, Some(3))));
        assert_eq!(parse_band("2-4", 1, None), Ok(Band::new(2, Some(4))));
        assert_eq!(parse_band("2-", 1, None), Ok(Band::new(2, None)));
        assert!(
            parse_band("0-3", 1, None)
                .unwrap_err()
                .contains("outside 1..")
        );
        assert!(
            parse_band("4-2", 1, None)
                .unwrap_err()
                .contains("ends (2) before it starts (4)")
        );
        assert!(parse_band("-2", 1, None).is_err());
    }

    #[test]
    fn an_unknown_key_is_named_with_its_line() {
        let e = error("name: a\nstoreys: UNDERGROUND\ncolour: red\nmap:\n#+#\n###\n");
        assert!(
            e.starts_with("r.room:3: error: unknown key \"colour\""),
            "{e}"
        );
    }

    #[test]
    fn a_key_given_twice_names_both_lines() {
        let e = error("name: a\nname: b\nstoreys: UNDERGROUND\nmap:\n#+#\n###\n");
        assert_eq!(
            e,
            "r.room:2: error: `name` is given twice (first on line 1)"
        );
    }

    #[test]
    fn a_generator_glyph_is_named_with_its_owner() {
        let e = error("name: a\nstoreys: UNDERGROUND\nmap:\n#+#\n#E#\n###\n");
        assert!(
            e.starts_with("r.room:5: error: 'E' at (1, 1) is the generator's glyph for ENTRY"),
            "{e}"
        );
    }

    #[test]
    fn ragged_rows_are_refused_on_the_short_row() {
        let e = error("name: a\nstoreys: UNDERGROUND\nmap:\n#+##\n#.#\n####\n");
        assert!(
            e.starts_with("r.room:5: error: row 1 has 3 cells but row 0 has 4"),
            "{e}"
        );
    }

    #[test]
    fn a_bom_a_tab_and_bad_utf8_are_refused() {
        let bom = [&[0xEF, 0xBB, 0xBF][..], VAULT.as_bytes()].concat();
        assert!(
            parse("r.room", &bom)
                .unwrap_err()
                .message
                .contains("byte-order mark")
        );
        let tab = VAULT.replace("name: vault", "name:\tvault");
        assert_eq!(
            error(&tab),
            "r.room:1: error: a tab: use spaces in the header and one glyph per cell in the map"
        );
        let mut bad = VAULT.as_bytes().to_vec();
        bad[20] = 0xFF;
        assert!(
            parse("r.room", &bad)
                .unwrap_err()
                .message
                .contains("not valid UTF-8")
        );
    }

    #[test]
    fn bad_values_name_the_key_and_the_value() {
        let with = |line: &str| {
            error(&format!(
                "name: a\nstoreys: UNDERGROUND\n{line}\nmap:\n#+#\n###\n"
            ))
        };
        assert!(with("count: 3-1").contains("count: 3-1: the least (3) is above the most (1)"));
        assert!(with("weight: 0").contains("weight: 0 is outside 1..="));
        assert!(with("chance: 101").contains("chance: 101 is outside 0..=100"));
        assert!(with("depth: 0").contains("depth: 0 is outside 1.."));
        assert!(with("level: 5").contains("level: 5 is outside 1..=4"));
        assert!(with("rotate: maybe").contains("rotate: \"maybe\" is neither yes nor no"));
        let storeys = error("name: a\nstoreys: ROOF\nmap:\n#+#\n###\n");
        assert!(
            storeys.contains("unknown storey type \"ROOF\""),
            "{storeys}"
        );
        let name = error("name: Big Room\nstoreys: UNDERGROUND\nmap:\n#+#\n###\n");
        assert!(
            name.contains("name: \"Big Room\" is not 1 to 40 of a-z, 0-9 and _"),
            "{name}"
        );
    }

    #[test]
    fn an_empty_map_and_a_missing_key_are_refused() {
        assert_eq!(
            error("name: a\nstoreys: UNDERGROUND\nmap:\n\n"),
            "r.room:3: error: the map is empty: draw its rows after `map:`"
        );
        assert_eq!(
            error("name: a\nmap:\n#+#\n###\n"),
            "r.room: error: no `storeys:` line (every room needs one)"
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let big = format!("{VAULT}{}", "\n".repeat(MAX_ROOM_FILE_BYTES));
        assert!(
            parse("r.room", big.as_bytes())
                .unwrap_err()
                .message
                .contains("over the limit of 65536")
        );
    }
}
