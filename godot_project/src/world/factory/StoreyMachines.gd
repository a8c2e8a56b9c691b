class_name StoreyMachines
extends Node3D
## The factory machines of one storey of an [OutpostBuilding] (its [code]Machines[/code]
## node; only the UNDERGROUND storey ever holds any): each placed on the storey's
## [StoreyNavigator] as a blocking cell, as a tower is (so it blocks that storey's agents at
## once, and the drones take it for a power source), and standing here as a
## [MachineObject]. A machine whose health reaches 0 is gone: removed here, and
## [signal machine_destroyed] says where. Costs, legality and production are the loop's
## business ([Factory], [MachineRules]). Its machines are its state ([method get_state]).

## A machine was added.
signal machine_added(machine: MachineObject)
## The machine on [param cell] was taken away (removed, or destroyed).
signal machine_removed(cell: Vector2i)
## The machine on [param cell] was destroyed (its health reached 0) and removed.
signal machine_destroyed(cell: Vector2i)

## The storey's navigator (set by the storey).
var navigator: StoreyNavigator
## The storey's layout (set by the storey).
var layout: StoreyLayout
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
	if kind == null or not is_factory(layout) or not navigator.place_tower(cell):
		return null
	var machine: MachineObject = machine_scene.instantiate()
	machine.name = "Machine_%d_%d" % [cell.x, cell.y]
	machine.setup(kind, kind_index, cell)
	machine.position = layout.cell_center(cell)
	add_child(machine)
	machine.destroyed.connect(_on_destroyed.bind(cell))
	machine_added.emit(machine)
	return machine


## Removes the machine on [param cell]: from the navigator and from the tree at once,
## freed at the end of the frame (it may be the one reporting its own destruction); false
## if there is none.
func remove(cell: Vector2i) -> bool:
	var machine := at(cell)
	if machine == null:
		return false
	navigator.remove_tower(cell)
	remove_child(machine)
	machine.queue_free()
	machine_removed.emit(cell)
	return true


## The machine on [param cell], or null.
func at(cell: Vector2i) -> MachineObject:
	for machine in all():
		if machine.cell == cell:
			return machine
	return null


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
	var machines: Array = []
	for machine in all():
		var item := machine.get_state()
		item["cell"] = StateCheck.list_of(machine.cell)
		machines.append(item)
	return {"machines": machines}


## "" if [param data]'s machines may stand on the storey of [code]context.layout[/code],
## else what is wrong (named under [code]context.where[/code]): each a machine's state
## ([method MachineObject.check_state]) on the UNDERGROUND storey, on a cell where the
## storey's navigator ([code]context.navigator[/code], the towers of the state already on
## it) lets one more blocking cell stand after the ones before it. A state without
## [code]machines[/code] (a save from before the factory) has none. Appends each
## machine's cell to [code]context.tower_cells[/code]: the swarm saw them as it sees towers.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	if not data.has("machines"):
		return ""
	var where: String = context.get("where", "storey")
	var layout: StoreyLayout = context["layout"]
	var navigator: StoreyNavigator = context["navigator"]
	var check := StateCheck.new()
	var cells: Array[Vector2i] = []
	cells.assign(context.get("tower_cells", []))
	var items := check.objects(data, "machines", where)
	if check.is_ok() and not items.is_empty() and not is_factory(layout):
		return (
			"%s.machines lists %d; only the UNDERGROUND storey takes machines"
			% [where, items.size()]
		)
	for i in items.size():
		var at := "%s.machines[%d]" % [where, i]
		var cell := check.cell(items[i], at)
		if not check.is_ok():
			break
		var problem := MachineObject.check_state(items[i], {"where": at, "rules": context["rules"]})
		if not problem.is_empty():
			return problem
		var refusal := navigator.get_tower_refusal(cell)
		if not refusal.is_empty():
			return "%s: a machine on %s: %s" % [at, StateCheck.text_of(cell), refusal]
		navigator.place_tower(cell)
		cells.append(cell)
	context["tower_cells"] = cells
	return check.problem()


## Puts back [method get_state]'s machines (on a storey with none), with their health; a
## state without [code]machines[/code] leaves none.
func set_state(data: Dictionary) -> void:
	for item: Dictionary in data.get("machines", []):
		var index := int(item["kind"])
		var kind := kinds[index] if index < kinds.size() else null
		var machine := add(StateCheck.cell_of(item["cell"]), index, kind)
		if machine != null:
			machine.set_state(item)


func _on_destroyed(cell: Vector2i) -> void:
	if remove(cell):
		machine_destroyed.emit(cell)
