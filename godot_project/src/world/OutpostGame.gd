class_name OutpostGame
extends Node3D
## The playable outpost: wires an [OutpostBuilding] (always with its UNDERGROUND storey and
## control console), an [OutpostGenesis], the rules at work ([OutpostLoop]), build mode
## ([BuildMode]), the camera ([OutpostCamera]), the HUD, the pause menu and the end
## screens, and offers a scripting surface for tests, mods and tools.
##
## On ready it builds [member building_seed]. Actions (declared in project.godot, listed
## on screen from the [InputMap]): ascend and descend change floor (the view in preview
## mode; Genesis too in travel mode, from the staircase), toggle_travel_mode switches
## modes, interact (held) restores a beacon, connects a shaft or triggers the reclaim at
## the console, build_mode toggles build mode, zoom_in/zoom_out zoom, quick_save and
## quick_load use [constant QUICK_SAVE_PATH], pause_menu opens the pause menu (Resume,
## Save, Load, Restart, Main menu).
##
## Scripting surface: [method get_materials], [method get_bleed_rate], [method get_yield],
## [method place_tower], [method remove_tower], [method set_interacting],
## [method can_reclaim], [method reclaim], [method is_reclaimed], [method get_state],
## [method save_game] and [method load_game]. A floor is an index into
## [member OutpostBuilding.layouts], bottom first (the UNDERGROUND storey is floor 0). They
## obey the rules of the player's own actions, except that [method reclaim] does not need
## Genesis at the console.

## The main menu was asked for (emitted before the scene changes).
signal menu_requested
## A game was loaded from a file.
signal loaded

## The main menu, where Main menu leads.
const MAIN_MENU_SCENE := "res://scenes/main_menu.tscn"
## Where Save and Load in the pause menu write and read.
const SAVE_PATH := "user://save.json"
## Where quick_save and quick_load write and read.
const QUICK_SAVE_PATH := "user://quicksave.json"

## Master seed of the building.
@export var building_seed := 20260316
## Outpost level of the building, within the core's range (1-4).
@export_range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)
var outpost_level := 2
## Number of storeys above ground (the UNDERGROUND storey comes on top of them); the
## slider offers up to 6, the core takes up to [constant StoreyGenerator.MAX_STOREYS].
@export_range(StoreyGenerator.MIN_STOREYS, 6, 1, "or_greater") var storey_count := 3
## The scene Main menu changes to; empty: only [signal menu_requested] is emitted.
@export_file("*.tscn") var menu_scene := MAIN_MENU_SCENE

## The building (its storeys, floors and modes).
@onready var building: OutpostBuilding = $Building
## The player's Genesis.
@onready var genesis: OutpostGenesis = $Genesis
## The camera framing the viewed storey.
@onready var camera: OutpostCamera = $Camera
## The rules at work: materials, beacons, towers, aliens, reclaim.
@onready var loop: OutpostLoop = $Loop
## Build mode: the ghost and the tower zones.
@onready var builder: BuildMode = $BuildMode
## The heads-up display.
@onready var hud: OutpostHud = $HUD
## The pause menu.
@onready var pause_menu: PauseMenu = $PauseMenu
## The win banner and the defeat screen.
@onready var end_screen: EndScreen = $EndScreen


func _ready() -> void:
	building.underground = true
	building.wall_cutaway = true
	building.genesis = genesis
	building.active_floor_changed.connect(_on_view_changed)
	building.travel_mode_changed.connect(hud.show_mode)
	genesis.health_changed.connect(hud.show_health)
	loop.beacon_attacked.connect(_on_beacon_attacked)
	loop.reclaimed.connect(_on_reclaimed)
	loop.defeated.connect(_on_defeated)
	loop.tower_destroyed.connect(_on_tower_destroyed)
	builder.loop = loop
	camera.target = genesis
	pause_menu.chosen.connect(_on_pause_choice)
	end_screen.chosen.connect(_on_pause_choice)
	hud.show_mode(building.travel_mode)
	rebuild(building_seed)


func _process(_delta: float) -> void:
	_refresh_hud()
	camera.screen_margins = hud.covered_margins()


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"ascend"):
		_change_floor(1)
	elif event.is_action_pressed(&"descend"):
		_change_floor(-1)
	elif event.is_action_pressed(&"toggle_travel_mode"):
		building.travel_mode = not building.travel_mode
	elif event.is_action(&"interact") and not event.is_echo():
		set_interacting(event.is_pressed())
	elif event.is_action_pressed(&"quick_save"):
		var error := save_game(QUICK_SAVE_PATH)
		hud.alert("Saved" if error == OK else "Save failed: %s" % error_string(error))
	elif event.is_action_pressed(&"quick_load"):
		var error := load_game(QUICK_SAVE_PATH)
		hud.alert("Loaded" if error == OK else "Load failed: %s" % error_string(error))
	elif event.is_action_pressed(&"pause_menu"):
		open_pause_menu()
	else:
		return
	get_viewport().set_input_as_handled()


## Builds a fresh game from [param master_seed] (materials, beacons, waves back to the
## start) and puts Genesis on the ground floor.
func rebuild(master_seed: int) -> void:
	building_seed = master_seed
	builder.set_active(false)
	building.travel_mode = false
	end_screen.hide_all()
	get_tree().paused = false
	building.build(master_seed, outpost_level, storey_count)
	loop.start(building, genesis)
	genesis.heal(genesis.stats.max_health)
	_frame_view(true)
	_refresh_hud()


## Starts the same building again from the beginning.
func restart() -> void:
	rebuild(building_seed)


## The name of floor [param index]: "Underground" for floor 0, "Floor 1" for the ground
## floor and so on up.
func floor_name(index: int) -> String:
	if index == building.get_console_floor():
		return "Underground"
	return "Floor %d" % (index - building.get_ground_floor() + 1)


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


## What holding interact does: on while [param on].
func set_interacting(on: bool) -> void:
	loop.set_interacting(on)


## Whether every beacon of every storey is restored and the building is not reclaimed yet.
func can_reclaim() -> bool:
	return loop.can_reclaim()


## Reclaims the building (Genesis need not be at the console); false where
## [method can_reclaim] is false.
func reclaim() -> bool:
	return loop.reclaim()


## Whether the building was reclaimed.
func is_reclaimed() -> bool:
	return loop.is_reclaimed()


## What [method save_game] writes, as its JSON reads back (numbers are floats): see
## [SaveGame] for the keys.
func get_state() -> Dictionary:
	var towers: Array = []
	var beacons: Array = []
	var shafts: Array = []
	var waves: Array = []
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		for tower in storey.get_towers().all():
			towers.append(
				{
					"floor": index,
					"cell": _cell(tower.cell),
					"tier": tower.tier_index,
					"health": tower.health
				}
			)
		for beacon in storey.get_beacons():
			(
				beacons
				. append(
					{
						"floor": index,
						"cell": _cell(beacon.cell),
						"health": beacon.get_health(),
						"restored_once": beacon.restored_once,
					}
				)
			)
		for shaft in storey.get_shafts():
			if shaft.throughput != ShaftConnector.Throughput.DISCONNECTED:
				shafts.append({"floor": index, "cell": _cell(shaft.cell)})
		for entry in storey.get_entries():
			var wave := entry.get_progress()
			wave["floor"] = index
			wave["cell"] = _cell(entry.cell)
			waves.append(wave)
	var state := {
		"format": SaveGame.FORMAT,
		"seed": str(building_seed),
		"level": outpost_level,
		"storeys": storey_count,
		"materials": loop.materials,
		"time": loop.elapsed,
		"towers": towers,
		"beacons": beacons,
		"shafts": shafts,
		"reclaimed": loop.is_reclaimed(),
		"trickle": loop.trickle,
		"genesis":
		{
			"floor": building.genesis_floor,
			"cell": _cell(genesis.current_cell()),
			"health": genesis.health,
		},
		"waves": waves,
	}
	return JSON.parse_string(JSON.stringify(state, "", false, true))


## Writes [method get_state] to [param path] as JSON; the error of the write otherwise.
func save_game(path: String) -> Error:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		var error := FileAccess.get_open_error()
		push_error("OutpostGame.save_game: cannot write %s: %s" % [path, error_string(error)])
		return error
	file.store_string(JSON.stringify(get_state(), "\t", false, true))
	file.close()
	return OK


## Loads the game saved at [param path]: the building is built again from its seed and the
## state applied, so that [method get_state] then equals the file. A missing, garbage,
## truncated, wrong-format or tampered file gives [method @GlobalScope.push_error] naming
## what is wrong and a non-OK error, and leaves the running game untouched.
func load_game(path: String) -> Error:
	if not FileAccess.file_exists(path):
		push_error("OutpostGame.load_game: %s does not exist" % path)
		return ERR_FILE_NOT_FOUND
	var text := FileAccess.get_file_as_string(path)
	var json := JSON.new()
	if json.parse(text) != OK:
		push_error(
			(
				"OutpostGame.load_game: %s is not JSON: line %d: %s"
				% [path, json.get_error_line(), json.get_error_message()]
			)
		)
		return ERR_PARSE_ERROR
	var problem := SaveGame.check(json.data, loop.rules)
	if not problem.is_empty():
		push_error("OutpostGame.load_game: %s: %s" % [path, problem])
		return ERR_INVALID_DATA
	_apply(json.data)
	loaded.emit()
	return OK


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


func _apply(data: Dictionary) -> void:
	outpost_level = int(data["level"])
	storey_count = int(data["storeys"])
	rebuild((data["seed"] as String).to_int())
	loop.materials = data["materials"]
	loop.elapsed = data["time"]
	var g: Dictionary = data["genesis"]
	building.place_genesis(int(g["floor"]), _vector(g["cell"]))
	genesis.health = g["health"]
	genesis.health_changed.emit(genesis.health, genesis.stats.max_health)
	for t: Dictionary in data["towers"]:
		var tier := int(t["tier"])
		var floor_index := int(t["floor"])
		var cell := _vector(t["cell"])
		var towers := building.get_storey(floor_index).get_towers()
		var tower := towers.add(cell, tier, loop.rules.tier(tier))
		tower.set_health(t["health"])
		loop.adopt_tower(tower, floor_index, cell)
	for b: Dictionary in data["beacons"]:
		for beacon in building.get_storey(int(b["floor"])).get_beacons():
			if beacon.cell == _vector(b["cell"]):
				beacon.set_state(b["health"], b["restored_once"])
	for shaft_data: Dictionary in data["shafts"]:
		for shaft in building.get_storey(int(shaft_data["floor"])).get_shafts():
			if shaft.cell == _vector(shaft_data["cell"]):
				shaft.throughput = ShaftConnector.Throughput.IDLE
	for w: Dictionary in data["waves"]:
		for entry in building.get_storey(int(w["floor"])).get_entries():
			if entry.cell == _vector(w["cell"]):
				entry.set_progress(w)
	if data["reclaimed"]:
		loop.resume_reclaimed(data["trickle"], data["time"])
		_show_win()
	_frame_view(true)


func _change_floor(step: int) -> void:
	var moved := building.ascend() if step > 0 else building.descend()
	if moved:
		return
	var target := (building.genesis_floor if building.travel_mode else building.viewed_floor) + step
	if target < 0 or target >= building.get_storey_count():
		hud.alert("Already on the %s floor" % ("top" if step > 0 else "bottom"))
	elif building.travel_mode:
		hud.alert(
			(
				"Travel mode: stand on the staircase to take Genesis %s"
				% ("up" if step > 0 else "down")
			)
		)


func _frame_view(snap: bool) -> void:
	var index := building.viewed_floor
	if index >= building.layouts.size():
		return
	var layout := building.layouts[index]
	camera.frame_storey(building.storey_origin(index), Vector2i(layout.width, layout.height), snap)
	camera.cut_walls = building.genesis_floor == index
	genesis.visible = building.genesis_floor <= index
	if builder.active:
		builder.set_active(true)


func _refresh_hud() -> void:
	if building.get_storey_count() == 0:
		return
	var viewed := building.viewed_floor
	hud.show_floors(
		floor_name(viewed), floor_name(building.genesis_floor), building.get_storey_count()
	)
	hud.show_beacons(
		BuildingCensus.restored(building, viewed), BuildingCensus.beacons(building, viewed).size()
	)
	hud.show_staircase(genesis.is_on_staircase())
	hud.show_materials(loop.materials, loop.get_feed_rate(), loop.get_bleed_rate(), loop.trickle)
	hud.show_yield(loop.get_yield(), loop.trickle_now(), loop.is_reclaimed())
	hud.show_building(BuildingCensus.restored(building), BuildingCensus.beacons(building).size())
	hud.show_wave(
		BuildingCensus.wave(building),
		BuildingCensus.agents(building),
		BuildingCensus.agents(building, viewed)
	)
	hud.show_prompt(_prompt())
	hud.show_build(_build_line())
	var console := building.get_console()
	if console != null:
		var at_console: bool = loop.interaction_target()[0] == OutpostLoop.Target.CONSOLE
		console.set_prompt(
			loop.interaction_prompt(ActionKeys.describe(&"interact")) if at_console else ""
		)
		console.set_lit(loop.can_reclaim() or loop.is_reclaimed())
	var staircase := building.get_staircase(building.genesis_floor)
	if staircase != null:
		staircase.travel_mode = building.travel_mode


func _prompt() -> String:
	if builder.active:
		return ""
	var prompt := loop.interaction_prompt(ActionKeys.describe(&"interact"))
	if prompt.is_empty() and loop.can_reclaim():
		prompt = (
			"Every beacon restored: RECLAIM BUILDING at the console (%s)"
			% floor_name(building.get_console_floor())
		)
	elif prompt.is_empty() and genesis.is_on_staircase() and not building.travel_mode:
		prompt = (
			"%s: travel mode, to climb the staircase" % ActionKeys.describe(&"toggle_travel_mode")
		)
	return prompt


func _build_line() -> String:
	if not builder.active:
		return ""
	var tier := loop.rules.tier(builder.tier)
	var here := "" if builder.hover_text.is_empty() else "Here: %s\n" % builder.hover_text
	return (
		here
		+ (
			"BUILD MODE: %s (%d materials) - %s / %s: tier, %s: build, %s: remove, %s: leave"
			% [
				tier.display_name,
				roundi(tier.cost),
				ActionKeys.describe(&"tower_tier_1"),
				ActionKeys.describe(&"tower_tier_2"),
				ActionKeys.describe(&"click_move"),
				ActionKeys.describe(&"remove_tower"),
				ActionKeys.describe(&"build_mode"),
			]
		)
	)


func _show_win() -> void:
	var seconds := int(loop.reclaim_time)
	var time := "BUILDING RECLAIMED in %d:%02d." % [seconds / 60, seconds % 60]
	var figures := (
		"Trickle +%.1f/s: yield %.1f + %d shafts x %.1f - %d towers x %.2f"
		% [
			loop.trickle,
			loop.get_yield(),
			BuildingCensus.connected_shafts(building),
			loop.rules.shaft_bonus,
			BuildingCensus.towers(building),
			loop.rules.tower_upkeep,
		]
	)
	end_screen.show_win("%s %s" % [time, figures])


func _on_view_changed(_index: int) -> void:
	_frame_view(false)


func _on_beacon_attacked(floor_index: int) -> void:
	if floor_index != building.viewed_floor:
		hud.alert("A beacon on %s is under attack!" % floor_name(floor_index))


func _on_tower_destroyed(floor_index: int, _cell: Vector2i) -> void:
	hud.alert("A tower on %s was destroyed" % floor_name(floor_index))


func _on_reclaimed(_trickle: float) -> void:
	builder.set_active(false)
	_show_win()


func _on_defeated() -> void:
	builder.set_active(false)
	get_tree().paused = true
	var restored := BuildingCensus.restored(building)
	var total := BuildingCensus.beacons(building).size()
	end_screen.show_defeat(
		(
			"The aliens got Genesis after %d:%02d, with %d of %d beacons restored."
			% [int(loop.elapsed) / 60, int(loop.elapsed) % 60, restored, total]
		)
	)


func _on_pause_choice(choice: StringName) -> void:
	match choice:
		&"resume":
			close_pause_menu()
		&"save":
			var error := save_game(SAVE_PATH)
			pause_menu.show_status(
				(
					"Saved to %s (%s)" % [SAVE_PATH, ProjectSettings.globalize_path(SAVE_PATH)]
					if error == OK
					else "Save failed: %s" % error_string(error)
				)
			)
		&"load":
			var error := load_game(SAVE_PATH)
			if error == OK:
				close_pause_menu()
			else:
				pause_menu.show_status("Load failed: %s (see the log)" % error_string(error))
		&"restart":
			pause_menu.close()
			restart()
		&"menu":
			return_to_menu()


static func _cell(cell: Vector2i) -> Array:
	return [cell.x, cell.y]


static func _vector(cell: Array) -> Vector2i:
	return Vector2i(int(cell[0]), int(cell[1]))
