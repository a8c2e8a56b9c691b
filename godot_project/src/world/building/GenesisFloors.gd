class_name GenesisFloors
extends RefCounted
## Genesis in its building, a part of [OutpostBuilding]: which floor it is on and how it
## moves between floors. It puts Genesis on the ground floor's ENTRANCE after a build, on a
## saved floor and cell for a load, and up or down the staircase in travel mode; it relays
## the staircases' events to Genesis, says which swarm hunts it each tick (only its own
## floor's, and none while it is outside), and writes and reads the Genesis part of the
## building's save. The building keeps [member OutpostBuilding.genesis_floor] and emits
## its signals; this part changes them.

var _building: OutpostBuilding


## Works for [param building] (its layouts, storeys, floors and [member
## OutpostBuilding.genesis]).
func _init(building: OutpostBuilding) -> void:
	_building = building


## After a build: Genesis on the ground floor's ENTRANCE.
func spawn() -> void:
	var genesis := _building.genesis
	var ground := _building.get_ground_floor()
	if genesis != null and not _building.layouts.is_empty():
		genesis.spawn_on(_building.layouts[ground], _building.storey_origin(ground))
		genesis.navigator = _building.get_navigator(ground)


## Genesis on [param cell] of floor [param index], that floor viewed (the building then
## updates what is shown); false if there is no such floor or Genesis.
func place(index: int, cell: Vector2i) -> bool:
	if _building.genesis == null or index < 0 or index >= _building.layouts.size():
		return false
	_arrive(index, cell)
	return true


## One floor up ([param step] 1) or down (-1) in travel mode, only while Genesis is on the
## staircase; false if it did not move.
func climb(step: int) -> bool:
	var genesis := _building.genesis
	var destination := _building.genesis_floor + step
	if genesis == null or destination < 0 or destination >= _building.layouts.size():
		return false
	if not genesis.is_on_staircase():
		return false
	_arrive(destination, _building.layouts[destination].staircase_cell)
	return true


## The cell each floor's swarm hunts this tick: Genesis's on its own floor, none on the
## others or while Genesis is outside.
func hunt() -> void:
	var genesis := _building.genesis
	if genesis == null:
		return
	var heat := genesis.current_cell()
	for index in _building.get_storey_count():
		var hunted := index == _building.genesis_floor and not _building.genesis_outside
		_building.get_swarm(index).set_heat_cell(heat if hunted else Vector2i(-1, -1))


## Relays a staircase's [param entered] or left event for [param body] to Genesis.
func on_staircase(body: Node3D, staircase: StaircaseObject, entered: bool) -> void:
	var genesis := _building.genesis
	if genesis == null or body != genesis:
		return
	if entered:
		genesis.enter_staircase(staircase)
	else:
		genesis.leave_staircase(staircase)


## Where Genesis is, for a save: [code]{floor, cell, on_staircase}[/code]; outside, the
## ground floor's ENTRANCE (where it comes back in).
func get_state() -> Dictionary:
	var genesis := _building.genesis
	var at := genesis.current_cell() if genesis != null else Vector2i.ZERO
	if _building.genesis_outside:
		at = _building.layouts[_building.get_ground_floor()].entrance_cell
	return {
		"floor": _building.genesis_floor,
		"cell": StateCheck.list_of(at),
		"on_staircase": genesis != null and genesis.is_on_staircase(),
	}


## Restores [method get_state]'s Genesis: its floor and cell, and the staircase if it
## stood on it.
func set_state(data: Dictionary) -> void:
	var floor_index := int(data["floor"])
	place(floor_index, StateCheck.cell_of(data["cell"]))
	var staircase := _building.get_staircase(floor_index)
	if _building.genesis != null and data.get("on_staircase", false) and staircase != null:
		_building.genesis.enter_staircase(staircase)


func _arrive(index: int, cell: Vector2i) -> void:
	var genesis := _building.genesis
	_building.genesis_floor = index
	genesis.place_on_storey(_building.layouts[index], _building.storey_origin(index), cell)
	genesis.navigator = _building.get_navigator(index)
	_building.genesis_floor_changed.emit(index)
	_building.set_viewed_floor(index)
