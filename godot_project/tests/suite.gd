# gdlint:ignore = max-public-methods
# (The suites' shared helpers: every one is called by several test files.)
@tool
extends RefCounted
## Base of the in-engine test suites (`res://tests/test_*.gd`), run by run_tests.gd.
##
## Every method whose name starts with `test_` is a test. It returns `ok()`: a test that
## returns anything but `true` failed, so one aborted by a script error counts as a
## failure, not a pass. A test may `await` frames; nodes it adds under `tree.root` must be
## freed before it returns (the runner checks).

const AStarGridOf := preload("res://tests/astar_grid.gd")
## Where the games of the tests keep the hints seen (not the player's settings file).
const TEST_SETTINGS := "user://test_settings.cfg"

## The running SceneTree (set by the runner before the first test).
var tree: SceneTree
## How many times faster than real time physics ticks while this suite's tests run in
## run_tests.gd (tests/fast_physics.gd: each tick is still 1/60 s of game time, so a test
## waiting for game time waits less). A suite whose tests need the real pace sets 1.
var speed_up := 8

var _failures := PackedStringArray()
var _expected_errors := PackedStringArray()


## Records a failure unless `cond`; returns `cond`.
func expect(cond: bool, message: String) -> bool:
	if not cond:
		_failures.append(message)
	return cond


## Records a failure unless `got` and `want` have the same type and value.
func expect_eq(got: Variant, want: Variant, what: String) -> bool:
	return expect(
		typeof(got) == typeof(want) and got == want, "%s: got %s, want %s" % [what, got, want]
	)


## True if no expectation of the current test failed.
func ok() -> bool:
	return _failures.is_empty()


## Failures recorded since the last `reset()`.
func failures() -> PackedStringArray:
	return _failures


## Declares that the current test makes the engine log an error or warning matching the
## regular expression `pattern` (searched anywhere in the log line). The runner fails a
## test on any log entry it did not declare, and on a declared pattern no entry matched.
func expect_error(pattern: String) -> void:
	_expected_errors.append(pattern)


## Patterns declared with `expect_error()` in the current test.
func expected_errors() -> PackedStringArray:
	return _expected_errors


## Forgets the failures and expected errors of the previous test.
func reset() -> void:
	_failures.clear()
	_expected_errors.clear()


## Adds `node` under the scene root and returns it.
func add(node: Node) -> Node:
	tree.root.add_child(node)
	return node


## The game scene (src/game/outpost_game.tscn) under the root, its menu change off (the
## runner has no current scene to replace) and its hints kept in TEST_SETTINGS: building
## `seed_value` (-1: the scene's) at outpost `level` (-1: the scene's), with `rules` (null:
## the scene's); `quiet`: no entry point sends agents.
func outpost_game(
	quiet: bool = false, rules: OutpostRules = null, seed_value: int = -1, level: int = -1
) -> OutpostGame:
	var game := (
		(load("res://src/game/outpost_game.tscn") as PackedScene).instantiate() as OutpostGame
	)
	game.menu_scene = ""
	game.start_outside = false
	if level > 0:
		game.outpost_level = level
	(game.get_node(^"HintCoach") as HintCoach).settings_path = TEST_SETTINGS
	if seed_value >= 0:
		game.building_seed = seed_value
	if rules != null:
		(game.get_node(^"Loop") as OutpostLoop).rules = rules
	add(game)
	if quiet:
		for index in game.building.get_storey_count():
			for entry in game.building.get_storey(index).get_entries():
				entry.spawning_enabled = false
	return game


## Frees `game` and unpauses the tree (a defeat pauses it).
func end_game(game: OutpostGame) -> void:
	game.free()
	tree.paused = false


## Takes Genesis from the ground floor's staircase up one floor in travel mode; whether
## it went.
func travel_up_from_the_ground(game: OutpostGame) -> bool:
	var building := game.building
	var ground := building.get_ground_floor()
	building.travel_mode = true
	building.place_genesis(ground, building.layouts[ground].staircase_cell)
	await physics_frames(4)
	return building.ascend()


## Presses and releases `action` through the root viewport (as a key would).
func press(action: StringName) -> void:
	for pressed in [true, false]:
		var event := InputEventAction.new()
		event.action = action
		event.pressed = pressed
		tree.root.push_input(event)


## Presses and releases the key `physical` (a physical key code, as the input map binds
## them) through the root viewport, as a keyboard would.
func key(physical: Key) -> void:
	for pressed in [true, false]:
		var event := InputEventKey.new()
		event.physical_keycode = physical
		event.keycode = physical
		event.pressed = pressed
		tree.root.push_input(event)


## Clicks the left mouse button at `position` (the viewport's own pixels, whatever the
## window's size) through the root viewport.
func click(position: Vector2) -> void:
	var motion := InputEventMouseMotion.new()
	motion.position = position
	motion.global_position = position
	tree.root.push_input(motion, true)
	for pressed in [true, false]:
		var event := InputEventMouseButton.new()
		event.button_index = MOUSE_BUTTON_LEFT
		event.button_mask = MOUSE_BUTTON_MASK_LEFT if pressed else 0
		event.position = position
		event.global_position = position
		event.pressed = pressed
		tree.root.push_input(event, true)


## A swarm on `l` under the root, not stepped by physics (tests step it by hand).
func new_swarm(l: StoreyLayout, seed_value: int = 1) -> StoreySwarm:
	var swarm := StoreySwarm.new()
	swarm.running = false
	add(swarm)
	expect(swarm.setup(l, seed_value), "setup")
	return swarm


## Arguments of every emission of `sig` while recording.
func record(sig: Signal) -> Array[Array]:
	var calls: Array[Array] = []
	sig.connect(
		func(a: Variant = null, b: Variant = null, c: Variant = null) -> void:
			calls.append([a, b, c].filter(func(v: Variant) -> bool: return v != null))
	)
	return calls


## Waits for `count` physics ticks.
func physics_frames(count: int) -> void:
	for i in count:
		await tree.physics_frame


## Physics ticks until `done` returns true, at most `limit` (then `limit + 1`).
func ticks_until(done: Callable, limit: int) -> int:
	for tick in limit + 1:
		if done.call():
			return tick
		await physics_frames(1)
	return limit + 1


## Waits for `count` process frames.
func process_frames(count: int) -> void:
	for i in count:
		await tree.process_frame


## Live object counts: nodes, orphan nodes, resources and all objects.
func object_counts() -> Dictionary[String, int]:
	return {
		"nodes": int(Performance.get_monitor(Performance.OBJECT_NODE_COUNT)),
		"orphans": int(Performance.get_monitor(Performance.OBJECT_ORPHAN_NODE_COUNT)),
		"resources": int(Performance.get_monitor(Performance.OBJECT_RESOURCE_COUNT)),
		"objects": int(Performance.get_monitor(Performance.OBJECT_COUNT)),
	}


## A varied sample: every storey type, every surveyed depth (1-6) and level (1-4, the
## core's ranges), `seeds` seeds each.
func sample_layouts(seeds: int) -> Array[StoreyLayout]:
	var out: Array[StoreyLayout] = []
	var depths := range(
		StoreyGenerator.MIN_STOREY_DEPTH, StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH + 1
	)
	var levels := range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL + 1)
	for storey_type in ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType").size():
		for depth: int in depths:
			for level: int in levels:
				for s in seeds:
					var seed_value := hash([storey_type, depth, level, s])
					var layout := StoreyGenerator.generate(
						seed_value, depth, level, Vector2i(-1, -1), storey_type
					)
					if expect(
						layout != null,
						(
							"generate(%d, %d, %d, type %d) gave null"
							% [seed_value, depth, level, storey_type]
						)
					):
						out.append(layout)
	return out


## A swarm on `l` under `parent` (stepped by physics).
func swarm_on(l: StoreyLayout, parent: Node) -> StoreySwarm:
	var swarm := StoreySwarm.new()
	parent.add_child(swarm)
	expect(swarm.setup(l, l.seed_value), "swarm setup")
	return swarm


## An EntryPoint on the first entry cell of `l`, as the spawner would place it, beside a
## swarm of `l` that it spawns into, both under one storey node under root. Free the
## entry's parent.
func placed_entry(l: StoreyLayout, profile: WaveProfile) -> EntryPoint:
	var storey: Node3D = add(Node3D.new())
	var entry: EntryPoint = (
		(load("res://src/world/objects/EntryPoint.tscn") as PackedScene).instantiate()
	)
	entry.layout = l
	entry.cell = l.entry_cells[0]
	entry.cell_type = StoreyLayout.CellType.ENTRY
	entry.position = l.cell_center(entry.cell)
	entry.wave_profile = profile
	entry.swarm = swarm_on(l, storey)
	storey.add_child(entry)
	return entry
