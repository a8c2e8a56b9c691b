extends SceneTree
## Runs the in-engine test suites headless (scripts/godot_tests.sh):
##   godot --headless --path godot_project --script res://tests/run_tests.gd --quit-after N
##
## Suites are discovered: every `res://tests/test_*.gd`, and in each every method named
## `test_*`, so a new test cannot be forgotten. `GODOT_TEST_FILTER` (a substring of
## "file:method") runs a subset. Prints one line per test and ends with
## "godot: N passed, M failed"; exits 1 on any failure.
##
## A test fails if it records a failed expectation, returns anything but `true` (a script
## error aborts it), leaves nodes under the scene root, or makes the engine log an error
## or warning it did not declare with `expect_error()`. Every declared entry is printed as
## "EXPECTED <entry>" so that scripts/godot_tests.sh can tell it from an unexpected one.

const TESTS_DIR := "res://tests/"
const ErrorLog := preload("res://tests/error_log.gd")

var _log: ErrorLog = ErrorLog.new()


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
	OS.add_logger(_log)
	var filter := OS.get_environment("GODOT_TEST_FILTER")
	var passed := 0
	var failed := 0
	for path in _suite_paths():
		var script: GDScript = load(path)
		if script == null or not script.can_instantiate():
			failed += 1
			print("FAIL %s (does not compile)" % path)
			continue
		var suite: RefCounted = script.new()
		suite.set("tree", self)
		for test in _test_names(suite):
			var label := "%s:%s" % [path.get_file().get_basename(), test]
			if not filter.is_empty() and not label.contains(filter):
				continue
			suite.call("reset")
			_log.take()
			var root_children := root.get_child_count()
			var started := Time.get_ticks_msec()
			var result: Variant = await suite.call(test)
			var ms := Time.get_ticks_msec() - started
			var problems: PackedStringArray = suite.call("failures")
			problems.append_array(_check_log(_log.take(), suite.call("expected_errors")))
			if result != true and problems.is_empty():
				problems.append("test returned %s (aborted by a script error?)" % [result])
			if root.get_child_count() != root_children:
				problems.append(
					"left %d node(s) under the root" % (root.get_child_count() - root_children)
				)
				while root.get_child_count() > root_children:
					root.get_child(root.get_child_count() - 1).free()
			if problems.is_empty():
				passed += 1
				print("PASS %s (%d ms)" % [label, ms])
			else:
				failed += 1
				print("FAIL %s (%d ms)" % [label, ms])
				for p in problems.slice(0, 10):
					print("    ", p)
				if problems.size() > 10:
					print("    ... and %d more" % (problems.size() - 10))
	OS.remove_logger(_log)
	print("godot: %d passed, %d failed" % [passed, failed])
	return failed == 0 and passed > 0


## Every res://tests/test_*.gd, sorted.
func _suite_paths() -> PackedStringArray:
	var out := PackedStringArray()
	for file in DirAccess.get_files_at(TESTS_DIR):
		if file.begins_with("test_") and file.ends_with(".gd"):
			out.append(TESTS_DIR + file)
	out.sort()
	return out


## The suite's `test_*` methods, sorted by name.
func _test_names(suite: Object) -> PackedStringArray:
	var out := PackedStringArray()
	for method in suite.get_script().get_script_method_list():
		var name: String = method["name"]
		if name.begins_with("test_") and not out.has(name):
			out.append(name)
	out.sort()
	return out


## Problems with the log entries of one test: entries no declared pattern explains, and
## declared patterns no entry matched. Prints each explained entry as "EXPECTED ...".
func _check_log(entries: PackedStringArray, expected: PackedStringArray) -> PackedStringArray:
	var problems := PackedStringArray()
	var patterns: Array[RegEx] = []
	for pattern in expected:
		patterns.append(RegEx.create_from_string(pattern))
	var matched := {}
	for entry in entries:
		var explained := false
		for i in patterns.size():
			if not entry.begins_with("SCRIPT ERROR") and patterns[i].search(entry) != null:
				explained = true
				matched[i] = true
		if explained:
			print("EXPECTED ", entry)
		else:
			problems.append("unexpected log entry: " + entry)
	for i in patterns.size():
		if not matched.has(i):
			problems.append("expected a log entry matching %s; none was logged" % expected[i])
	return problems
