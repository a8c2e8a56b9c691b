//! The surface survey: many surfaces (surface `i` of a survey from `base_seed` is the
//! surface of building `base_seed + i` at level `1 + i % 4`), each measured
//! ([`SurfaceMetrics`]), summarised per level as distributions (the storey survey's
//! [`Distribution`]: min, p10, median, p90, max, mean).
//!
//! ```
//! use outpost_core::surface::SurfaceSettings;
//! use outpost_core::surface::survey::{SurfaceMetric, survey_surfaces};
//!
//! let survey = survey_surfaces(&SurfaceSettings::default(), 40, 0)?;
//! let level_1 = &survey.groups()[0];
//! assert_eq!((level_1.level, level_1.surfaces), (1, 10));
//! let nodes = level_1.distribution(SurfaceMetric::SalvageNodes).unwrap();
//! assert_eq!((nodes.min, nodes.max), (5.0, 5.0));
//! # Ok::<(), outpost_core::SettingsError>(())
//! ```

use super::grid::steps_from;
use super::{SurfaceError, SurfaceLayout, SurfaceSettings, Terrain, generate_surface_with};
use crate::params::{MAX_OUTPOST_LEVEL, MIN_OUTPOST_LEVEL};
use crate::settings::SettingsError;
use crate::survey::{ChunkError, Distribution};
use std::fmt;
use std::ops::Range;

/// Levels a survey cycles through: 1-4.
const LEVELS: u64 = (MAX_OUTPOST_LEVEL - MIN_OUTPOST_LEVEL + 1) as u64;

/// `(seed, level)` of surface `i` of a survey from `base_seed`: seed `base_seed + i`
/// (wrapping), level `1 + i % 4`.
pub const fn survey_request(base_seed: i64, i: u64) -> (i64, i64) {
    (
        base_seed.wrapping_add(i as i64),
        MIN_OUTPOST_LEVEL + (i % LEVELS) as i64,
    )
}

/// A measure of a surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SurfaceMetric {
    /// ROCK cells / terrain cells (all but FOOTPRINT).
    RockFraction,
    /// RUBBLE cells / terrain cells.
    RubbleFraction,
    /// Walkable cells / terrain cells.
    OpenFraction,
    /// Salvage nodes.
    SalvageNodes,
    /// The salvage's amounts, summed: the materials the surface holds.
    SalvageAmount,
    /// Steps from the door to the nearest salvage node.
    SalvageNearest,
    /// Steps from the door to the farthest salvage node.
    SalvageFarthest,
}

impl SurfaceMetric {
    /// Every metric, in report order.
    pub const ALL: [SurfaceMetric; 7] = [
        SurfaceMetric::RockFraction,
        SurfaceMetric::RubbleFraction,
        SurfaceMetric::OpenFraction,
        SurfaceMetric::SalvageNodes,
        SurfaceMetric::SalvageAmount,
        SurfaceMetric::SalvageNearest,
        SurfaceMetric::SalvageFarthest,
    ];

    /// The metric's name in reports and JSON: `rock_fraction`, ...
    pub const fn name(self) -> &'static str {
        match self {
            SurfaceMetric::RockFraction => "rock_fraction",
            SurfaceMetric::RubbleFraction => "rubble_fraction",
            SurfaceMetric::OpenFraction => "open_fraction",
            SurfaceMetric::SalvageNodes => "salvage_nodes",
            SurfaceMetric::SalvageAmount => "salvage_amount",
            SurfaceMetric::SalvageNearest => "salvage_nearest",
            SurfaceMetric::SalvageFarthest => "salvage_farthest",
        }
    }

    /// Whether the metric is a ratio (the others count cells, nodes, steps or materials).
    pub const fn is_ratio(self) -> bool {
        matches!(
            self,
            SurfaceMetric::RockFraction
                | SurfaceMetric::RubbleFraction
                | SurfaceMetric::OpenFraction
        )
    }
}

impl fmt::Display for SurfaceMetric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The measures of one surface (see [`SurfaceMetric`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SurfaceMetrics {
    /// ROCK / terrain cells.
    pub rock_fraction: f64,
    /// RUBBLE / terrain cells.
    pub rubble_fraction: f64,
    /// Walkable / terrain cells.
    pub open_fraction: f64,
    /// Salvage nodes.
    pub salvage_nodes: u32,
    /// Their amounts, summed.
    pub salvage_amount: u32,
    /// Steps from the door to the nearest node (0 without nodes).
    pub salvage_nearest: u32,
    /// Steps from the door to the farthest node (0 without nodes).
    pub salvage_farthest: u32,
}

impl SurfaceMetrics {
    /// Measures `surface`.
    pub fn of(surface: &SurfaceLayout) -> SurfaceMetrics {
        let counts = surface.terrain_counts();
        let terrain = (surface.cells.len() - counts[Terrain::Footprint as usize]).max(1) as f64;
        let walkable: usize = Terrain::ALL
            .iter()
            .filter(|t| t.is_walkable())
            .map(|&t| counts[t as usize])
            .sum();
        let steps = steps_from(&surface.cells, surface.door_cell);
        let to_nodes: Vec<u32> = surface
            .salvage_nodes
            .iter()
            .filter_map(|n| surface.cells.index(n.cell).map(|i| steps[i]))
            .collect();
        SurfaceMetrics {
            rock_fraction: counts[Terrain::Rock as usize] as f64 / terrain,
            rubble_fraction: counts[Terrain::Rubble as usize] as f64 / terrain,
            open_fraction: walkable as f64 / terrain,
            salvage_nodes: surface.salvage_nodes.len() as u32,
            salvage_amount: surface.salvage_nodes.iter().map(|n| n.amount).sum(),
            salvage_nearest: to_nodes.iter().copied().min().unwrap_or(0),
            salvage_farthest: to_nodes.iter().copied().max().unwrap_or(0),
        }
    }

    /// The value of one metric.
    pub fn get(&self, metric: SurfaceMetric) -> f64 {
        match metric {
            SurfaceMetric::RockFraction => self.rock_fraction,
            SurfaceMetric::RubbleFraction => self.rubble_fraction,
            SurfaceMetric::OpenFraction => self.open_fraction,
            SurfaceMetric::SalvageNodes => f64::from(self.salvage_nodes),
            SurfaceMetric::SalvageAmount => f64::from(self.salvage_amount),
            SurfaceMetric::SalvageNearest => f64::from(self.salvage_nearest),
            SurfaceMetric::SalvageFarthest => f64::from(self.salvage_farthest),
        }
    }
}

/// The distributions of one level's surfaces.
#[derive(Clone, Debug, PartialEq)]
pub struct SurfaceGroup {
    /// The outpost level.
    pub level: u32,
    /// Surfaces measured.
    pub surfaces: usize,
    /// Surfaces that could not be made.
    pub failures: usize,
    /// Per metric, in the order of [`SurfaceMetric::ALL`]: `None` without samples.
    pub distributions: [Option<Distribution>; SurfaceMetric::ALL.len()],
}

impl SurfaceGroup {
    /// The distribution of `metric`, if the group has samples.
    pub fn distribution(&self, metric: SurfaceMetric) -> Option<Distribution> {
        let i = SurfaceMetric::ALL.iter().position(|&m| m == metric)?;
        self.distributions[i]
    }
}

/// A surface survey: its settings, base seed, samples and failures.
#[derive(Clone, Debug)]
pub struct SurfaceSurvey {
    settings: SurfaceSettings,
    base_seed: i64,
    surveyed: u64,
    samples: Vec<(u32, SurfaceMetrics)>,
    failures: Vec<(u64, SurfaceError)>,
}

impl SurfaceSurvey {
    /// A survey of no surface yet with `settings`, starting at `base_seed`.
    ///
    /// # Errors
    ///
    /// The [`SettingsError`] of settings out of range.
    pub fn new(settings: &SurfaceSettings, base_seed: i64) -> Result<Self, SettingsError> {
        settings.check()?;
        Ok(SurfaceSurvey {
            settings: settings.clone(),
            base_seed,
            surveyed: 0,
            samples: Vec::new(),
            failures: Vec::new(),
        })
    }

    /// Surfaces asked for so far (measured or failed).
    pub fn surveyed(&self) -> u64 {
        self.surveyed
    }

    /// Adds a chunk measured apart (on another thread, say) with this survey's settings
    /// and base seed, starting where the survey stopped: chunks added in order make the
    /// survey [`survey_surfaces`] makes.
    ///
    /// # Errors
    ///
    /// A [`ChunkError`], the survey unchanged, when the chunk does not start at
    /// [`SurfaceSurvey::surveyed`] or was measured with other settings or another base
    /// seed.
    pub fn add(&mut self, chunk: SurfaceSurveyChunk) -> Result<(), ChunkError> {
        let same = chunk.settings == self.settings && chunk.base_seed == self.base_seed;
        ChunkError::check(chunk.start, self.surveyed, same)?;
        self.append(chunk);
        Ok(())
    }

    /// Adds a chunk known to follow on.
    fn append(&mut self, chunk: SurfaceSurveyChunk) {
        self.samples.extend(chunk.samples);
        self.failures.extend(chunk.failures);
        self.surveyed = chunk.end;
    }

    /// The settings surveyed.
    pub fn settings(&self) -> &SurfaceSettings {
        &self.settings
    }

    /// The base seed.
    pub fn base_seed(&self) -> i64 {
        self.base_seed
    }

    /// Every measured surface: its level and metrics, in survey order.
    pub fn samples(&self) -> &[(u32, SurfaceMetrics)] {
        &self.samples
    }

    /// The surfaces that failed: their index and error.
    pub fn failures(&self) -> &[(u64, SurfaceError)] {
        &self.failures
    }

    /// The distributions per level, 1 to 4.
    pub fn groups(&self) -> Vec<SurfaceGroup> {
        (MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL)
            .map(|level| {
                let level = level as u32;
                let members: Vec<&SurfaceMetrics> = self
                    .samples
                    .iter()
                    .filter(|(l, _)| *l == level)
                    .map(|(_, m)| m)
                    .collect();
                let failures = self
                    .failures
                    .iter()
                    .filter(|(i, _)| survey_request(self.base_seed, *i).1 == i64::from(level))
                    .count();
                let distributions = SurfaceMetric::ALL.map(|m| {
                    let values: Vec<f64> = members.iter().map(|s| s.get(m)).collect();
                    Distribution::of(&values)
                });
                SurfaceGroup {
                    level,
                    surfaces: members.len(),
                    failures,
                    distributions,
                }
            })
            .collect()
    }
}

/// Consecutive surfaces of a survey, generated and measured apart from a
/// [`SurfaceSurvey`] (a worker thread makes one, the thread that owns the survey
/// [`SurfaceSurvey::add`]s it): the core has no threads, its caller may.
#[derive(Clone, Debug)]
pub struct SurfaceSurveyChunk {
    settings: SurfaceSettings,
    base_seed: i64,
    start: u64,
    end: u64,
    samples: Vec<(u32, SurfaceMetrics)>,
    failures: Vec<(u64, SurfaceError)>,
}

impl SurfaceSurveyChunk {
    /// Generates and measures the surfaces `range` of a survey from `base_seed` with
    /// `settings` (settings out of range fail every surface; [`SurfaceSurvey::new`]
    /// refuses them first).
    pub fn measure(settings: &SurfaceSettings, base_seed: i64, range: Range<u64>) -> Self {
        let mut chunk = SurfaceSurveyChunk {
            settings: settings.clone(),
            base_seed,
            start: range.start,
            end: range.end.max(range.start),
            samples: Vec::new(),
            failures: Vec::new(),
        };
        for i in range {
            let (seed, level) = survey_request(base_seed, i);
            match generate_surface_with(settings, seed, level) {
                Ok(surface) => chunk
                    .samples
                    .push((surface.outpost_level, SurfaceMetrics::of(&surface))),
                Err(e) => chunk.failures.push((i, e)),
            }
        }
        chunk
    }

    /// The indices measured.
    pub fn range(&self) -> Range<u64> {
        self.start..self.end
    }
}

/// Generates and measures `count` surfaces from `base_seed` with `settings`.
///
/// # Errors
///
/// The [`SettingsError`] of settings out of range.
pub fn survey_surfaces(
    settings: &SurfaceSettings,
    count: u64,
    base_seed: i64,
) -> Result<SurfaceSurvey, SettingsError> {
    let mut survey = SurfaceSurvey::new(settings, base_seed)?;
    survey.append(SurfaceSurveyChunk::measure(settings, base_seed, 0..count));
    Ok(survey)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings under which some surfaces fail (their nodes cannot be spread so far).
    fn some_fail() -> SurfaceSettings {
        let mut settings = SurfaceSettings::default();
        settings.set("min_salvage_separation", 20).unwrap();
        settings
    }

    #[test]
    fn a_survey_built_from_chunks_in_order_equals_one_run() {
        let settings = some_fail();
        let whole = survey_surfaces(&settings, 60, 5).unwrap();
        assert!(!whole.failures().is_empty() && !whole.samples().is_empty());
        let mut parts = SurfaceSurvey::new(&settings, 5).unwrap();
        for range in [0..7, 7..7, 7..60] {
            let chunk = SurfaceSurveyChunk::measure(&settings, 5, range.clone());
            assert_eq!(chunk.range(), range);
            parts.add(chunk).unwrap();
        }
        assert_eq!(parts.surveyed(), 60);
        assert_eq!(parts.samples(), whole.samples());
        assert_eq!(parts.failures(), whole.failures());
        assert_eq!(parts.groups(), whole.groups());
    }

    #[test]
    fn a_chunk_that_does_not_follow_on_is_refused() {
        let settings = SurfaceSettings::default();
        let mut s = SurfaceSurvey::new(&settings, 5).unwrap();
        let late = SurfaceSurveyChunk::measure(&settings, 5, 3..6);
        assert_eq!(
            s.add(late),
            Err(ChunkError::OutOfOrder {
                start: 3,
                expected: 0
            })
        );
        let other_seed = SurfaceSurveyChunk::measure(&settings, 6, 0..3);
        assert_eq!(s.add(other_seed), Err(ChunkError::OtherSweep));
        let other = SurfaceSurveyChunk::measure(&some_fail(), 5, 0..3);
        assert_eq!(s.add(other), Err(ChunkError::OtherSweep));
        assert_eq!(s.surveyed(), 0);
    }
}
