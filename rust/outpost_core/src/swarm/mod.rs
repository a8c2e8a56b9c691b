//! The crowd: a deterministic simulation of the drones and aliens of one storey, cheap
//! enough for thousands of agents per tick.
//!
//! A kind of agent is a row of data ([`KindSpec`]: a name, a [`Goal`] and
//! [`KindParams`]); a swarm holds a table of them ([`Swarm::with_kinds`]; [`Swarm::new`]
//! takes [`crate::swarm::DEFAULT_KINDS`], the drone and the alien) and an agent's
//! [`AgentKind`] is its row. Agents read shared distance fields ([`crate::nav`]) instead
//! of searching paths of their own: one field per goal, shared by every kind with that
//! goal, rebuilt only when its targets change (towers placed or removed, the heat cell
//! moved). State is integers ([`fixed`]): positions in
//! sub-cell units, health in milli-points, speeds and rates per tick; random choices come
//! from each agent's own seeded stream. [`Swarm::state_hash`] summarises the state, so a
//! replay of the same calls can be checked against a recorded hash.
//!
//! ```
//! use outpost_core::nav::Navigator;
//! use outpost_core::swarm::{AgentKind, Swarm};
//! use outpost_core::{StoreyRequest, StoreyType, generate};
//!
//! let layout = generate(&StoreyRequest::new(7, 2, 2, StoreyType::GroundFloor))?;
//! let nav = Navigator::new(&layout)?;
//! let mut swarm = Swarm::new(&nav, 1, 60)?;
//! swarm.spawn(&nav, AgentKind::DRONE, layout.entry_cells[0])?;
//! let mut events = Vec::new();
//! for _ in 0..600 {
//!     swarm.tick(&nav, &mut events);
//! }
//! assert_eq!(swarm.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agent;
pub mod fixed;
mod hash;
mod kind;
pub mod save;
pub mod scenario;
mod sim;

pub use fixed::FixedPos;
pub use kind::{
    AgentKind, DEFAULT_ALIEN, DEFAULT_DRONE, DEFAULT_KINDS, Goal, KindParams, KindSpec,
};
pub use sim::{Swarm, check_kinds};

use crate::geometry::Pos;
use thiserror::Error;

/// A live agent as readers see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentView {
    /// Its id (ids are never reused within a swarm).
    pub id: u32,
    /// Its row in the swarm's kind table.
    pub kind: AgentKind,
    /// Where it is.
    pub position: FixedPos,
    /// The cell it stands on (the one it left until half way, then the next).
    pub cell: Pos,
    /// Health left, in milli-points.
    pub health_milli: i64,
}

/// Something that happened during a call, for the caller to pass on (Godot signals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwarmEvent {
    /// Agents heading for power ([`Goal::Power`]: drones) hit the BEACON or tower on
    /// `cell` for `amount_milli` in total this tick.
    TargetAttacked {
        /// The target's cell.
        cell: Pos,
        /// Milli-points of damage.
        amount_milli: i64,
    },
    /// Agents heading for heat ([`Goal::Heat`]: aliens) hit the heat cell (Genesis) for
    /// `amount_milli` in total this tick.
    GenesisAttacked {
        /// Milli-points of damage.
        amount_milli: i64,
    },
    /// An agent's health reached 0; it is gone.
    AgentDestroyed {
        /// Its id.
        id: u32,
        /// Its kind.
        kind: AgentKind,
        /// The cell it stood on.
        cell: Pos,
    },
    /// A retreating agent reached an ENTRY cell and left the storey; it is gone.
    AgentLeft {
        /// Its id.
        id: u32,
        /// Its kind.
        kind: AgentKind,
        /// The ENTRY cell it left by.
        cell: Pos,
    },
}

/// A swarm call that could not be carried out; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SwarmError {
    /// Agents spawn on free cells only.
    #[error("cannot spawn on {cell}: {what}")]
    NotFree {
        /// The cell asked for.
        cell: Pos,
        /// What it is.
        what: String,
    },
    /// The cap on live agents.
    #[error("the swarm is full: at most {0} agents")]
    Full(usize),
    /// Ticks per second outside 1..=1000.
    #[error("ticks_per_second must be in 1..=1000, got {0}")]
    BadTickRate(u32),
    /// A kind table with no row, or more than [`crate::params::MAX_KINDS`].
    #[error("a kind table has 1..={max} rows, got {0}", max = crate::params::MAX_KINDS)]
    KindCount(usize),
    /// A row of a kind table that cannot be used.
    #[error("kind {index} ({name:?}): {problem}")]
    BadKind {
        /// Its row.
        index: usize,
        /// Its name.
        name: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A kind the swarm's table has no row for.
    #[error("no {kind} in this swarm: its kinds are 0..{count}")]
    UnknownKind {
        /// The kind asked for.
        kind: AgentKind,
        /// Rows in the table.
        count: usize,
    },
    /// The kind table changes only while no agent is alive.
    #[error("the kind table changes only while no agent is alive: {0} alive")]
    AgentsAlive(usize),
    /// Saved bytes ([`Swarm::save`]) that cannot be loaded: what is wrong with them.
    #[error("cannot load the saved swarm: {0}")]
    BadSave(String),
}
