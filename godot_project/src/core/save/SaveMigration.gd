class_name SaveMigration
extends RefCounted
## Brings a save of an older format up to [constant SaveGame.FORMAT], keeping what the
## older format meant. Formats 1 and 2 held the whole game in one flat object: top-level
## [code]seed[/code] (a string), [code]level[/code], [code]storeys[/code],
## [code]materials[/code], [code]time[/code], [code]reclaimed[/code], [code]trickle[/code],
## and lists with a [code]floor[/code] (and [code]cell[/code]) in every item:
## [code]towers[/code] ([code]{tier, health, cooldown}[/code]), [code]beacons[/code]
## ([code]{health, max_health, restored_once}[/code]), [code]shafts[/code] (the connected
## ones, [code]{state}[/code]), [code]waves[/code] (an entry's schedule, its
## [code]drones[/code] and [code]aliens[/code] ids), [code]swarms[/code]
## ([code]{state}[/code] in base64), [code]scrap[/code] ([code]{cells}[/code]); and
## [code]genesis[/code] ([code]{floor, cell, health, state, on_staircase}[/code]),
## [code]loop[/code] ([code]{tick, interacting, pressed, since_attack, reclaim_time,
## earned, spent, lost}[/code]), [code]view[/code] ([code]{floor, travel_mode,
## zoom}[/code]) and [code]alerts[/code].
## [br]What a key an older file lacks means: a beacon without [code]max_health[/code] has
## the rules' [member OutpostRules.beacon_max_health]; without [code]earned[/code] and the
## other accounts, what the file carries counts as earned; an entry without
## [code]aliens[/code] counts none. Format 1 also lacks [code]loop[/code],
## [code]view[/code], [code]swarms[/code], [code]scrap[/code], [code]alerts[/code], the
## towers' cooldowns, the shafts' states, Genesis's state, [code]genesis.on_staircase[/code]
## and the entries' drones: loading one means no agent alive (every swarm empty, its clock
## at 0), towers ready to fire, connected shafts idle until the next tick, Genesis at its
## cell's centre with no route and not put on the staircase, the loop's clock at the saved
## time, interact released, Genesis not bitten lately, the view on Genesis's floor in
## preview mode, no scrap, no alert showing.


## [param data] (a parsed save file) in this format, or a String saying why it cannot be
## read. [code]context.format[/code] is set to the file's own format and
## [code]context.optional[/code] to the parts the file may lack; [code]context.rules[/code]
## gives older files their defaults.
static func to_current(data: Variant, context: Dictionary) -> Variant:
	if not data is Dictionary:
		return "the file is not a JSON object"
	var d: Dictionary = data
	var format: Variant = d.get("format")
	var known := range(SaveGame.OLDEST_FORMAT, SaveGame.FORMAT + 1)
	if not format is float or not int(format) in known or format != floorf(format):
		return (
			"format is %s, not %d..%d (a newer game's save?)"
			% [d.get("format", "missing"), SaveGame.OLDEST_FORMAT, SaveGame.FORMAT]
		)
	context["format"] = int(format)
	context["optional"] = ["surface"] if int(format) >= 2 else ["view", "alerts", "surface"]
	# Format 3 is format 4 without the building's rooms (SaveEnvelope reads their absence).
	if int(format) >= 3:
		return d
	return _from_flat(d, context)


# Formats 1 and 2: the flat object, regrouped by part (and by floor).
static func _from_flat(d: Dictionary, context: Dictionary) -> Variant:
	var check := StateCheck.new()
	var storeys := check.whole(d, "storeys", "", StoreyGenerator.MIN_STOREYS, 64)
	var floors: Array = []
	for i in storeys + 1:
		floors.append({"towers": [], "beacons": [], "shafts": [], "entries": []})
	_spread(d, "towers", "towers", floors, check)
	_spread(d, "beacons", "beacons", floors, check)
	_spread(d, "shafts", "shafts", floors, check)
	_spread(d, "waves", "entries", floors, check)
	if d.has("swarms"):
		_per_floor(d, "swarms", "swarm", "state", floors, check)
	if d.has("scrap"):
		_per_floor(d, "scrap", "scrap", "cells", floors, check)
	var rules: OutpostRules = context.get("rules")
	for f: Dictionary in floors:
		for beacon: Dictionary in f["beacons"]:
			if not beacon.has("max_health") and rules != null:
				beacon["max_health"] = rules.beacon_max_health
		for entry: Dictionary in f["entries"]:
			if entry.has("drones") or entry.has("aliens"):
				entry["agents"] = {
					"drone": entry.get("drones", []), "alien": entry.get("aliens", [])
				}
				entry.erase("drones")
				entry.erase("aliens")
	var g: Variant = d.get("genesis")
	var genesis: Dictionary = g if g is Dictionary else {}
	var loop: Dictionary = d.get("loop", {}) if d.get("loop") is Dictionary else {}
	var out := {
		"format": SaveGame.FORMAT,
		"building":
		{
			"seed": d.get("seed"),
			"level": d.get("level"),
			"storeys": d.get("storeys"),
			"genesis": _pick(genesis, ["floor", "cell", "on_staircase"]),
			"floors": floors,
		},
		"genesis": _genesis(genesis),
		"ledger": _pick(loop, ["earned", "spent", "lost"]),
		"loop": _pick(loop, ["tick", "since_attack"]),
		"interaction": _pick(loop, ["interacting", "pressed"]),
		"outcome": _pick(loop, ["reclaim_time"]),
	}
	out["ledger"]["materials"] = d.get("materials")
	out["loop"]["time"] = d.get("time")
	out["outcome"]["reclaimed"] = d.get("reclaimed")
	out["outcome"]["trickle"] = d.get("trickle")
	if int(d["format"]) < 2:
		out["interaction"] = {"interacting": false, "pressed": false}
	for key in ["view", "alerts"]:
		if d.has(key):
			out[key] = d[key]
	if not check.is_ok():
		return check.problem()
	return out


# Genesis's body: its saved state and health (position, velocity and route as saved).
static func _genesis(genesis: Dictionary) -> Dictionary:
	var state: Variant = genesis.get("state", {})
	var body: Dictionary = (state as Dictionary).duplicate() if state is Dictionary else {}
	body["health"] = genesis.get("health")
	return body


# Moves the items of list `key` (each with a floor) into floors[floor][into], without
# their floor.
static func _spread(
	d: Dictionary, key: String, into: String, floors: Array, check: StateCheck
) -> void:
	for item in check.objects(d, key):
		var where := "%s[%d]" % [key, (d[key] as Array).find(item)]
		var index := check.whole(item, "floor", where, 0, floors.size() - 1)
		if not check.is_ok():
			return
		var copy := item.duplicate()
		copy.erase("floor")
		floors[index][into].append(copy)


# One item of list `key` per floor, in floor order: floors[i][into] = item[field].
static func _per_floor(
	d: Dictionary, key: String, into: String, field: String, floors: Array, check: StateCheck
) -> void:
	var items := check.objects(d, key)
	if check.is_ok() and items.size() != floors.size():
		check.fail("%s lists %d floors; the building has %d" % [key, items.size(), floors.size()])
	for i in items.size():
		check.whole(items[i], "floor", "%s[%d]" % [key, i], i, i)
		if check.is_ok():
			floors[i][into] = items[i].get(field)
	if into == "swarm":
		for f: Dictionary in floors:
			if f.has("swarm"):
				f["swarm"] = {"agents": f["swarm"]}


static func _pick(d: Dictionary, keys: Array) -> Dictionary:
	var out := {}
	for key: String in keys:
		if d.has(key):
			out[key] = d[key]
	return out
