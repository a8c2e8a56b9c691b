extends "res://tools/script_tool.gd"
## Saves a picture of a scene, for scripts/run.sh --screenshot (needs a display: run it
## under Xvfb). Arguments after `--`: the scene, the PNG to write, and optionally the
## number of frames to wait first (default 30, so cameras and UI settle).

const DEFAULT_FRAMES := 30


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.size() < 2:
		push_error("screenshot.gd: usage: -- <scene.tscn> <out.png> [frames]")
		return false
	if change_scene_to_file(args[0]) != OK:
		push_error("screenshot.gd: cannot open %s" % args[0])
		return false
	var frames := int(args[2]) if args.size() > 2 and args[2].is_valid_int() else DEFAULT_FRAMES
	return await save_picture(args[1], frames)
