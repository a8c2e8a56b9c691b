extends "res://tests/suite.gd"
## StoreySwarm from GDScript: agents stay on free cells, the MultiMeshes follow the agent
## count, signals carry the documented arguments (and handlers may call back in), the
## physics tick steps it, equal seeds and calls give equal state hashes, a storey's swarm
## is freed with it, bad input is refused with an error and no change, and a hit agent
## flashes in its instance colour, fading within flash_seconds, outside the state hash.

const FastPhysics := preload("res://tests/fast_physics.gd")
const DRONE := StoreySwarm.KIND_DRONE
const ALIEN := StoreySwarm.KIND_ALIEN


## Spawns `drones` drones and `aliens` aliens round-robin on the entry cells.
func populate(swarm: StoreySwarm, l: StoreyLayout, drones: int, aliens: int) -> void:
	for i in drones + aliens:
		var entry := l.entry_cells[i % l.entry_cells.size()]
		var id := swarm.spawn_drone(entry) if i < drones else swarm.spawn_alien(entry)
		expect(id >= 0, "spawn %d" % i)


func test_agents_never_stand_on_a_wall_or_tower_cell_over_3000_ticks() -> bool:
	var l := StoreyGenerator.generate(77, 5, 3, Vector2i(-1, -1), 2)
	var swarm := new_swarm(l)
	populate(swarm, l, 150, 50)
	swarm.set_heat_cell(l.staircase_cell)
	var nav := swarm.get_navigator()
	var rng := RandomNumberGenerator.new()
	rng.seed = 3
	var bad := 0
	for tick in 3000:
		if tick % 250 == 100:
			# A tower on a cell an agent stands on, where that is legal.
			for cell in swarm.get_agent_cells():
				if nav.place_tower(cell):
					break
		swarm.step()
		for cell in swarm.get_agent_cells():
			if not nav.is_free(cell):
				bad += 1
				if bad < 5:
					expect(
						false, "tick %d: an agent on %s (type %d)" % [tick, cell, l.get_cell(cell)]
					)
	expect(
		nav.get_towers().size() >= 8, "towers went up under agents (%d)" % nav.get_towers().size()
	)
	expect_eq(bad, 0, "agents on non-free cells")
	swarm.free()
	return ok()


func test_the_multimeshes_follow_the_agent_count() -> bool:
	var l := StoreyGenerator.generate(78, 4, 2)
	var swarm := new_swarm(l)
	for counts: Array in [[5, 0], [40, 3], [300, 20], [30, 2], [0, 0]]:
		var want: Array = counts
		# Grow to the wanted counts, or destroy the surplus agent by agent.
		for kind in [DRONE, ALIEN]:
			while swarm.get_kind_count(kind) < want[kind]:
				var id := (
					swarm.spawn_drone(l.entry_cells[0])
					if kind == DRONE
					else swarm.spawn_alien(l.entry_cells[0])
				)
				expect(id >= 0, "spawn")
			for id in swarm.get_agent_ids():
				if swarm.get_kind_count(kind) > want[kind] and swarm.get_agent_kind(id) == kind:
					swarm.damage_agent(id, 1e6)
		swarm.step()
		for kind in [DRONE, ALIEN]:
			var mm := swarm.get_multimesh(kind)
			expect_eq(mm.visible_instance_count, want[kind], "kind %d visible at %s" % [kind, want])
			var cap := mm.instance_count
			expect(cap >= want[kind] and cap >= 16, "capacity %d holds %d" % [cap, want[kind]])
			expect_eq(cap & (cap - 1), 0, "capacity %d is a power of two" % cap)
			expect_eq(
				mm.buffer.size(),
				cap * 16,
				"buffer is instance_count x 16 floats (transform, colour)"
			)
	var drone := swarm.spawn_drone(l.entry_cells[0])
	swarm.step()
	var buffer := swarm.get_multimesh(DRONE).buffer
	var at := swarm.get_agent_position(drone)
	expect_eq(Vector3(buffer[3], buffer[7], buffer[11]), at, "instance 0 is the drone's position")
	expect_eq(at.y, swarm.drone_height, "drawn at the drone height")
	swarm.free()
	return ok()


func test_signals_carry_the_documented_arguments() -> bool:
	var l := StoreyGenerator.generate(79, 2, 2)
	var swarm := new_swarm(l)
	swarm.set_kind_params(DRONE, {"follow": 1.0, "attack_damage": 3.0, "attack_rate": 2.0})
	swarm.set_kind_params(ALIEN, {"follow": 1.0, "attack_damage": 4.5})
	var attacked := record(swarm.target_attacked)
	var genesis := record(swarm.genesis_attacked)
	var destroyed := record(swarm.agent_destroyed)
	swarm.spawn_drone(l.entry_cells[0])
	swarm.spawn_drone(l.entry_cells[0])
	var alien := swarm.spawn_alien(l.entry_cells[0])
	swarm.set_heat_cell(l.staircase_cell)
	for tick in 60 * 60:
		swarm.step()
		if not attacked.is_empty() and not genesis.is_empty():
			break
	expect(not attacked.is_empty(), "drones attacked a beacon")
	if not attacked.is_empty():
		var args: Array = attacked[0]
		expect(l.beacon_cells.has(args[0]), "target_attacked's cell %s is a beacon" % args[0])
		expect(
			is_equal_approx(args[1], 3.0) or is_equal_approx(args[1], 6.0), "amount %s" % args[1]
		)
	expect(not genesis.is_empty() and is_equal_approx(genesis[0][0], 4.5), "genesis_attacked(4.5)")
	var cell := swarm.get_agent_cell(alien)
	expect(swarm.damage_agent(alien, 100.0), "the alien was hit")
	expect_eq(destroyed, [[alien, ALIEN, cell]], "agent_destroyed(id, kind, cell)")
	swarm.free()
	return ok()


func test_a_handler_may_call_back_into_the_swarm() -> bool:
	var l := StoreyGenerator.generate(80, 3, 2)
	var swarm := new_swarm(l)
	var ids: Array[int] = []
	for i in 6:
		ids.append(swarm.spawn_drone(l.entry_cells[0]))
	var destroyed: Array[int] = []
	# Each destruction blasts the entry cell again: a chain reaction from one shot.
	swarm.agent_destroyed.connect(
		func(id: int, _kind: int, c: Vector2i) -> void:
			destroyed.append(id)
			swarm.damage_radius(l.cell_center(c), 0.5, 5.0)
	)
	var health := swarm.get_agent_health(ids[0])
	expect(swarm.damage_radius(l.cell_center(l.entry_cells[0]), 0.5, health - 5.0) == 0, "wounded")
	expect(swarm.damage_agent(ids[0], 5.0), "the first shot")
	expect_eq(swarm.get_agent_count(), 0, "the chain destroyed every drone")
	expect_eq(destroyed.size(), 6, "agent_destroyed for each")
	swarm.free()
	return ok()


func test_the_physics_tick_steps_the_swarm() -> bool:
	var l := StoreyGenerator.generate(81, 3, 2)
	var swarm := new_swarm(l)
	swarm.running = true
	var id := swarm.spawn_drone(l.entry_cells[0])
	var start := swarm.get_agent_position(id)
	await physics_frames(30)
	expect(swarm.get_tick() >= 29 and swarm.get_tick() <= 31, "ticks: %d" % swarm.get_tick())
	expect(swarm.get_agent_position(id) != start, "the drone moved")
	swarm.running = false
	var tick := swarm.get_tick()
	await physics_frames(5)
	expect_eq(swarm.get_tick(), tick, "stopped while not running")
	swarm.free()
	return ok()


func test_equal_seeds_and_calls_give_equal_state_hashes() -> bool:
	var l := StoreyGenerator.generate(82, 5, 3, Vector2i(-1, -1), 2)
	var hashes: Array[int] = []
	for seed_value in [9, 9, 10]:
		var swarm := new_swarm(l, seed_value)
		populate(swarm, l, 200, 40)
		var nav := swarm.get_navigator()
		for tick in 600:
			swarm.set_heat_cell(l.enemy_path[(tick / 20) % l.enemy_path.size()])
			if tick == 200:
				nav.place_tower(_first_legal(nav))
			if tick % 50 == 0:
				swarm.damage_radius(l.cell_center(l.primary_beacon), 2.0, 3.0)
			swarm.step()
		hashes.append(swarm.state_hash())
		swarm.free()
	expect_eq(hashes[0], hashes[1], "same seed and calls")
	expect(hashes[0] != hashes[2], "another seed")
	return ok()


## The colour of instance `i` of `kind`'s MultiMesh (16 floats an instance, colour last).
func instance_color(swarm: StoreySwarm, kind: int, i: int) -> Color:
	var b := swarm.get_multimesh(kind).buffer
	return Color(b[i * 16 + 12], b[i * 16 + 13], b[i * 16 + 14], b[i * 16 + 15])


func test_a_hit_agent_flashes_in_the_flash_colour_and_fades_within_flash_seconds() -> bool:
	var l := StoreyGenerator.generate(83, 3, 2)
	var swarm := new_swarm(l)
	swarm.flash_color = Color(1.0, 0.3, 0.2)
	var other := swarm.spawn_drone(l.entry_cells[0])
	var id := swarm.spawn_drone(l.entry_cells[0])
	swarm.step()
	expect_eq(instance_color(swarm, DRONE, 1).a, 0.0, "no flash before the hit")
	expect(swarm.damage_agent(id, 1.0), "hit")
	expect_eq(swarm.get_flash(id), 1.0, "full flash at the hit")
	expect_eq(swarm.get_flash(other), 0.0, "the other agent does not flash")
	# (physics_frame is emitted before the tick's _physics_process: wait for a whole tick.)
	await physics_frames(2)
	var colour := instance_color(swarm, DRONE, 1)
	expect_eq(colour, Color(swarm.flash_color, 1.0), "drawn in the flash colour at the hit")
	expect_eq(instance_color(swarm, DRONE, 0).a, 0.0, "the other one is not")
	var ticks := roundi(swarm.flash_seconds * FastPhysics.TICKS)
	var last := 1.0
	for tick in ticks:
		swarm.step()
		var strength := instance_color(swarm, DRONE, 1).a
		expect(strength < last, "tick %d: fading (%.3f after %.3f)" % [tick, strength, last])
		expect(is_equal_approx(swarm.get_flash(id), strength), "get_flash is what is drawn")
		last = strength
	expect_eq(last, 0.0, "over within flash_seconds (%d ticks)" % ticks)
	swarm.free()
	return ok()


func test_damage_radius_flashes_every_agent_it_hurts_and_only_those() -> bool:
	var l := StoreyGenerator.generate(84, 3, 2)
	var swarm := new_swarm(l)
	var near := swarm.spawn_drone(l.entry_cells[0])
	var far := swarm.spawn_alien(l.entry_cells[l.entry_cells.size() - 1])
	var centre := swarm.get_agent_position(near)
	expect(centre.distance_to(swarm.get_agent_position(far)) > 2.0, "entries apart")
	swarm.damage_radius(centre, 1.0, 0.5)
	expect_eq(swarm.get_flash(near), 1.0, "the agent in the radius flashes")
	expect_eq(swarm.get_flash(far), 0.0, "the one outside does not")
	swarm.damage_agent(far, 0.0)
	expect_eq(swarm.get_flash(far), 0.0, "no damage, no flash")
	swarm.free()
	return ok()


func test_flashes_stay_out_of_the_state_hash() -> bool:
	var l := StoreyGenerator.generate(82, 5, 3, Vector2i(-1, -1), 2)
	var hashes: Array[int] = []
	var flashed: Array[bool] = []
	for flash_seconds in [0.12, 0.0]:
		var swarm := new_swarm(l, 5)
		swarm.flash_seconds = flash_seconds
		populate(swarm, l, 60, 20)
		var seen := false
		for tick in 300:
			if tick % 7 == 0:
				var ids := swarm.get_agent_ids()
				if not ids.is_empty():
					swarm.damage_agent(ids[tick % ids.size()], 4.0)
					seen = seen or swarm.get_flash(ids[tick % ids.size()]) > 0.0
			if tick % 50 == 0:
				swarm.damage_radius(l.cell_center(l.primary_beacon), 2.0, 3.0)
			swarm.step()
		hashes.append(swarm.state_hash())
		flashed.append(seen)
		swarm.free()
	expect_eq(flashed, [true, false] as Array[bool], "one swarm flashed, the other did not")
	expect_eq(hashes[0], hashes[1], "equal hashes with and without flashes")
	return ok()


func test_every_kind_draws_its_flash_through_an_overlay_reading_the_instance_colour() -> bool:
	var l := StoreyGenerator.generate(85, 3, 2)
	var swarm := new_swarm(l)
	for kind in [DRONE, ALIEN]:
		var mm := swarm.get_multimesh(kind)
		expect(mm.use_colors, "kind %d: per-instance colours" % kind)
		var node := swarm.get_child(kind) as MultiMeshInstance3D
		expect(
			node != null and node.multimesh == mm and node.material_overlay is ShaderMaterial,
			"kind %d: the overlay on its MultiMeshInstance3D" % kind
		)
	swarm.free()
	return ok()


func test_get_kind_color_gives_each_rows_colour() -> bool:
	var l := StoreyGenerator.generate(86, 3, 2)
	var swarm := new_swarm(l)
	expect_eq(swarm.get_kind_color(DRONE), Color(1.0, 0.45, 0.1), "the drone's orange")
	expect_eq(swarm.get_kind_color(ALIEN), Color(0.35, 0.95, 0.3), "the alien's green")
	expect_eq(swarm.get_kind_color(7), Color.BLACK, "no such row")
	swarm.free()
	return ok()


func _first_legal(nav: StoreyNavigator) -> Vector2i:
	var mask := nav.placement_mask()
	var i := mask.find(1)
	return Vector2i(i / nav.get_height(), i % nav.get_height())


func test_a_storeys_swarm_is_freed_with_it() -> bool:
	var building := OutpostBuilding.new()
	add(building)
	building.build(5, 2, 3)
	for index in 3:
		var swarm := building.get_swarm(index)
		expect(swarm != null and swarm.get_navigator() != null, "storey %d has a swarm" % index)
		populate(swarm, building.layouts[index], 100, 10)
	var entry: EntryPoint = null
	for node in building.get_spawner(0).get_spawned():
		if node is EntryPoint:
			entry = node
	expect(entry != null and entry.swarm == building.get_swarm(0), "entries spawn into it")
	var old_swarm: WeakRef = weakref(building.get_swarm(1))
	var old_navigator: WeakRef = weakref(building.get_navigator(1))
	# A warm-up round of the rebuilds counted below, so that what the engine and the
	# extension make once, on first use, is made before the baseline, and time for what
	# earlier suites left to be freed.
	for seed_value in [6, 7]:
		var warm := OutpostBuilding.new()
		add(warm)
		warm.build(seed_value, 2, 3)
		for index in 3:
			populate(warm.get_swarm(index), warm.layouts[index], 100, 10)
		warm.free()
	await process_frames(10)
	# Two awaits, as at the final count (a suspended call is an object too).
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	for i in 3:
		building.build(6 + i % 2, 2, 3)
		for index in 3:
			populate(building.get_swarm(index), building.layouts[index], 100, 10)
	await process_frames(2)
	expect(old_swarm.get_ref() == null and old_navigator.get_ref() == null, "old swarm freed")
	expect_eq(object_counts(), baseline, "object counts after rebuilding populated storeys")
	building.free()
	return ok()


func test_aliens_chase_genesis_on_its_floor_only() -> bool:
	var building := OutpostBuilding.new()
	var genesis: OutpostGenesis = (
		preload("res://src/world/genesis/OutpostGenesis.tscn").instantiate()
	)
	genesis.player_controlled = false
	add(building)
	add(genesis)
	building.genesis = genesis
	building.build(7, 2, 2)
	await physics_frames(3)
	expect_eq(building.get_swarm(0).get_heat_cell(), genesis.current_cell(), "Genesis's floor")
	expect_eq(building.get_swarm(1).get_heat_cell(), Vector2i(-1, -1), "no heat elsewhere")
	building.free()
	genesis.free()
	return ok()


func test_bad_input_is_refused_with_an_error_and_changes_nothing() -> bool:
	expect_error(r"StoreySwarm.spawn_drone: call setup")
	expect_error(r"StoreyNavigator.create: layout is null")
	expect_error(r"StoreySwarm.setup: no navigator for this layout")
	expect_error(r"StoreySwarm.spawn_drone: cannot spawn on \(\d+, \d+\): WALL \(not walkable\)")
	expect_error(r"StoreySwarm.spawn_alien: cannot spawn on \(-4, 0\): off the grid")
	expect_error(r"StoreySwarm.spawn_drone: cannot spawn on \(\d+, \d+\): a tower")
	expect_error(r"damage_radius: center .*, radius -1 and amount 5 must be finite")
	expect_error(r"damage_radius: center .*, radius 1 and amount -2 must be finite")
	expect_error(r"damage_agent: amount NaN must be finite")
	expect_error(r'set_kind_params: unknown key "sped"')
	expect_error(r"set_kind_params: follow = 2.0 is above 1")
	expect_error(r"set_kind_params: no kind 5 in this swarm: its kinds are 0..2")
	expect_error(r"get_agent_position: no agent 999")
	expect_error(r"get_agents_in_radius: center .* and radius -3")
	var idle := StoreySwarm.new()
	expect_eq(idle.spawn_drone(Vector2i(1, 1)), -1, "before setup")
	expect(not idle.setup(null, 1), "null layout")
	idle.free()
	var l := StoreyGenerator.generate(83, 3, 2)
	var swarm := new_swarm(l)
	populate(swarm, l, 10, 2)
	swarm.step()
	var before := swarm.state_hash()
	var wall: Vector2i = l.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	expect_eq(swarm.spawn_drone(wall), -1, "on a wall")
	expect_eq(swarm.spawn_alien(Vector2i(-4, 0)), -1, "off the grid")
	var nav := swarm.get_navigator()
	var tower := _first_legal(nav)
	var centre := l.cell_center(l.entry_cells[0])
	expect_eq(swarm.damage_radius(centre, -1.0, 5.0), -1, "negative radius")
	expect_eq(swarm.damage_radius(centre, 1.0, -2.0), -1, "negative amount")
	expect(not swarm.damage_agent(swarm.get_agent_ids()[0], NAN), "NaN amount")
	expect(not swarm.set_kind_params(DRONE, {"sped": 2.0}), "unknown key")
	expect(not swarm.set_kind_params(DRONE, {"follow": 2.0}), "follow above 1")
	expect(not swarm.set_kind_params(5, {}), "unknown kind")
	expect_eq(swarm.get_agent_position(999), Vector3.ZERO, "unknown agent")
	expect(swarm.get_agents_in_radius(centre, -3.0).is_empty(), "negative radius")
	expect_eq(swarm.state_hash(), before, "nothing changed")
	expect(nav.place_tower(tower), "a tower")
	expect_eq(swarm.spawn_drone(tower), -1, "on a tower")
	swarm.free()
	return ok()


func test_the_global_rng_changes_nothing() -> bool:
	var l := StoreyGenerator.generate(84, 4, 2)
	var hashes: Array[int] = []
	for global_seed in [1, 999]:
		seed(global_seed)
		var swarm := new_swarm(l, 5)
		populate(swarm, l, 60, 10)
		for tick in 300:
			randi()
			swarm.step()
		hashes.append(swarm.state_hash())
		swarm.free()
	expect_eq(hashes[0], hashes[1], "the same state whatever the global RNG")
	return ok()


func test_a_tower_aims_at_the_nearest_agent_it_covers() -> bool:
	var l := StoreyGenerator.generate(85, 4, 3)
	var swarm := new_swarm(l)
	populate(swarm, l, 120, 20)
	for tick in 400:
		swarm.step()
	var nav := swarm.get_navigator()
	var empty := l.get_cells_of_type(StoreyLayout.CellType.EMPTY)
	var aimed := 0
	for k in 20:
		var tower: Vector2i = empty[(k * 37) % empty.size()]
		for tier: Array in [[3.0, true], [4.5, false]]:
			var want := -1
			var best := INF
			for id in swarm.get_agent_ids():
				if nav.tower_covers(tower, swarm.get_agent_cell(id), tier[0], tier[1]):
					var p := swarm.get_agent_position(id)
					var d := Vector2(p.x, p.z).distance_squared_to(
						Vector2(tower) + Vector2(0.5, 0.5)
					)
					if d < best - 1e-6:
						best = d
						want = id
			var got := swarm.pick_target(tower, tier[0], tier[1])
			expect_eq(got, want, "tower %s tier %s" % [tower, tier])
			aimed += int(got >= 0)
	expect(aimed >= 5, "some towers had a target (%d)" % aimed)
	swarm.free()
	return ok()
