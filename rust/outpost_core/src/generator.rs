//! `StoreyGenerator`: checks the request and the settings, runs the passes of
//! [`PIPELINE`], validates the result and retries with derived seeds when an attempt
//! fails.

use crate::cell::StoreyType;
use crate::error::{AttemptError, GenerateError};
use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::params::{MAX_OUTPOST_LEVEL, MAX_STOREY_DEPTH, MIN_OUTPOST_LEVEL, MIN_STOREY_DEPTH};
use crate::passes::{Draft, PIPELINE, Partition, Pass, RoomsSpec, Spec};
use crate::rng::{StoreyRng, derive_seed};
use crate::rooms::{RoomSet, RoomTry};
use crate::settings::{GenerationSettings, Tuning};
use crate::validator;

/// What to generate. Depth and level are taken as `i64` so that bad values from any
/// caller (GDScript ints, command lines) reach the error message unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreyRequest {
    /// Seed of the layout's RNG; the same seed gives the same layout.
    pub seed: i64,
    /// 1-based index of the storey in its building (`MIN_STOREY_DEPTH..=MAX_STOREY_DEPTH`);
    /// deeper storeys are larger and hold more entries and beacons.
    pub storey_depth: i64,
    /// Outpost level, `MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL`; higher levels are larger.
    pub outpost_level: i64,
    /// The kind of storey.
    pub storey_type: StoreyType,
    /// Puts the STAIRCASE on this exact cell (multi-storey alignment).
    pub forced_staircase: Option<Pos>,
}

impl StoreyRequest {
    /// A request without a forced staircase. Nothing is checked until it is used.
    pub fn new(seed: i64, storey_depth: i64, outpost_level: i64, storey_type: StoreyType) -> Self {
        StoreyRequest {
            seed,
            storey_depth,
            outpost_level,
            storey_type,
            forced_staircase: None,
        }
    }

    /// The same request with the STAIRCASE forced onto `cell`.
    #[must_use]
    pub fn with_forced_staircase(mut self, cell: Pos) -> Self {
        self.forced_staircase = Some(cell);
        self
    }

    /// The `(width, height)` of the storey's grid (Pass 1's formula). The forced
    /// staircase is not checked.
    ///
    /// # Errors
    ///
    /// [`GenerateError::InvalidDepth`] or [`GenerateError::InvalidLevel`] naming the bad
    /// value.
    pub fn grid_size(&self) -> Result<(i32, i32), GenerateError> {
        let (depth, level) = self.depth_and_level()?;
        Ok(Tuning::DEFAULT.dimensions(self.storey_type, depth, level))
    }

    /// [`StoreyRequest::grid_size`] with the dimension formula and bounds of `settings`.
    ///
    /// # Errors
    ///
    /// [`GenerateError::InvalidSettings`] for settings out of range, or the errors of
    /// [`StoreyRequest::grid_size`].
    pub fn grid_size_with(
        &self,
        settings: &GenerationSettings,
    ) -> Result<(i32, i32), GenerateError> {
        let tuning = settings.tuning()?;
        let (depth, level) = self.depth_and_level()?;
        Ok(tuning.dimensions(self.storey_type, depth, level))
    }

    /// The depth and level as the passes take them, or the error naming the bad one.
    fn depth_and_level(&self) -> Result<(u32, u32), GenerateError> {
        if !(MIN_STOREY_DEPTH..=MAX_STOREY_DEPTH).contains(&self.storey_depth) {
            return Err(GenerateError::InvalidDepth(self.storey_depth));
        }
        if !(MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL).contains(&self.outpost_level) {
            return Err(GenerateError::InvalidLevel(self.outpost_level));
        }
        Ok((self.storey_depth as u32, self.outpost_level as u32))
    }

    /// Checks every argument: depth, level, and a forced staircase inside the grid and
    /// off its outer ring, with the reference's settings.
    pub(crate) fn spec(&self) -> Result<Spec, GenerateError> {
        self.spec_with(&Tuning::DEFAULT)
    }

    /// [`StoreyRequest::spec`] with checked settings.
    pub(crate) fn spec_with(&self, tuning: &Tuning) -> Result<Spec, GenerateError> {
        let (storey_depth, outpost_level) = self.depth_and_level()?;
        if let Some(pos) = self.forced_staircase {
            let (width, height) = tuning.dimensions(self.storey_type, storey_depth, outpost_level);
            let inside = pos.x >= 0 && pos.y >= 0 && pos.x < width && pos.y < height;
            if !inside {
                return Err(GenerateError::StaircaseOutsideGrid { pos, width, height });
            }
            if pos.x == 0 || pos.y == 0 || pos.x == width - 1 || pos.y == height - 1 {
                return Err(GenerateError::StaircaseOnEdge { pos, width, height });
            }
        }
        Ok(Spec {
            tuning: *tuning,
            storey_type: self.storey_type,
            storey_depth,
            outpost_level,
            forced_staircase: self.forced_staircase,
            rooms: None,
        })
    }
}

/// What one generation reports beside the layout, without changing it: how many attempts
/// it took, why the failed ones failed, and the BSP numbers of the attempt that
/// succeeded. The layout's JSON and the golden snapshots hold none of it but the attempts
/// (`generation_attempts`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenerationReport {
    /// Generation attempts, the first included (`layout.generation_attempts`).
    pub attempts: u32,
    /// BSP leaves (partitions) of the attempt that succeeded, OUT_OF_BOUNDS ones included.
    pub bsp_leaves: u32,
    /// Of those leaves, the ones left OUT_OF_BOUNDS.
    pub oob_partitions: u32,
    /// The BSP leaves themselves (`bsp_leaves` of them), in X-midpoint order: they tile
    /// the grid; each that is not OUT_OF_BOUNDS and is large enough holds the room of
    /// `layout.rooms` at the same rank, inset by `room_shrink`.
    pub partitions: Vec<Partition>,
    /// Why each failed attempt failed, in order: empty unless the generator retried.
    pub failures: Vec<AttemptError>,
    /// With a room set, what the rooms pass did with each eligible template, one list per
    /// attempt in order (the last is the attempt that succeeded; attempt `k < failures.len()`
    /// failed with `failures[k]`). Empty without a room set.
    pub rooms: Vec<Vec<RoomTry>>,
}

impl GenerationReport {
    /// Attempts after the first (`attempts - 1`).
    pub const fn retries(&self) -> u32 {
        self.attempts.saturating_sub(1)
    }
}

/// A generated storey with its [`GenerationReport`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The layout, exactly as [`generate_with`] returns it.
    pub layout: StoreyLayout,
    /// How it was made.
    pub report: GenerationReport,
}

/// Generates a storey with the reference's settings: `generate_with(&
/// GenerationSettings::default(), request)`. The same request gives the same layout,
/// byte for byte.
///
/// ```
/// use outpost_core::{Pos, StoreyRequest, StoreyType, generate};
///
/// let request = StoreyRequest::new(7, 2, 1, StoreyType::GroundFloor)
///     .with_forced_staircase(Pos::new(8, 5));
/// let layout = generate(&request)?;
/// assert_eq!(layout.staircase_cell, Pos::new(8, 5));
/// assert_eq!((layout.entry_cells.len(), layout.beacon_cells.len()), (2, 2));
/// assert_eq!(layout.open_zone_count, 1);
/// # Ok::<(), outpost_core::GenerateError>(())
/// ```
///
/// # Errors
///
/// [`GenerateError::InvalidDepth`], [`GenerateError::InvalidLevel`],
/// [`GenerateError::StaircaseOutsideGrid`] or [`GenerateError::StaircaseOnEdge`] for a
/// bad request, naming the bad value; [`GenerateError::Exhausted`] if `MAX_RETRIES`
/// attempts fail, which a correct generator never lets happen.
pub fn generate(request: &StoreyRequest) -> Result<StoreyLayout, GenerateError> {
    run_pipeline(&request.spec()?, request.seed, &PIPELINE).map(|g| g.layout)
}

/// Generates a storey with `settings`. With the defaults it is [`generate`], byte for
/// byte; with any settings in range the layout passes [`validator::validate_with`] the
/// same settings.
///
/// # Errors
///
/// [`GenerateError::InvalidSettings`] naming the setting out of range (its value and its
/// range), the request errors of [`generate`], and [`GenerateError::Exhausted`] when
/// `max_retries` attempts fail (settings this storey cannot satisfy), naming the attempts
/// and the last reason.
pub fn generate_with(
    settings: &GenerationSettings,
    request: &StoreyRequest,
) -> Result<StoreyLayout, GenerateError> {
    generate_reported(settings, request).map(|g| g.layout)
}

/// [`generate_with`], with the [`GenerationReport`] of the generation.
///
/// ```
/// use outpost_core::{GenerationSettings, StoreyRequest, StoreyType, generate_reported};
///
/// let request = StoreyRequest::new(7, 1, 1, StoreyType::Underground);
/// let generated = generate_reported(&GenerationSettings::default(), &request)?;
/// assert_eq!(generated.report.attempts, generated.layout.generation_attempts);
/// assert!(generated.report.bsp_leaves as usize >= generated.layout.rooms.len());
/// # Ok::<(), outpost_core::GenerateError>(())
/// ```
///
/// # Errors
///
/// As [`generate_with`].
pub fn generate_reported(
    settings: &GenerationSettings,
    request: &StoreyRequest,
) -> Result<Generated, GenerateError> {
    let tuning = settings.tuning()?;
    run_pipeline(&request.spec_with(&tuning)?, request.seed, &PIPELINE)
}

/// [`generate_with`] with the authored rooms of `rooms`: the rooms pass (Pass 2r) places
/// them, and the layout passes [`validator::validate_with_rooms`] the same settings and
/// set. `unique: building` is ignored (a single storey is no building). With an empty set
/// it is [`generate_with`], byte for byte.
///
/// # Errors
///
/// As [`generate_with`]; when a required room cannot be placed in any attempt, the
/// [`GenerateError::Exhausted`] error names the room and the reason.
pub fn generate_with_rooms(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    request: &StoreyRequest,
) -> Result<StoreyLayout, GenerateError> {
    generate_reported_with_rooms(settings, rooms, request).map(|g| g.layout)
}

/// [`generate_with_rooms`], with the [`GenerationReport`] of the generation (its `rooms`
/// says what the rooms pass did in each attempt).
///
/// # Errors
///
/// As [`generate_with_rooms`].
pub fn generate_reported_with_rooms(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    request: &StoreyRequest,
) -> Result<Generated, GenerateError> {
    generate_in_building(settings, rooms, &[], false, request)
}

/// The generation of one storey of a set with the templates `excluded` (indices in the
/// set) used up; `building` says whether `unique: building` holds.
pub(crate) fn generate_in_building(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    excluded: &[usize],
    building: bool,
    request: &StoreyRequest,
) -> Result<Generated, GenerateError> {
    let tuning = settings.tuning()?;
    let mut spec = request.spec_with(&tuning)?;
    if !rooms.is_empty() {
        spec.rooms = Some(RoomsSpec {
            set: rooms.clone(),
            excluded: excluded.to_vec(),
            building,
        });
    }
    run_pipeline(&spec, request.seed, &PIPELINE)
}

/// Runs the passes of `pipeline`: an attempt with the caller's seed, then with seeds
/// derived from it, until a layout passes validation or `max_retries` attempts have
/// failed.
fn run_pipeline(
    spec: &Spec,
    request_seed: i64,
    pipeline: &[Pass],
) -> Result<Generated, GenerateError> {
    let max_attempts = spec.tuning.max_retries.max(1);
    let mut failures = Vec::new();
    let mut rooms = Vec::new();
    let mut attempt = 0;
    loop {
        let seed = if attempt == 0 {
            request_seed
        } else {
            derive_seed(request_seed, u64::from(attempt))
        };
        let (result, placed) = run_attempt(spec, seed, pipeline);
        if spec.rooms.is_some() {
            rooms.push(placed.tries);
        }
        match result {
            Ok((mut layout, mut report)) => {
                layout.seed_value = request_seed;
                layout.generation_attempts = attempt + 1;
                report.attempts = attempt + 1;
                report.failures = failures;
                report.rooms = rooms;
                return Ok(Generated { layout, report });
            }
            Err(last_failure) if attempt + 1 >= max_attempts => {
                return Err(GenerateError::Exhausted {
                    seed: request_seed,
                    attempts: attempt + 1,
                    last_failure,
                    rooms: placed.rooms.into_iter().map(|r| r.name).collect(),
                });
            }
            Err(failure) => {
                failures.push(failure);
                attempt += 1;
            }
        }
    }
}

/// What an attempt's rooms pass placed and tried, whether the attempt succeeded or not.
#[derive(Default)]
struct AttemptRooms {
    tries: Vec<RoomTry>,
    /// The rooms placed, when the attempt failed (on success the layout holds them).
    rooms: Vec<crate::rooms::PlacedRoom>,
}

/// One attempt with `seed`: every pass of `pipeline` on one draft and RNG, then
/// validation against the spec's settings (and room set).
fn run_attempt(
    spec: &Spec,
    seed: i64,
    pipeline: &[Pass],
) -> (
    Result<(StoreyLayout, GenerationReport), AttemptError>,
    AttemptRooms,
) {
    let mut rng = StoreyRng::new(seed);
    let mut draft = Draft::new(spec.clone(), seed);
    for pass in pipeline {
        if let Err(e) = (pass.run)(&mut draft, &mut rng) {
            let placed = std::mem::take(&mut draft.placed);
            let rooms = AttemptRooms {
                tries: placed.tries,
                rooms: placed.rooms,
            };
            return (Err(e.into()), rooms);
        }
    }
    let partitions = std::mem::take(&mut draft.partitions);
    let report = GenerationReport {
        attempts: 1,
        bsp_leaves: partitions.len() as u32,
        oob_partitions: partitions.iter().filter(|p| p.oob).count() as u32,
        partitions,
        failures: Vec::new(),
        rooms: Vec::new(),
    };
    let tries = std::mem::take(&mut draft.placed.tries);
    let layout = draft.into_layout(seed);
    let valid = validator::validate_tuned(&layout, &spec.tuning).and_then(|()| {
        spec.rooms
            .as_ref()
            .map_or(Ok(()), |r| validator::check_rooms_intact(&layout, &r.set))
    });
    match valid {
        Ok(()) => (
            Ok((layout, report)),
            AttemptRooms {
                tries,
                rooms: Vec::new(),
            },
        ),
        Err(violation) => {
            let rooms = AttemptRooms {
                tries,
                rooms: layout.placed_rooms,
            };
            (Err(violation.into()), rooms)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::{PassError, PassFailure, PassId, PassResult, path_validation};
    use crate::validator::Rule;

    fn request() -> StoreyRequest {
        StoreyRequest::new(7, 2, 1, StoreyType::GroundFloor)
    }

    #[test]
    fn exhausted_names_the_pass_that_failed_the_last_attempt() {
        fn give_up(_: &mut Draft, _: &mut StoreyRng) -> PassResult {
            Err(PassError::new(
                PassId::new("9", "give_up"),
                PassFailure::Staircase,
            ))
        }
        let pipeline = [
            PIPELINE[0],
            Pass {
                id: PassId::new("9", "give_up"),
                run: give_up,
            },
        ];
        let err = run_pipeline(&request().spec().unwrap(), 7, &pipeline).unwrap_err();
        assert_eq!(
            err,
            GenerateError::Exhausted {
                seed: 7,
                attempts: crate::params::MAX_RETRIES,
                last_failure: AttemptError::Pass(PassError::new(
                    PassId::new("9", "give_up"),
                    PassFailure::Staircase
                )),
                rooms: Vec::new(),
            }
        );
    }

    #[test]
    fn exhausted_keeps_the_rule_the_last_layout_broke() {
        // Without Pass 4 no layout has enemy paths, so every attempt breaks that rule.
        let pipeline: Vec<Pass> = PIPELINE
            .into_iter()
            .filter(|p| p.id != path_validation::PASS.id)
            .collect();
        match run_pipeline(&request().spec().unwrap(), 7, &pipeline) {
            Err(GenerateError::Exhausted {
                last_failure: AttemptError::Rule(violation),
                ..
            }) => assert_eq!(violation.rule, Rule::EnemyPaths),
            other => panic!("expected a broken enemy-path rule, got {other:?}"),
        }
    }

    #[test]
    fn spec_sizes_the_grid_as_pass_1_does() {
        let r = StoreyRequest::new(1, 6, 4, StoreyType::Underground);
        assert_eq!(r.grid_size(), Ok((28, 20)));
        let layout = generate(&r).unwrap();
        assert_eq!((layout.width, layout.height), (28, 20));
    }
}
