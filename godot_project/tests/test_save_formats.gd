extends "res://tests/suite.gd"
## Older save formats keep their meaning. tests/fixtures/save_format2.json and
## save_format1.json were written by the game at b603329 (format 2, and the same game with
## what format 1 lacked taken out), save_format3.json by the game at 3aa53f5 (building
## 20260316 at level 2 after 90 s of play, before saves carried a room set);
## save_expected.json is what that code made of each:
## right after loading it, and 300 physics ticks later (the clock, the materials and their
## accounts, every swarm's state hash, the beacons, the towers, Genesis, the scrap, the
## view and the alerts). Today's code must make the same of them, and a game loaded from an
## older file saves in today's format and loads back to the same game.

const FIXTURES := "res://tests/fixtures/"


## What a game is, in the fixture's figures (exact numbers as var_to_str text).
func digest(game: OutpostGame) -> Dictionary:
	var building := game.building
	var swarms := []
	var beacons := []
	var towers := []
	var spawned := []
	var scrap := 0.0
	for i in building.get_storey_count():
		var storey := building.get_storey(i)
		swarms.append(str(storey.get_swarm().state_hash()))
		for t in storey.get_towers().all():
			towers.append([i, t.cell.x, t.cell.y, var_to_str(t.health)])
		for e in storey.get_entries():
			spawned.append(e.get_spawned_count())
		scrap += storey.get_scrap().total()
	for b in BuildingCensus.beacons(building):
		beacons.append(var_to_str(b.get_health()))
	return {
		"tick": game.loop.tick,
		"materials": var_to_str(game.loop.materials),
		"earned": var_to_str(game.loop.earned),
		"genesis": var_to_str(game.genesis.global_position),
		"health": var_to_str(game.genesis.health),
		"swarms": swarms,
		"beacons": beacons,
		"towers": towers,
		"spawned": spawned,
		"scrap": var_to_str(scrap),
		"floor": building.genesis_floor,
		"viewed": building.viewed_floor,
		"alerts": Array(game.get_alerts()),
	}


## The recorded figures, as JSON gives them back (numbers as floats).
func expected(format: int) -> Dictionary:
	var text := FileAccess.get_file_as_string(FIXTURES + "save_expected.json")
	return (JSON.parse_string(text) as Dictionary)["format%d" % format]


## `figures` as JSON would give them back, to compare with the recorded ones.
func as_json(figures: Dictionary) -> Dictionary:
	return JSON.parse_string(JSON.stringify(figures))


func loads_as_recorded(format: int) -> bool:
	# The recording loaded right after a physics frame (a node added then ticks in that
	# frame): load in the same phase.
	await physics_frames(1)
	var game := outpost_game(false, null, 1)
	var file := ProjectSettings.globalize_path(FIXTURES + "save_format%d.json" % format)
	expect_eq(game.load_game(file), OK, "format %d loads" % format)
	var want := expected(format)
	expect_eq(as_json(digest(game)), want["loaded"], "format %d: the game right after" % format)
	await physics_frames(300)
	expect_eq(as_json(digest(game)), want["after_300"], "format %d: 300 ticks later" % format)
	end_game(game)
	return ok()


func test_a_format_3_save_loads_as_it_did_with_the_console_in_the_largest_room() -> bool:
	var as_before: bool = await loads_as_recorded(3)
	var game := outpost_game(false, null, 1)
	var file := ProjectSettings.globalize_path(FIXTURES + "save_format3.json")
	expect_eq(game.load_game(file), OK, "loads")
	var underground: StoreyLayout = game.building.layouts[0]
	expect(underground.placed_rooms.is_empty(), "a building of before rooms has none")
	var console: ConsoleObject = game.building.get_storey(0).get_console()
	expect_eq(console.cell, Vector2i(9, 4), "the console where it stood: the largest room's")
	end_game(game)
	return as_before and ok()


func test_a_format_2_save_loads_as_it_did() -> bool:
	return await loads_as_recorded(2)


func test_a_format_1_save_loads_with_its_documented_meaning() -> bool:
	var ok_so_far: bool = await loads_as_recorded(1)
	var game := outpost_game(false, null, 1)
	var file := ProjectSettings.globalize_path(FIXTURES + "save_format1.json")
	expect_eq(game.load_game(file), OK, "loads")
	expect_eq(BuildingCensus.agents(game.building), 0, "without agents")
	expect_eq(game.building.viewed_floor, game.building.genesis_floor, "viewing Genesis's floor")
	expect(not game.building.travel_mode, "in preview mode")
	expect(not game.loop.interacting, "interact released")
	expect_eq(game.get_alerts().size(), 0, "no alert showing")
	end_game(game)
	return ok_so_far and ok()


func test_a_format_1_clock_counts_ticks_of_game_time_however_fast_physics_runs() -> bool:
	# (This suite runs physics faster than real time: 480 ticks a real second, not 60.)
	var context := {"format": 1}
	expect_eq(OutpostLoop.check_state({"time": 11.65}, context), "", "a format 1 clock")
	expect_eq(context["tick"], 699, "11.65 s of game time at 60 ticks a second")
	return ok()


func test_a_game_loaded_from_format_2_saves_as_format_4_and_loads_back_the_same() -> bool:
	var game := outpost_game(false, null, 1)
	var file := ProjectSettings.globalize_path(FIXTURES + "save_format2.json")
	expect_eq(game.load_game(file), OK, "format 2 loads")
	var state := game.get_state()
	expect_eq(state["format"], 4.0, "written as format 4")
	expect_eq(state["building"]["rooms"], {}, "a building of before rooms keeps none")
	expect_eq(game.save_game("user://test_formats_4.json"), OK, "saved")
	var again := outpost_game(false, null, 7)
	expect_eq(again.load_game("user://test_formats_4.json"), OK, "format 4 loads")
	expect_eq(again.get_state(), state, "the same game")
	end_game(again)
	end_game(game)
	return ok()


func test_an_unknown_format_is_refused_naming_the_formats_read() -> bool:
	var game := outpost_game(true, null, 1)
	var text := FileAccess.get_file_as_string(FIXTURES + "save_format2.json")
	var data: Dictionary = JSON.parse_string(text)
	data["format"] = 0
	var file := FileAccess.open("user://test_formats_0.json", FileAccess.WRITE)
	file.store_string(JSON.stringify(data))
	file.close()
	var before := game.get_state_hash()
	expect_error("OutpostGame.load_game: .*format is 0(\\.0)?, not 1..4")
	expect_eq(game.load_game("user://test_formats_0.json"), ERR_INVALID_DATA, "refused")
	expect_eq(game.get_state_hash(), before, "the game untouched")
	end_game(game)
	return ok()
