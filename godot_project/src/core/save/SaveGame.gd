class_name SaveGame
extends RefCounted
## The save file's envelope: the format and its version, the migration of older formats
## ([SaveMigration]), the file itself (written so that a failed save never costs the
## previous one), the state hash, and the order in which the game's parts are checked and
## applied. What a part saves is the part's own business: every part offers
## [code]get_state() -> Dictionary[/code], [code]check_state(data, context) -> String[/code]
## ("" when fine, else what is wrong, naming the part and the key) and
## [code]set_state(data)[/code]; the game hands the envelope its parts in order
## ([method OutpostGame.save_parts]), each under its key in the file.
##
## Format 4 (written): [code]{"format": 4, "saved_at": unix seconds (not game state),
## <key>: <that part's state>, ...}[/code] (docs/api.md lists the keys), whose building
## holds the authored rooms it was made with ([code]building.rooms[/code]: template name
## -> text; a load regenerates from those texts, never from the game's folder). Format 3
## is the same without [code]building.rooms[/code]: its building had no rooms, and loads
## without them. Formats 1 and 2 (the whole game as one flat object) still load, with
## their documented meaning ([SaveMigration]). Numbers are written exactly (JSON doubles
## at full precision).
##
## A load reads and checks everything before it changes anything: the file is parsed once;
## its envelope ([SaveEnvelope]: the building's seed, level and storeys) is read and
## checked once and generates the building's layouts and its surface once into the shared
## context; every part's check reads them there, and only then does [code]prepare[/code]
## build the game from those layouts and that surface and each part take its state, in
## order. A file that fails anywhere leaves the running game as it
## was. A save writes [code]NAME.tmp[/code] beside the target, checks every write and the
## close, copies the old file to [code]NAME.bak[/code] and renames the new one over it.

## The format this code writes.
const FORMAT := 4
## The oldest format this code reads.
const OLDEST_FORMAT := 1
## What a save's backup is called: the file's path plus this.
const BACKUP_SUFFIX := ".bak"
## The temporary file a save writes first: the file's path plus this.
const TEMP_SUFFIX := ".tmp"


## The state of the game made of [param parts] ([code][[key, part], ...][/code]) in this
## format, as its JSON reads back (numbers are floats): everything a save file holds but
## [code]saved_at[/code].
static func write(parts: Array) -> Dictionary:
	var state := {"format": FORMAT}
	for entry: Array in parts:
		state[entry[0]] = entry[1].get_state()
	return JSON.parse_string(JSON.stringify(state, "", false, true))


## A digest of the game made of [param parts]: SHA-256 over [method write] as canonical
## JSON (keys sorted, doubles exact), its first eight bytes as an integer.
static func state_hash(parts: Array) -> int:
	var context := HashingContext.new()
	context.start(HashingContext.HASH_SHA256)
	context.update(JSON.stringify(write(parts), "", true, true).to_utf8_buffer())
	return context.finish().decode_s64(0)


## Writes [method write] of [param parts] to [param path] with the time of the save,
## without ever losing the file that was there: the new file is written beside it
## ([constant TEMP_SUFFIX]), every write and the close checked, the old file kept as
## [constant BACKUP_SUFFIX], then the new one renamed over it. The error otherwise (after
## [method @GlobalScope.push_error] naming the file and what failed); the old file is
## then untouched.
static func save(parts: Array, path: String) -> Error:
	var state := write(parts)
	state["saved_at"] = int(Time.get_unix_time_from_system())
	var temp := path + TEMP_SUFFIX
	var error := _write_file(temp, JSON.stringify(state, "\t", false, true))
	if error == OK and FileAccess.file_exists(path):
		error = DirAccess.copy_absolute(path, path + BACKUP_SUFFIX)
	if error == OK:
		error = DirAccess.rename_absolute(temp, path)
	if error != OK:
		push_error("SaveGame.save: cannot write %s: %s" % [path, error_string(error)])
		if FileAccess.file_exists(temp):
			DirAccess.remove_absolute(temp)
	return error


## Loads the file at [param path] into the game of [param parts]: reads it, brings an
## older format up to this one, opens its envelope ([SaveEnvelope]: the building's seed,
## level and storeys, read once; its layouts and surface, generated once), checks every
## part against [param context] (which the envelope and the checks fill: the layouts, the
## towers, the clock...), then calls [param prepare] with the data (the game builds itself
## from [code]context.envelope[/code]) and gives each part its state, in order. A missing,
## garbage, truncated, wrong-format or tampered file gives
## [method @GlobalScope.push_error] naming what is wrong (and the backup, if one is
## there) and a non-OK error, and changes nothing.
static func restore(parts: Array, path: String, context: Dictionary, prepare: Callable) -> Error:
	var error := read(path, context)
	if error != OK:
		return error
	var data: Dictionary = context["data"]
	var problem := check(parts, data, context)
	if not problem.is_empty():
		_refuse(path, problem)
		return ERR_INVALID_DATA
	prepare.call(data)
	for entry: Array in parts:
		if data.has(entry[0]):
			entry[1].set_state(data[entry[0]])
	return OK


## Why the file at [param path] cannot be loaded into the game of [param parts] ("" if it
## can): read and checked whole, as [method restore] does, against [param context], with
## nothing changed and nothing logged. [param parts] may be the parts' classes
## ([code][[key, class], ...][/code]): only their static [code]check_state[/code] runs.
static func verdict(parts: Array, path: String, context: Dictionary) -> String:
	var read_problem: String = _read(path, context)[1]
	if not read_problem.is_empty():
		return read_problem
	return check(parts, context["data"], context)


## Reads [param path] into [code]context.data[/code], migrated to this format
## ([code]context.format[/code] keeps the file's own); the error otherwise, after
## [method @GlobalScope.push_error].
static func read(path: String, context: Dictionary) -> Error:
	var outcome := _read(path, context)
	var error: Error = outcome[0]
	if error == ERR_FILE_NOT_FOUND:
		push_error("OutpostGame.load_game: %s does not exist" % path)
	elif error != OK:
		_refuse(path, outcome[1])
	return error


## "" if [param data] (a file in this format) is a game of [param parts], else the problem
## of its envelope ([method SaveEnvelope.open], once for the whole load) or the first
## part's. Parts are checked in order against the shared [param context].
static func check(parts: Array, data: Dictionary, context: Dictionary) -> String:
	var opened := "" if context.has("envelope") else SaveEnvelope.open(data, context)
	if not opened.is_empty():
		return opened
	for entry: Array in parts:
		var key: String = entry[0]
		if not data.has(key):
			if key in context.get("optional", []):
				continue
			return "%s is missing" % key
		if not data[key] is Dictionary:
			return "%s is %s, not an object" % [key, data[key]]
		var problem: String = entry[1].check_state(data[key], context)
		if not problem.is_empty():
			return problem
	return ""


## The backup of [param path] ([constant BACKUP_SUFFIX]) if there is one, else "".
static func backup_of(path: String) -> String:
	var backup := path + BACKUP_SUFFIX
	return backup if FileAccess.file_exists(backup) else ""


static func _refuse(path: String, problem: String) -> void:
	var backup := backup_of(path)
	var offer := "" if backup.is_empty() else " (its backup %s is still there)" % backup
	push_error("OutpostGame.load_game: %s: %s%s" % [path, problem, offer])


# [error, problem]: reads `path` into context.data (migrated to this format), or why not.
static func _read(path: String, context: Dictionary) -> Array:
	if not FileAccess.file_exists(path):
		return [ERR_FILE_NOT_FOUND, "%s does not exist" % path]
	var json := JSON.new()
	if json.parse(FileAccess.get_file_as_string(path)) != OK:
		var where := "line %d: %s" % [json.get_error_line(), json.get_error_message()]
		return [ERR_PARSE_ERROR, "is not JSON: " + where]
	var migrated := SaveMigration.to_current(json.data, context)
	if migrated is String:
		return [ERR_INVALID_DATA, migrated]
	context["data"] = migrated
	return [OK, ""]


# Writes `text` to `path`: every write and the close checked.
static func _write_file(path: String, text: String) -> Error:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	var ok := file.store_string(text)
	file.flush()
	var error := file.get_error()
	file.close()
	if error == OK and not ok:
		error = ERR_FILE_CANT_WRITE
	if error == OK and FileAccess.get_file_as_string(path) != text:
		error = ERR_FILE_CORRUPT
	return error
