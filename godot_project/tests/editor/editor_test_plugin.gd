@tool
extends EditorPlugin
## Runs the editor's tests (editor_suite.gd, then every other tests/editor/*_suite.gd)
## inside a headless editor, for scripts/editor_tests.sh, which enables this plugin in a
## COPY of the project (the editor rewrites project.godot) beside the Outpost plugin and starts
## [code]godot --headless -e --path COPY -- --outpost-editor-tests[/code].
##
## Without the flag it does nothing. With it, it waits for the editor's first filesystem
## scan, runs the suite with the engine suites' runner (tests/suite_runner.gd: the same
## rules, the same lines), ends with "editor: N passed, M failed" and quits with 0 or 1.

## The command-line flag (after [code]--[/code]) that starts the tests.
const FLAG := "--outpost-editor-tests"
const SUITE := "res://tests/editor/editor_suite.gd"
const SuiteRunner := preload("res://tests/suite_runner.gd")
## The folder whose [code]*_suite.gd[/code] files are run too, after [constant SUITE].
const SUITES_DIR := "res://tests/editor/"


func _enter_tree() -> void:
	if FLAG in OS.get_cmdline_user_args():
		_run.call_deferred()


func _run() -> void:
	var filesystem := EditorInterface.get_resource_filesystem()
	while filesystem.is_scanning():
		await get_tree().process_frame
	for i in 10:
		await get_tree().process_frame
	var runner := SuiteRunner.new(get_tree())
	var passed: bool = await runner.run("editor", suites())
	get_tree().quit(0 if passed else 1)


## [constant SUITE], then every other [code]*_suite.gd[/code] of [constant SUITES_DIR] by
## name.
static func suites() -> PackedStringArray:
	var out := PackedStringArray([SUITE])
	var files := DirAccess.get_files_at(SUITES_DIR)
	files.sort()
	for file in files:
		if file.ends_with("_suite.gd") and not out.has(SUITES_DIR + file):
			out.append(SUITES_DIR + file)
	return out
