class_name StoreyMachines
extends StoreyBuildables
## The factory machines of one storey of an [OutpostBuilding] (its [code]Machines[/code]
## node; only the UNDERGROUND storey ever holds any): each placed on the storey's
## [StoreyNavigator] as a blocking cell, as a tower is (so it blocks that storey's agents at
## once, and the drones take it for a power source), and standing here as a
## [MachineObject], by the path [StoreyBuildables] gives towers and machines alike. A
## machine whose health reaches 0 is gone: removed here, and [signal machine_destroyed]
## says where. Costs, legality and production are the loop's business ([Factory],
## [BuildRules]). Its machines are its state ([method get_state]).

## A machine was added.
signal machine_added(machine: MachineObject)
## The machine on [param cell] was taken away (removed, or destroyed).
signal machine_removed(cell: Vector2i)
## The machine on [param cell] was destroyed (its health reached 0) and removed.
signal machine_destroyed(cell: Vector2i)

## The machine scene.
var machine_scene: PackedScene = preload("res://src/world/objects/MachineObject.tscn")
## The kinds a saved machine's index names ([member OutpostRules.machine_kinds]; set by the
## loop).
var kinds: Array[MachineKind] = []


## Places a machine of [param kind] (its index in the rules: [param kind_index]) on
## [param cell]; the new [MachineObject], or null (nothing placed) if there is no kind, the
## storey is not UNDERGROUND or the navigator refuses the cell
## ([method StoreyNavigator.get_tower_refusal]).
func add(cell: Vector2i, kind_index: int, kind: MachineKind) -> MachineObject:
	if kind == null or not is_factory(layout):
		return null
	var make := func() -> MachineObject:
		var machine: MachineObject = machine_scene.instantiate()
		machine.setup(kind, kind_index, cell)
		return machine
	return place(cell, "Machine", make) as MachineObject


## The machine on [param cell], or null.
func at(cell: Vector2i) -> MachineObject:
	return object_at(cell) as MachineObject


## Every machine, oldest first.
func all() -> Array[MachineObject]:
	var out: Array[MachineObject] = []
	out.assign(get_children())
	return out


## The kinds of every machine standing, oldest first (one entry per machine).
func standing_kinds() -> Array[MachineKind]:
	var out: Array[MachineKind] = []
	for machine in all():
		out.append(machine.kind)
	return out


## Whether machines may stand on [param storey_layout]: the UNDERGROUND storey, the
## factory floor.
static func is_factory(storey_layout: StoreyLayout) -> bool:
	return (
		storey_layout != null and storey_layout.storey_type == StoreyLayout.StoreyType.UNDERGROUND
	)


## The state for a save game: [code]{"machines": [{cell, kind, health}, ...]}[/code],
## oldest first.
func get_state() -> Dictionary:
	return state_of("machines")


## "" if [param data]'s machines may stand on the storey of [code]context.layout[/code],
## else what is wrong (named under [code]context.where[/code]): each a machine's state
## ([method MachineObject.check_state]) on the UNDERGROUND storey, on a cell where the
## storey's navigator ([code]context.navigator[/code], the towers of the state already on
## it) lets one more blocking cell stand after the ones before it
## ([method StoreyBuildables.check_items]). A state without [code]machines[/code] (a save
## from before the factory) has none. Appends each machine's cell to
## [code]context.tower_cells[/code]: the swarm saw them as it sees towers.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	if not data.has("machines"):
		return ""
	return check_items(
		data,
		context,
		"machines",
		"a machine",
		MachineObject.check_state,
		"storey",
		is_factory(context["layout"])
	)


## Puts back [method get_state]'s machines (on a storey with none), with their health; a
## state without [code]machines[/code] leaves none.
func set_state(data: Dictionary) -> void:
	set_items(data, "machines", _add_saved)


func _add_saved(cell: Vector2i, item: Dictionary) -> MachineObject:
	var index := int(item["kind"])
	return add(cell, index, kinds[index] if index < kinds.size() else null)


func _added(object: WornObject) -> void:
	machine_added.emit(object as MachineObject)


func _removed(cell: Vector2i) -> void:
	machine_removed.emit(cell)


func _destroyed(cell: Vector2i) -> void:
	machine_destroyed.emit(cell)
