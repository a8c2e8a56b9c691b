extends "res://tests/suite.gd"
## Save games: OutpostGame.save_game / load_game / get_state. The JSON holds every part's
## state under its key (format 4), cells as [x, y] lists and the seed as a string; a load
## rebuilds the building from its seed and applies the state, so get_state() right after
## equals the file; a missing, garbage, truncated, wrong-format, tampered or absurd file is
## refused with an error naming what is wrong, a non-OK Error, and the running game
## untouched. (Older formats: test_save_formats.gd; the file's safety: test_save_file.gd.)

const KEYS: Array[String] = [
	"format",
	"saved_at",
	"building",
	"surface",
	"genesis",
	"ledger",
	"loop",
	"interaction",
	"outcome",
	"alerts",
	"view",
]


func path(name: String) -> String:
	return "user://test_save_%s.json" % name


## A game with something of everything to save: towers, a half-restored beacon and a full
## one, a connected shaft, waves under way, Genesis hurt on another floor.
func played_game() -> OutpostGame:
	var game := outpost_game(false, null, 987654321012)
	game.loop.materials = 400.0
	var ground := game.building.get_ground_floor()
	for index in [0, ground]:
		var navigator := game.building.get_navigator(index)
		for k in 2:
			var i := navigator.placement_mask().find(1)
			game.place_tower(
				index, Vector2i(i / navigator.get_height(), i % navigator.get_height()), k
			)
	var beacons := BuildingCensus.beacons(game.building)
	beacons[0].restore(37.5)
	beacons[1].restore(1000.0)
	beacons[1].apply_damage(12.25)
	game.building.get_storey(ground).get_shafts()[0].throughput = ShaftConnector.Throughput.IDLE
	var entry := game.building.get_storey(ground).get_entries()[0]
	entry.set_progress({"wave": 2, "in_wave": 1, "timer": 3.5, "spawned": 9})
	game.building.place_genesis(2, game.building.layouts[2].staircase_cell)
	game.genesis.apply_damage(20.0)
	return game


func test_a_save_has_the_documented_keys_in_json_types() -> bool:
	var game := played_game()
	expect_eq(game.save_game(path("keys")), OK, "saved")
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path("keys")))
	for key in KEYS:
		expect(data.has(key), "key %s" % key)
	expect_eq(data.size(), KEYS.size(), "no other key")
	expect(data["format"] == 4, "format 4")
	var building: Dictionary = data["building"]
	expect_eq(building["seed"], "987654321012", "the seed as a string")
	expect_eq(building["rooms"], GameRooms.texts_by_name(), "the rooms, name -> text")
	expect_eq(building["storeys"], 3.0, "storeys")
	var floors: Array = building["floors"]
	expect_eq(floors.size(), game.building.get_storey_count(), "a state per floor")
	var towers := 0
	for f: Dictionary in floors:
		for key in ["towers", "swarm", "beacons", "shafts", "entries", "scrap"]:
			expect(f.has(key), "floor key %s" % key)
		towers += (f["towers"] as Array).size()
	expect_eq(towers, 4, "four towers")
	var tower: Dictionary = floors[0]["towers"][0]
	expect(tower["cell"] is Array and tower["cell"].size() == 2, "cells are [x, y]")
	for key in ["cell", "tier", "health", "cooldown"]:
		expect(tower.has(key), "tower key %s" % key)
	for key in ["cell", "health", "max_health", "restored_once"]:
		expect((floors[0]["beacons"][0] as Dictionary).has(key), "beacon key %s" % key)
	for key in ["floor", "cell", "on_staircase"]:
		expect((building["genesis"] as Dictionary).has(key), "genesis placement key %s" % key)
	for key in ["position", "velocity", "health", "route", "route_index"]:
		expect((data["genesis"] as Dictionary).has(key), "genesis key %s" % key)
	for key in ["materials", "earned", "spent", "lost"]:
		expect((data["ledger"] as Dictionary).has(key), "ledger key %s" % key)
	for key in ["outside", "cell", "salvage", "progress"]:
		expect((data["surface"] as Dictionary).has(key), "surface key %s" % key)
	expect_eq(building["genesis"]["floor"], 2.0, "Genesis's floor")
	var ground: Dictionary = floors[game.building.get_ground_floor()]
	var states: Array = ground["shafts"].map(func(s: Dictionary) -> float: return s["state"])
	expect(states.has(float(ShaftConnector.Throughput.IDLE)), "the connected shaft: %s" % [states])
	expect(not FileAccess.get_file_as_string(path("keys")).contains("nan"), "finite numbers")
	game.free()
	return ok()


func test_loading_rebuilds_the_game_and_get_state_then_equals_the_file() -> bool:
	var played := played_game()
	expect_eq(played.save_game(path("trip")), OK, "saved")
	var saved := played.get_state()
	played.free()
	var game := outpost_game(false, null, 1)
	expect_eq(game.load_game(path("trip")), OK, "loaded")
	var file: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path("trip")))
	file.erase("saved_at")
	expect_eq(game.get_state(), file, "get_state() right after the load equals the file")
	expect_eq(game.get_state(), saved, "and the saved game")
	expect_eq(game.building_seed, 987654321012, "the file's seed")
	expect_eq(game.building.genesis_floor, 2, "Genesis's floor")
	expect_eq(BuildingCensus.towers(game.building), 4, "towers rebuilt")
	var beacons := BuildingCensus.beacons(game.building)
	expect(beacons[1].is_bleeding(), "a restored, damaged beacon bleeds again")
	game.free()
	return ok()


func test_a_reclaimed_game_loads_locked_with_its_trickle() -> bool:
	var game := outpost_game(false, null, 20260316)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(1000.0)
	expect(game.reclaim(), "reclaimed")
	var trickle := game.loop.trickle
	expect_eq(game.save_game(path("won")), OK, "saved")
	game.restart()
	expect(not game.is_reclaimed(), "a fresh game")
	expect_eq(game.load_game(path("won")), OK, "loaded")
	expect(
		game.is_reclaimed() and is_equal_approx(game.loop.trickle, trickle), "locked, same trickle"
	)
	expect(game.end_screen.is_win_shown(), "the win banner")
	game.free()
	return ok()


## Writes `text` to the bad-file path and returns it.
func bad_file(name: String, text: String) -> String:
	var file := FileAccess.open(path(name), FileAccess.WRITE)
	file.store_string(text)
	file.close()
	return path(name)


## A valid save's data, to tamper with.
func good_data(game: OutpostGame) -> Dictionary:
	game.save_game(path("good"))
	return JSON.parse_string(FileAccess.get_file_as_string(path("good")))


func test_bad_files_are_refused_naming_the_problem_and_the_game_is_untouched() -> bool:
	var game := played_game()
	var data := good_data(game)
	var good_text := FileAccess.get_file_as_string(path("good"))
	var layout: StoreyLayout = game.building.layouts[1]
	var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	var empty: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.EMPTY)[0]
	var cases: Array[Array] = []
	cases.append(["missing", "", ERR_FILE_NOT_FOUND, "does not exist"])
	cases.append(["garbage", "this is not JSON {", ERR_PARSE_ERROR, "is not JSON"])
	cases.append(
		["truncated", good_text.left(good_text.length() / 2), ERR_PARSE_ERROR, "is not JSON"]
	)
	var tampered := {
		"format": [["format"], 5, "format is 5(\\.0)?, not 1..4"],
		"negative": [["ledger", "materials"], -5.0, "ledger.materials is -5.*below 0"],
		"absurd": [["ledger", "materials"], 1e308, "ledger.materials is 1e\\+308, above"],
		"seed": [["building", "seed"], 12.0, "building.seed is 12.*not a string"],
		"nan": [["building", "level"], "two", "building.level is two, not a whole number"],
		"no_part": [["ledger"], null, "ledger is missing"],
		"dead": [["genesis", "health"], 0.0, "genesis.health is 0.*must be alive"],
		"far_zoom": [["view", "zoom"], 7.0, "view.zoom is 7.*above 1"],
	}
	for name: String in tampered:
		var copy := data.duplicate(true)
		var keys: Array = tampered[name][0]
		var at: Dictionary = copy
		for key: String in keys.slice(0, -1):
			at = at[key]
		if tampered[name][1] == null:
			at.erase(keys[-1])
		else:
			at[keys[-1]] = tampered[name][1]
		cases.append([name, JSON.stringify(copy), ERR_INVALID_DATA, tampered[name][2]])
	var on_wall := data.duplicate(true)
	on_wall["building"]["floors"][1]["towers"].append(
		{"cell": [wall.x, wall.y], "tier": 0, "health": 10.0, "cooldown": 0.0}
	)
	cases.append(
		["tower_on_wall", JSON.stringify(on_wall), ERR_INVALID_DATA, "not an EMPTY cell \\(WALL\\)"]
	)
	var no_beacon := data.duplicate(true)
	no_beacon["building"]["floors"][1]["beacons"][0]["cell"] = [empty.x, empty.y]
	cases.append(
		[
			"beacon_nowhere",
			JSON.stringify(no_beacon),
			ERR_INVALID_DATA,
			"floors\\[1\\]\\.beacons\\[0\\]: the storey has no beacon on"
		]
	)
	var genesis_in_wall := data.duplicate(true)
	genesis_in_wall["building"]["genesis"] = {
		"floor": 1, "cell": [wall.x, wall.y], "on_staircase": false
	}
	cases.append(
		[
			"genesis_in_wall",
			JSON.stringify(genesis_in_wall),
			ERR_INVALID_DATA,
			"genesis.cell .* is not walkable"
		]
	)
	var before := game.get_state()
	for case in cases:
		var file: String = path(case[0])
		if case[0] != "missing":
			file = bad_file(case[0], case[1])
		elif FileAccess.file_exists(file):
			DirAccess.remove_absolute(ProjectSettings.globalize_path(file))
		expect_error("OutpostGame.load_game: .*%s" % case[3])
		expect_eq(game.load_game(file), case[2], "%s: the error" % case[0])
		expect_eq(game.get_state(), before, "%s: the game untouched" % case[0])
	game.free()
	return ok()


func test_a_tower_that_would_seal_a_path_is_tampering() -> bool:
	var game := outpost_game(false, null, 20260316)
	var data := good_data(game)
	var floor_index := game.building.get_ground_floor()
	var navigator := game.building.get_navigator(floor_index)
	var layout := game.building.layouts[floor_index]
	var sealing := Vector2i(-1, -1)
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.EMPTY):
		if navigator.get_tower_refusal(cell) == "would seal a path":
			sealing = cell
			break
	data["building"]["floors"][floor_index]["towers"].append(
		{"cell": [sealing.x, sealing.y], "tier": 0, "health": 10.0, "cooldown": 0.0}
	)
	expect_error("OutpostGame.load_game: .*would seal a path")
	expect_eq(game.load_game(bad_file("seal", JSON.stringify(data))), ERR_INVALID_DATA, "refused")
	game.free()
	return ok()


func test_a_load_generates_the_building_once_and_builds_from_those_layouts() -> bool:
	var game := played_game()
	expect_eq(game.save_game(path("once")), OK, "saved")
	var context := {"rules": game.loop.rules}
	var parts := game.save_parts()
	var built := record(game.building.built)
	var error := SaveGame.restore(parts, path("once"), context, game._prepare.bind(context))
	expect_eq(error, OK, "loaded")
	expect_eq(built.size(), 1, "built once")
	var checked: Array = context["layouts"]
	expect_eq(checked.size(), game.building.layouts.size(), "a layout per floor")
	for i in checked.size():
		expect(checked[i] == game.building.layouts[i], "floor %d: the very layout checked" % i)
	game.free()
	return ok()
