//! Errors for bad input and for exhausted generation.

use crate::geometry::Pos;
use crate::params::{MAX_STOREYS, MIN_STOREYS};
use thiserror::Error;

/// Why a storey or building could not be generated. Every message names the bad value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error("storey_depth must be in 1..={max}, got {0}", max = u32::MAX)]
    InvalidDepth(i64),
    #[error("outpost_level must be in 1..=4, got {0}")]
    InvalidLevel(i64),
    #[error("forced_staircase {pos} is outside the {width} x {height} grid of this storey")]
    StaircaseOutsideGrid { pos: Pos, width: i32, height: i32 },
    #[error(
        "forced_staircase {pos} lies on the outer edge of the {width} x {height} grid; \
         it must be in 1..={} x 1..={}",
        width - 2,
        height - 2
    )]
    StaircaseOnEdge { pos: Pos, width: i32, height: i32 },
    #[error("a building needs {min}..={max} storeys, got {0}", min = MIN_STOREYS, max = MAX_STOREYS)]
    InvalidStoreyCount(i64),
    #[error("no valid layout for seed {seed} after {attempts} attempts; last failure: {reason}")]
    Exhausted {
        seed: i64,
        attempts: u32,
        reason: String,
    },
}
