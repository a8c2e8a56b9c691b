extends "res://tests/suite.gd"
## The settings (GameSettings: a volume per bus in user://settings.cfg) and the options
## screen (OptionsMenu) from the main menu and the pause menu. Tests use a settings file of
## their own and put the buses back as the GameSettings autoload has them.

const MENU_SCENE := preload("res://src/game/main_menu.tscn")
const OPTIONS_SCENE := preload("res://src/ui/options/OptionsMenu.tscn")
const Settings := preload("res://src/core/settings/GameSettings.gd")
const AUDIO_SETTINGS := "user://test_audio_settings.cfg"


## Frees `game` and unpauses the tree (a defeat pauses it).
func _done(game: OutpostGame) -> void:
	game.free()
	tree.paused = false


## Settings of their own, in AUDIO_SETTINGS (no file yet), not in the tree.
func _own_settings() -> Settings:
	_remove_own_settings()
	var settings := Settings.new()
	settings.path = AUDIO_SETTINGS
	return settings


## Removes AUDIO_SETTINGS and puts the buses back as the GameSettings autoload has them.
func _remove_own_settings() -> void:
	if FileAccess.file_exists(AUDIO_SETTINGS):
		DirAccess.remove_absolute(ProjectSettings.globalize_path(AUDIO_SETTINGS))
	(tree.root.get_node(^"GameSettings") as Settings).apply()


func _write_test_settings(text: String) -> void:
	var file := FileAccess.open(AUDIO_SETTINGS, FileAccess.WRITE)
	file.store_string(text)
	file.close()


func _bus_db(bus: StringName) -> float:
	return AudioServer.get_bus_volume_db(AudioServer.get_bus_index(bus))


func test_settings_round_trip_through_their_file_and_apply_to_the_buses() -> bool:
	expect_eq(Settings.PATH, "user://settings.cfg", "where the settings live")
	var settings := _own_settings()
	expect(settings.set_volume(&"SFX", 0.25), "set")
	expect(is_equal_approx(_bus_db(&"SFX"), linear_to_db(0.25)), "applied: %s dB" % _bus_db(&"SFX"))
	var config := ConfigFile.new()
	expect_eq(config.load(AUDIO_SETTINGS), OK, "saved")
	expect_eq(config.get_value("audio", "SFX"), 0.25, "the file holds it")
	var again := Settings.new()
	again.path = AUDIO_SETTINGS
	expect_eq(again.load_settings(), OK, "loads")
	expect_eq(again.get_volume(&"SFX"), 0.25, "read back")
	expect_eq(again.get_volume(&"Master"), Settings.DEFAULT_VOLUMES[&"Master"], "the others")
	settings.free()
	again.free()
	_remove_own_settings()
	return ok()


func test_saving_the_volumes_keeps_the_other_sections_of_the_file() -> bool:
	var settings := _own_settings()
	_write_test_settings("[hints]\nbuild_towers=true\n\n[audio]\nUI=0.2\n")
	expect_eq(settings.load_settings(), OK, "loads")
	settings.set_volume(&"Master", 0.5)
	var config := ConfigFile.new()
	config.load(AUDIO_SETTINGS)
	expect_eq(config.get_value("hints", "build_towers", false), true, "the other section kept")
	expect_eq(config.get_value("audio", "Master"), 0.5, "the new volume")
	expect_eq(config.get_value("audio", "UI"), 0.2, "the volume read")
	settings.free()
	_remove_own_settings()
	return ok()


func test_a_volume_of_0_mutes_its_bus() -> bool:
	var settings := _own_settings()
	settings.set_volume(&"Ambience", 0.0, false)
	expect(AudioServer.is_bus_mute(AudioServer.get_bus_index(&"Ambience")), "muted")
	settings.set_volume(&"Ambience", 0.5, false)
	expect(not AudioServer.is_bus_mute(AudioServer.get_bus_index(&"Ambience")), "unmuted")
	settings.free()
	_remove_own_settings()
	return ok()


func test_a_missing_settings_file_gives_the_defaults_silently() -> bool:
	var settings := _own_settings()
	expect_eq(settings.load_settings(), ERR_FILE_NOT_FOUND, "no file")
	for bus in Settings.BUSES:
		expect_eq(settings.get_volume(bus), Settings.DEFAULT_VOLUMES[bus], "%s default" % bus)
	expect(not FileAccess.file_exists(AUDIO_SETTINGS), "not written before a change")
	settings.free()
	_remove_own_settings()
	return ok()


func test_a_settings_file_that_does_not_parse_gives_the_defaults_and_an_error() -> bool:
	var settings := _own_settings()
	_write_test_settings("[audio\nMaster = = loud\n")
	expect_error("ConfigFile parse error")
	expect_error("test_audio_settings.cfg is not a settings file")
	expect(settings.load_settings() != OK, "refused")
	for bus in Settings.BUSES:
		expect_eq(settings.get_volume(bus), Settings.DEFAULT_VOLUMES[bus], "%s default" % bus)
	settings.free()
	_remove_own_settings()
	return ok()


func test_a_volume_that_is_no_number_is_named_in_an_error_and_the_rest_is_read() -> bool:
	var settings := _own_settings()
	_write_test_settings('[audio]\nSFX="loud"\nUI=0.3\nMaster=3.0\n')
	expect_error('SFX = "loud" is not a volume')
	expect_eq(settings.load_settings(), ERR_INVALID_DATA, "reported")
	expect_eq(settings.get_volume(&"SFX"), Settings.DEFAULT_VOLUMES[&"SFX"], "SFX default")
	expect_eq(settings.get_volume(&"UI"), 0.3, "UI read")
	expect_eq(settings.get_volume(&"Master"), 1.0, "Master clamped to 1")
	settings.free()
	_remove_own_settings()
	return ok()


func test_the_options_sliders_change_the_bus_volumes_and_save_them() -> bool:
	var settings := _own_settings()
	var options: OptionsMenu = OPTIONS_SCENE.instantiate()
	options.settings = settings
	add(options)
	for bus in Settings.BUSES:
		expect(options.get_slider(bus) != null, "a slider for %s" % bus)
		expect_eq(
			options.get_value_text(bus),
			"%d %%" % roundi(Settings.DEFAULT_VOLUMES[bus] * 100.0),
			"%s shows its percentage" % bus
		)
	options.get_slider(&"Ambience").value = 30.0
	expect_eq(settings.get_volume(&"Ambience"), 0.3, "the setting")
	expect(is_equal_approx(_bus_db(&"Ambience"), linear_to_db(0.3)), "the bus")
	expect_eq(options.get_value_text(&"Ambience"), "30 %", "the percentage")
	var config := ConfigFile.new()
	config.load(AUDIO_SETTINGS)
	expect_eq(config.get_value("audio", "Ambience", -1.0), 0.3, "saved")
	options.free()
	settings.free()
	_remove_own_settings()
	return ok()


func test_an_arrow_key_moves_a_focused_slider_by_a_usable_step() -> bool:
	var settings := _own_settings()
	var options: OptionsMenu = OPTIONS_SCENE.instantiate()
	options.settings = settings
	add(options)
	var slider := options.get_slider(&"SFX")
	slider.value = 50.0
	slider.grab_focus()
	key(KEY_RIGHT)
	expect_eq(slider.value, 50.0 + OptionsMenu.KEY_STEP, "one press right")
	key(KEY_LEFT)
	key(KEY_LEFT)
	expect_eq(slider.value, 50.0 - OptionsMenu.KEY_STEP, "two presses left")
	expect(OptionsMenu.KEY_STEP >= 5.0, "a step a keyboard user can live with")
	options.free()
	settings.free()
	_remove_own_settings()
	return ok()


func test_options_opens_from_the_main_menu_and_back_closes_it() -> bool:
	var menu: MainMenu = add(MENU_SCENE.instantiate())
	var options: OptionsMenu = menu.get_node(^"%Options")
	expect(not options.visible, "hidden at first")
	(menu.get_node(^"%OptionsButton") as Button).pressed.emit()
	expect(options.is_visible_in_tree(), "Options opens it")
	expect(options.get_slider(&"Master").has_focus(), "the first slider has the focus")
	expect(not (menu.get_node(^"Center") as Control).visible, "in place of the menu")
	var down := InputEventAction.new()
	down.action = &"ui_down"
	down.pressed = true
	tree.root.push_input(down)
	expect(options.get_slider(&"SFX").has_focus(), "down: the next slider")
	(options.get_node(^"%BackButton") as Button).pressed.emit()
	expect(not options.visible, "Back closes it")
	expect((menu.get_node(^"Center") as Control).visible, "the menu is back")
	expect((menu.get_node(^"%OptionsButton") as Button).has_focus(), "focus back on Options")
	menu.free()
	return ok()


func test_options_opens_from_the_pause_menu_and_works_while_paused() -> bool:
	var game := outpost_game(true)
	game.open_pause_menu()
	var pause := game.pause_menu
	var options: OptionsMenu = pause.get_node(^"%Options")
	var choices: Array[StringName] = []
	pause.chosen.connect(func(choice: StringName) -> void: choices.append(choice))
	(pause.get_node(^"%OptionsButton") as Button).pressed.emit()
	expect(pause.is_options_open() and options.is_visible_in_tree(), "Options opens it")
	expect(tree.paused and options.can_process(), "working while the tree is paused")
	expect_eq(choices, [&"options"] as Array[StringName], "reported as the options choice")
	var escape := InputEventAction.new()
	escape.action = &"pause_menu"
	escape.pressed = true
	tree.root.push_input(escape)
	expect(not pause.is_options_open(), "Esc closes the options screen")
	expect(pause.visible and tree.paused, "and leaves the pause menu open")
	game.close_pause_menu()
	_done(game)
	return ok()
