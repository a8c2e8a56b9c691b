extends "res://tests/suite.gd"
## The settings (GameSettings: a volume per bus in user://settings.cfg). Tests use a
## settings file of their own and put the buses back as the GameSettings autoload has them.

const Settings := preload("res://src/systems/settings/GameSettings.gd")
const TEST_SETTINGS := "user://test_audio_settings.cfg"


## Settings of their own, in TEST_SETTINGS (no file yet), not in the tree.
func _own_settings() -> Settings:
	_remove_own_settings()
	var settings := Settings.new()
	settings.path = TEST_SETTINGS
	return settings


## Removes TEST_SETTINGS and puts the buses back as the GameSettings autoload has them.
func _remove_own_settings() -> void:
	if FileAccess.file_exists(TEST_SETTINGS):
		DirAccess.remove_absolute(ProjectSettings.globalize_path(TEST_SETTINGS))
	(tree.root.get_node(^"GameSettings") as Settings).apply()


func _write_test_settings(text: String) -> void:
	var file := FileAccess.open(TEST_SETTINGS, FileAccess.WRITE)
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
	expect_eq(config.load(TEST_SETTINGS), OK, "saved")
	expect_eq(config.get_value("audio", "SFX"), 0.25, "the file holds it")
	var again := Settings.new()
	again.path = TEST_SETTINGS
	expect_eq(again.load_settings(), OK, "loads")
	expect_eq(again.get_volume(&"SFX"), 0.25, "read back")
	expect_eq(again.get_volume(&"Master"), Settings.DEFAULT_VOLUMES[&"Master"], "the others")
	settings.free()
	again.free()
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
	expect(not FileAccess.file_exists(TEST_SETTINGS), "not written before a change")
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
