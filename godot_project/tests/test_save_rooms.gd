extends "res://tests/suite.gd"
## Saves carry the rooms their building was made with (format 4: building.rooms, template
## name -> text): a load regenerates from those texts, never from the game's folder, so
## editing a room later changes no saved game; a text that fails the room checks, or
## stands under another room's name, is refused with the game untouched; the console
## stands on the designed control room's `c` in the game.

const SAVE := "user://test_save_rooms.json"
const VAULT := "name: vault\nstoreys: UNDERGROUND\ndepth: 2-\nmap:\n#+###\n#..B#\n#####\n"


## The file at SAVE as a Dictionary.
func saved() -> Dictionary:
	return JSON.parse_string(FileAccess.get_file_as_string(SAVE))


## Writes [param data] over SAVE.
func write(data: Dictionary) -> void:
	var file := FileAccess.open(SAVE, FileAccess.WRITE)
	file.store_string(JSON.stringify(data, "\t", false, true))
	file.close()


func test_the_games_console_stands_on_the_control_rooms_marker() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	var underground: StoreyLayout = game.building.layouts[0]
	var placed := ControlRoom.designed(underground)
	expect(not placed.is_empty(), "the designed control room")
	var console: ConsoleObject = game.building.get_storey(0).get_console()
	expect_eq(console.cell, (placed["markers"]["c"] as Array)[0] as Vector2i, "on its c")
	end_game(game)
	return ok()


func test_a_save_keeps_the_rooms_the_building_was_made_with() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	expect_eq(game.save_game(SAVE), OK, "saved")
	var rooms: Dictionary = saved()["building"]["rooms"]
	expect_eq(rooms, GameRooms.texts_by_name(), "the game's rooms, name -> text")
	expect(rooms.has("control_room"), "the control room among them")
	end_game(game)
	return ok()


func test_a_load_regenerates_from_the_saved_rooms_not_the_folder() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	expect_eq(game.save_game(SAVE), OK, "saved")
	var state := game.get_state()
	var hash_before := game.get_state_hash()
	end_game(game)
	# The game's rooms change after the save (a designer edited the folder): here a set of
	# one vault stands in for them.
	expect_error("GameRooms: no usable control_room")
	GameRooms._settings = GameRooms.settings_for({"vault.room": VAULT})
	var again := outpost_game(true, null, 1, 2)
	var loaded := again.load_game(SAVE)
	GameRooms._settings = null
	expect_eq(loaded, OK, "loads")
	expect_eq(again.get_state(), state, "the game that was saved")
	expect_eq(again.get_state_hash(), hash_before, "its hash")
	expect(not ControlRoom.designed(again.building.layouts[0]).is_empty(), "its control room")
	end_game(again)
	return ok()


func test_a_saved_room_that_fails_its_checks_is_refused_naming_it() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	expect_eq(game.save_game(SAVE), OK, "saved")
	var data := saved()
	var text: String = data["building"]["rooms"]["control_room"]
	data["building"]["rooms"]["control_room"] = text.replace("#...c...#", "#.......#")
	write(data)
	var before := game.get_state_hash()
	expect_error("building.rooms.control_room, line 5: the control_room has 0 `c` marker")
	expect_eq(game.load_game(SAVE), ERR_INVALID_DATA, "refused")
	expect_eq(game.get_state_hash(), before, "the game untouched")
	end_game(game)
	return ok()


func test_a_saved_room_under_another_rooms_name_is_refused() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	expect_eq(game.save_game(SAVE), OK, "saved")
	var data := saved()
	var rooms: Dictionary = data["building"]["rooms"]
	rooms["attic"] = rooms["archive"]
	rooms.erase("archive")
	write(data)
	expect_error("building.rooms names attic, .* but holds the rooms archive, ")
	expect_eq(game.load_game(SAVE), ERR_INVALID_DATA, "refused")
	end_game(game)
	return ok()


func test_a_format_4_building_without_its_rooms_is_refused() -> bool:
	var game := outpost_game(true, null, 4242, 2)
	expect_eq(game.save_game(SAVE), OK, "saved")
	var data := saved()
	(data["building"] as Dictionary).erase("rooms")
	write(data)
	expect_error("building.rooms is missing")
	expect_eq(game.load_game(SAVE), ERR_INVALID_DATA, "refused")
	end_game(game)
	return ok()
