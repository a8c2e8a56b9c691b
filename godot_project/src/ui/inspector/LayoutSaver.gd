class_name LayoutSaver
extends RefCounted
## Where and how the Seed Inspector saves a layout as a [code].tres[/code]: into a folder
## of the project ([constant PROJECT_FOLDER] by default wherever the project can be
## written, as when it runs from the editor or [code]godot --path[/code]) or of the user
## ([code]user://[/code], the default of an exported game). The folder the user picks is
## remembered in the settings file (section [constant SECTION], the file's other sections
## kept). A save into the project is announced to the editor that runs the game (the
## debugger message [constant SAVED_MESSAGE], which the Outpost plugin answers by scanning
## the project), so the layout shows in the FileSystem dock with its thumbnail.

## The project folder saves go to by default.
const PROJECT_FOLDER := "res://layouts/"
## The user's folder: the default where the project is read-only.
const USER_FOLDER := "user://"
## The settings file (the one GameSettings keeps the volumes in).
const SETTINGS_PATH := "user://settings.cfg"
## Its section for the inspector.
const SECTION := "seed_inspector"
## The debugger message a save into the project sends, with the file's path.
const SAVED_MESSAGE := "outpost:file_saved"

## Where the choice is remembered; tests point it elsewhere.
var settings_path := SETTINGS_PATH
## Called with the path of each file saved into the project (default: [method announce]).
var announcer: Callable = announce

var _folder := ""


func _init(path: String = SETTINGS_PATH) -> void:
	settings_path = path
	var file := ConfigFile.new()
	var remembered := ""
	if file.load(settings_path) == OK:
		remembered = str(file.get_value(SECTION, "save_folder", ""))
	_folder = remembered if folder_problem(remembered).is_empty() else default_folder()


## Where a save goes now: a folder path ending with "/".
func get_folder() -> String:
	return _folder


## Chooses [param folder] (res://... or user://...) and remembers it. Returns "" or why it
## is refused (the folder is kept then).
func set_folder(folder: String) -> String:
	var problem := folder_problem(folder)
	if not problem.is_empty():
		return problem
	_folder = folder if folder.ends_with("/") else folder + "/"
	var file := ConfigFile.new()
	var read := file.load(settings_path)
	if read != OK and read != ERR_FILE_NOT_FOUND:
		return "The folder is used, but %s could not be read to remember it." % settings_path
	file.set_value(SECTION, "save_folder", _folder)
	if file.save(settings_path) != OK:
		return "The folder is used, but %s could not be written to remember it." % settings_path
	return ""


## Saves [param layout] in the folder under [method file_name]. Returns its path, or "" and
## in [param problems] why not.
func save(layout: StoreyLayout, problems: PackedStringArray = []) -> String:
	var path := _folder + file_name(layout)
	var made := DirAccess.make_dir_recursive_absolute(_folder)
	if made != OK:
		problems.append("Could not make the folder %s: %s." % [_folder, error_string(made)])
		return ""
	var saved := ResourceSaver.save(layout, path)
	if saved != OK:
		problems.append("Could not save %s: %s." % [path, error_string(saved)])
		return ""
	if path.begins_with("res://") and announcer.is_valid():
		announcer.call(path)
	return path


## Why [param folder] cannot take saves ("" if it can): it must be in the project
## (res://, where the project can be written) or the user's folder (user://).
static func folder_problem(folder: String) -> String:
	if folder.begins_with("user://"):
		return ""
	if folder.begins_with("res://"):
		if project_is_writable():
			return ""
		return "The project cannot be written here (an exported game): pick a user:// folder."
	return "Pick a folder of the project (res://) or of the user (user://), not '%s'." % folder


## The default folder: [constant PROJECT_FOLDER] where the project can be written, else
## [constant USER_FOLDER].
static func default_folder() -> String:
	return PROJECT_FOLDER if project_is_writable() else USER_FOLDER


## Whether res:// is a folder on disk that saves may go to (the game runs from its project,
## not from an exported pack).
static func project_is_writable() -> bool:
	return OS.has_feature("editor")


## The file name of [param layout]: its type, depth, level and seed.
static func file_name(layout: StoreyLayout) -> String:
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	var type := int(layout.storey_type)
	var type_name: String = names[type] if type >= 0 and type < names.size() else str(type)
	return (
		"storey_%s_d%d_l%d_seed%d.tres"
		% [type_name.to_lower(), layout.storey_depth, layout.outpost_level, layout.seed_value]
	)


## Tells the editor running this game (if any) that [param path] was saved, so that its
## FileSystem dock shows it.
static func announce(path: String) -> void:
	if EngineDebugger.is_active():
		EngineDebugger.send_message(SAVED_MESSAGE, [path])
