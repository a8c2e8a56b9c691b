class_name OutpostStorey
extends Node3D
## One storey of an [OutpostBuilding], assembled by [method assemble] in this order, so
## that each part finds what it needs in place: [code]Renderer[/code] (a
## [StoreyRenderer]: its walls collide the moment it has rendered), [code]Swarm[/code] (a
## [StoreySwarm] with the storey's [StoreyNavigator]), [code]Objects[/code] (a
## [StoreyObjectSpawner]; its entry points spawn into the swarm), [code]Towers[/code] (a
## [StoreyTowers]), [code]Scrap[/code] (a [ScrapField]), [code]Machines[/code] (a
## [StoreyMachines]: the factory's machines, on the UNDERGROUND storey only) and, on the
## storey that holds the control room, [code]Console[/code] (a [ConsoleObject] on
## [method ControlRoom.console_cell], a required cell of the navigator).
## [br]Its state ([method get_state]) is its parts' state: the towers ([StoreyTowers]), the
## machines ([StoreyMachines]), the swarm's agents ([method StoreySwarm.save_state]), the
## beacons, shafts and entry points (each [code]{cell, ...}[/code] with its object's
## state) and the scrap ([ScrapField]).

## The storey's layout.
var layout: StoreyLayout


## Builds the storey's parts for [param storey_layout] with [param building]'s look and
## object scenes; [param with_console] adds the control console.
func assemble(storey_layout: StoreyLayout, building: OutpostBuilding, with_console: bool) -> void:
	layout = storey_layout
	var renderer := StoreyRenderer.new()
	renderer.name = "Renderer"
	if building.cell_definitions != null:
		renderer.cell_definitions = building.cell_definitions
	renderer.wall_cutaway = building.wall_cutaway
	add_child(renderer)
	renderer.render(layout)
	var swarm := StoreySwarm.new()
	swarm.name = "Swarm"
	add_child(swarm)
	swarm.setup(layout, layout.seed_value)
	var spawner := StoreyObjectSpawner.new()
	spawner.name = "Objects"
	spawner.beacon_scene = building.beacon_scene
	spawner.entry_scene = building.entry_scene
	spawner.staircase_scene = building.staircase_scene
	spawner.shaft_scene = building.shaft_scene
	add_child(spawner)
	spawner.spawn(layout)
	for entry in get_entries():
		entry.swarm = swarm
	var towers := StoreyTowers.new()
	towers.name = "Towers"
	towers.navigator = swarm.get_navigator()
	towers.swarm = swarm
	towers.layout = layout
	towers.tower_scene = building.tower_scene
	add_child(towers)
	var scrap := ScrapField.new()
	scrap.name = "Scrap"
	add_child(scrap)
	var machines := StoreyMachines.new()
	machines.name = "Machines"
	machines.navigator = swarm.get_navigator()
	machines.layout = layout
	add_child(machines)
	if with_console:
		var console: ConsoleObject = building.console_scene.instantiate()
		console.name = "Console"
		console.cell = ControlRoom.console_cell(layout)
		console.cell_type = StoreyLayout.CellType.EMPTY
		console.layout = layout
		console.position = layout.cell_center(console.cell)
		add_child(console)
		swarm.get_navigator().set_required_cells([console.cell])


## Relays this storey's objects' events through [param building]'s signals, with
## [param index], its floor (the connections go with the objects when the storey is freed).
func relay_to(building: OutpostBuilding, index: int) -> void:
	for beacon in get_beacons():
		beacon.damaged.connect(
			func(amount: float, health: float) -> void:
				building.beacon_damaged.emit(index, beacon, amount, health)
		)
		beacon.restored.connect(func() -> void: building.beacon_restored.emit(index, beacon))
		beacon.progress_changed.connect(
			func(progress: float) -> void:
				building.beacon_progress_changed.emit(index, beacon, progress)
		)
	for shaft in get_shafts():
		shaft.throughput_changed.connect(
			func(state: int, previous: int) -> void:
				building.shaft_changed.emit(index, shaft, state, previous)
		)
	for entry in get_entries():
		entry.wave_started.connect(
			func(wave: int) -> void: building.wave_started.emit(index, entry, wave)
		)
	var swarm := get_swarm()
	swarm.agent_destroyed.connect(
		func(id: int, kind: int, cell: Vector2i) -> void:
			building.agent_destroyed.emit(index, id, kind, cell)
	)
	swarm.agents_changed.connect(
		func(count: int) -> void: building.agents_changed.emit(index, count)
	)
	get_scrap().collected.connect(
		func(cell: Vector2i, amount: float) -> void:
			building.scrap_collected.emit(index, cell, amount)
	)
	var towers := get_towers()
	towers.tower_added.connect(
		func(tower: TowerObject) -> void:
			building.tower_added.emit(index, tower)
			tower.fired.connect(
				func(id: int, target: Vector3) -> void:
					building.tower_fired.emit(index, tower, id, target)
			)
	)
	towers.tower_removed.connect(
		func(cell: Vector2i) -> void: building.tower_removed.emit(index, cell)
	)
	towers.tower_destroyed.connect(
		func(cell: Vector2i) -> void: building.tower_destroyed.emit(index, cell)
	)


## The renderer.
func get_renderer() -> StoreyRenderer:
	return $Renderer as StoreyRenderer


## The swarm (drones and aliens).
func get_swarm() -> StoreySwarm:
	return $Swarm as StoreySwarm


## The object spawner.
func get_spawner() -> StoreyObjectSpawner:
	return $Objects as StoreyObjectSpawner


## The towers.
func get_towers() -> StoreyTowers:
	return $Towers as StoreyTowers


## The scrap.
func get_scrap() -> ScrapField:
	return $Scrap as ScrapField


## The factory machines (none but on the UNDERGROUND storey).
func get_machines() -> StoreyMachines:
	return $Machines as StoreyMachines


## The control console, or null on a storey without one.
func get_console() -> ConsoleObject:
	return get_node_or_null(^"Console") as ConsoleObject


## The beacons, primary first (the layout's order).
func get_beacons() -> Array[BeaconObject]:
	var out: Array[BeaconObject] = []
	out.assign(_spawned(BeaconObject))
	return out


## The shaft connectors, in the layout's order.
func get_shafts() -> Array[ShaftConnector]:
	var out: Array[ShaftConnector] = []
	out.assign(_spawned(ShaftConnector))
	return out


## The entry points, in the layout's order.
func get_entries() -> Array[EntryPoint]:
	var out: Array[EntryPoint] = []
	out.assign(_spawned(EntryPoint))
	return out


## The staircase object, or null.
func get_staircase() -> StaircaseObject:
	var found := _spawned(StaircaseObject)
	return found[0] if not found.is_empty() else null


func _spawned(type: Variant) -> Array:
	return get_spawner().get_spawned().filter(
		func(node: Node) -> bool: return is_instance_of(node, type)
	)


## The state for a save game: [code]{towers, machines, swarm, beacons, shafts, entries,
## scrap}[/code] (the swarm in base64; objects in the layout's order, each with its cell).
func get_state() -> Dictionary:
	var state := get_towers().get_state()
	state.merge(get_machines().get_state())
	state.merge(get_scrap().get_state())
	state["swarm"] = get_swarm().get_state()
	state["beacons"] = _states(get_beacons())
	state["shafts"] = _states(get_shafts())
	state["entries"] = _states(get_entries())
	return state


## "" if [param data] is a state of the storey of [code]context.layout[/code], else what is
## wrong, named under [code]context.where[/code]: its towers and then its machines (on a
## navigator of the layout keeping [code]context.required[/code] reachable:
## [method StoreyMachines.check_state]), its swarm (loaded into a scratch swarm with those
## towers and machines and [code]context.rules[/code]'s kinds:
## [method StoreySwarm.check_state]), one state per beacon, shaft and entry point on a cell
## of that type, its scrap.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var layout: StoreyLayout = context["layout"]
	var where: String = context.get("where", "storey")
	var navigator := StoreyNavigator.create(layout)
	navigator.set_required_cells(context.get("required", []))
	var inner := context.duplicate()
	inner["navigator"] = navigator
	var problem := StoreyTowers.check_state(data, inner)
	if problem.is_empty():
		problem = StoreyMachines.check_state(data, inner)
	if problem.is_empty() and (data.has("swarm") or context.get("format", 3) >= 2):
		var swarm: Variant = data.get("swarm")
		if not swarm is Dictionary:
			return "%s.swarm is %s, not an object" % [where, swarm]
		var rules: OutpostRules = context["rules"]
		inner["kinds"] = rules.agent_kinds
		problem = StoreySwarm.check_state(swarm, inner)
	var kinds := [
		["beacons", StoreyLayout.CellType.BEACON, BeaconObject, layout.beacon_cells.size()],
		["shafts", StoreyLayout.CellType.SHAFT, ShaftConnector, -1],
		["entries", StoreyLayout.CellType.ENTRY, EntryPoint, -1],
	]
	for kind: Array in kinds:
		if problem.is_empty():
			problem = _check_objects(data, kind, inner)
	if problem.is_empty():
		problem = ScrapField.check_state(data, inner)
	return problem


## Restores [method get_state]'s state on a freshly built storey: towers and machines
## first (the swarm's saved state names the blocking cells it saw), then the swarm, the
## objects by cell and the scrap. Parts an older save lacks stay as built (no agent, no
## scrap, no machine; a shaft not listed stays disconnected).
func set_state(data: Dictionary) -> void:
	get_towers().set_state(data)
	get_machines().set_state(data)
	if data.has("swarm"):
		get_swarm().set_state(data["swarm"])
	_set_states(get_beacons(), data.get("beacons", []))
	_set_states(get_shafts(), data.get("shafts", []))
	_set_states(get_entries(), data.get("entries", []))
	if data.has("scrap"):
		get_scrap().set_state(data)


static func _states(objects: Array) -> Array:
	var out: Array = []
	for object: Node in objects:
		var item: Dictionary = object.call(&"get_state")
		item["cell"] = StateCheck.list_of(object.get(&"cell"))
		out.append(item)
	return out


static func _set_states(objects: Array, items: Array) -> void:
	for item: Dictionary in items:
		var cell := StateCheck.cell_of(item["cell"])
		for object: Node in objects:
			if object.get(&"cell") == cell:
				object.call(&"set_state", item)


# The objects of list kind[0]: each on a cell of type kind[1] of the layout, none twice,
# kind[3] of them (-1: any number), each a state kind[2] accepts.
static func _check_objects(data: Dictionary, kind: Array, context: Dictionary) -> String:
	var layout: StoreyLayout = context["layout"]
	var where := "%s.%s" % [context.get("where", "storey"), kind[0]]
	var check := StateCheck.new()
	var seen: Array[Vector2i] = []
	var items := check.objects(data, kind[0], context.get("where", "storey"))
	for i in items.size():
		var at := "%s[%d]" % [where, i]
		var cell := check.cell(items[i], at)
		if not check.is_ok():
			break
		if layout.get_cell(cell) != kind[1]:
			return (
				"%s: the storey has no %s on %s"
				% [at, String(kind[0]).trim_suffix("s"), StateCheck.text_of(cell)]
			)
		if cell in seen:
			return "%s: %s is listed twice" % [at, StateCheck.text_of(cell)]
		seen.append(cell)
		var inner := context.duplicate()
		inner["where"] = at
		var problem: String = (kind[2] as Script).call(&"check_state", items[i], inner)
		if not problem.is_empty():
			return problem
	if check.is_ok() and kind[3] >= 0 and items.size() != kind[3]:
		check.fail("%s lists %d; the storey has %d" % [where, items.size(), kind[3]])
	return check.problem()
