@tool
extends "res://tests/suite.gd"
## What the editor's suites (editor_suite.gd, editor_rooms_suite.gd, dock_state_suite.gd)
## share: finding the Outpost dock in the editor's interface and pressing Ctrl+Z as a
## person does. Not a suite itself (its name does not end in _suite.gd).

const DOCK_SCRIPT := "res://addons/outpost_storeys/editor/OutpostDock.gd"


## The Outpost dock, found in the editor's interface; null if the plugin did not add it.
func _dock() -> EditorDock:
	return _find_dock(EditorInterface.get_base_control())


func _find_dock(node: Node) -> EditorDock:
	var script: Script = node.get_script()
	if script != null and script.resource_path == DOCK_SCRIPT:
		return node as EditorDock
	for child in node.get_children():
		var found := _find_dock(child)
		if found != null:
			return found
	return null


## Ctrl+Z (with [param shift], Ctrl+Shift+Z) pressed and released in the editor's window,
## a frame after each.
func _press_ctrl_z(shift: bool = false) -> void:
	var key := InputEventKey.new()
	key.keycode = KEY_Z
	key.physical_keycode = KEY_Z
	key.ctrl_pressed = true
	key.shift_pressed = shift
	key.pressed = true
	var window := EditorInterface.get_base_control().get_viewport()
	window.push_input(key)
	await process_frames(1)
	key = key.duplicate()
	key.pressed = false
	window.push_input(key)
	await process_frames(1)
