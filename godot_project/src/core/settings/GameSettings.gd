extends Node
## The player's settings (the autoload [code]GameSettings[/code]): a volume per audio bus
## ([constant BUSES], linear 0..1), kept in [constant PATH] ([ConfigFile], section
## [constant SECTION], one key per bus name) and applied to the [AudioServer]'s buses of
## [code]default_bus_layout.tres[/code].
##
## At start it loads [member path] and applies it. A missing file is no error: the defaults
## ([constant DEFAULT_VOLUMES]) apply, and the file is written at the first change. A file
## that is not a ConfigFile, or a volume that is not a number, is reported with
## [method @GlobalScope.push_error] naming the file (and the key and value) and replaced by
## the defaults (the file is left alone until the next change overwrites it). A number
## outside 0..1 is clamped silently; unknown keys are ignored. [method set_volume] applies a
## volume at once and saves the file. Saving rewrites the [constant SECTION] section only:
## the file's other sections (other settings' own) are read back and kept, unless the file
## did not parse.
##
## It names no extension class, so it loads before the GDExtension is needed.

## A bus's volume changed (to [param volume], linear 0..1).
signal volume_changed(bus: StringName, volume: float)

## Where the settings live.
const PATH := "user://settings.cfg"
## The ConfigFile section of the volumes.
const SECTION := "audio"
## The buses with a volume, in the order the options screen shows them.
const BUSES: Array[StringName] = [&"Master", &"SFX", &"UI", &"Ambience"]
## The volume of each bus (linear 0..1) when the file has none.
const DEFAULT_VOLUMES: Dictionary[StringName, float] = {
	&"Master": 0.8,
	&"SFX": 0.8,
	&"UI": 0.6,
	&"Ambience": 0.5,
}

## The file read by [method load_settings] and written by [method save_settings]; tests
## point it elsewhere.
var path := PATH

var _volumes: Dictionary[StringName, float] = DEFAULT_VOLUMES.duplicate()
# Whether the file at `path` parsed when last read or written (a file that did not is not
# read again to be saved: it would log its parse error once more, and is replaced).
var _file_parses := true


func _ready() -> void:
	load_settings()


## The volume of [param bus] (linear 0..1); 0 (after [method @GlobalScope.push_error]) for
## a bus not in [constant BUSES].
func get_volume(bus: StringName) -> float:
	if not _volumes.has(bus):
		push_error("GameSettings.get_volume: no bus '%s' (buses: %s)" % [bus, _bus_list()])
		return 0.0
	return _volumes[bus]


## Sets the volume of [param bus] to [param volume] (clamped to 0..1), applies it to the
## [AudioServer] and, if [param save], saves the file. False (after
## [method @GlobalScope.push_error], nothing changed) for a bus not in [constant BUSES] or
## a volume that is not a number.
func set_volume(bus: StringName, volume: float, save: bool = true) -> bool:
	if not _volumes.has(bus):
		push_error("GameSettings.set_volume: no bus '%s' (buses: %s)" % [bus, _bus_list()])
		return false
	if is_nan(volume):
		push_error("GameSettings.set_volume: volume of %s is not a number" % bus)
		return false
	var value := clampf(volume, 0.0, 1.0)
	var changed := value != _volumes[bus]
	_volumes[bus] = value
	_apply_bus(bus)
	if save:
		save_settings()
	if changed:
		volume_changed.emit(bus, value)
	return true


## Reads [member path] and applies it (see the class description for missing and bad
## files); OK, or the error that made it fall back to the defaults (ERR_FILE_NOT_FOUND for
## a missing file, which is not reported).
func load_settings() -> Error:
	_volumes = DEFAULT_VOLUMES.duplicate()
	var error := OK
	_file_parses = true
	if FileAccess.file_exists(path):
		var config := ConfigFile.new()
		error = config.load(path)
		_file_parses = error == OK
		if error != OK:
			push_error(
				(
					"GameSettings: %s is not a settings file (%s): default volumes"
					% [path, error_string(error)]
				)
			)
		else:
			error = _read(config)
	else:
		error = ERR_FILE_NOT_FOUND
	apply()
	return error


## Writes the volumes to [member path], keeping its other sections; the error of the write
## otherwise (after [method @GlobalScope.push_error]).
func save_settings() -> Error:
	var config := ConfigFile.new()
	if _file_parses and FileAccess.file_exists(path) and config.load(path) != OK:
		config = ConfigFile.new()
	for bus in BUSES:
		config.set_value(SECTION, bus, _volumes[bus])
	var error := config.save(path)
	if error != OK:
		push_error("GameSettings: cannot write %s: %s" % [path, error_string(error)])
	else:
		_file_parses = true
	return error


## Applies every volume to the [AudioServer]'s bus of that name (a volume of 0 mutes it).
func apply() -> void:
	for bus in BUSES:
		_apply_bus(bus)


## Every volume back to [constant DEFAULT_VOLUMES], applied and saved.
func reset_to_defaults() -> void:
	for bus in BUSES:
		set_volume(bus, DEFAULT_VOLUMES[bus], false)
	save_settings()


func _read(config: ConfigFile) -> Error:
	var error := OK
	for bus in BUSES:
		if not config.has_section_key(SECTION, bus):
			continue
		var value: Variant = config.get_value(SECTION, bus)
		var number := float(value) if value is float or value is int else NAN
		if is_nan(number):
			push_error(
				(
					"GameSettings: %s: [%s] %s = %s is not a volume (a number, 0 to 1): default %s"
					% [path, SECTION, bus, var_to_str(value), DEFAULT_VOLUMES[bus]]
				)
			)
			error = ERR_INVALID_DATA
			continue
		_volumes[bus] = clampf(number, 0.0, 1.0)
	return error


func _apply_bus(bus: StringName) -> void:
	var index := AudioServer.get_bus_index(bus)
	if index < 0:
		return
	var volume: float = _volumes[bus]
	AudioServer.set_bus_mute(index, volume <= 0.0)
	AudioServer.set_bus_volume_db(index, linear_to_db(maxf(volume, 0.0001)))


static func _bus_list() -> String:
	return ", ".join(PackedStringArray(BUSES))
