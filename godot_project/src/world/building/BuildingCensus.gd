class_name BuildingCensus
extends RefCounted
## Counts over an [OutpostBuilding]'s storeys, for the loop and the HUD: beacons (and how
## many are restored), connected shafts, towers, agents and the wave. A floor of -1 counts
## every floor.
##
## The counts are static functions. An instance [method watch]es a building and emits
## [signal changed] (once per frame at most) when a count may have changed: a beacon's
## progress, a wave started, a shaft connected, a tower built or gone, agents spawned or
## destroyed, a new build. A display reads the counts then, instead of every frame.

## A count of the watched building may have changed.
signal changed

var _building: OutpostBuilding
var _pending := false


## Starts watching [param building] (and every storey it builds from now on), through its
## relays: connected once.
func watch(building: OutpostBuilding) -> void:
	_building = building
	building.built.connect(_mark.unbind(1))
	building.beacon_progress_changed.connect(_mark.unbind(3))
	building.wave_started.connect(_mark.unbind(3))
	building.shaft_changed.connect(_mark.unbind(4))
	building.agents_changed.connect(_mark.unbind(2))
	building.tower_added.connect(_mark.unbind(2))
	building.tower_removed.connect(_mark.unbind(2))
	_mark()


## The beacons of floor [param floor_index] (every floor with -1), floor by floor.
static func beacons(building: OutpostBuilding, floor_index: int = -1) -> Array[BeaconObject]:
	var out: Array[BeaconObject] = []
	for storey in _storeys(building, floor_index):
		out.append_array(storey.get_beacons())
	return out


## Restored beacons on floor [param floor_index] (every floor with -1).
static func restored(building: OutpostBuilding, floor_index: int = -1) -> int:
	var count := 0
	for beacon in beacons(building, floor_index):
		count += int(beacon.is_restored())
	return count


## Shafts connected (in any state but DISCONNECTED) in the building.
static func connected_shafts(building: OutpostBuilding) -> int:
	var count := 0
	for storey in _storeys(building, -1):
		for shaft in storey.get_shafts():
			count += int(shaft.throughput != ShaftConnector.Throughput.DISCONNECTED)
	return count


## Towers standing on floor [param floor_index] (every floor with -1).
static func towers(building: OutpostBuilding, floor_index: int = -1) -> int:
	var count := 0
	for storey in _storeys(building, floor_index):
		count += storey.get_towers().get_child_count()
	return count


## Agents alive on floor [param floor_index] (every floor with -1).
static func agents(building: OutpostBuilding, floor_index: int = -1) -> int:
	var count := 0
	for storey in _storeys(building, floor_index):
		count += storey.get_swarm().get_agent_count()
	return count


## Agents (drones and aliens) the entries of floor [param floor_index] (every floor with
## -1) have sent since the building was built.
static func sent(building: OutpostBuilding, floor_index: int = -1) -> int:
	var count := 0
	for storey in _storeys(building, floor_index):
		for entry in storey.get_entries():
			count += entry.get_spawned_count()
	return count


## The wave being sent, 1-based (0 before the first): the furthest any entry has got.
static func wave(building: OutpostBuilding) -> int:
	var furthest := 0
	for storey in _storeys(building, -1):
		for entry in storey.get_entries():
			furthest = maxi(furthest, entry.get_waves_started())
	return furthest


static func _storeys(building: OutpostBuilding, floor_index: int) -> Array[OutpostStorey]:
	var out: Array[OutpostStorey] = []
	for index in building.get_storey_count():
		if floor_index < 0 or index == floor_index:
			out.append(building.get_storey(index))
	return out


func _mark() -> void:
	if not _pending:
		_pending = true
		_emit.call_deferred()


func _emit() -> void:
	_pending = false
	changed.emit()
