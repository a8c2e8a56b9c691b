@tool
extends EditorDebuggerPlugin
## Hears a running game say it saved a file into the project (the debugger message
## [code]outpost:file_saved[/code], with the file's path, which the Seed Inspector sends
## after a Save into res://) and scans the project, so that the FileSystem dock shows the
## file (and a saved layout its thumbnail) without waiting for the editor to get the
## focus back.

## The messages' prefix (the debugger's capture).
const CAPTURE := "outpost"
## The message of a saved file.
const FILE_SAVED := "outpost:file_saved"

## The paths announced so far, newest last.
var heard := PackedStringArray()


func _has_capture(capture: String) -> bool:
	return capture == CAPTURE


func _capture(message: String, data: Array, _session_id: int) -> bool:
	if message != FILE_SAVED or data.size() != 1 or not str(data[0]).begins_with("res://"):
		return false
	heard.append(str(data[0]))
	var filesystem := EditorInterface.get_resource_filesystem()
	if not filesystem.is_scanning():
		filesystem.scan()
	return true
