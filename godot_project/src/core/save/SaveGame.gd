class_name SaveGame
extends RefCounted
## The save-game format of [OutpostGame] (JSON): the one place that writes it
## ([method write], [method save]), checks it ([method check]) and applies it to a game
## ([method apply], [method restore]). A save is the whole game: loading it and running N
## ticks gives the game that running N ticks from the save would have given
## ([method state_hash] equal).
##
## Format 2 (written). Top-level keys: [code]format[/code], [code]saved_at[/code] (Unix
## seconds; the only key that is not game state), [code]seed[/code] (a string: 64-bit
## seeds do not survive JSON numbers), [code]level[/code], [code]storeys[/code] (above
## ground; the building always has its UNDERGROUND storey too), [code]materials[/code],
## [code]time[/code] (game seconds), [code]reclaimed[/code], [code]trickle[/code] (0 before
## the reclaim), [code]loop[/code] (the loop's clock and hands: [code]{tick, interacting,
## pressed, since_attack, reclaim_time}[/code] and the accounts [code]{earned, spent,
## lost}[/code], which saves written before them lack: [method OutpostLoop.get_state]),
## [code]towers[/code] ([code]{floor, cell, tier, health, cooldown}[/code]; [code]tier[/code]
## indexes the rules' [member OutpostRules.tower_tiers]), [code]beacons[/code]
## ([code]{floor, cell, health, max_health, restored_once}[/code], every beacon; a save
## without [code]max_health[/code], written before it grew with the level, means the
## rules' [member OutpostRules.beacon_max_health]), [code]shafts[/code]
## (the connected ones, [code]{floor, cell, state}[/code], [enum
## ShaftConnector.Throughput]), [code]genesis[/code] ([code]{floor, cell, health, state,
## on_staircase}[/code], [code]state[/code] its exact position, velocity and route:
## [method OutpostGenesis.get_state]), [code]waves[/code] (each entry point's schedule and
## its live drones and aliens, [method EntryPoint.get_progress]; a format-2 save without
## the aliens counts none), [code]view[/code] ([code]{floor,
## travel_mode, zoom}[/code]), [code]swarms[/code] (per floor, [code]{floor, state}[/code]:
## [method StoreySwarm.save_state] in base64, agents, tick, ids, streams and the kind table
## included), [code]scrap[/code] (per floor, [code]{floor, cells}[/code]:
## [method ScrapField.get_state]) and [code]alerts[/code] ([method GameAlerts.get_state]).
## Numbers are written exactly (JSON doubles at full precision).
##
## Format 1 (read): the same without [code]saved_at[/code], [code]loop[/code],
## [code]view[/code], [code]swarms[/code], [code]scrap[/code], [code]alerts[/code], the
## towers' cooldowns, the shafts' states, Genesis's state and the entries' drones. Loading
## one means: no agent alive (every swarm empty, its clock at 0), towers ready to fire,
## connected shafts idle until the next tick, Genesis at its cell's centre with no route,
## the loop's clock at the saved time, interact released, Genesis not bitten lately, the
## view on Genesis's floor in preview mode, no scrap, no alert showing.
##
## A floor is an index into the building's layouts, bottom first (the UNDERGROUND storey is
## floor 0); cells are [code][x, y][/code] lists. JSON numbers come back as floats:
## [method check] accepts a float that holds a whole number wherever an integer is meant.

## The format this code writes.
const FORMAT := 2
## The oldest format this code reads.
const OLDEST_FORMAT := 1

var _error := ""
var _format := FORMAT
# The towers of each floor, once checked: {floor: [cell, ...]}.
var _tower_cells: Dictionary[int, Array] = {}


## The state of [param game] in this format, as its JSON reads back (numbers are floats):
## everything a save file holds but [code]saved_at[/code].
static func write(game: OutpostGame) -> Dictionary:
	var building := game.building
	var towers: Array = []
	var beacons: Array = []
	var shafts: Array = []
	var waves: Array = []
	var swarms: Array = []
	var scrap: Array = []
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		for tower in storey.get_towers().all():
			(
				towers
				. append(
					{
						"floor": index,
						"cell": _list_of(tower.cell),
						"tier": tower.tier_index,
						"health": tower.health,
						"cooldown": tower.get_cooldown(),
					}
				)
			)
		for beacon in storey.get_beacons():
			(
				beacons
				. append(
					{
						"floor": index,
						"cell": _list_of(beacon.cell),
						"health": beacon.get_health(),
						"max_health": beacon.max_health,
						"restored_once": beacon.restored_once,
					}
				)
			)
		for shaft in storey.get_shafts():
			if shaft.throughput != ShaftConnector.Throughput.DISCONNECTED:
				shafts.append(
					{"floor": index, "cell": _list_of(shaft.cell), "state": shaft.throughput}
				)
		for entry in storey.get_entries():
			var wave := entry.get_progress()
			wave["floor"] = index
			wave["cell"] = _list_of(entry.cell)
			waves.append(wave)
		var swarm := storey.get_swarm()
		swarms.append({"floor": index, "state": Marshalls.raw_to_base64(swarm.save_state())})
		scrap.append({"floor": index, "cells": storey.get_scrap().get_state()})
	var loop := game.loop.get_state()
	for key in ["materials", "time", "reclaimed", "trickle", "defeated"]:
		loop.erase(key)
	var state := {
		"format": FORMAT,
		"seed": str(game.building_seed),
		"level": game.outpost_level,
		"storeys": game.storey_count,
		"materials": game.loop.materials,
		"time": game.loop.elapsed,
		"reclaimed": game.loop.is_reclaimed(),
		"trickle": game.loop.trickle,
		"loop": loop,
		"towers": towers,
		"beacons": beacons,
		"shafts": shafts,
		"genesis":
		{
			"floor": building.genesis_floor,
			"cell": _list_of(game.genesis.current_cell()),
			"health": game.genesis.health,
			"state": game.genesis.get_state(),
			"on_staircase": game.genesis.is_on_staircase(),
		},
		"waves": waves,
		"view":
		{
			"floor": building.viewed_floor,
			"travel_mode": building.travel_mode,
			"zoom": game.camera.zoom,
		},
		"swarms": swarms,
		"scrap": scrap,
		"alerts": game.alerts.get_state(),
	}
	return JSON.parse_string(JSON.stringify(state, "", false, true))


## A digest of [param game]'s state: SHA-256 over [method write] as canonical JSON (keys
## sorted, doubles exact), its first eight bytes as an integer. Equal hashes mean equal
## games.
static func state_hash(game: OutpostGame) -> int:
	var state := write(game)
	var context := HashingContext.new()
	context.start(HashingContext.HASH_SHA256)
	context.update(JSON.stringify(state, "", true, true).to_utf8_buffer())
	return context.finish().decode_s64(0)


## Writes [method write] of [param game] to [param path], with the time of the save
## ([code]saved_at[/code], Unix seconds: not game state); the error of the write otherwise
## (after [method @GlobalScope.push_error]).
static func save(game: OutpostGame, path: String) -> Error:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		var error := FileAccess.get_open_error()
		push_error("SaveGame.save: cannot write %s: %s" % [path, error_string(error)])
		return error
	var state := write(game)
	state["saved_at"] = int(Time.get_unix_time_from_system())
	file.store_string(JSON.stringify(state, "\t", false, true))
	file.close()
	return OK


## Loads the file at [param path] into [param game]: the building is built again from its
## seed and the state applied ([method apply]). A missing, garbage, truncated,
## wrong-format or tampered file gives [method @GlobalScope.push_error] naming what is
## wrong and a non-OK error, and leaves the running game untouched.
static func restore(game: OutpostGame, path: String) -> Error:
	if not FileAccess.file_exists(path):
		push_error("OutpostGame.load_game: %s does not exist" % path)
		return ERR_FILE_NOT_FOUND
	var text := FileAccess.get_file_as_string(path)
	var json := JSON.new()
	if json.parse(text) != OK:
		push_error(
			(
				"OutpostGame.load_game: %s is not JSON: line %d: %s"
				% [path, json.get_error_line(), json.get_error_message()]
			)
		)
		return ERR_PARSE_ERROR
	var problem := check(json.data, game.loop.rules)
	if not problem.is_empty():
		push_error("OutpostGame.load_game: %s: %s" % [path, problem])
		return ERR_INVALID_DATA
	apply(game, json.data)
	return OK


## Applies [param data] (a file that passed [method check]) to [param game]: rebuilds it
## from the file's seed, level and storeys, then puts back every part, in the order the
## parts depend on each other: Genesis, the towers (before the swarms, whose saved state
## names the towers they saw), the swarms, beacons, shafts, waves, scrap, the loop, the
## view and the alerts. Keys a format-1 file lacks mean what the class doc says.
static func apply(game: OutpostGame, data: Dictionary) -> void:
	game.outpost_level = int(data["level"])
	game.storey_count = int(data["storeys"])
	game.rebuild((data["seed"] as String).to_int())
	var loop := game.loop
	var building := game.building
	var g: Dictionary = data["genesis"]
	building.place_genesis(int(g["floor"]), _cell_of(g["cell"]))
	game.genesis.set_state(g.get("state", {}))
	var staircase := building.get_staircase(int(g["floor"]))
	if g.get("on_staircase", false) and staircase != null:
		game.genesis.enter_staircase(staircase)
	game.genesis.health = g["health"]
	game.genesis.health_changed.emit(game.genesis.health, game.genesis.stats.max_health)
	for t: Dictionary in data["towers"]:
		var tier := int(t["tier"])
		var floor_index := int(t["floor"])
		var cell := _cell_of(t["cell"])
		var tower := building.get_storey(floor_index).get_towers().add(
			cell, tier, loop.rules.tier(tier)
		)
		tower.set_health(t["health"])
		tower.set_cooldown(t.get("cooldown", 0.0))
		loop.adopt_tower(tower, floor_index, cell)
	for item: Dictionary in data.get("swarms", []):
		var swarm := building.get_swarm(int(item["floor"]))
		swarm.load_state(Marshalls.base64_to_raw(item["state"]))
	for b: Dictionary in data["beacons"]:
		for beacon in building.get_storey(int(b["floor"])).get_beacons():
			if beacon.cell == _cell_of(b["cell"]):
				beacon.max_health = b.get("max_health", game.loop.rules.beacon_max_health)
				beacon.set_state(b["health"], b["restored_once"])
	for shaft_data: Dictionary in data["shafts"]:
		for shaft in building.get_storey(int(shaft_data["floor"])).get_shafts():
			if shaft.cell == _cell_of(shaft_data["cell"]):
				shaft.throughput = int(shaft_data.get("state", ShaftConnector.Throughput.IDLE))
	for w: Dictionary in data["waves"]:
		for entry in building.get_storey(int(w["floor"])).get_entries():
			if entry.cell == _cell_of(w["cell"]):
				entry.set_progress(w)
	for item: Dictionary in data.get("scrap", []):
		building.get_storey(int(item["floor"])).get_scrap().set_state(item["cells"])
	var state: Dictionary = data.get("loop", {}).duplicate()
	for key in ["materials", "time", "reclaimed", "trickle"]:
		state[key] = data[key]
	loop.set_state(state)
	var view: Dictionary = data.get("view", {})
	building.set_viewed_floor(int(view.get("floor", building.genesis_floor)))
	building.travel_mode = view.get("travel_mode", false)
	game.camera.zoom = view.get("zoom", game.camera.zoom)
	game.alerts.set_state(data.get("alerts", {}))


## "" if [param data] (a parsed save file) is a game [param rules] can load, else what is
## wrong with it, naming the key and the value: a missing or mistyped key, a number that
## is negative or not finite, a tower that is not on an EMPTY cell or would seal a path, a
## beacon, shaft or entry point where the layout has none, Genesis off the walkable cells.
## The layouts are generated again from the file's seed to check against.
static func check(data: Variant, rules: OutpostRules) -> String:
	var reader := SaveGame.new()
	reader._check(data, rules)
	return reader._error


func _check(data: Variant, rules: OutpostRules) -> void:
	var layouts := _header(data)
	if not _error.is_empty():
		return
	var d: Dictionary = data
	var genesis := _genesis(d, layouts)
	if not _error.is_empty():
		return
	_towers(d, layouts, rules, genesis)
	_beacons(d, layouts, rules, d["reclaimed"])
	_places(d, "shafts", layouts, StoreyLayout.CellType.SHAFT, "shaft")
	var waves := _places(d, "waves", layouts, StoreyLayout.CellType.ENTRY, "entry point")
	for i in waves.size():
		var where := "waves[%d]" % i
		for key in ["wave", "in_wave", "spawned"]:
			_int(waves[i], key, where, 0, 1 << 30)
		_number(waves[i], "timer", where, -1.0)
		if _format >= 2:
			_whole_numbers(waves[i], "drones", where)
			if waves[i].has("aliens"):
				_whole_numbers(waves[i], "aliens", where)
	if _format >= 2 and _error.is_empty():
		_check_format_2(d, layouts, rules)


# What format 2 adds: the loop's hands, towers' cooldowns, shafts' states, Genesis's state,
# the view, the swarms (each loaded into a scratch swarm with the floor's towers), the
# scrap and the alerts.
func _check_format_2(d: Dictionary, layouts: Array[StoreyLayout], rules: OutpostRules) -> void:
	var loop := _object(d, "loop", "")
	_int(loop, "tick", "loop", 0, 1 << 52)
	_bool(loop, "interacting", "loop")
	_bool(loop, "pressed", "loop")
	_number(loop, "since_attack", "loop", -1.0)
	_number(loop, "reclaim_time", "loop", -1.0)
	for key in ["earned", "spent", "lost"]:
		if loop.has(key):
			_number(loop, key, "loop", 0.0)
	for i in (d["towers"] as Array).size():
		_number(d["towers"][i], "cooldown", "towers[%d]" % i, -1e6)
	for i in (d["shafts"] as Array).size():
		var idle := ShaftConnector.Throughput.IDLE
		_int(d["shafts"][i], "state", "shafts[%d]" % i, idle, ShaftConnector.Throughput.BLOCKED)
	_bool(d["genesis"], "on_staircase", "genesis")
	var genesis := _object(d["genesis"], "state", "genesis")
	for key in ["position", "velocity"]:
		var v: Variant = genesis.get(key)
		var ok: bool = v is Array and (v as Array).size() == 3
		for c: Variant in v if ok else []:
			ok = ok and c is float and is_finite(c)
		if not ok:
			_fail("genesis.state.%s is %s, not [x, y, z]" % [key, v])
	var route := _list_of_cells(genesis, "route", "genesis.state")
	for cell in route:
		if _error.is_empty() and not layouts[int(d["genesis"]["floor"])].is_walkable(cell):
			_fail("genesis.state.route goes through %s, which is not walkable" % _text(cell))
	_int(genesis, "route_index", "genesis.state", 0, route.size())
	var view := _object(d, "view", "")
	_int(view, "floor", "view", 0, layouts.size() - 1)
	_bool(view, "travel_mode", "view")
	_number(view, "zoom", "view", 0.0)
	_check_swarms(d, layouts, rules)
	for item in _per_floor(d, "scrap", layouts):
		for cell: Variant in _list(item, "cells"):
			var ok: bool = cell is Array and (cell as Array).size() == 3
			for c: Variant in cell if ok else []:
				ok = ok and c is float and is_finite(c)
			if (
				not ok
				or cell[2] <= 0.0
				or not layouts[int(item["floor"])].is_walkable(Vector2i(int(cell[0]), int(cell[1])))
			):
				return _fail("scrap: %s is not [x, y, amount] on a walkable cell" % [cell])
	var alerts := _object(d, "alerts", "")
	for alert: Variant in _list(alerts, "showing"):
		if not alert is Array or (alert as Array).size() != 2 or not alert[0] is String:
			return _fail("alerts.showing: %s is not [text, tick]" % [alert])
	if not alerts.get("hits") is Dictionary or not alerts.get("said") is Array:
		_fail("alerts has no hits object or said list")


func _check_swarms(d: Dictionary, layouts: Array[StoreyLayout], rules: OutpostRules) -> void:
	for item in _per_floor(d, "swarms", layouts):
		var floor_index := int(item["floor"])
		var text: Variant = item.get("state")
		var bytes := Marshalls.base64_to_raw(text) if text is String else PackedByteArray()
		if bytes.is_empty():
			return _fail("swarms: floor %d's state is %s, not base64" % [floor_index, text])
		var swarm := StoreySwarm.new()
		var ok := swarm.setup(layouts[floor_index], 0) and swarm.set_kinds(rules.agent_kinds)
		for cell: Vector2i in _tower_cells.get(floor_index, []):
			ok = ok and swarm.get_navigator().place_tower(cell)
		ok = ok and swarm.load_state(bytes)
		swarm.free()
		if not ok:
			return _fail(
				"swarms: floor %d's state cannot be loaded (see the error above)" % floor_index
			)


# The objects of list `key`: one per floor, each with its floor.
func _per_floor(d: Dictionary, key: String, layouts: Array[StoreyLayout]) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var items := _list(d, key)
	for i in items.size():
		if not items[i] is Dictionary:
			_fail("%s[%d] is %s, not an object" % [key, i, items[i]])
			return out
		_int(items[i], "floor", "%s[%d]" % [key, i], i, i)
		out.append(items[i])
	if _error.is_empty() and items.size() != layouts.size():
		_fail("%s lists %d floors; the building has %d" % [key, items.size(), layouts.size()])
	if not _error.is_empty():
		out.clear()
	return out


# The top-level numbers and flags, and the building's layouts made again from the seed
# (empty after a failure).
func _header(data: Variant) -> Array[StoreyLayout]:
	var none: Array[StoreyLayout] = []
	if not data is Dictionary:
		_fail("the file is not a JSON object")
		return none
	var d: Dictionary = data
	var format: Variant = d.get("format")
	if not format is float or not (format as float) in [1.0, 2.0]:
		_fail(
			(
				"format is %s, not %d..%d (a newer game's save?)"
				% [d.get("format", "missing"), OLDEST_FORMAT, FORMAT]
			)
		)
		return none
	_format = int(format)
	var seed_text: Variant = d.get("seed")
	if not seed_text is String or not (seed_text as String).is_valid_int():
		_fail("seed is %s, not a string of digits" % [seed_text])
		return none
	var level := _int(
		d, "level", "", StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL
	)
	var storeys := _int(d, "storeys", "", StoreyGenerator.MIN_STOREYS, StoreyGenerator.MAX_STOREYS)
	_number(d, "materials", "", 0.0)
	_number(d, "time", "", 0.0)
	var reclaimed := _bool(d, "reclaimed", "")
	var trickle := _number(d, "trickle", "", 0.0)
	if _error.is_empty() and not reclaimed and trickle != 0.0:
		_fail("trickle is %s but the building is not reclaimed" % trickle)
	if not _error.is_empty():
		return none
	var layouts := StoreyGenerator.generate_building(
		(seed_text as String).to_int(), storeys, level, true
	)
	if layouts.size() != storeys + 1:
		_fail("no building for seed %s, level %d, %d storeys" % [seed_text, level, storeys])
		return none
	return layouts


# Genesis: [floor, cell] once checked.
func _genesis(d: Dictionary, layouts: Array[StoreyLayout]) -> Array:
	var g: Variant = d.get("genesis")
	if not g is Dictionary:
		_fail("genesis is %s, not an object" % [g])
		return []
	var floor_index := _int(g, "floor", "genesis", 0, layouts.size() - 1)
	var cell := _cell(g, "genesis")
	var health := _number(g, "health", "genesis", 0.0)
	if not _error.is_empty():
		return []
	if health <= 0.0:
		_fail("genesis.health is %s: Genesis must be alive" % health)
	elif not layouts[floor_index].is_walkable(cell):
		_fail("genesis.cell %s of floor %d is not walkable" % [_text(cell), floor_index])
	return [floor_index, cell]


func _towers(
	d: Dictionary, layouts: Array[StoreyLayout], rules: OutpostRules, genesis: Array
) -> void:
	var towers := _list(d, "towers")
	var navigators: Array[StoreyNavigator] = []
	for index in layouts.size():
		var navigator := StoreyNavigator.create(layouts[index])
		var required: Array = []
		if index == 0:
			required.append(ControlRoom.console_cell(layouts[0]))
		if index == genesis[0] and not required.has(genesis[1]):
			required.append(genesis[1])
		navigator.set_required_cells(required)
		navigators.append(navigator)
	for i in towers.size():
		var where := "towers[%d]" % i
		if not towers[i] is Dictionary:
			return _fail("%s is %s, not an object" % [where, towers[i]])
		var floor_index := _int(towers[i], "floor", where, 0, layouts.size() - 1)
		var cell := _cell(towers[i], where)
		var tier := _int(towers[i], "tier", where, 0, rules.tower_tiers.size() - 1)
		var health := _number(towers[i], "health", where, 0.0)
		if not _error.is_empty():
			return
		if health <= 0.0 or health > rules.tier(tier).max_health:
			return _fail(
				"%s.health is %s, not in (0, %s]" % [where, health, rules.tier(tier).max_health]
			)
		var refusal := navigators[floor_index].get_tower_refusal(cell)
		if not refusal.is_empty():
			return _fail(
				"%s: a tower on %s of floor %d: %s" % [where, _text(cell), floor_index, refusal]
			)
		navigators[floor_index].place_tower(cell)
		var cells: Array = _tower_cells.get_or_add(floor_index, [])
		cells.append(cell)


func _beacons(
	d: Dictionary, layouts: Array[StoreyLayout], rules: OutpostRules, reclaimed: bool
) -> void:
	var beacons := _places(d, "beacons", layouts, StoreyLayout.CellType.BEACON, "beacon")
	var total := 0
	for layout in layouts:
		total += layout.beacon_cells.size()
	if _error.is_empty() and beacons.size() != total:
		return _fail("beacons lists %d beacons; the building has %d" % [beacons.size(), total])
	for i in beacons.size():
		var where := "beacons[%d]" % i
		var full := rules.beacon_max_health
		if beacons[i].has("max_health"):
			full = _number(beacons[i], "max_health", where, 1.0)
		var health := _number(beacons[i], "health", where, 0.0)
		_bool(beacons[i], "restored_once", where)
		if _error.is_empty() and health > full:
			_fail("%s.health is %s, above the %s of a full beacon" % [where, health, full])
		if _error.is_empty() and reclaimed and health < full:
			_fail(
				(
					"%s.health is %s but the building is reclaimed (every beacon full)"
					% [where, health]
				)
			)


# The objects of list `key`, each on a cell of `cell_type` of its floor, none twice.
func _places(
	d: Dictionary, key: String, layouts: Array[StoreyLayout], cell_type: int, what: String
) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var seen := {}
	var items := _list(d, key)
	for i in items.size():
		var where := "%s[%d]" % [key, i]
		if not items[i] is Dictionary:
			_fail("%s is %s, not an object" % [where, items[i]])
			return out
		var floor_index := _int(items[i], "floor", where, 0, layouts.size() - 1)
		var cell := _cell(items[i], where)
		if not _error.is_empty():
			return out
		if layouts[floor_index].get_cell(cell) != cell_type:
			_fail("%s: floor %d has no %s on %s" % [where, floor_index, what, _text(cell)])
			return out
		if seen.has([floor_index, cell]):
			_fail("%s: %s of floor %d is listed twice" % [where, _text(cell), floor_index])
			return out
		seen[[floor_index, cell]] = true
		out.append(items[i])
	return out


func _object(d: Dictionary, key: String, where: String) -> Dictionary:
	var name := key if where.is_empty() else "%s.%s" % [where, key]
	var v: Variant = d.get(key)
	if not v is Dictionary:
		_fail("%s is %s, not an object" % [name, v])
		return {}
	return v


func _whole_numbers(d: Dictionary, key: String, where: String) -> void:
	var v: Variant = d.get(key)
	var ok := v is Array
	for n: Variant in v if ok else []:
		ok = ok and n is float and n == floorf(n) and n >= 0.0
	if not ok:
		_fail("%s.%s is %s, not a list of whole numbers" % [where, key, v])


func _list_of_cells(d: Dictionary, key: String, where: String) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	var v: Variant = d.get(key)
	if not v is Array:
		_fail("%s.%s is %s, not a list of cells" % [where, key, v])
		return out
	for item: Variant in v:
		_cell({"cell": item}, "%s.%s[%d]" % [where, key, out.size()])
		out.append(
			_cell_of(item) if item is Array and (item as Array).size() == 2 else Vector2i.ZERO
		)
	return out


func _list(d: Dictionary, key: String) -> Array:
	var v: Variant = d.get(key)
	if not v is Array:
		_fail("%s is %s, not a list" % [key, v])
		return []
	return v


func _number(d: Dictionary, key: String, where: String, at_least: float) -> float:
	var name := key if where.is_empty() else "%s.%s" % [where, key]
	var v: Variant = d.get(key)
	if not v is float or not is_finite(v):
		_fail("%s is %s, not a number" % [name, v])
		return 0.0
	if v < at_least:
		_fail("%s is %s, below %s" % [name, v, at_least])
	return v


func _int(d: Dictionary, key: String, where: String, lo: int, hi: int) -> int:
	var name := key if where.is_empty() else "%s.%s" % [where, key]
	var v: Variant = d.get(key)
	if not v is float or not is_finite(v) or v != floorf(v):
		_fail("%s is %s, not a whole number" % [name, v])
		return lo
	if v < lo or v > hi:
		_fail("%s is %d, not in %d..%d" % [name, int(v), lo, hi])
		return lo
	return int(v)


func _bool(d: Dictionary, key: String, where: String) -> bool:
	var name := key if where.is_empty() else "%s.%s" % [where, key]
	var v: Variant = d.get(key)
	if not v is bool:
		_fail("%s is %s, not true or false" % [name, v])
		return false
	return v


func _cell(d: Dictionary, where: String) -> Vector2i:
	var v: Variant = d.get("cell")
	var ok: bool = v is Array and (v as Array).size() == 2
	if ok:
		for c: Variant in v:
			ok = ok and c is float and c == floorf(c) and absf(c) < 1e6
	if not ok:
		_fail("%s.cell is %s, not [x, y]" % [where, v])
		return Vector2i(-1, -1)
	return Vector2i(int(v[0]), int(v[1]))


func _fail(message: String) -> void:
	if _error.is_empty():
		_error = message


static func _text(cell: Vector2i) -> String:
	return "[%d, %d]" % [cell.x, cell.y]


static func _list_of(cell: Vector2i) -> Array:
	return [cell.x, cell.y]


static func _cell_of(cell: Array) -> Vector2i:
	return Vector2i(int(cell[0]), int(cell[1]))
