extends SceneTree
## Saves a picture of a scene, for scripts/run.sh --screenshot (needs a display: run it
## under Xvfb). Arguments after `--`: the scene, the PNG to write, and optionally the
## number of frames to wait first (default 30, so cameras and UI settle).

const DEFAULT_FRAMES := 30


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


# Quits through the SoundSystem autoload, which stops the game's sounds first: one still
# playing at exit is reported as leaked (see AudioGate).
func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.size() < 2:
		push_error("screenshot.gd: usage: -- <scene.tscn> <out.png> [frames]")
		return false
	if change_scene_to_file(args[0]) != OK:
		push_error("screenshot.gd: cannot open %s" % args[0])
		return false
	var frames := int(args[2]) if args.size() > 2 and args[2].is_valid_int() else DEFAULT_FRAMES
	for i in frames:
		await process_frame
	var error := root.get_texture().get_image().save_png(args[1])
	if error != OK:
		push_error("screenshot.gd: cannot write %s (%s)" % [args[1], error_string(error)])
	return error == OK
