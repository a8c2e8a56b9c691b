class_name GameAlerts
extends Node
## The alerts of a game: what the player must hear about at once, wherever it happens,
## each naming its floor and where on it. Every alert comes from the state of what it is
## about, whatever caused it:
## [br]- a beacon [b]bleeding[/b]: a beacon that was restored once takes damage
##   ([signal BeaconObject.damaged] while [method BeaconObject.is_bleeding]); it is not said
##   again while that beacon keeps being hit (until [constant QUIET_TICKS] pass without a
##   hit, or it is restored again). A beacon never restored has nothing to lose: no alert;
## [br]- a tower destroyed ([signal OutpostLoop.tower_destroyed]);
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
	loop.tower_destroyed.connect(_on_tower_destroyed)
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


## Where [param cell] lies on floor [param floor_index], in words: "Floor 2, north-west",
## "Underground, centre". North is the top of the grid (row 0).
func where(floor_index: int, cell: Vector2i) -> String:
	var layout := building.layouts[floor_index]
	var side := func(at: int, size: int, low: String, high: String) -> String:
		var third := size / 3.0
		return low if at < third else (high if at >= size - third else "")
	var north_south: String = side.call(cell.y, layout.height, "north", "south")
	var west_east: String = side.call(cell.x, layout.width, "west", "east")
	var direction := (
		north_south + ("-" if not north_south.is_empty() and not west_east.is_empty() else "")
	)
	direction += west_east
	return (
		"%s, %s"
		% [building.floor_name(floor_index), direction if not direction.is_empty() else "centre"]
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
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		for beacon in storey.get_beacons():
			beacon.damaged.connect(_on_beacon_damaged.bind(beacon, index).unbind(2))
			beacon.restored.connect(_on_beacon_restored.bind(beacon, index))
		for shaft in storey.get_shafts():
			shaft.throughput_changed.connect(_on_shaft_changed.bind(shaft, index))


func _on_beacon_damaged(beacon: BeaconObject, floor_index: int) -> void:
	if not beacon.is_bleeding():
		return
	var key := "%d:%d:%d" % [floor_index, beacon.cell.x, beacon.cell.y]
	var quiet := not _hit_ticks.has(key) or loop.tick - _hit_ticks[key] > QUIET_TICKS
	_hit_ticks[key] = loop.tick
	if quiet:
		_raise("Beacon bleeding: %s" % where(floor_index, beacon.cell))


func _on_beacon_restored(beacon: BeaconObject, floor_index: int) -> void:
	_hit_ticks.erase("%d:%d:%d" % [floor_index, beacon.cell.x, beacon.cell.y])
	if _said.has("last_beacon"):
		return
	if BuildingCensus.restored(building) < BuildingCensus.beacons(building).size():
		return
	_said["last_beacon"] = true
	_raise("Last beacon restored: every beacon of the building is up")
	if loop.can_reclaim() and not _said.has("reclaim_ready"):
		_said["reclaim_ready"] = true
		_raise(
			(
				"Reclaim ready: RECLAIM BUILDING at the console (%s)"
				% building.floor_name(building.get_console_floor())
			)
		)


func _on_shaft_changed(
	state: ShaftConnector.Throughput,
	previous: ShaftConnector.Throughput,
	shaft: ShaftConnector,
	floor_index: int
) -> void:
	var blocked := ShaftConnector.Throughput.BLOCKED
	if state == blocked and previous == ShaftConnector.Throughput.FLOWING:
		_raise("Shaft disrupted: %s (a drone blocks its feed)" % where(floor_index, shaft.cell))


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	_raise("Tower destroyed: %s" % where(floor_index, cell))
