@tool
extends RefCounted
## The room painter's files: where the `.room` files are, which there are, and a write
## that never costs the old file (the text goes to [code]NAME.tmp[/code] beside it, then
## is renamed over it).

## The folder listed in a project without `.room` files until the designer picks one:
## the project's root (the addon names no folder outside itself, scripts/package_tests.sh).
const DEFAULT_FOLDER := "res://"
## What a save writes first, beside the file (then renamed over it).
const TMP_SUFFIX := ".tmp"


## The first folder under [param root] holding a `.room` file, depth first with folders
## in name order (hidden ones skipped); [constant DEFAULT_FOLDER] if none does.
static func find_rooms_folder(root := "res://") -> String:
	for file in DirAccess.get_files_at(root):
		if file.get_extension() == "room":
			return root if root.ends_with("/") else root + "/"
	var folders := DirAccess.get_directories_at(root)
	folders.sort()
	for sub in folders:
		if sub.begins_with("."):
			continue
		var found := find_rooms_folder(root.path_join(sub))
		if found != DEFAULT_FOLDER:
			return found
	return DEFAULT_FOLDER


## The `.room` files of [param folder], sorted (names, without the folder); none for a
## folder that does not exist yet (a project without rooms: New room makes it).
static func list(folder: String) -> PackedStringArray:
	var out := PackedStringArray()
	if not DirAccess.dir_exists_absolute(folder):
		return out
	for file in DirAccess.get_files_at(folder):
		if file.get_extension() == "room":
			out.append(file)
	out.sort()
	return out


## Writes [param bytes] to [param file_path] through [code]file_path.tmp[/code] and a
## rename. Returns "" when written, else why not (the old file untouched, the tmp file
## removed).
static func write(file_path: String, bytes: PackedByteArray) -> String:
	var tmp := file_path + TMP_SUFFIX
	var out := FileAccess.open(tmp, FileAccess.WRITE)
	if out == null:
		return (
			"Not saved (%s was left as it was): cannot write %s: %s."
			% [file_path.get_file(), tmp, error_string(FileAccess.get_open_error())]
		)
	out.store_buffer(bytes)
	var written := out.get_error()
	out.close()
	var renamed: Error = DirAccess.rename_absolute(tmp, file_path) if written == OK else written
	if renamed != OK:
		DirAccess.remove_absolute(tmp)
		return (
			"Not saved (%s was left as it was): %s." % [file_path.get_file(), error_string(renamed)]
		)
	return ""


## Opens the editor's folder dialog under [param parent] at [param current]; a folder
## picked is given to [param picked] (a res:// path). The dialog frees itself when closed.
static func pick_folder(parent: Node, current: String, picked: Callable) -> void:
	var dialog := EditorFileDialog.new()
	dialog.file_mode = EditorFileDialog.FILE_MODE_OPEN_DIR
	dialog.access = EditorFileDialog.ACCESS_RESOURCES
	dialog.current_dir = current
	dialog.dir_selected.connect(picked)
	dialog.visibility_changed.connect(
		func() -> void:
			if not dialog.visible:
				dialog.queue_free()
	)
	parent.add_child(dialog)
	dialog.popup_file_dialog()
