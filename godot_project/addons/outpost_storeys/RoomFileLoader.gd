@tool
class_name RoomFileLoader
extends ResourceFormatLoader
## Loads `.room` files (authored rooms: `outpost rooms check` documents the format) as
## [RoomFile] resources. Registered by its class name, in the editor and in a game alike.

const EXTENSION := "room"


func _get_recognized_extensions() -> PackedStringArray:
	return PackedStringArray([EXTENSION])


func _handles_type(type: StringName) -> bool:
	return type == &"Resource"


func _get_resource_type(path: String) -> String:
	return "Resource" if path.get_extension().to_lower() == EXTENSION else ""


func _get_resource_script_class(path: String) -> String:
	return "RoomFile" if path.get_extension().to_lower() == EXTENSION else ""


func _load(path: String, _original_path: String, _sub_threads: bool, _cache_mode: int) -> Variant:
	var file := FileAccess.open(path, FileAccess.READ)
	if file == null:
		return FileAccess.get_open_error()
	var room := RoomFile.new()
	room.bytes = file.get_buffer(file.get_length())
	return room
