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
## [br]- the last beacon restored, and the reclaim ready (once each per game).
## [br]The reclaim is the win: it clears the alerts showing, and none is raised after it.
## [br]An alert shows for [constant SHOW_TICKS] physics ticks of the game's clock
## ([member OutpostLoop.tick]); [method get_alerts] lists those showing, oldest first, from
## the tick it was raised. [signal alerted] tells the HUD (and the sound). The state is
## saved with the game ([method get_state]).

## An alert was raised: [param text] says what and where.
signal alerted(text: String)

## Ticks an alert shows (5 s at 60 ticks per second).
const SHOW_TICKS := 300
## Ticks without a hit after which a bleeding beacon hit again is alerted again.
const QUIET_TICKS := 600

## The building whose storeys are watched (set in the scene).
@export var building: OutpostBuilding
## The loop: its clock, tower losses and the reclaim (set in the scene).
@export var loop: OutpostLoop

# Showing alerts: [text, the tick it stops showing].
var _showing: Array = []
# Per bleeding beacon ("floor:x:y"): the tick of its last hit.
var _hit_ticks: Dictionary[String, int] = {}
# Said once per game: "last_beacon", "reclaim_ready".
var _said: Dictionary[String, bool] = {}


func _ready() -> void:
	building.built.connect(_on_built.unbind(1))
	building.beacon_damaged.connect(_on_beacon_damaged.unbind(2))
	building.beacon_restored.connect(_on_beacon_restored)
	building.shaft_changed.connect(_on_shaft_changed)
	loop.tower_destroyed.connect(_on_tower_destroyed)
	loop.factory.machine_destroyed.connect(_on_machine_destroyed)
	loop.reclaimed.connect(_on_reclaimed.unbind(1))


## The alerts showing now, oldest first.
func get_alerts() -> PackedStringArray:
	var out := PackedStringArray()
	for alert: Array in _showing:
		if alert[1] > loop.tick:
			out.append(alert[0])
	return out


## The state for a save game: the alerts showing, the bleeding beacons' last hits and what
## was said once.
func get_state() -> Dictionary:
	var showing: Array = []
	for alert: Array in _showing:
		if alert[1] > loop.tick:
			showing.append(alert.duplicate())
	return {"showing": showing, "hits": _hit_ticks.duplicate(), "said": _said.keys()}


## Restores [method get_state]'s state (after the building is built again).
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


## "" if [param data] is the alerts' state, else what is wrong.
static func check_state(data: Dictionary, _context: Dictionary) -> String:
	var check := StateCheck.new()
	for alert: Variant in check.list(data, "showing", "alerts"):
		var ok: bool = alert is Array and (alert as Array).size() == 2 and alert[0] is String
		if not ok or not alert[1] is float or not is_finite(alert[1]):
			check.fail("alerts.showing: %s is not [text, tick]" % [alert])
	var hits := check.object(data, "hits", "alerts")
	for key: Variant in hits:
		if not hits[key] is float or not is_finite(hits[key]):
			check.fail("alerts.hits.%s is %s, not a tick" % [key, hits[key]])
	check.list(data, "said", "alerts")
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
	_showing = _showing.filter(func(alert: Array) -> bool: return alert[1] > loop.tick)
	_showing.append([text, loop.tick + SHOW_TICKS])
	alerted.emit(text)


func _on_reclaimed() -> void:
	_showing.clear()


func _on_built() -> void:
	_showing.clear()
	_hit_ticks.clear()
	_said.clear()


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
