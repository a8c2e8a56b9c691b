extends "res://tests/suite.gd"
## Build mode and the HUD on the factory floor: the keys after the tower tiers' pick the
## machines there (and nowhere else), the ghost shows a machine's legality as it shows a
## tower's (green with its cost and output, red with the reason), a click builds it, the
## remove action takes a machine down whatever is picked, leaving the floor goes back to
## towers; the HUD's build line names the machines' keys and its factory line what the
## machines produce.


## The cells of `floor_index` where one more tower or machine may stand now.
func legal_cells(game: OutpostGame, floor_index: int) -> Array[Vector2i]:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var out: Array[Vector2i] = []
	for i in mask.size():
		if mask[i] == 1:
			out.append(Vector2i(i / navigator.get_height(), i % navigator.get_height()))
	return out


func label(game: OutpostGame, name: String) -> Label:
	return game.hud.get_node("%" + name) as Label


func test_the_keys_after_the_tiers_pick_machines_on_the_factory_floor_only() -> bool:
	var game := outpost_game(true)
	var tiers := game.loop.rules.tower_tiers.size()
	var factory := game.loop.factory.factory_floor()
	press(&"build_mode")
	expect(game.builder.active, "build mode")
	expect(not game.builder.on_factory_floor(), "the ground floor in view")
	press(BuildMode.tier_action(tiers))
	expect_eq(game.builder.machine, -1, "no machine off the factory floor")
	expect_eq(game.builder.tier, 0, "the tier unchanged")
	game.building.set_viewed_floor(factory)
	expect(game.builder.on_factory_floor(), "the factory floor in view")
	press(BuildMode.tier_action(tiers))
	expect_eq(game.builder.machine, 0, "the first key after the tiers: the first machine")
	press(BuildMode.tier_action(tiers + 1))
	expect_eq(game.builder.machine, 1, "the next: the second")
	press(BuildMode.tier_action(1))
	expect_eq(game.builder.machine, -1, "a tier key: back to towers")
	expect_eq(game.builder.tier, 1, "that tier")
	press(BuildMode.tier_action(tiers))
	game.building.set_viewed_floor(game.building.get_ground_floor())
	expect_eq(game.builder.machine, -1, "leaving the factory floor: towers again")
	end_game(game)
	return ok()


func test_the_ghost_shows_a_machines_legality_and_a_click_builds_it() -> bool:
	var game := outpost_game(true)
	var factory := game.loop.factory.factory_floor()
	var layout := game.building.layouts[factory]
	var kind := game.loop.rules.machine_kind(0)
	game.loop.materials = 100.0
	game.building.set_viewed_floor(factory)
	game.builder.set_active(true)
	game.builder.pick(game.loop.rules.tower_tiers.size())
	var ghost := game.builder.get_node(^"Ghost") as MeshInstance3D
	var cell := legal_cells(game, factory)[0]
	game.builder.hover(cell)
	expect_eq(
		game.builder.hover_text, "Smelter: %d (+%.1f materials/s)" % [kind.cost, kind.output], "ok"
	)
	expect(ghost.visible and ghost.mesh is BoxMesh, "a machine's ghost")
	var green := (ghost.mesh as BoxMesh).material as StandardMaterial3D
	expect(green.albedo_color.g > green.albedo_color.r, "green: %s" % green.albedo_color)
	var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	game.builder.hover(wall)
	expect_eq(game.builder.hover_text, "not an EMPTY cell (WALL)", "red, with the reason")
	expect(green.albedo_color.r > green.albedo_color.g, "red: %s" % green.albedo_color)
	game.builder.hover(cell)
	expect(game.builder.build_at_hover(), "a click builds it")
	expect(game.loop.factory.machine_at(factory, cell) != null, "the machine stands")
	expect_eq(game.get_materials(), 100.0 - kind.cost, "paid")
	game.builder.hover(cell)
	var refund := roundi(kind.cost * game.loop.rules.machine_refund)
	var remove_key := ActionKeys.describe(&"remove_tower")
	expect_eq(
		game.builder.hover_text,
		"%s: remove the Smelter (refund %d)" % [remove_key, refund],
		"over it: its removal"
	)
	expect(not ghost.visible, "no ghost over a machine")
	game.builder.pick(0)
	game.builder.hover(cell)
	expect(game.builder.hover_text.contains("remove the Smelter"), "with a tower picked too")
	expect(game.builder.remove_at_hover(), "removed")
	expect(game.loop.factory.machine_at(factory, cell) == null, "gone")
	expect_eq(game.get_materials(), 100.0 - kind.cost + refund, "refunded")
	game.loop.materials = 0.0
	game.builder.pick(game.loop.rules.tower_tiers.size())
	game.builder.hover(cell)
	expect_eq(game.builder.hover_text, "not enough materials", "poor")
	expect(not game.builder.build_at_hover(), "nothing built")
	end_game(game)
	return ok()


func test_the_build_line_on_the_factory_floor_names_the_machines_keys() -> bool:
	var game := outpost_game(true)
	var factory := game.loop.factory.factory_floor()
	game.builder.set_active(true)
	await process_frames(1)
	var line := label(game, "BuildLabel").text
	expect(line.contains("1 / 2: tier"), "the ground floor's line: %s" % line)
	expect(not line.contains("machine"), "no machine there: %s" % line)
	game.building.set_viewed_floor(factory)
	await process_frames(1)
	line = label(game, "BuildLabel").text
	expect(line.contains("1 / 2: tower, 3 / 4: machine"), "the factory floor's: %s" % line)
	expect(line.contains("Low tower (25 materials)"), "a tower picked: %s" % line)
	game.builder.pick(3)
	await process_frames(1)
	line = label(game, "BuildLabel").text
	expect(line.contains("Fabricator, +1.5/s (70 materials)"), "a machine picked: %s" % line)
	end_game(game)
	return ok()


func test_the_hud_says_what_the_factory_produces() -> bool:
	var game := outpost_game(true)
	var factory := game.loop.factory.factory_floor()
	var factory_label := label(game, "FactoryLabel")
	await physics_frames(2)
	expect(not factory_label.visible, "no line on the ground floor without machines")
	game.building.set_viewed_floor(factory)
	await physics_frames(2)
	expect(factory_label.visible, "a line on the factory floor")
	expect_eq(
		factory_label.text, "Factory: no machines (build them on the Underground floor)", "none yet"
	)
	game.loop.materials = 500.0
	game.place_machine(factory, legal_cells(game, factory)[0], 0)
	game.place_machine(factory, legal_cells(game, factory)[0], 1)
	game.building.set_viewed_floor(game.building.get_ground_floor())
	await physics_frames(2)
	expect(factory_label.visible, "shown on every floor once machines stand")
	expect_eq(factory_label.text, "Factory: 2 machines, +2.1 materials/s", "what they make")
	var yield_text := label(game, "YieldLabel").text
	expect(yield_text.begins_with("Yield 2.1/s"), "in the yield: %s" % yield_text)
	end_game(game)
	return ok()


func test_after_the_reclaim_the_factory_line_asks_for_no_machine() -> bool:
	var game := outpost_game(true)
	var factory := game.loop.factory.factory_floor()
	var factory_label := label(game, "FactoryLabel")
	game.building.set_viewed_floor(factory)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	await physics_frames(2)
	expect(not factory_label.text.contains("build them"), "locked: %s" % factory_label.text)
	expect_eq(
		factory_label.text, "Factory: no machines (the reclaimed building is locked)", "why none"
	)
	end_game(game)
	return ok()
