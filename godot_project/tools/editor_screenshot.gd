extends SceneTree
## Pictures of the Outpost dock at work for docs/designer.md, taken in a windowed editor
## (Xvfb, Mesa's OpenGL) on a copy of the project: a storey generated into a new scene
## (framed and lit by the dock), then the dock's survey of 300 layouts, each as a PNG in
## the folder given after "--".
##   xvfb-run -s "-screen 0 1600x900x24" godot --rendering-driver opengl3 -e --path COPY \
##       --script res://tools/editor_screenshot.gd -- OUT_DIR

const DOCK_SCRIPT := "res://addons/outpost_storeys/editor/OutpostDock.gd"
const SCENE := "res://editor_screenshot.tscn"


func _initialize() -> void:
	process_frame.connect(_shoot, CONNECT_ONE_SHOT)


func _shoot() -> void:
	var args := OS.get_cmdline_user_args()
	if args.size() != 1:
		push_error("editor_screenshot.gd: give the folder to write into after --, got %s" % [args])
		quit(2)
		return
	var out: String = args[0]
	DirAccess.make_dir_recursive_absolute(out)
	await _frames(
		600, func() -> bool: return not EditorInterface.get_resource_filesystem().is_scanning()
	)
	var level := Node3D.new()
	level.name = "Level"
	var packed := PackedScene.new()
	packed.pack(level)
	level.free()
	ResourceSaver.save(packed, SCENE)
	EditorInterface.open_scene_from_path(SCENE)
	await _frames(20)
	var dock := _dock(root)
	if dock == null:
		push_error("editor_screenshot.gd: no Outpost dock")
		quit(1)
		return
	dock.make_visible()
	dock.choice.assign({&"seed_value": 7, &"storey_depth": 2, &"outpost_level": 2})
	dock.generate()
	await _frames(90)
	_save(out.path_join("editor_dock.png"))
	dock.start_survey(300)
	await _frames(6000, func() -> bool: return not dock.survey_run.is_running())
	var survey: Control = dock.find_child("SurveyTable", true, false)
	var scroll := survey.get_parent()
	while scroll != null and not scroll is ScrollContainer:
		scroll = scroll.get_parent()
	if scroll != null:
		# The table's top at the dock's top.
		(scroll as ScrollContainer).scroll_vertical = int(
			survey.global_position.y - (scroll as Control).global_position.y
		)
	await _frames(30)
	_save(out.path_join("editor_survey.png"))
	quit(0)


func _save(path: String) -> void:
	var error := root.get_texture().get_image().save_png(path)
	print("editor_screenshot: %s %s" % [path, error_string(error)])


# Waits `count` frames at most, or until `done` returns true.
func _frames(count: int, done := Callable()) -> void:
	for i in count:
		await process_frame
		if done.is_valid() and i > 5 and done.call():
			return


func _dock(node: Node) -> Node:
	var script: Script = node.get_script()
	if script != null and script.resource_path == DOCK_SCRIPT:
		return node
	for child in node.get_children(true):
		var found := _dock(child)
		if found != null:
			return found
	return null
