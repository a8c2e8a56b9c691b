//! The generation pipeline: one module per pass, run in the reference's order from the
//! one table [`PIPELINE`], which the generator and the benchmarks both use.
//!
//! | pass | module | reads | writes |
//! |------|--------|-------|--------|
//! | 1  | [`dimensions`] | spec | blank OOB grid |
//! | 2a | [`bsp`] | grid, storey type | partitions, rooms, WALL/EMPTY |
//! | 2r | [`rooms`] | grid, rooms, forced staircase, room set | placed rooms' cells, fewer rooms, footprints (protected), doorways' outside cells |
//! | 2b | [`placement`] | partitions, rooms, forced staircase, footprints | ENTRY, BEACON, protected cells |
//! | 2c | [`corridors`] | rooms, primary beacon, protected cells, footprints | corridors, doorway corridors, sealed outline |
//! | 3  | [`shaft_stair`] | grid, entries, protected cells, footprints | STAIRCASE, SHAFT |
//! | 4  | [`path_validation`] | grid, entries, primary beacon | enemy paths |
//! | 5  | [`annotation`] | grid | open zone count |
//! | 6  | [`entrance`] | grid, entries, beacons (GROUND_FLOOR only) | ENTRANCE |
//!
//! Every pass has the same shape, `run(&mut Draft, &mut StoreyRng) -> PassResult`: one
//! [`StoreyRng`] made from the seed is handed to every pass in turn, and a pass only
//! reads what earlier passes wrote into the [`Draft`]. Pass 6, which the reference does
//! not have, draws from a stream of its own instead (see [`entrance`]), so that adding it
//! changed no draw of the reference's passes; so does Pass 2r ([`rooms`]), which does
//! nothing without a room set. Carving and sealing, which
//! Passes 2c and 3 share, live in [`carve`].
//!
//! Adding a pass:
//! 1. the module, `passes/<name>.rs`, with `pub const PASS: Pass` (a [`PassId`] of the
//!    reference's number and the module's name, and its `run`); a [`PassFailure`] variant
//!    if it can fail, and a [`Draft`] field for anything it leaves to later passes;
//! 2. `pub mod <name>;` in the list below, like the other passes (the rest of the crate
//!    reaches a pass's helpers through it, as the generator reaches `dimensions`);
//! 3. its `<name>::PASS` in [`PIPELINE`] at its place in the order, with the array's
//!    length (`[Pass; N]`) raised by one;
//! 4. its `"<number> <name>"` in `pipeline_runs_the_passes_in_the_references_order` (the
//!    order test below), and its row in the table above.
//!
//! The generator and the per-pass benchmarks run whatever [`PIPELINE`] holds. A pass that
//! changes cells or draws from the RNG changes the golden layouts (`tests/golden/`).

pub mod annotation;
pub mod bsp;
pub mod carve;
pub mod corridors;
pub mod dimensions;
mod draft;
pub mod entrance;
pub mod path_validation;
pub mod placement;
pub mod rooms;
pub mod shaft_stair;

pub use draft::Draft;
pub use draft::Partition;
pub(crate) use draft::{RoomsSpec, Spec};

use crate::cell::CellType;
use crate::geometry::Pos;
use crate::params::SHAFT_COUNT;
use crate::rng::StoreyRng;
use crate::rooms::RoomFailure;
use std::fmt;
use thiserror::Error;

/// The passes in the order they run.
pub const PIPELINE: [Pass; 9] = [
    dimensions::PASS,
    bsp::PASS,
    rooms::PASS,
    placement::PASS,
    corridors::PASS,
    shaft_stair::PASS,
    path_validation::PASS,
    annotation::PASS,
    entrance::PASS,
];

/// One pass of the pipeline: which it is, and the function that runs it.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    /// The pass's number and name.
    pub id: PassId,
    /// Runs the pass on the draft with the storey's RNG.
    pub run: fn(&mut Draft, &mut StoreyRng) -> PassResult,
}

/// What a pass returns: `Ok` once its cells are placed.
pub type PassResult = Result<(), PassError>;

/// Names a pass of the pipeline: its number in the reference (`"2c"`) and its name
/// (`"corridors"`, as its module). Displayed as `Pass 2c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PassId {
    number: &'static str,
    name: &'static str,
}

impl PassId {
    /// The pass numbered `number` in the reference, called `name`.
    pub const fn new(number: &'static str, name: &'static str) -> Self {
        PassId { number, name }
    }

    /// The reference's number of the pass: `"1"`, `"2a"`, `"2b"`, `"2c"`, `"3"`, `"4"`, `"5"`,
    /// and this project's `"6"`.
    pub const fn number(self) -> &'static str {
        self.number
    }

    /// Snake-case name of the pass, as its module is named: `"bsp"`, `"corridors"`, ...
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl fmt::Display for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pass {}", self.number)
    }
}

/// Why a pass could not finish: the pass, and what it could not place or find. The
/// generator then retries with a derived seed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pass} {failure}")]
pub struct PassError {
    /// The pass that failed.
    pub pass: PassId,
    /// What it could not place or find.
    pub failure: PassFailure,
}

impl PassError {
    /// `pass` failed with `failure`.
    pub const fn new(pass: PassId, failure: PassFailure) -> Self {
        PassError { pass, failure }
    }
}

/// What a pass could not place or find. Each message names the cells involved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PassFailure {
    /// No draw of a primary beacon, entries and beacons kept every separation.
    #[error(
        "could not place {entries} entries and {beacons} beacons \
         ({entry_candidates} entry candidates, {primary_candidates} primary beacon candidates)"
    )]
    EntriesAndBeacons {
        /// Entries the storey needs.
        entries: usize,
        /// Beacons the storey needs.
        beacons: usize,
        /// Wall cells that could have become an entry.
        entry_candidates: usize,
        /// Dead ends and corners that could have held the primary beacon.
        primary_candidates: usize,
    },
    /// The pass needs the primary beacon and no earlier pass placed one.
    #[error("needs a primary beacon and found none")]
    NoPrimaryBeacon,
    /// The pass needs rooms and no earlier pass made one.
    #[error("needs rooms and found none")]
    NoRooms,
    /// No corridor could join two cells without crossing a protected cell.
    #[error("found no corridor route from {from} to {to}")]
    CorridorRoute {
        /// Where the corridor starts (a room centre).
        from: Pos,
        /// Where it should end (a room centre or the primary beacon).
        to: Pos,
    },
    /// No EMPTY cell was far enough from every entry for the staircase.
    #[error("found no cell for the staircase")]
    Staircase,
    /// The forced staircase is walled in by protected cells.
    #[error("cannot join the forced staircase {at} to the floor")]
    StaircasePassage {
        /// The forced staircase cell.
        at: Pos,
    },
    /// The forced staircase cell already holds another special cell.
    #[error("cannot put the forced staircase on {at}, a {cell} cell")]
    StaircaseCellTaken {
        /// The forced staircase cell.
        at: Pos,
        /// What it holds.
        cell: CellType,
    },
    /// No EMPTY cell beside a WALL was left for a shaft.
    #[error("found no wall-side cell for shaft {number} of {SHAFT_COUNT}")]
    Shaft {
        /// Which shaft, from 1.
        number: usize,
    },
    /// No WALL cell of a GROUND_FLOOR's outline can be its ENTRANCE: none is a doorway
    /// far enough from every entry and beacon.
    #[error("found no wall for the entrance (a doorway far enough from every entry and beacon)")]
    Entrance,
    /// A required authored room found no position (Pass 2r).
    #[error("could not place the required room {room}: {reason}")]
    Room {
        /// The room's name.
        room: String,
        /// Why.
        reason: RoomFailure,
    },
    /// A doorway of an authored room could not be joined to the storey's floor (Pass 2c).
    #[error("found no corridor from the doorway outside {at} of the room {room}")]
    DoorwayRoute {
        /// The room's name.
        room: String,
        /// The doorway's outside cell.
        at: Pos,
    },
    /// An entry cannot reach the primary beacon.
    #[error("found no path from entry {entry} to beacon {beacon}")]
    EnemyPath {
        /// The entry.
        entry: Pos,
        /// The primary beacon.
        beacon: Pos,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipeline_runs_the_passes_in_the_references_order() {
        let order: Vec<String> = PIPELINE
            .iter()
            .map(|p| format!("{} {}", p.id.number(), p.id.name()))
            .collect();
        assert_eq!(
            order,
            [
                "1 dimensions",
                "2a bsp",
                "2r rooms",
                "2b placement",
                "2c corridors",
                "3 shaft_stair",
                "4 path_validation",
                "5 annotation",
                "6 entrance"
            ]
        );
    }

    #[test]
    fn pass_error_message_names_the_pass_and_the_cells() {
        let e = PassError::new(
            corridors::PASS.id,
            PassFailure::CorridorRoute {
                from: Pos::new(1, 2),
                to: Pos::new(1, 16),
            },
        );
        assert_eq!(
            e.to_string(),
            "Pass 2c found no corridor route from (1, 2) to (1, 16)"
        );
    }
}
