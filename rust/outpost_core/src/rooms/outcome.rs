//! What the rooms pass did with each template in an attempt: the generation report
//! carries it, and the survey counts it per template.

use thiserror::Error;

/// Why a room could not be placed on a storey.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Error)]
pub enum RoomFailure {
    /// No position of any allowed transform fits: inside the grid off its outer ring,
    /// a cell clear of every other room, its doorways' outside cells off the ring, its
    /// beacons and shafts apart from the other rooms' (or every BSP room would go).
    #[error("no position fits it")]
    NoPosition,
    /// The only positions that fit would cover the forced STAIRCASE.
    #[error("every position that fits covers the forced staircase")]
    ForcedStaircase,
    /// Every position that fits would leave a doorway's outside cell (its own or another
    /// room's), a BSP room or the forced staircase cut off from the rest, or leave no BSP
    /// room at all.
    #[error("every position that fits cuts off a doorway")]
    Doorway,
    /// Its beacons or shafts would take the storey's rooms past what the storey allows
    /// (`beacon_count(depth) - 1` beacons, 2 shafts).
    #[error("its beacons or shafts would pass what the storey allows")]
    Counts,
}

impl RoomFailure {
    /// Every reason, in report order.
    pub const ALL: [RoomFailure; 4] = [
        RoomFailure::NoPosition,
        RoomFailure::ForcedStaircase,
        RoomFailure::Doorway,
        RoomFailure::Counts,
    ];

    /// The reason's name in reports: `no_position`, `forced_staircase`, `doorway`,
    /// `counts`.
    pub const fn name(self) -> &'static str {
        match self {
            RoomFailure::NoPosition => "no_position",
            RoomFailure::ForcedStaircase => "forced_staircase",
            RoomFailure::Doorway => "doorway",
            RoomFailure::Counts => "counts",
        }
    }
}

/// What the rooms pass did with one eligible template in one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomTry {
    /// The template's index in its set (name order).
    pub template: usize,
    /// Whether it was tried: required, or an optional room whose chance roll passed.
    pub tried: bool,
    /// Copies placed.
    pub placed: u32,
    /// Why its last draw found no position, if one did not (for an optional room, the
    /// draw that dropped it; for a required one, the reason the attempt failed).
    pub dropped: Option<RoomFailure>,
}
