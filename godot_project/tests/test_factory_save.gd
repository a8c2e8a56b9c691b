extends "res://tests/suite.gd"
## The factory's machines in save files: each machine is a part with its own state
## ({cell, kind, health} in its storey's `machines` list), checked against the storey's
## navigator as towers are (on the UNDERGROUND storey only, never sealing a path) and
## against the rules' kinds; a save resumes as the game would have continued, machines
## under attack included; a format-3 save without machines loads with none; a third kind
## added to the rules by data alone is built, saved and loaded.

const FastPhysics := preload("res://tests/fast_physics.gd")
const RULES := preload("res://data/outpost/outpost_rules.tres")
const SEED := 4242


func path(name: String) -> String:
	return "user://test_factory_save_%s.json" % name


## The cells of `floor_index` where one more tower or machine may stand now.
func legal_cells(game: OutpostGame, floor_index: int) -> Array[Vector2i]:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var out: Array[Vector2i] = []
	for i in mask.size():
		if mask[i] == 1:
			out.append(Vector2i(i / navigator.get_height(), i % navigator.get_height()))
	return out


## Runs `count` ticks of the game's own clock, doing `script[offset]` at the tick offsets
## it names.
func run_ticks(game: OutpostGame, count: int, script: Dictionary = {}) -> void:
	var start := game.loop.tick
	while game.loop.tick < start + count:
		var offset := game.loop.tick - start
		if script.has(offset):
			(script[offset] as Callable).call()
			script.erase(offset)
		await tree.physics_frame


## A quiet game with three machines and a tower on the factory floor and drones spawned at
## its entries (they go for the machines and the beacons).
func factory_game(rules: OutpostRules = null) -> OutpostGame:
	var game := outpost_game(true, rules, SEED)
	var floor_index := game.loop.factory.factory_floor()
	var layout := game.building.layouts[floor_index]
	game.loop.materials = 1000.0
	for i in 3:
		var cells := legal_cells(game, floor_index)
		expect(game.place_machine(floor_index, cells[cells.size() / 2], i % 2), "machine %d" % i)
	expect(game.place_tower(floor_index, legal_cells(game, floor_index)[0], 1), "a tower")
	var swarm := game.building.get_swarm(floor_index)
	for i in 12:
		swarm.spawn_drone(layout.entry_cells[i % layout.entry_cells.size()])
	return game


## Whether the fractional numbers of `game`'s state (the ledger, the towers' cooldowns, the
## machines' health) read back from JSON as they are.
func survives_json(game: OutpostGame) -> bool:
	var values: Array[float] = []
	var ledger := game.loop.ledger
	values.append_array([ledger.materials, ledger.earned, ledger.spent, ledger.lost])
	for index in game.building.get_storey_count():
		var storey := game.building.get_storey(index)
		for tower in storey.get_towers().all():
			values.append_array([tower.health, tower.get_cooldown()])
		for machine in storey.get_machines().all():
			values.append(machine.health)
	var back: Array = JSON.parse_string(JSON.stringify(values, "", false, true))
	for i in values.size():
		if back[i] != values[i]:
			return false
	return true


func test_a_save_lists_each_machine_with_its_cell_kind_and_health() -> bool:
	var game := factory_game()
	var floor_index := game.loop.factory.factory_floor()
	var machines := game.building.get_storey(floor_index).get_machines().all()
	machines[0].set_health(17.5)
	var floors: Array = game.get_state()["building"]["floors"]
	var saved: Array = floors[floor_index]["machines"]
	expect_eq(saved.size(), 3, "three machines")
	var first: Dictionary = saved[0]
	expect_eq(first.keys(), ["kind", "health", "cell"], "its keys")
	expect_eq(first["cell"], [float(machines[0].cell.x), float(machines[0].cell.y)], "cell")
	expect_eq(first["kind"], 0.0, "kind")
	expect_eq(first["health"], 17.5, "health")
	expect_eq(saved[1]["kind"], 1.0, "the second's kind")
	for index in floors.size():
		expect((floors[index] as Dictionary).has("machines"), "floor %d lists machines" % index)
		if index != floor_index:
			expect_eq((floors[index]["machines"] as Array).size(), 0, "none on floor %d" % index)
	end_game(game)
	return ok()


func test_resuming_a_save_with_machines_equals_continuing_the_game() -> bool:
	FastPhysics.start(32)
	var game := factory_game()
	var floor_index := game.loop.factory.factory_floor()
	var hits := [0]
	game.building.get_swarm(floor_index).target_attacked.connect(
		func(_cell: Vector2i, _amount: float) -> void: hits[0] += 1
	)
	await run_ticks(game, 300)
	# Godot's JSON reads some doubles back one ulp off (String.to_float is not correctly
	# rounded: about one value in twelve of those the machines' feed makes). Save at the
	# first tick whose fractional state reads back exactly, so that what is compared is the
	# game's own determinism, not the engine's number parsing.
	while not survives_json(game):
		await run_ticks(game, 1)
	expect_eq(game.save_game(path("resume")), OK, "saved at tick %d" % game.loop.tick)
	var cell := legal_cells(game, floor_index)[0]
	var script := {
		60: func() -> void: game.place_machine(floor_index, cell, 1),
		240: func() -> void: game.remove_machine(floor_index, cell),
	}
	await run_ticks(game, 900, script.duplicate())
	var continued := game.get_state()
	var machines_after: Array = continued["building"]["floors"][floor_index]["machines"]
	expect(hits[0] > 0, "the drones attacked (%d hits)" % hits[0])
	expect(not machines_after.is_empty(), "machines still stand")
	expect_eq(game.load_game(path("resume")), OK, "loaded")
	await run_ticks(game, 900, script.duplicate())
	expect_eq(game.get_state(), continued, "the same state 900 ticks on")
	FastPhysics.stop()
	end_game(game)
	return ok()


func test_a_format_3_save_without_machines_loads_with_none() -> bool:
	var game := factory_game()
	# A game saved before the factory: its floors have no machines key (and its swarms saw
	# no machine).
	var fresh := outpost_game(true, null, SEED)
	var older := fresh.get_state()
	end_game(fresh)
	for floor_state: Dictionary in older["building"]["floors"]:
		floor_state.erase("machines")
	var file := FileAccess.open(path("older"), FileAccess.WRITE)
	file.store_string(JSON.stringify(older, "", true, true))
	file.close()
	expect_eq(game.load_game(path("older")), OK, "loads")
	expect_eq(game.loop.factory.count(), 0, "no machine")
	var floors: Array = game.get_state()["building"]["floors"]
	expect_eq(floors[game.loop.factory.factory_floor()]["machines"], [], "an empty list again")
	end_game(game)
	return ok()


func test_bad_machines_in_a_save_are_refused_naming_them() -> bool:
	var game := factory_game()
	var floor_index := game.loop.factory.factory_floor()
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	var good := game.get_state()
	var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	var sealing := Vector2i(-1, -1)
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.EMPTY):
		if navigator.get_tower_refusal(cell) == "would seal a path":
			sealing = cell
			break
	var ground_cell := legal_cells(game, ground)[0]
	var cases := {
		"ground":
		[
			ground,
			{"cell": [ground_cell.x, ground_cell.y], "kind": 0, "health": 10.0},
			"floors\\[%d\\]\\.machines lists 1; only the UNDERGROUND storey takes" % ground
		],
		"wall":
		[
			floor_index,
			{"cell": [wall.x, wall.y], "kind": 0, "health": 10.0},
			"machines\\[3\\]: a machine on .*not an EMPTY cell \\(WALL\\)"
		],
		"seal":
		[
			floor_index,
			{"cell": [sealing.x, sealing.y], "kind": 0, "health": 10.0},
			"machines\\[3\\]: a machine on .*would seal a path"
		],
		"kind":
		[
			floor_index,
			{"cell": [wall.x, wall.y], "kind": 5, "health": 10.0},
			"machines\\[3\\]\\.kind is 5, not in 0\\.\\.1"
		],
		"health":
		[
			floor_index,
			{"cell": [wall.x, wall.y], "kind": 0, "health": 1e6},
			"machines\\[3\\]\\.health is 1000000(\\.0)?, not in \\(0, 120(\\.0)?\\]"
		],
	}
	var before := game.get_state_hash()
	for name: String in cases:
		var data := good.duplicate(true)
		var case: Array = cases[name]
		(data["building"]["floors"][case[0]]["machines"] as Array).append(case[1])
		var file := FileAccess.open(path(name), FileAccess.WRITE)
		file.store_string(JSON.stringify(data, "", true, true))
		file.close()
		expect_error("OutpostGame.load_game: .*%s" % case[2])
		expect_eq(game.load_game(path(name)), ERR_INVALID_DATA, "%s: refused" % name)
		expect_eq(game.get_state_hash(), before, "%s: the game untouched" % name)
	end_game(game)
	return ok()


## The default rules with a third machine kind, "Refinery".
func rules_with_a_third_kind() -> OutpostRules:
	var rules := (RULES as OutpostRules).duplicate(true)
	var refinery := MachineKind.new()
	refinery.display_name = "Refinery"
	refinery.cost = 150.0
	refinery.output = 3.0
	refinery.max_health = 300.0
	refinery.color = Color(0.9, 0.9, 0.3)
	rules.machine_kinds.append(refinery)
	return rules


func test_a_third_machine_kind_added_by_data_alone_is_offered_built_saved_and_loaded() -> bool:
	var game := outpost_game(true, rules_with_a_third_kind(), SEED)
	var floor_index := game.loop.factory.factory_floor()
	game.loop.materials = 400.0
	game.building.set_viewed_floor(floor_index)
	press(&"build_mode")
	expect(game.builder.active, "build mode")
	var action := BuildMode.tier_action(game.loop.rules.tower_tiers.size() + 2)
	expect_eq(action, &"tower_tier_5", "two tiers, then the machines: the fifth key")
	press(action)
	expect_eq(game.builder.machine, 2, "the fifth key picks the Refinery")
	await process_frames(1)
	var line := (game.hud.get_node(^"%BuildLabel") as Label).text
	expect(line.contains("Refinery, +3.0/s (150 materials)"), "build line: %s" % line)
	expect(line.contains("3 / 4 / 5: machine"), "the machines' keys: %s" % line)
	var cell := legal_cells(game, floor_index)[0]
	game.builder.hover(cell)
	expect_eq(game.builder.hover_text, "Refinery: 150 (+3.0 materials/s)", "the ghost")
	expect(game.builder.build_at_hover(), "built by a click")
	expect_eq(game.get_materials(), 250.0, "it cost 150")
	expect(is_equal_approx(game.loop.factory.output(), 3.0), "it produces 3/s")
	var saved := game.get_state()
	expect_eq(saved["building"]["floors"][floor_index]["machines"][0]["kind"], 2.0, "kind 2")
	expect_eq(game.save_game(path("refinery")), OK, "saved")
	game.restart()
	expect_eq(game.load_game(path("refinery")), OK, "loaded")
	var loaded := game.loop.factory.machine_at(floor_index, cell)
	expect(loaded != null and loaded.kind.display_name == "Refinery", "the refinery is back")
	expect_eq(game.get_state(), saved, "the state round-trips")
	end_game(game)
	var plain := outpost_game(true, null, SEED)
	expect_error("machines\\[0\\]\\.kind is 2, not in 0\\.\\.1")
	expect_eq(plain.load_game(path("refinery")), ERR_INVALID_DATA, "two kinds refuse it")
	end_game(plain)
	return ok()
