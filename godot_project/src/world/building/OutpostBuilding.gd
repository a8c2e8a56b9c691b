# gdlint:ignore = max-public-methods
# (The building is what the game, its parts and tests ask about floors, storeys and their
# parts; each method is one question.)
class_name OutpostBuilding
extends Node3D
## A building of stacked storeys: generates them, draws them, spawns their objects and
## tracks which floor is viewed and which one Genesis is on.
##
## [method build] generates the storeys with [method StoreyGenerator.generate_building]
## (their staircases line up) and gives each an [OutpostStorey] node
## [code]Storey<i>[/code] at y = i × [constant STOREY_HEIGHT], in the tree before its parts
## are assembled, so physics queries see its walls at once. A storey holds its renderer,
## its [StoreySwarm] and [StoreyNavigator] (the storey's drones and aliens, into which its
## entry points spawn), its objects, towers and scrap ([method get_storey]). Each physics
## tick the swarm of Genesis's floor gets Genesis's cell as its heat cell (the others get
## none), so aliens chase Genesis on its own floor only. With [member underground], the
## building also has an UNDERGROUND storey below the others (floor 0, so the ground floor
## is floor 1), whose control room ([ControlRoom]) holds the [ConsoleObject].
##
## Two floors: [member viewed_floor] (what the camera shows: only its storey is drawn, with
## its agents, towers, scrap and objects; every other storey node is hidden, visually
## only, so hidden walls keep colliding, and so is Genesis when it is on another floor)
## and [member genesis_floor]. Every call that changes the view ([method build],
## [method set_viewed_floor], [method ascend], [method descend], [method place_genesis])
## hides the other storeys before it returns. [method ascend] and [method descend] move the
## view in preview mode; in [member travel_mode] Genesis too, only while on the staircase.
## The parent hands the building its [member genesis]; the building relays each storey's
## [StaircaseObject] events to it ([method OutpostGenesis.enter_staircase],
## [method OutpostGenesis.leave_staircase]) and places it on the ENTRANCE of the ground
## floor ([method get_ground_floor]) after each [method build]. How Genesis moves between
## floors, and its part of the save, is the building's part [GenesisFloors].

## [member viewed_floor] changed (to [param index]).
signal active_floor_changed(index: int)
## [member genesis_floor] changed (to [param index]).
signal genesis_floor_changed(index: int)
## [member travel_mode] changed.
signal travel_mode_changed(enabled: bool)
## [method build] finished with [param storey_count] storeys.
signal built(storey_count: int)

# The storeys' events, relayed once for every storey with its floor, so that an observer
# connects once (not on every build to every object).
## A beacon on floor [param floor_index] took [param amount] damage (health now [param health]).
signal beacon_damaged(floor_index: int, beacon: BeaconObject, amount: float, health: float)
## A beacon on floor [param floor_index] became full.
signal beacon_restored(floor_index: int, beacon: BeaconObject)
## A beacon's restoration progress on floor [param floor_index] changed.
signal beacon_progress_changed(floor_index: int, beacon: BeaconObject, progress: float)
## A shaft's throughput on floor [param floor_index] changed from [param previous].
signal shaft_changed(floor_index: int, shaft: ShaftConnector, state: int, previous: int)
## An entry point on floor [param floor_index] started wave [param wave] (0-based).
signal wave_started(floor_index: int, entry: EntryPoint, wave: int)
## Agent [param id] of kind [param kind] was destroyed on [param cell] of floor [param floor_index].
signal agent_destroyed(floor_index: int, id: int, kind: int, cell: Vector2i)
## The number of agents on floor [param floor_index] changed.
signal agents_changed(floor_index: int, count: int)
## [param amount] scrap was collected from [param cell] of floor [param floor_index].
signal scrap_collected(floor_index: int, cell: Vector2i, amount: float)
## A tower was built (or loaded) on floor [param floor_index].
signal tower_added(floor_index: int, tower: TowerObject)
## The tower on [param cell] of floor [param floor_index] was taken away (removed, or
## destroyed).
signal tower_removed(floor_index: int, cell: Vector2i)
## The tower on [param cell] of floor [param floor_index] was destroyed.
signal tower_destroyed(floor_index: int, cell: Vector2i)
## A tower on floor [param floor_index] shot agent [param id] at [param target].
signal tower_fired(floor_index: int, tower: TowerObject, id: int, target: Vector3)

## Vertical distance between two storeys' floors, in metres.
const STOREY_HEIGHT := 3.0

## The look of every storey (null: the renderer's default theme).
@export var cell_definitions: CellDefinitions
@export_group("Object scenes")
## Spawned on every BEACON cell. Held here, loaded once with the building, rather than
## loaded by each storey's spawner when it enters the tree.
@export var beacon_scene: PackedScene = preload("res://src/world/objects/BeaconObject.tscn")
## Spawned on every ENTRY cell.
@export var entry_scene: PackedScene = preload("res://src/world/objects/EntryPoint.tscn")
## Spawned on the STAIRCASE cell.
@export var staircase_scene: PackedScene = preload("res://src/world/objects/StaircaseObject.tscn")
## Spawned on every SHAFT cell.
@export var shaft_scene: PackedScene = preload("res://src/world/objects/ShaftConnector.tscn")
## Placed on the console cell of the underground storey.
@export var console_scene: PackedScene = preload("res://src/world/objects/ConsoleObject.tscn")
## Instantiated by [method add_tower].
@export var tower_scene: PackedScene = preload("res://src/world/objects/TowerObject.tscn")
@export_group("")
## Whether the storeys' walls step aside between the camera and Genesis
## ([member StoreyRenderer.wall_cutaway]).
@export var wall_cutaway := false
## Whether [method build] adds an UNDERGROUND storey (with the control console) below the
## storeys it is asked for, as floor 0. Off by default, so that build(seed, level, n)
## makes the n storeys it always made.
@export var underground := false

## The storeys' layouts, bottom first (empty before [method build]).
var layouts: Array[StoreyLayout] = []
## The authored rooms the building was made with, template name -> text (what a save
## keeps, so that a load regenerates the same storeys whatever the game's room files
## say by then); empty for a building without rooms.
var room_texts := {}
## The master seed of the building built (0 before [method build]).
var master_seed := 0
## The outpost level of the building built: the one owner of the level in a game (the loop,
## the menu's summary and the save read it here).
var outpost_level := 1
## How many storeys above ground were asked for (the UNDERGROUND one comes on top of them).
var storeys_above_ground := 0
## The floor the camera shows; every other storey is hidden.
var viewed_floor := 0
## The floor Genesis is on.
var genesis_floor := 0
## Travel mode: [method ascend] and [method descend] move Genesis with the view, and only
## while it is on the staircase. Off (preview mode), they move only the view.
var travel_mode := false:
	set(value):
		if value == travel_mode:
			return
		travel_mode = value
		for storey in _storeys:
			if storey.get_staircase() != null:
				storey.get_staircase().travel_mode = value
		travel_mode_changed.emit(value)
## The Genesis to relay staircase events to and to move between floors (set by the
## parent; may be null).
var genesis: OutpostGenesis
## Whether Genesis is out of the building (on the surface): then no swarm hunts its cell,
## and a save keeps it at the ground floor's ENTRANCE, where it comes back in.
var genesis_outside := false
## Whether the objects' prompts show in the world (the staircases' and the console's):
## off while the build ghost's tag is the world's one label ([method set_prompts_enabled]).
var prompts_enabled := true

var _storeys: Array[OutpostStorey] = []
var _floors := GenesisFloors.new(self)


## Replaces the building with [param storey_count] storeys generated from
## [param seed_value] at outpost level [param level] with the game's rooms
## ([method GameRooms.settings]), shows the ground floor and puts [member genesis] on its
## ENTRANCE ([method OutpostGenesis.spawn_on]). Bad arguments: the generator's error and
## an empty building.
func build(seed_value: int, level: int, storey_count: int = 3) -> void:
	var made := GameRooms.building(seed_value, storey_count, level, underground)
	build_from(made, seed_value, level, storey_count, GameRooms.texts_by_name())


## [method build] from [param made], layouts already generated for [param seed_value],
## [param level] and [param storey_count] with the rooms of [param rooms] (template name
## -> text; a loaded game, whose check generated them: nothing is generated twice).
func build_from(
	made: Array[StoreyLayout], seed_value: int, level: int, storey_count: int, rooms := {}
) -> void:
	clear()
	room_texts = rooms.duplicate()
	layouts.assign(made)
	master_seed = seed_value
	outpost_level = level
	storeys_above_ground = storey_count
	for index in layouts.size():
		_storeys.append(_add_storey(index))
	var ground := get_ground_floor()
	viewed_floor = ground
	genesis_floor = ground
	_update_visibility()
	_floors.spawn()
	active_floor_changed.emit(viewed_floor)
	genesis_floor_changed.emit(genesis_floor)
	built.emit(layouts.size())


## Shows the objects' prompts in the world or hides them ([member prompts_enabled]).
func set_prompts_enabled(on: bool) -> void:
	prompts_enabled = on
	for storey in _storeys:
		if storey.get_staircase() != null:
			storey.get_staircase().prompt_enabled = on
	if not on and get_console() != null:
		get_console().set_prompt("")


## Frees every storey at once (their walls leave physics immediately).
func clear() -> void:
	for storey in _storeys:
		storey.free()
	_storeys.clear()
	layouts.clear()


## Number of storeys built.
func get_storey_count() -> int:
	return _storeys.size()


## The ground floor's index: 1 with an [member underground] storey below it, else 0.
func get_ground_floor() -> int:
	return 1 if underground and layouts.size() > 1 else 0


## The floor holding the control console (the underground storey), or -1 without one.
func get_console_floor() -> int:
	return 0 if underground and not layouts.is_empty() else -1


## The name the player knows floor [param index] by: "Underground" for the console's
## floor, "Floor 1" for the ground floor and so on up.
func floor_name(index: int) -> String:
	return GameText.floor_name(index == get_console_floor(), index - get_ground_floor() + 1)


## The control console, or null without an underground storey.
func get_console() -> ConsoleObject:
	var storey := get_storey(get_console_floor())
	return storey.get_console() if storey != null else null


## The node of the storey on floor [param index] (its renderer and objects are under
## it); null if there is no such storey.
func get_storey(index: int) -> OutpostStorey:
	return _storeys[index] if index >= 0 and index < _storeys.size() else null


## The renderer of the storey on floor [param index], or null.
func get_renderer(index: int) -> StoreyRenderer:
	var storey := get_storey(index)
	return storey.get_renderer() if storey != null else null


## The swarm (drones and aliens) of the storey on floor [param index], or null.
func get_swarm(index: int) -> StoreySwarm:
	var storey := get_storey(index)
	return storey.get_swarm() if storey != null else null


## The navigator (distance fields, towers) of the storey on floor [param index]: its
## swarm's, so towers placed on it block that storey's agents. Null if there is no such storey.
func get_navigator(index: int) -> StoreyNavigator:
	var swarm := get_swarm(index)
	return swarm.get_navigator() if swarm != null else null


## The object spawner of the storey on floor [param index], or null.
func get_spawner(index: int) -> StoreyObjectSpawner:
	var storey := get_storey(index)
	return storey.get_spawner() if storey != null else null


## The staircase object of the storey on floor [param index], or null.
func get_staircase(index: int) -> StaircaseObject:
	var storey := get_storey(index)
	return storey.get_staircase() if storey != null else null


## Global position of cell (0, 0)'s corner of floor [param index], at floor level.
func storey_origin(index: int) -> Vector3:
	return to_global(Vector3(0.0, index * STOREY_HEIGHT, 0.0))


## One floor up: the view alone in preview mode; Genesis and the view in travel mode,
## only while Genesis is on the staircase. False if nothing moved.
func ascend() -> bool:
	return _change_floor(1)


## One floor down; see [method ascend].
func descend() -> bool:
	return _change_floor(-1)


## Puts [member genesis] on [param cell] of floor [param index] and views that floor (a
## loaded game). False if there is no such floor or Genesis.
func place_genesis(index: int, cell: Vector2i) -> bool:
	if not _floors.place(index, cell):
		return false
	_update_visibility()
	return true


## Shows the storey of floor [param index] and hides every other one (visuals only).
func set_viewed_floor(index: int) -> void:
	if index < 0 or index >= _storeys.size() or index == viewed_floor:
		return
	viewed_floor = index
	_update_visibility()
	active_floor_changed.emit(index)


## The state for a save game: the seed (a string: 64-bit seeds do not survive JSON
## numbers), level and storeys it was built from, the rooms it was made with
## ([member room_texts]), where Genesis is
## ([code]{floor, cell, on_staircase}[/code]) and every floor's state
## ([method OutpostStorey.get_state]), bottom first.
func get_state() -> Dictionary:
	var floors: Array = []
	for storey in _storeys:
		floors.append(storey.get_state())
	return {
		"seed": str(master_seed),
		"level": outpost_level,
		"storeys": storeys_above_ground,
		"rooms": room_texts.duplicate(),
		"genesis": _floors.get_state(),
		"floors": floors,
	}


## "" if [param data] is a building's state, else what is wrong ([method BuildingCheck.check]:
## it generates the layouts once, into [code]context.layouts[/code], for every later check
## and for the load itself).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	return BuildingCheck.check(data, context)


## Restores [method get_state]'s state on a building freshly built from the same layouts
## ([method build_from]): Genesis on its floor and cell (and the staircase, if it stood
## on it), then every floor's parts.
func set_state(data: Dictionary) -> void:
	_floors.set_state(data["genesis"])
	_update_visibility()
	var floors: Array = data["floors"]
	for index in mini(floors.size(), _storeys.size()):
		_storeys[index].set_state(floors[index])


func _physics_process(_delta: float) -> void:
	_floors.hunt()


func _change_floor(step: int) -> bool:
	if not travel_mode:
		var target := viewed_floor + step
		if target < 0 or target >= _storeys.size():
			return false
		set_viewed_floor(target)
		return true
	if not _floors.climb(step):
		return false
	_update_visibility()
	return true


# Storey `index`: its node in the tree at its height first, so that its walls enter the
# physics space already in place, then its parts (OutpostStorey.assemble).
func _add_storey(index: int) -> OutpostStorey:
	var storey := OutpostStorey.new()
	storey.name = "Storey%d" % index
	storey.position = Vector3(0.0, index * STOREY_HEIGHT, 0.0)
	add_child(storey)
	storey.assemble(layouts[index], self, index == get_console_floor())
	storey.relay_to(self, index)
	var staircase := storey.get_staircase()
	if staircase != null:
		staircase.can_ascend = index < layouts.size() - 1
		staircase.can_descend = index > 0
		staircase.travel_mode = travel_mode
		staircase.prompt_enabled = prompts_enabled
		staircase.occupant_entered.connect(_floors.on_staircase.bind(staircase, true))
		staircase.occupant_exited.connect(_floors.on_staircase.bind(staircase, false))
	return storey


func _update_visibility() -> void:
	for index in _storeys.size():
		_storeys[index].visible = index == viewed_floor
	if genesis != null:
		genesis.visible = genesis_floor == viewed_floor
