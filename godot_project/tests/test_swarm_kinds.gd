extends "res://tests/suite.gd"
## StoreySwarm's kind table from GDScript: a kind added by data (a SwarmKind made here)
## spawns, is drawn by its own MultiMesh, is counted and hashed; set_kinds refuses while
## agents live and for bad rows, with the reason; the default table's aliases
## (KIND_DRONE, spawn_drone, drone_height, alien_mesh...) keep working; agents_changed and
## agent_spawned report every change of the agent count once.

const DRONE := StoreySwarm.KIND_DRONE
const ALIEN := StoreySwarm.KIND_ALIEN


## A row named `kind_name` with `goal`; the other fields are SwarmKind's defaults (the
## swarm's default drone).
func row(kind_name: String, goal: SwarmKind.Goal = SwarmKind.Goal.POWER) -> SwarmKind:
	var kind := SwarmKind.new()
	kind.name = kind_name
	kind.goal = goal
	return kind


## The default drone and alien as rows, then a slow, heavy, purple drone drawn low.
func table_with_heavy() -> Array[SwarmKind]:
	var heavy := row("heavy")
	heavy.speed = 0.6
	heavy.health = 250.0
	heavy.attack_damage = 9.0
	heavy.follow = 1.0
	heavy.height = 0.8
	heavy.color = Color(0.6, 0.2, 0.9)
	return [row("drone"), row("alien", SwarmKind.Goal.HEAT), heavy]


func test_goal_is_a_class_enum_of_swarm_kind() -> bool:
	expect(ClassDB.class_has_enum("SwarmKind", "Goal"), "ClassDB has SwarmKind.Goal")
	expect_eq(SwarmKind.Goal.POWER, 0, "POWER")
	expect_eq(SwarmKind.Goal.HEAT, 1, "HEAT")
	expect_eq(SwarmKind.new().goal, SwarmKind.Goal.POWER, "a new row heads for power")
	return ok()


func test_a_kind_added_by_data_spawns_is_counted_and_drawn_by_its_own_multimesh() -> bool:
	var l := StoreyGenerator.generate(91, 3, 2)
	var swarm := new_swarm(l)
	var table := table_with_heavy()
	expect(swarm.set_kinds(table), "set_kinds")
	expect_eq(swarm.get_kind_table_size(), 3, "three kinds")
	expect_eq(swarm.find_kind("heavy"), 2, "find_kind")
	expect_eq(swarm.get_kind_name(2), "heavy", "get_kind_name")
	expect_eq(swarm.find_kind("nobody"), -1, "no such kind")
	var id := swarm.spawn(2, l.entry_cells[0])
	swarm.spawn_drone(l.entry_cells[0])
	expect(id >= 0, "spawned")
	expect_eq(swarm.get_agent_kind(id), 2, "of its kind")
	expect_eq(swarm.get_agent_health(id), 250.0, "with its own health")
	expect_eq(swarm.get_kind_count(2), 1, "counted by kind")
	swarm.step()
	var mm := swarm.get_multimesh(2)
	expect(mm != null and mm.visible_instance_count == 1, "its own MultiMesh draws it")
	expect_eq(swarm.get_multimesh(DRONE).visible_instance_count, 1, "the drone's draws the drone")
	var node := swarm.get_node_or_null("Heavys") as MultiMeshInstance3D
	expect(node != null and node.multimesh == mm, "a MultiMeshInstance3D named after it")
	expect(swarm.get_node_or_null("Drones") != null, "the drone row keeps its node name")
	var at := swarm.get_agent_position(id)
	expect_eq(Vector3(mm.buffer[3], mm.buffer[7], mm.buffer[11]), at, "instance 0 is the heavy")
	expect(is_equal_approx(at.y, 0.8), "at its own height: %s" % at.y)
	var sphere := mm.mesh as SphereMesh
	expect(
		sphere != null and (sphere.material as StandardMaterial3D).albedo_color == table[2].color,
		"no mesh: a sphere in its colour"
	)
	swarm.free()
	return ok()


func test_a_kind_added_by_data_is_hashed() -> bool:
	var l := StoreyGenerator.generate(92, 4, 2)
	var hashes: Array[int] = []
	for heavies in [4, 4, 0]:
		var swarm := new_swarm(l, 7)
		swarm.set_kinds(table_with_heavy())
		for i in 20:
			swarm.spawn(i % 2, l.entry_cells[i % l.entry_cells.size()])
		for i in heavies:
			swarm.spawn(2, l.entry_cells[0])
		for tick in 200:
			swarm.step()
		hashes.append(swarm.state_hash())
		swarm.free()
	expect_eq(hashes[0], hashes[1], "same table, seed and calls")
	expect(hashes[0] != hashes[2], "its agents are in the hash")
	return ok()


func test_kinds_given_before_setup_are_the_table_setup_uses() -> bool:
	var l := StoreyGenerator.generate(94, 2, 2)
	var swarm := StoreySwarm.new()
	swarm.running = false
	add(swarm)
	swarm.kinds = table_with_heavy()
	expect_eq(swarm.get_kind_table_size(), 3, "before setup: the table setup will use")
	expect(swarm.setup(l, 3), "setup")
	expect_eq(swarm.get_kind_name(2), "heavy", "after setup")
	expect(swarm.spawn(2, l.entry_cells[0]) >= 0, "a heavy")
	expect_error(r"set_kinds: the kind table changes only while no agent is alive: 1 alive")
	expect(not swarm.set_kinds([]), "refused while the heavy lives")
	swarm.remove_agent(swarm.get_agent_ids()[0])
	expect(swarm.set_kinds([]), "with no agent alive")
	expect_eq(swarm.get_kind_table_size(), 2, "an empty table is the default table")
	expect(swarm.kinds.is_empty(), "kinds follows set_kinds")
	swarm.free()
	return ok()


func test_set_kinds_refuses_bad_rows_with_the_reason_and_changes_nothing() -> bool:
	var l := StoreyGenerator.generate(95, 2, 2)
	var swarm := new_swarm(l)
	swarm.spawn_drone(l.entry_cells[0])
	swarm.step()
	var before := swarm.state_hash()
	expect(not swarm.set_kinds(table_with_heavy()), "agents alive")
	expect_error(r"StoreySwarm.set_kinds: the kind table changes only while no agent is alive: 1")
	swarm.remove_agent(swarm.get_agent_ids()[0])
	before = swarm.state_hash()
	var node := Node.new()
	var fast := row("fast")
	fast.speed = 100.0
	var lost := row("lost")
	lost.set("goal", 7)
	var many: Array[SwarmKind] = []
	for i in StoreySwarm.MAX_KINDS + 1:
		many.append(row("k%d" % i))
	var bad: Array[Array] = [
		[[row("a"), 5], r"element 1 is 5, not a SwarmKind"],
		[[node], r"element 0 is a Node, not a SwarmKind"],
		[[row("a"), null], r"element 1 is null, not a SwarmKind"],
		[[row("")], r'kind 0 \(""\): its name is empty'],
		[[row("a"), row("a")], r'kind 1 \("a"\): its name is kind 0.s too'],
		[[fast], r'kind 0 \("fast"\): speed = 100.0 is above 60'],
		[[lost], r'kind 0 \("lost"\): goal = 7 is not SwarmKind.Goal POWER \(0\) or HEAT \(1\)'],
		[many, r"a kind table has 1..=16 rows, got 17"],
	]
	for case: Array in bad:
		expect_error("StoreySwarm.set_kinds: " + case[1])
		expect(not swarm.set_kinds(case[0]), "refused: %s" % case[1])
	node.free()
	expect_eq(swarm.get_kind_table_size(), 2, "the table is unchanged")
	expect(swarm.kinds.is_empty(), "kinds is unchanged")
	expect_eq(swarm.state_hash(), before, "nothing changed")
	expect(swarm.get_node_or_null("Drones") != null, "the MultiMeshes stay")
	swarm.free()
	return ok()


func test_the_default_tables_aliases_keep_working() -> bool:
	var l := StoreyGenerator.generate(96, 2, 2)
	var swarm := StoreySwarm.new()
	swarm.running = false
	swarm.drone_height = 2.0
	var box := BoxMesh.new()
	swarm.alien_mesh = box
	add(swarm)
	expect(swarm.setup(l, 1), "setup")
	expect_eq([DRONE, ALIEN], [0, 1], "KIND_DRONE, KIND_ALIEN")
	expect_eq(swarm.get_kind_name(DRONE), "drone", "row 0 is the drone")
	expect_eq(swarm.get_kind_name(ALIEN), "alien", "row 1 is the alien")
	var drone := swarm.spawn_drone(l.entry_cells[0])
	var alien := swarm.spawn_alien(l.entry_cells[0])
	expect_eq([swarm.get_agent_kind(drone), swarm.get_agent_kind(alien)], [DRONE, ALIEN], "kinds")
	swarm.step()
	expect_eq(swarm.get_agent_position(drone).y, 2.0, "drone_height")
	expect_eq(swarm.get_multimesh(DRONE).buffer[7], 2.0, "drawn at drone_height")
	expect_eq(swarm.get_agent_position(alien).y, swarm.alien_height, "alien_height")
	expect(swarm.get_multimesh(ALIEN).mesh == box, "alien_mesh")
	expect(swarm.get_node_or_null("Aliens") != null, "the Aliens node")
	expect(swarm.set_kind_params(ALIEN, {"speed": 0.5}), "set_kind_params")
	expect_eq(swarm.get_kind_params(ALIEN)["speed"], 0.5, "get_kind_params")
	expect_error(r"set_kind_params: no kind 2 in this swarm: its kinds are 0..2")
	expect(not swarm.set_kind_params(2, {}), "no third kind")
	expect(swarm.get_kind_params(2).is_empty(), "no third kind's tunables")
	expect_error(r"StoreySwarm.spawn: no kind -1 in this swarm: its kinds are 0..2")
	expect_eq(swarm.spawn(-1, l.entry_cells[0]), -1, "no kind -1")
	swarm.free()
	return ok()


func test_agents_changed_fires_once_per_call_that_changed_the_count() -> bool:
	var l := StoreyGenerator.generate(97, 3, 2)
	var swarm := new_swarm(l)
	var changed := record(swarm.agents_changed)
	var spawned := record(swarm.agent_spawned)
	var cell := l.entry_cells[0]
	var ids: Array[int] = []
	for i in 4:
		ids.append(swarm.spawn(i % 2, cell))
	expect_eq(changed, [[1], [2], [3], [4]] as Array[Array], "one per spawn")
	expect_eq(spawned[1], [ids[1], ALIEN, cell], "agent_spawned(id, kind, cell)")
	changed.clear()
	swarm.step()
	swarm.damage_agent(ids[0], 1.0)
	swarm.remove_agent(999)
	expect_eq(changed, [] as Array[Array], "no change, no signal")
	swarm.damage_agent(ids[0], 1e6)
	expect_eq(changed, [[3]] as Array[Array], "a destroyed agent")
	swarm.remove_agent(ids[1])
	expect_eq(changed, [[3], [2]] as Array[Array], "a removed agent")
	changed.clear()
	# Both left stand on the entry (no tick moved them far): one blast, one signal.
	var destroyed := swarm.damage_radius(swarm.get_agent_position(ids[2]), 3.0, 1e6)
	expect_eq(destroyed, 2, "the blast destroyed both")
	expect_eq(changed, [[0]] as Array[Array], "one signal for the blast")
	swarm.spawn_drone(cell)
	changed.clear()
	expect(swarm.setup(l, 2), "setup again")
	expect_eq(changed, [[0]] as Array[Array], "setup dropped the agent")
	swarm.free()
	return ok()
