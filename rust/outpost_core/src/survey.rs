//! The survey: the expressive range of the generator. Many layouts (the sweep's: the
//! storey type varies fastest, then depth 1-6, then level 1-4, seed `base + i`), each
//! measured ([`Metrics`]), summarised per storey type (and per depth or level) as
//! distributions ([`Distribution`]: min, p10, median, p90, max, mean; percentiles by
//! nearest rank).
//!
//! ```
//! use outpost_core::GenerationSettings;
//! use outpost_core::survey::{GroupBy, Metric, Survey};
//!
//! let mut survey = Survey::new(&GenerationSettings::default(), 7)?;
//! survey.run(72); // in chunks, for a progress bar
//! survey.run(72);
//! assert_eq!(survey.generated(), 144);
//! let groups = survey.groups(GroupBy::Type);
//! assert_eq!(groups.len(), 3);
//! let ground = groups[0].distribution(Metric::OobFraction).unwrap();
//! assert!(ground.min <= ground.median && ground.median <= ground.max);
//! # Ok::<(), outpost_core::SettingsError>(())
//! ```

use crate::cell::{CellType, StoreyType};
use crate::error::GenerateError;
use crate::generator::{
    Generated, GenerationReport, StoreyRequest, generate_reported, generate_reported_with_rooms,
};
use crate::layout::StoreyLayout;
use crate::params::{
    INSPECTOR_MAX_STOREY_DEPTH, MAX_OUTPOST_LEVEL, MIN_OUTPOST_LEVEL, MIN_STOREY_DEPTH,
};
use crate::rooms::{RoomSet, RoomSurvey};
use crate::settings::{GenerationSettings, SettingsError};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;

/// Depths the sweep cycles through: 1-6 (the Seed Inspector's).
pub const SWEEP_DEPTHS: std::ops::RangeInclusive<i64> =
    MIN_STOREY_DEPTH..=INSPECTOR_MAX_STOREY_DEPTH;
/// Outpost levels the sweep cycles through: all of them, 1-4.
pub const SWEEP_LEVELS: std::ops::RangeInclusive<i64> = MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL;
const DEPTH_COUNT: u64 = (INSPECTOR_MAX_STOREY_DEPTH - MIN_STOREY_DEPTH + 1) as u64;
const LEVEL_COUNT: u64 = (MAX_OUTPOST_LEVEL - MIN_OUTPOST_LEVEL + 1) as u64;
/// Length of one full sweep cycle: 3 types x 6 depths x 4 levels.
pub const SWEEP_CYCLE: u64 = StoreyType::ALL.len() as u64 * DEPTH_COUNT * LEVEL_COUNT;

/// The request for layout `i` of a sweep (`outpost sweep`, and every survey) starting at
/// `base_seed`. The storey type varies fastest, then the depth, then the level, so every
/// [`SWEEP_CYCLE`] consecutive layouts cover every combination once. The seed is
/// `base_seed + i` (wrapping).
pub fn sweep_request(base_seed: i64, i: u64) -> StoreyRequest {
    let k = i % SWEEP_CYCLE;
    let types = StoreyType::ALL.len() as u64;
    let storey_type = StoreyType::ALL[(k % types) as usize];
    let depth = SWEEP_DEPTHS.start() + ((k / types) % DEPTH_COUNT) as i64;
    let level = SWEEP_LEVELS.start() + (k / (types * DEPTH_COUNT)) as i64;
    StoreyRequest::new(base_seed.wrapping_add(i as i64), depth, level, storey_type)
}

/// Layouts `0..count` of a sweep from `base_seed` with `settings`, each with its index
/// and request: exactly the layouts `outpost sweep` prints (with the default settings),
/// in its order.
///
/// # Errors
///
/// The iterator yields each layout's generation error in its place.
pub fn sweep(
    settings: &GenerationSettings,
    base_seed: i64,
    count: u64,
) -> impl Iterator<Item = (u64, StoreyRequest, Result<Generated, GenerateError>)> + '_ {
    (0..count).map(move |i| {
        let request = sweep_request(base_seed, i);
        (i, request, generate_reported(settings, &request))
    })
}

/// [`sweep`] with the authored rooms of `rooms` (`outpost sweep --rooms`); with an empty
/// set, exactly [`sweep`].
///
/// # Errors
///
/// The iterator yields each layout's generation error in its place.
pub fn sweep_with_rooms<'a>(
    settings: &'a GenerationSettings,
    rooms: &'a RoomSet,
    base_seed: i64,
    count: u64,
) -> impl Iterator<Item = (u64, StoreyRequest, Result<Generated, GenerateError>)> + 'a {
    (0..count).map(move |i| {
        let request = sweep_request(base_seed, i);
        (
            i,
            request,
            generate_reported_with_rooms(settings, rooms, &request),
        )
    })
}

/// A measure of a layout the survey reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Metric {
    /// OUT_OF_BOUNDS cells / grid cells.
    OobFraction,
    /// Walkable cells / in-bounds (not OUT_OF_BOUNDS) cells.
    OpenFraction,
    /// BSP leaves of the attempt that succeeded.
    BspLeaves,
    /// Entries of `layout.rooms`.
    Rooms,
    /// The largest width x height among the rooms.
    RoomAreaMax,
    /// Walkable cells with exactly one walkable 4-neighbour.
    DeadEnds,
    /// Bounded faces of the walkable cell graph larger than a 2x2 block: E - V +
    /// components - the number of 2x2 walkable blocks (the walls that corridors run
    /// round).
    Loops,
    /// Articulation points: walkable cells whose removal adds a connected component.
    ChokeCells,
    /// Cells on the first enemy path.
    PathLength,
    /// (path_length - 1) / the Manhattan distance of the path's ends: 1 is a straight
    /// run.
    PathDetour,
    /// Generation attempts - 1.
    Retries,
    /// Steps from the ENTRANCE to the primary BEACON over walkable cells: how far the
    /// player walks from the door to the first beacon. GROUND_FLOOR only (other storeys
    /// have no door, and no value).
    EntrancePath,
}

impl Metric {
    /// Every metric, in report order.
    pub const ALL: [Metric; 12] = [
        Metric::OobFraction,
        Metric::OpenFraction,
        Metric::BspLeaves,
        Metric::Rooms,
        Metric::RoomAreaMax,
        Metric::DeadEnds,
        Metric::Loops,
        Metric::ChokeCells,
        Metric::PathLength,
        Metric::PathDetour,
        Metric::Retries,
        Metric::EntrancePath,
    ];

    /// The metric's name in reports and JSON: `oob_fraction`, `loops`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Metric::OobFraction => "oob_fraction",
            Metric::OpenFraction => "open_fraction",
            Metric::BspLeaves => "bsp_leaves",
            Metric::Rooms => "rooms",
            Metric::RoomAreaMax => "room_area_max",
            Metric::DeadEnds => "dead_ends",
            Metric::Loops => "loops",
            Metric::ChokeCells => "choke_cells",
            Metric::PathLength => "path_length",
            Metric::PathDetour => "path_detour",
            Metric::Retries => "retries",
            Metric::EntrancePath => "entrance_path",
        }
    }

    /// The metric called `name`.
    pub fn from_name(name: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.name() == name)
    }

    /// Whether the metric is a ratio (the others count cells, rooms or attempts).
    pub const fn is_ratio(self) -> bool {
        matches!(
            self,
            Metric::OobFraction | Metric::OpenFraction | Metric::PathDetour
        )
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The measures of one layout (see [`Metric`] for each).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// OUT_OF_BOUNDS cells / grid cells.
    pub oob_fraction: f64,
    /// Walkable cells / in-bounds cells.
    pub open_fraction: f64,
    /// BSP leaves.
    pub bsp_leaves: u32,
    /// Rooms.
    pub rooms: u32,
    /// Largest room area in cells.
    pub room_area_max: u32,
    /// Dead-end cells.
    pub dead_ends: u32,
    /// Loops (bounded faces larger than a 2x2 block).
    pub loops: u32,
    /// Articulation cells.
    pub choke_cells: u32,
    /// Cells on the first enemy path.
    pub path_length: u32,
    /// Steps of the first enemy path over the Manhattan distance of its ends.
    pub path_detour: f64,
    /// Attempts after the first.
    pub retries: u32,
    /// Steps from the ENTRANCE to the primary BEACON (`None` without an ENTRANCE).
    pub entrance_path: Option<u32>,
}

impl Metrics {
    /// Measures `layout`, generated as `report` says.
    pub fn of(layout: &StoreyLayout, report: &GenerationReport) -> Metrics {
        let graph = CellGraph::new(layout);
        let cells = graph.walk.len();
        let oob = layout
            .cells
            .cells()
            .iter()
            .filter(|&&t| t == CellType::OutOfBounds)
            .count();
        let in_bounds = cells - oob;
        let walkable = graph.walk.iter().filter(|&&w| w).count();
        let (path_length, path_detour) = path_metrics(layout);
        let (components, choke_cells) = graph.articulation();
        let edges = graph.edges();
        let blocks = graph.blocks();
        let loops = edges as i64 - walkable as i64 + components as i64 - blocks as i64;
        Metrics {
            oob_fraction: ratio(oob, cells),
            open_fraction: ratio(walkable, in_bounds),
            bsp_leaves: report.bsp_leaves,
            rooms: layout.rooms.len() as u32,
            room_area_max: layout
                .rooms
                .iter()
                .map(|r| (r.width.max(0) * r.height.max(0)) as u32)
                .max()
                .unwrap_or(0),
            dead_ends: graph.dead_ends(),
            loops: loops.max(0) as u32,
            choke_cells,
            path_length,
            path_detour,
            retries: report.retries(),
            entrance_path: entrance_path(layout),
        }
    }

    /// The value of one metric; `None` for a metric the layout has no value of
    /// ([`Metric::EntrancePath`] off the ground floor).
    pub fn get(&self, metric: Metric) -> Option<f64> {
        Some(match metric {
            Metric::OobFraction => self.oob_fraction,
            Metric::OpenFraction => self.open_fraction,
            Metric::BspLeaves => f64::from(self.bsp_leaves),
            Metric::Rooms => f64::from(self.rooms),
            Metric::RoomAreaMax => f64::from(self.room_area_max),
            Metric::DeadEnds => f64::from(self.dead_ends),
            Metric::Loops => f64::from(self.loops),
            Metric::ChokeCells => f64::from(self.choke_cells),
            Metric::PathLength => f64::from(self.path_length),
            Metric::PathDetour => self.path_detour,
            Metric::Retries => f64::from(self.retries),
            Metric::EntrancePath => f64::from(self.entrance_path?),
        })
    }
}

/// Steps of a shortest walkable path from the ENTRANCE to the primary BEACON (`None`
/// without an ENTRANCE, or if the beacon cannot be reached).
fn entrance_path(layout: &StoreyLayout) -> Option<u32> {
    let door = layout.entrance_cell?;
    let path = crate::pathfinding::find_path(&layout.cells, door, layout.primary_beacon);
    (!path.is_empty()).then(|| path.len() as u32 - 1)
}

fn ratio(n: usize, d: usize) -> f64 {
    if d == 0 { 0.0 } else { n as f64 / d as f64 }
}

/// `path_length` and `path_detour` of the first enemy path (0 and 0 without one).
fn path_metrics(layout: &StoreyLayout) -> (u32, f64) {
    let path = &layout.enemy_path;
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
        return (0, 0.0);
    };
    let distance = first.manhattan(last);
    let detour = if distance == 0 {
        0.0
    } else {
        (path.len() - 1) as f64 / f64::from(distance)
    };
    (path.len() as u32, detour)
}

/// The walkable cells of a layout as a graph of 4-neighbours, stored as the grid is
/// (column by column: index `x * height + y`).
struct CellGraph {
    width: usize,
    height: usize,
    walk: Vec<bool>,
}

impl CellGraph {
    fn new(layout: &StoreyLayout) -> Self {
        CellGraph {
            width: layout.cells.width() as usize,
            height: layout.cells.height() as usize,
            walk: layout
                .cells
                .cells()
                .iter()
                .map(|t| t.is_walkable())
                .collect(),
        }
    }

    /// The walkable 4-neighbours of cell `i`, written into `out`; returns how many.
    #[inline]
    fn neighbours(&self, i: usize, out: &mut [usize; 4]) -> usize {
        let (x, y) = (i / self.height, i % self.height);
        let mut n = 0;
        let mut push = |j: usize| {
            if self.walk[j] {
                out[n] = j;
                n += 1;
            }
        };
        if y > 0 {
            push(i - 1);
        }
        if y + 1 < self.height {
            push(i + 1);
        }
        if x > 0 {
            push(i - self.height);
        }
        if x + 1 < self.width {
            push(i + self.height);
        }
        n
    }

    fn dead_ends(&self) -> u32 {
        let mut scratch = [0; 4];
        (0..self.walk.len())
            .filter(|&i| self.walk[i] && self.neighbours(i, &mut scratch) == 1)
            .count() as u32
    }

    /// Pairs of 4-adjacent walkable cells.
    fn edges(&self) -> usize {
        let h = self.height;
        let mut edges = 0;
        for i in 0..self.walk.len() {
            if !self.walk[i] {
                continue;
            }
            if i % h + 1 < h && self.walk[i + 1] {
                edges += 1;
            }
            if i + h < self.walk.len() && self.walk[i + h] {
                edges += 1;
            }
        }
        edges
    }

    /// 2x2 blocks of walkable cells.
    fn blocks(&self) -> usize {
        let h = self.height;
        let mut blocks = 0;
        for x in 0..self.width.saturating_sub(1) {
            for y in 0..h.saturating_sub(1) {
                let i = x * h + y;
                if self.walk[i] && self.walk[i + 1] && self.walk[i + h] && self.walk[i + h + 1] {
                    blocks += 1;
                }
            }
        }
        blocks
    }

    /// The number of connected components of walkable cells, and the number of
    /// articulation points (Tarjan's low-link, iterative).
    fn articulation(&self) -> (usize, u32) {
        const UNSEEN: u32 = u32::MAX;
        let n = self.walk.len();
        let mut order = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut cut = vec![false; n];
        // (cell, its neighbours, how many, next one to visit)
        let mut stack: Vec<(usize, [usize; 4], usize, usize)> = Vec::with_capacity(n);
        let mut counter = 0u32;
        let mut components = 0;
        for root in 0..n {
            if !self.walk[root] || order[root] != UNSEEN {
                continue;
            }
            components += 1;
            let mut root_children = 0;
            order[root] = counter;
            low[root] = counter;
            counter += 1;
            let mut nb = [0; 4];
            let k = self.neighbours(root, &mut nb);
            stack.push((root, nb, k, 0));
            while let Some(top) = stack.last_mut() {
                let (v, nb, k, next) = *top;
                if next < k {
                    top.3 += 1;
                    let w = nb[next];
                    if order[w] == UNSEEN {
                        order[w] = counter;
                        low[w] = counter;
                        counter += 1;
                        if v == root {
                            root_children += 1;
                        }
                        let mut wn = [0; 4];
                        let wk = self.neighbours(w, &mut wn);
                        stack.push((w, wn, wk, 0));
                    } else {
                        low[v] = low[v].min(order[w]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(parent, ..)) = stack.last() {
                        low[parent] = low[parent].min(low[v]);
                        if parent != root && low[v] >= order[parent] {
                            cut[parent] = true;
                        }
                    }
                }
            }
            if root_children >= 2 {
                cut[root] = true;
            }
        }
        (components, cut.iter().filter(|&&c| c).count() as u32)
    }
}

/// A distribution's summary: extremes, nearest-rank percentiles and the mean.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// The smallest value.
    pub min: f64,
    /// The 10th percentile (nearest rank).
    pub p10: f64,
    /// The 50th percentile (nearest rank).
    pub median: f64,
    /// The 90th percentile (nearest rank).
    pub p90: f64,
    /// The largest value.
    pub max: f64,
    /// The arithmetic mean.
    pub mean: f64,
}

impl Distribution {
    /// The summary of `values` (in any order), or `None` for no values.
    pub fn of(values: &[f64]) -> Option<Distribution> {
        if values.is_empty() {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let sum: f64 = sorted.iter().sum();
        Some(Distribution {
            min: sorted[0],
            p10: nearest_rank(&sorted, 10),
            median: nearest_rank(&sorted, 50),
            p90: nearest_rank(&sorted, 90),
            max: sorted[sorted.len() - 1],
            mean: sum / sorted.len() as f64,
        })
    }
}

/// The `percent`-th percentile of ascending `sorted` values by nearest rank: the value
/// of rank `ceil(percent / 100 * n)` (1-based, at least 1); percents above 100 count as
/// 100.
///
/// ```
/// use outpost_core::survey::nearest_rank;
/// let v = [15.0, 20.0, 35.0, 40.0, 50.0];
/// assert_eq!(nearest_rank(&v, 30), 20.0);
/// assert_eq!(nearest_rank(&v, 40), 20.0);
/// assert_eq!(nearest_rank(&v, 50), 35.0);
/// assert_eq!(nearest_rank(&v, 100), 50.0);
/// ```
///
/// # Panics
///
/// If `sorted` is empty.
pub fn nearest_rank(sorted: &[f64], percent: u32) -> f64 {
    assert!(!sorted.is_empty(), "nearest_rank of no values");
    let n = sorted.len() as u64;
    let rank = (u64::from(percent.min(100)) * n).div_ceil(100).max(1);
    sorted[(rank - 1) as usize]
}

/// One surveyed layout: where it sits in the sweep and its measures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Index in the sweep.
    pub index: u64,
    /// Its seed (`base_seed + index`).
    pub seed: i64,
    /// Its storey type.
    pub storey_type: StoreyType,
    /// Its depth.
    pub storey_depth: u32,
    /// Its outpost level.
    pub outpost_level: u32,
    /// Its measures.
    pub metrics: Metrics,
}

/// A layout of the sweep that could not be generated with the survey's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyFailure {
    /// Index in the sweep.
    pub index: u64,
    /// What was asked for.
    pub request: StoreyRequest,
    /// Why it failed (attempts and the last reason).
    pub error: GenerateError,
}

/// How the survey's samples are grouped: always by storey type, and within it by depth
/// or level on request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupBy {
    /// One group per storey type.
    Type,
    /// One group per storey type and depth (1-6).
    Depth,
    /// One group per storey type and outpost level (1-4).
    Level,
}

impl GroupBy {
    /// The keys within a storey type: none for [`GroupBy::Type`], the sweep's depths or
    /// levels otherwise.
    fn keys(self) -> Vec<Option<u32>> {
        match self {
            GroupBy::Type => vec![None],
            GroupBy::Depth => SWEEP_DEPTHS.map(|d| Some(d as u32)).collect(),
            GroupBy::Level => SWEEP_LEVELS.map(|l| Some(l as u32)).collect(),
        }
    }

    /// The key of a sample.
    fn key(self, storey_depth: u32, outpost_level: u32) -> Option<u32> {
        match self {
            GroupBy::Type => None,
            GroupBy::Depth => Some(storey_depth),
            GroupBy::Level => Some(outpost_level),
        }
    }
}

impl std::str::FromStr for GroupBy {
    type Err = String;
    /// `type`, `depth` or `level`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "type" => Ok(GroupBy::Type),
            "depth" => Ok(GroupBy::Depth),
            "level" => Ok(GroupBy::Level),
            _ => Err(format!(
                "unknown grouping {s:?}: expected type, depth or level"
            )),
        }
    }
}

/// The distributions of one group of samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The storey type.
    pub storey_type: StoreyType,
    /// The depth or level of the group (with [`GroupBy::Depth`] or [`GroupBy::Level`]).
    pub key: Option<u32>,
    /// Layouts measured.
    pub layouts: usize,
    /// Layouts that failed to generate.
    pub failures: usize,
    /// Per metric, in the order of [`Metric::ALL`]: `None` without samples (or without
    /// a value in any of them, as [`Metric::EntrancePath`] off the ground floor).
    pub distributions: [Option<Distribution>; Metric::ALL.len()],
}

impl Group {
    /// The distribution of `metric`, if the group has samples.
    pub fn distribution(&self, metric: Metric) -> Option<Distribution> {
        let i = Metric::ALL.iter().position(|&m| m == metric)?;
        self.distributions[i]
    }
}

/// A survey under way or done: the settings, the sweep's base seed, every measured
/// sample and every failure so far.
#[derive(Clone, Debug)]
pub struct Survey {
    settings: GenerationSettings,
    rooms: RoomSet,
    base_seed: i64,
    generated: u64,
    samples: Vec<Sample>,
    failures: Vec<SurveyFailure>,
    room_stats: Option<RoomSurvey>,
}

impl Survey {
    /// A survey of nothing yet with `settings`, starting at `base_seed`.
    ///
    /// # Errors
    ///
    /// The [`SettingsError`] of settings out of range, naming the setting.
    pub fn new(settings: &GenerationSettings, base_seed: i64) -> Result<Survey, SettingsError> {
        Survey::with_rooms(settings, &RoomSet::default(), base_seed)
    }

    /// A survey of nothing yet with `settings` and the authored rooms of `rooms`, whose
    /// per-room figures [`Survey::room_stats`] gives (with an empty set, [`Survey::new`]).
    ///
    /// # Errors
    ///
    /// The [`SettingsError`] of settings out of range, naming the setting.
    pub fn with_rooms(
        settings: &GenerationSettings,
        rooms: &RoomSet,
        base_seed: i64,
    ) -> Result<Survey, SettingsError> {
        settings.check()?;
        Ok(Survey {
            settings: settings.clone(),
            rooms: rooms.clone(),
            base_seed,
            generated: 0,
            samples: Vec::new(),
            failures: Vec::new(),
            room_stats: (!rooms.is_empty()).then(|| RoomSurvey::new(rooms)),
        })
    }

    /// Generates and measures the next `count` layouts of the sweep (call it in chunks
    /// to report progress; the result is the same as one call).
    pub fn run(&mut self, count: u64) {
        let start = self.generated;
        let chunk = SurveyChunk::measure_with_rooms(
            &self.settings,
            &self.rooms,
            self.base_seed,
            start..start.saturating_add(count),
        );
        self.append(chunk);
    }

    /// Adds a chunk measured apart (on another thread, say) with this survey's settings
    /// and base seed, starting where the survey stopped: chunks added in order make the
    /// survey one [`Survey::run`] makes.
    ///
    /// # Errors
    ///
    /// A [`ChunkError`], the survey unchanged, when the chunk does not start at
    /// [`Survey::generated`] or was measured with other settings, another room set or
    /// another base seed.
    pub fn add(&mut self, chunk: SurveyChunk) -> Result<(), ChunkError> {
        let same = chunk.settings == self.settings
            && chunk.base_seed == self.base_seed
            && chunk.rooms == self.rooms;
        ChunkError::check(chunk.start, self.generated, same)?;
        self.append(chunk);
        Ok(())
    }

    /// Adds a chunk known to follow on.
    fn append(&mut self, chunk: SurveyChunk) {
        self.samples.extend(chunk.samples);
        self.failures.extend(chunk.failures);
        if let (Some(stats), Some(more)) = (&mut self.room_stats, chunk.room_stats) {
            stats.merge(more);
        }
        self.generated = chunk.end;
    }

    /// The settings surveyed.
    pub fn settings(&self) -> &GenerationSettings {
        &self.settings
    }

    /// The per-room figures, when the survey has a room set.
    pub fn room_stats(&self) -> Option<&RoomSurvey> {
        self.room_stats.as_ref()
    }

    /// The sweep's base seed.
    pub fn base_seed(&self) -> i64 {
        self.base_seed
    }

    /// Layouts asked for so far (measured or failed).
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The measured layouts, in sweep order.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// The layouts that failed, in sweep order.
    pub fn failures(&self) -> &[SurveyFailure] {
        &self.failures
    }

    /// The distributions per storey type (in [`StoreyType::ALL`] order), and within it
    /// per depth or level (ascending) as asked. Groups without samples are listed too,
    /// their distributions `None`.
    pub fn groups(&self, by: GroupBy) -> Vec<Group> {
        let mut out = Vec::new();
        for storey_type in StoreyType::ALL {
            for key in by.keys() {
                let members: Vec<&Sample> = self
                    .samples
                    .iter()
                    .filter(|s| {
                        s.storey_type == storey_type
                            && by.key(s.storey_depth, s.outpost_level) == key
                    })
                    .collect();
                let failures = self
                    .failures
                    .iter()
                    .filter(|f| {
                        f.request.storey_type == storey_type
                            && by.key(
                                f.request.storey_depth as u32,
                                f.request.outpost_level as u32,
                            ) == key
                    })
                    .count();
                let mut values = Vec::with_capacity(members.len());
                let distributions = Metric::ALL.map(|m| {
                    values.clear();
                    values.extend(members.iter().filter_map(|s| s.metrics.get(m)));
                    Distribution::of(&values)
                });
                out.push(Group {
                    storey_type,
                    key,
                    layouts: members.len(),
                    failures,
                    distributions,
                });
            }
        }
        out
    }

    /// The survey's report in the shape `outpost survey --format json` prints (see
    /// [`SurveyReport`]).
    pub fn report(&self, by: GroupBy) -> SurveyReport {
        SurveyReport {
            by,
            groups: self.groups(by),
        }
    }
}

/// Why [`Survey::add`] (or the surface survey's `add`) refused a chunk.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChunkError {
    /// The chunk does not start where the survey stopped.
    #[error("the chunk starts at {start}, the survey stopped at {expected}")]
    OutOfOrder {
        /// The chunk's first index.
        start: u64,
        /// Where the survey stopped.
        expected: u64,
    },
    /// The chunk was measured with other settings or another base seed.
    #[error("the chunk was measured with other settings or another base seed")]
    OtherSweep,
}

impl ChunkError {
    /// Whether a chunk that starts at `start`, measured with the survey's settings and base
    /// seed or not (`same_sweep`), follows on from a survey stopped at `expected`.
    pub(crate) fn check(start: u64, expected: u64, same_sweep: bool) -> Result<(), ChunkError> {
        if start != expected {
            Err(ChunkError::OutOfOrder { start, expected })
        } else if !same_sweep {
            Err(ChunkError::OtherSweep)
        } else {
            Ok(())
        }
    }
}

/// Consecutive layouts of a sweep, generated and measured apart from a [`Survey`] (a
/// worker thread makes one, the thread that owns the survey [`Survey::add`]s it): the
/// core has no threads, its caller may.
#[derive(Clone, Debug, PartialEq)]
pub struct SurveyChunk {
    settings: GenerationSettings,
    rooms: RoomSet,
    base_seed: i64,
    start: u64,
    end: u64,
    samples: Vec<Sample>,
    failures: Vec<SurveyFailure>,
    room_stats: Option<RoomSurvey>,
}

impl SurveyChunk {
    /// Generates and measures the layouts `range` of the sweep from `base_seed` with
    /// `settings` (settings out of range fail every layout; [`Survey::new`] refuses them
    /// first).
    pub fn measure(settings: &GenerationSettings, base_seed: i64, range: Range<u64>) -> Self {
        SurveyChunk::measure_with_rooms(settings, &RoomSet::default(), base_seed, range)
    }

    /// [`SurveyChunk::measure`] with the authored rooms of `rooms` (with the empty set,
    /// exactly [`SurveyChunk::measure`]), counting each room's figures.
    pub fn measure_with_rooms(
        settings: &GenerationSettings,
        rooms: &RoomSet,
        base_seed: i64,
        range: Range<u64>,
    ) -> Self {
        let mut chunk = SurveyChunk {
            settings: settings.clone(),
            rooms: rooms.clone(),
            room_stats: (!rooms.is_empty()).then(|| RoomSurvey::new(rooms)),
            base_seed,
            start: range.start,
            end: range.end.max(range.start),
            samples: Vec::with_capacity(range.end.saturating_sub(range.start).min(1 << 20) as usize),
            failures: Vec::new(),
        };
        for i in range {
            let request = sweep_request(base_seed, i);
            let result = generate_reported_with_rooms(settings, rooms, &request);
            if let Some(stats) = &mut chunk.room_stats {
                stats.add(&request, &result);
            }
            match result {
                Ok(g) => chunk.samples.push(Sample {
                    index: i,
                    seed: request.seed,
                    storey_type: request.storey_type,
                    storey_depth: g.layout.storey_depth,
                    outpost_level: g.layout.outpost_level,
                    metrics: Metrics::of(&g.layout, &g.report),
                }),
                Err(error) => chunk.failures.push(SurveyFailure {
                    index: i,
                    request,
                    error,
                }),
            }
        }
        chunk
    }

    /// The indices measured.
    pub fn range(&self) -> Range<u64> {
        self.start..self.end
    }

    /// The measured layouts, in sweep order.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// The layouts that failed, in sweep order.
    pub fn failures(&self) -> &[SurveyFailure] {
        &self.failures
    }
}

/// Surveys `count` layouts of the sweep from `base_seed` with `settings` in one call.
///
/// # Errors
///
/// The [`SettingsError`] of settings out of range.
pub fn survey(
    settings: &GenerationSettings,
    count: u64,
    base_seed: i64,
) -> Result<Survey, SettingsError> {
    let mut s = Survey::new(settings, base_seed)?;
    s.run(count);
    Ok(s)
}

/// The grouped distributions, serialised (serde) as one object whose keys are the
/// storey type names (`GROUND_FLOOR`, `UPPER_FLOOR`, `UNDERGROUND`), each mapping every
/// metric by name to `{"min", "p10", "median", "p90", "max", "mean"}` (each `null` for a
/// group without samples). Grouped by depth or level, each type maps the depth or level
/// (`"1"`, `"2"`, ...) to such an object of metrics.
#[derive(Clone, Debug, PartialEq)]
pub struct SurveyReport {
    /// How the groups were made.
    pub by: GroupBy,
    /// The groups, as [`Survey::groups`] gives them.
    pub groups: Vec<Group>,
}

/// A group's metrics as a JSON object.
struct MetricsOf<'a>(&'a Group);

/// One metric's summary, or nulls.
struct Summary(Option<Distribution>);

impl Serialize for Summary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = self.0;
        let mut map = serializer.serialize_map(Some(6))?;
        let field = |f: fn(&Distribution) -> f64| d.as_ref().map(f);
        map.serialize_entry("min", &field(|d| d.min))?;
        map.serialize_entry("p10", &field(|d| d.p10))?;
        map.serialize_entry("median", &field(|d| d.median))?;
        map.serialize_entry("p90", &field(|d| d.p90))?;
        map.serialize_entry("max", &field(|d| d.max))?;
        map.serialize_entry("mean", &field(|d| d.mean))?;
        map.end()
    }
}

impl Serialize for MetricsOf<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Metric::ALL.len()))?;
        for (m, d) in Metric::ALL.iter().zip(self.0.distributions) {
            map.serialize_entry(m.name(), &Summary(d))?;
        }
        map.end()
    }
}

/// The groups of one storey type keyed by depth or level.
struct Keyed<'a>(Vec<&'a Group>);

impl Serialize for Keyed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for g in &self.0 {
            map.serialize_entry(&g.key.unwrap_or(0).to_string(), &MetricsOf(g))?;
        }
        map.end()
    }
}

impl Serialize for SurveyReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(StoreyType::ALL.len()))?;
        for t in StoreyType::ALL {
            let of_type: Vec<&Group> = self.groups.iter().filter(|g| g.storey_type == t).collect();
            if self.by == GroupBy::Type {
                if let Some(g) = of_type.first() {
                    map.serialize_entry(t.name(), &MetricsOf(g))?;
                }
            } else {
                map.serialize_entry(t.name(), &Keyed(of_type))?;
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_of_one_value_is_that_value_at_every_percent() {
        for p in [0, 1, 10, 50, 90, 100] {
            assert_eq!(nearest_rank(&[4.0], p).to_bits(), 4.0f64.to_bits());
        }
    }

    #[test]
    fn articulation_finds_the_middle_of_a_corridor() {
        // A 1 x 5 corridor: the three inner cells are articulation points.
        let g = CellGraph {
            width: 5,
            height: 1,
            walk: vec![true; 5],
        };
        assert_eq!(g.articulation(), (1, 3));
        assert_eq!(g.dead_ends(), 2);
        assert_eq!((g.edges(), g.blocks()), (4, 0));
    }
}
