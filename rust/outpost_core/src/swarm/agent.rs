//! One agent's state and its own random stream.

use crate::geometry::Pos;
use crate::rng::derive_seed;
use crate::swarm::fixed::{FixedPos, SUBCELL};
use crate::swarm::kind::AgentKind;

/// An agent on its way from the centre of `from` to the centre of `to` (equal while it
/// stands on a cell centre), `progress` units of [`SUBCELL`] along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Agent {
    pub id: u32,
    pub kind: AgentKind,
    pub from: Pos,
    pub to: Pos,
    pub progress: i32,
    /// Milli-points left; the agent is destroyed at 0.
    pub health: i64,
    /// Ticks to the next attack while next to a target.
    pub cooldown: u32,
    /// The seed of the agent's own stream, and how many draws it took from it.
    pub seed: i64,
    pub draws: u64,
}

impl Agent {
    /// The next 64 random bits of the agent's own stream: SplitMix64's finaliser over
    /// (seed, draw count), so a stream is two integers and needs no generator state.
    #[inline]
    pub fn draw(&mut self) -> u64 {
        let bits = derive_seed(self.seed, self.draws) as u64;
        self.draws += 1;
        bits
    }

    /// Whether it stands on a cell centre.
    #[inline]
    pub fn at_centre(&self) -> bool {
        self.from == self.to
    }

    /// Where it is, in fixed point.
    pub fn position(&self) -> FixedPos {
        let (a, b) = (FixedPos::centre_of(self.from), FixedPos::centre_of(self.to));
        let along = |a: i32, b: i32| {
            a + ((i64::from(b - a) * i64::from(self.progress)) / i64::from(SUBCELL)) as i32
        };
        FixedPos {
            x: along(a.x, b.x),
            y: along(a.y, b.y),
        }
    }

    /// The cell it stands on: `from` until half way, then `to`.
    #[inline]
    pub fn cell(&self) -> Pos {
        if self.progress * 2 < SUBCELL {
            self.from
        } else {
            self.to
        }
    }
}
