extends RefCounted
## The one test runner of the engine suites (run_tests.gd, headless) and the editor's suite
## (editor/editor_test_plugin.gd, in a headless editor).
##
## A suite is a script extending suite.gd; its tests are its methods named `test_*`, run in
## name order. `GODOT_TEST_FILTER` (a substring of "suite:method") runs a subset. Prints one
## line per test ("PASS suite:test (N ms)" or "FAIL ..." with its problems) and a summary,
## "NAME: N passed, M failed".
##
## A test fails if it records a failed expectation, returns anything but `true` (a script
## error aborts it), leaves nodes under [member root] (when one is given), or makes the
## engine log an error or warning it did not declare with `expect_error()`. Every declared
## entry is printed as "EXPECTED <entry>" so that the shell scripts can tell it from an
## unexpected one.

const ErrorLog := preload("res://tests/error_log.gd")
const FastPhysics := preload("res://tests/fast_physics.gd")
## Entries of the engine's own that no test can prevent and that change no outcome, allowed
## in any test (and printed as "EXPECTED ..." like a declared one). Godot 4.6.3's Jolt job
## system warns when its fixed pool of jobs runs dry and then waits for a job to finish: it
## happens when the physics steps of a fast-physics test (tests/fast_physics.gd) pile up on
## a machine whose cores are busy with something else (a build beside the suites), and the
## steps it delays are still taken in order.
const ENGINE_NOISE: Array[String] = [
	"^WARNING: Jolt Physics job system exceeded the maximum number of jobs\\.",
]

## The tree the suites' tests run in (their `tree`).
var tree: SceneTree
## When set, a test that leaves nodes under it fails and the nodes are freed.
var root: Node
## When set, each suite's tests tick at its `speed_up` (the engine suites; the editor's
## run at the real pace).
var paced: bool

var _log: ErrorLog = ErrorLog.new()


func _init(on_tree: SceneTree, checked_root: Node = null, at_suites_pace := false) -> void:
	tree = on_tree
	root = checked_root
	paced = at_suites_pace


## Runs every test of the suites at [param paths] and prints "[param name]: N passed,
## M failed". True when all passed and there was at least one.
func run(name: String, paths: PackedStringArray) -> bool:
	OS.add_logger(_log)
	var filter := OS.get_environment("GODOT_TEST_FILTER")
	var passed := 0
	var failed := 0
	for path in paths:
		var script: GDScript = load(path)
		if script == null or not script.can_instantiate():
			failed += 1
			print("FAIL %s (does not compile)" % path)
			continue
		var suite: RefCounted = script.new()
		suite.set("tree", tree)
		for test in test_names(suite):
			var label := "%s:%s" % [path.get_file().get_basename(), test]
			if not filter.is_empty() and not label.contains(filter):
				continue
			var problems: PackedStringArray = await _run_one(suite, test, label)
			if problems.is_empty():
				passed += 1
			else:
				failed += 1
	OS.remove_logger(_log)
	print("%s: %d passed, %d failed" % [name, passed, failed])
	return failed == 0 and passed > 0


## The suite's `test_*` methods, sorted by name.
static func test_names(suite: Object) -> PackedStringArray:
	var out := PackedStringArray()
	for method in suite.get_script().get_script_method_list():
		var test: String = method["name"]
		if test.begins_with("test_") and not out.has(test):
			out.append(test)
	out.sort()
	return out


## Problems with the log entries of one test: entries no declared pattern explains, and
## declared patterns no entry matched. Prints each explained entry as "EXPECTED ...".
## A script error is never explained.
static func check_log(entries: PackedStringArray, expected: PackedStringArray) -> PackedStringArray:
	var problems := PackedStringArray()
	var patterns: Array[RegEx] = []
	for pattern in expected:
		patterns.append(RegEx.create_from_string(pattern))
	var noise: Array[RegEx] = []
	for pattern in ENGINE_NOISE:
		noise.append(RegEx.create_from_string(pattern))
	var matched := {}
	for entry in entries:
		var explained := false
		for i in patterns.size():
			if not entry.begins_with("SCRIPT ERROR") and patterns[i].search(entry) != null:
				explained = true
				matched[i] = true
		explained = explained or noise.any(func(n: RegEx) -> bool: return n.search(entry) != null)
		if explained:
			print("EXPECTED ", entry)
		else:
			problems.append("unexpected log entry: " + entry)
	for i in patterns.size():
		if not matched.has(i):
			problems.append("expected a log entry matching %s; none was logged" % expected[i])
	return problems


func _run_one(suite: RefCounted, test: String, label: String) -> PackedStringArray:
	suite.call("reset")
	_log.take()
	var children := root.get_child_count() if root != null else 0
	var started := Time.get_ticks_msec()
	if paced:
		FastPhysics.set_pace(suite.get("speed_up"))
	var result: Variant = await suite.call(test)
	if paced:
		FastPhysics.set_pace(1)
	var ms := Time.get_ticks_msec() - started
	var problems: PackedStringArray = suite.call("failures")
	problems.append_array(check_log(_log.take(), suite.call("expected_errors")))
	if result != true and problems.is_empty():
		problems.append("test returned %s (aborted by a script error?)" % [result])
	if root != null and root.get_child_count() != children:
		problems.append("left %d node(s) under the root" % (root.get_child_count() - children))
		while root.get_child_count() > children:
			root.get_child(root.get_child_count() - 1).free()
	if problems.is_empty():
		print("PASS %s (%d ms)" % [label, ms])
		return problems
	print("FAIL %s (%d ms)" % [label, ms])
	for p in problems.slice(0, 10):
		print("    ", p)
	if problems.size() > 10:
		print("    ... and %d more" % (problems.size() - 10))
	return problems
