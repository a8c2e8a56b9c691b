# gdlint:ignore = max-public-methods
extends "res://tests/suite.gd"
## The main menu (src/game/main_menu.tscn, MainMenu) is the main scene; its dev button shows
## only when the flag says so and opens the Seed Inspector; Play starts the game with the
## seed and outpost level shown (a seed that is no number is refused), Random picks one.

const MENU := preload("res://src/game/main_menu.tscn")
const RULES := preload("res://data/outpost/outpost_rules.tres")


## A menu under the root; `show_dev` (if not null) is set before it enters the tree.
func menu(show_dev: Variant = null) -> MainMenu:
	var m: MainMenu = MENU.instantiate()
	m.settings_path = TEST_SETTINGS
	if show_dev != null:
		m.show_dev_tools = show_dev
	add(m)
	return m


## The path the main scene setting points at, resolving a uid:// path.
func main_scene_path() -> String:
	var path: String = ProjectSettings.get_setting("application/run/main_scene", "")
	if path.begins_with("uid://"):
		path = ResourceUID.get_id_path(ResourceUID.text_to_id(path))
	return path


func test_dev_tools_flag_defaults_to_a_debug_build() -> bool:
	var m := menu()
	expect_eq(m.show_dev_tools, OS.is_debug_build(), "default flag")
	expect_eq((m.get_node("%DevButton") as Button).visible, OS.is_debug_build(), "visible")
	m.free()
	return ok()


func test_dev_button_hidden_when_the_flag_is_off() -> bool:
	var m := menu(false)
	var button: Button = m.get_node("%DevButton")
	expect(not button.visible, "hidden when set off before entering the tree")
	m.show_dev_tools = true
	expect(button.visible, "shown when set on later")
	m.show_dev_tools = false
	expect(not button.visible, "hidden when set off later")
	expect_eq(button.text, "[DEV] Seed Inspector", "the inspector's one name")
	m.free()
	return ok()


func test_dev_button_shown_when_the_flag_is_on() -> bool:
	var m := menu(true)
	expect((m.get_node("%DevButton") as Button).visible, "shown")
	m.free()
	return ok()


func test_dev_button_opens_the_seed_inspector() -> bool:
	var m := menu(true)
	var opened: Array[String] = []
	m.scene_changer = func(path: String) -> void: opened.append(path)
	(m.get_node("%DevButton") as Button).pressed.emit()
	expect_eq(opened, ["res://src/game/outpost_test.tscn"] as Array[String], "opens")
	m.free()
	var inspector: PackedScene = load(MainMenu.INSPECTOR_SCENE)
	var root := inspector.instantiate()
	expect(root is SeedInspector, "the inspector scene's root is a SeedInspector")
	root.free()
	return ok()


func test_dev_button_changes_the_current_scene_to_the_seed_inspector() -> bool:
	var m := menu(true)
	tree.current_scene = m
	(m.get_node("%DevButton") as Button).pressed.emit()
	await process_frames(2)
	var scene := tree.current_scene
	expect(not is_instance_valid(m), "the menu was freed")
	expect(scene is SeedInspector, "current scene: %s" % scene)
	if scene != null:
		expect_eq(scene.scene_file_path, MainMenu.INSPECTOR_SCENE, "scene file")
		expect((scene as SeedInspector).layout != null, "it shows a storey")
		scene.free()
	return ok()


func test_play_starts_the_game_with_the_seed_and_level_shown() -> bool:
	var m := menu()
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	expect_eq((m.get_node("%SeedEdit") as LineEdit).text, "20260316", "the game's seed by default")
	(m.get_node("%SeedEdit") as LineEdit).text = "-9000000000000123"
	var levels := m.get_node("%LevelOption") as OptionButton
	expect_eq(levels.item_count, 4, "levels 1-4")
	levels.select(levels.get_item_index(3))
	(m.get_node("%PlayButton") as Button).pressed.emit()
	if expect_eq(started.size(), 1, "Play started a game"):
		expect_eq(started[0].building_seed, -9000000000000123, "its seed")
		expect_eq(started[0].outpost_level, 3, "its level")
		expect_eq(started[0].scene_file_path, MainMenu.GAME_SCENE, "the game scene")
		started[0].free()
	m.free()
	return ok()


func test_play_changes_the_current_scene_to_that_game() -> bool:
	var m := menu()
	tree.current_scene = m
	(m.get_node("%SeedEdit") as LineEdit).text = "4242"
	(m.get_node("%PlayButton") as Button).pressed.emit()
	await process_frames(2)
	var scene := tree.current_scene
	expect(not is_instance_valid(m), "the menu was freed")
	expect(scene is OutpostGame, "current scene: %s" % scene)
	if scene is OutpostGame:
		expect_eq((scene as OutpostGame).building_seed, 4242, "the seed typed")
		expect((scene as OutpostGame).building.get_storey_count() > 0, "a building")
		scene.free()
	return ok()


func test_a_seed_that_is_not_a_number_is_refused_in_the_menu() -> bool:
	var m := menu()
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	(m.get_node("%SeedEdit") as LineEdit).text = "twelve"
	expect(not m.play(), "refused")
	expect_eq(started.size(), 0, "no game")
	var error := m.get_node("%SeedError") as Label
	expect(error.visible and error.text.contains("whole number"), "says why: %s" % error.text)
	m.free()
	return ok()


## Types `text` into the focused field, one key event per character, through the root
## viewport (as a keyboard would).
func _type_text(text: String) -> void:
	for c in text:
		for pressed in [true, false]:
			var event := InputEventKey.new()
			event.keycode = OS.find_keycode_from_string(c)
			event.unicode = c.unicode_at(0)
			event.pressed = pressed
			tree.root.push_input(event, true)


func test_a_seed_too_large_is_said_in_place_and_nothing_moves() -> bool:
	var m := menu()
	await process_frames(2)
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	var edit := m.get_node("%SeedEdit") as LineEdit
	var play := m.get_node("%PlayButton") as Button
	var info := m.get_node("%LevelInfo") as Label
	var before := play.get_global_rect()
	var summary := info.text
	edit.grab_focus()
	edit.select_all()
	_type_text("99999999999999999999999")
	await process_frames(2)
	expect_eq(edit.text, "99999999999999999999999", "typed")
	var error := m.get_node("%SeedError") as Label
	expect(error.text.contains("too large"), "said in place: %s" % error.text)
	expect(play.disabled, "Play is off")
	expect_eq(play.get_global_rect(), before, "Play did not move")
	expect(info.visible and info.text == summary, "the level's summary stays")
	key(KEY_ENTER)
	expect(not m.play(), "and nothing starts")
	expect_eq(started.size(), 0, "no game")
	m.free()
	return ok()


## A game saved in slot `slot` (0: the quick slot) with `materials`.
func _saved_game(slot: int, materials: float) -> void:
	var game := outpost_game(true, null, 4242 + slot)
	game.loop.materials = materials
	expect_eq(game.save_game(SaveSlots.paths()[slot]), OK, "saved in slot %d" % slot)
	end_game(game)


func _remove_saves() -> void:
	for path in SaveSlots.paths():
		for file in [path, path + SaveGame.BACKUP_SUFFIX]:
			if FileAccess.file_exists(file):
				DirAccess.remove_absolute(ProjectSettings.globalize_path(file))


## Every slot emptied, then slot `slot` saved twice (with `materials`, then more: the first
## save is its backup) and its file damaged, its header still readable (a check that
## fails: negative materials). Its path.
func _damaged_with_a_backup(slot: int, materials: float) -> String:
	_remove_saves()
	_saved_game(slot, materials)
	_saved_game(slot, materials + 111.0)
	var path := SaveSlots.paths()[slot]
	var data: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(path))
	data["ledger"]["materials"] = -5.0
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(JSON.stringify(data))
	file.close()
	return path


func test_continue_starts_the_newest_save_with_a_real_click() -> bool:
	_remove_saves()
	var empty := menu()
	expect((empty.get_node("%ContinueButton") as Button).disabled, "no save: Continue is off")
	expect((empty.get_node("%LoadButton") as Button).disabled, "nor Load")
	empty.free()
	_saved_game(2, 222.0)
	await tree.create_timer(1.1).timeout
	_saved_game(1, 111.0)
	var m := menu()
	await process_frames(2)
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	var button := m.get_node("%ContinueButton") as Button
	expect(not button.disabled, "Continue is on")
	click(button.get_global_rect().get_center())
	if expect_eq(started.size(), 1, "Continue started a game"):
		expect_eq(started[0].start_save, SaveSlots.paths()[1], "the newest save")
		add(started[0])
		expect_eq(started[0].get_materials(), 111.0, "its game")
		end_game(started[0])
	m.free()
	_remove_saves()
	return ok()


func test_load_lists_the_saves_and_starts_the_one_chosen() -> bool:
	_remove_saves()
	_saved_game(3, 333.0)
	var m := menu()
	await process_frames(2)
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	click((m.get_node("%LoadButton") as Button).get_global_rect().get_center())
	await process_frames(2)
	var saves := m.get_node("%Saves") as SavesScreen
	expect(saves.visible, "the saves show")
	var row := saves.get_node("%Rows").get_child(3)
	expect(not (row.get_node(^"Save") as Button).visible, "no Save buttons in the menu")
	click((row.get_node(^"Load") as Button).get_global_rect().get_center())
	if expect_eq(started.size(), 1, "Load started a game"):
		add(started[0])
		expect_eq(started[0].get_materials(), 333.0, "slot 3's game")
		end_game(started[0])
	m.free()
	_remove_saves()
	return ok()


func test_load_changes_the_scene_to_the_saved_game_without_an_error() -> bool:
	_remove_saves()
	_saved_game(3, 333.0)
	var m := menu()
	tree.current_scene = m
	await process_frames(2)
	click((m.get_node("%LoadButton") as Button).get_global_rect().get_center())
	await process_frames(2)
	var row := (m.get_node("%Saves") as SavesScreen).get_node("%Rows").get_child(3)
	# The scene changes at once: the menu leaves the tree before the saves screen closes.
	click((row.get_node(^"Load") as Button).get_global_rect().get_center())
	await process_frames(2)
	var scene := tree.current_scene
	expect(scene is OutpostGame, "current scene: %s" % scene)
	if scene is OutpostGame:
		expect_eq((scene as OutpostGame).get_materials(), 333.0, "slot 3's game")
		end_game(scene as OutpostGame)
	_remove_saves()
	return ok()


func test_load_offers_the_backup_of_a_save_that_cannot_be_loaded() -> bool:
	var path := _damaged_with_a_backup(3, 333.0)
	var m := menu()
	await process_frames(2)
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	click((m.get_node("%LoadButton") as Button).get_global_rect().get_center())
	await process_frames(2)
	var saves := m.get_node("%Saves") as SavesScreen
	var text := saves.get_row_text(3)
	expect(text.contains("Damaged: Load takes its backup (Seed 4245"), "slot 3 says so: %s" % text)
	var row := saves.get_node("%Rows").get_child(3)
	expect_error("SavesScreen: .*save_3.json cannot be loaded .*ledger.materials is -5")
	click((row.get_node(^"Load") as Button).get_global_rect().get_center())
	if expect_eq(started.size(), 1, "Load started a game"):
		expect_eq(started[0].start_save, path + SaveGame.BACKUP_SUFFIX, "from the backup")
		add(started[0])
		expect_eq(started[0].get_materials(), 333.0, "the backup's game")
		end_game(started[0])
	m.free()
	_remove_saves()
	return ok()


func test_continue_takes_the_backup_of_a_newest_save_that_cannot_be_loaded_and_says_so() -> bool:
	var path := _damaged_with_a_backup(2, 222.0)
	var m := menu()
	await process_frames(2)
	var started: Array[OutpostGame] = []
	m.game_starter = func(game: OutpostGame) -> void: started.append(game)
	var tip := (m.get_node("%ContinueButton") as Button).tooltip_text
	expect(tip.begins_with("Damaged: Load takes its backup (Seed 4244"), "its tooltip: %s" % tip)
	expect(m.continue_game(), "Continue started a game")
	if expect_eq(started.size(), 1, "one game"):
		expect_eq(started[0].start_save, path + SaveGame.BACKUP_SUFFIX, "from the backup")
		add(started[0])
		expect_eq(started[0].get_materials(), 222.0, "the backup's game")
		var said := started[0].hud.get_alert()
		expect(said.contains("the save is damaged;\nloaded its backup"), "it says so: %s" % said)
		end_game(started[0])
	m.free()
	_remove_saves()
	return ok()


func test_random_puts_a_new_seed_in_the_field() -> bool:
	var m := menu()
	var edit := m.get_node("%SeedEdit") as LineEdit
	var seen := {}
	for i in 5:
		(m.get_node("%RandomButton") as Button).pressed.emit()
		expect(edit.text.is_valid_int(), "a number: %s" % edit.text)
		seen[edit.text] = true
	expect(seen.size() >= 4, "new seeds: %s" % [seen.keys()])
	m.free()
	return ok()


func test_main_scene_is_the_menu() -> bool:
	expect_eq(main_scene_path(), "res://src/game/main_menu.tscn", "application/run/main_scene")
	return ok()


func test_main_scene_runs_300_frames_without_errors_or_warnings() -> bool:
	var scene: PackedScene = load(main_scene_path())
	var root: Node = add(scene.instantiate())
	await process_frames(300)
	expect(root is MainMenu, "the main scene is the menu")
	root.free()
	return ok()


func test_the_menu_says_what_the_chosen_level_means_from_the_rules() -> bool:
	var m := menu()
	var info := m.get_node("%LevelInfo") as Label
	var option := m.get_node("%LevelOption") as OptionButton
	var seed_edit := m.get_node("%SeedEdit") as LineEdit
	seed_edit.text = "777"
	seed_edit.text_changed.emit(seed_edit.text)
	var rules := RULES
	var texts: Array[String] = []
	for level in [1, 4]:
		option.select(option.get_item_index(level))
		option.item_selected.emit(option.selected)
		var text := info.text
		texts.append(text)
		expect(info.visible, "level %d: shown" % level)
		var layouts := StoreyGenerator.generate_building(777, 3, level, true)
		var entries := 0
		var sending := 0
		var drones := 0
		var interval := INF
		var first := INF
		for layout: StoreyLayout in layouts:
			var wave := rules.wave_profile_for(layout.storey_depth, level)
			var n := layout.entry_cells.size()
			if n == 0:
				continue
			entries += n
			sending += rules.sending_entries(n, level)
			drones += rules.sending_entries(n, level) * wave.drones_per_wave
			interval = minf(interval, wave.wave_interval)
			first = minf(first, wave.first_spawn_delay)
		for part in [
			"Level %d" % level,
			"%d storeys" % layouts.size(),
			"%d entries, %d send waves" % [entries, sending],
			"every %d s" % roundi(interval),
			"the first at %d s" % roundi(first),
			"The first wave: %d drones" % drones,
		]:
			expect(text.contains(part), "level %d: names '%s' in '%s'" % [level, part, text])
	expect(texts[0] != texts[1], "levels 1 and 4 read differently")
	seed_edit.text = "twelve"
	seed_edit.text_changed.emit(seed_edit.text)
	expect(info.visible and info.modulate.a < 1.0, "the summary stays, dimmed, for no number")
	expect((m.get_node("%SeedError") as Label).text.contains("whole number"), "the line says why")
	m.free()
	return ok()


func test_the_level_summary_follows_the_rules() -> bool:
	var rules := RULES.duplicate(true) as OutpostRules
	var before := LevelSummary.measure(777, 2, 3, rules)
	rules.base_wave.drones_per_wave += 2
	rules.base_wave.wave_interval += 10.0
	var after := LevelSummary.measure(777, 2, 3, rules)
	expect_eq(after.drones, before.drones + 2 * before.sending, "two more drones an entry")
	expect_eq(after.interval, before.interval + 10.0, "ten seconds more between waves")
	expect(
		LevelSummary.describe(777, 2, 3, rules) != LevelSummary.describe(777, 2, 3, RULES),
		"the words change with the rules"
	)
	return ok()


func test_the_menu_shows_the_level_last_played() -> bool:
	DirAccess.remove_absolute(TEST_SETTINGS)
	var first := menu()
	var levels := first.get_node("%LevelOption") as OptionButton
	var default_level := levels.get_selected_id()
	var other := 3 if default_level != 3 else 2
	first.game_starter = func(game: OutpostGame) -> void: game.free()
	levels.select(levels.get_item_index(other))
	expect(first.play(), "played")
	first.free()
	var again := menu()
	var shown := (again.get_node("%LevelOption") as OptionButton).get_selected_id()
	expect_eq(shown, other, "the level last played (the default is %d)" % default_level)
	again.free()
	DirAccess.remove_absolute(TEST_SETTINGS)
	return ok()
