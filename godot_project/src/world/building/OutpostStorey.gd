class_name OutpostStorey
extends Node3D
## One storey of an [OutpostBuilding], assembled by [method assemble] in this order, so
## that each part finds what it needs in place: [code]Renderer[/code] (a
## [StoreyRenderer]: its walls collide the moment it has rendered), [code]Swarm[/code] (a
## [StoreySwarm] with the storey's [StoreyNavigator]), [code]Objects[/code] (a
## [StoreyObjectSpawner]; its entry points spawn into the swarm), [code]Towers[/code] (a
## [StoreyTowers]), [code]Scrap[/code] (a [ScrapField]) and, on the storey that holds the
## control room, [code]Console[/code] (a [ConsoleObject] on
## [method ControlRoom.console_cell], a required cell of the navigator).

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
	if with_console:
		var console: ConsoleObject = building.console_scene.instantiate()
		console.name = "Console"
		console.cell = ControlRoom.console_cell(layout)
		console.cell_type = StoreyLayout.CellType.EMPTY
		console.layout = layout
		console.position = layout.cell_center(console.cell)
		add_child(console)
		swarm.get_navigator().set_required_cells([console.cell])


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
