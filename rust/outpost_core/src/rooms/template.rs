//! A room template as a `.room` file states it: its selection data and its map.

use super::map::RoomMap;
use crate::cell::StoreyType;
use std::fmt;

/// A band of storey depths or outpost levels: `min..=max`, or `min` and deeper when `max`
/// is `None`. Written `2-4`, `3` or `2-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Band {
    /// The first value in the band.
    pub min: u32,
    /// The last value in the band; `None` for an open band (`2-`).
    pub max: Option<u32>,
}

impl Band {
    /// `min..=max`.
    pub const fn new(min: u32, max: Option<u32>) -> Band {
        Band { min, max }
    }

    /// Whether `value` lies in the band.
    pub const fn contains(self, value: u32) -> bool {
        value >= self.min
            && match self.max {
                Some(max) => value <= max,
                None => true,
            }
    }

    /// The last value of the band, `ceiling` for an open one.
    pub fn end_or(self, ceiling: u32) -> u32 {
        self.max.unwrap_or(ceiling)
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "{}", self.min),
            Some(max) => write!(f, "{}-{max}", self.min),
            None => write!(f, "{}-", self.min),
        }
    }
}

/// The line each header key and the map came from, for messages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lines {
    /// `(key, line)` for each key given.
    pub(crate) keys: Vec<(&'static str, u32)>,
    /// The `map:` line; the map's row `y` is on line `map + 1 + y`.
    pub(crate) map: u32,
}

impl Lines {
    /// The line of `key`, or the `map:` line when the key was left to its default.
    pub(crate) fn of(&self, key: &str) -> u32 {
        self.keys
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(self.map, |&(_, line)| line)
    }

    /// The line of map row `y`.
    pub(crate) const fn row(&self, y: i32) -> u32 {
        self.map + 1 + y as u32
    }
}

/// One room a designer drew: where it may appear, how often, and its map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomTemplate {
    /// `[a-z0-9_]{1,40}`, unique in a set; placements and reports name it.
    pub name: String,
    /// The file it came from, as the caller named it (for messages).
    pub file: String,
    /// The storey types it may appear on, in [`StoreyType::ALL`] order.
    pub storeys: Vec<StoreyType>,
    /// The storey depths it may appear at (default `1-`).
    pub depth: Band,
    /// The outpost levels it may appear at (default `1-4`).
    pub level: Band,
    /// Its share of the draws among the optional rooms (default 10).
    pub weight: u32,
    /// Percent of eligible storeys that try it (default 100).
    pub chance: u32,
    /// Fewest copies per storey; more than 0 makes it required (default 0).
    pub count_min: u32,
    /// Most copies per storey (default 1).
    pub count_max: u32,
    /// At most once per building (`unique: building`).
    pub unique_building: bool,
    /// Whether it may be rotated and mirrored (default yes; `no` places it as drawn).
    pub rotate: bool,
    /// The map as drawn.
    pub map: RoomMap,
    /// The file's text as read, line endings included (what a save stores).
    pub text: String,
    pub(crate) lines: Lines,
}

impl RoomTemplate {
    /// Whether a storey must hold it (`count_min > 0`).
    pub const fn is_required(&self) -> bool {
        self.count_min > 0
    }

    /// Whether it may appear on a storey of this type, depth and level (the building's
    /// uniqueness aside).
    pub fn is_eligible(&self, storey_type: StoreyType, depth: u32, level: u32) -> bool {
        self.storeys.contains(&storey_type)
            && self.depth.contains(depth)
            && self.level.contains(level)
    }
}
