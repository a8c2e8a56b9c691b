extends "res://tools/script_tool.gd"
## Times the load of one save: [method OutpostGame.load_game] of the file given after
## "--", once to warm up and then [constant LOADS] times, each timed alone; prints
## [code]LOAD_MS median <m> min <a> max <b> (<n> loads of <file>)[/code], then the same of
## the check alone ([code]CHECK_MS[/code]: [method SaveGame.read] and
## [method SaveGame.check] with a fresh context, what a load does before it builds). With
## [code]--write[/code] first, it writes that save instead: seed 20260316 at level 2 with
## two towers a floor, played 40 s of game time, so that waves, agents and alerts are in
## it. docs/performance.md runs it in two copies of the project, the code before a change
## and after, alternating, on the same file:
##   godot --headless --path godot_project --script res://tools/load_timing.gd -- --write F
##   godot --headless --path godot_project --script res://tools/load_timing.gd -- F

## Loads timed after the warm-up.
const LOADS := 20

const FastPhysics := preload("res://tests/fast_physics.gd")


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	var writing := args.has("--write")
	args.erase("--write")
	if args.size() != 1:
		push_error("load_timing.gd: give the save's path after -- (and --write to make it)")
		return false
	var game := (load("res://src/game/outpost_game.tscn") as PackedScene).instantiate()
	game.menu_scene = ""
	game.start_outside = false
	game.building_seed = 20260316
	game.outpost_level = 2
	root.add_child(game)
	var done := false
	if writing:
		done = await _write(game, args[0])
	else:
		done = await _time(game, args[0])
	game.free()
	return done


# Plays the sample game and saves it to `path`.
func _write(game: OutpostGame, path: String) -> bool:
	game.loop.materials = 400.0
	for index in game.building.get_storey_count():
		var navigator := game.building.get_navigator(index)
		for tier in 2:
			var i := navigator.placement_mask().find(1)
			if i >= 0:
				var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
				game.place_tower(index, cell, tier)
	FastPhysics.start(8)
	for tick in 40 * 60:
		game.genesis.health = game.genesis.stats.max_health
		await physics_frame
	FastPhysics.stop()
	var error := game.save_game(path)
	print("load_timing: %s -> %s" % [error_string(error), path])
	return error == OK


# Loads `path` once, then LOADS times, timing each load alone; then its check alone.
func _time(game: OutpostGame, path: String) -> bool:
	if game.load_game(path) != OK:
		return false
	var loads: Array[float] = []
	var checks: Array[float] = []
	for i in LOADS:
		await process_frame
		var start := Time.get_ticks_usec()
		var error := game.load_game(path)
		loads.append((Time.get_ticks_usec() - start) / 1000.0)
		start = Time.get_ticks_usec()
		var context := {"rules": game.loop.rules}
		var problem := "" if SaveGame.read(path, context) == OK else "unread"
		if problem.is_empty():
			problem = SaveGame.check(game.save_parts(), context["data"], context)
		checks.append((Time.get_ticks_usec() - start) / 1000.0)
		if error != OK or not problem.is_empty():
			return false
	_print("LOAD_MS", loads, "loads of " + path.get_file())
	_print("CHECK_MS", checks, "checks of " + path.get_file())
	return true


func _print(what: String, times: Array[float], of: String) -> void:
	times.sort()
	var median := (times[LOADS / 2 - 1] + times[LOADS / 2]) / 2.0
	print(
		"%s median %.2f min %.2f max %.2f (%d %s)" % [what, median, times[0], times[-1], LOADS, of]
	)
