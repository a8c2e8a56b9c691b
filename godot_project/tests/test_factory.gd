extends "res://tests/suite.gd"
## The underground factory: factory machines ([MachineKind] rows of the rules) stand where a
## tower may, on the UNDERGROUND storey only, and never seal a path; they are paid from the
## ledger and half refunded; they feed the ledger and count in the yield, and the trickle
## fixed at the reclaim carries them on; drones wear them down and at 0 health they are
## gone; build mode offers them on the factory floor after the tower tiers' keys; the HUD
## says what they produce. Every test starts from a quiet game (no entry sends agents).

const RULES := preload("res://data/outpost/outpost_rules.tres")
const TICK := 1.0 / 60.0


## The factory floor of `game` (the UNDERGROUND storey).
func factory(game: OutpostGame) -> int:
	return game.loop.factory.factory_floor()


## The cells of `floor_index` where one more tower may stand now.
func legal_cells(game: OutpostGame, floor_index: int) -> Array[Vector2i]:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var out: Array[Vector2i] = []
	for i in mask.size():
		if mask[i] == 1:
			out.append(Vector2i(i / navigator.get_height(), i % navigator.get_height()))
	return out


## A cell of `floor_index` whose refusal is `refusal` (a [enum StoreyNavigator.TowerRefusal]),
## or (-1, -1).
func cell_refused(game: OutpostGame, floor_index: int, refusal: int) -> Vector2i:
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	for x in layout.width:
		for y in layout.height:
			if navigator.check_tower(Vector2i(x, y)) == refusal:
				return Vector2i(x, y)
	return Vector2i(-1, -1)


func test_the_game_has_two_machine_kinds_and_the_underground_is_the_factory_floor() -> bool:
	var game := outpost_game(true)
	expect_eq(game.loop.rules.machine_kinds.size(), 2, "two kinds in outpost_rules.tres")
	expect_eq(factory(game), game.building.get_console_floor(), "the console's floor")
	expect_eq(
		game.building.layouts[factory(game)].storey_type,
		StoreyLayout.StoreyType.UNDERGROUND,
		"the UNDERGROUND storey"
	)
	for kind in game.loop.rules.machine_kinds:
		expect(kind.cost > 0.0 and kind.output > 0.0 and kind.max_health > 0.0, kind.display_name)
	end_game(game)
	return ok()


func test_a_machine_may_stand_exactly_where_a_tower_may_on_the_factory_floor() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	game.loop.materials = 10000.0
	var mask := navigator.placement_mask()
	var legal := 0
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			var want := navigator.check_tower(cell) as int
			var got := game.loop.factory.check(floor_index, cell, 0)
			expect_eq(got, want, "%s: the navigator's reason" % cell)
			expect_eq(got == Factory.Refusal.NONE, mask[x * layout.height + y] == 1, "%s" % cell)
			legal += int(got == Factory.Refusal.NONE)
	expect(legal > 10, "room for machines: %d cells" % legal)
	end_game(game)
	return ok()


func test_machines_never_seal_a_path_however_many_are_built() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	game.loop.materials = 100000.0
	var built := 0
	var cells := legal_cells(game, floor_index)
	while not cells.is_empty():
		expect(game.place_machine(floor_index, cells[0], built % 2), "built on %s" % cells[0])
		built += 1
		cells = legal_cells(game, floor_index)
	expect(built > 10, "%d machines" % built)
	var sealing := cell_refused(game, floor_index, StoreyNavigator.TowerRefusal.WOULD_SEAL)
	expect(sealing.x >= 0, "a cell left that would seal a path")
	expect_eq(
		game.loop.factory.refusal_text(floor_index, sealing, 0), "would seal a path", "in words"
	)
	expect(not game.place_machine(floor_index, sealing, 0), "and no machine goes there")
	var console := game.building.get_console().cell
	var field := navigator.distance_field([console])
	var required: Array[Vector2i] = []
	required.append_array(layout.entry_cells)
	required.append_array(layout.beacon_cells)
	required.append_array(layout.shaft_cells)
	required.append(layout.staircase_cell)
	for cell in required:
		expect(field[cell.x * layout.height + cell.y] >= 0, "%s still reaches the console" % cell)
	end_game(game)
	return ok()


func test_machines_are_refused_off_the_factory_floor_and_on_special_cells_with_a_reason() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var ground := game.building.get_ground_floor()
	var factory_part := game.loop.factory
	game.loop.materials = 1000.0
	var cell := legal_cells(game, ground)[0]
	expect_eq(factory_part.check(ground, cell, 0), Factory.Refusal.NOT_FACTORY, "the ground floor")
	expect_eq(
		factory_part.refusal_text(ground, cell, 0),
		"machines stand on the Underground floor only",
		"in words"
	)
	expect(not game.place_machine(ground, cell, 0), "not built")
	expect_eq(game.get_materials(), 1000.0, "nothing paid")
	var machines := game.building.get_storey(ground).get_machines()
	expect(machines.add(cell, 0, RULES.machine_kind(0)) == null, "the storey's node refuses too")
	expect_eq(game.building.get_navigator(ground).get_towers().size(), 0, "nothing placed")
	var layout := game.building.layouts[floor_index]
	var cases := [
		[layout.primary_beacon, 0, "not an EMPTY cell (BEACON)"],
		[layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0], 0, "not an EMPTY cell (WALL)"],
		[game.building.get_console().cell, 0, "a required cell (Genesis or the console)"],
		[Vector2i(-3, 2), 0, "off the grid"],
		[legal_cells(game, floor_index)[0], 7, "no such machine"],
	]
	for case: Array in cases:
		var text := factory_part.refusal_text(floor_index, case[0], case[1])
		expect_eq(text, case[2], "%s" % case[0])
		expect(not game.place_machine(floor_index, case[0], case[1]), "%s: refused" % case[2])
	var spots := legal_cells(game, floor_index)
	expect(game.place_machine(floor_index, spots[0], 0), "a machine")
	expect_eq(
		factory_part.refusal_text(floor_index, spots[0], 1), "a machine stands there", "on it"
	)
	var tower_cell := legal_cells(game, floor_index)[0]
	expect(game.place_tower(floor_index, tower_cell, 0), "a tower")
	expect_eq(
		factory_part.refusal_text(floor_index, tower_cell, 0), "a tower stands there", "on a tower"
	)
	game.loop.materials = 1.0
	var free := legal_cells(game, floor_index)[0]
	expect_eq(factory_part.refusal_text(floor_index, free, 0), "not enough materials", "poor")
	expect(not game.place_machine(floor_index, free, 0), "not built")
	expect_eq(game.get_materials(), 1.0, "nothing paid")
	end_game(game)
	return ok()


func test_every_machine_refusal_has_a_sentence() -> bool:
	var seen := {}
	for refusal: int in Factory.Refusal.values():
		var text := FactoryText.machine_refusal(refusal, "WALL")
		expect_eq(text.is_empty(), refusal == Factory.Refusal.NONE, "sentence of %d" % refusal)
		expect(not seen.has(text), "'%s' said once" % text)
		seen[text] = true
	var names := ClassDB.class_get_enum_constants(&"StoreyNavigator", &"TowerRefusal")
	for name in names:
		expect_eq(
			Factory.Refusal[name] as int,
			ClassDB.class_get_integer_constant(&"StoreyNavigator", name),
			"Refusal.%s is the navigator's" % name
		)
	return ok()


func test_a_machine_is_paid_from_the_ledger_and_half_refunded() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var kind := game.loop.rules.machine_kind(1)
	game.loop.materials = 200.0
	var spent := game.loop.spent
	var cell := legal_cells(game, floor_index)[0]
	expect(game.place_machine(floor_index, cell, 1), "built")
	expect_eq(game.get_materials(), 200.0 - kind.cost, "its cost paid")
	expect_eq(game.loop.spent, spent + kind.cost, "counted as spent")
	var machine := game.loop.factory.machine_at(floor_index, cell)
	expect(machine != null and machine.kind == kind, "a %s on %s" % [kind.display_name, cell])
	expect(not game.building.get_navigator(floor_index).is_free(cell), "it blocks the agents")
	expect(game.remove_machine(floor_index, cell), "removed")
	expect_eq(
		game.get_materials(),
		200.0 - kind.cost + kind.cost * game.loop.rules.machine_refund,
		"half back"
	)
	expect(game.building.get_navigator(floor_index).is_free(cell), "the cell free again")
	expect(not game.remove_machine(floor_index, cell), "nothing left to remove")
	var ledger := game.loop.ledger
	expect(
		is_equal_approx(ledger.earned - ledger.spent - ledger.lost, ledger.materials),
		"the accounts add up"
	)
	end_game(game)
	return ok()


func test_machines_feed_the_ledger_and_count_in_the_yield() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var rules := game.loop.rules
	game.loop.materials = 500.0
	var yield_before := game.get_yield()
	var cells := legal_cells(game, floor_index)
	expect(game.place_machine(floor_index, cells[0], 0), "a first machine")
	expect(game.place_machine(floor_index, legal_cells(game, floor_index)[0], 1), "a second")
	var output := rules.machine_kind(0).output + rules.machine_kind(1).output
	expect(is_equal_approx(game.loop.factory.output(), output), "their output")
	expect(is_equal_approx(game.get_yield(), yield_before + output), "the yield grows by it")
	var before := game.get_materials()
	await physics_frames(60)
	var gained := game.get_materials() - before
	expect(
		absf(gained - output) <= output * TICK * 1.5,
		"fed %s in a second, want ~%s (no shaft is connected)" % [gained, output]
	)
	expect(is_equal_approx(game.loop.factory.get_rate(), output), "the rate fed")
	end_game(game)
	return ok()


func test_after_the_reclaim_the_trickle_carries_the_machines_output() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var rules := game.loop.rules
	game.loop.materials = 500.0
	expect(game.place_machine(floor_index, legal_cells(game, floor_index)[0], 1), "a machine")
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	var beacons_yield := BuildingCensus.beacons(game.building).size() * rules.beacon_yield
	var output := rules.machine_kind(1).output
	expect(is_equal_approx(game.get_yield(), beacons_yield + output), "yield with the machine")
	expect(game.reclaim(), "reclaimed")
	var want := maxf(
		(
			beacons_yield
			+ output
			+ rules.shaft_bonus * BuildingCensus.connected_shafts(game.building)
			- rules.tower_upkeep * BuildingCensus.towers(game.building)
		),
		0.0
	)
	expect(
		is_equal_approx(game.loop.trickle, want), "trickle %s, want %s" % [game.loop.trickle, want]
	)
	await physics_frames(1)
	var before := game.get_materials()
	await physics_frames(60)
	expect_eq(game.loop.factory.get_rate(), 0.0, "the machines no longer feed the ledger")
	var gained := game.get_materials() - before
	expect(
		absf(gained - want) <= want * TICK * 1.5,
		"only the trickle flows: %s in a second, want ~%s" % [gained, want]
	)
	expect(
		not game.place_machine(floor_index, legal_cells(game, floor_index)[0], 0),
		"the locked building takes no machine"
	)
	expect_eq(
		game.loop.factory.refusal_text(floor_index, legal_cells(game, floor_index)[0], 0),
		"building locked",
		"and says why"
	)
	end_game(game)
	return ok()


func test_drones_attack_a_machine_and_destroy_it() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	var swarm := game.building.get_swarm(floor_index)
	game.loop.materials = 200.0
	# A machine with free cells around it, away from the beacons.
	var cell := Vector2i(-1, -1)
	for candidate in legal_cells(game, floor_index):
		var free := 0
		for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
			free += int(navigator.is_free(candidate + d))
		var far := true
		for beacon in layout.beacon_cells:
			far = far and absi(beacon.x - candidate.x) + absi(beacon.y - candidate.y) > 4
		if free >= 2 and far:
			cell = candidate
			break
	if not expect(cell.x >= 0, "a machine's cell"):
		end_game(game)
		return ok()
	expect(game.place_machine(floor_index, cell, 0), "built")
	var machine := game.loop.factory.machine_at(floor_index, cell)
	machine.set_health(3.0)
	var attacked := record(swarm.target_attacked)
	var lost := record(game.loop.factory.machine_destroyed)
	var hurt := record(machine.health_changed)
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		if navigator.is_free(cell + d):
			swarm.spawn_drone(cell + d)
	var ticks := await ticks_until(func() -> bool: return not lost.is_empty(), 600)
	expect(ticks <= 600, "destroyed in %d ticks" % ticks)
	expect(attacked.any(func(call: Array) -> bool: return call[0] == cell), "the machine's cell")
	expect(not hurt.is_empty(), "it lost health first")
	expect_eq(lost.size(), 1, "machine_destroyed once")
	expect_eq(
		lost[0] if not lost.is_empty() else [], [floor_index, cell], "with its floor and cell"
	)
	expect(game.loop.factory.machine_at(floor_index, cell) == null, "gone")
	expect(navigator.is_free(cell), "its cell free again")
	expect_eq(game.loop.factory.output(), 0.0, "no output left")
	var alerts := "\n".join(game.get_alerts())
	expect(alerts.contains("Machine destroyed: Underground"), "alerted: %s" % alerts)
	end_game(game)
	return ok()


func test_a_drone_on_the_factory_floor_heads_for_the_nearest_machine() -> bool:
	var game := outpost_game(true)
	var floor_index := factory(game)
	var layout := game.building.layouts[floor_index]
	var navigator := game.building.get_navigator(floor_index)
	var swarm := game.building.get_swarm(floor_index)
	game.loop.materials = 200.0
	# The legal cell farthest from every beacon, and a free cell 3 steps from it that is
	# farther still from the beacons: the machine is that drone's nearest power source.
	var beacons := navigator.distance_field(layout.beacon_cells)
	var cell := Vector2i(-1, -1)
	for candidate in legal_cells(game, floor_index):
		if (
			cell.x < 0
			or (
				beacons[candidate.x * layout.height + candidate.y]
				> beacons[cell.x * layout.height + cell.y]
			)
		):
			cell = candidate
	# (A field from a blocking cell reaches nothing: measure before the machine stands.)
	var from_machine := navigator.distance_field([cell])
	expect(game.place_machine(floor_index, cell, 0), "built")
	var start := Vector2i(-1, -1)
	for x in layout.width:
		for y in layout.height:
			var i := x * layout.height + y
			if navigator.is_free(Vector2i(x, y)) and from_machine[i] == 3 and beacons[i] > 3:
				start = Vector2i(x, y)
	if not expect(start.x >= 0, "a start 3 steps from the machine"):
		end_game(game)
		return ok()
	var attacked := record(swarm.target_attacked)
	swarm.spawn_drone(start)
	var ticks := await ticks_until(
		func() -> bool: return attacked.any(func(call: Array) -> bool: return call[0] == cell), 1200
	)
	expect(ticks <= 1200, "the drone attacked the machine after %d ticks" % ticks)
	var machine := game.loop.factory.machine_at(floor_index, cell)
	expect(machine != null and machine.health < machine.kind.max_health, "and wore it down")
	end_game(game)
	return ok()
