class_name AudioDirector
extends Node
## Plays the game's sounds ([SoundBank]) for the game's events. The scene hands it its
## building and loop ([member watched_building], [member watched_loop]; or call
## [method watch]); it follows every [method OutpostBuilding.build] after that (restart,
## load) through [signal OutpostBuilding.built].
##
## [b]Positional[/b] sounds (a pool of [constant POOL_SIZE] [AudioStreamPlayer3D]s on the
## [code]SFX[/code] bus, heard from the current camera) play only for events on the
## building's [member OutpostBuilding.viewed_floor]; events on other floors are not played:
## [br]- a tower's shot ([signal TowerObject.fired]): [code]shot_low[/code] for a tier that
##   [member TowerTier.needs_line_of_sight], [code]shot_high[/code] for one that fires over
##   walls, at the tower's gun; and, since a shot hits the moment it is fired (there is no
##   other per-hit signal), [code]hit[/code] at the agent it hit;
## [br]- an agent destroyed ([signal StoreySwarm.agent_destroyed]): [code]death[/code] on
##   its cell;
## [br]- scrap collected ([signal ScrapField.collected]): [code]pickup[/code] on its cell;
## [br]- a tower destroyed ([signal OutpostLoop.tower_destroyed]): [code]tower_destroyed[/code]
##   on its cell;
## [br]- a beacon filling while interact is held ([signal BeaconObject.progress_changed]
##   from a restore, with [member OutpostLoop.interacting]): [code]restore_loop[/code] at
##   the beacon, looping until no restore came for [constant RESTORE_HOLD] seconds,
##   interact is let go or the view leaves the floor. It has its own player.
## [br]At most [constant MAX_VOICES_PER_TICK] positional voices start in one physics tick
## (counted by [method Engine.get_physics_frames]); the others are dropped
## ([member voices_dropped]). A busy tick needs a shot, its hit, a death and a pickup:
## four. More would only be louder copies of the same moment (a tick that destroys 200
## drones would otherwise start 200 voices at once and clip the bus) and steal the pool's
## voices from sounds still ringing.
##
## [b]Alerts[/b] play whatever floor is viewed, not positioned: [code]alarm[/code] when a
## beacon restored once takes damage ([signal BeaconObject.damaged] with
## [member BeaconObject.restored_once]), at most once per [constant ALARM_INTERVAL] seconds
## of game time; [code]tower_destroyed[/code] for a tower lost on a floor not in view; and
## [code]wave_alarm[/code] when the alerts ([member watched_alerts], or
## [method watch_alerts]) raise a wave alert ([signal GameAlerts.wave_alerted]): once per
## building-wide wave, heard wherever Genesis is (any floor, or out on the surface), never
## after the win (the reclaim also stops it).
## [br][b]Stingers[/b] ([code]SFX[/code] bus, playing on while the tree is paused):
## [code]win[/code] on [signal OutpostLoop.reclaimed], [code]defeat[/code] on
## [signal OutpostLoop.defeated] (which also stops the ambient bed).
## [br][b]Ambient[/b]: [code]ambient[/code] loops on the [code]Ambience[/code] bus from
## [method watch] on, and again after each build.
## [br][b]UI[/b]: [method play_ui] on the [code]UI[/code] bus. Button clicks everywhere are
## the [code]SoundSystem[/code] autoload's.
## [br]Nothing starts once the [AudioGate] is closed (before quitting).

## A positional voice started: [param sound] on floor [param floor_index].
signal voice_started(sound: StringName, floor_index: int)

## The most positional voices started in one physics tick.
const MAX_VOICES_PER_TICK := 4
## Positional players in the pool (a new voice takes the one started longest ago).
const POOL_SIZE := 16
## Seconds of game time between two beacon alarms, at least.
const ALARM_INTERVAL := 4.0
## Seconds the restore loop keeps playing after the last restore.
const RESTORE_HOLD := 0.2
## Distance (metres) at which a positional sound plays at its own level; roughly the
## camera's distance to the storey it frames, so that the floor in view sounds even.
const UNIT_SIZE := 25.0

## The building to watch from the start, set in the scene (else call [method watch]).
@export var watched_building: OutpostBuilding
## The loop to watch from the start, with [member watched_building].
@export var watched_loop: OutpostLoop
## The alerts whose wave alerts sound the wave alarm, set in the scene (else call
## [method watch_alerts]).
@export var watched_alerts: GameAlerts

## The building whose events it plays (set by [method watch]).
var building: OutpostBuilding
## The loop whose events it plays (set by [method watch]).
var loop: OutpostLoop
## Positional voices started since it entered the tree.
var voices_started := 0
## Positional voices refused by the per-tick cap since it entered the tree.
var voices_dropped := 0
## Beacon alarms played since it entered the tree.
var alarms_played := 0
## The waves (1-based) whose wave alarm it played, in order.
var wave_alarms := PackedInt32Array()

var _pool: Array[AudioStreamPlayer3D] = []
var _next_voice := 0
var _tick := -1
var _tick_voices := 0
var _restore: AudioStreamPlayer3D
var _restore_floor := -1
var _restore_left := 0.0
var _alarm_left := 0.0
var _damaged_beacon: BeaconObject
var _ambient: AudioStreamPlayer
var _stinger: AudioStreamPlayer
var _alarm: AudioStreamPlayer
var _alert: AudioStreamPlayer
var _wave_alarm: AudioStreamPlayer
var _ui: AudioStreamPlayer


func _init() -> void:
	for i in POOL_SIZE:
		var voice := _player_3d("Voice%d" % i)
		_pool.append(voice)
	_restore = _player_3d("Restore")
	_ambient = _player("Ambient", &"Ambience", true)
	_stinger = _player("Stinger", &"SFX", true)
	_alarm = _player("Alarm", &"SFX", false)
	_alert = _player("Alert", &"SFX", false)
	_wave_alarm = _player("WaveAlarm", &"SFX", false)
	_ui = _player("Ui", &"UI", true)


func _ready() -> void:
	if watched_building != null and watched_loop != null:
		watch(watched_building, watched_loop)
	if watched_alerts != null:
		watch_alerts(watched_alerts)


func _physics_process(delta: float) -> void:
	_alarm_left = maxf(_alarm_left - delta, 0.0)
	if not _restore.playing:
		return
	_restore_left -= delta
	var viewed := building != null and building.viewed_floor == _restore_floor
	if _restore_left <= 0.0 or loop == null or not loop.interacting or not viewed:
		_restore.stop()


## Plays the sounds of [param on_building]'s and [param on_loop]'s events from now on, and
## the ambient bed. Call it once, before or after the first build; a second call with the
## same pair does nothing, one with another pair moves over to it. (The sounds come from
## [SoundBank], made on first use if the [code]SoundSystem[/code] autoload has not made
## them ahead yet.)
func watch(on_building: OutpostBuilding, on_loop: OutpostLoop) -> void:
	if on_building == building and on_loop == loop:
		return
	_unwatch()
	building = on_building
	loop = on_loop
	building.built.connect(_on_built)
	building.agent_destroyed.connect(_on_agent_destroyed)
	building.scrap_collected.connect(_on_scrap_collected)
	building.tower_fired.connect(_on_tower_fired)
	building.beacon_damaged.connect(_on_beacon_damaged)
	building.beacon_progress_changed.connect(_on_beacon_progress)
	loop.tower_destroyed.connect(_on_tower_destroyed)
	loop.factory.machine_destroyed.connect(_on_tower_destroyed)
	loop.reclaimed.connect(_on_reclaimed)
	loop.defeated.connect(_on_defeated)
	if building.get_storey_count() > 0:
		_on_built(building.get_storey_count())
	else:
		_start(_ambient, &"ambient")


## Sounds the wave alarm for [param alerts]' wave alerts from now on (once).
func watch_alerts(alerts: GameAlerts) -> void:
	if not alerts.wave_alerted.is_connected(_on_wave_alerted):
		alerts.wave_alerted.connect(_on_wave_alerted)


## Plays [param sound] (a [SoundBank] name) at [param local_position], in the frame of
## storey [param floor_index], if that floor is the one viewed, the tick's
## [constant MAX_VOICES_PER_TICK] voices are not all started yet and the [AudioGate] is
## open. True if a voice started.
func play_at(sound: StringName, floor_index: int, local_position: Vector3) -> bool:
	if building == null or floor_index != building.viewed_floor or not AudioGate.is_open():
		return false
	var storey := building.get_storey(floor_index)
	if storey == null:
		return false
	var tick := Engine.get_physics_frames()
	if tick != _tick:
		_tick = tick
		_tick_voices = 0
	if _tick_voices >= MAX_VOICES_PER_TICK:
		voices_dropped += 1
		return false
	var stream := SoundBank.get_sound(sound)
	if stream == null:
		return false
	var voice := _pool[_next_voice]
	_next_voice = (_next_voice + 1) % POOL_SIZE
	voice.stop()
	voice.stream = stream
	voice.global_position = storey.to_global(local_position)
	# A little deterministic variety between repeats of one sound: +/- 4 % in five steps.
	voice.pitch_scale = 1.0 + 0.02 * (voices_started % 5 - 2)
	voice.play()
	_tick_voices += 1
	voices_started += 1
	voice_started.emit(sound, floor_index)
	return true


## Plays [param sound] (a [SoundBank] name) on the [code]UI[/code] bus, not positioned,
## also while the tree is paused. False for an unknown sound or a closed [AudioGate].
func play_ui(sound: StringName) -> bool:
	var stream := SoundBank.get_sound(sound)
	if stream == null:
		return false
	if not AudioGate.is_open():
		return false
	_ui.stream = stream
	_ui.play()
	return true


## Positional voices playing now (the pool's and the restore loop's).
func get_playing_voices() -> int:
	var count := int(_restore.playing)
	for voice in _pool:
		count += int(voice.playing)
	return count


## The stinger playing now: [code]&"win"[/code], [code]&"defeat"[/code], or
## [code]&""[/code] when none is.
func get_stinger() -> StringName:
	if not _stinger.playing:
		return &""
	return &"win" if _stinger.stream == SoundBank.get_sound(&"win") else &"defeat"


## Whether the ambient bed is playing.
func is_ambient_playing() -> bool:
	return _ambient.playing


## Whether the restore loop is playing.
func is_restore_playing() -> bool:
	return _restore.playing


## Whether the beacon alarm is playing.
func is_alarm_playing() -> bool:
	return _alarm.playing


## Whether the wave alarm is playing.
func is_wave_alarm_playing() -> bool:
	return _wave_alarm.playing


func _unwatch() -> void:
	if building != null:
		_disconnect_from(building)
	if loop != null:
		_disconnect_from(loop)
	building = null
	loop = null


# Disconnects every signal of [param source] connected to this node.
func _disconnect_from(source: Object) -> void:
	for info in source.get_signal_list():
		for connection in source.get_signal_connection_list(info["name"]):
			var callable: Callable = connection["callable"]
			if callable.get_object() == self:
				(connection["signal"] as Signal).disconnect(callable)


func _on_built(_storey_count: int) -> void:
	_restore.stop()
	_stinger.stop()
	_wave_alarm.stop()
	_alarm_left = 0.0
	if not _ambient.playing:
		_start(_ambient, &"ambient")


func _on_tower_fired(floor_index: int, tower: TowerObject, _id: int, target: Vector3) -> void:
	if floor_index != building.viewed_floor:
		return
	var sound := &"shot_low" if tower.tier.needs_line_of_sight else &"shot_high"
	play_at(sound, floor_index, tower.position + Vector3(0.0, tower.tier.height, 0.0))
	play_at(&"hit", floor_index, target)


func _on_agent_destroyed(floor_index: int, _id: int, _kind: int, cell: Vector2i) -> void:
	if floor_index == building.viewed_floor:
		play_at(&"death", floor_index, building.layouts[floor_index].cell_center(cell))


func _on_scrap_collected(floor_index: int, cell: Vector2i, _amount: float) -> void:
	if floor_index == building.viewed_floor:
		play_at(&"pickup", floor_index, building.layouts[floor_index].cell_center(cell))


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	if floor_index == building.viewed_floor:
		play_at(&"tower_destroyed", floor_index, building.layouts[floor_index].cell_center(cell))
	else:
		_start(_alert, &"tower_destroyed")


func _on_beacon_damaged(
	_floor_index: int, beacon: BeaconObject, _amount: float, _health: float
) -> void:
	# apply_damage emits progress_changed next: that one is no restore.
	_damaged_beacon = beacon
	if beacon.restored_once and _alarm_left <= 0.0:
		_alarm_left = ALARM_INTERVAL
		alarms_played += 1
		_start(_alarm, &"alarm")


func _on_beacon_progress(floor_index: int, beacon: BeaconObject, _progress: float) -> void:
	if _damaged_beacon == beacon:
		_damaged_beacon = null
		return
	if loop == null or not loop.interacting or floor_index != building.viewed_floor:
		return
	_restore_left = RESTORE_HOLD
	_restore_floor = floor_index
	if not _restore.playing:
		_restore.global_position = beacon.global_position
		_start(_restore, &"restore_loop")


func _on_wave_alerted(wave: int) -> void:
	if loop != null and (loop.is_reclaimed() or loop.is_defeated()):
		return
	if AudioGate.is_open():
		wave_alarms.append(wave)
		_start(_wave_alarm, &"wave_alarm")


func _on_reclaimed(_trickle: float) -> void:
	_restore.stop()
	_wave_alarm.stop()
	_start(_stinger, &"win")


func _on_defeated() -> void:
	_restore.stop()
	_wave_alarm.stop()
	_ambient.stop()
	_start(_stinger, &"defeat")


# Starts [param player] with [param sound] if the [AudioGate] is open.
func _start(player: Node, sound: StringName) -> void:
	if AudioGate.is_open():
		player.set(&"stream", SoundBank.get_sound(sound))
		player.call(&"play")


func _player_3d(node_name: String) -> AudioStreamPlayer3D:
	var player := AudioStreamPlayer3D.new()
	player.name = node_name
	player.bus = &"SFX"
	player.attenuation_model = AudioStreamPlayer3D.ATTENUATION_INVERSE_DISTANCE
	player.unit_size = UNIT_SIZE
	player.max_db = 0.0
	add_child(player)
	return player


func _player(node_name: String, bus: StringName, always: bool) -> AudioStreamPlayer:
	var player := AudioStreamPlayer.new()
	player.name = node_name
	player.bus = bus
	if always:
		player.process_mode = Node.PROCESS_MODE_ALWAYS
	add_child(player)
	return player
