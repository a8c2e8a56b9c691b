class_name BuildingCheck
extends RefCounted
## The check of a saved building ([method OutpostBuilding.check_state]), apart because it
## works on layouts, not on a built building: nothing is built until every part of a file
## passed.


## "" if [param data] is a building's state, else what is wrong. Reads the layouts the
## save's envelope generated ([method SaveEnvelope.of]: the seed, level and storeys, read
## and checked once, the layouts generated once into [code]context.layouts[/code], where
## every later check and the load itself read them); checks Genesis's place (a walkable
## cell) into [code]context.genesis[/code] ([floor, cell]) and every floor
## ([method OutpostStorey.check_state]), with the console's cell and Genesis's kept
## reachable. Sets [code]context.beacons_full[/code] (whether every beacon is full) and
## [code]context.waves_started[/code] (the furthest wave any entry has started, the bound
## of the wave the alerts announced).
static func check(data: Dictionary, context: Dictionary) -> String:
	var opened := "" if context.has("envelope") else SaveEnvelope.open({"building": data}, context)
	if not opened.is_empty():
		return opened
	var envelope := SaveEnvelope.of(context)
	var underground := envelope.underground
	var made := envelope.layouts
	var check := StateCheck.new()
	var g := check.object(data, "genesis", "building")
	var floor_index := check.whole(g, "floor", "building.genesis", 0, made.size() - 1)
	var cell := check.cell(g, "building.genesis")
	if g.has("on_staircase") or context.get("format", 3) >= 2:
		check.flag(g, "on_staircase", "building.genesis")
	if check.is_ok() and not made[floor_index].is_walkable(cell):
		check.fail(
			(
				"building.genesis.cell %s of floor %d is not walkable"
				% [StateCheck.text_of(cell), floor_index]
			)
		)
	var floors := check.objects(data, "floors", "building")
	if check.is_ok() and floors.size() != made.size():
		check.fail(
			"building.floors lists %d floors; the building has %d" % [floors.size(), made.size()]
		)
	if not check.is_ok():
		return check.problem()
	context["genesis"] = [floor_index, cell]
	var full := true
	var waves := 0
	for index in made.size():
		var inner := context.duplicate()
		inner["layout"] = made[index]
		inner["where"] = "building.floors[%d]" % index
		var required: Array[Vector2i] = []
		if underground and index == 0:
			required.append(ControlRoom.console_cell(made[0]))
		if index == floor_index and not cell in required:
			required.append(cell)
		inner["required"] = required
		var problem := OutpostStorey.check_state(floors[index], inner)
		if not problem.is_empty():
			return problem
		for beacon: Dictionary in floors[index]["beacons"]:
			full = full and beacon["health"] >= beacon["max_health"]
		for entry: Dictionary in floors[index]["entries"]:
			waves = maxi(waves, int(entry["wave"]) + int(entry["in_wave"] > 0))
	context["beacons_full"] = full
	context["waves_started"] = waves
	return ""
