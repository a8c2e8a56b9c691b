class_name EntryPoint
extends StoreyObject
## An ENTRY cell: an opening in the outer wall where agents enter the storey.
##
## While [member spawning_enabled], it spawns agents into its storey's [member swarm] on
## the schedule of [member wave_profile]: each wave sends, row by row ([WaveRow]: one per
## kind of agent, by the kind's name in the swarm's kind table), that row's agents, and the
## waves grow as the profile escalates; never more than a row's cap of its own agents of
## that kind are alive at once: an agent due while the entry is full of its kind is not
## sent, and the wave keeps its rhythm. The agents belong to the [StoreySwarm] (no node
## each). The schedule runs on physics ticks and starts at the first physics tick
## processed, never in [method Node._ready], so switching spawning off right after
## [method StoreyObjectSpawner.spawn] (before any frame) means no agent ever spawns. Needs
## a [member swarm] and a [member wave_profile] ([OutpostBuilding] hands every entry its
## storey's swarm); without one (e.g. run alone with F6) it quietly spawns nothing. Its
## schedule and the ids of its live agents, by kind, are its state ([method get_state]).

## Emitted right after agent [param id] of the kind named [param kind] spawned on this
## entry's cell.
signal agent_spawned(id: int, kind: StringName)
## Emitted right after drone [param id] spawned into [member swarm] on this entry's cell.
signal drone_spawned(id: int)
## Emitted right after alien [param id] spawned into [member swarm] on this entry's cell.
signal alien_spawned(id: int)
## Emitted when the first drone of wave [param wave] (0-based) spawns.
signal wave_started(wave: int)

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.ENTRY
## The largest agent id a saved entry may list (the swarm's ids are 32-bit).
const MAX_AGENT_ID := (1 << 31) - 1

## The spawn schedule and cap (read only, so it may be shared). Assigning one restarts the
## schedule from its first_spawn_delay; live drones stay.
@export var wave_profile: WaveProfile:
	set = set_wave_profile
## Whether drones spawn. Off: the schedule pauses (nothing spawns); live drones keep flying.
@export var spawning_enabled: bool = true:
	set = set_spawning_enabled

## The swarm of this entry's storey, which its drones join (set by the building).
var swarm: StoreySwarm

# Seconds to the next spawn; NAN until the first processed tick starts the schedule.
var _timer: float = NAN
var _wave := 0
var _in_wave := 0
var _spawned := 0
# Per kind name: the ids of the agents this entry spawned that may still be alive (pruned
# when counted).
var _ids: Dictionary[StringName, PackedInt32Array] = {}


func _ready() -> void:
	set_physics_process(spawning_enabled)


func _physics_process(delta: float) -> void:
	if not spawning_enabled or swarm == null or wave_profile == null:
		return
	if is_nan(_timer):
		_timer = wave_profile.first_spawn_delay
	_timer -= delta
	if _timer > 1e-6 or is_finished():
		return
	var kind := wave_profile.kind_at(_wave, _in_wave)
	if kind.is_empty() or not _has_room(kind):
		# Nothing due (an empty wave) or the entry is full of this kind: this agent is not
		# sent, and the wave keeps its rhythm.
		if _in_wave == 0:
			wave_started.emit(_wave)
	elif _spawn(kind) < 0:
		_timer = wave_profile.spawn_interval
		return
	_in_wave += 1
	if _in_wave < wave_profile.wave_size(_wave):
		_timer = wave_profile.spawn_interval
	else:
		_in_wave = 0
		_wave += 1
		_timer = wave_profile.wave_interval


## Sets [member wave_profile] and restarts the schedule.
func set_wave_profile(value: WaveProfile) -> void:
	wave_profile = value
	_timer = NAN
	_wave = 0
	_in_wave = 0


## Sets [member spawning_enabled] (and whether this node's physics tick runs).
func set_spawning_enabled(value: bool) -> void:
	spawning_enabled = value
	set_physics_process(value)


## The ids of the live agents of the kind named [param kind] this entry spawned, oldest
## first.
func get_ids(kind: StringName) -> PackedInt32Array:
	var live := _live(_ids.get(kind, PackedInt32Array()))
	if _ids.has(kind):
		_ids[kind] = live
	return live


## Live drones this entry spawned (those the swarm still holds).
func get_live_drone_count() -> int:
	return get_drone_ids().size()


## The ids of the live drones this entry spawned, oldest first.
func get_drone_ids() -> PackedInt32Array:
	return get_ids(&"drone")


## Live aliens this entry spawned (those the swarm still holds).
func get_live_alien_count() -> int:
	return get_alien_ids().size()


## The ids of the live aliens this entry spawned, oldest first.
func get_alien_ids() -> PackedInt32Array:
	return get_ids(&"alien")


## Agents (drones and aliens) spawned since this node was created (live or not).
func get_spawned_count() -> int:
	return _spawned


## The wave being sent or due next (0-based; the number of waves sent once
## [method is_finished]).
func get_wave() -> int:
	return _wave


## Waves started so far (a wave starts with its first agent).
func get_waves_started() -> int:
	return _wave + int(_in_wave > 0)


## Where the schedule stands, for a save game: the wave, agents sent (or passed over at
## the cap) in it, seconds to the next spawn (-1 before the schedule started), agents
## spawned so far, per kind name the ids of its agents the swarm may still hold (its caps
## count them) and whether it spawns at all.
func get_state() -> Dictionary:
	var agents := {}
	for kind: StringName in _ids:
		agents[String(kind)] = Array(_ids[kind])
	return {
		"wave": _wave,
		"in_wave": _in_wave,
		"timer": -1.0 if is_nan(_timer) else _timer,
		"spawned": _spawned,
		"agents": agents,
		"enabled": spawning_enabled,
	}


## "" if [param data] is an entry's schedule, else what is wrong ([param context]'s
## [code]where[/code] names it in the message): each count a whole number in its range,
## each agent id one the swarm can hold ([constant MAX_AGENT_ID]).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "entry")
	var check := StateCheck.new()
	for key in ["wave", "in_wave", "spawned"]:
		check.whole(data, key, where, 0, 1 << 30)
	check.number(data, "timer", where, -1.0)
	if data.has("enabled"):
		check.flag(data, "enabled", where)
	if data.has("agents"):
		var agents := check.object(data, "agents", where)
		for kind: Variant in agents:
			check.whole_numbers(agents, kind, where + ".agents", MAX_AGENT_ID)
	return check.problem()


## Restores [method get_state]'s state; an entry without [code]agents[/code] (an older
## save) counts no live agent of its own.
func set_state(data: Dictionary) -> void:
	_wave = int(data.get("wave", 0))
	_in_wave = int(data.get("in_wave", 0))
	var timer := float(data.get("timer", -1.0))
	_timer = NAN if timer < 0.0 else timer
	_spawned = int(data.get("spawned", 0))
	_ids.clear()
	var agents: Dictionary = data.get("agents", {})
	for kind: String in agents:
		var ids := PackedInt32Array()
		for id: Variant in agents[kind]:
			ids.append(int(id))
		_ids[StringName(kind)] = ids
	if data.has("enabled"):
		spawning_enabled = data["enabled"]


## Alias of [method get_state] (its older name).
func get_progress() -> Dictionary:
	return get_state()


## Alias of [method set_state] (its older name); the older keys [code]drones[/code] and
## [code]aliens[/code] are the ids of the drone and alien kinds.
func set_progress(progress: Dictionary) -> void:
	var data := progress.duplicate()
	if not data.has("agents") and (data.has("drones") or data.has("aliens")):
		data["agents"] = {"drone": data.get("drones", []), "alien": data.get("aliens", [])}
	set_state(data)


## True once [member WaveProfile.wave_count] waves (if not endless) have been sent.
func is_finished() -> bool:
	return wave_profile != null and wave_profile.wave_count > 0 and _wave >= wave_profile.wave_count


func _spawn(kind: StringName) -> int:
	var index := swarm.find_kind(kind)
	if index < 0:
		push_error("EntryPoint: no agent kind '%s' in the swarm's kind table" % kind)
		return -1
	var id := swarm.spawn(index, cell)
	if id < 0:
		return id
	_spawned += 1
	if _in_wave == 0:
		wave_started.emit(_wave)
	var ids: PackedInt32Array = _ids.get(kind, PackedInt32Array())
	ids.append(id)
	_ids[kind] = ids
	agent_spawned.emit(id, kind)
	if kind == &"drone":
		drone_spawned.emit(id)
	elif kind == &"alien":
		alien_spawned.emit(id)
	return id


# Whether the entry may send an agent of `kind` now: under its cap for that kind this wave.
func _has_room(kind: StringName) -> bool:
	var cap := wave_profile.cap_in(kind, _wave)
	return cap == 0 or get_ids(kind).size() < cap


# Those of `ids` the swarm still holds.
func _live(ids: PackedInt32Array) -> PackedInt32Array:
	var live := PackedInt32Array()
	if swarm == null:
		return live
	for id in ids:
		if swarm.has_agent(id):
			live.append(id)
	return live
