//! A scripted swarm scenario on a generated storey: the replay that `outpost simulate`
//! times and that the golden hashes in the tests pin down.
//!
//! The script, a pure function of the tick number and the state:
//! - at the start, `drones` drones then `aliens` aliens spawn round-robin on the ENTRY
//!   cells (agent `i` on `entry_cells[i % entries]`);
//! - the heat cell walks the first enemy path from the primary beacon to the first entry
//!   and back, one cell every [`HEAT_TICKS_PER_CELL`] ticks;
//! - every [`TOWER_PERIOD`] ticks (from tick `TOWER_PERIOD / 2`) a tower goes on the legal
//!   cell nearest the primary beacon (Manhattan distance, then grid order), up to
//!   [`MAX_TOWERS`]; every `4 * TOWER_PERIOD` ticks the oldest tower is removed again;
//! - every [`BLAST_PERIOD`] ticks each tower blasts the agents within
//!   [`BLAST_RADIUS_CELLS`] of it for [`BLAST_DAMAGE`] points, and the oldest agent takes
//!   an aimed shot of [`SHOT_DAMAGE`] points.

use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::nav::Navigator;
use crate::swarm::fixed::{FixedPos, MILLI, SUBCELL};
use crate::swarm::{AgentKind, Swarm, SwarmEvent};
use crate::{StoreyRequest, StoreyType, generate};

/// Ticks per second of the scenario.
pub const TICKS_PER_SECOND: u32 = 60;
/// Ticks the heat cell stays on each cell of its route.
pub const HEAT_TICKS_PER_CELL: u64 = 15;
/// Ticks between two tower placements.
pub const TOWER_PERIOD: u64 = 120;
/// Most towers standing at once.
pub const MAX_TOWERS: usize = 6;
/// Ticks between two blasts.
pub const BLAST_PERIOD: u64 = 30;
/// Blast radius, in cells.
pub const BLAST_RADIUS_CELLS: i32 = 2;
/// Blast damage, in points.
pub const BLAST_DAMAGE: i64 = 4;
/// Aimed-shot damage, in points.
pub const SHOT_DAMAGE: i64 = 10;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Seed of the storey, and of the swarm.
    pub seed: i64,
    /// Storey depth.
    pub depth: i64,
    /// Outpost level.
    pub level: i64,
    /// Storey type.
    pub storey_type: StoreyType,
    /// Drones spawned at the start.
    pub drones: u32,
    /// Aliens spawned at the start.
    pub aliens: u32,
}

/// A scenario being run.
pub struct ScenarioRun {
    layout: StoreyLayout,
    nav: Navigator,
    swarm: Swarm,
    route: Vec<Pos>,
    towers: Vec<Pos>,
    events: Vec<SwarmEvent>,
}

impl ScenarioRun {
    /// The storey generated and the agents spawned, before the first tick.
    ///
    /// # Errors
    ///
    /// The generator's or the swarm's message (a bad storey request, too many agents).
    pub fn new(scenario: &Scenario) -> Result<ScenarioRun, String> {
        let request = StoreyRequest::new(
            scenario.seed,
            scenario.depth,
            scenario.level,
            scenario.storey_type,
        );
        let layout = generate(&request).map_err(|e| e.to_string())?;
        let nav = Navigator::new(&layout).map_err(|e| e.to_string())?;
        let mut swarm =
            Swarm::new(&nav, scenario.seed, TICKS_PER_SECOND).map_err(|e| e.to_string())?;
        let kinds = std::iter::repeat_n(AgentKind::DRONE, scenario.drones as usize).chain(
            std::iter::repeat_n(AgentKind::ALIEN, scenario.aliens as usize),
        );
        for (i, kind) in kinds.enumerate() {
            let entry = layout.entry_cells[i % layout.entry_cells.len()];
            swarm.spawn(&nav, kind, entry).map_err(|e| e.to_string())?;
        }
        let mut route: Vec<Pos> = layout.enemy_path.iter().rev().copied().collect();
        let back: Vec<Pos> = route.iter().rev().skip(1).copied().collect();
        route.extend(back.into_iter().take(route.len().saturating_sub(2)));
        Ok(ScenarioRun {
            layout,
            nav,
            swarm,
            route,
            towers: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Runs one tick of the script.
    pub fn step(&mut self) {
        let t = self.swarm.ticks();
        if !self.route.is_empty() {
            let at = (t / HEAT_TICKS_PER_CELL) as usize % self.route.len();
            self.swarm.set_heat(Some(self.route[at]));
        }
        if t % TOWER_PERIOD == TOWER_PERIOD / 2 && self.towers.len() < MAX_TOWERS {
            let beacon = self.layout.primary_beacon;
            if let Some(cell) = self
                .nav
                .legal_cells()
                .into_iter()
                .min_by_key(|&p| p.manhattan(beacon))
                && self.nav.place_tower(cell).is_ok()
            {
                self.towers.push(cell);
            }
        }
        if t % (4 * TOWER_PERIOD) == 4 * TOWER_PERIOD - 1 && !self.towers.is_empty() {
            let oldest = self.towers.remove(0);
            self.nav.remove_tower(oldest);
        }
        self.swarm.tick(&self.nav, &mut self.events);
        if t.is_multiple_of(BLAST_PERIOD) {
            for &tower in &self.towers {
                self.swarm.damage_radius(
                    FixedPos::centre_of(tower),
                    BLAST_RADIUS_CELLS * SUBCELL,
                    BLAST_DAMAGE * MILLI,
                    &mut self.events,
                );
            }
            let oldest = self.swarm.agents().next().map(|a| a.id);
            if let Some(id) = oldest {
                self.swarm
                    .damage_agent(id, SHOT_DAMAGE * MILLI, &mut self.events);
            }
        }
        self.events.clear();
    }

    /// The swarm.
    pub fn swarm(&self) -> &Swarm {
        &self.swarm
    }

    /// The navigator (with the towers standing).
    pub fn navigator(&self) -> &Navigator {
        &self.nav
    }

    /// The storey.
    pub fn layout(&self) -> &StoreyLayout {
        &self.layout
    }

    /// [`Swarm::state_hash`].
    pub fn state_hash(&self) -> u64 {
        self.swarm.state_hash()
    }
}
