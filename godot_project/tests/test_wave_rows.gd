extends "res://tests/suite.gd"
## A kind of agent is a row on the Godot side too: tests/fixtures/rules_with_a_crawler.tres
## is the game's rules plus, in data only, a third AgentKindRules ("crawler") and a
## WaveRow sending two a wave with at most three alive an entry. No script knows the
## crawler: entries send it in every wave after the drones, keep its ids under its name,
## honour its cap, and a save keeps them.

const FastPhysics := preload("res://tests/fast_physics.gd")
const RULES := preload("res://tests/fixtures/rules_with_a_crawler.tres")


func test_a_third_kind_added_by_data_alone_is_sent_in_a_wave() -> bool:
	FastPhysics.start(32)
	var game := outpost_game(false, RULES.duplicate(true) as OutpostRules, 20260316)
	var storey := game.building.get_storey(game.building.get_ground_floor())
	var entry := storey.get_entries()[0]
	var swarm := storey.get_swarm()
	var crawler := swarm.find_kind("crawler")
	expect_eq(crawler, 2, "the rules' third row is the swarm's third kind")
	var profile := entry.wave_profile
	expect_eq(profile.count_in(&"crawler", 0), 2, "two crawlers in the first wave")
	var spawned: Array[Array] = record(entry.agent_spawned)
	var waited := 0
	while entry.get_waves_started() < 2 and waited < 3000:
		await physics_frames(10)
		waited += 10
	FastPhysics.stop()
	var crawlers := spawned.filter(func(call: Array) -> bool: return call[1] == &"crawler")
	expect(crawlers.size() >= 2, "crawlers sent: %s" % [spawned])
	var first := spawned.map(func(call: Array) -> StringName: return call[1])
	var drones := profile.count_in(&"drone", 0)
	expect_eq(first.slice(drones, drones + 2), [&"crawler", &"crawler"], "after the drones")
	expect(entry.get_ids(&"crawler").size() <= 3, "at most three alive an entry")
	expect(swarm.get_kind_count(crawler) > 0, "in the swarm as their own kind")
	var saved: Dictionary = entry.get_state()
	expect((saved["agents"] as Dictionary).has("crawler"), "the entry saves their ids by name")
	expect_eq(game.save_game("user://test_wave_rows.json"), OK, "saved")
	var again := outpost_game(true, RULES.duplicate(true) as OutpostRules, 1)
	expect_eq(again.load_game("user://test_wave_rows.json"), OK, "loaded")
	var back := again.building.get_storey(again.building.get_ground_floor()).get_entries()[0]
	expect_eq(back.get_ids(&"crawler"), entry.get_ids(&"crawler"), "the same crawlers, by id")
	end_game(again)
	end_game(game)
	return ok()


func test_no_script_of_the_game_names_the_crawler() -> bool:
	for path in DirAccess.get_files_at("res://src/world/objects/"):
		if path.ends_with(".gd"):
			var code := FileAccess.get_file_as_string("res://src/world/objects/" + path)
			expect(not code.contains("crawler"), "%s knows nothing of it" % path)
	return ok()
