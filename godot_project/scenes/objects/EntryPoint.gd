class_name EntryPoint
extends StoreyObject
## An ENTRY cell: an opening in the outer wall where drones enter the storey.
##
## While [member spawning_enabled], it spawns [member drone_scene] instances as its own
## children (so regenerating the storey frees them) on the schedule of [member wave_profile],
## never letting more than [member WaveProfile.max_live_drones] of them be alive at once.
## Each drone gets [method Drone.start] with this object's [member StoreyObject.layout] and
## [member StoreyObject.cell]. The schedule runs on physics ticks and starts at the first
## physics tick processed, never in [method Node._ready], so switching spawning off right
## after [method StoreyObjectSpawner.spawn] (before any frame) means no drone ever spawns.
## Needs [member StoreyObject.layout], a [member wave_profile] and a [member drone_scene];
## without one of them (e.g. run alone with F6) it quietly spawns nothing.

## Emitted right after [param drone] was started and added as a child.
signal drone_spawned(drone: Drone)
## Emitted when the first drone of wave [param wave] (0-based) spawns.
signal wave_started(wave: int)

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.ENTRY

## The spawn schedule and cap (read only, so it may be shared). Assigning one restarts the
## schedule from its first_spawn_delay; live drones stay.
@export var wave_profile: WaveProfile:
	set = set_wave_profile
## The drone scene; its root must be a [Drone].
@export var drone_scene: PackedScene
## Whether drones spawn. Off: the schedule pauses (nothing spawns); live drones keep flying.
@export var spawning_enabled: bool = true:
	set = set_spawning_enabled

# Seconds to the next spawn; NAN until the first processed tick starts the schedule.
var _timer: float = NAN
var _wave := 0
var _in_wave := 0
var _spawned := 0


func _ready() -> void:
	set_physics_process(spawning_enabled)


func _physics_process(delta: float) -> void:
	if not spawning_enabled or layout == null or wave_profile == null or drone_scene == null:
		return
	if is_nan(_timer):
		_timer = wave_profile.first_spawn_delay
	_timer -= delta
	if _timer > 1e-6 or is_finished():
		return
	if get_live_drone_count() >= wave_profile.max_live_drones:
		_timer = 0.0
		return
	if _spawn_drone() == null:
		_timer = wave_profile.spawn_interval
		return
	_in_wave += 1
	if _in_wave < wave_profile.drones_per_wave:
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


## Live drones: this node's [Drone] children not queued for deletion.
func get_live_drone_count() -> int:
	var count := 0
	for child in get_children():
		if child is Drone and not child.is_queued_for_deletion():
			count += 1
	return count


## The live drones (see [method get_live_drone_count]), oldest first.
func get_drones() -> Array[Drone]:
	var out: Array[Drone] = []
	for child in get_children():
		if child is Drone and not child.is_queued_for_deletion():
			out.append(child)
	return out


## Drones spawned since this node was created (live or not).
func get_spawned_count() -> int:
	return _spawned


## True once [member WaveProfile.wave_count] waves (if not endless) have been sent.
func is_finished() -> bool:
	return wave_profile != null and wave_profile.wave_count > 0 and _wave >= wave_profile.wave_count


func _spawn_drone() -> Drone:
	var node := drone_scene.instantiate()
	var drone := node as Drone
	if drone == null:
		push_error("EntryPoint: drone_scene's root is not a Drone")
		if node != null:
			node.free()
		return null
	drone.name = "Drone_%d" % _spawned
	drone.speed = wave_profile.drone_speed
	drone.start(layout, cell, _spawned)
	add_child(drone)
	_spawned += 1
	if _in_wave == 0:
		wave_started.emit(_wave)
	drone_spawned.emit(drone)
	return drone
