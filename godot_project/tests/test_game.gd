extends "res://tests/suite.gd"
## OutpostGame (src/game/outpost_game.tscn): runs 300 frames without an error or warning;
## wires building (with its UNDERGROUND storey), Genesis and HUD (floors, mode, health,
## beacons, staircase); lists every control from the InputMap; the actions change floor and
## mode, with feedback where a key cannot act; prompts promise what the keys do; the pause
## menu pauses and leads to the main menu; the camera frames the viewed storey on every
## floor and zooms within limits; fixed lighting. The HUD, Genesis, pause-menu and
## end-screen scenes run alone.

const GAME_SCENE := preload("res://src/game/outpost_game.tscn")
const HUD_SCENE := preload("res://src/ui/hud/OutpostHud.tscn")
const GENESIS_SCENE := preload("res://src/world/genesis/OutpostGenesis.tscn")
const PAUSE_SCENE := preload("res://src/ui/pause/PauseMenu.tscn")
const END_SCENE := preload("res://src/ui/end/EndScreen.tscn")
const FastPhysics := preload("res://tests/fast_physics.gd")


func label(game: OutpostGame, unique_name: String) -> String:
	return (game.hud.get_node("%" + unique_name) as Label).text


func test_outpost_game_runs_300_frames_without_errors_or_warnings() -> bool:
	var game := outpost_game()
	await process_frames(300)
	var building := game.building
	expect_eq(building.get_storey_count(), game.storey_count + 1, "storeys and the underground")
	expect_eq(building.layouts[0].storey_type, StoreyLayout.StoreyType.UNDERGROUND, "floor 0")
	var ground := building.get_ground_floor()
	expect(game.genesis.storey_layout == building.layouts[ground], "Genesis on the ground floor")
	expect(building.get_console() != null, "the control console")
	expect(game.camera.is_current() and game.camera.get_viewport() == tree.root, "the game camera")
	game.free()
	return ok()


func test_hud_shows_floors_mode_health_beacons_and_the_staircase() -> bool:
	var game := outpost_game()
	var building := game.building
	var floors := building.get_storey_count()
	expect_eq(label(game, "FloorLabel"), "Viewing Floor 1 (%d storeys)" % floors, "floor")
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on Floor 1", "Genesis's floor")
	expect(label(game, "ModeLabel").contains("preview"), "mode: %s" % label(game, "ModeLabel"))
	expect_eq(label(game, "HealthLabel"), "Health 100 / 100", "health")
	expect_eq(label(game, "StaircaseLabel"), "", "not on the staircase")
	press(&"descend")
	await process_frames(1)
	expect_eq(label(game, "FloorLabel"), "Viewing Underground (%d storeys)" % floors, "below")
	press(&"ascend")
	press(&"ascend")
	await process_frames(1)
	expect_eq(label(game, "FloorLabel"), "Viewing Floor 2 (%d storeys)" % floors, "after ascend")
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on Floor 1", "Genesis stays")
	var beacons := building.layouts[2].beacon_cells.size()
	expect_eq(
		label(game, "BeaconsLabel"), "Beacons on this floor: 0 / %d restored" % beacons, "beacons"
	)
	press(&"toggle_travel_mode")
	expect(label(game, "ModeLabel").contains("travel"), "mode: %s" % label(game, "ModeLabel"))
	game.genesis.apply_damage(25.0)
	expect_eq(label(game, "HealthLabel"), "Health 75 / 100", "health after damage")
	expect_eq((game.hud.get_node(^"%HealthBar") as ProgressBar).value, 75.0, "health bar")
	var layout := building.layouts[1]
	building.place_genesis(1, layout.staircase_cell)
	await physics_frames(4)
	await process_frames(1)
	expect_eq(label(game, "StaircaseLabel"), "On the staircase", "on the staircase")
	press(&"ascend")
	await process_frames(1)
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on Floor 2", "travelled up")
	expect_eq(label(game, "FloorLabel"), "Viewing Floor 2 (%d storeys)" % floors, "view follows")
	game.free()
	return ok()


func test_every_control_is_listed_from_the_input_map() -> bool:
	var hud := HUD_SCENE.instantiate() as OutpostHud
	add(hud)
	var text := (hud.get_node(^"%ControlsLabel") as Label).text
	for action: StringName in OutpostHud.CONTROLS:
		var keys := ActionKeys.describe(action)
		expect(not keys.is_empty(), "%s is bound" % action)
		expect(text.contains(OutpostHud.CONTROLS[action] + ": " + keys), "%s listed" % action)
	for action in [&"interact", &"build_mode", &"remove_tower", &"pause_menu", &"quick_save"]:
		expect(OutpostHud.CONTROLS.has(action), "%s among the controls" % action)
	var extra := InputEventKey.new()
	extra.physical_keycode = KEY_F8
	InputMap.action_add_event(&"descend", extra)
	hud.refresh_controls()
	var rebound := (hud.get_node(^"%ControlsLabel") as Label).text
	InputMap.action_erase_event(&"descend", extra)
	expect(rebound.contains("F8") and not text.contains("F8"), "a new binding shows")
	hud.free()
	return ok()


func test_actions_change_floor_and_mode_and_say_when_they_cannot() -> bool:
	var game := outpost_game()
	var building := game.building
	var floors: Array[int] = []
	building.active_floor_changed.connect(func(i: int) -> void: floors.append(i))
	press(&"ascend")
	press(&"ascend")
	press(&"descend")
	expect_eq(floors, [2, 3, 2] as Array[int], "preview floors")
	press(&"ascend")
	press(&"ascend")
	expect(game.hud.get_alert().contains("top floor"), "at the top: %s" % game.hud.get_alert())
	press(&"toggle_travel_mode")
	expect(building.travel_mode, "travel mode")
	press(&"ascend")
	expect_eq(floors, [2, 3, 2, 3] as Array[int], "no travel off the staircase")
	expect(
		game.hud.get_alert().contains("stand on the staircase"), "why: %s" % game.hud.get_alert()
	)
	press(&"toggle_travel_mode")
	expect(not building.travel_mode, "preview mode again")
	game.free()
	return ok()


func test_the_staircase_prompt_promises_what_the_keys_do() -> bool:
	var game := outpost_game()
	var building := game.building
	var ground := building.get_ground_floor()
	building.place_genesis(ground, building.layouts[ground].staircase_cell)
	await physics_frames(4)
	await process_frames(1)
	var prompt := building.get_staircase(ground).get_node(^"Prompt") as Label3D
	expect(prompt.visible, "the prompt shows")
	expect(prompt.text.contains("travel mode"), "preview mode: %s" % prompt.text)
	expect(not prompt.text.contains("Up:"), "no promise of climbing in preview mode")
	press(&"toggle_travel_mode")
	await process_frames(1)
	expect(
		prompt.text.contains("Up: " + ActionKeys.describe(&"ascend")), "travel: %s" % prompt.text
	)
	game.free()
	return ok()


func test_genesis_is_hidden_while_the_view_is_on_another_floor() -> bool:
	var game := outpost_game()
	var building := game.building
	expect(await travel_up_from_the_ground(game), "Genesis travels up")
	building.travel_mode = false
	expect(game.genesis.visible, "visible on the viewed floor")
	building.descend()
	expect(not game.genesis.visible, "hidden while the view is below it")
	building.ascend()
	expect(game.genesis.visible, "visible on its floor again")
	building.ascend()
	expect(not game.genesis.visible, "hidden while the view is above it")
	game.free()
	return ok()


func test_the_pause_menu_pauses_and_leads_to_the_main_menu() -> bool:
	var fresh := GAME_SCENE.instantiate() as OutpostGame
	expect_eq(OutpostGame.MAIN_MENU_SCENE, "res://src/game/main_menu.tscn", "menu path")
	expect_eq(fresh.menu_scene, OutpostGame.MAIN_MENU_SCENE, "the menu by default")
	fresh.free()
	var game := outpost_game()
	var asked := [0]
	game.menu_requested.connect(func() -> void: asked[0] += 1)
	var escape := InputEventKey.new()
	escape.physical_keycode = KEY_ESCAPE
	escape.pressed = true
	tree.root.push_input(escape)
	expect(game.pause_menu.visible and tree.paused, "Esc opens the pause menu and pauses")
	expect_eq(asked[0], 0, "not the main menu yet")
	(game.pause_menu.get_node(^"%ResumeButton") as Button).pressed.emit()
	expect(not game.pause_menu.visible and not tree.paused, "Resume")
	game.open_pause_menu()
	(game.pause_menu.get_node(^"%MenuButton") as Button).pressed.emit()
	expect_eq(asked[0], 1, "Main menu asks for the menu")
	expect(not tree.paused, "and unpauses")
	game.free()
	tree.paused = false
	return ok()


## Where the corners of storey `index`'s box land on screen.
func corners_on_screen(game: OutpostGame, index: int) -> Array[Vector2]:
	var layout := game.building.layouts[index]
	var origin := game.building.storey_origin(index)
	var out: Array[Vector2] = []
	for x in [0, layout.width]:
		for y in [0.0, StoreyRenderer.WALL_HEIGHT]:
			for z in [0, layout.height]:
				out.append(game.camera.unproject_position(origin + Vector3(x, y, z)))
	return out


func test_the_camera_frames_the_viewed_storey_on_every_floor_and_zooms_within_limits() -> bool:
	var game := outpost_game()
	var building := game.building
	var screen := game.get_viewport().get_visible_rect().size
	FastPhysics.start(8)
	for index in building.get_storey_count():
		building.set_viewed_floor(index)
		await process_frames(90)
		var margins := game.hud.covered_margins()
		for p in corners_on_screen(game, index):
			var inside := p.x >= 0.0 and p.x <= screen.x
			inside = inside and p.y >= margins.x - 2.0 and p.y <= screen.y - margins.y + 2.0
			expect(inside, "floor %d: a corner at %s, outside the free band" % [index, p])
	var far := game.camera.global_position.distance_to(
		building.storey_origin(building.viewed_floor)
	)
	for i in 40:
		game.camera.zoom_by(-1)
	await process_frames(90)
	FastPhysics.stop()
	expect_eq(game.camera.zoom, game.camera.min_zoom, "zoom stops at its limit")
	var near := game.camera.global_position.distance_to(
		building.storey_origin(building.viewed_floor)
	)
	expect(near < far * 0.8, "zoomed in: %s vs %s" % [near, far])
	var ahead := -game.camera.global_basis.z
	expect(ahead.y < -0.5, "the camera looks down (%s)" % ahead)
	game.free()
	return ok()


func test_lighting_is_fixed() -> bool:
	var game := outpost_game()
	var suns := game.find_children("*", "DirectionalLight3D", true, false)
	var environments := game.find_children("*", "WorldEnvironment", true, false)
	expect_eq(suns.size(), 1, "one directional light")
	expect_eq(environments.size(), 1, "one environment")
	expect(game.find_children("*", "AnimationPlayer", true, false).is_empty(), "nothing animated")
	var sun := suns[0] as DirectionalLight3D
	var before := [sun.global_transform, sun.light_energy, sun.light_color]
	await process_frames(20)
	expect_eq([sun.global_transform, sun.light_energy, sun.light_color], before, "light unchanged")
	game.free()
	return ok()


func test_hud_genesis_pause_and_end_scenes_run_alone() -> bool:
	for scene: PackedScene in [HUD_SCENE, GENESIS_SCENE, PAUSE_SCENE, END_SCENE]:
		var node := scene.instantiate()
		add(node)
		await process_frames(10)
		expect(node.is_inside_tree(), "%s runs alone" % scene.resource_path)
		node.free()
	return ok()


func test_the_game_loads_the_save_its_command_line_names() -> bool:
	var game := outpost_game(true, null, 20260316)
	game.loop.materials = 212.0
	expect_eq(game.save_game("user://test_game_load_arg.json"), OK, "saved")
	game.restart()
	expect_eq(game.load_from_arguments(PackedStringArray(["--other"])), OK, "nothing to load")
	expect(game.get_materials() != 212.0, "the fresh game")
	var args := PackedStringArray(["--load", "user://test_game_load_arg.json"])
	expect_eq(game.load_from_arguments(args), OK, "--load PATH loads")
	expect_eq(game.get_materials(), 212.0, "the saved game")
	expect_error("OutpostGame: --load needs the path of a save")
	expect_eq(
		game.load_from_arguments(PackedStringArray(["--load"])), ERR_INVALID_PARAMETER, "no path"
	)
	end_game(game)
	return ok()


func test_the_near_win_tool_writes_its_own_file_never_a_players_slot() -> bool:
	var tool := load("res://tools/near_win_save.gd")
	var path: String = tool.get(&"PATH")
	expect(not path in SaveSlots.paths(), "%s is no slot of the saves screen" % path)
	var code := FileAccess.get_file_as_string("res://tools/near_win_save.gd")
	expect(not code.contains("QUICK_SAVE_PATH"), "it does not write the quick slot")
	return ok()
