//! `StoreyGenerator`: validates the request, runs the five passes, validates the result
//! and retries with derived seeds when an attempt fails.

use crate::cell::StoreyType;
use crate::error::{AttemptError, GenerateError};
use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::params::*;
use crate::passes::{self, Draft, PassError, Spec};
use crate::rng::{StoreyRng, derive_seed};
use crate::validator;

/// What to generate. Depth and level are taken as `i64` so that bad values from any
/// caller (GDScript ints, command lines) reach the error message unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreyRequest {
    pub seed: i64,
    pub storey_depth: i64,
    pub outpost_level: i64,
    pub storey_type: StoreyType,
    /// Puts the STAIRCASE on this exact cell (multi-storey alignment).
    pub forced_staircase: Option<Pos>,
}

impl StoreyRequest {
    pub fn new(seed: i64, storey_depth: i64, outpost_level: i64, storey_type: StoreyType) -> Self {
        StoreyRequest {
            seed,
            storey_depth,
            outpost_level,
            storey_type,
            forced_staircase: None,
        }
    }

    pub fn with_forced_staircase(mut self, cell: Pos) -> Self {
        self.forced_staircase = Some(cell);
        self
    }

    /// Checks every argument and computes the grid size (Pass 1's formula).
    pub fn spec(&self) -> Result<Spec, GenerateError> {
        if !(MIN_STOREY_DEPTH..=MAX_STOREY_DEPTH).contains(&self.storey_depth) {
            return Err(GenerateError::InvalidDepth(self.storey_depth));
        }
        let storey_depth = self.storey_depth as u32;
        if !(MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL).contains(&self.outpost_level) {
            return Err(GenerateError::InvalidLevel(self.outpost_level));
        }
        let outpost_level = self.outpost_level as u32;
        let (width, height) =
            passes::dimensions::dimensions(self.storey_type, storey_depth, outpost_level);
        if let Some(pos) = self.forced_staircase {
            let inside = pos.x >= 0 && pos.y >= 0 && pos.x < width && pos.y < height;
            if !inside {
                return Err(GenerateError::StaircaseOutsideGrid { pos, width, height });
            }
            if pos.x == 0 || pos.y == 0 || pos.x == width - 1 || pos.y == height - 1 {
                return Err(GenerateError::StaircaseOnEdge { pos, width, height });
            }
        }
        Ok(Spec {
            storey_type: self.storey_type,
            storey_depth,
            outpost_level,
            width,
            height,
            forced_staircase: self.forced_staircase,
        })
    }
}

/// Generates a storey. The same request gives the same layout, byte for byte.
pub fn generate(request: &StoreyRequest) -> Result<StoreyLayout, GenerateError> {
    let spec = request.spec()?;
    let mut attempt = 0;
    loop {
        let seed = if attempt == 0 {
            request.seed
        } else {
            derive_seed(request.seed, u64::from(attempt))
        };
        match run_attempt(&spec, seed) {
            Ok(mut layout) => {
                layout.seed_value = request.seed;
                layout.generation_attempts = attempt + 1;
                return Ok(layout);
            }
            Err(last_failure) if attempt + 1 >= MAX_RETRIES => {
                return Err(GenerateError::Exhausted {
                    seed: request.seed,
                    attempts: attempt + 1,
                    last_failure,
                });
            }
            Err(_) => attempt += 1,
        }
    }
}

/// One attempt with `seed`: the passes, then validation.
fn run_attempt(spec: &Spec, seed: i64) -> Result<StoreyLayout, AttemptError> {
    let layout = generate_attempt(spec, seed)?;
    validator::validate(&layout)?;
    Ok(layout)
}

/// One run of the five passes with `seed`, without validation or retries.
pub fn generate_attempt(spec: &Spec, seed: i64) -> Result<StoreyLayout, PassError> {
    let mut rng = StoreyRng::new(seed);
    let mut draft = Draft::new(spec.clone());
    passes::bsp::run(&mut draft, &mut rng);
    passes::placement::run(&mut draft, &mut rng)?;
    passes::corridors::run(&mut draft, &mut rng)?;
    passes::shaft_stair::run(&mut draft, &mut rng)?;
    passes::path_validation::run(&mut draft)?;
    passes::annotation::run(&mut draft);
    Ok(draft.into_layout(seed))
}

impl Draft {
    /// The finished layout. `seed_value` is the seed this attempt ran with.
    pub fn into_layout(self, seed: i64) -> StoreyLayout {
        let Draft {
            spec,
            grid,
            rooms,
            entries,
            beacons,
            staircase,
            shafts,
            enemy_paths,
            open_zone_count,
            ..
        } = self;
        StoreyLayout {
            seed_value: seed,
            storey_type: spec.storey_type,
            storey_depth: spec.storey_depth,
            outpost_level: spec.outpost_level,
            width: spec.width,
            height: spec.height,
            cells: grid,
            primary_beacon: beacons.first().copied().unwrap_or(Pos::new(-1, -1)),
            entry_cells: entries,
            beacon_cells: beacons,
            shaft_cells: shafts,
            staircase_cell: staircase.unwrap_or(Pos::new(-1, -1)),
            enemy_path: enemy_paths.first().cloned().unwrap_or_default(),
            enemy_paths,
            open_zone_count,
            rooms,
            generation_attempts: 1,
        }
    }
}
