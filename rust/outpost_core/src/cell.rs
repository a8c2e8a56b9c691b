//! Cell and storey types: pure data, as the reference's `StoreyLayout.CellType` and
//! `StoreyLayout.StoreyType` enums. No visual or gameplay meaning lives here.

use crate::params::{STOREY_TYPE_PARAMS, StoreyTypeParams};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What a grid cell *is*. The discriminants are the reference's integer values and
/// are part of the data contract (JSON, Godot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum CellType {
    /// Outside the playable shape; nothing is drawn.
    OutOfBounds = 0,
    /// Solid, blocks movement.
    Wall = 1,
    /// Open floor: walkable and buildable.
    Empty = 2,
    /// Enemy spawn point: a discrete opening in the outer wall.
    Entry = 3,
    /// Communications restoration point.
    Beacon = 4,
    /// Tube connection point; exactly two per storey.
    Shaft = 5,
    /// Up/down transition point; exactly one per storey.
    Staircase = 6,
    /// The player's door: exactly one on every GROUND_FLOOR, in the outer wall, with
    /// the outside straight across from the one floor cell inside. Walkable, never an
    /// enemy spawn. Value 8: appended after the `PATH` overlay value 7, so that every
    /// older value keeps its number.
    Entrance = 8,
}

/// `PATH` (7) exists only as a render overlay on `enemy_path`; it is never stored in a grid.
pub const PATH_OVERLAY: u8 = 7;

impl CellType {
    /// Every stored cell type, in discriminant order.
    pub const ALL: [CellType; 8] = [
        CellType::OutOfBounds,
        CellType::Wall,
        CellType::Empty,
        CellType::Entry,
        CellType::Beacon,
        CellType::Shaft,
        CellType::Staircase,
        CellType::Entrance,
    ];

    /// One past the largest value: the length of a table indexed by `t as usize` (the
    /// values are not contiguous: 7 is the `PATH` overlay, never stored).
    pub const VALUES: usize = CellType::Entrance as usize + 1;

    /// The stored values as text for error messages: `"0..=6 or 8"`.
    pub const VALUES_TEXT: &'static str = "0..=6 or 8";

    /// Genesis and enemies can traverse EMPTY, ENTRY, BEACON, SHAFT, STAIRCASE and
    /// ENTRANCE.
    #[inline]
    pub const fn is_walkable(self) -> bool {
        !matches!(self, CellType::OutOfBounds | CellType::Wall)
    }

    /// The reference's constant name, e.g. `"OUT_OF_BOUNDS"`.
    pub const fn name(self) -> &'static str {
        match self {
            CellType::OutOfBounds => "OUT_OF_BOUNDS",
            CellType::Wall => "WALL",
            CellType::Empty => "EMPTY",
            CellType::Entry => "ENTRY",
            CellType::Beacon => "BEACON",
            CellType::Shaft => "SHAFT",
            CellType::Staircase => "STAIRCASE",
            CellType::Entrance => "ENTRANCE",
        }
    }

    /// The character used by [`crate::ascii`].
    pub const fn ascii(self) -> char {
        match self {
            CellType::OutOfBounds => '~',
            CellType::Wall => '#',
            CellType::Empty => '.',
            CellType::Entry => 'E',
            CellType::Beacon => 'B',
            CellType::Shaft => 'O',
            CellType::Staircase => 'S',
            CellType::Entrance => 'D',
        }
    }

    /// Inverse of [`CellType::ascii`].
    pub fn from_ascii(c: char) -> Option<CellType> {
        CellType::ALL.into_iter().find(|t| t.ascii() == c)
    }
}

impl TryFrom<i64> for CellType {
    type Error = i64;
    /// Converts a stored integer; the error is the value that is not a cell type (7,
    /// the `PATH` overlay, is none).
    fn try_from(value: i64) -> Result<Self, i64> {
        Ok(match value {
            0 => CellType::OutOfBounds,
            1 => CellType::Wall,
            2 => CellType::Empty,
            3 => CellType::Entry,
            4 => CellType::Beacon,
            5 => CellType::Shaft,
            6 => CellType::Staircase,
            8 => CellType::Entrance,
            _ => return Err(value),
        })
    }
}

impl fmt::Display for CellType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of storey, which sets its size adjustment, OOB probability and corridor
/// width (see [`StoreyTypeParams`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[repr(u8)]
pub enum StoreyType {
    /// The ground floor of a building (the lowest storey above ground): medium size,
    /// standard corridors.
    GroundFloor = 0,
    /// Higher floors: slightly smaller, no OOB cuts.
    UpperFloor = 1,
    /// Factory floor: full size, cave-like outline, narrow corridors.
    Underground = 2,
}

impl StoreyType {
    /// Every storey type, in discriminant order.
    pub const ALL: [StoreyType; 3] = [
        StoreyType::GroundFloor,
        StoreyType::UpperFloor,
        StoreyType::Underground,
    ];

    /// This type's row of the reference's table ([`STOREY_TYPE_PARAMS`]).
    pub const fn params(self) -> StoreyTypeParams {
        STOREY_TYPE_PARAMS[self as usize]
    }

    /// The reference's constant name, e.g. `"UNDERGROUND"`.
    pub const fn name(self) -> &'static str {
        match self {
            StoreyType::GroundFloor => "GROUND_FLOOR",
            StoreyType::UpperFloor => "UPPER_FLOOR",
            StoreyType::Underground => "UNDERGROUND",
        }
    }

    /// The first word of the name, which [`FromStr`] accepts too: `"GROUND"`, `"UPPER"`,
    /// `"UNDERGROUND"`.
    fn short_name(self) -> &'static str {
        match self {
            StoreyType::GroundFloor => "GROUND",
            StoreyType::UpperFloor => "UPPER",
            StoreyType::Underground => "UNDERGROUND",
        }
    }
}

impl TryFrom<i64> for StoreyType {
    type Error = i64;
    /// Converts the integer value; the error is the value that is not a storey type.
    fn try_from(value: i64) -> Result<Self, i64> {
        usize::try_from(value)
            .ok()
            .and_then(|i| StoreyType::ALL.get(i).copied())
            .ok_or(value)
    }
}

impl fmt::Display for StoreyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StoreyType {
    type Err = String;
    /// Accepts the constant name in any case (`underground`, `UPPER_FLOOR`, `upper-floor`),
    /// its first word (`ground`, `upper`) or the integer value; the error lists them all.
    fn from_str(s: &str) -> Result<Self, String> {
        let norm = s.trim().to_ascii_uppercase().replace('-', "_");
        StoreyType::ALL
            .into_iter()
            .find(|t| t.name() == norm || t.short_name() == norm || (*t as u8).to_string() == norm)
            .ok_or_else(|| {
                let list = |f: fn(StoreyType) -> String| StoreyType::ALL.map(f).join(", ");
                format!(
                    "unknown storey type {s:?}: expected {} (or {}, or {}, in any case)",
                    list(|t| t.short_name().to_ascii_lowercase()),
                    list(|t| t.name().to_owned()),
                    list(|t| (t as u8).to_string()),
                )
            })
    }
}

/// The renderers' PATH-overlay rule: path cells are drawn as PATH except the special
/// cells, whose own colours stay visible so they remain identifiable on the path. The
/// reference skips ENTRY, BEACON and STAIRCASE (its bug fix of 2026-03-16); SHAFT and
/// ENTRANCE are special cells too and are skipped on purpose, so a storey shows both of
/// its shafts and its door (no enemy path runs through the door, a dead end, anyway).
#[inline]
pub const fn path_overlay_applies(t: CellType) -> bool {
    t.is_walkable()
        && !matches!(
            t,
            CellType::Entry
                | CellType::Beacon
                | CellType::Shaft
                | CellType::Staircase
                | CellType::Entrance
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_converts_back_and_the_path_overlay_value_is_no_cell_type() {
        for t in CellType::ALL {
            assert_eq!(CellType::try_from(t as i64), Ok(t));
            assert_eq!(CellType::from_ascii(t.ascii()), Some(t));
            assert!((t as usize) < CellType::VALUES);
        }
        assert_eq!(CellType::try_from(i64::from(PATH_OVERLAY)), Err(7));
        assert_eq!(CellType::try_from(9), Err(9));
        assert_eq!(CellType::Entrance as u8, 8);
    }

    #[test]
    fn each_storey_type_has_its_row_of_the_references_table() {
        let rows = StoreyType::ALL.map(|t| {
            let p = t.params();
            (
                p.oob_percent,
                p.corridor_width,
                p.width_adjust,
                p.height_adjust,
            )
        });
        assert_eq!(rows, [(35, 2, 2, 1), (0, 2, 2, 1), (55, 1, 0, 0)]);
    }
}
