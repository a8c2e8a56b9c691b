class_name StoreyBuildables
extends Node3D
## What one storey of an [OutpostBuilding] has built of one kind: its towers
## ([StoreyTowers]) or its factory machines ([StoreyMachines]), which take this one path.
## Each stands on the storey's [StoreyNavigator] as a blocking cell (so it blocks that
## storey's agents at once, and the drones take it for a power source) and here as a
## [WornObject] made from a row of the rules (a [TowerTier], a [MachineKind]). One whose
## health reaches 0 is gone: removed here, and the subclass's signals say so. Costs and
## legality are the loop's business ([BuildRules]). What stands is the state
## ([method get_state]): one item per object, [code]{cell, <index key>, health, ...}[/code],
## under the subclass's key.

## The storey's navigator (set by the storey).
var navigator: StoreyNavigator
## The storey's layout (set by the storey).
var layout: StoreyLayout


## Places the object [param make] returns (set up by the subclass from its row) on
## [param cell], named [param prefix]_x_y: on the navigator first, then here; null (nothing
## made or placed) if the navigator refuses the cell
## ([method StoreyNavigator.get_tower_refusal]).
func place(cell: Vector2i, prefix: String, make: Callable) -> WornObject:
	if not navigator.place_tower(cell):
		return null
	var object: WornObject = make.call()
	object.name = "%s_%d_%d" % [prefix, cell.x, cell.y]
	object.position = layout.cell_center(cell)
	add_child(object)
	object.destroyed.connect(_on_destroyed.bind(cell))
	_added(object)
	return object


## Removes the object on [param cell]: from the navigator and from the tree at once, freed
## at the end of the frame (it may be the one reporting its own destruction); false if
## there is none.
func remove(cell: Vector2i) -> bool:
	var object := object_at(cell)
	if object == null:
		return false
	navigator.remove_tower(cell)
	remove_child(object)
	object.queue_free()
	_removed(cell)
	return true


## The object on [param cell], or null.
func object_at(cell: Vector2i) -> WornObject:
	for object: WornObject in get_children():
		if object.cell == cell:
			return object
	return null


## The state for a save game: [code]{key: [{cell, ...its own state}, ...]}[/code], oldest
## first.
func state_of(key: String) -> Dictionary:
	var items: Array = []
	for object: WornObject in get_children():
		var item: Dictionary = object.call(&"get_state")
		item["cell"] = StateCheck.list_of(object.cell)
		items.append(item)
	return {key: items}


## "" if the items under [param key] of [param data] may stand on the storey: each an
## object's state ([param check_object], as [method TowerObject.check_state]) on a cell
## where [code]context.navigator[/code] (with the cells that must stay reachable, and those
## of [code]context.tower_cells[/code] already on it) lets one more blocking cell stand
## after the ones before it; else what is wrong, named under [code]context.where[/code]
## ([param where] without it), each object as [param noun] ("a tower"). [param takes]:
## whether the storey takes any (else a list that is not empty is refused). Appends each
## cell to [code]context.tower_cells[/code] (the swarm's check needs them).
static func check_items(
	data: Dictionary,
	context: Dictionary,
	key: String,
	noun: String,
	check_object: Callable,
	where: String,
	takes: bool = true
) -> String:
	where = context.get("where", where)
	var navigator: StoreyNavigator = context["navigator"]
	var check := StateCheck.new()
	var cells: Array[Vector2i] = []
	cells.assign(context.get("tower_cells", []))
	var items := check.objects(data, key, where)
	if check.is_ok() and not items.is_empty() and not takes:
		return (
			"%s.%s lists %d; only the UNDERGROUND storey takes %s" % [where, key, items.size(), key]
		)
	for i in items.size():
		var at := "%s.%s[%d]" % [where, key, i]
		var cell := check.cell(items[i], at)
		if not check.is_ok():
			break
		var problem: String = check_object.call(
			items[i], {"where": at, "rules": context["rules"], "format": context.get("format", 3)}
		)
		if not problem.is_empty():
			return problem
		var refusal := navigator.get_tower_refusal(cell)
		if not refusal.is_empty():
			return "%s: %s on %s: %s" % [at, noun, StateCheck.text_of(cell), refusal]
		navigator.place_tower(cell)
		cells.append(cell)
	context["tower_cells"] = cells
	return check.problem()


## Puts back [method state_of]'s items under [param key] (on a storey with none):
## [param add] makes each from its cell and row index (as the subclass's
## [code]add[/code]), then it takes its own state back.
func set_items(data: Dictionary, key: String, add: Callable) -> void:
	for item: Dictionary in data.get(key, []):
		var object: WornObject = add.call(StateCheck.cell_of(item["cell"]), item)
		if object != null:
			object.call(&"set_state", item)


## Called when [param object] was added (the subclass's signal).
func _added(_object: WornObject) -> void:
	pass


## Called when the object on [param cell] was taken away (the subclass's signal).
func _removed(_cell: Vector2i) -> void:
	pass


## Called when the object on [param cell] was destroyed and removed (the subclass's
## signal).
func _destroyed(_cell: Vector2i) -> void:
	pass


func _on_destroyed(cell: Vector2i) -> void:
	if remove(cell):
		_destroyed(cell)
