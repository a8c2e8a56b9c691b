extends "res://tests/suite.gd"
## A load checks every tick against the saved clock and every count against its range
## before anything changes, the message naming the field and the value as the file holds
## it, printed exactly (never what int() makes of a huge double). (The save file's safety:
## test_save_file.gd; bad files: test_save.gd.)

const DIR := "user://test_load/"


func path(name: String) -> String:
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(DIR))
	return DIR + name + ".json"


## Writes `data` as JSON to the file `name` and returns its path.
func write(name: String, data: Variant) -> String:
	var file := FileAccess.open(path(name), FileAccess.WRITE)
	file.store_string(data if data is String else JSON.stringify(data))
	file.close()
	return path(name)


## Saves `game` as the file `name`; the file's data.
func saved(game: OutpostGame, name: String) -> Dictionary:
	expect_eq(game.save_game(path(name)), OK, "saved %s" % name)
	return JSON.parse_string(FileAccess.get_file_as_string(path(name)))


## Loads `data` into `game`, expecting the refusal `pattern` and the game untouched.
func expect_refused(game: OutpostGame, name: String, data: Variant, pattern: String) -> void:
	var before := game.get_state()
	expect_error("OutpostGame.load_game: .*" + pattern)
	expect_eq(game.load_game(write(name, data)), ERR_INVALID_DATA, "%s: refused" % name)
	expect_eq(game.get_state(), before, "%s: the game untouched" % name)


func test_every_tick_and_count_out_of_its_range_is_refused_naming_it_as_saved() -> bool:
	var game := outpost_game(true, null, 987654321012)
	var data := saved(game, "ranges")
	data["loop"]["tick"] = 700.0
	var ground := game.building.get_ground_floor()
	var entry := "building\\.floors\\[%d\\]\\.entries\\[0\\]" % ground
	var cases: Array[Array] = [
		[["loop", "tick"], 1e30, "loop\\.tick is 1e\\+30, not in 0\\.\\.4503599627370496"],
		[["alerts", "showing"], [["x", 1e30]], "alerts\\.showing\\[0\\]\\[1\\] is 1e\\+30, not"],
		[
			["alerts", "showing"],
			[["x", 700.0]],
			"alerts\\.showing\\[0\\]\\[1\\] is 700, not in 701"
		],
		[
			["alerts", "showing"],
			[["x", 1001.0]],
			"showing\\[0\\]\\[1\\] is 1001, not in 701\\.\\.1000"
		],
		[["alerts", "hits"], {"1:2:3": 701.0}, "alerts\\.hits\\.1:2:3 is 701, not in 0\\.\\.700"],
		[["alerts", "hits"], {"1:2:3": 0.5}, "alerts\\.hits\\.1:2:3 is 0\\.5, not a whole number"],
		[["alerts", "said"], [5.0], "alerts\\.said\\[0\\] is 5, not one of last_beacon"],
		[["alerts", "wave"], 3.0, "alerts\\.wave is 3, not in 0\\.\\.0"],
		[
			["building", "floors", ground, "entries", 0, "wave"],
			12345678901234567890.0,
			entry + "\\.wave is 1\\.2345678901234567e\\+19, not in 0\\.\\.1073741824"
		],
		[
			["building", "floors", ground, "entries", 0, "agents"],
			{"drone": [3e9]},
			entry + "\\.agents\\.drone\\[0\\] is 3000000000, not in 0\\.\\.2147483647"
		],
		[["surface", "progress"], 500.0, "surface\\.progress is 500, not in 0\\.\\.119"],
		[["outcome", "reclaim_time"], 1e6, "outcome\\.reclaim_time is 1000000, above"],
	]
	for case in cases:
		var copy: Dictionary = data.duplicate(true)
		var at: Variant = copy
		for key: Variant in (case[0] as Array).slice(0, -1):
			at = at[key]
		at[case[0][-1]] = case[1]
		expect_refused(game, "%s" % [case[0][-1]], copy, case[2])
	end_game(game)
	return ok()


func test_ticks_and_counts_at_the_ends_of_their_ranges_load() -> bool:
	var game := outpost_game(true, null, 987654321012)
	var data := saved(game, "ends")
	data["loop"]["tick"] = 700.0
	data["alerts"]["showing"] = [["just raised", 1000.0], ["about to go", 701.0]]
	data["alerts"]["hits"] = {"1:2:3": 700.0, "1:4:5": 0.0}
	data["alerts"]["said"] = ["last_beacon"]
	data["surface"]["progress"] = 5.0
	var other := outpost_game(true, null, 1)
	expect_eq(other.load_game(write("ends", data)), OK, "loads")
	expect_eq(other.get_alerts(), PackedStringArray(["just raised", "about to go"]), "showing")
	expect_eq(other.loop.tick, 700, "the clock")
	end_game(other)
	end_game(game)
	return ok()
