class_name OutpostGame
extends Node3D
## The playable outpost: wires an [OutpostBuilding], an [OutpostGenesis] and the HUD.
##
## On ready it hands the building its Genesis and builds [member building_seed]; the
## building then relays staircase events to Genesis and moves it between floors. The
## camera follows Genesis at the height of the viewed floor. Actions (declared in
## project.godot, listed on screen from the [InputMap]): ascend and descend change floor,
## toggle_travel_mode switches preview and travel mode, back_to_menu returns to
## [member menu_scene]. Lighting is fixed: one [DirectionalLight3D] and an environment.

## back_to_menu was pressed (emitted before the scene changes).
signal menu_requested

## The main menu, where back_to_menu leads.
const MAIN_MENU_SCENE := "res://scenes/main_menu.tscn"
## Camera position relative to the point it looks at (Genesis, on the viewed floor).
const CAMERA_OFFSET := Vector3(0.0, 13.0, 8.5)

## Master seed of the building.
@export var building_seed := 20260316
## Outpost level of the building, within the core's range (1-4).
@export_range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)
var outpost_level := 2
## Number of storeys above ground; the slider offers up to 6, the core takes up to
## [constant StoreyGenerator.MAX_STOREYS].
@export_range(StoreyGenerator.MIN_STOREYS, 6, 1, "or_greater") var storey_count := 3
## The scene back_to_menu changes to; empty: only [signal menu_requested] is emitted.
@export_file("*.tscn") var menu_scene := MAIN_MENU_SCENE
## How fast the camera catches up with Genesis (per second; 0 snaps).
@export_range(0.0, 30.0, 0.5) var camera_follow_rate := 6.0

## The building (its storeys, floors and modes).
@onready var building: OutpostBuilding = $Building
## The player's Genesis.
@onready var genesis: OutpostGenesis = $Genesis
## The camera following Genesis.
@onready var camera: Camera3D = $Camera
## The heads-up display.
@onready var hud: OutpostHud = $HUD


func _ready() -> void:
	building.genesis = genesis
	building.active_floor_changed.connect(_on_floor_changed)
	building.genesis_floor_changed.connect(_on_floor_changed)
	building.travel_mode_changed.connect(hud.show_mode)
	genesis.reached_staircase.connect(_on_staircase_changed)
	genesis.left_staircase.connect(_on_staircase_changed)
	genesis.health_changed.connect(hud.show_health)
	hud.show_mode(building.travel_mode)
	hud.show_health(genesis.health, genesis.stats.max_health)
	hud.show_staircase(false)
	rebuild(building_seed)


func _process(delta: float) -> void:
	var weight := 1.0 if camera_follow_rate <= 0.0 else 1.0 - exp(-camera_follow_rate * delta)
	camera.global_position = camera.global_position.lerp(camera_goal(), weight)


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"ascend"):
		building.ascend()
	elif event.is_action_pressed(&"descend"):
		building.descend()
	elif event.is_action_pressed(&"toggle_travel_mode"):
		building.travel_mode = not building.travel_mode
	elif event.is_action_pressed(&"back_to_menu"):
		return_to_menu()
	else:
		return
	get_viewport().set_input_as_handled()


## Builds the building again from [param master_seed] and puts Genesis on its ground
## floor; the camera jumps there.
func rebuild(master_seed: int) -> void:
	building_seed = master_seed
	building.build(master_seed, outpost_level, storey_count)
	_refresh_hud()
	camera.look_at_from_position(camera_goal(), camera_goal() - CAMERA_OFFSET)


## Where the camera heads: [constant CAMERA_OFFSET] from Genesis, taken at the height of
## the viewed floor.
func camera_goal() -> Vector3:
	var focus := genesis.global_position
	focus.y = building.storey_origin(building.viewed_floor).y
	return focus + CAMERA_OFFSET


## Number of beacons on storey [param index].
func count_beacons(index: int) -> int:
	return BeaconObject.in_storey(building.get_storey(index)).size()


## Emits [signal menu_requested] and changes to [member menu_scene] (if set).
func return_to_menu() -> void:
	menu_requested.emit()
	if not menu_scene.is_empty():
		get_tree().change_scene_to_file.call_deferred(menu_scene)


func _refresh_hud() -> void:
	hud.show_floors(building.viewed_floor, building.genesis_floor, building.get_storey_count())
	hud.show_beacons(count_beacons(building.viewed_floor))
	hud.show_staircase(genesis.is_on_staircase())
	genesis.visible = building.genesis_floor <= building.viewed_floor


func _on_floor_changed(_index: int) -> void:
	_refresh_hud()


func _on_staircase_changed() -> void:
	hud.show_staircase(genesis.is_on_staircase())
