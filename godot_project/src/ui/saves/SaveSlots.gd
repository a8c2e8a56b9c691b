class_name SaveSlots
extends RefCounted
## The game's save slots and what a slot's file says about itself, for the saves screen
## ([SavesScreen]) and the HUD's words.
##
## The slots: the quick slot ([constant QUICK], the file of the quick_save and quick_load
## keys) and the numbered ones ([constant NUMBERED]; slot 1 is the file the pause menu's
## Save wrote before there were slots). [method read_header] reads only a file's header
## keys ([code]format[/code], [code]seed[/code], [code]level[/code], [code]time[/code],
## and [code]saved_at[/code] if there is one; in formats 3 and 4 the seed and level are under
## [code]building[/code], the time under [code]loop[/code]), defensively: whatever else
## the save format holds, a file with these keys lists, one without them is unreadable.

## A slot's state: no file, a file without a readable header, a header; and, when the
## whole file is checked ([method status]), a file with a header that cannot be loaded
## (DAMAGED), or a file that cannot be loaded whose backup can (BACKUP).
enum State { EMPTY, UNREADABLE, READY, DAMAGED, BACKUP }

## The quick slot's file (the quick_save and quick_load keys').
const QUICK := "user://quicksave.json"
## Slot 1's file (the pause menu's one file before there were slots).
const FIRST := "user://save.json"
## The numbered slots' files, slot 1 first.
const NUMBERED: Array[String] = [FIRST, "user://save_2.json", "user://save_3.json"]


## Every slot's file: the quick slot, then the numbered ones.
static func paths() -> Array[String]:
	var out: Array[String] = [QUICK]
	out.append_array(NUMBERED)
	return out


## The slot whose save is the newest (by [code]saved_at[/code]) among those that can be
## read, or "" without one.
static func newest() -> String:
	var found := ""
	var latest := -1
	for path in paths():
		var header := read_header(path)
		if header.state == State.READY and int(header.saved_at) > latest:
			latest = header.saved_at
			found = path
	return found


## The name the player knows the slot of [param path] by: "Quick slot", "Slot 1", ...;
## the file's name for a file that is no slot.
static func slot_name(path: String) -> String:
	if path == QUICK:
		return SaveText.quick_slot()
	var index := NUMBERED.find(path)
	return SaveText.slot_name(index + 1) if index >= 0 else path.get_file()


## What the file at [param path] says of itself: [code]state[/code] (a [enum State]),
## and for a READY slot [code]seed[/code], [code]level[/code], [code]time[/code] (game
## seconds played) and [code]saved_at[/code] (Unix time: the file's [code]saved_at[/code]
## key, else its modified time).
static func read_header(path: String) -> Dictionary:
	if not FileAccess.file_exists(path):
		return {"state": State.EMPTY}
	var unreadable := {"state": State.UNREADABLE}
	var json := JSON.new()
	if json.parse(FileAccess.get_file_as_string(path)) != OK or not json.data is Dictionary:
		return unreadable
	var header := json.data as Dictionary
	if header.get("format") is float and header["format"] >= 3:
		# Format 3 keeps each part under its key: the seed and level are the building's,
		# the time the loop's.
		var building: Variant = header.get("building")
		var loop: Variant = header.get("loop")
		if not building is Dictionary or not loop is Dictionary:
			return unreadable
		header = (building as Dictionary).merged(
			{
				"format": header["format"],
				"time": loop.get("time"),
				"saved_at": header.get("saved_at")
			}
		)
	for key in ["format", "level", "time"]:
		if not header.get(key) is float:
			return unreadable
	var seed_value: Variant = header.get("seed")
	var exact := SeedText.parse_exact(seed_value) if seed_value is String else {}
	if not exact.is_empty() and (exact["problem"] as String).is_empty():
		seed_value = exact["value"]
	elif seed_value is float and seed_value == floorf(seed_value) and absf(seed_value) < 1e18:
		seed_value = int(seed_value)
	else:
		return unreadable
	var saved_at := _unix_time(header.get("saved_at"))
	if saved_at < 0:
		saved_at = FileAccess.get_modified_time(path)
	return {
		"state": State.READY,
		"seed": seed_value,
		"level": int(header["level"]),
		"time": float(header["time"]),
		"saved_at": saved_at,
	}


## What Load on the slot of [param path] would read, with the file checked whole by
## [param checker] (called as [code]checker.call(path)[/code], "" if that file can be
## loaded, else why not; without one, only the header is read, as [method read_header]):
## [code]state[/code] (a [enum State]), [code]source[/code] (the file Load reads: the
## slot's own, its backup ([method SaveGame.backup_of]) when the slot's cannot be loaded
## and the backup can, else ""), [code]header[/code] (the source's [method read_header],
## or the slot's) and [code]problem[/code] (why the slot's own file cannot be loaded, or
## "").
static func status(path: String, checker: Callable = Callable()) -> Dictionary:
	var header := read_header(path)
	var state: State = header.state
	var problem := ""
	if state == State.READY and checker.is_valid():
		problem = checker.call(path)
		state = State.READY if problem.is_empty() else State.DAMAGED
	elif state == State.UNREADABLE:
		problem = "its header cannot be read"
	if state == State.READY or state == State.EMPTY:
		return {"state": state, "source": path if state == State.READY else "", "header": header}
	var backup := SaveGame.backup_of(path)
	var backup_header := read_header(backup) if not backup.is_empty() else {}
	if not backup.is_empty() and backup_header.state == State.READY:
		if not checker.is_valid() or (checker.call(backup) as String).is_empty():
			return {
				"state": State.BACKUP, "source": backup, "header": backup_header, "problem": problem
			}
	return {"state": state, "source": "", "header": header, "problem": problem}


## One line for the slot of [param path]: "Empty", "Unreadable", "Damaged" (read whole by
## [param checker], see [method status]), that it cannot be loaded but Load takes its
## backup (with the backup's seed, level, time played and date), or its seed, level, time
## played and date saved (local time).
static func summary(path: String, checker: Callable = Callable()) -> String:
	return describe(status(path, checker))


## [method summary] of a [method status].
static func describe(slot: Dictionary) -> String:
	var header: Dictionary = slot["header"]
	match slot["state"]:
		State.EMPTY:
			return SaveText.slot_summary("empty")
		State.UNREADABLE:
			return SaveText.slot_summary("unreadable")
		State.DAMAGED:
			return SaveText.slot_summary("damaged")
	header["date"] = local_date(header.saved_at)
	return SaveText.slot_summary("backup" if slot["state"] == State.BACKUP else "ready", header)


## The words for the outcome [param error] of saving ([param saving] true) or loading
## [param path], naming its slot: "Quick save (F5) saved to ...", "Slot 2: Loaded ...";
## a slot's backup loaded in its place says so, with the date it was saved.
static func save_result(saving: bool, error: Error, path: String) -> String:
	var failed := "" if error == OK else error_string(error)
	var slot_path := path.trim_suffix(SaveGame.BACKUP_SUFFIX)
	if not saving and error == OK and slot_path != path:
		var what := (
			SaveText.quick_load_name(ActionKeys.describe(&"quick_load"))
			if slot_path == QUICK
			else slot_name(slot_path)
		)
		return SaveText.backup_loaded(what, local_date(read_header(path).get("saved_at", 0)))
	if path == QUICK:
		var key := ActionKeys.describe(&"quick_save" if saving else &"quick_load")
		return SaveText.quick_result(saving, key, failed, path)
	var slot := slot_name(path) if NUMBERED.has(path) else ""
	var where := "%s (%s)" % [path, ProjectSettings.globalize_path(path)]
	return SaveText.slot_result(saving, slot, failed, where)


## [param seconds] of game time as "m:ss" (or "h:mm:ss").
static func played(seconds: float) -> String:
	return GameText.clock(seconds)


## Unix time [param unix] as a local "YYYY-MM-DD HH:MM".
static func local_date(unix: int) -> String:
	var bias := int(Time.get_time_zone_from_system().get("bias", 0))
	var text := Time.get_datetime_string_from_unix_time(unix + bias * 60, true)
	return text.substr(0, 16)


# A saved_at value as Unix time: a number, a string of one, or an ISO date; -1 otherwise.
static func _unix_time(value: Variant) -> int:
	if value is float or value is int:
		return int(value)
	if value is String:
		var text := value as String
		if text.is_valid_float():
			return int(text.to_float())
		if not text.is_empty():
			var unix := Time.get_unix_time_from_datetime_string(text)
			return unix if unix != 0 or text.begins_with("1970") else -1
	return -1
