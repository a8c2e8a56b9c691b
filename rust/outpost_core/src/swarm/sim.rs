//! [`Swarm`]: the drones and aliens of one storey, stepped one fixed tick at a time.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::nav::{DistanceField, Navigator, Reach, sight};
use crate::params::{MAX_AGENTS, MAX_KINDS};
use crate::rng::derive_seed;
use crate::swarm::agent::Agent;
use crate::swarm::fixed::{FixedPos, SUBCELL};
use crate::swarm::hash::StateHasher;
use crate::swarm::kind::{AgentKind, DEFAULT_KINDS, Goal, KindParams, KindSpec, TickParams};
use crate::swarm::save::SwarmState;
use crate::swarm::{AgentView, SwarmError, SwarmEvent};

/// The agents of one storey.
///
/// Every agent has a kind: a row of the swarm's kind table ([`KindSpec`]), whose
/// [`Goal`] decides what it heads for and what its attacks hit, and whose tunables
/// ([`KindParams`]) how. Every agent moves between cell centres at its kind's speed. At
/// each centre it either stops next to a target and attacks it, or picks its next cell:
/// with its kind's follow chance the step down its goal's distance field
/// ([`DistanceField::next_step`]), otherwise a free neighbour drawn uniformly from its
/// own random stream (north, east, south, west order), so a wave spreads through the
/// storey instead of marching in line. The targets of [`Goal::Power`] (drones) are the
/// BEACON cells and the towers, those of [`Goal::Heat`] (aliens) the heat cell
/// (Genesis's); an agent is next to a target when the target is its own cell or one of
/// its four neighbours, and a goal's field has exactly those cells as sources (one
/// field per goal, shared by every kind with that goal). Agents never
/// stand on a WALL, OUT_OF_BOUNDS or tower cell: when a tower lands on an agent's cell
/// (or the cell it is heading for), the agent moves to the free cell it came from or
/// was heading for, else to the nearest free cell.
///
/// The swarm reads towers from the [`Navigator`] it was made with, passed to every call
/// that needs it; a change there is seen by the next such call.
///
/// In retreat ([`Swarm::set_retreat`], once the building is reclaimed) every agent heads
/// for the nearest ENTRY cell down its own field, always taking its step, attacks
/// nothing, and leaves the storey at an ENTRY cell's centre
/// ([`SwarmEvent::AgentLeft`]).
///
/// Deterministic: the same navigator, seed and sequence of calls give the same
/// [`Swarm::state_hash`] on every run and platform (integer state, one seeded stream
/// per agent, agents stepped in id order).
#[derive(Clone, Debug)]
pub struct Swarm {
    width: i32,
    height: i32,
    seed: i64,
    ticks_per_second: u32,
    /// The kind table, and per row its goal and per-tick tunables (the tick loop's copy).
    kinds: Vec<KindSpec>,
    rows: Vec<Row>,
    /// Agents in id order (ids grow, removal keeps the order).
    agents: Vec<Agent>,
    next_id: u32,
    tick: u64,
    heat: Option<Pos>,
    beacons: Bits,
    /// The navigator's free cells and towers as of `seen_revision`.
    free: Bits,
    towers: Bits,
    seen_revision: u64,
    /// Per goal (by value): the cells next to (or on) a target, which are the sources
    /// of the goal's field, the field, and whether it needs rebuilding.
    attack_spots: [Bits; GOALS],
    fields: [DistanceField; GOALS],
    fields_stale: [bool; GOALS],
    /// Damage per target cell this tick (grid order), and the cells touched.
    hits: Vec<i64>,
    hit_cells: Vec<usize>,
    /// Retreat: the ENTRY cells agents leave by, their field, and whether it needs
    /// rebuilding.
    retreat: bool,
    exits: Bits,
    exit_field: DistanceField,
    exit_stale: bool,
}

/// Number of goals: the per-goal arrays' length.
const GOALS: usize = Goal::ALL.len();

/// What the tick loop needs of a kind.
#[derive(Clone, Copy, Debug)]
struct Row {
    goal: Goal,
    tick: TickParams,
}

impl Row {
    fn of(spec: &KindSpec, ticks_per_second: u32) -> Row {
        Row {
            goal: spec.goal,
            tick: spec.params.per_tick(ticks_per_second),
        }
    }
}

impl Swarm {
    /// An empty swarm on `nav`'s storey, stepped `ticks_per_second` times a second,
    /// with the default kind table ([`DEFAULT_KINDS`]: the drone, row 0, and the alien,
    /// row 1).
    ///
    /// # Errors
    ///
    /// [`SwarmError::BadTickRate`] for a rate of 0 or above 1,000.
    pub fn new(nav: &Navigator, seed: i64, ticks_per_second: u32) -> Result<Swarm, SwarmError> {
        Swarm::with_kinds(nav, seed, ticks_per_second, &DEFAULT_KINDS)
    }

    /// An empty swarm as [`Swarm::new`], with `kinds` as its kind table: an agent of
    /// [`AgentKind`] `k` is a `kinds[k]`.
    ///
    /// # Errors
    ///
    /// [`SwarmError::BadTickRate`] for a rate of 0 or above 1,000;
    /// [`SwarmError::KindCount`] for no row or more than [`MAX_KINDS`];
    /// [`SwarmError::BadKind`] for a row with an empty name or the name of an earlier row.
    pub fn with_kinds(
        nav: &Navigator,
        seed: i64,
        ticks_per_second: u32,
        kinds: &[KindSpec],
    ) -> Result<Swarm, SwarmError> {
        if !(1..=1000).contains(&ticks_per_second) {
            return Err(SwarmError::BadTickRate(ticks_per_second));
        }
        check_kinds(kinds)?;
        let (width, height) = (nav.width(), nav.height());
        let mut swarm = Swarm {
            width,
            height,
            seed,
            ticks_per_second,
            kinds: kinds.to_vec(),
            rows: kinds.iter().map(|k| Row::of(k, ticks_per_second)).collect(),
            agents: Vec::new(),
            next_id: 0,
            tick: 0,
            heat: None,
            beacons: Bits::of(nav.grid(), |t| t == CellType::Beacon),
            free: Bits::EMPTY,
            towers: Bits::EMPTY,
            seen_revision: u64::MAX,
            attack_spots: [Bits::EMPTY; GOALS],
            fields: std::array::from_fn(|_| DistanceField::unreachable(width, height)),
            fields_stale: [true; GOALS],
            hits: vec![0; (width * height) as usize],
            hit_cells: Vec::new(),
            retreat: false,
            exits: Bits::of(nav.grid(), |t| t == CellType::Entry),
            exit_field: DistanceField::unreachable(width, height),
            exit_stale: true,
        };
        swarm.sync(nav);
        Ok(swarm)
    }

    /// Ticks stepped so far.
    pub fn ticks(&self) -> u64 {
        self.tick
    }

    /// Ticks per second the speeds and attack rates are converted at.
    pub fn ticks_per_second(&self) -> u32 {
        self.ticks_per_second
    }

    /// Live agents.
    pub fn len(&self) -> usize {
        self.agents.len()
    }

    /// Whether no agent is alive.
    pub fn is_empty(&self) -> bool {
        self.agents.is_empty()
    }

    /// The kind table, in row order.
    pub fn kinds(&self) -> &[KindSpec] {
        &self.kinds
    }

    /// The kind of row `index`, if the table has it.
    pub fn kind(&self, index: usize) -> Option<AgentKind> {
        AgentKind::from_index(index).filter(|k| k.index() < self.kinds.len())
    }

    /// The first kind named `name`.
    pub fn find_kind(&self, name: &str) -> Option<AgentKind> {
        let index = self.kinds.iter().position(|k| k.name == name)?;
        AgentKind::from_index(index)
    }

    /// Replaces the kind table (see [`Swarm::with_kinds`]); only while no agent is alive.
    /// Fields, towers, heat, ticks and ids carry on.
    ///
    /// # Errors
    ///
    /// [`SwarmError::AgentsAlive`] with agents alive, or the errors of
    /// [`Swarm::with_kinds`] for the table; nothing changed.
    pub fn set_kinds(&mut self, kinds: &[KindSpec]) -> Result<(), SwarmError> {
        if !self.agents.is_empty() {
            return Err(SwarmError::AgentsAlive(self.agents.len()));
        }
        check_kinds(kinds)?;
        self.kinds = kinds.to_vec();
        self.rows = kinds
            .iter()
            .map(|k| Row::of(k, self.ticks_per_second))
            .collect();
        Ok(())
    }

    /// The tunables of `kind`, if the table has it.
    pub fn kind_params(&self, kind: AgentKind) -> Option<KindParams> {
        self.kinds.get(kind.index()).map(|k| k.params)
    }

    /// Sets the tunables of `kind`; agents alive keep their health.
    ///
    /// # Errors
    ///
    /// [`SwarmError::UnknownKind`] if the table has no such row; nothing changed.
    pub fn set_kind_params(
        &mut self,
        kind: AgentKind,
        params: KindParams,
    ) -> Result<(), SwarmError> {
        self.known(kind)?;
        let k = kind.index();
        self.kinds[k].params = params;
        self.rows[k] = Row::of(&self.kinds[k], self.ticks_per_second);
        Ok(())
    }

    fn known(&self, kind: AgentKind) -> Result<(), SwarmError> {
        if kind.index() < self.kinds.len() {
            Ok(())
        } else {
            Err(SwarmError::UnknownKind {
                kind,
                count: self.kinds.len(),
            })
        }
    }

    /// The heat cell kinds with [`Goal::Heat`] head for; `None`: no heat, they roam.
    pub fn heat(&self) -> Option<Pos> {
        self.heat
    }

    /// Sets the heat cell (a cell off the grid counts as no heat).
    pub fn set_heat(&mut self, cell: Option<Pos>) {
        let cell = cell.filter(|&p| p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height);
        if cell != self.heat {
            self.heat = cell;
            self.fields_stale[Goal::Heat as usize] = true;
        }
    }

    /// Catches up with the navigator's towers: agents on a cell that became a tower move
    /// off it, and the targets of [`Goal::Power`] include the new towers. Every call that takes the
    /// navigator does this first.
    pub fn sync(&mut self, nav: &Navigator) {
        if nav.revision() == self.seen_revision {
            return;
        }
        debug_assert_eq!((nav.width(), nav.height()), (self.width, self.height));
        self.seen_revision = nav.revision();
        self.free = nav.free();
        self.towers = nav.tower_bits();
        self.fields_stale = [true; GOALS];
        self.exit_stale = true;
        let free = self.free;
        for agent in &mut self.agents {
            if free.contains(agent.from) && free.contains(agent.to) {
                continue;
            }
            let cell = if free.contains(agent.from) {
                Some(agent.from)
            } else if free.contains(agent.to) {
                Some(agent.to)
            } else {
                nearest_free(nav, agent.from)
            };
            if let Some(cell) = cell {
                (agent.from, agent.to, agent.progress) = (cell, cell, 0);
            }
        }
        // Only if a tower sealed an agent in with no free cell left anywhere it could go.
        self.agents.retain(|a| free.contains(a.from));
    }

    /// Spawns an agent of `kind` on `cell`, with its kind's health; returns its id.
    ///
    /// # Errors
    ///
    /// [`SwarmError::UnknownKind`] if the kind table has no such row;
    /// [`SwarmError::NotFree`] if `cell` is off the grid, not walkable, a tower or the
    /// ENTRANCE (the player's door is never an enemy spawn);
    /// [`SwarmError::Full`] with [`MAX_AGENTS`] agents alive.
    pub fn spawn(
        &mut self,
        nav: &Navigator,
        kind: AgentKind,
        cell: Pos,
    ) -> Result<u32, SwarmError> {
        self.known(kind)?;
        self.sync(nav);
        if !nav.is_free(cell) {
            let what = if !nav.grid().in_bounds(cell) {
                "off the grid".to_owned()
            } else if nav.is_tower(cell) {
                "a tower".to_owned()
            } else {
                format!("{} (not walkable)", nav.grid().get(cell).name())
            };
            return Err(SwarmError::NotFree { cell, what });
        }
        if nav.grid().get(cell) == CellType::Entrance {
            return Err(SwarmError::NotFree {
                cell,
                what: "the ENTRANCE (the player's door, never a spawn)".to_owned(),
            });
        }
        if self.agents.len() >= MAX_AGENTS {
            return Err(SwarmError::Full(MAX_AGENTS));
        }
        let id = self.next_id;
        self.next_id += 1;
        let p = self.rows[kind.index()].tick;
        self.agents.push(Agent {
            id,
            kind,
            from: cell,
            to: cell,
            progress: 0,
            health: i64::from(p.health),
            cooldown: p.attack_interval,
            seed: derive_seed(self.seed, u64::from(id)),
            draws: 0,
        });
        Ok(id)
    }

    /// Whether the swarm is in retreat.
    pub fn is_retreating(&self) -> bool {
        self.retreat
    }

    /// Starts (or ends) the retreat: from the next tick every agent heads for the
    /// nearest ENTRY cell, attacks nothing and leaves there.
    pub fn set_retreat(&mut self, on: bool) {
        self.retreat = on;
    }

    /// Steps every agent by one tick, appending what happened to `events`: one
    /// [`SwarmEvent::TargetAttacked`] per target cell hit by kinds with [`Goal::Power`]
    /// (summed, grid order), then one [`SwarmEvent::GenesisAttacked`] if kinds with
    /// [`Goal::Heat`] hit the heat cell (summed).
    /// In retreat, only the agents that left, one [`SwarmEvent::AgentLeft`] each in id
    /// order.
    pub fn tick(&mut self, nav: &Navigator, events: &mut Vec<SwarmEvent>) {
        self.sync(nav);
        if self.retreat {
            self.tick_retreat(nav, events);
            return;
        }
        self.refresh_fields(nav);
        let mut genesis_damage = 0i64;
        let h = self.height as usize;
        let mut agents = std::mem::take(&mut self.agents);
        for agent in &mut agents {
            let row = self.rows[agent.kind.index()];
            let p = row.tick;
            if agent.at_centre()
                && let Some(target) = self.target_next_to(row.goal, agent.from)
            {
                agent.cooldown = agent.cooldown.saturating_sub(1);
                if agent.cooldown == 0 {
                    agent.cooldown = p.attack_interval;
                    match row.goal {
                        Goal::Power => {
                            let i = target.x as usize * h + target.y as usize;
                            if self.hits[i] == 0 {
                                self.hit_cells.push(i);
                            }
                            self.hits[i] += p.attack_damage;
                        }
                        Goal::Heat => genesis_damage += p.attack_damage,
                    }
                }
                continue;
            }
            self.advance(agent, row);
        }
        self.agents = agents;
        self.hit_cells.sort_unstable();
        for &i in &self.hit_cells {
            let cell = Pos::new((i / h) as i32, (i % h) as i32);
            events.push(SwarmEvent::TargetAttacked {
                cell,
                amount_milli: self.hits[i],
            });
            self.hits[i] = 0;
        }
        self.hit_cells.clear();
        if genesis_damage > 0 {
            events.push(SwarmEvent::GenesisAttacked {
                amount_milli: genesis_damage,
            });
        }
        self.tick += 1;
    }

    fn tick_retreat(&mut self, nav: &Navigator, events: &mut Vec<SwarmEvent>) {
        if self.exit_stale {
            nav.fill_field_from(&(self.exits & self.free), &mut self.exit_field);
            self.exit_stale = false;
        }
        let mut agents = std::mem::take(&mut self.agents);
        let mut left = Vec::new();
        for agent in &mut agents {
            let step = self.rows[agent.kind.index()].tick.step;
            if self.walk_out(agent, step) {
                left.push(agent.id);
            }
        }
        agents.retain(|a| {
            let stays = left.binary_search(&a.id).is_err();
            if !stays {
                events.push(SwarmEvent::AgentLeft {
                    id: a.id,
                    kind: a.kind,
                    cell: a.from,
                });
            }
            stays
        });
        self.agents = agents;
        self.tick += 1;
    }

    /// Moves a retreating `agent` `step` units down the exit field; true once it stands
    /// on an ENTRY cell's centre (it leaves).
    fn walk_out(&self, agent: &mut Agent, step: i32) -> bool {
        let mut budget = step;
        loop {
            if agent.at_centre() {
                if self.exits.contains(agent.from) {
                    return true;
                }
                let next = match self.exit_field.next_step(agent.from) {
                    Some(next) if next != agent.from => next,
                    _ => return false,
                };
                (agent.to, agent.progress) = (next, 0);
            }
            if budget <= 0 {
                return false;
            }
            let need = SUBCELL - agent.progress;
            if budget < need {
                agent.progress += budget;
                return false;
            }
            budget -= need;
            (agent.from, agent.progress) = (agent.to, 0);
        }
    }

    /// Moves `agent` its kind's step along its way, choosing a new cell at every centre
    /// it reaches; it stops at a centre next to a target (and winds up its attack).
    fn advance(&self, agent: &mut Agent, row: Row) {
        let p = row.tick;
        let mut budget = p.step;
        while budget > 0 {
            if agent.at_centre() {
                let next = self.choose_next(agent, row);
                if next == agent.from {
                    return;
                }
                (agent.to, agent.progress) = (next, 0);
            }
            let need = SUBCELL - agent.progress;
            if budget < need {
                agent.progress += budget;
                return;
            }
            budget -= need;
            (agent.from, agent.progress) = (agent.to, 0);
            if self.target_next_to(row.goal, agent.from).is_some() {
                agent.cooldown = p.attack_interval;
                return;
            }
        }
    }

    /// The next cell from the centre of `agent.from`: the goal field's step with the
    /// kind's follow chance (where the field reaches), else a free neighbour drawn
    /// uniformly; `agent.from` itself when it has no free neighbour. One draw per decision.
    fn choose_next(&self, agent: &mut Agent, row: Row) -> Pos {
        let bits = agent.draw();
        if (bits & 0xFFFF_FFFF) < row.tick.follow_threshold
            && let Some(step) = self.fields[row.goal as usize].next_step(agent.from)
            && step != agent.from
        {
            return step;
        }
        let mut options = [agent.from; 4];
        let mut n = 0;
        for c in agent.from.neighbours4() {
            if self.free.contains(c) {
                options[n] = c;
                n += 1;
            }
        }
        if n == 0 {
            return agent.from;
        }
        options[(((bits >> 32) * n as u64) >> 32) as usize]
    }

    /// The target of `goal` that `cell` is next to: its own cell, then north, east,
    /// south, west. Power's targets are BEACON and tower cells, heat's the heat cell.
    #[inline]
    fn target_next_to(&self, goal: Goal, cell: Pos) -> Option<Pos> {
        if !self.attack_spots[goal as usize].contains(cell) {
            return None;
        }
        let [n, e, s, w] = cell.neighbours4();
        [cell, n, e, s, w].into_iter().find(|&c| match goal {
            Goal::Power => self.beacons.contains(c) || self.towers.contains(c),
            Goal::Heat => self.heat == Some(c),
        })
    }

    fn refresh_fields(&mut self, nav: &Navigator) {
        for goal in Goal::ALL {
            let g = goal as usize;
            if !self.fields_stale[g] {
                continue;
            }
            let targets = match goal {
                Goal::Power => self.beacons | self.towers,
                Goal::Heat => self.heat.map_or(Bits::EMPTY, Bits::single),
            };
            self.attack_spots[g] = targets.spread4() & self.free;
            nav.fill_field_from(&self.attack_spots[g], &mut self.fields[g]);
            self.fields_stale[g] = false;
        }
    }

    /// Deals `amount_milli` to every agent within `radius` units of `centre` (inclusive);
    /// agents at 0 health are destroyed, each with a [`SwarmEvent::AgentDestroyed`] in id
    /// order. Returns the number destroyed.
    pub fn damage_radius(
        &mut self,
        centre: FixedPos,
        radius: i32,
        amount_milli: i64,
        events: &mut Vec<SwarmEvent>,
    ) -> usize {
        let r2 = i64::from(radius) * i64::from(radius);
        for agent in &mut self.agents {
            if agent.position().distance_squared(centre) <= r2 {
                agent.health -= amount_milli;
            }
        }
        self.remove_dead(events)
    }

    /// Deals `amount_milli` to agent `id`; false if there is no such agent. A destroyed
    /// agent gives a [`SwarmEvent::AgentDestroyed`].
    pub fn damage_agent(
        &mut self,
        id: u32,
        amount_milli: i64,
        events: &mut Vec<SwarmEvent>,
    ) -> bool {
        let Some(i) = self.index_of(id) else {
            return false;
        };
        self.agents[i].health -= amount_milli;
        self.remove_dead(events);
        true
    }

    /// Removes agent `id` without destroying it (no event); false if there is none.
    pub fn remove_agent(&mut self, id: u32) -> bool {
        self.index_of(id).map(|i| self.agents.remove(i)).is_some()
    }

    fn remove_dead(&mut self, events: &mut Vec<SwarmEvent>) -> usize {
        let before = self.agents.len();
        self.agents.retain(|a| {
            let alive = a.health > 0;
            if !alive {
                events.push(SwarmEvent::AgentDestroyed {
                    id: a.id,
                    kind: a.kind,
                    cell: a.cell(),
                });
            }
            alive
        });
        before - self.agents.len()
    }

    fn index_of(&self, id: u32) -> Option<usize> {
        self.agents.binary_search_by_key(&id, |a| a.id).ok()
    }

    /// The ids of the agents within `radius` units of `centre` (inclusive), nearest
    /// first (equal distances by id).
    pub fn agents_in_radius(&self, centre: FixedPos, radius: i32) -> Vec<u32> {
        let r2 = i64::from(radius) * i64::from(radius);
        let mut near: Vec<(i64, u32)> = self
            .agents
            .iter()
            .map(|a| (a.position().distance_squared(centre), a.id))
            .filter(|&(d2, _)| d2 <= r2)
            .collect();
        near.sort_unstable();
        near.into_iter().map(|(_, id)| id).collect()
    }

    /// The agent a tower on `tower` with `reach` aims at: of the agents whose cell it
    /// covers ([`sight::covers`], the same test as the tower-zone advice), the nearest to
    /// the tower's centre, equal distances by id.
    pub fn pick_target(&self, grid: &Grid, tower: Pos, reach: Reach) -> Option<u32> {
        let centre = FixedPos::centre_of(tower);
        self.agents
            .iter()
            .filter(|a| sight::covers(grid, tower, a.cell(), reach))
            .map(|a| (a.position().distance_squared(centre), a.id))
            .min()
            .map(|(_, id)| id)
    }

    /// Agent `id`, if alive.
    pub fn agent(&self, id: u32) -> Option<AgentView> {
        self.index_of(id).map(|i| view(&self.agents[i]))
    }

    /// Every live agent, in id order.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = AgentView> + '_ {
        self.agents.iter().map(view)
    }

    /// A digest of the whole state: the tick, the next id, the seed, the tick rate, the
    /// heat cell, every kind's tunables in table order, the towers seen, every agent's
    /// id, kind (its row), way (from, to, progress), health, cooldown and draw count, and
    /// the retreat when it is on. A kind's name and goal are not hashed (the hashes recorded before kinds
    /// were data stay valid): two tables differing only there hash alike until their
    /// agents move apart. Equal states give equal hashes on every platform.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        h.u64(u64::from(self.next_id));
        h.i64(self.seed);
        h.u64(u64::from(self.ticks_per_second));
        let heat = self.heat.unwrap_or(Pos::new(-1, -1));
        h.i32(heat.x);
        h.i32(heat.y);
        for p in self.kinds.iter().map(|k| k.params) {
            for v in [
                p.speed_milli,
                p.health_milli,
                p.attack_damage_milli,
                p.attack_rate_milli,
                p.follow_permille,
            ] {
                h.u64(u64::from(v));
            }
        }
        for t in self.towers.iter() {
            h.i32(t.x);
            h.i32(t.y);
        }
        h.u64(self.agents.len() as u64);
        for a in &self.agents {
            h.u64(u64::from(a.id));
            h.u64(a.kind.index() as u64);
            for v in [a.from.x, a.from.y, a.to.x, a.to.y, a.progress] {
                h.i32(v);
            }
            h.i64(a.health);
            h.u64(u64::from(a.cooldown));
            h.u64(a.draws);
        }
        if self.retreat {
            // Hashed only when on, so the hashes recorded before the retreat existed hold.
            h.bytes(b"retreat");
        }
        h.finish()
    }
}

impl Swarm {
    /// The whole state as bytes ([`crate::swarm::save`] describes them): with
    /// [`Swarm::load`], the same state, hash and future.
    pub fn save(&self) -> Vec<u8> {
        SwarmState {
            width: self.width,
            height: self.height,
            seed: self.seed,
            ticks_per_second: self.ticks_per_second,
            tick: self.tick,
            next_id: self.next_id,
            heat: self.heat,
            retreat: self.retreat,
            kinds: self.kinds.clone(),
            towers: self.towers.iter().collect(),
            agents: self.agents.clone(),
        }
        .encode()
    }

    /// The swarm [`Swarm::save`] wrote into `bytes`, on `nav`'s storey. It sees the
    /// towers it saw when it was saved; its next call that takes the navigator catches up
    /// with the navigator's towers (restore them first, as they were at the save).
    ///
    /// # Errors
    ///
    /// [`SwarmError::BadSave`] naming the first problem: bytes that are not a saved
    /// swarm, another version, truncated, damaged or edited (the checksum), another
    /// grid, a tower seen off the EMPTY cells, a bad kind table, tick rate or heat cell, or an agent that
    /// cannot be (ids out of order or not below the next id, a kind the table lacks, on
    /// a cell that is not free — a wall, out of bounds, a tower —, between cells that are
    /// not neighbours, no health, a stream that is not its own).
    pub fn load(nav: &Navigator, bytes: &[u8]) -> Result<Swarm, SwarmError> {
        let state = SwarmState::decode(bytes).map_err(SwarmError::BadSave)?;
        Swarm::from_state(nav, state).map_err(SwarmError::BadSave)
    }

    fn from_state(nav: &Navigator, state: SwarmState) -> Result<Swarm, String> {
        if (state.width, state.height) != (nav.width(), nav.height()) {
            return Err(format!(
                "saved for a {} x {} grid; this storey is {} x {}",
                state.width,
                state.height,
                nav.width(),
                nav.height()
            ));
        }
        let mut swarm = Swarm::with_kinds(nav, state.seed, state.ticks_per_second, &state.kinds)
            .map_err(|e| e.to_string())?;
        // The towers as the swarm saw them at its last call (the navigator may have more
        // or fewer since): the next call catches up with the navigator, as the saved
        // swarm's next call would have.
        let mut towers = Bits::EMPTY;
        for &t in &state.towers {
            if !nav.grid().in_bounds(t) || nav.grid().get(t) != CellType::Empty {
                return Err(format!("a tower seen on {t}, which is not an EMPTY cell"));
            }
            towers.insert(t);
        }
        swarm.towers = towers;
        swarm.free = Bits::of(nav.grid(), CellType::is_walkable).minus(&towers);
        swarm.seen_revision = u64::MAX;
        if let Some(heat) = state.heat
            && !nav.grid().in_bounds(heat)
        {
            return Err(format!("the heat cell {heat} is off the grid"));
        }
        if state.agents.len() > MAX_AGENTS {
            return Err(format!(
                "{} agents; a swarm holds at most {MAX_AGENTS}",
                state.agents.len()
            ));
        }
        let mut previous: Option<u32> = None;
        for a in &state.agents {
            check_agent(nav, &swarm.free, &state, a, previous)?;
            previous = Some(a.id);
        }
        swarm.tick = state.tick;
        swarm.next_id = state.next_id;
        swarm.heat = state.heat;
        swarm.retreat = state.retreat;
        swarm.agents = state.agents;
        Ok(swarm)
    }
}

/// Whether saved agent `a` can be: the message names the agent and what is wrong.
fn check_agent(
    nav: &Navigator,
    free: &Bits,
    state: &SwarmState,
    a: &Agent,
    previous: Option<u32>,
) -> Result<(), String> {
    let id = a.id;
    let problem = if previous.is_some_and(|p| p >= id) {
        format!(
            "comes after agent {} (ids must grow)",
            previous.unwrap_or(0)
        )
    } else if id >= state.next_id {
        format!("is not below the next id {}", state.next_id)
    } else if !free.contains(a.from) || !free.contains(a.to) {
        let cell = if free.contains(a.from) { a.to } else { a.from };
        let what = if !nav.grid().in_bounds(cell) {
            "off the grid".to_owned()
        } else if nav.grid().is_walkable(cell) {
            "a tower".to_owned()
        } else {
            nav.grid().get(cell).name().to_owned()
        };
        format!("stands on {cell}, which is {what}, not a free cell")
    } else if a.from != a.to && a.from.manhattan(a.to) != 1 {
        format!(
            "walks from {} to {}, which are not neighbours",
            a.from, a.to
        )
    } else if !(0..SUBCELL).contains(&a.progress) || (a.from == a.to && a.progress != 0) {
        format!("is {} units along its way", a.progress)
    } else if a.health <= 0 {
        format!("has {} health", a.health)
    } else if a.seed != derive_seed(state.seed, u64::from(id)) {
        "has a random stream that is not its own".to_owned()
    } else {
        return Ok(());
    };
    Err(format!("agent {id} {problem}"))
}

/// Checks a kind table as [`Swarm::with_kinds`] does, for a caller that holds one before
/// it has a swarm.
///
/// # Errors
///
/// [`SwarmError::KindCount`] for no row or more than [`MAX_KINDS`];
/// [`SwarmError::BadKind`] for a row with an empty name or the name of an earlier row.
pub fn check_kinds(kinds: &[KindSpec]) -> Result<(), SwarmError> {
    if kinds.is_empty() || kinds.len() > MAX_KINDS {
        return Err(SwarmError::KindCount(kinds.len()));
    }
    for (index, kind) in kinds.iter().enumerate() {
        let problem = if kind.name.is_empty() {
            "its name is empty".to_owned()
        } else if let Some(first) = kinds[..index].iter().position(|k| k.name == kind.name) {
            format!("its name is kind {first}'s too")
        } else {
            continue;
        };
        return Err(SwarmError::BadKind {
            index,
            name: kind.name.to_string(),
            problem,
        });
    }
    Ok(())
}

fn view(a: &Agent) -> AgentView {
    AgentView {
        id: a.id,
        kind: a.kind,
        position: a.position(),
        cell: a.cell(),
        health_milli: a.health,
    }
}

/// The free cell nearest `from` by steps over walkable cells (towers included), the
/// first in grid order among equals.
fn nearest_free(nav: &Navigator, from: Pos) -> Option<Pos> {
    let walkable = Bits::of(nav.grid(), CellType::is_walkable);
    let mut frontier = Bits::single(from) & walkable;
    let mut reached = frontier;
    while !frontier.is_empty() {
        if let Some(p) = frontier.iter().find(|&p| nav.is_free(p)) {
            return Some(p);
        }
        frontier = frontier.spread_within_except(&walkable, &reached);
        reached |= frontier;
    }
    None
}
