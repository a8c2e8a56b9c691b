//! `StoreySwarm`: the agents of one storey as a Godot node, delegating the simulation to
//! `outpost_core::swarm` and drawing it with one MultiMesh per kind.

use godot::builtin::AnyArray;
use godot::classes::base_material_3d::ShadingMode;
use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    Engine, INode3D, Mesh, MultiMesh, MultiMeshInstance3D, Node3D, Object, ShaderMaterial,
    SphereMesh, StandardMaterial3D,
};
use godot::prelude::*;
use outpost_core::params::{MAX_AGENTS, MAX_KINDS};
use outpost_core::swarm::DEFAULT_KINDS;
use outpost_core::swarm::fixed::{self, FixedPos};
use outpost_core::swarm::save::SAVE_VERSION;
use outpost_core::swarm::{AgentKind, KindSpec, Swarm, SwarmEvent, check_kinds};

use crate::convert;
use crate::flash::{self, Flashes};
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use crate::navigator::StoreyNavigator;
use crate::swarm_kind::{KindLook, LookSource, SwarmKind, set_tunable};

/// The agents of one storey. Each agent has a kind, a row of the swarm's kind table
/// (`kinds`, `set_kinds`; by default row 0 the drone, `KIND_DRONE`, and row 1 the alien,
/// `KIND_ALIEN`), whose goal decides what it heads for: POWER kinds (drones) drift towards
/// the BEACON cells and towers, HEAT kinds (aliens) towards the heat cell
/// (`set_heat_cell`, Genesis's cell), all roaming as they go. Stepped once per physics
/// tick in `_physics_process`, which also writes the draw buffers: one
/// `MultiMeshInstance3D` per kind, named after it ("Drones", "Aliens"), filled by a single
/// buffer write.
///
/// Hit flashes: an agent hurt by `damage_agent` or `damage_radius` flashes in
/// `flash_color` for `flash_seconds` of game time (the swarm's ticks, so a paused game
/// holds the flash), fading linearly (`get_flash`). The flash is drawn, not simulated: the
/// binding keeps the hits beside the core, out of `state_hash()`, and writes them into the
/// MultiMesh's per-instance colour (`use_colors`: the flash colour, its alpha the
/// strength), which an overlay material on every kind's `MultiMeshInstance3D` draws over
/// the kind's own mesh and material, whatever they are.
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
    /// Drawn at every drone: row 0 of the default table, used while `kinds` is empty
    /// (null: an orange sphere 0.44 m across). A `SwarmKind` row has its own `mesh`.
    #[export]
    drone_mesh: Option<Gd<Mesh>>,
    /// Drawn at every alien: row 1 of the default table, used while `kinds` is empty
    /// (null: a green sphere 0.6 m across).
    #[export]
    alien_mesh: Option<Gd<Mesh>>,
    /// Height of the drones' centres above the floor, in metres: row 0 of the default
    /// table, used while `kinds` is empty. A `SwarmKind` row has its own `height`.
    #[export]
    #[init(val = 1.1)]
    drone_height: f32,
    /// Height of the aliens' centres above the floor, in metres: row 1 of the default
    /// table, used while `kinds` is empty.
    #[export]
    #[init(val = 0.35)]
    alien_height: f32,
    /// The kind table, one `SwarmKind` per row (an agent's kind is its row); empty: the
    /// default table (the drone, then the alien, drawn with `drone_mesh`, `alien_mesh`,
    /// `drone_height` and `alien_height`). Assigning it is `set_kinds` (refused, with
    /// `push_error`, while agents are alive); an array changed in place takes effect at
    /// the next `setup`.
    #[export]
    #[var(set = assign_kinds)]
    kinds: Array<Gd<SwarmKind>>,
    /// Whether `_physics_process` steps the simulation (drawing follows either way).
    #[export]
    #[init(val = true)]
    running: bool,
    /// The colour a hit agent flashes in (see the class description).
    #[export]
    #[init(val = Color::from_rgb(1.0, 1.0, 1.0))]
    flash_color: Color,
    /// How long a hit agent flashes, in seconds of game time (rounded to whole ticks, at
    /// least one); 0: no flash.
    #[export(range = (0.0, 2.0, 0.01))]
    #[init(val = 0.12)]
    flash_seconds: f64,
    core: Option<Swarm>,
    navigator: Option<Gd<StoreyNavigator>>,
    /// Per row of the table in use: how it is drawn, and its MultiMesh once made.
    #[init(val = default_looks())]
    looks: Vec<KindLook>,
    draw: Vec<Option<KindDraw>>,
    /// The agents changed since the buffers were last written.
    draw_stale: bool,
    /// The agents hit lately (drawn only: not part of the core's state).
    flashes: Flashes,
    /// The overlay every kind's MultiMeshInstance3D draws the flashes with.
    overlay: Option<Gd<ShaderMaterial>>,
    base: Base<Node3D>,
}

/// One kind's MultiMesh, its node and the buffer written into it.
struct KindDraw {
    instance: Gd<MultiMeshInstance3D>,
    multimesh: Gd<MultiMesh>,
    /// `instance_count` (a power of two, at least [`MIN_CAPACITY`]).
    capacity: usize,
    buffer: PackedFloat32Array,
}

/// Fewest instances a kind's MultiMesh holds.
const MIN_CAPACITY: usize = 16;
/// Floats per instance in a `TRANSFORM_3D` buffer with colours: the transform's 12, then
/// the colour's 4.
const FLOATS: usize = 16;

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
    /// Kind value of a drone: row 0 of the default table.
    #[constant]
    const KIND_DRONE: i64 = AgentKind::DRONE.index() as i64;
    /// Kind value of an alien: row 1 of the default table.
    #[constant]
    const KIND_ALIEN: i64 = AgentKind::ALIEN.index() as i64;
    /// Most live agents a swarm holds.
    #[constant]
    const MAX_AGENTS: i64 = MAX_AGENTS as i64;
    /// Most rows a kind table holds.
    #[constant]
    const MAX_KINDS: i64 = MAX_KINDS as i64;
    /// The version of the bytes `save_state` writes, the only one `load_state` reads.
    #[constant]
    const SAVE_VERSION: i64 = SAVE_VERSION as i64;

    /// Kinds with the POWER goal (drones) hit the BEACON or tower on `cell` for `amount`
    /// this tick (one signal per target per tick, summed over the agents).
    #[signal]
    fn target_attacked(cell: Vector2i, amount: f64);
    /// Kinds with the HEAT goal (aliens) hit Genesis (the heat cell) for `amount` this
    /// tick, summed.
    #[signal]
    fn genesis_attacked(amount: f64);
    /// Agent `id` of `kind` (its row: `KIND_DRONE`, `KIND_ALIEN`, ...) reached 0 health
    /// on `cell` and is gone.
    #[signal]
    fn agent_destroyed(id: i64, kind: i64, cell: Vector2i);
    /// Agent `id` of `kind` was spawned on `cell`.
    #[signal]
    fn agent_spawned(id: i64, kind: i64, cell: Vector2i);
    /// Agent `id` of `kind`, retreating (`set_retreat`), left the storey by the ENTRY
    /// cell `cell` and is gone.
    #[signal]
    fn agent_left(id: i64, kind: i64, cell: Vector2i);
    /// The number of live agents is now `count`: emitted once by each call that changed
    /// it (`step`, a spawn, `damage_radius`, `damage_agent`, `remove_agent`, `setup`),
    /// after its other signals, so a HUD can follow the count without polling.
    #[signal]
    fn agents_changed(count: i64);

    /// Starts an empty swarm on `layout`'s storey, with its own navigator and the kind
    /// table `kinds`, stepped at the physics tick rate in game time (ticks per second
    /// over `Engine.time_scale`); `seed` seeds every agent's stream. Replaces any
    /// previous agents (then `agents_changed(0)`), navigator and MultiMeshes. False
    /// (after `push_error`, nothing changed) for a null or malformed layout or a bad row
    /// in `kinds`.
    #[func]
    pub fn setup(&mut self, layout: Option<Gd<StoreyLayout>>, seed: i64) -> bool {
        let (done, had_agents) = guarded(
            "StoreySwarm.setup",
            || (false, false),
            || {
                let rows: Vec<Gd<SwarmKind>> = self.kinds.iter_shared().collect();
                let (specs, looks) = match table_of(&rows) {
                    Ok(table) => table,
                    Err(e) => {
                        godot_error!("StoreySwarm.setup: kinds: {e}");
                        return (false, false);
                    }
                };
                let Some(navigator) = StoreyNavigator::create(layout) else {
                    godot_error!("StoreySwarm.setup: no navigator for this layout (see above)");
                    return (false, false);
                };
                // Ticks per second of game time: physics ticks per real second over the
                // time scale (physics run faster with a matching time scale keeps 1/60 s
                // of game time per tick).
                let engine = Engine::singleton();
                let scale = engine.get_time_scale().max(1e-3);
                let tps = (f64::from(engine.get_physics_ticks_per_second()) / scale).round();
                let tps = tps.clamp(1.0, 1000.0) as u32;
                let swarm = Swarm::with_kinds(&navigator.bind().nav, seed, tps, &specs);
                match swarm {
                    Ok(swarm) => {
                        let had = self.core.as_ref().is_some_and(|c| !c.is_empty());
                        self.core = Some(swarm);
                        self.flashes.clear();
                        self.navigator = Some(navigator);
                        self.looks = looks;
                        self.rebuild_draws();
                        (true, had)
                    }
                    Err(e) => {
                        godot_error!("StoreySwarm.setup: {e}");
                        (false, false)
                    }
                }
            },
        );
        self.emit(&[], had_agents);
        done
    }

    /// The swarm's navigator: towers placed on it block its agents and draw its drones
    /// from the next call on. Null before `setup`.
    #[func]
    pub fn get_navigator(&self) -> Option<Gd<StoreyNavigator>> {
        self.navigator.clone()
    }

    /// Replaces the kind table with `kinds`: `SwarmKind`s (or objects of a script
    /// extending it), one per row; an empty array restores the default table. Before
    /// `setup` it is the table `setup` will use. True once done (the MultiMeshes are made
    /// anew for the new rows); false (after `push_error`, nothing changed) while agents
    /// are alive, for an element that is not a `SwarmKind`, more than `MAX_KINDS` rows, or
    /// a row outside `SwarmKind`'s ranges (an empty or repeated name, say).
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn set_kinds(&mut self, kinds: AnyArray) -> bool {
        guarded(
            "StoreySwarm.set_kinds",
            || false,
            || match self.replace_kinds(&kinds) {
                Ok(()) => true,
                Err(e) => {
                    godot_error!("StoreySwarm.set_kinds: {e}");
                    false
                }
            },
        )
    }

    /// The setter of `kinds`: `set_kinds` without its result.
    #[func]
    pub fn assign_kinds(&mut self, kinds: Array<Gd<SwarmKind>>) {
        self.set_kinds(kinds.upcast_any_array());
    }

    /// Rows in the kind table in use (before `setup`: the one `setup` will use; 0 if
    /// `kinds` has a bad row).
    #[func]
    pub fn get_kind_table_size(&self) -> i64 {
        self.kind_names().len() as i64
    }

    /// The name of kind `kind` ("drone", "alien" in the default table); "" if the table
    /// has no such row.
    #[func]
    pub fn get_kind_name(&self, kind: i64) -> GString {
        usize::try_from(kind)
            .ok()
            .and_then(|k| self.kind_names().into_iter().nth(k))
            .map_or_else(GString::new, |n| GString::from(n.as_str()))
    }

    /// The kind named `name`; -1 if the table has none.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn find_kind(&self, name: GString) -> i64 {
        let name = name.to_string();
        self.kind_names()
            .iter()
            .position(|n| *n == name)
            .map_or(-1, |k| k as i64)
    }

    /// Spawns an agent of `kind` (a row of the kind table) on `cell`; its id (then
    /// `agent_spawned` and `agents_changed`), or -1 (after `push_error`) before `setup`,
    /// for a kind the table has no row for, on a cell that is not walkable, on a tower,
    /// or with `MAX_AGENTS` alive.
    #[func]
    pub fn spawn(&mut self, kind: i64, cell: Vector2i) -> i64 {
        self.spawn_as("spawn", kind, cell)
    }

    /// `spawn(KIND_DRONE, cell)`: spawns a drone (row 0) on `cell`.
    #[func]
    pub fn spawn_drone(&mut self, cell: Vector2i) -> i64 {
        self.spawn_as("spawn_drone", Self::KIND_DRONE, cell)
    }

    /// `spawn(KIND_ALIEN, cell)`: spawns an alien (row 1) on `cell`.
    #[func]
    pub fn spawn_alien(&mut self, cell: Vector2i) -> i64 {
        self.spawn_as("spawn_alien", Self::KIND_ALIEN, cell)
    }

    /// Sets the heat cell aliens (kinds with the HEAT goal) head for (Genesis's cell);
    /// (-1, -1), or any cell off the grid, means no heat: aliens roam.
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
        let (events, changed) = guarded(
            "StoreySwarm.step",
            || (Vec::new(), false),
            || {
                let mut events = Vec::new();
                let mut changed = false;
                if let (Some(core), Some(nav)) = (self.core.as_mut(), self.navigator.as_ref()) {
                    let before = core.len();
                    core.tick(&nav.bind().nav, &mut events);
                    changed = core.len() != before;
                    self.draw_stale = true;
                }
                self.write_buffers();
                (events, changed)
            },
        );
        self.emit(&events, changed);
    }

    /// Deals `amount` to every agent within `radius` of `center` (local frame, X and Z;
    /// Y ignored), inclusive; returns how many were destroyed (each with
    /// `agent_destroyed`, then one `agents_changed`). -1 (after `push_error`, nothing
    /// changed) for a negative or non-finite radius or amount, or before `setup`.
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
                let hit = if milli > 0 {
                    core.agents_in_radius(at, r)
                } else {
                    Vec::new()
                };
                let mut events = Vec::new();
                let destroyed = core.damage_radius(at, r, milli, &mut events);
                self.draw_stale |= destroyed > 0;
                self.note_hits(&hit);
                (destroyed as i64, events)
            },
        );
        self.emit(&events, destroyed > 0);
        destroyed
    }

    /// Deals `amount` to agent `id` (a tower's aimed shot); true if it was alive (if it
    /// died: `agent_destroyed`, then `agents_changed`). False (after `push_error`) for a
    /// negative or non-finite amount or before `setup`.
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
                let id = u32::try_from(id).ok();
                let hit = id.is_some_and(|id| core.damage_agent(id, milli, &mut events));
                self.draw_stale |= !events.is_empty();
                if let (true, Some(id)) = (hit && milli > 0, id) {
                    self.note_hits(&[id]);
                }
                (hit, events)
            },
        );
        let destroyed = !events.is_empty();
        self.emit(&events, destroyed);
        hit
    }

    /// Removes agent `id` without destroying it (no `agent_destroyed`; `agents_changed`);
    /// false if there is none.
    #[func]
    pub fn remove_agent(&mut self, id: i64) -> bool {
        let removed = self
            .core
            .as_mut()
            .is_some_and(|core| u32::try_from(id).is_ok_and(|id| core.remove_agent(id)));
        self.draw_stale |= removed;
        self.emit(&[], removed);
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

    /// Agent `id`'s kind (its row: `KIND_DRONE`, `KIND_ALIEN`, ...); -1 if there is no
    /// such agent.
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
        let kind = AgentKind::from_value(kind);
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

    /// Sets tunables of `kind` (a row of the kind table) from `params`: any of `speed`
    /// (cells per second, 0..=60), `health` (new agents' health), `attack_damage` (per
    /// attack), `attack_rate` (attacks per second) and `follow` (chance, 0..1, of taking
    /// the field's step at a cell centre), the units and ranges of `SwarmKind`. False
    /// (after `push_error`, nothing changed) before `setup`, for a kind the table has no
    /// row for, an unknown key, a value that is not a number, negative or out of range.
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
                let Some(core) = self.core_or_error("set_kind_params") else {
                    return false;
                };
                let Some((k, base)) =
                    AgentKind::from_value(kind).and_then(|k| Some((k, core.kind_params(k)?)))
                else {
                    godot_error!(
                        "StoreySwarm.set_kind_params: {}",
                        unknown_kind(kind, core.kinds().len())
                    );
                    return false;
                };
                let mut p = base;
                for (key, value) in params.iter_shared() {
                    let name = key.to_string();
                    let set = value
                        .try_to::<f64>()
                        .map_err(|_| format!("{name} = {value} is not a number at least 0"))
                        .and_then(|number| set_tunable(&mut p, &name, number, &value.to_string()));
                    if let Err(e) = set {
                        godot_error!("StoreySwarm.set_kind_params: {e}");
                        return false;
                    }
                }
                core.set_kind_params(k, p).is_ok()
            },
        )
    }

    /// The tunables of `kind` (the keys `set_kind_params` takes); empty for a kind the
    /// table has no row for, or before `setup`.
    #[func]
    pub fn get_kind_params(&self, kind: i64) -> VarDictionary {
        let mut d = VarDictionary::new();
        let params = AgentKind::from_value(kind).and_then(|k| self.core.as_ref()?.kind_params(k));
        if let Some(p) = params {
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

    /// Starts (`on`) or ends the retreat: from the next tick every agent heads for the
    /// nearest ENTRY cell, attacks nothing and leaves there (`agent_left`). The game
    /// calls it once the building is reclaimed.
    #[func]
    pub fn set_retreat(&mut self, on: bool) {
        if let Some(core) = self.core.as_mut() {
            core.set_retreat(on);
        }
    }

    /// Whether the agents are retreating.
    #[func]
    pub fn is_retreating(&self) -> bool {
        self.core.as_ref().is_some_and(Swarm::is_retreating)
    }

    /// The whole simulation state as bytes (version `SAVE_VERSION`: the tick, ids, heat,
    /// retreat, kind table, towers seen and every agent with its stream, under a
    /// checksum), for a save game; `load_state` makes the same swarm of them. Empty before
    /// `setup`.
    #[func]
    pub fn save_state(&self) -> PackedByteArray {
        self.core
            .as_ref()
            .map_or_else(PackedByteArray::new, |c| PackedByteArray::from(c.save()))
    }

    /// Replaces the simulation with the state `save_state` wrote, so that `state_hash()`
    /// and `get_tick()` equal the saved swarm's and its future is the same. The state must
    /// come from a swarm on the same storey whose kinds had the names of this swarm's
    /// table (`set_kinds` first), and this swarm's navigator must hold the towers it held
    /// (place the towers first). False (after `push_error` naming the problem, the swarm
    /// unchanged) before `setup`, or for bytes that are not such a state: another version,
    /// truncated, damaged or edited, another grid, other towers or kinds, an agent on a
    /// wall... Emits `agents_changed` when the live count changed.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn load_state(&mut self, bytes: PackedByteArray) -> bool {
        let changed = guarded(
            "StoreySwarm.load_state",
            || None,
            || {
                let (Some(core), Some(nav)) = (self.core.as_ref(), self.navigator.as_ref()) else {
                    godot_error!("StoreySwarm.load_state: call setup(layout, seed) first");
                    return None;
                };
                let before = core.len();
                let loaded = match Swarm::load(&nav.bind().nav, bytes.as_slice()) {
                    Ok(loaded) => loaded,
                    Err(e) => {
                        godot_error!("StoreySwarm.load_state: {e}");
                        return None;
                    }
                };
                let names = self.kind_names();
                let saved: Vec<String> =
                    loaded.kinds().iter().map(|k| k.name.to_string()).collect();
                if saved != names {
                    godot_error!(
                        "StoreySwarm.load_state: the saved kinds ({}) are not this swarm's ({}): set_kinds first",
                        saved.join(", "),
                        names.join(", ")
                    );
                    return None;
                }
                let changed = loaded.len() != before;
                self.core = Some(loaded);
                self.flashes.clear();
                self.draw_stale = true;
                self.write_buffers();
                Some(changed)
            },
        );
        if let Some(changed) = changed {
            self.emit(&[], changed);
        }
        changed.is_some()
    }

    /// The MultiMesh drawing `kind` (null before `setup` or for a kind the table has no
    /// row for), for tests and tools.
    #[func]
    pub fn get_multimesh(&self, kind: i64) -> Option<Gd<MultiMesh>> {
        let k = usize::try_from(kind).ok()?;
        self.draw.get(k)?.as_ref().map(|d| d.multimesh.clone())
    }

    /// How strongly agent `id` flashes now: 1 on the tick it was hit, falling linearly to
    /// 0 over `flash_seconds` of the swarm's ticks; 0 for an agent not hit lately or not
    /// alive. Drawn only: it is not part of `state_hash()`.
    #[func]
    pub fn get_flash(&self, id: i64) -> f64 {
        let (Some(core), Ok(id)) = (self.core.as_ref(), u32::try_from(id)) else {
            return 0.0;
        };
        if core.agent(id).is_none() {
            return 0.0;
        }
        f64::from(self.flashes.strength(id, core.ticks(), self.flash_length()))
    }

    /// The colour of `kind` (its row): the default sphere's colour, which effects use for
    /// the kind (a death burst's debris). Black for a kind the table has no row for.
    #[func]
    pub fn get_kind_color(&self, kind: i64) -> Color {
        usize::try_from(kind)
            .ok()
            .filter(|&k| k < self.kind_names().len())
            .and_then(|k| self.looks.get(k))
            .map_or(Color::BLACK, |look| look.color)
    }
}

impl StoreySwarm {
    fn spawn_as(&mut self, method: &str, kind: i64, cell: Vector2i) -> i64 {
        let id = guarded(
            &format!("StoreySwarm.{method}"),
            || -1,
            || {
                let (Some(core), Some(nav)) = (self.core.as_mut(), self.navigator.as_ref()) else {
                    godot_error!("StoreySwarm.{method}: call setup(layout, seed) first");
                    return -1;
                };
                let Some(k) = AgentKind::from_value(kind) else {
                    godot_error!(
                        "StoreySwarm.{method}: {}",
                        unknown_kind(kind, core.kinds().len())
                    );
                    return -1;
                };
                match core.spawn(&nav.bind().nav, k, convert::pos(cell)) {
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
        );
        if id >= 0 {
            self.signals().agent_spawned().emit(id, kind, cell);
            self.emit(&[], true);
        }
        id
    }

    /// Records a hit of each of `ids` at the current tick, for the flash (drawn at the next
    /// buffer write).
    fn note_hits(&mut self, ids: &[u32]) {
        let Some(tick) = self.core.as_ref().map(Swarm::ticks) else {
            return;
        };
        if ids.is_empty() || self.flash_length() == 0 {
            return;
        }
        for &id in ids {
            self.flashes.hit(id, tick);
        }
        self.draw_stale = true;
    }

    /// A flash's length in ticks of this swarm (0: no flash).
    fn flash_length(&self) -> u64 {
        self.core.as_ref().map_or(0, |c| {
            flash::flash_ticks(self.flash_seconds, c.ticks_per_second())
        })
    }

    /// Checks and applies a new kind table (see `set_kinds`); the error says why not.
    fn replace_kinds(&mut self, kinds: &AnyArray) -> Result<(), String> {
        let rows = rows_of(kinds)?;
        let (specs, looks) = table_of(&rows)?;
        match self.core.as_mut() {
            Some(core) => core.set_kinds(&specs).map_err(|e| e.to_string())?,
            None => check_kinds(&specs).map_err(|e| e.to_string())?,
        }
        self.kinds = Array::from(rows.as_slice());
        self.looks = looks;
        if self.core.is_some() {
            self.rebuild_draws();
        }
        Ok(())
    }

    /// The names of the kind table in use: the swarm's, or before `setup` the one
    /// `setup` would use (none if `kinds` has a bad row).
    fn kind_names(&self) -> Vec<String> {
        if let Some(core) = &self.core {
            return core.kinds().iter().map(|k| k.name.to_string()).collect();
        }
        let rows: Vec<Gd<SwarmKind>> = self.kinds.iter_shared().collect();
        table_of(&rows).map_or_else(
            |_| Vec::new(),
            |(specs, _)| specs.iter().map(|k| k.name.to_string()).collect(),
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

    /// Where `p` is drawn for an agent of `kind`: local X and Z, the kind's height.
    fn local_position(&self, kind: AgentKind, p: FixedPos) -> Vector3 {
        let [x, z] = p.to_cells();
        Vector3::new(x as f32, self.height(kind.index()), z as f32)
    }

    /// The draw height of row `k`.
    fn height(&self, k: usize) -> f32 {
        match &self.looks[k].source {
            LookSource::Row { height, .. } => *height,
            LookSource::Default if k == AgentKind::DRONE.index() => self.drone_height,
            LookSource::Default => self.alien_height,
        }
    }

    /// Emits the signals of `events`, in order, then `agents_changed` if `count_changed`,
    /// with no borrow of the swarm's state held (handlers may call back in).
    fn emit(&mut self, events: &[SwarmEvent], count_changed: bool) {
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
                SwarmEvent::AgentLeft { id, kind, cell } => self.signals().agent_left().emit(
                    i64::from(id),
                    kind.index() as i64,
                    convert::vec2i(cell),
                ),
            }
        }
        if count_changed {
            let count = self.get_agent_count();
            self.signals().agents_changed().emit(count);
        }
    }

    /// Frees every kind's MultiMeshInstance3D and makes one per row of the table in use.
    fn rebuild_draws(&mut self) {
        let old: Vec<KindDraw> = self.draw.drain(..).flatten().collect();
        for mut draw in old {
            self.base_mut().remove_child(&draw.instance);
            draw.instance.queue_free();
        }
        self.draw = self.looks.iter().map(|_| None).collect();
        self.draw_stale = true;
        self.write_buffers();
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
        let kinds = self.draw.len();
        let mut counts = [0usize; MAX_KINDS];
        for a in core.agents() {
            counts[a.kind.index()] += 1;
        }
        // (`grow` needs the whole node: the core is borrowed again below.)
        for (k, count) in counts.iter().enumerate().take(kinds) {
            let needed = count.max(&MIN_CAPACITY).next_power_of_two();
            if self.draw[k].as_ref().is_none_or(|d| d.capacity < needed) {
                self.grow(k, needed);
            }
        }
        let mut heights = [0.0f32; MAX_KINDS];
        for (k, height) in heights.iter_mut().enumerate().take(kinds) {
            *height = self.height(k);
        }
        let mut written = [0usize; MAX_KINDS];
        let length = self.flash_length();
        let flash = self.flash_color;
        {
            let Some(core) = self.core.as_ref() else {
                return;
            };
            let now = core.ticks();
            if !self.flashes.is_empty() {
                self.flashes
                    .prune(now, length, |id| core.agent(id).is_some());
            }
            let mut flashes = self.flashes.walker(now, length);
            let Some(mut slices) = self
                .draw
                .iter_mut()
                .map(|d| d.as_mut().map(|d| d.buffer.as_mut_slice()))
                .collect::<Option<Vec<&mut [f32]>>>()
            else {
                return;
            };
            for a in core.agents() {
                let k = a.kind.index();
                let [x, z] = a.position.to_cells();
                let at = written[k] * FLOATS;
                let strength = flashes.strength(a.id);
                slices[k][at..at + FLOATS].copy_from_slice(&[
                    1.0, 0.0, 0.0, x as f32, 0.0, 1.0, 0.0, heights[k], 0.0, 0.0, 1.0, z as f32,
                    flash.r, flash.g, flash.b, strength,
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

    /// Makes (or enlarges) row `k`'s MultiMesh to `capacity` instances.
    fn grow(&mut self, k: usize, capacity: usize) {
        if self.draw[k].is_none() {
            let mut multimesh = MultiMesh::new_gd();
            multimesh.set_transform_format(TransformFormat::TRANSFORM_3D);
            multimesh.set_use_colors(true);
            let look = &self.looks[k];
            let mesh = match &look.source {
                LookSource::Row { mesh, .. } => mesh.clone(),
                LookSource::Default if k == AgentKind::DRONE.index() => self.drone_mesh.clone(),
                LookSource::Default => self.alien_mesh.clone(),
            }
            .unwrap_or_else(|| sphere(look.radius, look.color));
            multimesh.set_mesh(&mesh);
            if let Some(navigator) = &self.navigator {
                let guard = navigator.bind();
                let nav = &guard.nav;
                multimesh.set_custom_aabb(Aabb::new(
                    Vector3::new(0.0, 0.0, 0.0),
                    Vector3::new(nav.width() as f32, 2.0, nav.height() as f32),
                ));
            }
            let overlay = self.overlay.get_or_insert_with(flash::overlay_material);
            let mut instance = MultiMeshInstance3D::new_alloc();
            instance.set_name(look.node_name.as_str());
            instance.set_multimesh(&multimesh);
            instance.set_material_overlay(&*overlay);
            self.base_mut().add_child(&instance);
            self.draw[k] = Some(KindDraw {
                instance,
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

/// The looks of the default table: its rows draw with the swarm's `drone_*` and
/// `alien_*` properties.
fn default_looks() -> Vec<KindLook> {
    DEFAULT_KINDS.iter().map(KindLook::default_row).collect()
}

/// The core's table and the looks for `rows` (none: the default table); the error names
/// the row and what is wrong with it.
fn table_of(rows: &[Gd<SwarmKind>]) -> Result<(Vec<KindSpec>, Vec<KindLook>), String> {
    if rows.is_empty() {
        return Ok((DEFAULT_KINDS.to_vec(), default_looks()));
    }
    let mut specs = Vec::with_capacity(rows.len());
    let mut looks = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let row = row.bind();
        let (spec, look) = row
            .to_row()
            .map_err(|e| format!("kind {i} ({:?}): {e}", row.name.to_string()))?;
        specs.push(spec);
        looks.push(look);
    }
    check_kinds(&specs).map_err(|e| e.to_string())?;
    Ok((specs, looks))
}

/// The `SwarmKind`s of `kinds`; the error names the first element that is not one.
fn rows_of(kinds: &AnyArray) -> Result<Vec<Gd<SwarmKind>>, String> {
    kinds
        .iter_shared()
        .enumerate()
        .map(|(i, v)| {
            v.try_to::<Gd<SwarmKind>>().map_err(|_| {
                let what = match v.try_to::<Gd<Object>>() {
                    Ok(object) => format!("a {}", object.get_class()),
                    Err(_) if v.is_nil() => "null".to_owned(),
                    Err(_) => v.to_string(),
                };
                format!("element {i} is {what}, not a SwarmKind")
            })
        })
        .collect()
}

/// The names of the kind table `kinds` makes (the default table's for none or an empty
/// array), or why it makes none.
pub(crate) fn kind_table(kinds: Option<&AnyArray>) -> Result<Vec<String>, String> {
    let Some(kinds) = kinds.filter(|k| !k.is_empty()) else {
        return Ok(DEFAULT_KINDS.iter().map(|k| k.name.to_string()).collect());
    };
    let rows = rows_of(kinds)?;
    let (specs, _) = table_of(&rows)?;
    Ok(specs.iter().map(|k| k.name.to_string()).collect())
}

/// The error for a kind value the table (of `count` rows) has no row for.
fn unknown_kind(kind: i64, count: usize) -> String {
    format!("no kind {kind} in this swarm: its kinds are 0..{count}")
}

/// An unshaded sphere of `radius` in `colour`: the mesh of a kind without one.
fn sphere(radius: f32, colour: Color) -> Gd<Mesh> {
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
