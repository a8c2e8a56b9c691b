extends SceneTree
## What a designer does in a first editor session, for scripts/editor_round_trip.sh: run in
## the editor (windowed, as a designer runs it) on a copy of the project, it waits for the
## first filesystem scan, saves every .tres file again, creates a scene, saves it through
## the editor (which also saves the resources it holds as edited), saves all scenes and
## closes the editor as its window's close button does. Prints "round trip: saved PATH"
## and exits through the editor's quit.
##   godot -e --path COPY --script res://tools/editor_round_trip.gd -- res://NEW.tscn

## Frames to wait at most for the first scan.
const SCAN_FRAMES := 600


func _initialize() -> void:
	process_frame.connect(_round_trip, CONNECT_ONE_SHOT)


func _round_trip() -> void:
	var args := OS.get_cmdline_user_args()
	if args.size() != 1 or not args[0].begins_with("res://") or not args[0].ends_with(".tscn"):
		push_error(
			"editor_round_trip.gd: give the res://*.tscn to create after --, got %s" % [args]
		)
		quit(2)
		return
	var path: String = args[0]
	for i in SCAN_FRAMES:
		await process_frame
		if not EditorInterface.get_resource_filesystem().is_scanning() and i > 5:
			break
	# Every resource file written again as this editor writes it: a file committed in
	# another form fails the check whether or not this session happens to touch it.
	for file in _resource_files("res://"):
		ResourceSaver.save(load(file), file)
	var level := Node3D.new()
	level.name = "Level"
	var packed := PackedScene.new()
	packed.pack(level)
	level.free()
	ResourceSaver.save(packed, path)
	EditorInterface.open_scene_from_path(path)
	for i in 5:
		await process_frame
	EditorInterface.mark_scene_as_unsaved()
	EditorInterface.save_scene()
	EditorInterface.save_all_scenes()
	for i in 5:
		await process_frame
	print("round trip: saved ", path)
	# The editor's own quit (what the window's close button asks), so that it writes what
	# it writes on exit.
	EditorInterface.get_base_control().get_parent().notification(Node.NOTIFICATION_WM_CLOSE_REQUEST)


# The .tres files under `folder`, outside dot folders, in name order.
func _resource_files(folder: String) -> PackedStringArray:
	var found := PackedStringArray()
	for sub in DirAccess.get_directories_at(folder):
		if not sub.begins_with("."):
			found.append_array(_resource_files(folder.path_join(sub)))
	for file in DirAccess.get_files_at(folder):
		if file.get_extension() == "tres":
			found.append(folder.path_join(file))
	found.sort()
	return found
