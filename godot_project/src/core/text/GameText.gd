class_name GameText
extends RefCounted
## Every sentence the game says to the player, with [SaveText] (the saves' words) beside
## it in src/core/text/, each through [method Object.tr] so that a translation can replace
## it (src/core/text/game_text.pot is what Godot's POT generation makes of the project;
## tests/test_game_text.gd checks that every sentence is in it). Callers pass values,
## never words: the loop, the alerts, the HUD, the objects' prompts, the hints, the menus
## and the saves screen ask here.
## Amounts are shown as whole numbers between 0 and [constant StateCheck.HUGE]
## ([method amount]), so no number the game shows is negative or overflows.

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## [param value] as a whole amount for the screen: rounded down, never below 0, never
## past [constant StateCheck.HUGE].
static func amount(value: float) -> int:
	if is_nan(value) or value <= 0.0:
		return 0
	return int(minf(floorf(value), StateCheck.HUGE))


## "m:ss" for [param seconds] of game time ("h:mm:ss" past an hour).
static func clock(seconds: float) -> String:
	var whole := amount(seconds)
	if whole >= 3600:
		return "%d:%02d:%02d" % [whole / 3600, (whole / 60) % 60, whole % 60]
	return "%d:%02d" % [whole / 60, whole % 60]


# Floors and places ---------------------------------------------------------------------


## The name of a floor: "Underground" for the console's floor, else "Floor N" (1 for the
## ground floor).
static func floor_name(underground: bool, number: int) -> String:
	return _t.tr("Underground") if underground else _t.tr("Floor %d") % number


## Where on a floor: [param floor_label], then "north-west", "centre"...;
## [param north_south] and [param west_east] are -1, 0 or 1.
static func place(floor_label: String, north_south: int, west_east: int) -> String:
	var names := [[_t.tr("north-west"), _t.tr("north"), _t.tr("north-east")]]
	names.append([_t.tr("west"), _t.tr("centre"), _t.tr("east")])
	names.append([_t.tr("south-west"), _t.tr("south"), _t.tr("south-east")])
	return _t.tr("%s, %s") % [floor_label, names[north_south + 1][west_east + 1]]


# Towers ---------------------------------------------------------------------------------


## Why a tower may not be built ([enum BuildRules.Refusal]; "" for NONE); for NOT_EMPTY,
## [param cell_type_name] names what stands there.
static func tower_refusal(refusal: int, cell_type_name: String = "") -> String:
	match refusal:
		BuildRules.Refusal.NONE:
			return ""
		BuildRules.Refusal.OFF_GRID:
			return _t.tr("off the grid")
		BuildRules.Refusal.NOT_EMPTY:
			if cell_type_name.is_empty():
				return _t.tr("not an EMPTY cell")
			return _t.tr("not an EMPTY cell (%s)") % cell_type_name
		BuildRules.Refusal.TOWER:
			return _t.tr("a tower stands there")
		BuildRules.Refusal.REQUIRED:
			return _t.tr("a required cell (Genesis or the console)")
		BuildRules.Refusal.WOULD_SEAL:
			return _t.tr("would seal a path")
		BuildRules.Refusal.LOCKED:
			return _t.tr("building locked")
		BuildRules.Refusal.NO_KIND:
			return _t.tr("no such tier")
		BuildRules.Refusal.NO_FLOOR:
			return _t.tr("no such floor")
		BuildRules.Refusal.MATERIALS:
			return _t.tr("not enough materials")
	return _t.tr("refused (%d)") % refusal


## The build ghost's sentence over a tower that may be removed.
static func tower_removable(key: String, refund: float) -> String:
	return _t.tr("%s: remove (refund %d)") % [key, amount(refund)]


## The build ghost's sentence where a tower of [param tier_name] may go.
static func tower_buildable(tier_name: String, cost: float) -> String:
	return _t.tr("%s: %d") % [tier_name, amount(cost)]


## The build ghost's short tag where nothing may be built.
static func tower_refused_tag() -> String:
	return _t.tr("no")


## The build-mode line: the tier, its cost and the keys.
static func build_line(here: String, tier_name: String, cost: float, keys: Array) -> String:
	var line := (
		_t.tr("BUILD MODE: %s (%d materials) - %s: tier, %s: build, %s: remove, %s: leave")
		% [tier_name, amount(cost), keys[0], keys[1], keys[2], keys[3]]
	)
	return line if here.is_empty() else _t.tr("Here: %s") % here + "\n" + line


# What interact does ----------------------------------------------------------------------


## The prompt when a damaged beacon is near but not next to Genesis.
static func move_next_to_beacon(key: String) -> String:
	return _t.tr("Move next to the beacon to restore it (hold %s there)") % key


## The prompt next to a damaged beacon at [param percent] restored.
static func restore_beacon(key: String, percent: int, has_materials: bool) -> String:
	if not has_materials:
		return (
			_t.tr("Beacon %d%%: no materials to restore it (collect scrap, connect shafts)")
			% percent
		)
	return _t.tr("Hold %s: restore the beacon (%d%%)") % [key, percent]


## The prompt next to a disconnected shaft.
static func connect_shaft(key: String, cost: float, materials: float, feed: float) -> String:
	if materials < cost:
		return _t.tr("Shaft: connecting costs %d materials") % amount(cost)
	return _t.tr("%s: connect the shaft (+%.1f materials/s)") % [key, feed]


## The console's prompt once the building is reclaimed.
static func console_reclaimed(trickle: float) -> String:
	return _t.tr("Building reclaimed: +%.1f materials/s") % trickle


## The console's prompt when the reclaim is possible.
static func console_ready(key: String, trickle: float) -> String:
	return _t.tr("%s: RECLAIM BUILDING (trickle %.1f/s)") % [key, trickle]


## The console's prompt while beacons are still damaged.
static func console_waiting(restored: int, total: int) -> String:
	return _t.tr("Console: restore every beacon first (%d / %d)") % [restored, total]


## The prompt once every beacon is restored, away from the console.
static func go_to_console(console_floor: String) -> String:
	return _t.tr("Every beacon restored: RECLAIM BUILDING at the console (%s)") % console_floor


## The prompt on the staircase in preview mode.
static func climb_in_travel_mode(key: String) -> String:
	return _t.tr("%s: travel mode, to climb the staircase") % key


## The staircase's own prompt in the world.
static func staircase(key_travel: String, up: String, down: String, travel: bool) -> String:
	if not travel and (not up.is_empty() or not down.is_empty()):
		return _t.tr("Staircase\n%s: travel mode to climb") % key_travel
	var lines := PackedStringArray()
	if not up.is_empty():
		lines.append(_t.tr("Up: %s") % up)
	if not down.is_empty():
		lines.append(_t.tr("Down: %s") % down)
	return "\n".join(lines) if not lines.is_empty() else _t.tr("No other storey")


## Why the floor did not change: [param top] (already at the end) or travel mode.
static func floor_refused(up: bool, at_the_end: bool) -> String:
	if at_the_end:
		return _t.tr("Already on the top floor") if up else _t.tr("Already on the bottom floor")
	if up:
		return _t.tr("Travel mode: stand on the staircase to take Genesis up")
	return _t.tr("Travel mode: stand on the staircase to take Genesis down")


## Why build mode did not open: the building is reclaimed.
static func build_locked() -> String:
	return _t.tr("The building is reclaimed: no more towers are built or removed")


# Alerts ------------------------------------------------------------------------------------


## A beacon restored once is bleeding at [param where].
static func alert_bleeding(where: String) -> String:
	return _t.tr("Beacon bleeding: %s") % where


## The last beacon of the building was restored.
static func alert_last_beacon() -> String:
	return _t.tr("Last beacon restored: every beacon of the building is up")


## The reclaim is ready at the console on [param console_floor].
static func alert_reclaim_ready(console_floor: String) -> String:
	return _t.tr("Reclaim ready: RECLAIM BUILDING at the console (%s)") % console_floor


## A drone blocks a connected shaft at [param where].
static func alert_shaft_disrupted(where: String) -> String:
	return _t.tr("Shaft disrupted: %s (a drone blocks its feed)") % where


## A tower was destroyed at [param where].
static func alert_tower_destroyed(where: String) -> String:
	return _t.tr("Tower destroyed: %s") % where


# The HUD -----------------------------------------------------------------------------------


## The floors line.
static func viewing(viewed: String, storeys: int) -> String:
	return _t.tr("Viewing %s (%d storeys)") % [viewed, storeys]


## Genesis's floor.
static func genesis_on(floor_label: String) -> String:
	return _t.tr("Genesis on %s") % floor_label


## The mode line.
static func mode(travel: bool, keys: String) -> String:
	if travel:
		return _t.tr("Mode: travel (%s take Genesis up or down the staircase)") % keys
	return _t.tr("Mode: preview (%s move the view)") % keys


## Genesis's health.
static func health(value: float, maximum: float) -> String:
	return _t.tr("Health %d / %d") % [amount(roundf(value)), amount(roundf(maximum))]


## The viewed floor's beacons.
static func floor_beacons(restored: int, count: int) -> String:
	return _t.tr("Beacons on this floor: %d / %d restored") % [restored, count]


## Genesis stands on the staircase.
static func on_staircase() -> String:
	return _t.tr("On the staircase")


## The materials carried.
static func materials(value: float) -> String:
	return _t.tr("Materials %d") % amount(value)


## What flows in and out, per second.
static func flows(feed: float, bleed: float, trickle: float) -> String:
	var parts := PackedStringArray([_t.tr("shafts +%.1f/s") % feed])
	if bleed > 0.0:
		parts.append(_t.tr("bleed -%.2f/s") % bleed)
	if trickle > 0.0:
		parts.append(_t.tr("trickle +%.1f/s") % trickle)
	return ", ".join(parts)


## The yield line.
static func yield_line(rate: float, trickle_if_reclaimed: float, reclaimed: bool) -> String:
	if reclaimed:
		return _t.tr("Yield %.1f/s (reclaimed)") % rate
	return _t.tr("Yield %.1f/s (reclaim now: trickle %.1f/s)") % [rate, trickle_if_reclaimed]


## The building's beacons.
static func building_beacons(restored: int, count: int) -> String:
	return _t.tr("Beacons restored: %d / %d in the building") % [restored, count]


## The wave line (wave 0: none yet); [param agents_here] < 0: Genesis is outside, on no floor.
static func wave(number: int, agents: int, agents_here: int) -> String:
	var first := _t.tr("No wave yet") if number == 0 else _t.tr("Wave %d") % number
	if agents_here < 0:
		return _t.tr("%s, %d agents alive in the outpost") % [first, agents]
	return _t.tr("%s, %d agents alive (%d on this floor)") % [first, agents, agents_here]


## The wave line after the reclaim.
static func no_more_waves(leaving: int) -> String:
	if leaving > 0:
		return _t.tr("No more waves: %d agents leaving") % leaving
	return _t.tr("No more waves: all gone")


## The win's summary: the time of the reclaim and how the trickle adds up ([param figures]:
## trickle, yield, shafts, shaft bonus, towers, upkeep).
static func win_summary(seconds: float, figures: Array) -> String:
	var time := _t.tr("BUILDING RECLAIMED in %s.") % clock(seconds)
	var sum := _t.tr("Trickle +%.1f/s: yield %.1f + %d shafts x %.1f - %d towers x %.2f") % figures
	return time + " " + sum


## The win banner folded away: its one short line.
static func win_folded() -> String:
	return _t.tr("Building reclaimed")


## The win banner's button that folds it away.
static func fold() -> String:
	return _t.tr("Hide")


## The folded win banner's button that shows the figures again.
static func unfold() -> String:
	return _t.tr("Show")


## The defeat's summary.
static func defeat_summary(seconds: float, restored: int, total: int) -> String:
	return (
		_t.tr("The aliens got Genesis after %s, with %d of %d beacons restored.")
		% [clock(seconds), restored, total]
	)


# Controls ----------------------------------------------------------------------------------


## The actions the HUD lists under the controls, in order, each with its caption.
static func control_captions() -> Dictionary[StringName, String]:
	return {
		&"move_forward": _t.tr("Forward"),
		&"move_back": _t.tr("Back"),
		&"move_left": _t.tr("Left"),
		&"move_right": _t.tr("Right"),
		&"click_move": _t.tr("Move to a cell / build"),
		&"interact": _t.tr("Interact (hold: restore)"),
		&"build_mode": _t.tr("Build mode"),
		&"remove_tower": _t.tr("Remove a tower"),
		&"ascend": _t.tr("Floor up"),
		&"descend": _t.tr("Floor down"),
		&"toggle_travel_mode": _t.tr("Preview / travel"),
		&"zoom_in": _t.tr("Zoom in"),
		&"zoom_out": _t.tr("Zoom out"),
		&"quick_save": _t.tr("Quick save"),
		&"quick_load": _t.tr("Quick load"),
		&"pause_menu": _t.tr("Pause menu"),
	}


## One control in the list: its caption and keys ("unbound" without any).
static func control(caption: String, keys: String) -> String:
	return "%s: %s" % [caption, keys if not keys.is_empty() else _t.tr("unbound")]


## The name of mouse button [param index] (a [enum MouseButton]) in the keys' names: the
## left, right and middle clicks; "" for another button.
static func mouse_button(index: int) -> String:
	match index:
		MOUSE_BUTTON_LEFT:
			return _t.tr("Left click")
		MOUSE_BUTTON_RIGHT:
			return _t.tr("Right click")
		MOUSE_BUTTON_MIDDLE:
			return _t.tr("Middle click")
	return ""


# Hints -------------------------------------------------------------------------------------


## The words of the first minutes' hint [param id] ([HintCoach]), with [param key] the key
## it names.
static func hint(id: StringName, key: String) -> String:
	match id:
		&"genesis_cannot_fight":
			var why := _t.tr("Genesis cannot fight: towers do.")
			return (
				why
				+ " "
				+ _t.tr("Build them (%s) where drones and aliens pass,") % key
				+ (" " + _t.tr("and keep Genesis away from aliens."))
			)
		&"connect_shafts":
			var what := _t.tr("Shafts bring materials:")
			return what + " " + _t.tr("stand on a shaft (blue) and press %s to connect it.") % key
		&"restore_beacons":
			var what := _t.tr("Beacons:")
			return (
				what
				+ " "
				+ _t.tr("stand on or next to one and hold %s to restore it with materials.") % key
			)
		&"build_towers":
			var what := _t.tr("%s: build mode.") % key
			return (
				what
				+ " "
				+ _t.tr("Towers shoot drones and aliens: click a green cell to build one.")
			)
	return ""


## The hint's close button.
static func close_hint(key: String) -> String:
	return _t.tr("Close (%s)") % key
