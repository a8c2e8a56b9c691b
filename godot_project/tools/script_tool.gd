extends SceneTree
## The base of the project's command-line tools (`godot --script res://tools/<tool>.gd`):
## on the first frame, when the autoloads are ready, it calls the tool's [method run] and
## quits with 0 if that returned true, else 1, through the SoundSystem autoload, which
## stops the game's sounds first (one still playing at exit is reported as leaked: see
## AudioGate). [method save_picture] is the picture tools' one way to write a frame.


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


## The tool's work; true if it succeeded. Overridden by every tool.
func run() -> bool:
	return false


## Waits [param frames] frames (cameras and UI settle), then writes what the window shows
## to [param path] as a PNG; false, with the error pushed, if it cannot.
func save_picture(path: String, frames: int) -> bool:
	for i in frames:
		await process_frame
	var error := root.get_texture().get_image().save_png(path)
	if error != OK:
		push_error("%s: cannot write %s (%s)" % [tool_name(), path, error_string(error)])
	return error == OK


## The tool's file name, for its messages ("screenshot.gd").
func tool_name() -> String:
	return (get_script() as Script).resource_path.get_file()


func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)
