//! A room's map: its glyphs, the eight transforms, and a transformed map's cells as the
//! placement pass reads them (its walls, floor, doorways, beacons, shafts and markers).

use crate::cell::CellType;
use crate::geometry::Pos;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One cell of a room's map, as written in a `.room` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `#`: WALL.
    Wall,
    /// `.`: EMPTY floor.
    Floor,
    /// `B`: a BEACON.
    Beacon,
    /// `O`: a SHAFT.
    Shaft,
    /// `+`: a doorway in the room's outer ring, EMPTY in the grid; the cell straight
    /// across the edge (its outside) is joined to the storey by a corridor.
    Doorway,
    /// `?`: left to the BSP pass (its WALL or EMPTY; OUT_OF_BOUNDS becomes WALL), never
    /// carved by a later pass.
    Open,
    /// `a`-`z`: a marker, EMPTY in the grid, reported by letter.
    Marker(u8),
}

impl Glyph {
    /// The glyph written as `c`, if `c` is one of the room glyphs.
    pub const fn from_char(c: char) -> Option<Glyph> {
        Some(match c {
            '#' => Glyph::Wall,
            '.' => Glyph::Floor,
            'B' => Glyph::Beacon,
            'O' => Glyph::Shaft,
            '+' => Glyph::Doorway,
            '?' => Glyph::Open,
            'a'..='z' => Glyph::Marker(c as u8),
            _ => return None,
        })
    }

    /// The glyph's character.
    pub const fn to_char(self) -> char {
        match self {
            Glyph::Wall => '#',
            Glyph::Floor => '.',
            Glyph::Beacon => 'B',
            Glyph::Shaft => 'O',
            Glyph::Doorway => '+',
            Glyph::Open => '?',
            Glyph::Marker(c) => c as char,
        }
    }

    /// The cell the glyph fixes in the grid; `None` for `?`, which keeps what Pass 2a
    /// made.
    pub const fn cell(self) -> Option<CellType> {
        match self {
            Glyph::Wall => Some(CellType::Wall),
            Glyph::Floor | Glyph::Doorway | Glyph::Marker(_) => Some(CellType::Empty),
            Glyph::Beacon => Some(CellType::Beacon),
            Glyph::Shaft => Some(CellType::Shaft),
            Glyph::Open => None,
        }
    }

    /// Whether the glyph is walkable in the grid (`?` counts as not: it may be WALL).
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Glyph::Wall | Glyph::Open)
    }
}

/// Who owns a character the generator writes in its own ASCII pictures, for the error a
/// room using it gets: `~` OUT_OF_BOUNDS, `E` ENTRY, `S` STAIRCASE, `D` ENTRANCE, `*` the
/// PATH overlay.
pub const fn generator_glyph_owner(c: char) -> Option<&'static str> {
    Some(match c {
        '~' => "OUT_OF_BOUNDS: the BSP pass (2a) cuts the outline; write ? to keep its cells",
        'E' => "ENTRY: Pass 2b places the entries in the storey's outer wall",
        'S' => "STAIRCASE: Pass 3 places the staircase (a building aligns it)",
        'D' => "ENTRANCE: Pass 6 places the ground floor's door",
        '*' => "the PATH overlay: the renderer draws it over enemy paths",
        _ => return None,
    })
}

/// How a map is turned before it is placed: mirrored left-right or not, then rotated
/// clockwise by a quarter turn `quarter` times. Written `r0 r90 r180 r270` (rotations)
/// and `m0 m90 m180 m270` (mirrored, then rotated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Transform {
    mirror: bool,
    quarter: u8,
}

impl Transform {
    /// The map as drawn.
    pub const IDENTITY: Transform = Transform {
        mirror: false,
        quarter: 0,
    };

    /// Every transform, in the order placement tries them: `r0 r90 r180 r270 m0 m90
    /// m180 m270`.
    pub const ALL: [Transform; 8] = {
        let mut all = [Transform::IDENTITY; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Transform {
                mirror: i >= 4,
                quarter: (i % 4) as u8,
            };
            i += 1;
        }
        all
    };

    /// Whether the map is mirrored left-right (before the rotation).
    pub const fn mirrored(self) -> bool {
        self.mirror
    }

    /// Clockwise rotation in degrees: 0, 90, 180 or 270.
    pub const fn degrees(self) -> u32 {
        self.quarter as u32 * 90
    }

    /// The size of a `width` x `height` map after the transform.
    pub const fn size(self, width: i32, height: i32) -> (i32, i32) {
        if self.quarter % 2 == 1 {
            (height, width)
        } else {
            (width, height)
        }
    }

    /// Where cell `p` of a `width` x `height` map lands: mirrored (`x -> width - 1 - x`)
    /// first, then rotated clockwise.
    pub const fn apply(self, p: Pos, width: i32, height: i32) -> Pos {
        let x = if self.mirror { width - 1 - p.x } else { p.x };
        let y = p.y;
        match self.quarter {
            0 => Pos::new(x, y),
            1 => Pos::new(height - 1 - y, x),
            2 => Pos::new(width - 1 - x, height - 1 - y),
            _ => Pos::new(y, width - 1 - x),
        }
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.mirror { 'm' } else { 'r' };
        write!(f, "{kind}{}", self.degrees())
    }
}

impl FromStr for Transform {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Transform::ALL
            .into_iter()
            .find(|t| t.to_string() == s)
            .ok_or_else(|| {
                format!(
                    "unknown transform {s:?}: expected r0, r90, r180, r270, m0, m90, m180 or m270"
                )
            })
    }
}

impl TryFrom<String> for Transform {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<Transform> for String {
    fn from(t: Transform) -> String {
        t.to_string()
    }
}

/// A room's map: `width` x `height` glyphs, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomMap {
    width: i32,
    height: i32,
    glyphs: Vec<Glyph>,
}

impl RoomMap {
    /// A map of `rows`, each of the same length (the parser checks it).
    pub(crate) fn new(rows: &[Vec<Glyph>]) -> RoomMap {
        let width = rows.first().map_or(0, Vec::len);
        debug_assert!(rows.iter().all(|r| r.len() == width));
        RoomMap {
            width: width as i32,
            height: rows.len() as i32,
            glyphs: rows.concat(),
        }
    }

    /// Columns.
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Rows.
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// The glyph at `p` (`None` off the map).
    pub fn get(&self, p: Pos) -> Option<Glyph> {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        inside.then(|| self.glyphs[(p.y * self.width + p.x) as usize])
    }

    /// Every cell with its glyph, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Glyph)> + '_ {
        let w = self.width.max(1);
        self.glyphs
            .iter()
            .enumerate()
            .map(move |(i, &g)| (Pos::new(i as i32 % w, i as i32 / w), g))
    }

    /// Whether `p` lies on the outer ring.
    pub const fn on_ring(&self, p: Pos) -> bool {
        p.x == 0 || p.y == 0 || p.x == self.width - 1 || p.y == self.height - 1
    }

    /// Whether `p` is one of the four corners.
    pub const fn is_corner(&self, p: Pos) -> bool {
        (p.x == 0 || p.x == self.width - 1) && (p.y == 0 || p.y == self.height - 1)
    }

    /// For a ring cell that is no corner, the unit step straight out of the map.
    pub const fn outward(&self, p: Pos) -> Pos {
        if p.y == 0 {
            Pos::new(0, -1)
        } else if p.y == self.height - 1 {
            Pos::new(0, 1)
        } else if p.x == 0 {
            Pos::new(-1, 0)
        } else {
            Pos::new(1, 0)
        }
    }

    /// The map after `t`.
    #[must_use]
    pub fn transformed(&self, t: Transform) -> RoomMap {
        let (w, h) = t.size(self.width, self.height);
        let mut glyphs = vec![Glyph::Open; self.glyphs.len()];
        for (p, g) in self.cells() {
            let q = t.apply(p, self.width, self.height);
            glyphs[(q.y * w + q.x) as usize] = g;
        }
        RoomMap {
            width: w,
            height: h,
            glyphs,
        }
    }

    /// The map as text, a row per line, each ending in `\n`.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(((self.width + 1) * self.height) as usize);
        for row in self.glyphs.chunks(self.width.max(1) as usize) {
            s.extend(row.iter().map(|g| g.to_char()));
            s.push('\n');
        }
        s
    }
}

/// A map under one transform, laid out for placement: every position relative to the
/// footprint's top-left cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Variant {
    pub(crate) transform: Transform,
    pub(crate) width: i32,
    pub(crate) height: i32,
    /// The cells a glyph fixes (every cell but `?`), with what they become.
    pub(crate) fixed: Vec<(Pos, CellType)>,
    /// The `?` cells.
    pub(crate) open: Vec<Pos>,
    /// Each doorway and its outside cell (one step off the footprint), by x then y.
    pub(crate) doorways: Vec<(Pos, Pos)>,
    /// `B` cells, by x then y.
    pub(crate) beacons: Vec<Pos>,
    /// `O` cells, by x then y.
    pub(crate) shafts: Vec<Pos>,
    /// Marker letters (sorted) and their cells (by x then y).
    pub(crate) markers: Vec<(u8, Vec<Pos>)>,
    /// The box holding the footprint and every doorway's outside cell, relative to the
    /// footprint's top-left: `(left, top, right, bottom)` margins of 0 or 1.
    pub(crate) margins: (i32, i32, i32, i32),
}

impl Variant {
    /// `map` (as drawn) under `transform`.
    pub(crate) fn new(map: &RoomMap, transform: Transform) -> Variant {
        let turned = map.transformed(transform);
        let mut variant = Variant {
            transform,
            width: turned.width,
            height: turned.height,
            fixed: Vec::new(),
            open: Vec::new(),
            doorways: Vec::new(),
            beacons: Vec::new(),
            shafts: Vec::new(),
            markers: Vec::new(),
            margins: (0, 0, 0, 0),
        };
        // Column by column, so that every list is by x then y.
        for x in 0..turned.width {
            for y in 0..turned.height {
                let cell = Pos::new(x, y);
                if let Some(glyph) = turned.get(cell) {
                    variant.add(&turned, cell, glyph);
                }
            }
        }
        variant.markers.sort_by_key(|(letter, _)| *letter);
        variant
    }

    /// Adds the map's `cell`, drawn `glyph`.
    fn add(&mut self, turned: &RoomMap, cell: Pos, glyph: Glyph) {
        match glyph.cell() {
            Some(fixed) => self.fixed.push((cell, fixed)),
            None => self.open.push(cell),
        }
        match glyph {
            Glyph::Doorway => {
                // Checked templates have doorways on the ring and off its corners, where
                // the step out of the map is one direction.
                let step = turned.outward(cell);
                let out = Pos::new(cell.x + step.x, cell.y + step.y);
                self.doorways.push((cell, out));
                self.margins.0 = self.margins.0.max(-out.x);
                self.margins.1 = self.margins.1.max(-out.y);
                self.margins.2 = self.margins.2.max(out.x - (turned.width - 1));
                self.margins.3 = self.margins.3.max(out.y - (turned.height - 1));
            }
            Glyph::Beacon => self.beacons.push(cell),
            Glyph::Shaft => self.shafts.push(cell),
            Glyph::Marker(letter) => match self.markers.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, cells)) => cells.push(cell),
                None => self.markers.push((letter, vec![cell])),
            },
            _ => {}
        }
    }

    /// The width and height of the box holding the footprint and its doorways' outside
    /// cells.
    pub(crate) const fn reach(&self) -> (i32, i32) {
        let (l, t, r, b) = self.margins;
        (self.width + l + r, self.height + t + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> RoomMap {
        let rows: Vec<Vec<Glyph>> = rows
            .iter()
            .map(|r| r.chars().map(|c| Glyph::from_char(c).unwrap()).collect())
            .collect();
        RoomMap::new(&rows)
    }

    #[test]
    fn transforms_are_named_r_then_m_by_clockwise_degrees() {
        let names: Vec<String> = Transform::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            ["r0", "r90", "r180", "r270", "m0", "m90", "m180", "m270"]
        );
        for t in Transform::ALL {
            assert_eq!(t.to_string().parse::<Transform>(), Ok(t));
        }
        assert!("r45".parse::<Transform>().is_err());
    }

    #[test]
    fn a_quarter_turn_puts_the_top_row_on_the_right_column() {
        let m = map(&["#+#", "#a#", "###", "###"]);
        let r90 = m.transformed("r90".parse().unwrap());
        assert_eq!(r90.to_text(), "####\n##a+\n####\n");
    }

    #[test]
    fn mirroring_comes_before_the_rotation() {
        let m = map(&["+.#", "###"]);
        assert_eq!(m.transformed("m0".parse().unwrap()).to_text(), "#.+\n###\n");
        // Mirrored to "#.+", then turned clockwise: the first row becomes the last column.
        assert_eq!(
            m.transformed("m90".parse().unwrap()).to_text(),
            "##\n#.\n#+\n"
        );
    }

    #[test]
    fn four_quarter_turns_give_the_map_back() {
        let m = map(&["#+##", "#.B#", "####"]);
        let r90: Transform = "r90".parse().unwrap();
        let turned = (0..4).fold(m.clone(), |acc, _| acc.transformed(r90));
        assert_eq!(turned, m);
    }

    #[test]
    fn a_doorways_outside_cell_turns_with_the_map() {
        let m = map(&["#+##", "#..#", "####"]);
        let v = Variant::new(&m, "r90".parse().unwrap());
        // The top doorway at (1, 0) faces up; turned clockwise it is on the right edge
        // and faces right.
        assert_eq!(v.doorways, [(Pos::new(2, 1), Pos::new(3, 1))]);
        assert_eq!(v.margins, (0, 0, 1, 0));
        assert_eq!(v.reach(), (4, 4));
    }
}
