extends SceneTree
## Writes the project's translation template with Godot's own POT generation (the Project
## Settings' Localization > POT Generation, which has no command line in Godot 4.6): run
## in the editor, headless, it asks the Localization editor's "Generate POT" dialog to
## save to the path given after "--", from the files of the project setting
## internationalization/locale/translations_pot_files. scripts/pot.sh runs it on a copy
## of the project (an editor run may rewrite project.godot).
##   godot --headless -e --path COPY --script res://tools/generate_pot.gd -- OUT.pot


func _initialize() -> void:
	process_frame.connect(_generate, CONNECT_ONE_SHOT)


func _generate() -> void:
	var args := OS.get_cmdline_user_args()
	if args.size() != 1 or not args[0].ends_with(".pot"):
		push_error("generate_pot.gd: give the .pot to write after --, got %s" % [args])
		quit(2)
		return
	var out: String = args[0]
	for i in 600:
		await process_frame
		if not EditorInterface.get_resource_filesystem().is_scanning() and i > 5:
			break
	var dialog := _pot_dialog(get_root())
	if dialog == null:
		push_error("generate_pot.gd: no POT dialog in the Localization editor")
		quit(1)
		return
	if FileAccess.file_exists(out):
		DirAccess.remove_absolute(out)
	dialog.file_selected.emit(out)
	quit(0 if FileAccess.file_exists(out) else 1)


# The Localization editor's save dialog for a template (*.pot), or null.
func _pot_dialog(node: Node) -> EditorFileDialog:
	var dialog := node as EditorFileDialog
	if dialog != null and dialog.filters.has("*.pot"):
		var editor := dialog.get_parent()
		if editor != null and editor.get_class() == "LocalizationEditor":
			return dialog
	for child in node.get_children(true):
		var found := _pot_dialog(child)
		if found != null:
			return found
	return null
