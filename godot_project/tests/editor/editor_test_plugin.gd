@tool
extends EditorPlugin
## Runs the editor's tests (editor_suite.gd) inside a headless editor, for
## scripts/editor_tests.sh, which enables this plugin in a COPY of the project (the editor
## rewrites project.godot) beside the Outpost plugin and starts
## [code]godot --headless -e --path COPY -- --outpost-editor-tests[/code].
##
## Without the flag it does nothing. With it, it waits for the editor's first filesystem
## scan, runs every [code]test_*[/code] method of the suite (a test fails on a failed
## expectation, a return other than true, or a log entry it did not declare), prints one
## line per test and "editor: N passed, M failed", and quits with 0 or 1.

## The command-line flag (after [code]--[/code]) that starts the tests.
const FLAG := "--outpost-editor-tests"
const Suite := preload("res://tests/editor/editor_suite.gd")
const ErrorLog := preload("res://tests/error_log.gd")


func _enter_tree() -> void:
	if FLAG in OS.get_cmdline_user_args():
		_run.call_deferred()


func _run() -> void:
	var filesystem := EditorInterface.get_resource_filesystem()
	while filesystem.is_scanning():
		await get_tree().process_frame
	for i in 10:
		await get_tree().process_frame
	var log := ErrorLog.new()
	OS.add_logger(log)
	var suite := Suite.new()
	suite.tree = get_tree()
	var passed := 0
	var failed := 0
	var filter := OS.get_environment("GODOT_TEST_FILTER")
	for method in suite.get_method_list():
		var test: String = method["name"]
		if not test.begins_with("test_") or (not filter.is_empty() and not test.contains(filter)):
			continue
		suite.reset()
		log.take()
		var started := Time.get_ticks_msec()
		var result: Variant = await suite.call(test)
		var problems := suite.failures()
		problems.append_array(suite.check_log(log.take()))
		if result != true and problems.is_empty():
			problems.append("test returned %s (aborted by a script error?)" % [result])
		var label := "editor_suite:%s (%d ms)" % [test, Time.get_ticks_msec() - started]
		if problems.is_empty():
			passed += 1
			print("PASS ", label)
		else:
			failed += 1
			print("FAIL ", label)
			for p in problems:
				print("    ", p)
	OS.remove_logger(log)
	print("editor: %d passed, %d failed" % [passed, failed])
	get_tree().quit(0 if failed == 0 and passed > 0 else 1)
