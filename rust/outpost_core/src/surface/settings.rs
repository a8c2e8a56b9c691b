//! `SurfaceSettings`: every tunable of the surface chunk, as `GenerationSettings` is for
//! storeys: one integer each, a range each, defaults from [`crate::params`], and the table
//! [`SurfaceSettings::RANGES`] that the CLI's `outpost surface --set` and the binding's
//! `SurfaceGenerationSettings` read.

use crate::params;
use crate::settings::{SettingsError, settings};

settings! {
    /// Every tunable of the surface chunk around a building. See
    /// [`SurfaceSettings::RANGES`] for each setting's range and effect; none is in the
    /// reference, which names the surface and its salvage nodes only.
    pub struct SurfaceSettings { default: "This project's values: what [`crate::surface::generate_surface`] uses." }

    // The chunk and the footprint.

    /// Columns of the chunk. Not in the reference: 48. Range 24..=96 (it must hold the
    /// ground floor with footprint_margin on each side).
    chunk_width = params::SURFACE_WIDTH, 24..=96;
    /// Rows of the chunk. Not in the reference: 48. Range 24..=96 (Pass S2 holds a column
    /// in 128 bits).
    chunk_height = params::SURFACE_HEIGHT, 24..=96;
    /// Least cells between the footprint (the ground floor's rectangle) and the chunk's
    /// edge; the footprint is placed at random within that margin. Not in the reference:
    /// 6. Range 2..=32 (above walkway).
    footprint_margin = params::FOOTPRINT_MARGIN, 2..=32;
    /// Width of the open walkway around the footprint: open ground, never rock, rubble or
    /// salvage, so the building can be walked round. Not in the reference: 1. Range
    /// 1..=8 (below footprint_margin).
    walkway = params::WALKWAY, 1..=8;
    /// Manhattan radius of the open ground in front of the door. Not in the reference:
    /// 3. Range 0..=12.
    door_clearing = params::DOOR_CLEARING, 0..=12;

    // Terrain.

    /// Chance, in percent, that a terrain cell starts as rock before smoothing: more
    /// gives larger outcrops and narrower passes (open pockets cut off from the door are
    /// filled with rock). Not in the reference: 40. Range 0..=70.
    rock_percent = params::ROCK_PERCENT, 0..=70;
    /// Smoothing steps of the rock (5 rock neighbours of 8 make rock, 3 or fewer make
    /// open ground): 0 leaves salt-and-pepper noise, 3 rounded outcrops. Not in the
    /// reference: 3. Range 0..=8.
    rock_smoothing = params::ROCK_SMOOTHING, 0..=8;
    /// Chance, in percent, that open ground beside rock is rubble, walkable debris. Not
    /// in the reference: 35. Range 0..=100.
    rubble_percent = params::RUBBLE_PERCENT, 0..=100;

    // Salvage.

    /// Salvage nodes on a level-1 outpost's surface. Not in the reference: 5. Range
    /// 0..=32.
    salvage_base = params::SALVAGE_BASE, 0..=32;
    /// Salvage nodes added per outpost level above 1. Not in the reference: 2. Range
    /// 0..=8.
    salvage_per_level = params::SALVAGE_PER_LEVEL, 0..=8;
    /// Least Manhattan distance between two salvage nodes. Not in the reference: 6.
    /// Range 1..=40.
    min_salvage_separation = params::MIN_SALVAGE_SEPARATION, 1..=40;
    /// Least Manhattan distance from the door to every salvage node. Not in the
    /// reference: 6. Range 1..=80.
    min_salvage_door_dist = params::MIN_SALVAGE_DOOR_DIST, 1..=80;
    /// Smallest base amount (materials) of a salvage node, before its kind's multiplier.
    /// Not in the reference: 10. Range 1..=10000 (at most salvage_amount_max).
    salvage_amount_min = params::SALVAGE_AMOUNT_MIN, 1..=10000;
    /// Largest base amount of a salvage node. Not in the reference: 30. Range
    /// 1..=10000.
    salvage_amount_max = params::SALVAGE_AMOUNT_MAX, 1..=10000;
}

impl SurfaceSettings {
    /// Checks every setting against its range, then that `walkway` is below
    /// `footprint_margin` and `salvage_amount_min` at most `salvage_amount_max`.
    ///
    /// # Errors
    ///
    /// The first problem, in field order: [`SettingsError::OutOfRange`] naming the
    /// setting, its value and its range, or [`SettingsError::Inconsistent`].
    pub fn check(&self) -> Result<(), SettingsError> {
        self.check_ranges()?;
        if self.walkway >= self.footprint_margin {
            return Err(SettingsError::Inconsistent {
                name: "walkway",
                value: self.walkway,
                other: "footprint_margin - 1",
                other_value: self.footprint_margin - 1,
            });
        }
        if self.salvage_amount_min > self.salvage_amount_max {
            return Err(SettingsError::Inconsistent {
                name: "salvage_amount_min",
                value: self.salvage_amount_min,
                other: "salvage_amount_max",
                other_value: self.salvage_amount_max,
            });
        }
        Ok(())
    }

    /// Salvage nodes of an outpost of `level` (1-based).
    pub const fn salvage_count(&self, level: u32) -> i64 {
        self.salvage_base + self.salvage_per_level * (level as i64 - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_doc_names_the_default_and_the_range() {
        for info in SurfaceSettings::RANGES {
            let doc = info.doc_text();
            assert!(
                doc.contains(&format!("Not in the reference: {}.", info.default)),
                "{}: {doc}",
                info.name
            );
            assert!(
                doc.contains(&format!("Range {}..={}", info.min, info.max)),
                "{}: {doc}",
                info.name
            );
        }
        assert_eq!(SurfaceSettings::default().check(), Ok(()));
    }

    #[test]
    fn a_walkway_as_wide_as_the_margin_is_refused_naming_both() {
        let mut s = SurfaceSettings::default();
        s.walkway = s.footprint_margin;
        assert_eq!(
            s.check().unwrap_err().to_string(),
            "walkway = 6 is above footprint_margin - 1 = 5; it must not be"
        );
    }
}
