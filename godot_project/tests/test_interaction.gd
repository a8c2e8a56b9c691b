extends "res://tests/suite.gd"
## Interaction (what interact does), a part of the loop: next to a damaged beacon it
## spends materials into the beacon; next to a disconnected shaft it connects it, once and
## paid; a press shorter than a tick still acts for one tick; its prompt says what it
## would do; its saved state is held and pressed.


## A quiet game with Genesis on the cell next to `cell` of the ground floor.
func game_beside(cell_of: Callable) -> OutpostGame:
	var game := outpost_game(true, null, 20260316)
	var ground := game.building.get_ground_floor()
	var target: Vector2i = cell_of.call(game.building.get_storey(ground))
	var layout := game.building.layouts[ground]
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		if layout.is_walkable(target + d):
			game.building.place_genesis(ground, target + d)
			break
	return game


func test_holding_interact_next_to_a_beacon_spends_materials_into_it() -> bool:
	var game := game_beside(func(s: OutpostStorey) -> Vector2i: return s.get_beacons()[0].cell)
	var beacon := game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	var interaction := game.loop.interaction
	expect_eq(interaction.target()[0], Interaction.Target.BEACON, "the beacon is the target")
	var before := game.loop.materials
	interaction.set_held(true)
	interaction.step(1.0)
	var spent := before - game.loop.materials
	var rules := game.loop.rules
	expect(is_equal_approx(spent, rules.restore_spend_rate), "one second's spending: %s" % spent)
	expect(
		is_equal_approx(beacon.get_health(), spent * rules.health_per_material),
		"the beacon got what was spent"
	)
	end_game(game)
	return ok()


func test_a_press_shorter_than_a_tick_acts_once() -> bool:
	var game := game_beside(func(s: OutpostStorey) -> Vector2i: return s.get_shafts()[0].cell)
	var shaft := game.building.get_storey(game.building.get_ground_floor()).get_shafts()[0]
	var interaction := game.loop.interaction
	interaction.set_held(true)
	interaction.set_held(false)
	expect_eq(interaction.get_state(), {"interacting": false, "pressed": true}, "a press pending")
	interaction.step(1.0 / 60.0)
	expect(shaft.throughput != ShaftConnector.Throughput.DISCONNECTED, "the shaft connected")
	expect_eq(interaction.get_state(), {"interacting": false, "pressed": false}, "press used")
	end_game(game)
	return ok()


func test_the_prompt_says_what_interact_would_do() -> bool:
	var game := game_beside(func(s: OutpostStorey) -> Vector2i: return s.get_beacons()[0].cell)
	var prompt := game.loop.interaction.prompt("F")
	expect(prompt.begins_with("Hold F: restore the beacon"), prompt)
	game.loop.materials = 0.0
	expect(game.loop.interaction.prompt("F").contains("no materials"), "and when it cannot")
	end_game(game)
	return ok()


func test_a_saved_interaction_is_two_flags() -> bool:
	expect_eq(Interaction.check_state({"interacting": true, "pressed": false}, {}), "", "fine")
	var problem := Interaction.check_state({"interacting": 1.0, "pressed": false}, {})
	expect(problem.contains("interaction.interacting is 1"), problem)
	return ok()


func test_standing_diagonally_by_a_beacon_counts_as_next_to_it() -> bool:
	var game := outpost_game(true, null, 20260316)
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	var found := false
	for beacon in game.building.get_storey(ground).get_beacons():
		for d: Vector2i in [Vector2i(1, 1), Vector2i(-1, 1), Vector2i(1, -1), Vector2i(-1, -1)]:
			if not found and layout.is_walkable(beacon.cell + d):
				game.building.place_genesis(ground, beacon.cell + d)
				var prompt := game.loop.interaction_prompt("F")
				expect(prompt.begins_with("Hold F: restore the beacon"), "diagonal: %s" % prompt)
				expect(not prompt.contains("Move next to"), "not told to move: %s" % prompt)
				found = true
	expect(found, "a beacon with a walkable diagonal neighbour")
	expect_eq(Interaction.cells_away(Vector2i(0, 0), Vector2i(2, 1)), 2, "two cells away")
	expect(not Interaction.next_to(Vector2i(0, 0), Vector2i(2, 1)), "not next to it")
	end_game(game)
	return ok()
