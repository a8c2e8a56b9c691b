@tool
class_name RoomFile
extends Resource
## An authored room's `.room` file, as [RoomFileLoader] reads it: its bytes, untouched, so
## that [StoreyRoomSet] checks exactly what `outpost rooms check` checks (a byte-order mark
## or bad UTF-8 is refused there, not hidden here). Loading `.room` files through
## [method load] is what brings them into an exported game: the exporter packs every file
## a resource loader recognises.

## The file's bytes.
@export var bytes := PackedByteArray()


## The file's text (UTF-8).
func get_text() -> String:
	return bytes.get_string_from_utf8()


## The `.room` files of [param folder] (a res:// folder, not its subfolders), file name
## -> bytes, read through [method load] (so an exported game reads them as the editor
## does), for [method StoreyRoomSet.from_texts]. A file that cannot be loaded is reported
## with push_error and left out; a folder that does not exist gives nothing.
static func read_folder(folder: String) -> Dictionary:
	var out := {}
	var files := ResourceLoader.list_directory(folder)
	files.sort()
	for file in files:
		if file.get_extension() != "room":
			continue
		var path := folder.path_join(file)
		var room := load(path) as RoomFile
		if room == null:
			push_error("RoomFile: cannot load %s" % path)
			continue
		out[file] = room.bytes
	return out
