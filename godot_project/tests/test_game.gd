extends "res://tests/suite.gd"
## OutpostGame (scenes/outpost_game.tscn): runs 300 frames without an error or warning;
## wires building, Genesis and HUD (floors, mode, health, beacons on the viewed storey,
## staircase); lists the controls from the InputMap; the actions change floor and mode;
## back_to_menu asks for the main menu; the camera follows Genesis; fixed lighting. The
## HUD and Genesis scenes run alone.

const GAME_SCENE := preload("res://scenes/outpost_game.tscn")
const HUD_SCENE := preload("res://src/ui/hud/OutpostHud.tscn")
const GENESIS_SCENE := preload("res://src/entities/genesis/OutpostGenesis.tscn")
const FastPhysics := preload("res://tests/fast_physics.gd")


## The game scene under the root, its menu change switched off (the test runner has no
## current scene to replace).
func new_game() -> OutpostGame:
	var game := GAME_SCENE.instantiate() as OutpostGame
	game.menu_scene = ""
	add(game)
	return game


## Presses and releases `action` through the root viewport (as a key would).
func press(action: StringName) -> void:
	for pressed in [true, false]:
		var event := InputEventAction.new()
		event.action = action
		event.pressed = pressed
		tree.root.push_input(event)


func label(game: OutpostGame, unique_name: String) -> String:
	return (game.hud.get_node("%" + unique_name) as Label).text


func test_outpost_game_runs_300_frames_without_errors_or_warnings() -> bool:
	var game := new_game()
	await process_frames(300)
	expect_eq(game.building.get_storey_count(), game.storey_count, "storeys built")
	expect(game.genesis.storey_layout == game.building.layouts[0], "Genesis on the ground floor")
	expect(game.camera.is_current() and game.camera.get_viewport() == tree.root, "the game camera")
	game.free()
	return ok()


func test_hud_shows_floors_mode_health_beacons_and_the_staircase() -> bool:
	var game := new_game()
	var building := game.building
	for index in building.get_storey_count():
		expect_eq(
			game.count_beacons(index),
			building.layouts[index].beacon_cells.size(),
			"beacons counted on storey %d" % index
		)
	expect_eq(label(game, "FloorLabel"), "Viewing floor 1 of 3", "floor")
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on floor 1", "Genesis's floor")
	expect(label(game, "ModeLabel").contains("preview"), "mode: %s" % label(game, "ModeLabel"))
	expect_eq(label(game, "HealthLabel"), "Health 100 / 100", "health")
	expect_eq(label(game, "StaircaseLabel"), "", "not on the staircase")
	press(&"ascend")
	expect_eq(label(game, "FloorLabel"), "Viewing floor 2 of 3", "floor after ascend")
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on floor 1", "Genesis stays")
	var beacons := building.layouts[1].beacon_cells.size()
	expect_eq(label(game, "BeaconsLabel"), "Beacons on this floor: %d" % beacons, "beacons")
	press(&"toggle_travel_mode")
	expect(label(game, "ModeLabel").contains("travel"), "mode: %s" % label(game, "ModeLabel"))
	game.genesis.apply_damage(25.0)
	expect_eq(label(game, "HealthLabel"), "Health 75 / 100", "health after damage")
	expect_eq((game.hud.get_node(^"%HealthBar") as ProgressBar).value, 75.0, "health bar")
	var layout := building.layouts[0]
	game.genesis.place_on_storey(layout, building.storey_origin(0), layout.staircase_cell)
	await physics_frames(4)
	expect_eq(label(game, "StaircaseLabel"), "On the staircase", "on the staircase")
	press(&"ascend")
	expect_eq(label(game, "GenesisFloorLabel"), "Genesis on floor 2", "travelled up")
	expect_eq(label(game, "FloorLabel"), "Viewing floor 2 of 3", "view follows")
	game.free()
	return ok()


func test_controls_are_listed_from_the_input_map() -> bool:
	var hud := HUD_SCENE.instantiate() as OutpostHud
	add(hud)
	var text := (hud.get_node(^"%ControlsLabel") as Label).text
	for action: StringName in [
		&"move_forward",
		&"move_back",
		&"move_left",
		&"move_right",
		&"click_move",
		&"ascend",
		&"descend",
		&"toggle_travel_mode",
		&"back_to_menu"
	]:
		var keys := ActionKeys.describe(action)
		expect(not keys.is_empty(), "%s is bound" % action)
		expect(text.contains(keys), "%s (%s) listed in:\n%s" % [action, keys, text])
	expect(text.contains("W") and text.contains("PageUp"), "key names: %s" % text)
	var extra := InputEventKey.new()
	extra.physical_keycode = KEY_F9
	InputMap.action_add_event(&"descend", extra)
	hud.refresh_controls()
	var rebound := (hud.get_node(^"%ControlsLabel") as Label).text
	InputMap.action_erase_event(&"descend", extra)
	expect(rebound.contains("F9") and not text.contains("F9"), "a new binding shows")
	hud.free()
	return ok()


func test_actions_change_floor_and_mode() -> bool:
	var game := new_game()
	var building := game.building
	var floors: Array[int] = []
	building.active_floor_changed.connect(func(i: int) -> void: floors.append(i))
	press(&"ascend")
	press(&"ascend")
	press(&"descend")
	expect_eq(floors, [1, 2, 1] as Array[int], "preview floors")
	press(&"toggle_travel_mode")
	expect(building.travel_mode, "travel mode")
	press(&"ascend")
	expect_eq(floors, [1, 2, 1] as Array[int], "no travel off the staircase")
	press(&"toggle_travel_mode")
	expect(not building.travel_mode, "preview mode again")
	game.free()
	return ok()


func test_genesis_is_hidden_while_the_view_is_below_its_floor() -> bool:
	var game := new_game()
	var building := game.building
	building.travel_mode = true
	var layout := building.layouts[0]
	game.genesis.place_on_storey(layout, building.storey_origin(0), layout.staircase_cell)
	await physics_frames(4)
	expect(building.ascend(), "Genesis travels up")
	building.travel_mode = false
	expect(game.genesis.visible, "visible on the viewed floor")
	building.descend()
	expect(not game.genesis.visible, "hidden while the view is below it")
	building.ascend()
	building.ascend()
	expect(game.genesis.visible, "visible while the view is above it")
	game.free()
	return ok()


func test_back_to_menu_asks_for_the_main_menu() -> bool:
	var fresh := GAME_SCENE.instantiate() as OutpostGame
	expect_eq(OutpostGame.MAIN_MENU_SCENE, "res://scenes/main_menu.tscn", "menu path")
	expect_eq(fresh.menu_scene, OutpostGame.MAIN_MENU_SCENE, "the menu by default")
	fresh.free()
	var game := new_game()
	var asked := [0]
	game.menu_requested.connect(func() -> void: asked[0] += 1)
	var escape := InputEventKey.new()
	escape.physical_keycode = KEY_ESCAPE
	escape.pressed = true
	tree.root.push_input(escape)
	expect_eq(asked[0], 1, "Esc asks for the menu")
	game.free()
	return ok()


func test_camera_follows_genesis_at_the_viewed_floor() -> bool:
	var game := new_game()
	var building := game.building
	var layout := building.layouts[0]
	var far: Vector2i = layout.beacon_cells.back()
	game.genesis.place_on_storey(layout, building.storey_origin(0), far)
	building.ascend()
	FastPhysics.start(8)
	await process_frames(40)
	FastPhysics.stop()
	var focus := game.genesis.global_position
	focus.y = building.storey_origin(1).y
	var want := focus + OutpostGame.CAMERA_OFFSET
	expect(
		game.camera.global_position.distance_to(want) < 0.05,
		"camera at %s, want %s" % [game.camera.global_position, want]
	)
	var ahead := -game.camera.global_basis.z
	expect(ahead.y < -0.5, "the camera looks down (%s)" % ahead)
	game.free()
	return ok()


func test_lighting_is_fixed() -> bool:
	var game := new_game()
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


func test_hud_and_genesis_scenes_run_alone() -> bool:
	for scene: PackedScene in [HUD_SCENE, GENESIS_SCENE]:
		var node := scene.instantiate()
		add(node)
		await process_frames(10)
		expect(node.is_inside_tree(), "%s runs alone" % scene.resource_path)
		node.free()
	return ok()
