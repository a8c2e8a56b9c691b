extends "res://tests/suite.gd"
## The outpost loop's agent kinds as data (OutpostRules.agent_kinds, AgentKindRules): a
## third row added to a duplicated OutpostRules becomes a kind of every swarm and drops its
## own scrap; the rules' rows (a script extending SwarmKind) are a swarm's table; a row's
## shaft rule decides whether it blocks a shaft; the old per-kind rules (drone_params,
## alien_scrap...) are aliases of rows 0 and 1, not stored twice; the wave interval's floor
## is the rule min_wave_interval.

const RULES := preload("res://data/outpost/outpost_rules.tres")


## A copy of the game's rules whose rows are copies too.
func rules_copy() -> OutpostRules:
	return RULES.duplicate(true) as OutpostRules


func ground(game: OutpostGame) -> OutpostStorey:
	return game.building.get_storey(game.building.get_ground_floor())


func test_a_third_agent_kind_row_drops_its_own_scrap() -> bool:
	var rules := rules_copy()
	var heavy := AgentKindRules.new()
	heavy.name = "heavy"
	heavy.speed = 0.0
	heavy.attack_rate = 0.0
	heavy.scrap = 11.0
	rules.agent_kinds.append(heavy)
	var game := outpost_game(true, rules)
	var storey := ground(game)
	var swarm := storey.get_swarm()
	var scrap := storey.get_scrap()
	expect_eq(swarm.get_kind_table_size(), 3, "every swarm has the rules' three kinds")
	var kind := swarm.find_kind("heavy")
	expect_eq(kind, 2, "the third row")
	var cell := storey.get_entries()[0].cell
	for row: Array in [[kind, 11.0], [StoreySwarm.KIND_DRONE, rules.drone_scrap]]:
		var before := scrap.total()
		var id := swarm.spawn(row[0], cell)
		expect(swarm.damage_agent(id, 1e6), "kind %d destroyed" % row[0])
		expect(
			is_equal_approx(scrap.total() - before, row[1]),
			"kind %d dropped %s, want %s" % [row[0], scrap.total() - before, row[1]]
		)
	expect_eq(RULES.agent_kinds.size(), 2, "the shared rules are untouched")
	end_game(game)
	return ok()


func test_a_kinds_shaft_rule_decides_whether_it_blocks_a_shaft() -> bool:
	var rules := rules_copy()
	rules.agent_kinds[0].disrupts_shafts = false
	rules.agent_kinds[1].disrupts_shafts = true
	for row in rules.agent_kinds:
		row.speed = 0.0
		row.attack_rate = 0.0
	var game := outpost_game(true, rules)
	var storey := ground(game)
	var shaft := storey.get_shafts()[0]
	shaft.throughput = ShaftConnector.Throughput.IDLE
	var swarm := storey.get_swarm()
	var drone := swarm.spawn_drone(shaft.cell)
	await physics_frames(2)
	expect_eq(shaft.throughput, ShaftConnector.Throughput.FLOWING, "this drone does not disrupt")
	swarm.remove_agent(drone)
	swarm.spawn_alien(shaft.cell)
	await physics_frames(2)
	expect_eq(shaft.throughput, ShaftConnector.Throughput.BLOCKED, "this alien does")
	end_game(game)
	return ok()


func test_a_script_extending_swarm_kind_is_a_row() -> bool:
	var l := StoreyGenerator.generate(93, 2, 2)
	var swarm := new_swarm(l)
	var rules: OutpostRules = RULES
	expect(swarm.set_kinds(rules.agent_kinds), "a typed Array[AgentKindRules]")
	expect_eq(swarm.find_kind("alien"), StoreySwarm.KIND_ALIEN, "the rules' alien is row 1")
	expect_eq(swarm.get_kind_params(StoreySwarm.KIND_DRONE)["speed"], 1.2, "the rules' drone speed")
	swarm.free()
	return ok()


func test_the_old_rule_names_are_aliases_of_rows_0_and_1() -> bool:
	var rules := rules_copy()
	expect_eq(rules.drone_scrap, 3.0, "drone_scrap")
	expect_eq(rules.alien_scrap, 6.0, "alien_scrap")
	expect_eq(
		rules.drone_params,
		{"speed": 1.2, "health": 20.0, "attack_damage": 1.0, "attack_rate": 1.0, "follow": 0.7},
		"drone_params"
	)
	expect_eq(
		rules.alien_params,
		{"speed": 1.6, "health": 40.0, "attack_damage": 2.0, "attack_rate": 1.0, "follow": 0.85},
		"alien_params"
	)
	rules.drone_scrap = 4.5
	rules.alien_params = {"speed": 2.0}
	expect_eq(rules.agent_kinds[0].scrap, 4.5, "drone_scrap writes row 0")
	expect_eq(rules.agent_kinds[1].speed, 2.0, "alien_params writes row 1")
	expect_eq(rules.agent_kinds[1].health, 40.0, "keys not given stay")
	return ok()


func test_the_aliases_are_not_stored_and_the_rows_are() -> bool:
	var stored := {}
	for property in OutpostRules.new().get_property_list():
		stored[property["name"]] = property["usage"] & PROPERTY_USAGE_STORAGE != 0
	for alias in ["drone_params", "alien_params", "drone_scrap", "alien_scrap"]:
		expect_eq(stored.get(alias), false, "%s is not stored" % alias)
	expect_eq(stored.get("agent_kinds"), true, "agent_kinds is stored")
	var text := FileAccess.get_file_as_string(RULES.resource_path)
	expect(not text.contains("drone_scrap"), "the .tres holds the rows only")
	return ok()


func test_a_fresh_rules_resource_has_the_rows_of_the_tres() -> bool:
	var fresh := OutpostRules.new()
	var shared: OutpostRules = RULES
	expect_eq(fresh.agent_kinds.size(), shared.agent_kinds.size(), "two rows")
	for i in shared.agent_kinds.size():
		var a := fresh.agent_kinds[i]
		var b := shared.agent_kinds[i]
		for field in ["name", "goal", "height", "color", "scrap", "disrupts_shafts"]:
			expect_eq(a.get(field), b.get(field), "row %d %s" % [i, field])
		expect_eq(a.get_params(), b.get_params(), "row %d tunables" % i)
	return ok()


func test_min_wave_interval_is_the_floor_of_the_wave_interval() -> bool:
	var rules := rules_copy()
	expect_eq(rules.min_wave_interval, 5.0, "the default floor")
	rules.wave_interval_per_level = 100.0
	expect_eq(rules.wave_profile_for(1, 2).wave_interval, 5.0, "floored at 5")
	rules.min_wave_interval = 12.0
	expect_eq(rules.wave_profile_for(1, 2).wave_interval, 12.0, "floored at the rule")
	rules.wave_interval_per_level = 0.0
	expect_eq(
		rules.wave_profile_for(1, 2).wave_interval,
		rules.base_wave.wave_interval,
		"above the floor: untouched"
	)
	return ok()
