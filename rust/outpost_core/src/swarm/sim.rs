//! [`Swarm`]: the drones and aliens of one storey, stepped one fixed tick at a time.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use crate::nav::{DistanceField, Navigator, Reach, sight};
use crate::params::{DEFAULT_ALIEN, DEFAULT_DRONE, MAX_AGENTS};
use crate::rng::derive_seed;
use crate::swarm::agent::Agent;
use crate::swarm::fixed::{FixedPos, SUBCELL};
use crate::swarm::hash::StateHasher;
use crate::swarm::kind::{AgentKind, KindParams, TickParams};
use crate::swarm::{AgentView, SwarmError, SwarmEvent};

/// The agents of one storey.
///
/// Every agent moves between cell centres at its kind's speed. At each centre it either
/// stops next to a target and attacks it, or picks its next cell: with its kind's
/// follow chance the step down its kind's distance field ([`DistanceField::next_step`]),
/// otherwise a free neighbour drawn uniformly from its own random stream (north, east,
/// south, west order), so a wave spreads through the storey instead of marching in
/// line. Drones' targets are the BEACON cells and the towers, aliens' the heat cell
/// (Genesis's); an agent is next to a target when the target is its own cell or one of
/// its four neighbours, and the fields' sources are exactly those cells. Agents never
/// stand on a WALL, OUT_OF_BOUNDS or tower cell: when a tower lands on an agent's cell
/// (or the cell it is heading for), the agent moves to the free cell it came from or
/// was heading for, else to the nearest free cell.
///
/// The swarm reads towers from the [`Navigator`] it was made with, passed to every call
/// that needs it; a change there is seen by the next such call.
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
    params: [KindParams; 2],
    per_tick: [TickParams; 2],
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
    /// Cells next to (or on) a target, per kind: the fields' sources.
    attack_spots: [Bits; 2],
    fields: [DistanceField; 2],
    fields_stale: [bool; 2],
    /// Damage per target cell this tick (grid order), and the cells touched.
    hits: Vec<i64>,
    hit_cells: Vec<usize>,
}

impl Swarm {
    /// An empty swarm on `nav`'s storey, stepped `ticks_per_second` times a second,
    /// with the default kind tunables ([`crate::params::DEFAULT_DRONE`], `DEFAULT_ALIEN`).
    ///
    /// # Errors
    ///
    /// [`SwarmError::BadTickRate`] for a rate of 0 or above 1,000.
    pub fn new(nav: &Navigator, seed: i64, ticks_per_second: u32) -> Result<Swarm, SwarmError> {
        if !(1..=1000).contains(&ticks_per_second) {
            return Err(SwarmError::BadTickRate(ticks_per_second));
        }
        let (width, height) = (nav.width(), nav.height());
        let params = [DEFAULT_DRONE, DEFAULT_ALIEN];
        let mut swarm = Swarm {
            width,
            height,
            seed,
            ticks_per_second,
            params,
            per_tick: params.map(|p| p.per_tick(ticks_per_second)),
            agents: Vec::new(),
            next_id: 0,
            tick: 0,
            heat: None,
            beacons: Bits::of(nav.grid(), |t| t == CellType::Beacon),
            free: Bits::EMPTY,
            towers: Bits::EMPTY,
            seen_revision: u64::MAX,
            attack_spots: [Bits::EMPTY; 2],
            fields: [
                DistanceField::unreachable(width, height),
                DistanceField::unreachable(width, height),
            ],
            fields_stale: [true; 2],
            hits: vec![0; (width * height) as usize],
            hit_cells: Vec::new(),
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

    /// The tunables of `kind`.
    pub fn kind_params(&self, kind: AgentKind) -> KindParams {
        self.params[kind as usize]
    }

    /// Sets the tunables of `kind`; agents alive keep their health.
    pub fn set_kind_params(&mut self, kind: AgentKind, params: KindParams) {
        self.params[kind as usize] = params;
        self.per_tick[kind as usize] = params.per_tick(self.ticks_per_second);
    }

    /// The heat cell aliens head for; `None`: no heat, aliens roam.
    pub fn heat(&self) -> Option<Pos> {
        self.heat
    }

    /// Sets the heat cell (a cell off the grid counts as no heat).
    pub fn set_heat(&mut self, cell: Option<Pos>) {
        let cell = cell.filter(|&p| p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height);
        if cell != self.heat {
            self.heat = cell;
            self.fields_stale[AgentKind::Alien as usize] = true;
        }
    }

    /// Catches up with the navigator's towers: agents on a cell that became a tower move
    /// off it, and drones' targets include the new towers. Every call that takes the
    /// navigator does this first.
    pub fn sync(&mut self, nav: &Navigator) {
        if nav.revision() == self.seen_revision {
            return;
        }
        debug_assert_eq!((nav.width(), nav.height()), (self.width, self.height));
        self.seen_revision = nav.revision();
        self.free = nav.free();
        self.towers = nav.tower_bits();
        self.fields_stale = [true; 2];
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
    /// [`SwarmError::NotFree`] if `cell` is off the grid, not walkable or a tower;
    /// [`SwarmError::Full`] with [`MAX_AGENTS`] agents alive.
    pub fn spawn(
        &mut self,
        nav: &Navigator,
        kind: AgentKind,
        cell: Pos,
    ) -> Result<u32, SwarmError> {
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
        if self.agents.len() >= MAX_AGENTS {
            return Err(SwarmError::Full(MAX_AGENTS));
        }
        let id = self.next_id;
        self.next_id += 1;
        let p = self.per_tick[kind as usize];
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

    /// Steps every agent by one tick, appending what happened to `events`: one
    /// [`SwarmEvent::TargetAttacked`] per target cell hit (summed, grid order), then one
    /// [`SwarmEvent::GenesisAttacked`] if aliens hit the heat cell.
    pub fn tick(&mut self, nav: &Navigator, events: &mut Vec<SwarmEvent>) {
        self.sync(nav);
        self.refresh_fields(nav);
        let mut genesis_damage = 0i64;
        let h = self.height as usize;
        let mut agents = std::mem::take(&mut self.agents);
        for agent in &mut agents {
            let k = agent.kind as usize;
            let p = self.per_tick[k];
            if agent.at_centre()
                && let Some(target) = self.target_next_to(agent.kind, agent.from)
            {
                agent.cooldown = agent.cooldown.saturating_sub(1);
                if agent.cooldown == 0 {
                    agent.cooldown = p.attack_interval;
                    match agent.kind {
                        AgentKind::Drone => {
                            let i = target.x as usize * h + target.y as usize;
                            if self.hits[i] == 0 {
                                self.hit_cells.push(i);
                            }
                            self.hits[i] += p.attack_damage;
                        }
                        AgentKind::Alien => genesis_damage += p.attack_damage,
                    }
                }
                continue;
            }
            self.advance(agent, p);
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

    /// Moves `agent` `p.step` units along its way, choosing a new cell at every centre
    /// it reaches; it stops at a centre next to a target (and winds up its attack).
    fn advance(&self, agent: &mut Agent, p: TickParams) {
        let mut budget = p.step;
        while budget > 0 {
            if agent.at_centre() {
                let next = self.choose_next(agent, p);
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
            if self.target_next_to(agent.kind, agent.from).is_some() {
                agent.cooldown = p.attack_interval;
                return;
            }
        }
    }

    /// The next cell from the centre of `agent.from`: the field's step with the kind's
    /// follow chance (where the field reaches), else a free neighbour drawn uniformly;
    /// `agent.from` itself when it has no free neighbour. One draw per decision.
    fn choose_next(&self, agent: &mut Agent, p: TickParams) -> Pos {
        let bits = agent.draw();
        if (bits & 0xFFFF_FFFF) < p.follow_threshold
            && let Some(step) = self.fields[agent.kind as usize].next_step(agent.from)
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

    /// The target `cell` is next to, for `kind`: its own cell, then north, east, south,
    /// west. Drones' targets are BEACON and tower cells, aliens' the heat cell.
    #[inline]
    fn target_next_to(&self, kind: AgentKind, cell: Pos) -> Option<Pos> {
        if !self.attack_spots[kind as usize].contains(cell) {
            return None;
        }
        let [n, e, s, w] = cell.neighbours4();
        [cell, n, e, s, w].into_iter().find(|&c| match kind {
            AgentKind::Drone => self.beacons.contains(c) || self.towers.contains(c),
            AgentKind::Alien => self.heat == Some(c),
        })
    }

    fn refresh_fields(&mut self, nav: &Navigator) {
        for kind in AgentKind::ALL {
            let k = kind as usize;
            if !self.fields_stale[k] {
                continue;
            }
            let targets = match kind {
                AgentKind::Drone => self.beacons | self.towers,
                AgentKind::Alien => self.heat.map_or(Bits::EMPTY, Bits::single),
            };
            self.attack_spots[k] = targets.spread4() & self.free;
            nav.fill_field_from(&self.attack_spots[k], &mut self.fields[k]);
            self.fields_stale[k] = false;
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

    /// A digest of the whole state: tick, ids, heat, tunables, towers seen and every
    /// agent's fields. Equal states give equal hashes on every platform.
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        h.u64(u64::from(self.next_id));
        h.i64(self.seed);
        h.u64(u64::from(self.ticks_per_second));
        let heat = self.heat.unwrap_or(Pos::new(-1, -1));
        h.i32(heat.x);
        h.i32(heat.y);
        for p in &self.params {
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
            h.u64(a.kind as u64);
            for v in [a.from.x, a.from.y, a.to.x, a.to.y, a.progress] {
                h.i32(v);
            }
            h.i64(a.health);
            h.u64(u64::from(a.cooldown));
            h.u64(a.draws);
        }
        h.finish()
    }
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
