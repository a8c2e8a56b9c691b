extends "res://tests/suite.gd"
## Levels that matter and waves that grow: a WaveProfile escalates every escalate_every
## waves (drones, aliens, the live cap), an entry follows it, the outpost level decides how
## many entries send waves, how soon and how many, and a game left alone gets harder. The
## autoplayer's side of it (wins, times, materials) is test_autoplay.gd's.

const FastPhysics := preload("res://tests/fast_physics.gd")
const RULES := preload("res://data/outpost/outpost_rules.tres")
const SEED := 20260316
const SPEED_UP := 64

var _idle_runs: Dictionary[int, Dictionary] = {}


## A WaveProfile with `fields` set (property name -> value) on top of its defaults.
func _profile(fields: Dictionary) -> WaveProfile:
	var profile := WaveProfile.new()
	for field: String in fields:
		profile.set(field, fields[field])
	return profile


## A profile that grows every `every` waves, twice at most.
func _escalating(every: int) -> WaveProfile:
	return _profile(
		{
			"drones_per_wave": 1,
			"aliens_per_wave": 1,
			"alien_first_wave": 2,
			"max_live_drones": 2,
			"escalate_every": every,
			"drones_per_escalation": 2,
			"aliens_per_escalation": 1,
			"live_drones_per_escalation": 3,
			"max_escalations": 2,
		}
	)


## A profile that is due every tick (no delay, no interval), on top of `fields`.
func _at_once(fields: Dictionary) -> WaveProfile:
	var all := {"first_spawn_delay": 0.0, "spawn_interval": 0.0, "wave_interval": 0.0}
	all.merge(fields, true)
	return _profile(all)


func test_a_wave_profile_grows_every_escalate_every_waves_up_to_its_limit() -> bool:
	var profile := _escalating(3)
	var drones: Array[int] = []
	var caps: Array[int] = []
	for wave in 11:
		drones.append(profile.drones_in(wave))
		caps.append(profile.live_cap(wave))
	expect_eq(drones, [1, 1, 1, 3, 3, 3, 5, 5, 5, 5, 5], "drones a wave")
	expect_eq(caps, [2, 2, 2, 5, 5, 5, 8, 8, 8, 8, 8], "live cap")
	return ok()


func test_aliens_come_from_their_first_wave_and_grow_with_the_escalations() -> bool:
	var profile := _escalating(3)
	var aliens: Array[int] = []
	for wave in 7:
		aliens.append(profile.aliens_in(wave))
	expect_eq(aliens, [0, 0, 1, 2, 2, 2, 3], "aliens a wave")
	expect_eq(profile.wave_size(3), 3 + 2, "wave 3: its drones and aliens")
	return ok()


func test_a_profile_without_escalation_never_grows() -> bool:
	var profile := _escalating(0)
	expect_eq(profile.drones_in(50), 1, "drones at wave 50")
	expect_eq(profile.live_cap(50), 2, "cap at wave 50")
	return ok()


func test_an_entry_lets_more_drones_live_as_its_waves_escalate() -> bool:
	var live: Array[int] = []
	for every in [0, 1]:
		var entry := placed_entry(
			StoreyGenerator.generate(21, 4, 2),
			_at_once(
				{
					"drones_per_wave": 1,
					"max_live_drones": 1,
					"escalate_every": every,
					"live_drones_per_escalation": 1,
					"max_escalations": 3,
				}
			)
		)
		await physics_frames(40)
		live.append(entry.get_live_drone_count())
		entry.get_parent().free()
	expect_eq(live[0], 1, "without escalation the cap stays 1")
	expect_eq(live[1], 4, "after three escalations the cap is 4")
	return ok()


func test_a_full_entry_sends_no_agent_but_its_waves_keep_their_rhythm() -> bool:
	var entry := placed_entry(
		StoreyGenerator.generate(21, 4, 2),
		_at_once(
			{
				"spawn_interval": 0.05,
				"drones_per_wave": 2,
				"wave_interval": 0.5,
				"max_live_drones": 1,
			}
		)
	)
	var waves := record(entry.wave_started)
	await physics_frames(100)
	# Waves start 0.05 + 0.5 s = 33 ticks apart whether or not the entry had room.
	expect(waves.size() >= 3, "waves started: %d" % waves.size())
	expect_eq(entry.get_live_drone_count(), 1, "never more than the cap alive")
	expect_eq(entry.get_spawned_count(), 1, "the drones due at the cap were not sent")
	entry.get_parent().free()
	return ok()


func test_an_entry_keeps_its_aliens_under_their_own_cap() -> bool:
	var entry := placed_entry(
		StoreyGenerator.generate(21, 4, 2),
		_at_once(
			{
				"drones_per_wave": 1,
				"max_live_drones": 1,
				"alien_first_wave": 0,
				"aliens_per_wave": 1,
				"max_live_aliens": 2,
			}
		)
	)
	await physics_frames(30)
	expect_eq(entry.get_live_alien_count(), 2, "aliens alive: the cap")
	expect_eq(entry.get_spawned_count(), 1 + 2, "one drone and two aliens sent")
	entry.get_parent().free()
	return ok()


func test_higher_levels_open_more_of_a_storeys_entries() -> bool:
	var rules := RULES
	for entries in [1, 2, 3, 4, 5]:
		var last := 0
		for level in [1, 2, 3, 4]:
			var sending := rules.sending_entries(entries, level)
			expect(sending >= 1 and sending <= entries, "%d entries, level %d" % [entries, level])
			expect(sending >= last, "%d entries: level %d sends no fewer" % [entries, level])
			last = sending
		expect_eq(rules.sending_entries(entries, 4), entries, "level 4: every entry sends")
	expect(rules.sending_entries(4, 1) < 4, "level 1 keeps some of 4 entries quiet")
	expect_eq(rules.sending_entries(0, 4), 0, "none of none")
	return ok()


func test_a_game_switches_on_exactly_the_entries_its_level_sends() -> bool:
	for level in [1, 4]:
		var game := outpost_game(false, null, SEED, level)
		for index in game.building.get_storey_count():
			var entries := game.building.get_storey(index).get_entries()
			var on := entries.filter(func(e: EntryPoint) -> bool: return e.spawning_enabled)
			expect_eq(
				on.size(),
				RULES.sending_entries(entries.size(), level),
				"level %d, floor %d: entries sending" % [level, index]
			)
		end_game(game)
	return ok()


func test_higher_levels_start_sooner_and_bring_the_aliens_earlier() -> bool:
	var one := RULES.wave_profile_for(1, 1)
	var four := RULES.wave_profile_for(1, 4)
	expect(four.first_spawn_delay < one.first_spawn_delay, "first wave sooner")
	expect(four.alien_first_wave < one.alien_first_wave, "aliens earlier")
	expect(four.max_live_drones > one.max_live_drones, "more alive an entry")
	expect(four.wave_interval < one.wave_interval, "waves closer together")
	return ok()


## The most agents the sending entries of `game` may hold alive before any escalation.
func _first_caps(game: OutpostGame) -> int:
	var total := 0
	for index in game.building.get_storey_count():
		for entry in game.building.get_storey(index).get_entries():
			if entry.spawning_enabled:
				total += entry.wave_profile.live_cap(0) + entry.wave_profile.alien_cap(0)
	return total


## A game of `level` that nobody plays, run for `seconds` of game time (once per suite
## run): the agents sent in its first 90 s, the agents alive at the end and its entries'
## first caps. Genesis is kept alive (a defeat would stop the game, not the waves).
func _idle(level: int, seconds: int) -> Dictionary:
	if _idle_runs.has(level):
		return _idle_runs[level]
	FastPhysics.start(SPEED_UP)
	var game := outpost_game(false, null, SEED, level)
	var run := {"first_caps": _first_caps(game)}
	for tick in seconds * 60:
		game.genesis.health = game.genesis.stats.max_health
		await physics_frames(1)
		if tick + 1 == 90 * 60:
			run["sent_90"] = BuildingCensus.sent(game.building)
	run["alive"] = BuildingCensus.agents(game.building)
	FastPhysics.stop()
	end_game(game)
	_idle_runs[level] = run
	return run


func test_a_level_4_game_sends_a_third_more_agents_than_level_1_in_its_first_90_seconds() -> bool:
	var one := await _idle(1, 90)
	var four := await _idle(4, 240)
	expect(one.sent_90 > 0, "level 1 sends agents in 90 s")
	expect(
		four.sent_90 >= 1.3 * one.sent_90,
		"level 4 sent %d, level 1 %d" % [four.sent_90, one.sent_90]
	)
	return ok()


func test_a_game_left_alone_holds_more_agents_than_its_first_caps_as_the_waves_grow() -> bool:
	var four := await _idle(4, 240)
	expect(
		four.alive > four.first_caps,
		"alive after 4 minutes %d; the entries' first caps %d" % [four.alive, four.first_caps]
	)
	return ok()
