//! The two kinds of agent and their tunables.

use crate::swarm::fixed::{MILLI, SUBCELL};
use std::fmt;

/// What an agent is, and so what it heads for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AgentKind {
    /// Drifts towards power: BEACON cells and towers.
    Drone = 0,
    /// Drifts towards heat: Genesis's cell.
    Alien = 1,
}

impl AgentKind {
    /// Both kinds, by value.
    pub const ALL: [AgentKind; 2] = [AgentKind::Drone, AgentKind::Alien];

    /// The kind of a value (0 drone, 1 alien).
    pub fn from_value(value: i64) -> Option<AgentKind> {
        AgentKind::ALL.into_iter().find(|k| *k as i64 == value)
    }

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            AgentKind::Drone => "drone",
            AgentKind::Alien => "alien",
        }
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tunables of one kind, in integer units so that they are state like the rest:
/// thousandths of a cell per second, of a health point, of an attack per second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KindParams {
    /// Speed between cell centres, in thousandths of a cell per second.
    pub speed_milli: u32,
    /// Health at spawn, in milli-points (at least 1).
    pub health_milli: u32,
    /// Damage of one attack, in milli-points.
    pub attack_damage_milli: u32,
    /// Attacks per second while next to a target, in thousandths (0: never attacks).
    pub attack_rate_milli: u32,
    /// Chance, in thousandths, that at a cell centre the agent takes the field's step
    /// towards its target rather than a random free neighbour.
    pub follow_permille: u32,
}

impl KindParams {
    /// The per-tick form of these tunables at `ticks_per_second`.
    pub(crate) fn per_tick(&self, ticks_per_second: u32) -> TickParams {
        let tps = u64::from(ticks_per_second);
        let step = u64::from(self.speed_milli) * SUBCELL as u64 / (MILLI as u64 * tps);
        let interval = if self.attack_rate_milli == 0 {
            u32::MAX
        } else {
            (tps * MILLI as u64)
                .div_ceil(u64::from(self.attack_rate_milli))
                .clamp(1, u64::from(u32::MAX - 1)) as u32
        };
        TickParams {
            step: step.min(SUBCELL as u64) as i32,
            attack_interval: interval,
            attack_damage: i64::from(self.attack_damage_milli),
            health: self.health_milli.max(1) as i32,
            follow_threshold: (u64::from(self.follow_permille.min(1000)) << 32) / 1000,
        }
    }
}

/// [`KindParams`] per tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TickParams {
    /// Position units per tick (at most a cell).
    pub step: i32,
    /// Ticks between two attacks (`u32::MAX`: never).
    pub attack_interval: u32,
    /// Milli-points per attack.
    pub attack_damage: i64,
    /// Milli-points at spawn.
    pub health: i32,
    /// A draw's low 32 bits below this take the field's step.
    pub follow_threshold: u64,
}
