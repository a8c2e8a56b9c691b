extends SceneTree
## Runs the in-engine test suites headless (scripts/godot_tests.sh):
##   godot --headless --path godot_project --script res://tests/run_tests.gd --quit-after N
##
## Suites are discovered: every `res://tests/test_*.gd`, and in each every method named
## `test_*`, so a new test cannot be forgotten. The runner (suite_runner.gd, shared with the
## editor's suite) says what fails a test and runs each suite's tests at its `speed_up`
## (tests/fast_physics.gd); `GODOT_TEST_FILTER` runs a subset. Ends with
## "godot: N passed, M failed"; exits 1 on any failure.

const TESTS_DIR := "res://tests/"
const SuiteRunner := preload("res://tests/suite_runner.gd")


func _initialize() -> void:
	# The root window enters the tree after _initialize(): start on the first frame so
	# nodes added to root get _ready() as in a game.
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


# Quits through the SoundSystem autoload, which stops every sound first: one still
# playing at exit is reported as leaked (see AudioGate).
func _on_first_frame() -> void:
	var passed: bool = await run()
	root.get_node(^"SoundSystem").call(&"quit", 0 if passed else 1)


func run() -> bool:
	return await SuiteRunner.new(self, root, true).run("godot", _suite_paths())


## Every res://tests/test_*.gd, sorted.
func _suite_paths() -> PackedStringArray:
	var out := PackedStringArray()
	for file in DirAccess.get_files_at(TESTS_DIR):
		if file.begins_with("test_") and file.ends_with(".gd"):
			out.append(TESTS_DIR + file)
	out.sort()
	return out
