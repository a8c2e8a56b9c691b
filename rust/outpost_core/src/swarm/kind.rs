//! Agent kinds as data: a swarm's kind table ([`KindSpec`] rows), the index into it
//! ([`AgentKind`]), what a kind heads for ([`Goal`]) and its tunables ([`KindParams`]).

use crate::swarm::fixed::{MILLI, SUBCELL};
use std::borrow::Cow;
use std::fmt;

/// An agent's kind: the index of its row in its swarm's kind table (see
/// [`crate::swarm::Swarm::with_kinds`]). The default table ([`crate::swarm::DEFAULT_KINDS`])
/// has [`AgentKind::DRONE`] and [`AgentKind::ALIEN`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AgentKind(u8);

impl AgentKind {
    /// Row 0 of the default table: drifts towards power.
    pub const DRONE: AgentKind = AgentKind(0);
    /// Row 1 of the default table: drifts towards heat.
    pub const ALIEN: AgentKind = AgentKind(1);

    /// The kind of row `index`; `None` at or past [`crate::params::MAX_KINDS`] (whether a
    /// swarm has that row is the swarm's to say: [`crate::swarm::Swarm::kind`]).
    pub const fn from_index(index: usize) -> Option<AgentKind> {
        if index < crate::params::MAX_KINDS {
            Some(AgentKind(index as u8))
        } else {
            None
        }
    }

    /// The kind of a value from outside (Godot, the command line): as
    /// [`AgentKind::from_index`], `None` for a negative value.
    pub fn from_value(value: i64) -> Option<AgentKind> {
        usize::try_from(value).ok().and_then(AgentKind::from_index)
    }

    /// Its row in the kind table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for AgentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kind {}", self.0)
    }
}

/// What a kind heads for, and so what its attacks hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goal {
    /// Power: the BEACON cells and the towers. Attacks hit that cell
    /// ([`crate::swarm::SwarmEvent::TargetAttacked`]).
    Power = 0,
    /// Heat: the heat cell ([`crate::swarm::Swarm::set_heat`], Genesis's). Attacks hit
    /// Genesis ([`crate::swarm::SwarmEvent::GenesisAttacked`]); without heat the kind
    /// roams.
    Heat = 1,
}

impl Goal {
    /// Every goal, by value.
    pub const ALL: [Goal; 2] = [Goal::Power, Goal::Heat];

    /// The goal of a value (0 power, 1 heat).
    pub fn from_value(value: i64) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| *g as i64 == value)
    }

    /// Upper-case name, as Godot shows it.
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Power => "POWER",
            Goal::Heat => "HEAT",
        }
    }
}

/// One row of a swarm's kind table: everything the simulation knows about a kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KindSpec {
    /// Its name (not empty, unique within a table): for people and lookups, not state.
    pub name: Cow<'static, str>,
    /// What it heads for and attacks.
    pub goal: Goal,
    /// Its tunables.
    pub params: KindParams,
}

impl KindSpec {
    /// A row named `name`.
    pub fn new(name: impl Into<Cow<'static, str>>, goal: Goal, params: KindParams) -> KindSpec {
        KindSpec {
            name: name.into(),
            goal,
            params,
        }
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

/// Drones: 1.5 cells/s, 30 health, 2 damage per attack, one attack a second, and the
/// field's step at 70% of cell centres (a wave drifts towards power but spreads out).
pub const DEFAULT_DRONE: KindParams = KindParams {
    speed_milli: 1_500,
    health_milli: 30_000,
    attack_damage_milli: 2_000,
    attack_rate_milli: 1_000,
    follow_permille: 700,
};

/// Aliens: 2.2 cells/s, 60 health, 5 damage per attack, 1.5 attacks a second, and the
/// field's step at 85% of cell centres (they hunt Genesis more keenly than drones hunt
/// power).
pub const DEFAULT_ALIEN: KindParams = KindParams {
    speed_milli: 2_200,
    health_milli: 60_000,
    attack_damage_milli: 5_000,
    attack_rate_milli: 1_500,
    follow_permille: 850,
};

/// The kind table of [`crate::swarm::Swarm::new`]: row 0 (`AgentKind::DRONE`) the drone,
/// heading for power with [`DEFAULT_DRONE`]; row 1 (`AgentKind::ALIEN`) the alien, heading
/// for heat with [`DEFAULT_ALIEN`].
pub const DEFAULT_KINDS: [KindSpec; 2] = [
    KindSpec {
        name: Cow::Borrowed("drone"),
        goal: Goal::Power,
        params: DEFAULT_DRONE,
    },
    KindSpec {
        name: Cow::Borrowed("alien"),
        goal: Goal::Heat,
        params: DEFAULT_ALIEN,
    },
];
