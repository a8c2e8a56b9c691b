extends "res://tests/suite.gd"
## StoreySwarm.save_state / load_state and the retreat, from GDScript: a swarm loaded from
## another's state has its hash, tick and future; a wrong version, a truncated or tampered
## state, an agent on a wall, other kinds or no setup are refused with push_error naming
## the problem and the swarm untouched; in retreat every agent leaves by an entry
## (agent_left), attacking nothing.


func busy_swarm(l: StoreyLayout) -> StoreySwarm:
	var swarm := new_swarm(l, 5)
	swarm.set_heat_cell(l.staircase_cell)
	for i in 30:
		var entry: Vector2i = l.entry_cells[i % l.entry_cells.size()]
		if i % 3 == 0:
			swarm.spawn_alien(entry)
		else:
			swarm.spawn_drone(entry)
	for i in 120:
		swarm.step()
	return swarm


func layout() -> StoreyLayout:
	return StoreyGenerator.generate(31, 4, 3, Vector2i(-1, -1), 2)


func test_a_loaded_swarm_has_the_saved_hash_tick_and_future() -> bool:
	var l := layout()
	var a := busy_swarm(l)
	var b := new_swarm(l, 99)
	var counts := record(b.agents_changed)
	expect(b.load_state(a.save_state()), "loaded")
	expect_eq([b.state_hash(), b.get_tick()], [a.state_hash(), a.get_tick()], "as saved")
	expect_eq(counts, [[a.get_agent_count()]] as Array[Array], "agents_changed once")
	expect_eq(b.get_agent_ids(), a.get_agent_ids(), "the same agents")
	for i in 300:
		a.step()
		b.step()
	expect_eq(b.state_hash(), a.state_hash(), "the same future")
	a.free()
	b.free()
	return ok()


func test_bad_states_are_refused_naming_the_problem_and_change_nothing() -> bool:
	var l := layout()
	var a := busy_swarm(l)
	var good := a.save_state()
	var b := busy_swarm(l)
	for i in 7:
		b.step()
	var before := [b.state_hash(), b.get_tick(), b.get_agent_count()]
	var later := good.duplicate()
	later.encode_u16(4, StoreySwarm.SAVE_VERSION + 1)
	var flipped := good.duplicate()
	flipped[60] ^= 1
	var cases := {
		"version %d; this build reads version %d" % [StoreySwarm.SAVE_VERSION + 1, 1]: later,
		"truncated": good.slice(0, good.size() / 2),
		"the checksum does not match": flipped,
		"no OSWM header": PackedByteArray([1, 2, 3]),
	}
	for why: String in cases:
		expect_error("StoreySwarm.load_state: cannot load the saved swarm: .*%s" % why)
		expect(not b.load_state(cases[why]), "refused: %s" % why)
		expect_eq(
			[b.state_hash(), b.get_tick(), b.get_agent_count()], before, "untouched: %s" % why
		)
	var other := StoreySwarm.new()
	other.running = false
	var heavy := SwarmKind.new()
	heavy.name = "heavy"
	other.kinds = [heavy]
	add(other)
	other.setup(l, 1)
	expect_error(
		"StoreySwarm.load_state: the saved kinds \\(drone, alien\\) are not this swarm's \\(heavy\\)"
	)
	expect(not other.load_state(good), "other kinds")
	var unset := StoreySwarm.new()
	expect_error("StoreySwarm.load_state: call setup")
	expect(not unset.load_state(good), "before setup")
	unset.free()
	other.free()
	a.free()
	b.free()
	return ok()


func test_an_agent_saved_on_a_wall_is_refused() -> bool:
	var l := layout()
	var a := busy_swarm(l)
	var bytes := a.save_state()
	var wall: Vector2i = l.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	# The last agent's from and to (after its id and kind), its progress, then the checksum.
	var at := bytes.size() - 8 - 57 + 5
	for k in 2:
		bytes.encode_s32(at + 8 * k, wall.x)
		bytes.encode_s32(at + 8 * k + 4, wall.y)
	bytes.encode_s32(at + 16, 0)
	bytes.encode_u64(bytes.size() - 8, _fnv1a(bytes.slice(0, bytes.size() - 8)))
	var ids := a.get_agent_ids()
	expect_error(
		(
			"StoreySwarm.load_state: .*agent %d stands on \\(%d, %d\\), which is WALL"
			% [ids[ids.size() - 1], wall.x, wall.y]
		)
	)
	expect(not a.load_state(bytes), "refused")
	a.free()
	return ok()


func test_in_retreat_every_agent_leaves_by_an_entry() -> bool:
	var l := layout()
	var swarm := busy_swarm(l)
	var alive := swarm.get_agent_count()
	var left := record(swarm.agent_left)
	var hits := record(swarm.target_attacked)
	var bites := record(swarm.genesis_attacked)
	swarm.set_retreat(true)
	expect(swarm.is_retreating(), "retreating")
	for i in 60 * 90:
		swarm.step()
	expect_eq(swarm.get_agent_count(), 0, "every agent gone")
	expect_eq(left.size(), alive, "each left once")
	for call in left:
		expect(l.entry_cells.has(call[2]), "left by an entry: %s" % [call[2]])
	expect(hits.is_empty() and bites.is_empty(), "attacking nothing")
	swarm.free()
	return ok()


## FNV-1a 64 (the state's checksum), as a signed 64-bit integer.
static func _fnv1a(bytes: PackedByteArray) -> int:
	var h := -3750763034362895579  # 0xcbf29ce484222325
	for b in bytes:
		h = (h ^ b) * 1099511628211
	return h


func test_the_swarm_is_a_part_with_its_own_state_check() -> bool:
	var l := StoreyGenerator.generate(93, 2, 2)
	var swarm := new_swarm(l)
	for i in 5:
		swarm.spawn_drone(l.entry_cells[0])
	swarm.step()
	var state := swarm.get_state()
	var context := {"layout": l, "where": "floors[0]"}
	expect_eq(StoreySwarm.check_state(state, context), "", "its own state loads")
	var bytes := Marshalls.base64_to_raw(state["agents"])
	bytes[bytes.size() / 2] ^= 0x20
	var tampered := {"agents": Marshalls.raw_to_base64(bytes)}
	var problem := StoreySwarm.check_state(tampered, context)
	expect(problem.begins_with("floors[0].swarm: ") and problem.contains("checksum"), problem)
	var kinds := [SwarmKind.new()]
	(kinds[0] as SwarmKind).name = "other"
	context["kinds"] = kinds
	problem = StoreySwarm.check_state(state, context)
	expect(problem.contains("kinds (drone, alien) are not the game's (other)"), problem)
	var again := new_swarm(l)
	expect(again.set_state(state), "set_state loads it")
	expect_eq(again.state_hash(), swarm.state_hash(), "the same swarm")
	swarm.free()
	again.free()
	return ok()
