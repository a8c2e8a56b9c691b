//! Errors for bad input and for exhausted generation.

use crate::geometry::Pos;
use crate::params::{
    MAX_OUTPOST_LEVEL, MAX_STOREY_DEPTH, MAX_STOREYS, MIN_OUTPOST_LEVEL, MIN_STOREY_DEPTH,
    MIN_STOREYS,
};
use crate::passes::PassError;
use crate::settings::SettingsError;
use crate::validator::Violation;
use thiserror::Error;

/// Why a storey or building could not be generated. Every message names the bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// `storey_depth` is outside `MIN_STOREY_DEPTH..=MAX_STOREY_DEPTH`: "at least 1",
    /// or, beyond `u32`, "at most 4294967295".
    #[error("storey_depth must be {bound}, got {0}", bound = depth_bound(*.0))]
    InvalidDepth(i64),
    /// `outpost_level` is outside `MIN_OUTPOST_LEVEL..=MAX_OUTPOST_LEVEL`.
    #[error(
        "outpost_level must be in {min}..={max}, got {0}",
        min = MIN_OUTPOST_LEVEL,
        max = MAX_OUTPOST_LEVEL
    )]
    InvalidLevel(i64),
    /// The forced staircase lies off the storey's grid.
    #[error("forced_staircase {pos} is outside the {width} x {height} grid of this storey")]
    StaircaseOutsideGrid {
        /// The requested cell.
        pos: Pos,
        /// Width of the storey's grid.
        width: i32,
        /// Height of the storey's grid.
        height: i32,
    },
    /// The forced staircase lies on the grid's outer ring, where nothing walkable but an
    /// entry can stand.
    #[error(
        "forced_staircase {pos} lies on the outer edge of the {width} x {height} grid; \
         it must be in 1..={} x 1..={}",
        width - 2,
        height - 2
    )]
    StaircaseOnEdge {
        /// The requested cell.
        pos: Pos,
        /// Width of the storey's grid.
        width: i32,
        /// Height of the storey's grid.
        height: i32,
    },
    /// The storey count of a building is outside `MIN_STOREYS..=MAX_STOREYS`.
    #[error(
        "a building needs {min}..={max} storeys, got {0}",
        min = MIN_STOREYS,
        max = MAX_STOREYS
    )]
    InvalidStoreyCount(i64),
    /// A generation setting is out of its range (or contradicts another).
    #[error("invalid generation settings: {0}")]
    InvalidSettings(#[from] SettingsError),
    /// Every attempt failed: with the default settings a generator bug (a correct
    /// generator never retries); with others, settings that this seed's storey cannot
    /// satisfy (e.g. `min_entry_beacon_dist` larger than the grid).
    #[error(
        "no valid layout for seed {seed} after {attempts} attempts ({retries} retries); last failure: {last_failure}{placed}",
        retries = attempts.saturating_sub(1),
        placed = rooms_note(rooms)
    )]
    Exhausted {
        /// The caller's seed.
        seed: i64,
        /// Attempts made.
        attempts: u32,
        /// Why the last attempt failed.
        last_failure: AttemptError,
        /// The authored rooms the last attempt had placed (in placement order) before it
        /// failed: the rooms a designer looks at first.
        rooms: Vec<String>,
    },
}

/// `"; rooms placed in that attempt: a, b"`, or nothing without rooms.
fn rooms_note(rooms: &[String]) -> String {
    if rooms.is_empty() {
        String::new()
    } else {
        format!("; rooms placed in that attempt: {}", rooms.join(", "))
    }
}

/// The bound a bad `storey_depth` breaks, as the error names it.
fn depth_bound(depth: i64) -> String {
    if depth < MIN_STOREY_DEPTH {
        format!("at least {MIN_STOREY_DEPTH}")
    } else {
        format!("at most {MAX_STOREY_DEPTH}")
    }
}

/// Why one generation attempt failed: a pass could not finish, or the finished layout
/// broke a rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AttemptError {
    /// A pass could not place what it had to.
    #[error(transparent)]
    Pass(#[from] PassError),
    /// The validator rejected the finished layout.
    #[error("the finished layout breaks {0}")]
    Rule(#[from] Violation),
}
