class_name MenuText
extends RefCounted
## The menus' words: the main menu (its level summary and the seed field's problems) and
## the options screen; the third of the sentences the player reads, beside [GameText] (the
## game's) and [SaveText] (the saves'), each through [method Object.tr].

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()

# The main menu's summary of a level -----------------------------------------------------


## The storeys and entries of a building at [param level].
static func level_storeys(level: int, storeys: int, entries: int, sending: int) -> String:
	return (
		_t.tr("Level %d: %d storeys (the underground and %d floors), %d entries, %d send waves")
		% [level, storeys, storeys - 1, entries, sending]
	)


## The summary when no entry sends.
static func no_entry_sends() -> String:
	return _t.tr("No entry sends waves")


## The rhythm of the waves: [param waves] in all (0: endless), growing by [param grown]
## drones every [param every] waves (0: never).
static func wave_rhythm(
	interval: float, first: float, waves: int, every: int, grown: int
) -> String:
	var line := _t.tr("A wave every %s s, the first at %s s") % [number(interval), number(first)]
	if waves > 0:
		line += ", " + _t.tr_n("%d wave", "%d waves", waves) % waves
	if every > 0 and grown > 0:
		line += (
			"; "
			+ (
				_t.tr_n(
					"every %d waves, %d more drone an entry",
					"every %d waves, %d more drones an entry",
					grown
				)
				% [every, grown]
			)
		)
	return line


## What the first wave sends.
static func first_wave(
	drones: int, fewest: int, most: int, alive: int, alien_wave: int, aliens: int
) -> String:
	var each := str(fewest) if most == fewest else _t.tr("%d to %d") % [fewest, most]
	var alien_text := _t.tr("no aliens")
	if aliens > 0:
		alien_text = _t.tr("aliens from wave %d, %d a wave") % [alien_wave, aliens]
	return (
		_t.tr("The first wave: %d drones in all (%s an entry, at most %d alive an entry); %s")
		% [drones, each, alive, alien_text]
	)


## [param value] as the menus write a number: whole without a point, else one decimal.
static func number(value: float) -> String:
	return str(roundi(value)) if is_equal_approx(value, roundf(value)) else "%.1f" % value


# The main menu ---------------------------------------------------------------------------


## Why the seed field holds no seed ([method SeedText.parse]'s [code]kind[/code]).
static func seed_problem(kind: StringName) -> String:
	match kind:
		&"too_large":
			return _t.tr("The seed is too large: at most %s.") % SeedText.MAX_DIGITS
		&"too_small":
			return _t.tr("The seed is too small: at least -%s.") % SeedText.MIN_DIGITS
		&"not_a_number":
			return _t.tr("The seed must be a whole number.")
	return ""


## A level in the main menu's list.
static func outpost_level(level: int) -> String:
	return _t.tr("Outpost level %d") % level


# The options screen ----------------------------------------------------------------------


## Where the settings are saved.
static func settings_saved_in(path: String, full_path: String) -> String:
	return _t.tr("Saved as you change them, in %s (%s)") % [path, full_path]


## The options screen's name of each audio bus.
static func bus_names() -> Dictionary[StringName, String]:
	return {
		&"Master": _t.tr("Master"),
		&"SFX": _t.tr("Effects"),
		&"UI": _t.tr("Interface"),
		&"Ambience": _t.tr("Ambience"),
	}


## A bus's name on the options screen (the bus's own name for another bus).
static func bus_name(bus: StringName) -> String:
	return bus_names().get(bus, String(bus))


## A volume slider's tooltip.
static func volume_of(bus_label: String) -> String:
	return _t.tr("%s volume") % bus_label
