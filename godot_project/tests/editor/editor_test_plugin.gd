@tool
extends EditorPlugin
## Runs the editor's tests (editor_suite.gd, and the room painter's editor_rooms_suite.gd)
## inside a headless editor, for scripts/editor_tests.sh, which enables this plugin in a
## COPY of the project (the editor rewrites project.godot) beside the Outpost plugin and
## starts
## [code]godot --headless -e --path COPY -- --outpost-editor-tests[/code].
##
## Without the flag it does nothing. With it, it waits for the editor's first filesystem
## scan, runs the suite with the engine suites' runner (tests/suite_runner.gd: the same
## rules, the same lines), ends with "editor: N passed, M failed" and quits with 0 or 1.

## The command-line flag (after [code]--[/code]) that starts the tests.
const FLAG := "--outpost-editor-tests"
const SUITES: Array[String] = [
	"res://tests/editor/editor_suite.gd", "res://tests/editor/editor_rooms_suite.gd"
]
const SuiteRunner := preload("res://tests/suite_runner.gd")


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
	var passed: bool = await runner.run("editor", PackedStringArray(SUITES))
	get_tree().quit(0 if passed else 1)
