class_name SaveText
extends RefCounted
## The words of saving and loading, and of the save slots: the other half of the
## sentences the player reads ([GameText] holds the game's), each through
## [method Object.tr].

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## What the quick save key ([param saving]) or the quick load key ([param key]) did: done
## at [param path], or failed with [param error].
static func quick_result(saving: bool, key: String, error: String, path: String) -> String:
	var what := _t.tr("Quick save (%s)") % key if saving else quick_load_name(key)
	if not error.is_empty():
		return _t.tr("%s failed: %s (see the log)") % [what, error]
	if saving:
		return _t.tr("%s saved to %s") % [what, path]
	return _t.tr("%s loaded from %s") % [what, path]


## What saving ([param saving]) or loading a slot did: [param slot] its name ("" for a
## file that is no slot), done at [param where], or failed with [param error].
static func slot_result(saving: bool, slot: String, error: String, where: String) -> String:
	var prefix := "" if slot.is_empty() else slot + ": "
	if not error.is_empty():
		var what := _t.tr("Save") if saving else _t.tr("Load")
		return prefix + _t.tr("%s failed: %s (see the log)") % [what, error]
	return prefix + (_t.tr("Saved to %s") if saving else _t.tr("Loaded %s")) % where


## The quick load key's name for what it did: "Quick load (F9)", [param key] its key.
static func quick_load_name(key: String) -> String:
	return _t.tr("Quick load (%s)") % key


## What loading [param what] (a slot's name, or the quick load key's) did when the slot's
## own file could not be loaded and its backup, saved at [param date], was loaded instead:
## two lines, so that the HUD's alert keeps clear of the hints beside it.
static func backup_loaded(what: String, date: String) -> String:
	return _t.tr("%s: the save is damaged;\nloaded its backup, saved %s") % [what, date]


## The name of the quick slot.
static func quick_slot() -> String:
	return _t.tr("Quick slot")


## The name of numbered slot [param number].
static func slot_name(number: int) -> String:
	return _t.tr("Slot %d") % number


## What a slot holds: nothing, a file that cannot be read, a file that cannot be loaded
## ("damaged"), a game ("ready", [param header]'s seed, level, time played and date), or a
## file that cannot be loaded whose backup, that game, Load takes instead ("backup").
static func slot_summary(state: String, header: Dictionary = {}) -> String:
	match state:
		"empty":
			return _t.tr("Empty")
		"unreadable":
			return _t.tr("Unreadable")
		"damaged":
			return _t.tr("Damaged: it cannot be loaded")
	var game := (
		_t.tr("Seed %d, level %d, %s played, saved %s")
		% [header["seed"], header["level"], GameText.clock(header["time"]), header["date"]]
	)
	if state == "backup":
		return _t.tr("Damaged: Load takes its backup (%s)") % game
	return game


## A slot's Save button.
static func save_button() -> String:
	return _t.tr("Save")


## A slot's Load button.
static func load_button() -> String:
	return _t.tr("Load")
