class_name GameAlerts
extends Node
## The alerts of a game: what the player must hear about at once, wherever it happens,
## each naming its floor and where on it. Every alert comes from the state of what it is
## about, whatever caused it:
## [br]- a beacon [b]bleeding[/b]: a beacon that was restored once takes damage
##   ([signal BeaconObject.damaged] while [method BeaconObject.is_bleeding]); it is not said
##   again while that beacon keeps being hit (until [constant QUIET_TICKS] pass without a
##   hit, or it is restored again). A beacon never restored has nothing to lose: no alert;
## [br]- a tower destroyed ([signal OutpostLoop.tower_destroyed]), a factory machine
##   destroyed ([signal Factory.machine_destroyed]);
## [br]- a shaft disrupted: a connected shaft's feed stops because a drone is next to it
##   (FLOWING to BLOCKED), once until it flows again;
## [br]- the last beacon restored, and the reclaim ready (once each per game);
## [br]- a [b]wave[/b] coming in: when the building's wave ([method BuildingCensus.wave], the
##   furthest any entry has got) rises, one alert naming the wave, what it sends and the
##   floors whose entries started it in that tick ([signal OutpostBuilding.wave_started]);
##   an entry that starts the same wave later raises none. While Genesis is out on the
##   surface ([member OutpostBuilding.genesis_outside]) it calls Genesis back in.
##   [signal wave_alerted] follows it (the alarm's cue). None after a defeat.
## [br]The reclaim is the win: it clears the alerts showing, and none is raised after it.
## [br]An alert raised again while its words show (two shafts disrupted in the same part
## of a floor) is not stacked: the one line shows anew, from the last time.
## [br]An alert shows for [constant SHOW_TICKS] physics ticks of the game's clock
## ([member OutpostLoop.tick]); [method get_alerts] lists those showing, oldest first, from
## the tick it was raised. [signal alerted] tells the HUD (and the sound). The state is
## saved with the game ([method get_state]).

## An alert was raised: [param text] says what and where.
signal alerted(text: String)
## The wave alert was raised (after [signal alerted]): building-wide wave [param wave]
## (1-based) came in. Once per wave.
signal wave_alerted(wave: int)

## Ticks an alert shows (5 s at 60 ticks per second).
const SHOW_TICKS := 300
## Ticks without a hit after which a bleeding beacon hit again is alerted again.
const QUIET_TICKS := 600
## What is said once per game (the state's [code]said[/code]): the last beacon restored,
## the reclaim ready.
const SAID_ONCE: Array[String] = ["last_beacon", "reclaim_ready"]

## The building whose storeys are watched (set in the scene).
@export var building: OutpostBuilding
## The loop: its clock, tower losses and the reclaim (set in the scene).
@export var loop: OutpostLoop

# Showing alerts: [text, the tick it stops showing].
var _showing: Array = []
# Per bleeding beacon ("floor:x:y"): the tick of its last hit.
var _hit_ticks: Dictionary[String, int] = {}
# Said once per game: SAID_ONCE's.
var _said: Dictionary[String, bool] = {}
# The building's wave last announced (1-based; 0: none yet).
var _wave := 0
# This tick's starts of a wave above _wave: the highest such wave, the floors whose entries
# started it (index: true) and whether it sends drones, aliens. Announced at the tick's end.
var _rising := 0
var _rising_floors: Dictionary[int, bool] = {}
var _rising_drones := false
var _rising_aliens := false


func _init() -> void:
	# After every other node's tick (the entries' starts), so one alert names every floor
	# whose entries started the wave in that tick.
	process_physics_priority = 100


func _ready() -> void:
	building.built.connect(_on_built.unbind(1))
	building.beacon_damaged.connect(_on_beacon_damaged.unbind(2))
	building.beacon_restored.connect(_on_beacon_restored)
	building.shaft_changed.connect(_on_shaft_changed)
	building.wave_started.connect(_on_wave_started)
	loop.tower_destroyed.connect(_on_tower_destroyed)
	loop.factory.machine_destroyed.connect(_on_machine_destroyed)
	loop.reclaimed.connect(_on_reclaimed.unbind(1))


func _physics_process(_delta: float) -> void:
	if _rising > _wave:
		_announce_wave()


## The alerts showing now, oldest first.
func get_alerts() -> PackedStringArray:
	var out := PackedStringArray()
	for alert: Array in _showing:
		if alert[1] > loop.tick:
			out.append(alert[0])
	return out


## Whether [param text] is good news (the last beacon restored, the reclaim ready) rather
## than an alarm: the HUD shows the two apart.
func is_good_news(text: String) -> bool:
	if text == GameText.alert_last_beacon():
		return true
	var console := building.floor_name(building.get_console_floor())
	return text == GameText.alert_reclaim_ready(console)


## The state for a save game: the alerts showing, the bleeding beacons' last hits, what
## was said once and the wave last announced.
func get_state() -> Dictionary:
	var showing: Array = []
	for alert: Array in _showing:
		if alert[1] > loop.tick:
			showing.append(alert.duplicate())
	return {"showing": showing, "hits": _hit_ticks.duplicate(), "said": _said.keys(), "wave": _wave}


## Restores [method get_state]'s state (after the building is built again and its entries
## restored: a state without [code]wave[/code], from an older save, takes the building's
## wave as announced).
func set_state(state: Dictionary) -> void:
	_showing.clear()
	for alert: Array in state.get("showing", []):
		_showing.append([String(alert[0]), int(alert[1])])
	_hit_ticks.clear()
	var hits: Dictionary = state.get("hits", {})
	for key: String in hits:
		_hit_ticks[key] = int(hits[key])
	_said.clear()
	for key: String in state.get("said", []):
		_said[key] = true
	_wave = int(state.get("wave", BuildingCensus.wave(building)))
	_clear_rising()


## "" if [param data] is the alerts' state at the saved clock ([code]context.tick[/code],
## which the loop's check read), else what is wrong, naming the field and its value: an
## alert showing is [code][text, tick][/code] with a tick after the clock and at most
## [constant SHOW_TICKS] after it; a beacon's last hit is a tick of the clock so far; what
## was said once is one of [constant SAID_ONCE]; the wave announced is no later than the
## furthest wave an entry started ([code]context.waves_started[/code], from the
## building's check).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	# Without a clock (a check of this part alone), any tick a clock may show.
	var now: int = context.get("tick", StateCheck.MAX_TICK)
	var first_end: int = now + 1 if context.has("tick") else 0
	var showing := check.list(data, "showing", "alerts")
	for i in showing.size():
		var alert: Variant = showing[i]
		var at := "alerts.showing[%d]" % i
		if alert is Array and (alert as Array).size() == 2 and alert[0] is String:
			check.whole_value(alert[1], at + "[1]", first_end, now + SHOW_TICKS)
		else:
			check.fail("%s is %s, not [text, tick]" % [at, StateCheck.exact(alert)])
	var hits := check.object(data, "hits", "alerts")
	for key: Variant in hits:
		check.whole_value(hits[key], "alerts.hits.%s" % key, 0, now)
	var said := check.list(data, "said", "alerts")
	for i in said.size():
		if not said[i] is String or not SAID_ONCE.has(said[i]):
			check.fail(
				(
					"alerts.said[%d] is %s, not one of %s"
					% [i, StateCheck.exact(said[i]), ", ".join(SAID_ONCE)]
				)
			)
	if data.has("wave"):
		check.whole(data, "wave", "alerts", 0, context.get("waves_started", 1 << 30))
	return check.problem()


## Where [param cell] lies on floor [param floor_index], in words: "Floor 2, north-west",
## "Underground, centre". North is the top of the grid (row 0).
func where(floor_index: int, cell: Vector2i) -> String:
	var layout := building.layouts[floor_index]
	var side := func(at: int, size: int) -> int:
		var third := size / 3.0
		return -1 if at < third else (1 if at >= size - third else 0)
	return GameText.place(
		building.floor_name(floor_index),
		side.call(cell.y, layout.height),
		side.call(cell.x, layout.width)
	)


func _raise(text: String) -> void:
	if loop.is_reclaimed():
		return
	# The same words twice (two shafts in one part of a floor) are one line, shown anew.
	_showing = _showing.filter(
		func(alert: Array) -> bool: return alert[1] > loop.tick and alert[0] != text
	)
	_showing.append([text, loop.tick + SHOW_TICKS])
	alerted.emit(text)


func _on_reclaimed() -> void:
	_showing.clear()


func _on_built() -> void:
	_showing.clear()
	_hit_ticks.clear()
	_said.clear()
	_wave = 0
	_clear_rising()


# Wave [param wave] (0-based) started on an entry of floor [param floor_index]: kept for
# the tick's end if it is above the wave announced.
func _on_wave_started(floor_index: int, entry: EntryPoint, wave: int) -> void:
	var number := wave + 1
	if number <= _wave or number < _rising:
		return
	if number > _rising:
		_clear_rising()
		_rising = number
	_rising_floors[floor_index] = true
	var profile := entry.wave_profile
	_rising_drones = _rising_drones or profile == null or profile.drones_in(wave) > 0
	_rising_aliens = _rising_aliens or (profile != null and profile.aliens_in(wave) > 0)


# The building's wave rose in this tick: one alert for it (none after the win or a defeat).
func _announce_wave() -> void:
	var number := _rising
	var indices := _rising_floors.keys()
	indices.sort()
	var names := PackedStringArray()
	for index: int in indices:
		names.append(building.floor_name(index))
	var drones := _rising_drones
	var aliens := _rising_aliens
	_clear_rising()
	if loop.is_reclaimed() or loop.is_defeated():
		return
	_wave = number
	var floors := WaveText.floors(names)
	if building.genesis_outside:
		_raise(WaveText.alert_outside(number, floors))
	else:
		_raise(WaveText.alert(number, floors, drones, aliens))
	wave_alerted.emit(number)


func _clear_rising() -> void:
	_rising = 0
	_rising_floors.clear()
	_rising_drones = false
	_rising_aliens = false


func _on_beacon_damaged(floor_index: int, beacon: BeaconObject) -> void:
	if not beacon.is_bleeding():
		return
	var key := "%d:%d:%d" % [floor_index, beacon.cell.x, beacon.cell.y]
	var quiet := not _hit_ticks.has(key) or loop.tick - _hit_ticks[key] > QUIET_TICKS
	_hit_ticks[key] = loop.tick
	if quiet:
		_raise(GameText.alert_bleeding(where(floor_index, beacon.cell)))


func _on_beacon_restored(floor_index: int, beacon: BeaconObject) -> void:
	_hit_ticks.erase("%d:%d:%d" % [floor_index, beacon.cell.x, beacon.cell.y])
	if _said.has("last_beacon"):
		return
	if BuildingCensus.restored(building) < BuildingCensus.beacons(building).size():
		return
	_said["last_beacon"] = true
	_raise(GameText.alert_last_beacon())
	if loop.can_reclaim() and not _said.has("reclaim_ready"):
		_said["reclaim_ready"] = true
		_raise(GameText.alert_reclaim_ready(building.floor_name(building.get_console_floor())))


func _on_shaft_changed(floor_index: int, shaft: ShaftConnector, state: int, previous: int) -> void:
	var blocked := ShaftConnector.Throughput.BLOCKED
	if state == blocked and previous == ShaftConnector.Throughput.FLOWING:
		_raise(GameText.alert_shaft_disrupted(where(floor_index, shaft.cell)))


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	_raise(GameText.alert_tower_destroyed(where(floor_index, cell)))


func _on_machine_destroyed(floor_index: int, cell: Vector2i) -> void:
	_raise(FactoryText.alert_machine_destroyed(where(floor_index, cell)))
