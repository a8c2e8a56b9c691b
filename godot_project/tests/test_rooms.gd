extends "res://tests/suite.gd"
## Authored rooms in the engine: the game's set (`res://data/outpost/rooms/`) loads through
## the `.room` resource loader an exported game uses and passes every check; buildings,
## the Seed Inspector and the level summary generate with it; the console stands on the
## control room's `c`; a bad template costs its room, never the game; placed rooms survive
## a `.tres` and are validated.

const VAULT := "name: vault\nstoreys: UNDERGROUND\ndepth: 2-\nmap:\n#+###\n#..B#\n#####\n"
const BAD := "name: bad\nstoreys: UNDERGROUND\nweight: 0\nmap:\n#+#\n#.#\n###\n"


func test_the_games_rooms_load_through_the_room_resource_loader() -> bool:
	var room := load(GameRooms.FOLDER.path_join("control_room.room"))
	expect(room is RoomFile, "a .room file loads as a RoomFile: %s" % room)
	var texts := RoomFile.read_folder(GameRooms.FOLDER)
	expect(texts.size() >= 4, "%d room files" % texts.size())
	for file: String in texts:
		expect(file.ends_with(".room"), file)
		expect(texts[file] is PackedByteArray, "%s read as its bytes" % file)
	expect_eq(StoreyRoomSet.check_texts(texts), [] as Array[Dictionary], "no error, no warning")
	return ok()


func test_the_games_set_covers_every_storey_type_and_holds_the_control_room() -> bool:
	var rooms := GameRooms.settings().room_set
	expect(rooms.has_template("control_room"), "the control room")
	var types := {}
	for name in rooms.get_names():
		var text := rooms.get_template_text(name)
		for line in text.split("\n"):
			if line.begins_with("storeys:"):
				for t in line.trim_prefix("storeys:").split(","):
					types[t.strip_edges()] = true
	expect_eq(types.keys().size(), 3, "storey types %s" % [types.keys()])
	return ok()


func test_the_console_stands_on_the_control_rooms_marker_in_20_buildings() -> bool:
	for i in 20:
		var storeys := StoreyGenerator.generate_building_with(
			GameRooms.settings(), 1000 + i * 7919, 1 + i % 6, 1 + i % 4, true
		)
		if not expect(not storeys.is_empty(), "building %d" % i):
			continue
		var underground: StoreyLayout = storeys[0]
		var placed := ControlRoom.designed(underground)
		if not expect(not placed.is_empty(), "building %d has its control room" % i):
			continue
		var marker: Array = placed["markers"]["c"]
		expect_eq(marker.size(), 1, "one console marker")
		expect_eq(ControlRoom.console_cell(underground), marker[0] as Vector2i, "console %d" % i)
		expect_eq(ControlRoom.room(underground), placed["rect"] as Rect2i, "the room's rect")
		expect_eq(
			underground.get_cell(marker[0]), StoreyLayout.CellType.EMPTY, "the console's cell"
		)
	return ok()


func test_a_bad_template_is_left_out_with_an_error_naming_its_file() -> bool:
	expect_error("bad.room:3: error: weight: 0 is outside 1")
	var rooms := StoreyRoomSet.from_texts({"vault.room": VAULT, "bad.room": BAD})
	expect_eq(rooms.get_names(), PackedStringArray(["vault"]), "the good template stays")
	var problems := rooms.get_problems()
	expect_eq(problems.size(), 1, "one message")
	expect_eq(problems[0]["file"], "bad.room", "naming the file")
	expect_eq(problems[0]["line"], 3, "and the line")
	var settings := StoreyGenerationSettings.new()
	settings.room_set = rooms
	var layout := StoreyGenerator.generate_with(settings, 5, 3, 2, Vector2i(-1, -1), 2)
	expect(layout != null, "the game goes on with the rest")
	return ok()


func test_without_a_control_room_the_console_goes_in_the_largest_room_said_once() -> bool:
	expect_error("GameRooms: no usable control_room among the rooms \\(vault\\)")
	var settings := GameRooms.settings_for({"vault.room": VAULT})
	var storeys := StoreyGenerator.generate_building_with(settings, 31, 2, 2, true)
	var underground: StoreyLayout = storeys[0]
	expect(ControlRoom.designed(underground).is_empty(), "no designed control room")
	var largest := Rect2i()
	for r in underground.rooms:
		if r.get_area() > largest.get_area():
			largest = r
	expect_eq(ControlRoom.room(underground), largest, "the largest room")
	expect(largest.has_point(ControlRoom.console_cell(underground)), "the console in it")
	return ok()


func test_a_saved_game_regenerates_from_its_texts_not_the_folder() -> bool:
	var texts := GameRooms.texts_by_name()
	var from_save := GameRooms.settings_for(texts)
	var a := StoreyGenerator.generate_building_with(GameRooms.settings(), 404, 3, 2, true)
	var b := StoreyGenerator.generate_building_with(from_save, 404, 3, 2, true)
	expect_eq(b.size(), a.size(), "the same storeys")
	for i in a.size():
		expect(a[i].is_equal_to(b[i]), "storey %d" % i)
	return ok()


func test_placed_rooms_survive_a_tres() -> bool:
	var layout := StoreyGenerator.generate_with(GameRooms.settings(), 21, 4, 2, Vector2i(-1, -1), 2)
	expect(not layout.placed_rooms.is_empty(), "rooms placed")
	var path := "user://test_rooms_layout.tres"
	expect_eq(ResourceSaver.save(layout, path), OK, "saved")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as StoreyLayout
	expect(back != null and back.is_equal_to(layout), "loads back equal")
	expect_eq(back.placed_rooms.size(), layout.placed_rooms.size(), "every room")
	var first: Dictionary = back.placed_rooms[0]
	for key in ["name", "rect", "transform", "doorways", "markers"]:
		expect(first.has(key), "a room's %s" % key)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()


func test_a_bad_placed_room_is_a_data_error_naming_its_key() -> bool:
	var layout := StoreyGenerator.generate(21, 4, 2)
	layout.placed_rooms.append({"name": 3})
	expect(
		layout.get_data_error().contains("placed_rooms[0].name is not a String"),
		layout.get_data_error()
	)
	return ok()


func test_validate_with_the_set_catches_a_room_that_moved() -> bool:
	var settings := GameRooms.settings()
	var layout := StoreyGenerator.generate_with(settings, 21, 4, 2, Vector2i(-1, -1), 2)
	expect(StoreyValidator.validate_with(layout, settings).ok, "generated: valid")
	var moved: Dictionary = layout.placed_rooms[0].duplicate(true)
	var rect: Rect2i = moved["rect"]
	moved["rect"] = Rect2i(rect.position + Vector2i(1, 0), rect.size)
	layout.placed_rooms[0] = moved
	expect_eq(StoreyValidator.validate_with(layout, settings).rule, "rooms_intact", "moved")
	expect(StoreyValidator.validate(layout).ok, "without the set the other rules hold")
	return ok()


func test_the_seed_inspector_generates_with_the_games_rooms() -> bool:
	var inspector := InspectorSettings.new()
	inspector.seed_value = 21
	inspector.storey_depth = 4
	inspector.outpost_level = 2
	inspector.storey_type = StoreyLayout.StoreyType.UNDERGROUND
	var shown := inspector.generate()
	expect(not ControlRoom.designed(shown).is_empty(), "the inspector's underground")
	var game := StoreyGenerator.generate_with(GameRooms.settings(), 21, 4, 2, Vector2i(-1, -1), 2)
	expect(shown.is_equal_to(game), "the inspector shows the game's storey")
	return ok()
