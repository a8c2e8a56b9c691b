# gdlint:ignore = max-public-methods
# (The scripting surface is the game's one public face for tests, mods and tools: one
# delegation per action of the player.)
class_name OutpostGame
extends Node3D
## The playable outpost: wires an [OutpostBuilding] (with its UNDERGROUND storey and the
## console), an [OutpostGenesis], the rules at work ([OutpostLoop]), the alerts, build
## mode, the camera, the HUD, the pause menu and the end screens (the sound, the hints and
## the saves screen wire themselves, by the scene's exports). On ready it builds
## [member building_seed]. It routes the game's own actions (floors, travel mode, interact,
## the pause menu; docs/playing.md lists every key), and is the scripting surface for
## tests, mods and tools (docs/api.md): each method obeys the rules of the player's own
## action, except that [method reclaim] does not need Genesis at the console. A floor is an
## index into [member OutpostBuilding.layouts], bottom first (UNDERGROUND is floor 0).

## The main menu was asked for (emitted before the scene changes).
signal menu_requested
## A game was loaded from a file.
signal loaded

## The main menu, where Main menu leads.
const MAIN_MENU_SCENE := "res://src/game/main_menu.tscn"
## Slot 1 of the saves screen ([constant SaveSlots.FIRST]; the pause menu's one file
## before there were slots).
const SAVE_PATH := SaveSlots.FIRST
## The quick slot: where quick_save and quick_load write and read
## ([constant SaveSlots.QUICK]).
const QUICK_SAVE_PATH := SaveSlots.QUICK

## Master seed of the building.
@export var building_seed := 20260316
## Outpost level of the next building [method rebuild] makes, within the core's range (1-4);
## a load sets it to the loaded game's. The running game's level is the building's
## ([member OutpostBuilding.outpost_level]), which everything in the game reads.
@export_range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)
var outpost_level := 2
## Number of storeys above ground (the UNDERGROUND storey is added below them); the
## slider offers up to 6, the core takes up to [constant StoreyGenerator.MAX_STOREYS].
@export_range(StoreyGenerator.MIN_STOREYS, 6, 1, "or_greater") var storey_count := 3
## A save to load as the game starts, instead of a new building (the main menu's Continue
## and Load…); "" for a new game. If it cannot be loaded, the new game starts and says why.
@export_file("*.json") var start_save := ""
## Whether a new game starts out on the surface, beside the building's door (the game's
## way); off, Genesis starts on the ground floor's ENTRANCE (tests of the building's play).
@export var start_outside := true
## The scene Main menu changes to; empty: only [signal menu_requested] is emitted.
@export_file("*.tscn") var menu_scene := MAIN_MENU_SCENE

## The building (its storeys, floors and modes).
@onready var building: OutpostBuilding = $Building
## The player's Genesis.
@onready var genesis: OutpostGenesis = $Genesis
## The surface around the building, where a new game starts.
@onready var surface: OutpostSurface = $Surface
## The camera framing the viewed storey.
@onready var camera: OutpostCamera = $Camera
## The rules at work: materials, beacons, towers, aliens, reclaim.
@onready var loop: OutpostLoop = $Loop
## What the player must hear about at once (a beacon bleeding, a tower lost...).
@onready var alerts: GameAlerts = $Alerts
## Build mode: the ghost and the tower zones.
@onready var builder: BuildMode = $BuildMode
## The heads-up display.
@onready var hud: OutpostHud = $HUD
## The pause menu.
@onready var pause_menu: PauseMenu = $PauseMenu
## The win banner and the defeat screen.
@onready var end_screen: EndScreen = $EndScreen
## The save and load screen.
@onready var saves: SavesScreen = $SavesScreen
## Asks before Main menu or a close drops play not saved.
@onready var leave_guard: LeaveGuard = $LeaveGuard


func _ready() -> void:
	building.underground = true
	building.wall_cutaway = true
	building.genesis = genesis
	building.active_floor_changed.connect(frame_view.bind(false).unbind(1))
	surface.went_outside.connect(frame_view.bind(true))
	surface.went_inside.connect(frame_view.bind(true))
	surface.went_outside.connect(builder.set_active.bind(false))
	loop.reclaimed.connect(_on_reclaimed.unbind(1))
	loop.defeated.connect(_on_defeated)
	camera.target = genesis
	camera.building = building
	pause_menu.chosen.connect(_on_pause_choice)
	end_screen.chosen.connect(_on_pause_choice)
	saves.saver = save_game
	saves.loader = load_game
	saves.checker = check_save
	saves.loaded.connect(_on_loaded_from_screen)
	loaded.connect(leave_guard.mark_saved.bind(OK))
	builder.toggled.connect(_on_build_mode_toggled)
	builder.locked.connect(func() -> void: hud.alert(GameText.build_locked()))
	hud.watch(building, loop, genesis, builder, alerts, surface)
	var save := start_save
	if save.is_empty():
		save = save_argument(OS.get_cmdline_user_args())
	var error := load_game(save) if not save.is_empty() else FAILED
	if error != OK:
		rebuild(building_seed)
	builder.loop = loop  # after the first build: it follows loop.building
	# A failed load says why; a slot's backup loaded in its place says so.
	if not save.is_empty() and (error != OK or save.ends_with(SaveGame.BACKUP_SUFFIX)):
		hud.alert(SaveSlots.save_result(false, error, save))


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"ascend"):
		_change_floor(1)
	elif event.is_action_pressed(&"descend"):
		_change_floor(-1)
	elif event.is_action_pressed(&"toggle_travel_mode"):
		building.travel_mode = not building.travel_mode
	elif event.is_action(&"interact") and not event.is_echo():
		set_interacting(event.is_pressed())
	elif event.is_action_pressed(&"pause_menu"):
		open_pause_menu()
	elif event.is_action_pressed(&"quick_save"):
		hud.alert(SaveSlots.save_result(true, save_game(QUICK_SAVE_PATH), QUICK_SAVE_PATH))
	elif event.is_action_pressed(&"quick_load"):
		hud.alert(saves.quick_load(QUICK_SAVE_PATH))
	else:
		return
	get_viewport().set_input_as_handled()


## Builds a fresh game from [param master_seed] (materials, beacons, waves back to the
## start) and puts Genesis on the surface, beside the building's door.
func rebuild(master_seed: int) -> void:
	var made := GameRooms.building(master_seed, storey_count, outpost_level)
	var rooms := GameRooms.texts_by_name()
	_start(made, master_seed, outpost_level, storey_count, start_outside, null, rooms)


## Starts the same building again from the beginning.
func restart() -> void:
	rebuild(building_seed)


## The name of floor [param index] ([method OutpostBuilding.floor_name]).
func floor_name(index: int) -> String:
	return building.floor_name(index)


## Materials carried.
func get_materials() -> float:
	return loop.materials


## Materials lost per second to bleeding beacons.
func get_bleed_rate() -> float:
	return loop.get_bleed_rate()


## The building's yield, materials per second.
func get_yield() -> float:
	return loop.get_yield()


## Builds a tower of tier [param tier] on [param cell] of floor [param floor_index], as
## build mode would (cost, legality, the lock after the reclaim).
func place_tower(floor_index: int, cell: Vector2i, tier: int = 0) -> bool:
	return loop.place_tower(floor_index, cell, tier)


## Removes the tower on [param cell] of floor [param floor_index] (partial refund).
func remove_tower(floor_index: int, cell: Vector2i) -> bool:
	return loop.remove_tower(floor_index, cell)


## Builds a factory machine of kind [param kind] (an index into
## [member OutpostRules.machine_kinds]) on [param cell] of floor [param floor_index], as
## build mode would (the factory floor only, cost, legality, the lock after the reclaim).
func place_machine(floor_index: int, cell: Vector2i, kind: int = 0) -> bool:
	return loop.factory.build(floor_index, cell, kind) == Factory.Refusal.NONE


## Removes the factory machine on [param cell] of floor [param floor_index] (partial
## refund).
func remove_machine(floor_index: int, cell: Vector2i) -> bool:
	return loop.factory.remove(floor_index, cell)


## What holding interact does: on while [param on] (inside, the loop's interaction; out on
## the surface, salvaging).
func set_interacting(on: bool) -> void:
	loop.set_interacting(on)
	surface.interacting = on


## Whether every beacon of every storey is restored and the building is not reclaimed yet.
func can_reclaim() -> bool:
	return loop.can_reclaim()


## Reclaims the building (Genesis need not be at the console); false where
## [method can_reclaim] is false.
func reclaim() -> bool:
	return loop.reclaim()


## Whether the building was reclaimed: the game is won for good.
func is_reclaimed() -> bool:
	return loop.is_reclaimed()


## Whether the game was lost (never after the reclaim).
func is_defeated() -> bool:
	return loop.is_defeated()


## The alerts showing now, as the HUD shows them ([method GameAlerts.get_alerts]).
func get_alerts() -> PackedStringArray:
	return alerts.get_alerts()


## The game's parts, each with its state, under their keys in a save file and in the
## order they are checked and applied: the building (its layouts first), Genesis, the
## ledger, the loop's clock, interact, the outcome, the alerts and the view ([SaveGame]).
func save_parts() -> Array:
	return [
		["building", building],
		["surface", surface],
		["genesis", genesis],
		["ledger", loop.ledger],
		["loop", loop],
		["interaction", loop.interaction],
		["outcome", loop.outcome],
		["alerts", alerts],
		["view", camera],
	]


## A digest of the game state a save holds ([method SaveGame.state_hash]): equal hashes
## mean equal games.
func get_state_hash() -> int:
	return SaveGame.state_hash(save_parts())


## What [method save_game] writes, as its JSON reads back (numbers are floats): see
## [SaveGame] for the format.
func get_state() -> Dictionary:
	return SaveGame.write(save_parts())


## Writes [method get_state] to [param path] as JSON, never losing the file that was
## there ([method SaveGame.save]); the error of the write otherwise.
func save_game(path: String) -> Error:
	var error := SaveGame.save(save_parts(), path)
	leave_guard.mark_saved(error)
	return error


## Loads the game saved at [param path] ([method SaveGame.restore]): the file is read and
## checked whole (its envelope read once, the building's layouts and its surface generated
## once, for the check and the game), then the game is built from them and every part
## takes its state, so that [method get_state] then equals the file. A missing, garbage,
## truncated, wrong-format or tampered file gives [method @GlobalScope.push_error] naming
## what is wrong and a non-OK error, and leaves the running game untouched.
func load_game(path: String) -> Error:
	var context := {"rules": loop.rules}
	var error := SaveGame.restore(save_parts(), path, context, _prepare.bind(context))
	if error != OK:
		return error
	if loop.is_reclaimed():
		end_screen.show_win(hud.end_summary(true))
	frame_view(true)
	loaded.emit()
	return OK


## Why the save at [param path] cannot be loaded into this game ("" if it can), as
## [method load_game] checks it, changing and logging nothing ([method SaveGame.verdict]).
func check_save(path: String) -> String:
	return SaveGame.verdict(save_parts(), path, {"rules": loop.rules})


## Loads the save named by [code]--load PATH[/code] in [param args] (the command line's
## user arguments: [code]godot ... -- --load user://near_win.json[/code]), if there is one;
## the error of the load (OK without the argument). A file that cannot be loaded leaves
## the fresh game, after the load's error.
func load_from_arguments(args: PackedStringArray) -> Error:
	var at := args.find("--load")
	if at < 0:
		return OK
	if at + 1 >= args.size():
		push_error("OutpostGame: --load needs the path of a save")
		return ERR_INVALID_PARAMETER
	return load_game(save_argument(args))


## The path after [code]--load[/code] in [param args] (the command line's user arguments),
## or "".
static func save_argument(args: PackedStringArray) -> String:
	var at := args.find("--load")
	return args[at + 1] if at >= 0 and at + 1 < args.size() else ""


## Opens the pause menu and pauses the game.
func open_pause_menu(status: String = "") -> void:
	get_tree().paused = true
	pause_menu.open(status)


## Closes the pause menu and resumes (unless the game is lost).
func close_pause_menu() -> void:
	pause_menu.close()
	get_tree().paused = loop.is_defeated()


## Emits [signal menu_requested] and changes to [member menu_scene] (if set).
func return_to_menu() -> void:
	get_tree().paused = false
	menu_requested.emit()
	if not menu_scene.is_empty():
		get_tree().change_scene_to_file.call_deferred(menu_scene)


## Frames where Genesis is: the surface around it while it is out there
## ([method OutpostCamera.frame_around]), else the viewed floor
## ([method OutpostCamera.frame_floor]); [param snap] jumps there at once.
func frame_view(snap: bool = false) -> void:
	if surface.outside:
		var size := Vector2i(surface.layout.width, surface.layout.height)
		camera.frame_around(surface.global_position, size, snap)
		camera.cut_walls = false
	else:
		camera.frame_floor(building, snap)


# A fresh game on `made`, the layouts of `master_seed` at `level` with `storeys` above
# ground, made with the rooms `rooms` (template name -> text), and `surface_layout`, the
# surface around them, if it was generated already; Genesis out on the surface when
# `outside`, else on the ground floor.
func _start(
	made: Array[StoreyLayout],
	master_seed: int,
	level: int,
	storeys: int,
	outside: bool,
	surface_layout: SurfaceLayout = null,
	rooms := {}
) -> void:
	building_seed = master_seed
	outpost_level = level
	storey_count = storeys
	builder.set_active(false)
	building.travel_mode = false
	end_screen.hide_all()
	get_tree().paused = false
	building.build_from(made, master_seed, level, storeys, rooms)
	loop.start(building, genesis)
	surface.start(building, genesis, loop.ledger, outside, surface_layout)
	genesis.heal(genesis.stats.max_health)
	frame_view(true)


# Builds the game a checked save file holds from what its envelope read and generated
# (SaveEnvelope: the seed, level and storeys, the layouts and the surface).
func _prepare(_data: Dictionary, context: Dictionary) -> void:
	var e: SaveEnvelope = context["envelope"]
	_start(e.layouts, e.seed_value, e.level, e.storeys, false, e.surface, e.rooms)


# The world's prompts (the staircases') give way to the build ghost's tag.
func _on_build_mode_toggled(on: bool) -> void:
	building.set_prompts_enabled(not on)


func _change_floor(step: int) -> void:
	var moved := not surface.outside and (building.ascend() if step > 0 else building.descend())
	if not moved:
		hud.floor_change_refused(step)


func _on_loaded_from_screen(text: String) -> void:
	close_pause_menu()
	hud.alert(text)


func _on_reclaimed() -> void:
	end_screen.show_win(hud.end_summary(true))


func _on_defeated() -> void:
	get_tree().paused = true
	end_screen.show_defeat(hud.end_summary(false))


func _on_pause_choice(choice: StringName) -> void:
	match choice:
		&"resume":
			close_pause_menu()
		&"restart":
			pause_menu.close()
			restart()
		&"menu":
			leave_guard.ask(return_to_menu)
