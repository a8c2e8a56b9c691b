extends "res://tests/suite.gd"
## A load reads once and checks everything before anything changes. The save's envelope
## (SaveEnvelope: the building's seed, level and storeys) is read once, the seed exactly
## (digits with an optional -, within a signed 64-bit integer, else refused quoting the
## string), and the layouts and the surface are generated once and built from; every tick
## is checked against the saved clock and every count against its range, the message
## naming the field and the value as the file holds it, printed exactly (never what int()
## makes of a huge double). (The save file's safety: test_save_file.gd; bad files:
## test_save.gd; the slots and their backups: test_saves_screen.gd.)

const DIR := "user://test_load/"
## The surface's exported fields, compared field by field.
const SURFACE_FIELDS: Array[StringName] = [
	&"seed_value",
	&"outpost_level",
	&"width",
	&"height",
	&"cells",
	&"footprint",
	&"entrance_cell",
	&"door_cell",
	&"salvage_nodes",
]


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


## `text` with the regular expression's special characters escaped.
func literal(text: String) -> String:
	var out := ""
	for c in text:
		out += "\\" + c if "\\^$.|?*+()[]{}".contains(c) else c
	return out


## Loads `data` into `game`, expecting the refusal `pattern` and the game untouched.
func expect_refused(game: OutpostGame, name: String, data: Variant, pattern: String) -> void:
	var before := game.get_state()
	expect_error("OutpostGame.load_game: .*" + pattern)
	expect_eq(game.load_game(write(name, data)), ERR_INVALID_DATA, "%s: refused" % name)
	expect_eq(game.get_state(), before, "%s: the game untouched" % name)


func test_a_load_reads_the_envelope_once_and_builds_the_game_from_what_it_made() -> bool:
	var game := outpost_game(true, null, 987654321012)
	saved(game, "once")
	var context := {"rules": game.loop.rules}
	var error := SaveGame.restore(
		game.save_parts(), path("once"), context, game._prepare.bind(context)
	)
	expect_eq(error, OK, "loaded")
	if not expect(context.get("envelope") is SaveEnvelope, "the load's envelope: %s" % [context]):
		end_game(game)
		return ok()
	var envelope: SaveEnvelope = context["envelope"]
	expect_eq(envelope.seed_value, 987654321012, "the seed, read once")
	expect_eq([envelope.level, envelope.storeys], [2, 3], "the level and the storeys")
	expect(game.surface.layout == envelope.surface, "the very surface the check generated")
	for i in envelope.layouts.size():
		expect(game.building.layouts[i] == envelope.layouts[i], "floor %d: the very layout" % i)
	end_game(game)
	return ok()


func test_the_surface_around_the_ground_floor_is_the_surface_of_the_seed() -> bool:
	# What a load and a new game now generate (around the layouts they have) is what
	# SurfaceGenerator.generate(seed, level) made before, field by field.
	for seed_value: int in [1, 42, -7, 987654321012, 9223372036854775807]:
		for level in range(1, 5):
			var layouts := StoreyGenerator.generate_building(seed_value, 3, level, true)
			var around := SurfaceGenerator.generate_around(null, seed_value, layouts[1])
			var made := SurfaceGenerator.generate(seed_value, level)
			for field in SURFACE_FIELDS:
				expect_eq(
					around.get(field), made.get(field), "%d/%d %s" % [seed_value, level, field]
				)
	# A new game's storeys hold the game's rooms: its surface is the one around its own
	# ground floor.
	var game := outpost_game(true, null, 42)
	var ground := game.building.layouts[game.building.get_ground_floor()]
	var want := SurfaceGenerator.generate_around(null, 42, ground)
	for field in SURFACE_FIELDS:
		expect_eq(game.surface.layout.get(field), want.get(field), "a new game's %s" % field)
	end_game(game)
	return ok()


func test_a_saved_seed_that_is_no_64_bit_integer_is_refused_quoting_it() -> bool:
	# Each was clamped, read loosely or refused without its text: "+5" loaded seed 5's
	# building and 30 digits the building of 2^63 - 1.
	var game := outpost_game(true, null, 9223372036854775807)
	var data := saved(game, "max_seed")
	var five := outpost_game(true, null, 5)
	var data_five := saved(five, "seed_5")
	end_game(five)
	for bad: String in [
		"123456789012345678901234567890",
		"9223372036854775808",
		"-9223372036854775809",
		"+5",
		"1e3",
		" 5",
		"5 ",
		"",
		"-",
		"0x10",
		"5.0",
	]:
		var copy := (data_five if bad.contains("5") and bad.length() <= 3 else data).duplicate(true)
		copy["building"]["seed"] = bad
		expect_refused(
			game, "seed", copy, "building\\.seed is %s, not digits" % literal(JSON.stringify(bad))
		)
	end_game(game)
	return ok()


func test_a_saved_seed_is_read_exactly_up_to_the_64_bit_bounds() -> bool:
	for seed_value: int in [9223372036854775807, -9223372036854775807 - 1, -5, 0]:
		var game := outpost_game(true)
		game.rebuild(seed_value)  # (the helper takes a negative seed for the scene's own)
		saved(game, "bound")
		var other := outpost_game(true, null, 1)
		expect_eq(other.load_game(path("bound")), OK, "%d loads" % seed_value)
		expect_eq(other.building_seed, seed_value, "the seed, exactly")
		expect_eq(other.get_state(), game.get_state(), "%d: the same game" % seed_value)
		end_game(other)
		end_game(game)
	return ok()


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


func test_the_save_parts_as_classes_are_the_games_parts_in_order() -> bool:
	# The main menu checks a save with them, where there is no game.
	var game := outpost_game(true)
	var parts := game.save_parts()
	var classes := OutpostSaveParts.classes()
	expect_eq(classes.size(), parts.size(), "as many")
	for i in mini(parts.size(), classes.size()):
		expect_eq(classes[i][0], parts[i][0], "part %d's key" % i)
		expect(parts[i][1].get_script() == classes[i][1], "%s's class" % parts[i][0])
	saved(game, "classes")
	expect_eq(OutpostSaveParts.check_file(path("classes"), game.loop.rules), "", "checks fine")
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path("classes")))
	data["ledger"]["materials"] = -5.0
	var problem := OutpostSaveParts.check_file(write("classes", data), game.loop.rules)
	expect(problem.contains("ledger.materials is -5"), "the same refusal: %s" % problem)
	expect_eq(problem, game.check_save(path("classes")), "as the game's own check")
	end_game(game)
	return ok()
