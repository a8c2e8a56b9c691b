//! Multi-storey buildings: N storeys from one master seed, staircases aligned.
//!
//! Storey `i` above ground (0-based) uses the seed `derive_seed(master_seed, i)` and
//! depth `i + 1`: storey 0 is the GROUND_FLOOR, the rest are UPPER_FLOOR with the
//! STAIRCASE forced onto the ground floor's. The optional UNDERGROUND storey below uses
//! seed index `N` and depth `N + 1` (the largest storey of the building), also aligned.

use crate::cell::StoreyType;
use crate::error::GenerateError;
use crate::generator::{StoreyRequest, generate_in_building};
use crate::layout::StoreyLayout;
use crate::params::{MAX_STOREYS, MIN_STOREYS};
use crate::rng::derive_seed;
use crate::rooms::RoomSet;
use crate::settings::GenerationSettings;
use serde::{Deserialize, Serialize};

/// A generated building: `storeys` from the bottom up (the UNDERGROUND storey, when
/// present, comes first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    /// The seed every storey's seed derives from.
    pub master_seed: i64,
    /// The storeys, bottom first.
    pub storeys: Vec<StoreyLayout>,
}

/// Seed of storey `index` of a building.
pub const fn storey_seed(master_seed: i64, index: u64) -> i64 {
    derive_seed(master_seed, index)
}

/// The error [`generate_building`] would give for these arguments before generating
/// anything, if any: a storey count outside `MIN_STOREYS..=MAX_STOREYS` or a bad
/// outpost level. Cheap, for callers that generate elsewhere (on another thread) but
/// report bad arguments at once.
///
/// # Errors
///
/// [`GenerateError::InvalidStoreyCount`] or [`GenerateError::InvalidLevel`], naming the
/// bad value.
pub fn check_building_request(storeys: i64, outpost_level: i64) -> Result<(), GenerateError> {
    if !(MIN_STOREYS..=MAX_STOREYS).contains(&storeys) {
        return Err(GenerateError::InvalidStoreyCount(storeys));
    }
    StoreyRequest::new(0, 1, outpost_level, StoreyType::GroundFloor)
        .spec()
        .map(|_| ())
}

/// [`check_building_request`] and the settings' ranges: the error
/// [`generate_building_with`] would give before generating anything, if any.
///
/// # Errors
///
/// [`GenerateError::InvalidSettings`] naming the setting out of range, or an error of
/// [`check_building_request`].
pub fn check_building_request_with(
    settings: &GenerationSettings,
    storeys: i64,
    outpost_level: i64,
) -> Result<(), GenerateError> {
    settings.check()?;
    check_building_request(storeys, outpost_level)
}

/// Generates `storeys` storeys above ground (and an UNDERGROUND one below if asked),
/// every STAIRCASE on the ground floor's cell, with the reference's settings:
/// `generate_building_with(&GenerationSettings::default(), ...)`.
///
/// ```
/// use outpost_core::{StoreyType, generate_building};
///
/// let building = generate_building(99, 3, 2, true)?;
/// let types: Vec<StoreyType> = building.storeys.iter().map(|s| s.storey_type).collect();
/// assert_eq!(
///     types,
///     [StoreyType::Underground, StoreyType::GroundFloor, StoreyType::UpperFloor, StoreyType::UpperFloor]
/// );
/// let stair = building.storeys[1].staircase_cell;
/// assert!(building.storeys.iter().all(|s| s.staircase_cell == stair));
/// # Ok::<(), outpost_core::GenerateError>(())
/// ```
///
/// # Errors
///
/// [`GenerateError::InvalidStoreyCount`] unless `storeys` is in
/// `MIN_STOREYS..=MAX_STOREYS`, [`GenerateError::InvalidLevel`] for a bad level, and any
/// error of [`generate`](crate::generate) for a storey.
pub fn generate_building(
    master_seed: i64,
    storeys: i64,
    outpost_level: i64,
    underground: bool,
) -> Result<Building, GenerateError> {
    generate_building_with(
        &GenerationSettings::DEFAULT,
        master_seed,
        storeys,
        outpost_level,
        underground,
    )
}

/// [`generate_building`] with `settings` for every storey (with the defaults, the same
/// building byte for byte).
///
/// # Errors
///
/// [`GenerateError::InvalidSettings`] naming a setting out of range, and every error of
/// [`generate_building`] and [`crate::generate_with`].
pub fn generate_building_with(
    settings: &GenerationSettings,
    master_seed: i64,
    storeys: i64,
    outpost_level: i64,
    underground: bool,
) -> Result<Building, GenerateError> {
    generate_building_with_rooms(
        settings,
        &RoomSet::default(),
        master_seed,
        storeys,
        outpost_level,
        underground,
    )
}

/// [`generate_building_with`] with the authored rooms of `rooms` on every storey. The
/// storeys are generated in the order ground floor, UNDERGROUND, then the upper floors
/// by depth, and a `unique: building` room placed on one is not offered to the storeys
/// after it. With an empty set it is [`generate_building_with`], byte for byte.
///
/// # Errors
///
/// Every error of [`generate_building_with`]; a storey whose required rooms cannot be
/// placed fails with the error naming the room and the reason.
pub fn generate_building_with_rooms(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    master_seed: i64,
    storeys: i64,
    outpost_level: i64,
    underground: bool,
) -> Result<Building, GenerateError> {
    check_building_request_with(settings, storeys, outpost_level)?;
    let mut used: Vec<usize> = Vec::new();
    let mut generate = |request: &StoreyRequest| {
        let layout = generate_in_building(settings, rooms, &used, true, request)?.layout;
        for placed in &layout.placed_rooms {
            if let Some(i) = rooms.index_of(&placed.name)
                && rooms.templates()[i].unique_building
                && !used.contains(&i)
            {
                used.push(i);
            }
        }
        Ok::<_, GenerateError>(layout)
    };
    let ground = generate(&StoreyRequest::new(
        storey_seed(master_seed, 0),
        1,
        outpost_level,
        StoreyType::GroundFloor,
    ))?;
    let stair = ground.staircase_cell;
    let request = |index: i64, storey_type| {
        StoreyRequest::new(
            storey_seed(master_seed, index as u64),
            index + 1,
            outpost_level,
            storey_type,
        )
        .with_forced_staircase(stair)
    };
    let mut out = Vec::with_capacity(storeys as usize + 1);
    if underground {
        out.push(generate(&request(storeys, StoreyType::Underground))?);
    }
    out.push(ground);
    for index in 1..storeys {
        out.push(generate(&request(index, StoreyType::UpperFloor))?);
    }
    Ok(Building {
        master_seed,
        storeys: out,
    })
}
