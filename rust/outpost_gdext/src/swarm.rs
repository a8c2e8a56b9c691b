//! `StoreySwarm`: the drones and aliens of one storey as a Godot node, delegating the
//! simulation to `outpost_core::swarm` and drawing it with one MultiMesh per kind.

use godot::classes::base_material_3d::ShadingMode;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    Engine, INode3D, Mesh, MultiMesh, MultiMeshInstance3D, Node3D, SphereMesh, StandardMaterial3D,
};
use godot::prelude::*;
use outpost_core::params::{DEFAULT_DRONE, MAX_AGENTS};
use outpost_core::swarm::fixed::{self, FixedPos};
use outpost_core::swarm::{AgentKind, KindParams, Swarm, SwarmEvent};

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use crate::navigator::StoreyNavigator;

/// The agents of one storey: drones drift towards power (BEACON cells and towers),
/// aliens towards heat (`set_heat_cell`, Genesis's cell), both roaming as they go.
/// Stepped once per physics tick in `_physics_process`, which also writes the draw
/// buffers: one `MultiMeshInstance3D` per kind, filled by a single buffer write.
///
/// Positions are in this node's local frame: cell (x, y) spans x..x+1 on X and y..y+1
/// on Z (`StoreyLayout.cell_center`); Y is ignored on input and set to the kind's
/// draw height on output. Amounts (health, damage) are floats at this boundary and
/// milli-points inside, so the simulation is integers only and `state_hash()` is the
/// same on every machine for the same seed and calls.
///
/// Signals are emitted once the swarm's state is consistent, so a handler may call back
/// into the swarm (`damage_radius` from `agent_destroyed`, say).
#[derive(GodotClass)]
#[class(init, base = Node3D)]
pub struct StoreySwarm {
    /// Drawn at every drone (null: an orange sphere 0.44 m across).
    #[export]
    drone_mesh: Option<Gd<Mesh>>,
    /// Drawn at every alien (null: a green sphere 0.6 m across).
    #[export]
    alien_mesh: Option<Gd<Mesh>>,
    /// Height of the drones' centres above the floor, in metres.
    #[export]
    #[init(val = 1.1)]
    drone_height: f32,
    /// Height of the aliens' centres above the floor, in metres.
    #[export]
    #[init(val = 0.35)]
    alien_height: f32,
    /// Whether `_physics_process` steps the simulation (drawing follows either way).
    #[export]
    #[init(val = true)]
    running: bool,
    core: Option<Swarm>,
    navigator: Option<Gd<StoreyNavigator>>,
    draw: [Option<KindDraw>; 2],
    /// The agents changed since the buffers were last written.
    draw_stale: bool,
    base: Base<Node3D>,
}

/// One kind's MultiMesh and the buffer written into it.
struct KindDraw {
    multimesh: Gd<MultiMesh>,
    /// `instance_count` (a power of two, at least [`MIN_CAPACITY`]).
    capacity: usize,
    buffer: PackedFloat32Array,
}

/// Fewest instances a kind's MultiMesh holds.
const MIN_CAPACITY: usize = 16;
/// Floats per instance in a `TRANSFORM_3D` buffer.
const FLOATS: usize = 12;
/// Fastest speed `set_kind_params` takes, in cells per second (an agent moves at most a
/// cell per tick).
const MAX_SPEED: f64 = 60.0;

#[godot_api]
impl INode3D for StoreySwarm {
    fn physics_process(&mut self, _delta: f64) {
        if self.running && self.core.is_some() {
            self.step();
        } else if self.draw_stale {
            self.write_buffers();
        }
    }
}

#[godot_api]
impl StoreySwarm {
    /// Kind value of a drone.
    #[constant]
    const KIND_DRONE: i64 = AgentKind::DRONE.index() as i64;
    /// Kind value of an alien.
    #[constant]
    const KIND_ALIEN: i64 = AgentKind::ALIEN.index() as i64;
    /// Most live agents a swarm holds.
    #[constant]
    const MAX_AGENTS: i64 = MAX_AGENTS as i64;

    /// Drones hit the BEACON or tower on `cell` for `amount` this tick (one signal per
    /// target per tick, summed over the drones).
    #[signal]
    fn target_attacked(cell: Vector2i, amount: f64);
    /// Aliens hit Genesis (the heat cell) for `amount` this tick, summed.
    #[signal]
    fn genesis_attacked(amount: f64);
    /// Agent `id` of `kind` (`KIND_DRONE`, `KIND_ALIEN`) reached 0 health on `cell` and is
    /// gone.
    #[signal]
    fn agent_destroyed(id: i64, kind: i64, cell: Vector2i);

    /// Starts an empty swarm on `layout`'s storey, with its own navigator, stepped at the
    /// physics tick rate in game time (ticks per second over `Engine.time_scale`); `seed`
    /// seeds every agent's stream. Replaces any
    /// previous agents and navigator. False (after `push_error`, nothing changed) for a
    /// null or malformed layout.
    #[func]
    pub fn setup(&mut self, layout: Option<Gd<StoreyLayout>>, seed: i64) -> bool {
        guarded(
            "StoreySwarm.setup",
            || false,
            || {
                let Some(navigator) = StoreyNavigator::create(layout) else {
                    godot_error!("StoreySwarm.setup: no navigator for this layout (see above)");
                    return false;
                };
                // Ticks per second of game time: physics ticks per real second over the
                // time scale (physics run faster with a matching time scale keeps 1/60 s
                // of game time per tick).
                let engine = Engine::singleton();
                let scale = engine.get_time_scale().max(1e-3);
                let tps = (f64::from(engine.get_physics_ticks_per_second()) / scale).round();
                let swarm = Swarm::new(&navigator.bind().nav, seed, tps.clamp(1.0, 1000.0) as u32);
                match swarm {
                    Ok(swarm) => {
                        self.core = Some(swarm);
                        self.navigator = Some(navigator);
                        self.draw_stale = true;
                        self.write_buffers();
                        true
                    }
                    Err(e) => {
                        godot_error!("StoreySwarm.setup: {e}");
                        false
                    }
                }
            },
        )
    }

    /// The swarm's navigator: towers placed on it block its agents and draw its drones
    /// from the next call on. Null before `setup`.
    #[func]
    pub fn get_navigator(&self) -> Option<Gd<StoreyNavigator>> {
        self.navigator.clone()
    }

    /// Spawns a drone on `cell`; its id, or -1 (after `push_error`) before `setup`, on a
    /// cell that is not walkable, on a tower, or with `MAX_AGENTS` alive.
    #[func]
    pub fn spawn_drone(&mut self, cell: Vector2i) -> i64 {
        self.spawn("spawn_drone", AgentKind::DRONE, cell)
    }

    /// Spawns an alien on `cell`; see `spawn_drone`.
    #[func]
    pub fn spawn_alien(&mut self, cell: Vector2i) -> i64 {
        self.spawn("spawn_alien", AgentKind::ALIEN, cell)
    }

    /// Sets the heat cell aliens head for (Genesis's cell); (-1, -1), or any cell off the
    /// grid, means no heat: aliens roam.
    #[func]
    pub fn set_heat_cell(&mut self, cell: Vector2i) {
        if let Some(core) = self.core.as_mut() {
            core.set_heat(Some(convert::pos(cell)));
        }
    }

    /// The heat cell; (-1, -1) when there is none.
    #[func]
    pub fn get_heat_cell(&self) -> Vector2i {
        self.core
            .as_ref()
            .and_then(Swarm::heat)
            .map_or(Vector2i::new(-1, -1), convert::vec2i)
    }

    /// Steps the simulation by one tick now (what `_physics_process` does while
    /// `running`), writes the draw buffers and emits the tick's signals.
    #[func]
    pub fn step(&mut self) {
        let events = guarded("StoreySwarm.step", Vec::new, || {
            let mut events = Vec::new();
            if let (Some(core), Some(nav)) = (self.core.as_mut(), self.navigator.as_ref()) {
                core.tick(&nav.bind().nav, &mut events);
                self.draw_stale = true;
            }
            self.write_buffers();
            events
        });
        self.emit(&events);
    }

    /// Deals `amount` to every agent within `radius` of `center` (local frame, X and Z;
    /// Y ignored), inclusive; returns how many were destroyed (each with
    /// `agent_destroyed`). -1 (after `push_error`, nothing changed) for a negative or
    /// non-finite radius or amount, or before `setup`.
    #[func]
    pub fn damage_radius(&mut self, center: Vector3, radius: f64, amount: f64) -> i64 {
        let (destroyed, events) = guarded(
            "StoreySwarm.damage_radius",
            || (-1, Vec::new()),
            || {
                let (Some(at), Some(r), Some(milli)) = (
                    FixedPos::from_cells(f64::from(center.x), f64::from(center.z)),
                    fixed::length_units(radius),
                    fixed::amount_milli(amount),
                ) else {
                    godot_error!(
                        "StoreySwarm.damage_radius: center {center}, radius {radius} and amount {amount} must be finite, and radius and amount at least 0"
                    );
                    return (-1, Vec::new());
                };
                let Some(core) = self.core_or_error("damage_radius") else {
                    return (-1, Vec::new());
                };
                let mut events = Vec::new();
                let destroyed = core.damage_radius(at, r, milli, &mut events);
                self.draw_stale |= destroyed > 0;
                (destroyed as i64, events)
            },
        );
        self.emit(&events);
        destroyed
    }

    /// Deals `amount` to agent `id` (a tower's aimed shot); true if it was alive. False
    /// (after `push_error`) for a negative or non-finite amount or before `setup`.
    #[func]
    pub fn damage_agent(&mut self, id: i64, amount: f64) -> bool {
        let (hit, events) = guarded(
            "StoreySwarm.damage_agent",
            || (false, Vec::new()),
            || {
                let Some(milli) = fixed::amount_milli(amount) else {
                    godot_error!(
                        "StoreySwarm.damage_agent: amount {amount} must be finite and at least 0"
                    );
                    return (false, Vec::new());
                };
                let Some(core) = self.core_or_error("damage_agent") else {
                    return (false, Vec::new());
                };
                let mut events = Vec::new();
                let hit =
                    u32::try_from(id).is_ok_and(|id| core.damage_agent(id, milli, &mut events));
                self.draw_stale |= !events.is_empty();
                (hit, events)
            },
        );
        self.emit(&events);
        hit
    }

    /// Removes agent `id` without destroying it (no signal); false if there is none.
    #[func]
    pub fn remove_agent(&mut self, id: i64) -> bool {
        let removed = self
            .core
            .as_mut()
            .is_some_and(|core| u32::try_from(id).is_ok_and(|id| core.remove_agent(id)));
        self.draw_stale |= removed;
        removed
    }

    /// The ids of the agents within `radius` of `center` (local frame, X and Z),
    /// nearest first, equal distances by id. Empty (after `push_error`) for a negative or
    /// non-finite radius.
    #[func]
    pub fn get_agents_in_radius(&self, center: Vector3, radius: f64) -> PackedInt32Array {
        let (Some(at), Some(r)) = (
            FixedPos::from_cells(f64::from(center.x), f64::from(center.z)),
            fixed::length_units(radius),
        ) else {
            godot_error!(
                "StoreySwarm.get_agents_in_radius: center {center} and radius {radius} must be finite, and radius at least 0"
            );
            return PackedInt32Array::new();
        };
        self.core
            .as_ref()
            .map_or_else(PackedInt32Array::new, |core| {
                core.agents_in_radius(at, r)
                    .into_iter()
                    .map(|id| id as i32)
                    .collect()
            })
    }

    /// The agent a tower on `tower` aims at: of the agents on cells it covers
    /// (`StoreyNavigator.tower_covers` with `range` and `needs_line_of_sight`), the nearest
    /// to the tower's centre, equal distances by id; -1 if none, or (after `push_error`)
    /// for a bad range or before `setup`.
    #[func]
    pub fn pick_target(&self, tower: Vector2i, range: f64, needs_line_of_sight: bool) -> i64 {
        let reach = match crate::navigator::reach(range, needs_line_of_sight) {
            Ok(r) => r,
            Err(e) => {
                godot_error!("StoreySwarm.pick_target: {e}");
                return -1;
            }
        };
        let (Some(core), Some(nav)) = (self.core.as_ref(), self.navigator.as_ref()) else {
            godot_error!("StoreySwarm.pick_target: call setup(layout, seed) first");
            return -1;
        };
        core.pick_target(nav.bind().nav.grid(), convert::pos(tower), reach)
            .map_or(-1, i64::from)
    }

    /// Where agent `id` is (local frame, at its kind's draw height); (0, 0, 0) after
    /// `push_error` if there is no such agent.
    #[func]
    pub fn get_agent_position(&self, id: i64) -> Vector3 {
        match self.agent("get_agent_position", id) {
            Some(a) => self.local_position(a.kind, a.position),
            None => Vector3::ZERO,
        }
    }

    /// The cell agent `id` stands on; (-1, -1) after `push_error` if there is none.
    #[func]
    pub fn get_agent_cell(&self, id: i64) -> Vector2i {
        self.agent("get_agent_cell", id)
            .map_or(Vector2i::new(-1, -1), |a| convert::vec2i(a.cell))
    }

    /// Agent `id`'s kind (`KIND_DRONE`, `KIND_ALIEN`); -1 if there is no such agent.
    #[func]
    pub fn get_agent_kind(&self, id: i64) -> i64 {
        self.find(id).map_or(-1, |a| a.kind.index() as i64)
    }

    /// Agent `id`'s health; 0 if there is no such agent.
    #[func]
    pub fn get_agent_health(&self, id: i64) -> f64 {
        self.find(id)
            .map_or(0.0, |a| fixed::milli_to_points(a.health_milli))
    }

    /// Whether agent `id` is alive.
    #[func]
    pub fn has_agent(&self, id: i64) -> bool {
        self.find(id).is_some()
    }

    /// Live agents.
    #[func]
    pub fn get_agent_count(&self) -> i64 {
        self.core.as_ref().map_or(0, |c| c.len() as i64)
    }

    /// Live agents of `kind`.
    #[func]
    pub fn get_kind_count(&self, kind: i64) -> i64 {
        let kind = kind_of(kind);
        self.core.as_ref().map_or(0, |c| {
            c.agents().filter(|a| Some(a.kind) == kind).count() as i64
        })
    }

    /// The live agents' ids, in id order (the order of `get_agent_cells`).
    #[func]
    pub fn get_agent_ids(&self) -> PackedInt32Array {
        self.core.as_ref().map_or_else(PackedInt32Array::new, |c| {
            c.agents().map(|a| a.id as i32).collect()
        })
    }

    /// The cell each live agent stands on, in id order.
    #[func]
    pub fn get_agent_cells(&self) -> Array<Vector2i> {
        self.core.as_ref().map_or_else(Array::new, |c| {
            let cells: Vec<Vector2i> = c.agents().map(|a| convert::vec2i(a.cell)).collect();
            Array::from(cells.as_slice())
        })
    }

    /// Sets tunables of `kind` from `params`: any of `speed` (cells per second),
    /// `health` (new agents' health), `attack_damage` (per attack), `attack_rate`
    /// (attacks per second) and `follow` (chance, 0..1, of taking the field's step at a
    /// cell centre). False (after `push_error`, nothing changed) for an unknown kind, an
    /// unknown key, a value that is not a number, negative or out of range.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn set_kind_params(&mut self, kind: i64, params: VarDictionary) -> bool {
        guarded(
            "StoreySwarm.set_kind_params",
            || false,
            || {
                let Some(k) = kind_of(kind) else {
                    godot_error!(
                        "StoreySwarm.set_kind_params: kind {kind} is not KIND_DRONE (0) or KIND_ALIEN (1)"
                    );
                    return false;
                };
                let Some(core) = self.core_or_error("set_kind_params") else {
                    return false;
                };
                match kind_params(core.kind_params(k).unwrap_or(DEFAULT_DRONE), &params) {
                    Ok(p) => core.set_kind_params(k, p).is_ok(),
                    Err(e) => {
                        godot_error!("StoreySwarm.set_kind_params: {e}");
                        false
                    }
                }
            },
        )
    }

    /// The tunables of `kind` (the keys `set_kind_params` takes); empty for an unknown
    /// kind or before `setup`.
    #[func]
    pub fn get_kind_params(&self, kind: i64) -> VarDictionary {
        let mut d = VarDictionary::new();
        if let Some(p) = kind_of(kind).and_then(|k| self.core.as_ref()?.kind_params(k)) {
            let per = |v: u32| f64::from(v) / 1000.0;
            d.set("speed", per(p.speed_milli));
            d.set("health", per(p.health_milli));
            d.set("attack_damage", per(p.attack_damage_milli));
            d.set("attack_rate", per(p.attack_rate_milli));
            d.set("follow", per(p.follow_permille));
        }
        d
    }

    /// A digest of the simulation state (as a 64-bit int): equal for two swarms set up
    /// with the same layout and seed that received the same calls.
    #[func]
    pub fn state_hash(&self) -> i64 {
        self.core.as_ref().map_or(0, |c| c.state_hash() as i64)
    }

    /// Ticks stepped since `setup`.
    #[func]
    pub fn get_tick(&self) -> i64 {
        self.core.as_ref().map_or(0, |c| c.ticks() as i64)
    }

    /// The MultiMesh drawing `kind` (null before `setup`), for tests and tools.
    #[func]
    pub fn get_multimesh(&self, kind: i64) -> Option<Gd<MultiMesh>> {
        let k = kind_of(kind)?.index();
        self.draw[k].as_ref().map(|d| d.multimesh.clone())
    }
}

impl StoreySwarm {
    fn spawn(&mut self, method: &str, kind: AgentKind, cell: Vector2i) -> i64 {
        guarded(
            &format!("StoreySwarm.{method}"),
            || -1,
            || {
                let (Some(core), Some(nav)) = (self.core.as_mut(), self.navigator.as_ref()) else {
                    godot_error!("StoreySwarm.{method}: call setup(layout, seed) first");
                    return -1;
                };
                match core.spawn(&nav.bind().nav, kind, convert::pos(cell)) {
                    Ok(id) => {
                        self.draw_stale = true;
                        i64::from(id)
                    }
                    Err(e) => {
                        godot_error!("StoreySwarm.{method}: {e}");
                        -1
                    }
                }
            },
        )
    }

    fn core_or_error(&mut self, method: &str) -> Option<&mut Swarm> {
        if self.core.is_none() {
            godot_error!("StoreySwarm.{method}: call setup(layout, seed) first");
        }
        self.core.as_mut()
    }

    fn find(&self, id: i64) -> Option<outpost_core::swarm::AgentView> {
        let id = u32::try_from(id).ok()?;
        self.core.as_ref()?.agent(id)
    }

    fn agent(&self, method: &str, id: i64) -> Option<outpost_core::swarm::AgentView> {
        let found = self.find(id);
        if found.is_none() {
            godot_error!("StoreySwarm.{method}: no agent {id}");
        }
        found
    }

    fn local_position(&self, kind: AgentKind, p: FixedPos) -> Vector3 {
        let [x, z] = p.to_cells();
        let y = if kind == AgentKind::DRONE {
            self.drone_height
        } else {
            self.alien_height
        };
        Vector3::new(x as f32, y, z as f32)
    }

    /// Emits the signals of `events`, in order, with no borrow of the swarm's state held
    /// (handlers may call back in).
    fn emit(&mut self, events: &[SwarmEvent]) {
        for e in events {
            match *e {
                SwarmEvent::TargetAttacked { cell, amount_milli } => self
                    .signals()
                    .target_attacked()
                    .emit(convert::vec2i(cell), fixed::milli_to_points(amount_milli)),
                SwarmEvent::GenesisAttacked { amount_milli } => self
                    .signals()
                    .genesis_attacked()
                    .emit(fixed::milli_to_points(amount_milli)),
                SwarmEvent::AgentDestroyed { id, kind, cell } => self
                    .signals()
                    .agent_destroyed()
                    .emit(i64::from(id), kind.index() as i64, convert::vec2i(cell)),
            }
        }
    }

    /// Writes every kind's instances into its MultiMesh: one buffer write per kind,
    /// `visible_instance_count` = the live count, capacity grown in powers of two.
    fn write_buffers(&mut self) {
        if !self.draw_stale {
            return;
        }
        self.draw_stale = false;
        let Some(core) = self.core.as_ref() else {
            return;
        };
        let mut counts = [0usize; 2];
        for a in core.agents() {
            counts[a.kind.index()] += 1;
        }
        // (`grow` needs the whole node: the core is borrowed again below.)
        for kind in [AgentKind::DRONE, AgentKind::ALIEN] {
            let k = kind.index();
            let needed = counts[k].max(MIN_CAPACITY).next_power_of_two();
            let grow = self.draw[k].as_ref().is_none_or(|d| d.capacity < needed);
            if grow {
                self.grow(kind, needed);
            }
        }
        let heights = [self.drone_height, self.alien_height];
        let mut written = [0usize; 2];
        {
            let Some(core) = self.core.as_ref() else {
                return;
            };
            let [drones, aliens] = &mut self.draw;
            let (Some(drones), Some(aliens)) = (drones.as_mut(), aliens.as_mut()) else {
                return;
            };
            let slices = [drones.buffer.as_mut_slice(), aliens.buffer.as_mut_slice()];
            for a in core.agents() {
                let k = a.kind.index();
                let [x, z] = a.position.to_cells();
                let at = written[k] * FLOATS;
                slices[k][at..at + FLOATS].copy_from_slice(&[
                    1.0, 0.0, 0.0, x as f32, 0.0, 1.0, 0.0, heights[k], 0.0, 0.0, 1.0, z as f32,
                ]);
                written[k] += 1;
            }
        }
        for (draw, count) in self.draw.iter_mut().zip(written) {
            if let Some(draw) = draw {
                draw.multimesh.set_buffer(&draw.buffer);
                draw.multimesh.set_visible_instance_count(count as i32);
            }
        }
    }

    /// Makes (or enlarges) `kind`'s MultiMesh to `capacity` instances.
    fn grow(&mut self, kind: AgentKind, capacity: usize) {
        let k = kind.index();
        if self.draw[k].is_none() {
            let mut multimesh = MultiMesh::new_gd();
            multimesh.set_transform_format(TransformFormat::TRANSFORM_3D);
            let mesh = if kind == AgentKind::DRONE {
                self.drone_mesh.clone()
            } else {
                self.alien_mesh.clone()
            }
            .unwrap_or_else(|| default_mesh(kind));
            multimesh.set_mesh(&mesh);
            if let Some(navigator) = &self.navigator {
                let guard = navigator.bind();
                let nav = &guard.nav;
                multimesh.set_custom_aabb(Aabb::new(
                    Vector3::new(0.0, 0.0, 0.0),
                    Vector3::new(nav.width() as f32, 2.0, nav.height() as f32),
                ));
            }
            let mut instance = MultiMeshInstance3D::new_alloc();
            instance.set_name(if kind == AgentKind::DRONE {
                "Drones"
            } else {
                "Aliens"
            });
            instance.set_multimesh(&multimesh);
            self.base_mut().add_child(&instance);
            self.draw[k] = Some(KindDraw {
                multimesh,
                capacity: 0,
                buffer: PackedFloat32Array::new(),
            });
        }
        if let Some(draw) = self.draw[k].as_mut() {
            draw.multimesh.set_instance_count(capacity as i32);
            draw.buffer.resize(capacity * FLOATS);
            draw.capacity = capacity;
        }
    }
}

/// The tunables `params` sets on top of `base`; the error names the bad key or value.
fn kind_params(base: KindParams, params: &VarDictionary) -> Result<KindParams, String> {
    let mut p = base;
    for (key, value) in params.iter_shared() {
        let name = key.to_string();
        let number = value
            .try_to::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("{name} = {value} is not a number at least 0"))?;
        let milli = |max: f64| {
            (number <= max)
                .then(|| (number * 1000.0).round() as u32)
                .ok_or_else(|| format!("{name} = {value} is above {max}"))
        };
        match name.as_str() {
            "speed" => p.speed_milli = milli(MAX_SPEED)?,
            "health" => p.health_milli = milli(1e6)?.max(1),
            "attack_damage" => p.attack_damage_milli = milli(1e6)?,
            "attack_rate" => p.attack_rate_milli = milli(1000.0)?,
            "follow" => p.follow_permille = milli(1.0)?,
            _ => {
                return Err(format!(
                    "unknown key {key:?} (known: speed, health, attack_damage, attack_rate, follow)"
                ));
            }
        }
    }
    Ok(p)
}

fn default_mesh(kind: AgentKind) -> Gd<Mesh> {
    let (radius, colour) = if kind == AgentKind::DRONE {
        (0.22, Color::from_rgb(1.0, 0.45, 0.1))
    } else {
        (0.3, Color::from_rgb(0.35, 0.95, 0.3))
    };
    let mut material = StandardMaterial3D::new_gd();
    material.set_albedo(colour);
    material.set_shading_mode(ShadingMode::UNSHADED);
    let mut sphere = SphereMesh::new_gd();
    sphere.set_radius(radius);
    sphere.set_height(radius * 2.0);
    sphere.set_radial_segments(8);
    sphere.set_rings(4);
    sphere.set_material(&material);
    sphere.upcast()
}

/// The default table's kind of `value` (0 drone, 1 alien).
fn kind_of(value: i64) -> Option<AgentKind> {
    AgentKind::from_value(value).filter(|k| k.index() < 2)
}
