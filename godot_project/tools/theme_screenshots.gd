extends "res://tools/script_tool.gd"
## Pictures of the game and the Seed Inspector in each shipped theme, the same storey and
## camera in each (the scenes' defaults): for the README and for looking at a theme
## change. Needs a display (run it under Xvfb, as scripts/run.sh --screenshot runs
## screenshot.gd). Arguments after `--`: the folder to write
## [code]<scene>_<theme>.png[/code] into, and optionally the frames to wait per picture
## (default 30).

const THEMES: Array[CellDefinitions] = [
	preload("res://addons/outpost_storeys/themes/cell_definitions.tres"),
	preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres"),
	preload("res://addons/outpost_storeys/themes/cell_definitions_clean.tres"),
]
const SCENES: Dictionary[String, String] = {
	"game": "res://src/game/outpost_game.tscn",
	"seed_inspector": "res://src/game/outpost_test.tscn",
}
const DEFAULT_FRAMES := 30


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		push_error("theme_screenshots.gd: usage: -- <folder> [frames]")
		return false
	var frames := int(args[1]) if args.size() > 1 and args[1].is_valid_int() else DEFAULT_FRAMES
	for scene_name in SCENES:
		for theme in THEMES:
			var scene := (load(SCENES[scene_name]) as PackedScene).instantiate()
			if scene is SeedInspector:
				var themes: Array[CellDefinitions] = [theme]
				scene.themes = themes
			else:
				scene.get_node(^"Building").cell_definitions = theme
			root.add_child(scene)
			var file := "%s_%s.png" % [scene_name, theme.resource_path.get_file().get_basename()]
			var saved := await save_picture(args[0].path_join(file), frames)
			scene.queue_free()
			await process_frame
			if not saved:
				return false
	return true
