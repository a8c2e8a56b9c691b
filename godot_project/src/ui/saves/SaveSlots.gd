class_name SaveSlots
extends RefCounted
## The game's save slots and what a slot's file says about itself, for the saves screen
## ([SavesScreen]) and the HUD's words.
##
## The slots: the quick slot ([constant QUICK], the file of the quick_save and quick_load
## keys) and the numbered ones ([constant NUMBERED]; slot 1 is the file the pause menu's
## Save wrote before there were slots). [method read_header] reads only a file's header
## keys ([code]format[/code], [code]seed[/code], [code]level[/code], [code]time[/code],
## and [code]saved_at[/code] if there is one), defensively: whatever else the save format
## holds, a file with these keys lists, one without them is unreadable.

## A slot's state: no file, a file without a readable header, or a header.
enum State { EMPTY, UNREADABLE, READY }

## The quick slot's file ([constant OutpostGame.QUICK_SAVE_PATH]).
const QUICK := OutpostGame.QUICK_SAVE_PATH
## The numbered slots' files, slot 1 first ([constant OutpostGame.SAVE_PATH] is slot 1).
const NUMBERED: Array[String] = [OutpostGame.SAVE_PATH, "user://save_2.json", "user://save_3.json"]


## Every slot's file: the quick slot, then the numbered ones.
static func paths() -> Array[String]:
	var out: Array[String] = [QUICK]
	out.append_array(NUMBERED)
	return out


## The name the player knows the slot of [param path] by: "Quick slot", "Slot 1", ...;
## the file's name for a file that is no slot.
static func slot_name(path: String) -> String:
	if path == QUICK:
		return "Quick slot"
	var index := NUMBERED.find(path)
	return "Slot %d" % (index + 1) if index >= 0 else path.get_file()


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
	for key in ["format", "level", "time"]:
		if not header.get(key) is float:
			return unreadable
	var seed_value: Variant = header.get("seed")
	if seed_value is String and (seed_value as String).is_valid_int():
		seed_value = (seed_value as String).to_int()
	elif seed_value is float and seed_value == floorf(seed_value):
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


## One line for the slot of [param path]: "Empty", "Unreadable", or its seed, level, time
## played and date saved (local time).
static func summary(path: String) -> String:
	var header := read_header(path)
	match header.state:
		State.EMPTY:
			return "Empty"
		State.UNREADABLE:
			return "Unreadable"
	return (
		"Seed %d, level %d, %s played, saved %s"
		% [header.seed, header.level, played(header.time), local_date(header.saved_at)]
	)


## [param seconds] of game time as "m:ss" (or "h:mm:ss").
static func played(seconds: float) -> String:
	var whole := maxi(int(seconds), 0)
	if whole >= 3600:
		return "%d:%02d:%02d" % [whole / 3600, (whole / 60) % 60, whole % 60]
	return "%d:%02d" % [whole / 60, whole % 60]


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
