extends "res://tests/suite.gd"
## A save never costs the previous one: the new file is written beside the target
## (NAME.tmp), every write and the close checked, the old file kept as NAME.bak and only
## then the new one renamed over it. A write refused (the temporary file cannot be made),
## or one that does not reach the disk (it goes to /dev/full), leaves the old save as it
## was; an unreadable save says that its backup is there, and the saves screen loads the
## backup instead. No number the HUD shows is negative.

const DIR := "user://test_save_file/"


func target(name: String) -> String:
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(DIR))
	return ProjectSettings.globalize_path(DIR + name + ".json")


func clean(path: String) -> void:
	for suffix: String in ["", SaveGame.TEMP_SUFFIX, SaveGame.BACKUP_SUFFIX]:
		var file := path + suffix
		if DirAccess.dir_exists_absolute(file):
			DirAccess.remove_absolute(file)
		elif FileAccess.file_exists(file) or _is_link(file):
			DirAccess.remove_absolute(file)


func _is_link(path: String) -> bool:
	var dir := DirAccess.open(path.get_base_dir())
	return dir != null and dir.is_link(path.get_file())


func test_a_refused_write_leaves_the_previous_save_intact() -> bool:
	var game := outpost_game(true, null, 20260316)
	var path := target("refused")
	clean(path)
	expect_eq(game.save_game(path), OK, "the first save")
	var before := FileAccess.get_file_as_string(path)
	DirAccess.make_dir_absolute(path + SaveGame.TEMP_SUFFIX)
	game.loop.materials = 777.0
	expect_error("SaveGame.save: cannot write .*refused.json")
	expect(game.save_game(path) != OK, "the second save fails")
	expect_eq(FileAccess.get_file_as_string(path), before, "the old save, byte for byte")
	expect_eq(game.load_game(path), OK, "and it still loads")
	expect(game.get_materials() != 777.0, "the game it held")
	clean(path)
	end_game(game)
	return ok()


func test_a_write_that_does_not_reach_the_disk_leaves_the_previous_save_intact() -> bool:
	var game := outpost_game(true, null, 20260316)
	var path := target("full")
	clean(path)
	expect_eq(game.save_game(path), OK, "the first save")
	var before := FileAccess.get_file_as_string(path)
	var linked := OS.execute("ln", ["-s", "/dev/full", path + SaveGame.TEMP_SUFFIX]) == 0
	expect(linked, "NAME.tmp is the full device")
	expect_error("SaveGame.save: cannot write .*full.json")
	expect(game.save_game(path) != OK, "the save onto a full disk fails")
	expect_eq(FileAccess.get_file_as_string(path), before, "the old save, byte for byte")
	clean(path)
	end_game(game)
	return ok()


func test_a_save_keeps_the_previous_file_as_its_backup() -> bool:
	var game := outpost_game(true, null, 20260316)
	var path := target("backup")
	clean(path)
	expect_eq(game.save_game(path), OK, "the first save")
	var first := FileAccess.get_file_as_string(path)
	expect_eq(SaveGame.backup_of(path), "", "no backup of a first save")
	game.loop.materials = 321.0
	expect_eq(game.save_game(path), OK, "the second save")
	expect_eq(SaveGame.backup_of(path), path + SaveGame.BACKUP_SUFFIX, "a backup now")
	expect_eq(FileAccess.get_file_as_string(path + SaveGame.BACKUP_SUFFIX), first, "the first")
	expect(not FileAccess.file_exists(path + SaveGame.TEMP_SUFFIX), "no temporary file left")
	clean(path)
	end_game(game)
	return ok()


func test_an_unreadable_save_offers_its_backup_and_the_saves_screen_loads_it() -> bool:
	var game := outpost_game(true, null, 20260316)
	var path := target("broken")
	clean(path)
	game.loop.materials = 55.0
	expect_eq(game.save_game(path), OK, "a good save")
	game.loop.materials = 66.0
	expect_eq(game.save_game(path), OK, "a second save: the first is the backup")
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string('{"format": 3, "building": ')
	file.close()
	expect_error("OutpostGame.load_game: .*broken.json: is not JSON.*its backup .*broken.json.bak")
	expect_eq(game.load_game(path), ERR_PARSE_ERROR, "the broken file is refused")
	expect(
		SaveSlots.summary(path).contains("backup"), "the slot says so: %s" % SaveSlots.summary(path)
	)
	expect_eq(SavesScreen.load_source(path), path + SaveGame.BACKUP_SUFFIX, "Load reads the backup")
	expect_eq(game.saves.load_from(SavesScreen.load_source(path)), OK, "the backup loads")
	expect_eq(game.get_materials(), 55.0, "the backup's game")
	clean(path)
	end_game(game)
	return ok()


func test_the_hud_never_shows_a_negative_amount() -> bool:
	var game := outpost_game(true, null, 20260316)
	for value in [-5.0, 1e308, INF, NAN]:
		game.loop.ledger.materials = value
		game.hud.show_materials(value, 0.0, 0.0, 0.0)
		var text: String = (game.hud.get_node(^"%MaterialsLabel") as Label).text
		expect(not text.contains("-"), "materials %s shows as %s" % [value, text])
	expect_eq(GameText.amount(-3.0), 0, "below 0 shows 0")
	expect_eq(GameText.amount(1e308), int(StateCheck.HUGE), "past the bound shows the bound")
	game.loop.ledger.materials = 0.0
	end_game(game)
	return ok()
