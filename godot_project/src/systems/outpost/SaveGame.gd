class_name SaveGame
extends RefCounted
## The save-game format of [OutpostGame] (JSON): the one place that writes it
## ([method write], [method save]), checks it ([method check]) and applies it to a game
## ([method apply], [method restore]).
##
## Top-level keys: [code]format[/code] (1), [code]seed[/code] (a string: 64-bit seeds do
## not survive JSON numbers), [code]level[/code], [code]storeys[/code] (above ground; the
## building always has its UNDERGROUND storey too), [code]materials[/code],
## [code]time[/code] (game seconds), [code]towers[/code] ([code]{floor, cell, tier,
## health}[/code]; [code]tier[/code] indexes the rules' [member OutpostRules.tower_tiers]),
## [code]beacons[/code] ([code]{floor, cell, health, restored_once}[/code], every beacon
## of the building), [code]shafts[/code] (the connected ones, [code]{floor, cell}[/code]),
## [code]reclaimed[/code], [code]trickle[/code] (0 before the reclaim),
## [code]genesis[/code] ([code]{floor, cell, health}[/code]) and [code]waves[/code] (each
## entry point's schedule, [code]{floor, cell, wave, in_wave, timer, spawned}[/code]). A
## floor is an index into the building's layouts, bottom first (the UNDERGROUND storey is
## floor 0); cells are [code][x, y][/code] lists. JSON numbers come back as floats:
## [method check] accepts a float that holds a whole number wherever an integer is meant.

## The format this code writes and reads.
const FORMAT := 1

var _error := ""


## The state of [param game] in this format, as its JSON reads back (numbers are floats).
static func write(game: OutpostGame) -> Dictionary:
	var building := game.building
	var towers: Array = []
	var beacons: Array = []
	var shafts: Array = []
	var waves: Array = []
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
						"restored_once": beacon.restored_once,
					}
				)
			)
		for shaft in storey.get_shafts():
			if shaft.throughput != ShaftConnector.Throughput.DISCONNECTED:
				shafts.append({"floor": index, "cell": _list_of(shaft.cell)})
		for entry in storey.get_entries():
			var wave := entry.get_progress()
			wave["floor"] = index
			wave["cell"] = _list_of(entry.cell)
			waves.append(wave)
	var state := {
		"format": FORMAT,
		"seed": str(game.building_seed),
		"level": game.outpost_level,
		"storeys": game.storey_count,
		"materials": game.loop.materials,
		"time": game.loop.elapsed,
		"towers": towers,
		"beacons": beacons,
		"shafts": shafts,
		"reclaimed": game.loop.is_reclaimed(),
		"trickle": game.loop.trickle,
		"genesis":
		{
			"floor": building.genesis_floor,
			"cell": _list_of(game.genesis.current_cell()),
			"health": game.genesis.health,
		},
		"waves": waves,
	}
	return JSON.parse_string(JSON.stringify(state, "", false, true))


## Writes [method write] of [param game] to [param path]; the error of the write
## otherwise (after [method @GlobalScope.push_error]).
static func save(game: OutpostGame, path: String) -> Error:
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		var error := FileAccess.get_open_error()
		push_error("SaveGame.save: cannot write %s: %s" % [path, error_string(error)])
		return error
	file.store_string(JSON.stringify(write(game), "\t", false, true))
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
## from the file's seed, level and storeys, then sets materials, time, Genesis, towers,
## beacons, shafts, waves and the reclaim.
static func apply(game: OutpostGame, data: Dictionary) -> void:
	game.outpost_level = int(data["level"])
	game.storey_count = int(data["storeys"])
	game.rebuild((data["seed"] as String).to_int())
	var loop := game.loop
	var building := game.building
	loop.materials = data["materials"]
	loop.elapsed = data["time"]
	var g: Dictionary = data["genesis"]
	building.place_genesis(int(g["floor"]), _cell_of(g["cell"]))
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
		loop.adopt_tower(tower, floor_index, cell)
	for b: Dictionary in data["beacons"]:
		for beacon in building.get_storey(int(b["floor"])).get_beacons():
			if beacon.cell == _cell_of(b["cell"]):
				beacon.set_state(b["health"], b["restored_once"])
	for shaft_data: Dictionary in data["shafts"]:
		for shaft in building.get_storey(int(shaft_data["floor"])).get_shafts():
			if shaft.cell == _cell_of(shaft_data["cell"]):
				shaft.throughput = ShaftConnector.Throughput.IDLE
	for w: Dictionary in data["waves"]:
		for entry in building.get_storey(int(w["floor"])).get_entries():
			if entry.cell == _cell_of(w["cell"]):
				entry.set_progress(w)
	if data["reclaimed"]:
		loop.resume_reclaimed(data["trickle"], data["time"])


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


# The top-level numbers and flags, and the building's layouts made again from the seed
# (empty after a failure).
func _header(data: Variant) -> Array[StoreyLayout]:
	var none: Array[StoreyLayout] = []
	if not data is Dictionary:
		_fail("the file is not a JSON object")
		return none
	var d: Dictionary = data
	if not d.get("format") is float or d["format"] != FORMAT:
		_fail("format is %s, not %d" % [d.get("format", "missing"), FORMAT])
		return none
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


func _beacons(
	d: Dictionary, layouts: Array[StoreyLayout], rules: OutpostRules, reclaimed: bool
) -> void:
	var beacons := _places(d, "beacons", layouts, StoreyLayout.CellType.BEACON, "beacon")
	var total := 0
	for layout in layouts:
		total += layout.beacon_cells.size()
	if _error.is_empty() and beacons.size() != total:
		return _fail("beacons lists %d beacons; the building has %d" % [beacons.size(), total])
	var full := rules.beacon_max_health
	for i in beacons.size():
		var where := "beacons[%d]" % i
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
