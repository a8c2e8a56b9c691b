//! `GenerationSettings`: every tunable of the generator's passes as one value a designer
//! can change, with the reference's values as defaults, a valid range per setting and
//! a table ([`GenerationSettings::RANGES`]) that front ends (the CLI's `--set`, the Godot
//! binding's `StoreyGenerationSettings`) read instead of copying names and ranges.
//!
//! Every setting is an integer (`i64`, so any value a caller passes is stored as it is);
//! [`GenerationSettings::check`] refuses a value outside its range, naming the setting,
//! the value and the range. The defaults are the constants of [`crate::params`], the one
//! place the numbers live; with them [`crate::generate_with`] gives exactly what
//! [`crate::generate`] gives.
//!
//! ```
//! use outpost_core::{GenerationSettings, StoreyRequest, StoreyType, generate, generate_with};
//!
//! let request = StoreyRequest::new(42, 3, 2, StoreyType::GroundFloor);
//! let defaults = GenerationSettings::default();
//! assert_eq!(generate_with(&defaults, &request)?, generate(&request)?);
//!
//! let mut settings = GenerationSettings::default();
//! settings.set("min_partition", 4).unwrap();
//! let layout = generate_with(&settings, &request)?;
//! assert_eq!(outpost_core::validate_with(&layout, &settings), Ok(()));
//!
//! settings.min_partition = 1;
//! assert_eq!(
//!     settings.check().unwrap_err().to_string(),
//!     "min_partition = 1 is outside its range 2..=16"
//! );
//! # Ok::<(), outpost_core::GenerateError>(())
//! ```

use crate::bits::MAX_SIDE;
use crate::cell::StoreyType;
use crate::geometry::MAX_REMOVED;
use crate::params;
use thiserror::Error;

/// One row of [`GenerationSettings::RANGES`]: a setting's name, its valid range
/// (`min..=max`), its default and its doc comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingInfo {
    /// The field's name, the reference's constant in snake case (`min_partition`).
    pub name: &'static str,
    /// Smallest valid value.
    pub min: i64,
    /// Largest valid value.
    pub max: i64,
    /// The reference's value ([`GenerationSettings::default`]).
    pub default: i64,
    /// The field's doc comment as written (one line per doc line).
    pub doc: &'static str,
}

impl SettingInfo {
    /// The doc comment as one paragraph: lines trimmed and joined with spaces.
    pub fn doc_text(&self) -> String {
        self.doc
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether `value` is in `min..=max`.
    pub const fn contains(&self, value: i64) -> bool {
        self.min <= value && value <= self.max
    }

    /// The error for `value` out of this setting's range.
    pub const fn out_of_range(&self, value: i64) -> SettingsError {
        SettingsError::OutOfRange {
            name: self.name,
            value,
            min: self.min,
            max: self.max,
        }
    }
}

/// Why settings were refused. Every message names the setting and the value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// A setting lies outside its range.
    #[error("{name} = {value} is outside its range {min}..={max}")]
    OutOfRange {
        /// The setting.
        name: &'static str,
        /// Its value.
        value: i64,
        /// Smallest valid value.
        min: i64,
        /// Largest valid value.
        max: i64,
    },
    /// Two settings contradict each other (a minimum above its maximum).
    #[error("{name} = {value} is above {other} = {other_value}; it must not be")]
    Inconsistent {
        /// The setting that should be the smaller.
        name: &'static str,
        /// Its value.
        value: i64,
        /// The setting that should be the larger.
        other: &'static str,
        /// Its value.
        other_value: i64,
    },
    /// No setting has this name.
    #[error("unknown setting {0:?} (the settings' `RANGES` list the names)")]
    UnknownName(String),
    /// A `name=value` text could not be read.
    #[error("{0}")]
    Parse(String),
}

/// Declares a settings struct (every field an `i64` setting), its `Default`, its range
/// table and the methods every settings value has (`get`, `set`, `set_from_str`,
/// `check_ranges`, `changes`, `Display`) from one list, so a field's doc comment, default
/// and range are written once. `GenerationSettings` and the surface's
/// [`crate::surface::SurfaceSettings`] are declared with it.
macro_rules! settings {
    (
        $(#[$meta:meta])*
        pub struct $Name:ident { default: $default_doc:literal }
        $(
            $(#[doc = $doc:literal])*
            $name:ident = $default:expr, $min:literal ..= $max:literal;
        )*
    ) => {
        $(#[$meta])*
        ///
        /// Serialised (serde) as an object of the fields; missing fields take their
        /// defaults, unknown fields are refused.
        #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $Name {
            $(
                $(#[doc = $doc])*
                pub $name: i64,
            )*
        }

        impl Default for $Name {
            #[doc = $default_doc]
            fn default() -> Self {
                $Name::DEFAULT
            }
        }

        impl $Name {
            /// The defaults, as a constant.
            pub const DEFAULT: $Name = $Name {
                $($name: $default as i64,)*
            };

            /// Every setting's name, range, default and doc, in field order.
            pub const RANGES: &'static [$crate::settings::SettingInfo] = &[$(
                $crate::settings::SettingInfo {
                    name: stringify!($name),
                    min: $min,
                    max: $max,
                    default: $default as i64,
                    doc: concat!($($doc, "\n"),*),
                },
            )*];

            /// The value of the setting called `name`, or `None` if there is none.
            pub fn get(&self, name: &str) -> Option<i64> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }

            fn slot(&mut self, name: &str) -> Option<&mut i64> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }

            /// Number of settings.
            pub const COUNT: usize = [$(stringify!($name)),*].len();

            /// Every setting's value, in the order of [`Self::RANGES`].
            pub fn values(&self) -> [i64; Self::COUNT] {
                [$(self.$name,)*]
            }

            /// The row of [`Self::RANGES`] for `name`.
            pub fn info(name: &str) -> Option<&'static $crate::settings::SettingInfo> {
                Self::RANGES.iter().find(|r| r.name == name)
            }

            /// Sets the setting called `name` to `value`, whatever the value (see
            /// `check`).
            ///
            /// # Errors
            ///
            /// [`SettingsError::UnknownName`](crate::SettingsError::UnknownName) if no
            /// setting has that name.
            pub fn set(
                &mut self,
                name: &str,
                value: i64,
            ) -> Result<(), $crate::settings::SettingsError> {
                let slot = self.slot(name).ok_or_else(|| {
                    $crate::settings::SettingsError::UnknownName(name.to_owned())
                })?;
                *slot = value;
                Ok(())
            }

            /// Parses `name=value` (an integer, spaces around either allowed) and sets it,
            /// refusing an unknown name or a value out of range.
            ///
            /// # Errors
            ///
            /// [`SettingsError::Parse`](crate::SettingsError::Parse) for text that is not
            /// `name=integer`, `UnknownName`, or `OutOfRange`.
            pub fn set_from_str(
                &mut self,
                assignment: &str,
            ) -> Result<(), $crate::settings::SettingsError> {
                use $crate::settings::SettingsError;
                let (name, value) = assignment.split_once('=').ok_or_else(|| {
                    SettingsError::Parse(format!(
                        "setting {assignment:?} is not name=value (e.g. {}=4)",
                        Self::RANGES[0].name
                    ))
                })?;
                let name = name.trim();
                let info =
                    Self::info(name).ok_or_else(|| SettingsError::UnknownName(name.to_owned()))?;
                let value: i64 = value.trim().parse().map_err(|_| {
                    SettingsError::Parse(format!(
                        "{name} = {:?} is not an integer (range {}..={})",
                        value.trim(),
                        info.min,
                        info.max
                    ))
                })?;
                if !info.contains(value) {
                    return Err(info.out_of_range(value));
                }
                self.set(name, value)
            }

            /// Checks every setting against its range, in field order.
            ///
            /// # Errors
            ///
            /// The first setting out of range:
            /// [`SettingsError::OutOfRange`](crate::SettingsError::OutOfRange) naming it,
            /// its value and its range.
            pub fn check_ranges(&self) -> Result<(), $crate::settings::SettingsError> {
                for (info, value) in Self::RANGES.iter().zip(self.values()) {
                    if !info.contains(value) {
                        return Err(info.out_of_range(value));
                    }
                }
                Ok(())
            }

            /// The settings that differ from the defaults, as `name=value` pairs in field
            /// order (what the CLI's `--set` takes).
            pub fn changes(&self) -> Vec<(&'static str, i64)> {
                Self::RANGES
                    .iter()
                    .zip(self.values())
                    .filter(|(info, v)| *v != info.default)
                    .map(|(info, v)| (info.name, v))
                    .collect()
            }
        }

        impl std::fmt::Display for $Name {
            /// The changed settings as `name=value` separated by spaces, or `defaults`.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let changes = self.changes();
                if changes.is_empty() {
                    return f.write_str("defaults");
                }
                for (i, (name, value)) in changes.into_iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{name}={value}")?;
                }
                Ok(())
            }
        }

        // Every default lies in its range.
        const _: () = {
            let mut i = 0;
            while i < $Name::RANGES.len() {
                let r = &$Name::RANGES[i];
                assert!(r.min <= r.default && r.default <= r.max);
                i += 1;
            }
        };
    };
}
pub(crate) use settings;

settings! {
    /// Every tunable of the generator's passes, named as the reference's constants in
    /// snake case. See the [module docs](self) and [`GenerationSettings::RANGES`].
    pub struct GenerationSettings { default: "The reference's values: what [`crate::generate`] uses." }

    // Pass 1 — Dimensions:
    // width  = clamp(base_width  + width_per_depth  * (depth - 1) + width_per_level  * (level - 1) - width_adjust_<type>,  min_width,  max_width)
    // height = clamp(base_height + height_per_depth * (depth - 1) + height_per_level * (level - 1) - height_adjust_<type>, min_height, max_height)

    /// Grid width at depth 1, level 1, before the storey type's adjustment and the
    /// clamp (Pass 1). Reference: 18. Range 1..=32.
    base_width = params::BASE_WIDTH, 1..=32;
    /// Columns added per storey depth below the first: deeper storeys are larger and
    /// more complex. Reference: 2. Range 0..=8.
    width_per_depth = params::WIDTH_PER_DEPTH, 0..=8;
    /// Columns added per outpost level above 1: higher levels are larger. Reference: 2.
    /// Range 0..=8.
    width_per_level = params::WIDTH_PER_LEVEL, 0..=8;
    /// Grid height at depth 1, level 1, before the adjustment and the clamp.
    /// Reference: 11. Range 1..=32.
    base_height = params::BASE_HEIGHT, 1..=32;
    /// Rows added per storey depth below the first. Reference: 1. Range 0..=8.
    height_per_depth = params::HEIGHT_PER_DEPTH, 0..=8;
    /// Rows added per outpost level above 1. Reference: 2. Range 0..=8.
    height_per_level = params::HEIGHT_PER_LEVEL, 0..=8;
    /// Columns taken off a GROUND_FLOOR's width ("base -2w -1h"). Reference: 2.
    /// Range -16..=16 (negative adds columns).
    width_adjust_ground = params::STOREY_TYPE_PARAMS[0].width_adjust, -16..=16;
    /// Rows taken off a GROUND_FLOOR's height. Reference: 1. Range -16..=16.
    height_adjust_ground = params::STOREY_TYPE_PARAMS[0].height_adjust, -16..=16;
    /// Columns taken off an UPPER_FLOOR's width (upper floors are slightly smaller).
    /// Reference: 2. Range -16..=16.
    width_adjust_upper = params::STOREY_TYPE_PARAMS[1].width_adjust, -16..=16;
    /// Rows taken off an UPPER_FLOOR's height. Reference: 1. Range -16..=16.
    height_adjust_upper = params::STOREY_TYPE_PARAMS[1].height_adjust, -16..=16;
    /// Columns taken off an UNDERGROUND storey's width (the factory floor has the full
    /// size). Reference: 0. Range -16..=16.
    width_adjust_underground = params::STOREY_TYPE_PARAMS[2].width_adjust, -16..=16;
    /// Rows taken off an UNDERGROUND storey's height. Reference: 0. Range -16..=16.
    height_adjust_underground = params::STOREY_TYPE_PARAMS[2].height_adjust, -16..=16;
    /// Narrowest grid: the formula's width is clamped up to it. Below 16 BSP makes too
    /// few leaves and rectangular shapes. Reference: 16. Range 8..=32 (at most
    /// max_width).
    min_width = params::MIN_WIDTH, 8..=32;
    /// Widest grid: keeps generation fast and the layout readable. Reference: 28.
    /// Range 8..=32 (the bitboards hold 32 x 32).
    max_width = params::MAX_WIDTH, 8..=32;
    /// Shortest grid. Reference: 10. Range 8..=32 (at most max_height).
    min_height = params::MIN_HEIGHT, 8..=32;
    /// Tallest grid. Reference: 20. Range 8..=32 (the bitboards hold 32 x 32).
    max_height = params::MAX_HEIGHT, 8..=32;

    // Pass 2a — BSP rooms.

    /// Minimum cells on each axis of a BSP partition before splitting stops: the most
    /// important parameter. 2 gives many tiny rooms (maze-like; with room_shrink 1 a
    /// 2-cell partition holds no room and stays solid wall), 3 enough variety and OOB
    /// opportunity, 4 boxier, 6 only a few leaves: rectangular output where no OOB cut
    /// fires (the reference's "OOB always 0" bug). Reference: 3. Range 2..=16.
    min_partition = params::MIN_PARTITION, 2..=16;
    /// Each room is inset this many cells from its partition; the border becomes WALL.
    /// 2 or more makes rooms small (a partition narrower than 2 x room_shrink + 1 holds
    /// none). Reference: 1. Range 1..=3 (0 would merge rooms).
    room_shrink = params::ROOM_SHRINK, 1..=3;
    /// BSP cuts the longer axis when it exceeds the other by more than this ratio, in
    /// percent (125 = 5:4); otherwise it picks the axis at random. 100 always cuts the
    /// longer axis, larger values cut more often at random. Reference: 125. Range
    /// 100..=400.
    split_ratio = params::SPLIT_RATIO.0 * 100 / params::SPLIT_RATIO.1, 100..=400;
    /// Partitions that never go OUT_OF_BOUNDS, counted from the left in X-midpoint order
    /// ("needed for ENTRY zone width"). Reference: 2. Range 0..=8.
    protected_left = params::PROTECTED_LEFT, 0..=8;
    /// Partitions that never go OUT_OF_BOUNDS, counted from the right (room for the
    /// beacon). Reference: 1. Range 0..=8.
    protected_right = params::PROTECTED_RIGHT, 0..=8;
    /// Chance, in percent, that an unprotected perimeter partition of a GROUND_FLOOR
    /// stays OUT_OF_BOUNDS: the irregular outline. Reference: 35. Range 0..=100.
    oob_probability_ground = params::STOREY_TYPE_PARAMS[0].oob_percent, 0..=100;
    /// The same for an UPPER_FLOOR: 0 fills the building's footprint (the validator then
    /// requires no OUT_OF_BOUNDS cell). Reference: 0. Range 0..=100.
    oob_probability_upper = params::STOREY_TYPE_PARAMS[1].oob_percent, 0..=100;
    /// The same for an UNDERGROUND storey: a more irregular, cave-like outline.
    /// Reference: 55. Range 0..=100.
    oob_probability_underground = params::STOREY_TYPE_PARAMS[2].oob_percent, 0..=100;

    // Pass 2b — ENTRY and BEACON placement.

    /// ENTRY cells on a storey of depth 1. Reference: 1. Range 1..=6.
    entry_count_depth_1 = params::special_count(1), 1..=6;
    /// ENTRY cells on a storey of depth 2 or 3. Reference: 2. Range 1..=6.
    entry_count_depth_2_3 = params::special_count(2), 1..=6;
    /// ENTRY cells on a storey of depth 4 or more. Reference: 3. Range 1..=6.
    entry_count_depth_4_plus = params::special_count(4), 1..=6;
    /// BEACON cells on a storey of depth 1 (the first is the primary). Reference: 1.
    /// Range 1..=6.
    beacon_count_depth_1 = params::special_count(1), 1..=6;
    /// BEACON cells on a storey of depth 2 or 3. Reference: 2. Range 1..=6.
    beacon_count_depth_2_3 = params::special_count(2), 1..=6;
    /// BEACON cells on a storey of depth 4 or more. Reference: 3. Range 1..=6.
    beacon_count_depth_4_plus = params::special_count(4), 1..=6;
    /// Least Manhattan distance from every ENTRY to every BEACON: how far drones walk
    /// before they reach one. Reference: 6. Range 1..=60.
    min_entry_beacon_dist = params::MIN_ENTRY_BEACON_DIST, 1..=60;
    /// Least Manhattan distance between two ENTRY cells: how spread out the threat is.
    /// Reference: 5. Range 1..=60.
    min_entry_separation = params::MIN_ENTRY_SEPARATION, 1..=60;
    /// Least Manhattan distance from every ENTRY to the STAIRCASE. Reference: 4. Range
    /// 1..=60.
    min_entry_stair_dist = params::MIN_ENTRY_STAIR_DIST, 1..=60;
    /// Least Manhattan distance between two BEACON cells. Reference: 5. Range 1..=60.
    min_beacon_separation = params::MIN_BEACON_SEPARATION, 1..=60;
    /// Full placements Pass 2b draws before the attempt fails (the first half prefer a
    /// dead end for the primary BEACON, the rest take corners too). Reference: 24.
    /// Range 1..=1000.
    placement_attempts = params::PLACEMENT_ATTEMPTS, 1..=1000;

    // Pass 2c — Corridors.

    /// Width in cells of the room-to-room corridors of a GROUND_FLOOR. Reference: 2.
    /// Range 1..=2.
    corridor_width_ground = params::STOREY_TYPE_PARAMS[0].corridor_width, 1..=2;
    /// Corridor width of an UPPER_FLOOR. Reference: 2. Range 1..=2.
    corridor_width_upper = params::STOREY_TYPE_PARAMS[1].corridor_width, 1..=2;
    /// Corridor width of an UNDERGROUND storey: narrow corridors keep wall mass for the
    /// factory. Reference: 1. Range 1..=2.
    corridor_width_underground = params::STOREY_TYPE_PARAMS[2].corridor_width, 1..=2;

    // Pass 3 — SHAFT and STAIRCASE.

    /// Least Manhattan distance between the two SHAFT cells. Reference: 4. Range 1..=60.
    min_shaft_separation = params::MIN_SHAFT_SEPARATION, 1..=60;

    // Pass 6 — the ENTRANCE of a GROUND_FLOOR (not in the reference's passes; its
    // defaults follow the reference's MIN_ENTRY_* distances).

    /// Least Manhattan distance from a GROUND_FLOOR's ENTRANCE to every ENTRY: the
    /// player's door is away from where the drones come in. Not in the reference
    /// (default as its min_entry_separation): 5. Range 1..=60.
    min_entrance_entry_dist = params::MIN_ENTRANCE_ENTRY_DIST, 1..=60;
    /// Least Manhattan distance from a GROUND_FLOOR's ENTRANCE to every BEACON: no
    /// beacon is restored from the doorstep. Not in the reference (default as its
    /// min_entry_stair_dist): 4. Range 1..=60.
    min_entrance_beacon_dist = params::MIN_ENTRANCE_BEACON_DIST, 1..=60;

    // Pass 4 — validation and retries.

    /// Generation attempts (the first and its retries with derived seeds) before the
    /// generator gives up with an error naming the attempts and the last reason.
    /// Reference: 10. Range 1..=1000.
    max_retries = params::MAX_RETRIES, 1..=1000;
}

impl GenerationSettings {
    /// Checks every setting against its range, then that each minimum grid size is at
    /// most its maximum.
    ///
    /// # Errors
    ///
    /// The first problem, in field order: [`SettingsError::OutOfRange`] naming the
    /// setting, its value and its range, or [`SettingsError::Inconsistent`].
    pub fn check(&self) -> Result<(), SettingsError> {
        self.check_ranges()?;
        for (name, value, other, other_value) in [
            ("min_width", self.min_width, "max_width", self.max_width),
            ("min_height", self.min_height, "max_height", self.max_height),
        ] {
            if value > other_value {
                return Err(SettingsError::Inconsistent {
                    name,
                    value,
                    other,
                    other_value,
                });
            }
        }
        Ok(())
    }

    /// The settings as the passes read them, once checked.
    pub(crate) fn tuning(&self) -> Result<Tuning, SettingsError> {
        self.check()?;
        Ok(Tuning::saturating(self))
    }

    /// ENTRY cells on a storey of `storey_depth` (the 1 / 2-3 / 4+ table).
    pub const fn entry_count(&self, storey_depth: u32) -> i64 {
        match storey_depth {
            0 | 1 => self.entry_count_depth_1,
            2 | 3 => self.entry_count_depth_2_3,
            _ => self.entry_count_depth_4_plus,
        }
    }

    /// BEACON cells on a storey of `storey_depth` (the 1 / 2-3 / 4+ table).
    pub const fn beacon_count(&self, storey_depth: u32) -> i64 {
        match storey_depth {
            0 | 1 => self.beacon_count_depth_1,
            2 | 3 => self.beacon_count_depth_2_3,
            _ => self.beacon_count_depth_4_plus,
        }
    }

    /// The OOB probability (percent) of a storey type.
    pub const fn oob_probability(&self, storey_type: StoreyType) -> i64 {
        match storey_type {
            StoreyType::GroundFloor => self.oob_probability_ground,
            StoreyType::UpperFloor => self.oob_probability_upper,
            StoreyType::Underground => self.oob_probability_underground,
        }
    }

    /// The corridor width of a storey type.
    pub const fn corridor_width(&self, storey_type: StoreyType) -> i64 {
        match storey_type {
            StoreyType::GroundFloor => self.corridor_width_ground,
            StoreyType::UpperFloor => self.corridor_width_upper,
            StoreyType::Underground => self.corridor_width_underground,
        }
    }

    /// The `(width, height)` adjustment of a storey type (cells taken off).
    pub const fn adjust(&self, storey_type: StoreyType) -> (i64, i64) {
        match storey_type {
            StoreyType::GroundFloor => (self.width_adjust_ground, self.height_adjust_ground),
            StoreyType::UpperFloor => (self.width_adjust_upper, self.height_adjust_upper),
            StoreyType::Underground => (
                self.width_adjust_underground,
                self.height_adjust_underground,
            ),
        }
    }
}

// The largest grid the ranges allow fits a bitboard.
const _: () =
    assert!(max_of("max_width") <= MAX_SIDE as i64 && max_of("max_height") <= MAX_SIDE as i64);
// Every placement's protected cells fit Pass 2b's region count: four around each
// entry's mouth and up to three guards of the primary beacon.
const _: () = assert!(4 * max_of("entry_count_depth_1") + 3 <= MAX_REMOVED as i64);
const _: () = assert!(4 * max_of("entry_count_depth_2_3") + 3 <= MAX_REMOVED as i64);
const _: () = assert!(4 * max_of("entry_count_depth_4_plus") + 3 <= MAX_REMOVED as i64);

/// The range maximum of `name` (compile-time; panics on an unknown name).
const fn max_of(name: &str) -> i64 {
    let mut i = 0;
    while i < GenerationSettings::RANGES.len() {
        let r = &GenerationSettings::RANGES[i];
        if const_eq(r.name, name) {
            return r.max;
        }
        i += 1;
    }
    panic!("no such setting")
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A storey type's row of the settings, typed for the passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TypeTuning {
    pub(crate) oob_percent: u32,
    pub(crate) corridor_width: i32,
    pub(crate) width_adjust: i32,
    pub(crate) height_adjust: i32,
}

/// Checked settings as the passes read them (from the draft's spec): the same values,
/// in the types the passes compute with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    pub(crate) base_width: i32,
    pub(crate) width_per_depth: i32,
    pub(crate) width_per_level: i32,
    pub(crate) base_height: i32,
    pub(crate) height_per_depth: i32,
    pub(crate) height_per_level: i32,
    pub(crate) min_width: i32,
    pub(crate) max_width: i32,
    pub(crate) min_height: i32,
    pub(crate) max_height: i32,
    pub(crate) min_partition: i32,
    pub(crate) room_shrink: i32,
    pub(crate) split_ratio: i32,
    pub(crate) protected_left: usize,
    pub(crate) protected_right: usize,
    pub(crate) types: [TypeTuning; 3],
    /// Entries at depth 1, 2-3, 4+.
    pub(crate) entry_counts: [usize; 3],
    /// Beacons at depth 1, 2-3, 4+.
    pub(crate) beacon_counts: [usize; 3],
    pub(crate) min_entry_beacon_dist: u32,
    pub(crate) min_entry_separation: u32,
    pub(crate) min_entry_stair_dist: u32,
    pub(crate) min_beacon_separation: u32,
    pub(crate) placement_attempts: u32,
    pub(crate) min_shaft_separation: u32,
    pub(crate) min_entrance_entry_dist: u32,
    pub(crate) min_entrance_beacon_dist: u32,
    pub(crate) max_retries: u32,
    /// Whether the protected cells of one placement may repeat (two entries within 4
    /// cells, or an entry within 3 of the primary beacon), which Pass 2b's region count
    /// must then weed out.
    pub(crate) protected_may_repeat: bool,
    /// Whether the validator requires UPPER_FLOOR storeys to have no OUT_OF_BOUNDS cell
    /// (their OOB probability is 0).
    pub(crate) upper_floor_filled: bool,
}

impl Tuning {
    /// The reference's values.
    pub(crate) const DEFAULT: Tuning = Tuning::saturating(&GenerationSettings::DEFAULT);

    /// The settings converted value by value, each saturated into its type: exact for
    /// checked settings, which every range keeps well inside the types.
    pub(crate) const fn saturating(s: &GenerationSettings) -> Tuning {
        const fn i(v: i64) -> i32 {
            if v < i32::MIN as i64 {
                i32::MIN
            } else if v > i32::MAX as i64 {
                i32::MAX
            } else {
                v as i32
            }
        }
        const fn u(v: i64) -> u32 {
            if v < 0 {
                0
            } else if v > u32::MAX as i64 {
                u32::MAX
            } else {
                v as u32
            }
        }
        const fn n(v: i64) -> usize {
            u(v) as usize
        }
        const fn row(oob: i64, corridor: i64, adjust: (i64, i64)) -> TypeTuning {
            TypeTuning {
                oob_percent: u(oob),
                corridor_width: i(corridor),
                width_adjust: i(adjust.0),
                height_adjust: i(adjust.1),
            }
        }
        Tuning {
            base_width: i(s.base_width),
            width_per_depth: i(s.width_per_depth),
            width_per_level: i(s.width_per_level),
            base_height: i(s.base_height),
            height_per_depth: i(s.height_per_depth),
            height_per_level: i(s.height_per_level),
            min_width: i(s.min_width),
            max_width: i(s.max_width),
            min_height: i(s.min_height),
            max_height: i(s.max_height),
            min_partition: i(s.min_partition),
            room_shrink: i(s.room_shrink),
            split_ratio: i(s.split_ratio),
            protected_left: n(s.protected_left),
            protected_right: n(s.protected_right),
            types: [
                row(
                    s.oob_probability_ground,
                    s.corridor_width_ground,
                    s.adjust(StoreyType::GroundFloor),
                ),
                row(
                    s.oob_probability_upper,
                    s.corridor_width_upper,
                    s.adjust(StoreyType::UpperFloor),
                ),
                row(
                    s.oob_probability_underground,
                    s.corridor_width_underground,
                    s.adjust(StoreyType::Underground),
                ),
            ],
            entry_counts: [
                n(s.entry_count_depth_1),
                n(s.entry_count_depth_2_3),
                n(s.entry_count_depth_4_plus),
            ],
            beacon_counts: [
                n(s.beacon_count_depth_1),
                n(s.beacon_count_depth_2_3),
                n(s.beacon_count_depth_4_plus),
            ],
            min_entry_beacon_dist: u(s.min_entry_beacon_dist),
            min_entry_separation: u(s.min_entry_separation),
            min_entry_stair_dist: u(s.min_entry_stair_dist),
            min_beacon_separation: u(s.min_beacon_separation),
            placement_attempts: u(s.placement_attempts),
            min_shaft_separation: u(s.min_shaft_separation),
            min_entrance_entry_dist: u(s.min_entrance_entry_dist),
            min_entrance_beacon_dist: u(s.min_entrance_beacon_dist),
            max_retries: u(s.max_retries),
            protected_may_repeat: s.min_entry_separation <= 4 || s.min_entry_beacon_dist <= 3,
            upper_floor_filled: s.oob_probability_upper == 0,
        }
    }

    /// The row of a storey type.
    #[inline]
    pub(crate) const fn of(&self, storey_type: StoreyType) -> TypeTuning {
        self.types[storey_type as usize]
    }

    /// Index into the 1 / 2-3 / 4+ depth tables.
    const fn depth_row(storey_depth: u32) -> usize {
        match storey_depth {
            0 | 1 => 0,
            2 | 3 => 1,
            _ => 2,
        }
    }

    /// ENTRY cells a storey of this depth needs.
    #[inline]
    pub(crate) const fn entry_count(&self, storey_depth: u32) -> usize {
        self.entry_counts[Self::depth_row(storey_depth)]
    }

    /// BEACON cells a storey of this depth needs.
    #[inline]
    pub(crate) const fn beacon_count(&self, storey_depth: u32) -> usize {
        self.beacon_counts[Self::depth_row(storey_depth)]
    }

    /// Pass 1's grid `(width, height)` for a storey.
    pub(crate) fn dimensions(
        &self,
        storey_type: StoreyType,
        storey_depth: u32,
        outpost_level: u32,
    ) -> (i32, i32) {
        let p = self.of(storey_type);
        // Saturate before scaling: past 64 every depth (or level) clamps to the maximum
        // size, whatever the ranges allow (1 + 64 - 16 > 32).
        let d = storey_depth.saturating_sub(1).min(64) as i32;
        let l = outpost_level.saturating_sub(1).min(64) as i32;
        let width =
            self.base_width + self.width_per_depth * d + self.width_per_level * l - p.width_adjust;
        let height = self.base_height + self.height_per_depth * d + self.height_per_level * l
            - p.height_adjust;
        (
            width.clamp(self.min_width, self.max_width),
            height.clamp(self.min_height, self.max_height),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_holds_its_default_and_the_table_follows_the_fields() {
        let d = GenerationSettings::default();
        assert_eq!(d.check(), Ok(()));
        for (info, value) in GenerationSettings::RANGES.iter().zip(d.values()) {
            assert_eq!(info.default, value, "{}", info.name);
            assert_eq!(d.get(info.name), Some(value));
        }
    }

    #[test]
    fn every_doc_names_the_references_value_and_the_range() {
        for info in GenerationSettings::RANGES {
            let doc = info.doc_text();
            // A setting the reference does not have says so, and names its default.
            let ours = doc.contains("Not in the reference")
                && doc.contains(&format!("): {}.", info.default));
            assert!(
                ours || doc.contains(&format!("Reference: {}.", info.default)),
                "{}: {doc}",
                info.name
            );
            assert!(
                doc.contains(&format!("Range {}..={}", info.min, info.max)),
                "{}: {doc}",
                info.name
            );
        }
    }

    #[test]
    fn default_tuning_is_the_references_table() {
        let t = Tuning::DEFAULT;
        for st in StoreyType::ALL {
            let p = st.params();
            let row = t.of(st);
            assert_eq!(
                (
                    row.oob_percent,
                    row.corridor_width,
                    row.width_adjust,
                    row.height_adjust
                ),
                (
                    p.oob_percent,
                    p.corridor_width,
                    p.width_adjust,
                    p.height_adjust
                )
            );
        }
        for depth in 0..10 {
            assert_eq!(t.entry_count(depth), params::special_count(depth));
            assert_eq!(t.beacon_count(depth), params::special_count(depth));
        }
        assert!(!t.protected_may_repeat && t.upper_floor_filled);
    }
}
