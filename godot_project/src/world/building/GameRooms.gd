class_name GameRooms
extends RefCounted
## The game's own authored rooms (`res://data/outpost/rooms/*.room`): the generation
## settings every building, the main menu's level summary and the Seed Inspector generate
## with, so that all three show the same storeys. The files are read once, through
## [RoomFile] (as an exported game reads them) and the checks of `outpost rooms check`
## ([StoreyRoomSet]): a bad template is reported with push_error naming its file and the
## reason and left out; the game goes on with the rest. Without a usable control room
## the console goes back to the largest room ([ControlRoom]), which push_warning says once.

## Where the game's room files are.
const FOLDER := "res://data/outpost/rooms/"

static var _settings: StoreyGenerationSettings


## The game's settings: the reference's, with the game's room set (read on first use).
static func settings() -> StoreyGenerationSettings:
	if _settings == null:
		_settings = settings_for(RoomFile.read_folder(FOLDER))
	return _settings


## The reference's settings with the room set of [param texts] (file name -> a `.room`
## file's text or bytes): what a saved game's rooms regenerate with, never the folder.
static func settings_for(texts: Dictionary) -> StoreyGenerationSettings:
	var out := StoreyGenerationSettings.new()
	out.room_set = StoreyRoomSet.from_texts(texts)
	var control := StoreyRoomSet.get_control_room_name()
	if not out.room_set.has_template(control):
		push_warning(
			(
				"GameRooms: no usable %s among the rooms (%s): the console goes in the largest room"
				% [control, ", ".join(out.room_set.get_names())]
			)
		)
	return out


## The game's room set: template name -> text (what a save keeps).
static func texts_by_name() -> Dictionary:
	return settings().room_set.get_texts_by_name()


## The storeys of a building of the game ([method StoreyGenerator.generate_building_with]
## the game's settings): [param storeys] above ground at [param level] from
## [param master_seed], with the UNDERGROUND storey unless [param underground] is false.
static func building(
	master_seed: int, storeys: int, level: int, underground := true
) -> Array[StoreyLayout]:
	var made: Array[StoreyLayout] = []
	made.assign(
		StoreyGenerator.generate_building_with(settings(), master_seed, storeys, level, underground)
	)
	return made
