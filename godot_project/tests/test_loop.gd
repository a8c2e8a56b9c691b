extends "res://tests/suite.gd"
## The outpost loop (OutpostLoop through OutpostGame's scripting surface): restoring at the
## documented rates, bleed, shaft income and its disruption, towers where the navigator
## allows them (and the ghost agrees), towers that kill and die, the reclaim and its lock,
## the trickle's formula, defeat. Every test starts from a quiet game: no entry sends
## agents unless the test asks.

const TICK := 1.0 / 60.0


## Puts Genesis on the walkable cell next to `cell` (on `floor_index`) and waits a tick.
func stand_next_to(game: OutpostGame, floor_index: int, cell: Vector2i) -> void:
	var layout := game.building.layouts[floor_index]
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		if (
			layout.is_walkable(cell + d)
			and layout.get_cell(cell + d) != StoreyLayout.CellType.SHAFT
		):
			game.building.place_genesis(floor_index, cell + d)
			break
	await physics_frames(1)


func ground(game: OutpostGame) -> OutpostStorey:
	return game.building.get_storey(game.building.get_ground_floor())


func test_restoring_spends_materials_and_fills_the_beacon_at_the_documented_rates() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	var beacon := ground(game).get_beacons()[0]
	await stand_next_to(game, game.building.get_ground_floor(), beacon.cell)
	var before := game.get_materials()
	game.set_interacting(true)
	await physics_frames(60)
	game.set_interacting(false)
	var spent := before - game.get_materials()
	# 60 ticks at restore_spend_rate per second: one second's worth (a tick either way).
	var want := rules.restore_spend_rate
	expect(
		absf(spent - want) <= rules.restore_spend_rate * TICK * 1.5,
		"spent %s, want ~%s" % [spent, want]
	)
	expect(
		is_equal_approx(beacon.get_health(), spent * rules.health_per_material),
		"health %s" % beacon.get_health()
	)
	await physics_frames(10)
	expect_eq(game.get_materials(), before - spent, "nothing spent once interact is released")
	end_game(game)
	return ok()


func test_without_materials_nothing_is_restored_and_the_prompt_says_why() -> bool:
	var game := outpost_game(true)
	var beacon := ground(game).get_beacons()[0]
	await stand_next_to(game, game.building.get_ground_floor(), beacon.cell)
	game.loop.materials = 0.0
	game.set_interacting(true)
	await physics_frames(20)
	expect_eq(beacon.get_health(), 0.0, "no health without materials")
	expect_eq(game.get_materials(), 0.0, "materials never below 0")
	var prompt := game.loop.interaction_prompt("F")
	expect(prompt.contains("no materials"), "prompt: %s" % prompt)
	await process_frames(1)
	expect((game.hud.get_node(^"%PromptLabel") as Label).text == prompt, "the HUD shows it")
	end_game(game)
	return ok()


## Walkable cells of `layout` exactly `distance` from `cell` as the game counts
## ([method Interaction.cells_away]: a diagonal step is one), next to no
## SHAFT cell (whose prompt would come first).
func cells_at(layout: StoreyLayout, cell: Vector2i, distance: int) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for x in range(cell.x - distance, cell.x + distance + 1):
		for y in range(cell.y - distance, cell.y + distance + 1):
			var c := Vector2i(x, y)
			if Interaction.cells_away(c, cell) != distance or not layout.is_walkable(c):
				continue
			var by_shaft := false
			for d: Vector2i in [
				Vector2i.ZERO, Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT
			]:
				by_shaft = by_shaft or layout.get_cell(c + d) == StoreyLayout.CellType.SHAFT
			if not by_shaft:
				out.append(c)
	return out


func test_one_cell_too_far_from_a_damaged_beacon_the_prompt_says_move_next_to_it() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.get_ground_floor()
	var layout := game.building.layouts[floor_index]
	var beacon := ground(game).get_beacons()[0]
	var two := cells_at(layout, beacon.cell, 2)
	var three := cells_at(layout, beacon.cell, 3)
	if not expect(not two.is_empty() and not three.is_empty(), "cells 2 and 3 away"):
		end_game(game)
		return ok()
	game.building.place_genesis(floor_index, two[0])
	await physics_frames(1)
	var prompt := game.loop.interaction_prompt("F")
	expect(prompt.contains("Move next to the beacon"), "2 cells away: %s" % prompt)
	expect(prompt.contains("F"), "names the key: %s" % prompt)
	await process_frames(1)
	expect_eq(
		(game.hud.get_node(^"%PromptLabel") as Label).text,
		game.loop.interaction_prompt(ActionKeys.describe(&"interact")),
		"the HUD shows it"
	)
	await stand_next_to(game, floor_index, beacon.cell)
	prompt = game.loop.interaction_prompt("F")
	expect(prompt.begins_with("Hold F: restore the beacon"), "next to it: %s" % prompt)
	game.building.place_genesis(floor_index, three[0])
	await physics_frames(1)
	expect_eq(game.loop.interaction_prompt("F"), "", "3 cells away: nothing")
	beacon.restore(beacon.max_health)
	game.building.place_genesis(floor_index, two[0])
	await physics_frames(1)
	expect_eq(game.loop.interaction_prompt("F"), "", "a restored beacon 2 cells away: nothing")
	end_game(game)
	return ok()


func test_a_restored_beacon_bleeds_while_damaged_and_stops_when_full_again() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	var beacon := ground(game).get_beacons()[0]
	game.loop.materials = 500.0
	beacon.apply_damage(1.0)
	beacon.restore(50.0)
	await physics_frames(2)
	expect_eq(game.get_bleed_rate(), 0.0, "a beacon never full does not bleed")
	beacon.restore(beacon.max_health)
	expect(beacon.restored_once, "full once")
	beacon.apply_damage(30.0)
	await physics_frames(2)
	var rate := 30.0 * rules.bleed_per_missing_health
	expect(
		is_equal_approx(game.get_bleed_rate(), rate),
		"bleed %s, want %s" % [game.get_bleed_rate(), rate]
	)
	var before := game.get_materials()
	await physics_frames(60)
	var lost := before - game.get_materials()
	expect(absf(lost - rate) <= rate * 0.05, "lost %s in a second, want ~%s" % [lost, rate])
	beacon.restore(30.0)
	await physics_frames(2)
	expect_eq(game.get_bleed_rate(), 0.0, "no bleed once full again")
	var after := game.get_materials()
	await physics_frames(30)
	expect_eq(game.get_materials(), after, "materials hold")
	end_game(game)
	return ok()


func test_a_shaft_feeds_once_connected_and_pauses_while_a_drone_sits_by_it() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	var storey := ground(game)
	var shaft := storey.get_shafts()[0]
	var before := game.get_materials()
	await physics_frames(30)
	expect_eq(game.get_materials(), before, "no income before connecting")
	await stand_next_to(game, game.building.get_ground_floor(), shaft.cell)
	game.set_interacting(true)
	await physics_frames(2)
	game.set_interacting(false)
	expect(shaft.throughput != ShaftConnector.Throughput.DISCONNECTED, "connected")
	before = game.get_materials()
	await physics_frames(60)
	var fed := game.get_materials() - before
	expect(
		absf(fed - rules.shaft_feed_rate) <= rules.shaft_feed_rate * 0.05,
		"fed %s in a second" % fed
	)
	expect_eq(shaft.throughput, ShaftConnector.Throughput.FLOWING, "flowing")
	var swarm := storey.get_swarm()
	swarm.set_kind_params(StoreySwarm.KIND_DRONE, {"speed": 0.0, "attack_rate": 0.0})
	var drone := swarm.spawn_drone(shaft.cell)
	await physics_frames(2)
	expect_eq(shaft.throughput, ShaftConnector.Throughput.BLOCKED, "blocked by the drone")
	before = game.get_materials()
	await physics_frames(30)
	expect_eq(game.get_materials(), before, "no income while the drone stays")
	swarm.remove_agent(drone)
	await physics_frames(2)
	expect_eq(shaft.throughput, ShaftConnector.Throughput.FLOWING, "flowing again")
	end_game(game)
	return ok()


func test_towers_go_only_where_the_navigator_allows_and_the_ghost_agrees() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.get_ground_floor()
	var navigator := game.building.get_navigator(floor_index)
	var layout := game.building.layouts[floor_index]
	game.loop.materials = 100000.0
	game.builder.set_active(true)
	var placed := 0
	var sealing := 0
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			var legal := navigator.can_place_tower(cell)
			game.builder.hover(cell)
			var refusal := game.builder.hover_refusal
			expect_eq(refusal.is_empty(), legal, "ghost at %s: '%s'" % [cell, refusal])
			if refusal == "would seal a path":
				sealing += 1
			if layout.get_cell(cell) == StoreyLayout.CellType.WALL:
				expect_eq(refusal, "not an EMPTY cell (WALL)", "a wall")
			var built := game.place_tower(floor_index, cell, (x + y) % 2)
			expect_eq(built, legal, "place_tower(%s)" % cell)
			placed += int(built)
	expect(placed >= 10 and sealing >= 5, "placed %d towers, %d cells sealed" % [placed, sealing])
	expect_eq(navigator.get_towers().size(), placed, "every tower is on the navigator")
	expect_eq(BuildingCensus.towers(game.building, floor_index), placed, "and stands in the storey")
	end_game(game)
	return ok()


func test_towers_cost_refund_and_refuse_without_materials() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.get_ground_floor()
	var navigator := game.building.get_navigator(floor_index)
	var rules := game.loop.rules
	var cell := _first_legal(navigator)
	game.loop.materials = rules.tier(1).cost - 1.0
	expect(not game.place_tower(floor_index, cell, 1), "a high tower needs its cost")
	expect_eq(game.loop.tower_refusal(floor_index, cell, 1), "not enough materials", "reason")
	expect(game.place_tower(floor_index, cell, 0), "a low tower is affordable")
	var left := rules.tier(1).cost - 1.0 - rules.tier(0).cost
	expect(is_equal_approx(game.get_materials(), left), "paid %s" % rules.tier(0).cost)
	expect(game.remove_tower(floor_index, cell), "removed")
	expect(
		is_equal_approx(game.get_materials(), left + rules.tier(0).cost * rules.tower_refund),
		"refund"
	)
	expect(not game.remove_tower(floor_index, cell), "nothing to remove")
	expect(navigator.can_place_tower(cell), "the cell is free again")
	end_game(game)
	return ok()


func test_a_tower_kills_drones_in_range_and_dies_at_0_health() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.get_ground_floor()
	var storey := game.building.get_storey(floor_index)
	var swarm := storey.get_swarm()
	var navigator := storey.get_swarm().get_navigator()
	game.loop.materials = 1000.0
	var cell := _first_legal(navigator)
	expect(game.place_tower(floor_index, cell, 1), "a high tower")
	var tower := storey.get_towers().at(cell)
	swarm.set_kind_params(StoreySwarm.KIND_DRONE, {"speed": 0.0, "attack_rate": 0.0})
	# Three drones in reach (on free cells within 2 cells), one far away.
	var near: Array[int] = []
	for d: Vector2i in [
		Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0), Vector2i(0, -1), Vector2i(1, 1)
	]:
		if navigator.is_free(cell + d) and near.size() < 3:
			near.append(swarm.spawn_drone(cell + d))
	var shots := [0]
	tower.fired.connect(func(_id: int, _at: Vector3) -> void: shots[0] += 1)
	await physics_frames(60 * 8)
	for id in near:
		expect(not swarm.has_agent(id), "drone %d destroyed" % id)
	expect(shots[0] >= 3, "the tower fired %d shots" % shots[0])
	expect(storey.get_scrap().total() > 0.0, "scrap dropped")
	# Now drones that bite: next to the tower, attacking.
	swarm.set_kind_params(
		StoreySwarm.KIND_DRONE,
		{"speed": 0.0, "attack_rate": 5.0, "attack_damage": 40.0, "health": 100000.0}
	)
	for d: Vector2i in [Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0), Vector2i(0, -1)]:
		if navigator.is_free(cell + d):
			swarm.spawn_drone(cell + d)
	var destroyed_events: Array[Vector2i] = []
	game.loop.tower_destroyed.connect(
		func(_f: int, c: Vector2i) -> void: destroyed_events.append(c)
	)
	await physics_frames(60 * 3)
	expect_eq(destroyed_events, [cell] as Array[Vector2i], "tower_destroyed for its cell")
	expect(storey.get_towers().at(cell) == null, "gone from the storey")
	expect(not navigator.get_towers().has(cell), "gone from the navigator")
	end_game(game)
	return ok()


func _first_legal(navigator: StoreyNavigator) -> Vector2i:
	var i := navigator.placement_mask().find(1)
	return Vector2i(i / navigator.get_height(), i % navigator.get_height())


func _restore_all(game: OutpostGame, but: int = 0) -> Array[BeaconObject]:
	var beacons := BuildingCensus.beacons(game.building)
	for i in beacons.size() - but:
		beacons[i].restore(beacons[i].max_health)
	return beacons


func test_reclaim_is_refused_until_the_last_beacon_is_restored_and_locks_the_building() -> bool:
	var game := outpost_game(true)
	var beacons := _restore_all(game, 1)
	expect(not game.can_reclaim() and not game.reclaim(), "refused with one beacon left")
	beacons.back().restore(1000.0)
	expect(game.can_reclaim(), "every beacon restored")
	var floor_index := game.building.get_ground_floor()
	game.loop.materials = 1000.0
	var cell := _first_legal(game.building.get_navigator(floor_index))
	expect(game.place_tower(floor_index, cell), "a tower before the reclaim")
	expect(game.reclaim() and game.is_reclaimed(), "reclaimed")
	expect(not game.can_reclaim() and not game.reclaim(), "only once")
	var other := _first_legal(game.building.get_navigator(floor_index))
	expect(not game.place_tower(floor_index, other), "no tower after the reclaim")
	expect_eq(game.loop.tower_refusal(floor_index, other, 0), "building locked", "why")
	expect(not game.remove_tower(floor_index, cell), "no removal either")
	for index in game.building.get_storey_count():
		for entry in game.building.get_storey(index).get_entries():
			expect(not entry.spawning_enabled, "entries stopped")
	var swarm := ground(game).get_swarm()
	swarm.target_attacked.emit(beacons[0].cell, 50.0)
	for beacon in beacons:
		expect(beacon.is_restored(), "beacons take no damage")
	await process_frames(2)
	expect(game.end_screen.is_win_shown(), "the win banner")
	expect(not tree.paused, "the banner does not pause")
	end_game(game)
	return ok()


func test_the_trickle_is_yield_plus_shaft_bonus_minus_tower_upkeep() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	_restore_all(game)
	var storey := ground(game)
	storey.get_shafts()[0].throughput = ShaftConnector.Throughput.IDLE
	storey.get_shafts()[1].throughput = ShaftConnector.Throughput.IDLE
	game.loop.materials = 1000.0
	var floor_index := game.building.get_ground_floor()
	for k in 3:
		game.place_tower(floor_index, _first_legal(game.building.get_navigator(floor_index)))
	var beacons := BuildingCensus.beacons(game.building).size()
	var want := beacons * rules.beacon_yield + 2 * rules.shaft_bonus - 3 * rules.tower_upkeep
	expect(is_equal_approx(game.get_yield(), beacons * rules.beacon_yield), "yield")
	expect(game.reclaim(), "reclaimed")
	expect(
		is_equal_approx(game.loop.trickle, want), "trickle %s, want %s" % [game.loop.trickle, want]
	)
	var before := game.get_materials()
	await physics_frames(60)
	var gained := game.get_materials() - before
	expect(
		absf(gained - want - 2 * rules.shaft_feed_rate) <= want * 0.1,
		"gained %s in a second" % gained
	)
	end_game(game)
	return ok()


func test_yield_counts_partial_progress() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	var beacon := ground(game).get_beacons()[0]
	beacon.restore(beacon.max_health * 0.25)
	expect(is_equal_approx(game.get_yield(), 0.25 * rules.beacon_yield), "a quarter of one beacon")
	end_game(game)
	return ok()


func test_aliens_hurt_genesis_it_heals_when_left_alone_and_dies_at_0() -> bool:
	var game := outpost_game(true)
	var rules := game.loop.rules
	game.genesis.apply_damage(30.0)
	await physics_frames(int(60 * (rules.genesis_regen_delay + 1.0)))
	expect(game.genesis.health > 70.0, "healed to %s" % game.genesis.health)
	var swarm := game.building.get_swarm(game.building.genesis_floor)
	swarm.genesis_attacked.emit(200.0)
	await physics_frames(2)
	expect(game.loop.is_defeated(), "defeated at 0 health")
	expect(game.end_screen.is_defeat_shown(), "the defeat screen")
	expect(tree.paused, "the game stops behind it")
	end_game(game)
	return ok()


func test_genesis_at_0_health_is_lost_even_with_no_alien_by_it() -> bool:
	# Regeneration once healed a Genesis that reached 0 by other means before the check.
	var game := outpost_game(true)
	game.genesis.apply_damage(1000.0)
	await physics_frames(3)
	expect(game.loop.is_defeated(), "defeated")
	expect_eq(game.genesis.health, 0.0, "not healed back")
	end_game(game)
	return ok()


func test_a_tap_of_interact_between_two_ticks_connects_a_shaft() -> bool:
	# A key tapped faster than a physics tick was pressed and released before any tick
	# saw it: the shaft stayed disconnected.
	var game := outpost_game(true)
	var shaft := ground(game).get_shafts()[0]
	await stand_next_to(game, game.building.get_ground_floor(), shaft.cell)
	for pressed in [true, false]:
		var event := InputEventAction.new()
		event.action = &"interact"
		event.pressed = pressed
		tree.root.push_input(event)
	await physics_frames(2)
	expect(shaft.throughput != ShaftConnector.Throughput.DISCONNECTED, "connected by a tap")
	end_game(game)
	return ok()


func test_once_every_beacon_is_restored_the_hud_sends_genesis_to_the_console() -> bool:
	var game := outpost_game(true)
	_restore_all(game)
	await process_frames(2)
	var prompt := (game.hud.get_node(^"%PromptLabel") as Label).text
	expect(prompt.contains("RECLAIM BUILDING at the console (Underground)"), "prompt: %s" % prompt)
	var console := game.building.get_console()
	game.building.place_genesis(game.building.get_console_floor(), console.cell)
	await physics_frames(1)
	await process_frames(1)
	prompt = (game.hud.get_node(^"%PromptLabel") as Label).text
	expect(prompt.begins_with("F / Space: RECLAIM BUILDING"), "at the console: %s" % prompt)
	expect(console.prompt == prompt, "the console shows it too")
	end_game(game)
	return ok()
