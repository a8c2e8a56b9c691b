extends "res://tests/suite.gd"
## The game keeps its promises at every edge: the reclaim is a final win (nothing is
## damaged after it, no defeat follows, the agents retreat and leave); a save is the whole
## game (every agent, the clock, the view), so resuming a save equals continuing the game
## it was taken from; equal seeds and calls make equal games; a format-1 file still loads;
## a save whose swarm state is bad is refused and leaves the running game untouched.

const FastPhysics := preload("res://tests/fast_physics.gd")
const SPEED_UP := 32
const SEED := 4242


func path(name: String) -> String:
	return "user://test_integrity_%s.json" % name


## Runs `count` ticks of the game's own clock, doing `script[offset]` (a Callable) at
## the tick offsets it names.
func run_ticks(game: OutpostGame, count: int, script: Dictionary = {}) -> void:
	var start := game.loop.tick
	while game.loop.tick < start + count:
		var offset := game.loop.tick - start
		if script.has(offset):
			(script[offset] as Callable).call()
			script.erase(offset)
		await tree.physics_frame


## The first cells a tower may go on, on `floor_index`.
func legal_cells(game: OutpostGame, floor_index: int, count: int) -> Array[Vector2i]:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var out: Array[Vector2i] = []
	var i := mask.find(1)
	while i >= 0 and out.size() < count:
		out.append(Vector2i(i / navigator.get_height(), i % navigator.get_height()))
		i = mask.find(1, i + 1)
	return out


## Puts Genesis on the ground floor's first entry cell, where the agents come in (where it
## started before it came in by the ENTRANCE).
func at_first_entry(game: OutpostGame) -> void:
	var ground := game.building.get_ground_floor()
	game.building.place_genesis(ground, game.building.layouts[ground].entry_cells[0])


## A wave under way on Genesis's floor: towers by the beacons, 40 agents from the entries
## (every third an alien), Genesis standing next to the first beacon.
func busy_game() -> OutpostGame:
	var game := outpost_game(true, null, SEED)
	at_first_entry(game)
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	game.loop.materials = 1000.0
	for cell in legal_cells(game, ground, 40).slice(-4):
		game.place_tower(ground, cell, 1)
	game.genesis.stats = game.genesis.stats.duplicate()
	game.genesis.stats.max_health = 100000.0
	game.genesis.heal(100000.0)
	var swarm := game.building.get_swarm(ground)
	for i in 40:
		var entry: Vector2i = layout.entry_cells[i % layout.entry_cells.size()]
		if i % 3 == 0:
			swarm.spawn_alien(entry)
		else:
			swarm.spawn_drone(entry)
	return game


func swarm_states(game: OutpostGame) -> Array:
	var out: Array = []
	for index in game.building.get_storey_count():
		var swarm := game.building.get_swarm(index)
		out.append([swarm.state_hash(), swarm.get_tick(), swarm.get_agent_count()])
	return out


func test_resuming_a_save_equals_continuing_the_game() -> bool:
	FastPhysics.start(SPEED_UP)
	var game := busy_game()
	var ground := game.building.get_ground_floor()
	var shots := [0]
	for tower in game.building.get_storey(ground).get_towers().all():
		tower.fired.connect(func(_id: int, _at: Vector3) -> void: shots[0] += 1)
	var bites := [0]
	game.building.get_swarm(ground).genesis_attacked.connect(
		func(_amount: float) -> void: bites[0] += 1
	)
	await run_ticks(game, 120)
	var alive := BuildingCensus.agents(game.building)
	expect(alive >= 30, "a wave of %d agents" % alive)
	expect_eq(game.save_game(path("resume")), OK, "saved at tick %d" % game.loop.tick)
	var at_save := swarm_states(game)
	var tower_cell := legal_cells(game, ground, 1)[0]
	var script := {
		100: func() -> void: game.place_tower(ground, tower_cell, 0),
		300: func() -> void: game.set_interacting(true),
		360: func() -> void: game.set_interacting(false),
	}
	var shots_at_save: int = shots[0]
	await run_ticks(game, 600, script.duplicate())
	var continued := game.get_state_hash()
	var continued_state := game.get_state()
	expect(
		shots[0] > 0 and bites[0] > 0, "towers fired (%d), aliens bit (%d)" % [shots[0], bites[0]]
	)
	expect_eq(game.load_game(path("resume")), OK, "loaded")
	expect_eq(swarm_states(game), at_save, "load_game is synchronous: swarms as saved")
	await run_ticks(game, 600, script.duplicate())
	expect_eq(game.get_state(), continued_state, "the same state after 600 ticks")
	expect_eq(game.get_state_hash(), continued, "the same hash")
	FastPhysics.stop()
	end_game(game)
	return ok()


func test_two_games_of_a_seed_given_the_same_calls_end_equal() -> bool:
	FastPhysics.start(SPEED_UP)
	var hashes: Array[int] = []
	for run in 2:
		var game := busy_game()
		var ground := game.building.get_ground_floor()
		var cell := legal_cells(game, ground, 1)[0]
		await run_ticks(game, 300, {50: func() -> void: game.place_tower(ground, cell, 0)})
		hashes.append(game.get_state_hash())
		end_game(game)
	FastPhysics.stop()
	expect_eq(hashes[0], hashes[1], "equal seeds and calls, equal games")
	return ok()


func test_a_load_keeps_every_agent_the_view_and_the_mode() -> bool:
	var game := busy_game()
	await run_ticks(game, 30)
	var ground := game.building.get_ground_floor()
	game.building.place_genesis(ground, game.building.layouts[ground].staircase_cell)
	await run_ticks(game, 4)
	expect(game.genesis.is_on_staircase(), "Genesis on the staircase")
	game.building.travel_mode = true
	game.building.set_viewed_floor(0)
	var before := swarm_states(game)
	var agents := BuildingCensus.agents(game.building)
	expect_eq(game.save_game(path("wave")), OK, "saved")
	game.restart()
	expect_eq(BuildingCensus.agents(game.building), 0, "a fresh game has none")
	expect_eq(game.load_game(path("wave")), OK, "loaded")
	expect_eq(BuildingCensus.agents(game.building), agents, "every agent is back")
	expect_eq(swarm_states(game), before, "every swarm's hash, tick and count")
	expect(game.building.travel_mode, "still in travel mode")
	expect(game.genesis.is_on_staircase(), "on the staircase at once, as saved")
	expect_eq(game.building.viewed_floor, 0, "the same floor in view")
	end_game(game)
	return ok()


func test_doubles_survive_a_save_exactly() -> bool:
	var game := outpost_game(true, null, SEED)
	at_first_entry(game)
	game.loop.materials = 0.1 + 0.2
	# Inside the entry's cell (a step into the next one may meet a wall): digits enough.
	game.genesis.global_position += Vector3(0.1234567, 0.0, 0.3456789)
	var position := game.genesis.global_position
	expect_eq(game.save_game(path("doubles")), OK, "saved")
	game.restart()
	expect_eq(game.load_game(path("doubles")), OK, "loaded")
	expect_eq(game.loop.materials, 0.1 + 0.2, "0.30000000000000004 stays itself")
	expect_eq(game.genesis.global_position, position, "Genesis exactly where it was")
	end_game(game)
	return ok()


func test_a_save_with_a_bad_swarm_state_is_refused_and_the_game_untouched() -> bool:
	var game := busy_game()
	await run_ticks(game, 10)
	expect_eq(game.save_game(path("good")), OK, "saved")
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path("good")))
	var ground := game.building.get_ground_floor()
	var floor_state: Dictionary = data["building"]["floors"][ground]
	var bytes := Marshalls.base64_to_raw(floor_state["swarm"]["agents"])
	bytes[bytes.size() / 2] ^= 0x20
	floor_state["swarm"]["agents"] = Marshalls.raw_to_base64(bytes)
	var file := FileAccess.open(path("bad_swarm"), FileAccess.WRITE)
	file.store_string(JSON.stringify(data))
	file.close()
	var before := game.get_state_hash()
	expect_error(
		"OutpostGame.load_game: .*floors\\[%d\\]\\.swarm: .*checksum does not match" % ground
	)
	expect_eq(game.load_game(path("bad_swarm")), ERR_INVALID_DATA, "refused")
	expect_eq(game.get_state_hash(), before, "the running game untouched")
	end_game(game)
	return ok()


func test_the_reclaim_is_a_final_win_even_with_aliens_biting_genesis_at_1_health() -> bool:
	FastPhysics.start(SPEED_UP)
	var game := outpost_game(true, null, SEED)
	at_first_entry(game)
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	var swarm := game.building.get_swarm(ground)
	game.loop.materials = 1000.0
	var towers: Array[TowerObject] = []
	for cell in legal_cells(game, ground, 3):
		game.place_tower(ground, cell, 0)
		towers.append(game.building.get_storey(ground).get_towers().at(cell))
	var at := game.genesis.current_cell()
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT, Vector2i.ZERO]:
		if layout.is_walkable(at + d):
			swarm.spawn_alien(at + d)
			swarm.spawn_drone(at + d)
	await run_ticks(game, 30)
	game.genesis.health = 1.0
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	var lowest := [game.genesis.health]
	game.genesis.health_changed.connect(
		func(health: float, _max: float) -> void: lowest[0] = minf(lowest[0], health)
	)
	var tower_health: Array[float] = []
	for tower in towers:
		tower_health.append(tower.health)
	var left := [0]
	swarm.agent_left.connect(func(_id: int, _kind: int, _cell: Vector2i) -> void: left[0] += 1)
	await run_ticks(game, 3000)
	expect(not game.is_defeated(), "no defeat after the win")
	expect(game.is_reclaimed(), "still won")
	expect_eq(lowest[0], 1.0, "nothing damaged Genesis")
	expect_eq(
		BuildingCensus.restored(game.building),
		BuildingCensus.beacons(game.building).size(),
		"every beacon full"
	)
	for i in towers.size():
		expect_eq(towers[i].health, tower_health[i], "tower %d untouched" % i)
	expect_eq(BuildingCensus.agents(game.building), 0, "every agent left")
	expect(left[0] > 0, "they walked out (%d)" % left[0])
	expect(game.end_screen.is_win_shown(), "the win banner stays")
	FastPhysics.stop()
	end_game(game)
	return ok()


func test_a_save_taken_after_genesis_arrived_somewhere_loads() -> bool:
	var game := outpost_game(true, null, SEED)
	var layout := game.building.layouts[game.building.genesis_floor]
	var at := game.genesis.current_cell()
	var target := at
	for d: Vector2i in [Vector2i(2, 0), Vector2i(0, 2), Vector2i(-2, 0), Vector2i(0, -2)]:
		if layout.is_walkable(at + d) and layout.is_walkable(at + d / 2):
			target = at + d
			break
	expect(game.genesis.move_to_cell(target), "a route to %s" % target)
	await ticks_until(func() -> bool: return not game.genesis.is_moving(), 600)
	expect_eq(game.genesis.current_cell(), target, "arrived")
	expect_eq(game.save_game(path("arrived")), OK, "saved")
	expect_eq(game.load_game(path("arrived")), OK, "and loads (the finished route is no route)")
	end_game(game)
	return ok()
