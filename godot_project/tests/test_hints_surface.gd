extends "res://tests/suite.gd"
## HintCoach out on the surface: a heap near Genesis brings the salvage hint, time out there
## or units salvaged the enter hint; neither comes inside, and none of the building's hints
## comes out there (their distances are to a floor's cells, their agents and towers the
## building's). The building's hints: test_hints.gd.


## A quiet game whose hints are all unseen and come at once, no materials; Genesis out on
## the surface (on an open cell more than the coach's reach from every heap: nothing is
## due) when `outside`, else on the ground floor's ENTRANCE.
func quiet_game(outside: bool) -> OutpostGame:
	var game := outpost_game(true)
	var coach := coach_of(game)
	coach.reset_hints()
	coach.first_delay = 0.0
	coach.gap_seconds = 0.0
	game.loop.materials = 0.0
	if outside:
		game.surface.leave_building(far_from_heaps(game))
	return game


func coach_of(game: OutpostGame) -> HintCoach:
	return game.get_node(^"HintCoach") as HintCoach


## The open surface cell (not the door) farthest from every heap.
func far_from_heaps(game: OutpostGame) -> Vector2i:
	var surface := game.surface
	var best := Vector2i(-1, -1)
	var best_gap := -1
	for x in surface.layout.width:
		for y in surface.layout.height:
			var c := Vector2i(x, y)
			if not surface.layout.is_walkable(c) or c == surface.layout.door_cell:
				continue
			var gap := 1 << 20
			for node in surface.get_nodes():
				gap = mini(gap, absi(c.x - node.cell.x) + absi(c.y - node.cell.y))
			if gap > best_gap:
				best = c
				best_gap = gap
	var reach := coach_of(game).near_cells
	expect(best_gap > reach, "a surface cell out of reach (%d > %d)" % [best_gap, reach])
	return best


## Shows and dismisses each of `ids`: seen, so that they never come again.
func see(game: OutpostGame, ids: Array[StringName]) -> void:
	for id in ids:
		coach_of(game).show_hint(id)
		coach_of(game).dismiss()


## Every hint but `id`.
func all_but(id: StringName) -> Array[StringName]:
	return HintCoach.HINTS.filter(func(other: StringName) -> bool: return other != id)


## Ticks until the coach shows a hint (at most `limit`); the hint, or &"".
func next_hint(game: OutpostGame, limit: int = 30) -> StringName:
	var coach := coach_of(game)
	await ticks_until(func() -> bool: return not coach.current.is_empty(), limit)
	return coach.current


func test_a_heap_near_genesis_outside_brings_the_salvage_hint() -> bool:
	var game := quiet_game(true)
	expect_eq(await next_hint(game), &"", "far from every heap: nothing")
	var node: SalvageNode = game.surface.get_nodes()[0]
	for step: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		if game.surface.layout.is_walkable(node.cell + step):
			game.genesis.place_on_ground(game.surface.global_position, node.cell + step)
			break
	expect_eq(await next_hint(game), HintCoach.SALVAGE_HEAPS, "beside a heap")
	var text := (coach_of(game).get_node(^"%HintText") as Label).text
	expect(text.contains(ActionKeys.describe(&"interact")), "names the interact key: " + text)
	end_game(game)
	return ok()


func test_the_salvage_hint_never_comes_inside() -> bool:
	var game := quiet_game(false)
	see(game, all_but(HintCoach.SALVAGE_HEAPS))
	coach_of(game).near_cells = 1000  # every heap near, had it been counted inside
	expect_eq(await next_hint(game), &"", "inside: no salvage hint")
	end_game(game)
	return ok()


func test_time_out_on_the_surface_brings_the_enter_hint() -> bool:
	var game := quiet_game(true)
	expect_eq(await next_hint(game), &"", "not after half a second")
	coach_of(game).enter_after_seconds = 1.0
	expect_eq(await next_hint(game, 60), HintCoach.ENTER_OUTPOST, "after a second out there")
	end_game(game)
	return ok()


func test_salvaging_enough_brings_the_enter_hint() -> bool:
	var game := quiet_game(true)
	var enough := coach_of(game).enter_after_units
	var taken := 0
	for node in game.surface.get_nodes():
		taken += node.take(enough - 1 - taken)
	expect_eq(await next_hint(game), &"", "one unit short: nothing")
	for node in game.surface.get_nodes():
		if taken < enough:
			taken += node.take(1)
	expect_eq(taken, enough, "units salvaged")
	expect_eq(await next_hint(game), HintCoach.ENTER_OUTPOST, "enough salvaged")
	end_game(game)
	return ok()


func test_the_enter_hint_never_comes_inside() -> bool:
	var game := quiet_game(false)
	see(game, all_but(HintCoach.ENTER_OUTPOST))
	coach_of(game).enter_after_seconds = 0.0
	coach_of(game).enter_after_units = 0
	expect_eq(await next_hint(game), &"", "inside: no enter hint")
	end_game(game)
	return ok()


func test_no_inside_hint_comes_outside() -> bool:
	var game := quiet_game(true)
	see(game, HintCoach.SURFACE_HINTS)
	coach_of(game).near_cells = 1000  # every shaft and beacon near, had they been measured
	game.loop.materials = 1000.0  # a tower paid for
	var ground := game.building.get_ground_floor()
	var entry := game.building.layouts[ground].entry_cells[0]
	game.building.get_swarm(ground).spawn_alien(entry)  # an agent on Genesis's last floor
	expect_eq(await next_hint(game), &"", "outside: no inside hint")
	game.surface.enter_building()
	expect(not (await next_hint(game)).is_empty(), "inside, their moment has come")
	end_game(game)
	return ok()
