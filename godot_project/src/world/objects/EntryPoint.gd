class_name EntryPoint
extends StoreyObject
## An ENTRY cell: an opening in the outer wall where drones enter the storey.
##
## While [member spawning_enabled], it spawns drones into its storey's [member swarm] on
## the schedule of [member wave_profile] (from its [member WaveProfile.alien_first_wave]
## on, each wave's drones are followed by its aliens, and the waves grow as the profile
## escalates), never letting more than [method WaveProfile.live_cap] of its own drones
## (and [method WaveProfile.alien_cap] of its aliens) be alive at once: an agent due while
## the entry is full is not sent, and the wave keeps its rhythm. The drones and
## aliens are agents of the [StoreySwarm] (no node each): drones drift towards the storey's
## power (beacons and towers), aliens towards Genesis, and both roam. The schedule runs on
## physics ticks and starts at the first physics tick processed, never in
## [method Node._ready], so switching spawning off right after
## [method StoreyObjectSpawner.spawn] (before any frame) means no drone ever spawns. Needs
## a [member swarm] and a [member wave_profile] ([OutpostBuilding] hands
## every entry its storey's swarm); without one (e.g. run alone with F6) it quietly spawns
## nothing.

## Emitted right after drone [param id] spawned into [member swarm] on this entry's cell.
signal drone_spawned(id: int)
## Emitted right after alien [param id] spawned into [member swarm] on this entry's cell.
signal alien_spawned(id: int)
## Emitted when the first drone of wave [param wave] (0-based) spawns.
signal wave_started(wave: int)

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.ENTRY

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
# Ids of the drones this entry spawned that may still be alive (pruned when counted).
var _ids := PackedInt32Array()
# Ids of the aliens it spawned that may still be alive.
var _alien_ids := PackedInt32Array()


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
	var alien := _in_wave >= wave_profile.drones_in(_wave)
	if not _has_room(alien):
		# The entry is full: this agent is not sent, and the wave keeps its rhythm.
		if _in_wave == 0:
			wave_started.emit(_wave)
	elif _spawn(alien) < 0:
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


## Live drones this entry spawned (those the swarm still holds).
func get_live_drone_count() -> int:
	return get_drone_ids().size()


## The ids of the live drones this entry spawned, oldest first.
func get_drone_ids() -> PackedInt32Array:
	_ids = _live(_ids)
	return _ids


## Live aliens this entry spawned (those the swarm still holds).
func get_live_alien_count() -> int:
	return get_alien_ids().size()


## The ids of the live aliens this entry spawned, oldest first.
func get_alien_ids() -> PackedInt32Array:
	_alien_ids = _live(_alien_ids)
	return _alien_ids


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
## spawned so far, the ids of the drones and of the aliens it spawned that the swarm may
## still hold (its caps count them) and whether it spawns at all.
func get_progress() -> Dictionary:
	return {
		"wave": _wave,
		"in_wave": _in_wave,
		"timer": -1.0 if is_nan(_timer) else _timer,
		"spawned": _spawned,
		"drones": Array(_ids),
		"aliens": Array(_alien_ids),
		"enabled": spawning_enabled,
	}


## Restores [method get_progress]'s state; without [code]"drones"[/code] or
## [code]"aliens"[/code] (an older save) the entry counts no live drone or alien of its
## own.
func set_progress(progress: Dictionary) -> void:
	_wave = int(progress.get("wave", 0))
	_in_wave = int(progress.get("in_wave", 0))
	var timer := float(progress.get("timer", -1.0))
	_timer = NAN if timer < 0.0 else timer
	_spawned = int(progress.get("spawned", 0))
	_ids.clear()
	for id: Variant in progress.get("drones", []):
		_ids.append(int(id))
	_alien_ids.clear()
	for id: Variant in progress.get("aliens", []):
		_alien_ids.append(int(id))
	if progress.has("enabled"):
		spawning_enabled = progress["enabled"]


## True once [member WaveProfile.wave_count] waves (if not endless) have been sent.
func is_finished() -> bool:
	return wave_profile != null and wave_profile.wave_count > 0 and _wave >= wave_profile.wave_count


func _spawn(alien: bool) -> int:
	var id := swarm.spawn_alien(cell) if alien else swarm.spawn_drone(cell)
	if id < 0:
		return id
	_spawned += 1
	if _in_wave == 0:
		wave_started.emit(_wave)
	if alien:
		_alien_ids.append(id)
		alien_spawned.emit(id)
	else:
		_ids.append(id)
		drone_spawned.emit(id)
	return id


# Whether the entry may send the agent due now: under its cap for that kind this wave.
func _has_room(alien: bool) -> bool:
	if alien:
		var alien_cap := wave_profile.alien_cap(_wave)
		return alien_cap == 0 or get_live_alien_count() < alien_cap
	return get_live_drone_count() < wave_profile.live_cap(_wave)


# Those of `ids` the swarm still holds.
func _live(ids: PackedInt32Array) -> PackedInt32Array:
	var live := PackedInt32Array()
	if swarm == null:
		return live
	for id in ids:
		if swarm.has_agent(id):
			live.append(id)
	return live
