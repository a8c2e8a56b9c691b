extends "res://tests/suite.gd"
## Towers as data and values: a tier added to the rules' [member OutpostRules.tower_tiers]
## is picked in build mode by its own key, listed with its key among the HUD's controls and
## in the build line, built, and saved and loaded, with no code naming it; a refusal crosses
## from the navigator as a value ([enum StoreyNavigator.TowerRefusal]) that the loop's
## [enum OutpostLoop.Refusal] extends, with one sentence each; a click in build mode looks
## legality up once.

const RULES := preload("res://data/outpost/outpost_rules.tres")


## The default rules with a third tier, "Mortar".
func rules_with_a_third_tier() -> OutpostRules:
	var rules := (RULES as OutpostRules).duplicate(true)
	var mortar := TowerTier.new()
	mortar.display_name = "Mortar"
	mortar.cost = 90.0
	mortar.shot_range = 6.0
	mortar.needs_line_of_sight = false
	mortar.max_health = 300.0
	rules.tower_tiers.append(mortar)
	return rules


func test_a_third_tier_is_picked_by_its_own_key_in_build_mode() -> bool:
	var game := outpost_game(true, rules_with_a_third_tier())
	press(&"build_mode")
	expect(game.builder.active, "build mode")
	press(BuildMode.tier_action(2))
	expect_eq(game.builder.tier, 2, "the third tier's key picks it")
	expect_eq(BuildMode.tier_action(2), &"tower_tier_3", "its action")
	expect(InputMap.has_action(BuildMode.tier_action(8)), "project.godot declares nine tiers")
	press(BuildMode.tier_action(3))
	expect_eq(game.builder.tier, 2, "a fourth key does nothing with three tiers")
	game.free()
	return ok()


func test_a_third_tier_is_listed_with_its_key_by_the_hud() -> bool:
	var game := outpost_game(true, rules_with_a_third_tier())
	var controls := (game.hud.get_node(^"%ControlsLabel") as Label).text
	var key := ActionKeys.describe(&"tower_tier_3")
	expect_eq(key, "3", "bound to 3")
	expect(controls.contains("Mortar: " + key), "controls list it: %s" % controls)
	expect(controls.contains("Low tower: 1"), "and the first tier")
	expect(not controls.contains(": " + ActionKeys.describe(&"tower_tier_4")), "no fourth")
	game.builder.set_active(true)
	game.builder.set_tier(2)
	await process_frames(1)
	var line := (game.hud.get_node(^"%BuildLabel") as Label).text
	expect(line.contains("Mortar (90 materials)"), "build line: %s" % line)
	expect(line.contains("1 / 2 / 3: tier"), "its keys: %s" % line)
	game.free()
	return ok()


func test_a_third_tier_tower_is_built_saved_and_loaded() -> bool:
	var game := outpost_game(true, rules_with_a_third_tier())
	var floor_index := game.building.get_ground_floor()
	var navigator := game.building.get_navigator(floor_index)
	var i := navigator.placement_mask().find(1)
	var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	game.loop.materials = 100.0
	expect(game.place_tower(floor_index, cell, 2), "a mortar")
	expect_eq(game.get_materials(), 10.0, "it cost 90")
	var tower := game.building.get_storey(floor_index).get_towers().at(cell)
	expect_eq(tower.tier.display_name, "Mortar", "its tier")
	var saved := game.get_state()
	var floors: Array = saved["building"]["floors"]
	expect_eq((floors[floor_index]["towers"] as Array)[0]["tier"], 2.0, "saved as tier 2")
	var path := "user://test_tiers_mortar.json"
	expect_eq(game.save_game(path), OK, "saved")
	game.restart()
	expect_eq(game.load_game(path), OK, "loaded")
	var loaded := game.building.get_storey(floor_index).get_towers().at(cell)
	expect(loaded != null and loaded.tier.display_name == "Mortar", "the mortar is back")
	expect_eq(game.get_state(), saved, "the state round-trips")
	game.free()
	var plain := outpost_game()
	expect_error("towers\\[0\\]\\.tier is 2, not in 0\\.\\.1")
	expect_eq(plain.load_game(path), ERR_INVALID_DATA, "rules with two tiers refuse it")
	plain.free()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()


func test_the_loops_refusals_begin_with_the_navigators_own_values() -> bool:
	var navigator_values := ClassDB.class_get_enum_constants(&"StoreyNavigator", &"TowerRefusal")
	expect_eq(
		navigator_values,
		PackedStringArray(["NONE", "OFF_GRID", "NOT_EMPTY", "TOWER", "REQUIRED", "WOULD_SEAL"]),
		"StoreyNavigator.TowerRefusal"
	)
	for name in navigator_values:
		expect_eq(
			OutpostLoop.Refusal[name] as int,
			ClassDB.class_get_integer_constant(&"StoreyNavigator", name),
			"Refusal.%s" % name
		)
	return ok()


func test_every_refusal_has_a_sentence_of_its_own() -> bool:
	var seen := {}
	for refusal: int in OutpostLoop.Refusal.values():
		var text := OutpostLoop.describe_refusal(refusal, StoreyLayout.CellType.WALL)
		expect_eq(text.is_empty(), refusal == OutpostLoop.Refusal.NONE, "sentence of %d" % refusal)
		expect(not seen.has(text), "'%s' said once" % text)
		seen[text] = true
	expect_eq(
		OutpostLoop.describe_refusal(OutpostLoop.Refusal.NOT_EMPTY, StoreyLayout.CellType.BEACON),
		"not an EMPTY cell (BEACON)",
		"the cell's type is named"
	)
	return ok()


func test_check_tower_gives_the_navigators_reason_as_a_value() -> bool:
	var game := outpost_game(true, RULES)
	var floor_index := game.building.get_ground_floor()
	var navigator := game.building.get_navigator(floor_index)
	var layout := game.building.layouts[floor_index]
	game.loop.materials = 1000.0
	expect_eq(
		game.loop.check_tower(floor_index, layout.primary_beacon, 0),
		OutpostLoop.Refusal.NOT_EMPTY,
		"a beacon"
	)
	expect_eq(
		game.loop.check_tower(floor_index, Vector2i(-1, 0), 0), OutpostLoop.Refusal.OFF_GRID, "off"
	)
	expect_eq(
		game.loop.check_tower(floor_index, Vector2i(1, 1), 7), OutpostLoop.Refusal.NO_KIND, ""
	)
	expect_eq(game.loop.check_tower(99, Vector2i(1, 1), 0), OutpostLoop.Refusal.NO_FLOOR, "floor")
	var cell := _first_legal(navigator)
	expect_eq(game.loop.check_tower(floor_index, cell, 0), OutpostLoop.Refusal.NONE, "legal")
	expect_eq(game.loop.build_tower(floor_index, cell, 0), OutpostLoop.Refusal.NONE, "built")
	expect_eq(game.loop.build_tower(floor_index, cell, 0), OutpostLoop.Refusal.TOWER, "taken")
	game.free()
	return ok()


func test_a_click_in_build_mode_looks_legality_up_once() -> bool:
	var game := (
		(load("res://src/game/outpost_game.tscn") as PackedScene).instantiate() as OutpostGame
	)
	game.menu_scene = ""
	game.start_outside = false
	game.get_node(^"Loop").set_script(preload("res://tests/counting_loop.gd"))
	add(game)
	var floor_index := game.building.get_ground_floor()
	var cell := _first_legal(game.building.get_navigator(floor_index))
	game.loop.materials = 1000.0
	game.builder.set_active(true)
	await process_frames(2)
	var camera := _camera(game)
	var screen := camera.unproject_position(
		(
			game.building.storey_origin(floor_index)
			+ game.building.layouts[floor_index].cell_center(cell)
		)
	)
	var click := InputEventMouseButton.new()
	click.button_index = MOUSE_BUTTON_LEFT
	click.position = screen
	click.pressed = true
	var loop: Variant = game.loop
	var before: int = loop.checks
	tree.root.push_input(click, true)
	expect_eq(loop.checks - before, 1, "legality lookups for one click")
	expect_eq(game.builder.hover_cell, cell, "the cell clicked")
	expect(game.building.get_storey(floor_index).get_towers().at(cell) != null, "the tower")
	game.free()
	return ok()


func _camera(game: OutpostGame) -> Camera3D:
	return game.get_viewport().get_camera_3d()


func _first_legal(navigator: StoreyNavigator) -> Vector2i:
	var i := navigator.placement_mask().find(1)
	return Vector2i(i / navigator.get_height(), i % navigator.get_height())


func test_build_rules_put_the_lock_first_then_the_row_the_floor_the_cell_and_the_cost() -> bool:
	var layout := StoreyGenerator.generate(93, 2, 2)
	var navigator := StoreyNavigator.create(layout)
	var tier := TowerTier.new()
	tier.cost = 30.0
	var i := navigator.placement_mask().find(1)
	var legal := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	var cases := [
		[navigator, legal, tier, 100.0, true, BuildRules.Refusal.LOCKED],
		[navigator, wall, null, 100.0, false, BuildRules.Refusal.NO_KIND],
		[null, legal, tier, 100.0, false, BuildRules.Refusal.NO_FLOOR],
		[navigator, wall, tier, 0.0, false, BuildRules.Refusal.NOT_EMPTY],
		[navigator, legal, tier, 29.9, false, BuildRules.Refusal.MATERIALS],
		[navigator, legal, tier, 30.0, false, BuildRules.Refusal.NONE],
	]
	for c: Array in cases:
		expect_eq(BuildRules.check(c[0], c[1], c[2], c[3], c[4]), c[5], "case %s" % [c.slice(1)])
	expect_eq(BuildRules.refund(tier, 0.5), 15.0, "half the cost back")
	return ok()


func test_a_tower_tier_and_a_machine_kind_are_rows_checked_alike() -> bool:
	# One path for both kinds of build: the same refusal enum in the loop's parts, and a
	# tier and a kind of the same cost refused and refunded alike, but for the floor.
	expect_eq(OutpostLoop.Refusal, Factory.Refusal, "one refusal enum")
	var layout := StoreyGenerator.generate(
		93, 2, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
	var navigator := StoreyNavigator.create(layout)
	var tier := TowerTier.new()
	tier.cost = 30.0
	var kind := MachineKind.new()
	kind.cost = 30.0
	var i := navigator.placement_mask().find(1)
	var legal := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	for cell in [legal, wall, Vector2i(-1, 0)]:
		for materials in [0.0, 30.0]:
			expect_eq(
				BuildRules.check(navigator, cell, kind, materials, false),
				BuildRules.check(navigator, cell, tier, materials, false),
				"%s with %s" % [cell, materials]
			)
	expect_eq(BuildRules.refund(kind, 0.5), BuildRules.refund(tier, 0.5), "the same refund")
	expect_eq(
		BuildRules.check(navigator, legal, kind, 30.0, false, false),
		BuildRules.Refusal.NOT_FACTORY,
		"a floor that does not take it"
	)
	navigator.place_tower(legal)
	expect_eq(
		BuildRules.check(navigator, legal, kind, 30.0, false, true, true),
		BuildRules.Refusal.MACHINE,
		"a machine in the way is named"
	)
	return ok()
