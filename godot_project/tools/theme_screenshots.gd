extends SceneTree
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


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


# Quits through the SoundSystem autoload, which stops the game's sounds first.
func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)


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
			for i in frames:
				await process_frame
			var file := "%s_%s.png" % [scene_name, theme.resource_path.get_file().get_basename()]
			var error := root.get_texture().get_image().save_png(args[0].path_join(file))
			scene.queue_free()
			await process_frame
			if error != OK:
				push_error("theme_screenshots.gd: cannot write %s" % file)
				return false
	return true
