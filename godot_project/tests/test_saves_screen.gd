# gdlint:ignore = max-public-methods
# (A suite: one public method per test.)
extends "res://tests/suite.gd"
## The saves screen (SavesScreen, SaveSlots): the quick slot and the numbered slots (slot 1
## is the pause menu's old file), opened from the pause menu's Saves…; each row says seed,
## level, time played and date saved, "Empty", "Unreadable" or "Damaged" (Load off for
## those), each file checked whole as a load checks it; a slot whose save cannot be loaded
## (truncated, a bad checksum, a check that fails) but whose backup can says so and Load
## loads the backup, as the quick load key does; Save and Load on a row save and load that
## file, a load closing the menus; the words of a save or load name the slot ("Quick save
## (F5) saved to ...").

## The test's slots (the screen's real ones are the player's files).
const SLOTS: Array[String] = [
	"user://test_slots_quick.json", "user://test_slots_1.json", "user://test_slots_2.json"
]


## A quiet game whose saves screen lists SLOTS, all empty (their backups gone too).
func saves_game() -> OutpostGame:
	for slot in SLOTS:
		for file in [slot, slot + SaveGame.BACKUP_SUFFIX]:
			if FileAccess.file_exists(file):
				DirAccess.remove_absolute(file)
	var game := outpost_game(true)
	screen_of(game).slot_paths = SLOTS
	return game


func screen_of(game: OutpostGame) -> SavesScreen:
	return game.get_node(^"SavesScreen") as SavesScreen


## Row `index`'s button `button_name` ("Save" or "Load").
func button(game: OutpostGame, index: int, button_name: String) -> Button:
	return screen_of(game).get_node("%%Rows/Slot%d/%s" % [index, button_name]) as Button


## Opens the pause menu, then the saves screen through its Saves… button.
func open_saves(game: OutpostGame) -> void:
	game.open_pause_menu()
	(game.pause_menu.get_node(^"%SavesButton") as Button).pressed.emit()


## Writes `text` to `path`.
func write(path: String, text: String) -> void:
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(text)
	file.close()


func test_the_slots_are_the_quick_slot_and_numbered_ones_with_the_old_file_as_slot_1() -> bool:
	var paths := SaveSlots.paths()
	expect_eq(paths[0], OutpostGame.QUICK_SAVE_PATH, "the quick slot (F5 / F9) first")
	expect_eq(paths[1], OutpostGame.SAVE_PATH, "slot 1: the pause menu's old file")
	expect(paths.size() >= 4, "a few numbered slots: %s" % [paths])
	expect_eq(SaveSlots.slot_name(paths[0]), "Quick slot", "the quick slot's name")
	expect_eq(SaveSlots.slot_name(paths[2]), "Slot 2", "a numbered slot's name")
	var screen := (load("res://src/ui/saves/SavesScreen.tscn") as PackedScene).instantiate()
	add(screen)
	(screen as SavesScreen).open()
	expect_eq(
		(screen as SavesScreen).get_row_text(0).get_slice(":", 0),
		(
			"Quick slot (%s / %s)"
			% [ActionKeys.describe(&"quick_save"), ActionKeys.describe(&"quick_load")]
		),
		"listed with its keys"
	)
	expect_eq((screen as SavesScreen).get_row_text(1).get_slice(":", 0), "Slot 1", "listed")
	screen.free()
	return ok()


func test_the_pause_menu_opens_the_saves_screen_and_back_returns_to_it() -> bool:
	var game := saves_game()
	var screen := screen_of(game)
	expect(not game.pause_menu.has_node(^"%SaveButton"), "no separate Save button any more")
	open_saves(game)
	expect(screen.visible, "Saves… opens the screen")
	expect(tree.paused and game.pause_menu.visible, "over the paused game's menu")
	expect_eq(screen.get_node(^"%Rows").get_child_count(), SLOTS.size(), "a row per slot")
	(screen.get_node(^"%BackButton") as Button).pressed.emit()
	expect(not screen.visible and game.pause_menu.visible, "Back: the pause menu again")
	open_saves(game)
	press(&"pause_menu")
	expect(not screen.visible and game.pause_menu.visible, "Esc closes the screen first")
	game.close_pause_menu()
	end_game(game)
	return ok()


func test_an_empty_slot_says_so_and_cannot_be_loaded() -> bool:
	var game := saves_game()
	open_saves(game)
	for index in SLOTS.size():
		expect(screen_of(game).get_row_text(index).ends_with(": Empty"), "slot %d empty" % index)
		expect(button(game, index, "Load").disabled, "slot %d: nothing to load" % index)
		expect(not button(game, index, "Save").disabled, "slot %d: may be saved to" % index)
	end_game(game)
	return ok()


func test_saving_to_a_slot_lists_seed_level_time_and_date() -> bool:
	var game := saves_game()
	var screen := screen_of(game)
	var asked := record(screen.save_requested)
	game.loop.elapsed = 125.4
	open_saves(game)
	button(game, 1, "Save").pressed.emit()
	expect_eq(asked, [[SLOTS[1]]] as Array[Array], "save_requested with the slot's file")
	expect(FileAccess.file_exists(SLOTS[1]), "the file is written")
	var text := screen.get_row_text(1)
	var date := SaveSlots.local_date(FileAccess.get_modified_time(SLOTS[1]))
	for part in [
		"Seed %d" % game.building_seed,
		"level %d" % game.outpost_level,
		"2:05 played",
		"saved %s" % date,
	]:
		expect(text.contains(part), "'%s' in '%s'" % [part, text])
	expect(not button(game, 1, "Load").disabled, "it may be loaded now")
	expect(screen.get_node(^"%SavesStatus").visible, "the status line says so")
	expect(screen.get_row_text(0).ends_with(": Empty"), "the other slots stay empty")
	game.close_pause_menu()
	end_game(game)
	return ok()


func test_a_saved_at_key_is_the_date_shown_and_big_seeds_survive() -> bool:
	write(SLOTS[2], '{"format": 2, "seed": "9007199254740993", "level": 3, "time": 3725.0,')
	var file := FileAccess.open(SLOTS[2], FileAccess.READ_WRITE)
	file.seek_end()
	file.store_string(' "saved_at": 1773700000, "agents": []}')
	file.close()
	var text := SaveSlots.summary(SLOTS[2])
	expect(text.contains("Seed 9007199254740993"), "a seed above 2^53 as written: %s" % text)
	expect(text.contains("level 3") and text.contains("1:02:05 played"), text)
	expect(text.contains("saved " + SaveSlots.local_date(1773700000)), "saved_at: %s" % text)
	DirAccess.remove_absolute(SLOTS[2])
	return ok()


func test_a_file_without_its_header_shows_as_unreadable() -> bool:
	var game := saves_game()
	var cases: Array[String] = [
		"not json at all {",
		"[1, 2, 3]",
		'{"format": 1, "seed": "12", "level": 2}',
		'{"format": 1, "seed": "twelve", "level": 2, "time": 1.0}',
		'{"seed": "12", "level": 2, "time": 1.0}',
	]
	var screen := screen_of(game)
	open_saves(game)
	for text in cases:
		write(SLOTS[0], text)
		screen.refresh()
		expect(screen.get_row_text(0).ends_with(": Unreadable"), "'%s' is unreadable" % text)
		expect(button(game, 0, "Load").disabled, "'%s' cannot be loaded" % text)
	game.close_pause_menu()
	end_game(game)
	return ok()


func test_loading_a_slot_restores_its_game_and_closes_the_menus() -> bool:
	var game := saves_game()
	var screen := screen_of(game)
	var asked := record(screen.load_requested)
	game.loop.materials = 123.0
	expect_eq(game.save_game(SLOTS[1]), OK, "a save in slot 1")
	game.loop.materials = 5.0
	open_saves(game)
	button(game, 1, "Load").pressed.emit()
	expect_eq(asked, [[SLOTS[1]]] as Array[Array], "load_requested with the slot's file")
	expect_eq(game.get_materials(), 123.0, "the slot's game")
	expect(not screen.visible and not game.pause_menu.visible, "both menus closed")
	expect(not tree.paused, "the game runs")
	expect(game.hud.get_alert().contains("Loaded"), "the HUD says so: %s" % game.hud.get_alert())
	end_game(game)
	return ok()


func test_a_slot_whose_header_reads_but_whose_game_does_not_says_so() -> bool:
	var game := saves_game()
	write(SLOTS[1], '{"format": 1, "seed": "12", "level": 2, "time": 4.0}')
	var screen := screen_of(game)
	open_saves(game)
	expect(screen.get_row_text(1).ends_with(": Damaged: it cannot be loaded"), "damaged")
	expect(button(game, 1, "Load").disabled, "nothing to load")
	game.close_pause_menu()
	end_game(game)
	return ok()


func test_a_load_that_fails_says_why_and_stays_open() -> bool:
	var game := saves_game()
	write(SLOTS[1], '{"format": 1, "seed": "12", "level": 2, "time": 4.0}')
	var screen := screen_of(game)
	open_saves(game)
	expect_error("OutpostGame.load_game")
	screen.load_from(SLOTS[1])
	var status := screen.get_node(^"%SavesStatus") as Label
	expect(screen.visible and status.visible, "still open, with the status line")
	expect(status.text.contains("Load failed"), "says it failed: %s" % status.text)
	game.close_pause_menu()
	end_game(game)
	return ok()


## Ways a save is damaged after it was written, by name: each takes the file's text and
## the game whose save it is, and returns the damaged text.
func damages() -> Dictionary[String, Callable]:
	return {
		"truncated": _truncated,
		"a bad checksum": _bad_checksum,
		"a check that fails": _tower_on_a_wall,
	}


## Saves `game` twice in `path` (materials 55, then 66: the first is the backup), then
## damages the file with `damage`.
func save_then_damage(game: OutpostGame, path: String, damage: Callable) -> void:
	for materials: float in [55.0, 66.0]:
		game.loop.materials = materials
		expect_eq(game.save_game(path), OK, "saved with %s" % materials)
	write(path, damage.call(FileAccess.get_file_as_string(path), game))
	game.loop.materials = 7.0


func test_a_slot_that_cannot_be_loaded_says_so_and_loads_its_backup() -> bool:
	var damaged := damages()
	for name in damaged:
		var game := saves_game()
		var screen := screen_of(game)
		save_then_damage(game, SLOTS[1], damaged[name])
		open_saves(game)
		var text := screen.get_row_text(1)
		expect(text.contains(": Damaged: Load takes its backup (Seed "), "%s: %s" % [name, text])
		expect(not button(game, 1, "Load").disabled, "%s: Load is on" % name)
		expect_error("SavesScreen: .*test_slots_1.json cannot be loaded .*: loading its backup")
		button(game, 1, "Load").pressed.emit()
		expect_eq(game.get_materials(), 55.0, "%s: the backup's game" % name)
		var said := game.hud.get_alert()
		expect(said.contains("the save is damaged;\nloaded its backup"), "%s: %s" % [name, said])
		expect(not screen.visible and not tree.paused, "%s: the game runs" % name)
		end_game(game)
	return ok()


func test_a_damaged_slot_without_a_good_backup_cannot_be_loaded() -> bool:
	var damaged := damages()
	for name in damaged:
		var game := saves_game()
		game.save_game(SLOTS[1])
		write(SLOTS[1], damaged[name].call(FileAccess.get_file_as_string(SLOTS[1]), game))
		open_saves(game)
		var text := screen_of(game).get_row_text(1)
		var want := "Unreadable" if name == "truncated" else "Damaged: it cannot be loaded"
		expect(text.ends_with(": " + want), "%s: %s" % [name, text])
		expect(button(game, 1, "Load").disabled, "%s: nothing to load" % name)
		game.close_pause_menu()
		end_game(game)
	return ok()


func test_quick_load_takes_the_backup_of_a_damaged_quick_save_and_says_so() -> bool:
	for name: String in ["a bad checksum", "a check that fails"]:
		var game := saves_game()
		save_then_damage(game, SLOTS[0], damages()[name])
		expect_error(
			"OutpostGame.load_game: .*test_slots_quick.json: .*its backup .* is still there"
		)
		var said := game.saves.quick_load(SLOTS[0])
		expect_eq(game.get_materials(), 55.0, "%s: the backup's game" % name)
		expect(said.contains("the save is damaged;\nloaded its backup, saved"), said)
		end_game(game)
	var quick := SaveSlots.save_result(false, OK, SaveSlots.QUICK + SaveGame.BACKUP_SUFFIX)
	var key := ActionKeys.describe(&"quick_load")
	expect(quick.begins_with("Quick load (%s): the save is damaged;\nloaded" % key), quick)
	return ok()


func test_the_quick_load_key_takes_the_backup_of_a_damaged_quick_save() -> bool:
	# The player's own quick slot, as test_menu.gd uses the player's slots: emptied first
	# and after.
	var quick := OutpostGame.QUICK_SAVE_PATH
	var game := saves_game()
	for file in [quick, quick + SaveGame.BACKUP_SUFFIX]:
		if FileAccess.file_exists(file):
			DirAccess.remove_absolute(file)
	save_then_damage(game, quick, _tower_on_a_wall)
	expect_error("OutpostGame.load_game: .*quicksave.json: .*its backup .* is still there")
	press(&"quick_load")
	expect_eq(game.get_materials(), 55.0, "the backup's game")
	var said := game.hud.get_alert()
	var key := ActionKeys.describe(&"quick_load")
	expect(said.begins_with("Quick load (%s): the save is damaged;\nloaded its backup" % key), said)
	for file in [quick, quick + SaveGame.BACKUP_SUFFIX]:
		DirAccess.remove_absolute(file)
	end_game(game)
	return ok()


# The save cut in half: its header cannot be read.
func _truncated(text: String, _game: OutpostGame) -> String:
	return text.left(text.length() / 2)


# One character of the first floor's swarm changed: it fails its checksum.
func _bad_checksum(text: String, _game: OutpostGame) -> String:
	var data: Dictionary = JSON.parse_string(text)
	var swarm: Dictionary = data["building"]["floors"][0]["swarm"]
	var blob: String = swarm["agents"]
	var at := blob.length() / 2
	swarm["agents"] = blob.left(at) + ("B" if blob[at] == "A" else "A") + blob.substr(at + 1)
	return JSON.stringify(data)


# A tower on a wall of floor 1: the towers' check fails.
func _tower_on_a_wall(text: String, game: OutpostGame) -> String:
	var data: Dictionary = JSON.parse_string(text)
	var walls := game.building.layouts[1].get_cells_of_type(StoreyLayout.CellType.WALL)
	(data["building"]["floors"][1]["towers"] as Array).append(
		{"cell": [walls[0].x, walls[0].y], "tier": 0.0, "health": 10.0, "cooldown": 0.0}
	)
	return JSON.stringify(data)


func test_the_words_of_a_save_or_load_name_its_slot() -> bool:
	var quick := OutpostHud.save_result(true, OK, OutpostGame.QUICK_SAVE_PATH)
	expect(
		quick.begins_with("Quick save (%s) saved to" % ActionKeys.describe(&"quick_save")), quick
	)
	var loaded := OutpostHud.save_result(false, OK, OutpostGame.QUICK_SAVE_PATH)
	expect(
		loaded.begins_with("Quick load (%s) loaded" % ActionKeys.describe(&"quick_load")), loaded
	)
	var slot := OutpostHud.save_result(true, OK, SaveSlots.NUMBERED[1])
	expect(slot.begins_with("Slot 2: Saved to"), slot)
	return ok()


func test_saving_does_not_move_the_buttons() -> bool:
	var game := saves_game()
	open_saves(game)
	await tree.process_frame
	var load_button := button(game, 1, "Load")
	var before := load_button.get_global_rect()
	button(game, 1, "Save").pressed.emit()
	await tree.process_frame
	expect_eq(load_button.get_global_rect(), before, "Load stays where it was after a save")
	game.close_pause_menu()
	end_game(game)
	return ok()


func test_a_slots_whole_summary_shows_its_date_uncut() -> bool:
	var game := saves_game()
	game.building_seed = 9223372036854775807  # the longest seed
	game.loop.elapsed = 36000.0
	open_saves(game)
	button(game, 1, "Save").pressed.emit()
	await process_frames(2)
	var label := screen_of(game).get_node("%Rows").get_child(1).get_node(^"Text") as Label
	var date := SaveSlots.local_date(FileAccess.get_modified_time(SLOTS[1]))
	expect(label.text.ends_with("saved %s" % date), "the date in the text: " + label.text)
	var font := label.get_theme_font(&"font")
	var font_size := label.get_theme_font_size(&"font_size")
	var width := font.get_string_size(label.text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	if label.autowrap_mode == TextServer.AUTOWRAP_OFF:
		expect(width <= label.size.x, "one line of %.0f px in %.0f px" % [width, label.size.x])
	else:
		expect(
			label.get_line_count() <= label.get_visible_line_count(),
			"%d lines, %d shown" % [label.get_line_count(), label.get_visible_line_count()]
		)
	game.close_pause_menu()
	end_game(game)
	return ok()
