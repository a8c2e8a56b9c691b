class_name StoreyTowers
extends Node3D
## The towers of one storey of an [OutpostBuilding] (its [code]Towers[/code] node): each
## placed on the storey's [StoreyNavigator] (so it blocks that storey's agents at once) and
## standing here as a [TowerObject] that shoots at the storey's swarm. A tower whose
## health reaches 0 is gone: removed here, and [signal tower_destroyed] says where. Costs
## and legality are the loop's business. Its towers are its state ([method get_state]).

## A tower was added on [param cell].
signal tower_added(tower: TowerObject)
## The tower on [param cell] was taken away (removed, or destroyed).
signal tower_removed(cell: Vector2i)
## The tower on [param cell] was destroyed (its health reached 0) and removed.
signal tower_destroyed(cell: Vector2i)

## The storey's navigator (set by the building).
var navigator: StoreyNavigator
## The storey's swarm, which the towers shoot at (set by the building).
var swarm: StoreySwarm
## The storey's layout (set by the building).
var layout: StoreyLayout
## The tower scene (set by the building).
var tower_scene: PackedScene
## The tiers a saved tower's index names ([member OutpostRules.tower_tiers]; set by the
## loop).
var tiers: Array[TowerTier] = []


## Places a tower of [param tier] (its index in the rules: [param tier_index]) on
## [param cell]; the new [TowerObject], or null (nothing placed) if the navigator refuses
## the cell (see [method StoreyNavigator.get_tower_refusal]).
func add(cell: Vector2i, tier_index: int, tier: TowerTier) -> TowerObject:
	if tier == null or not navigator.place_tower(cell):
		return null
	var tower: TowerObject = tower_scene.instantiate()
	tower.name = "Tower_%d_%d" % [cell.x, cell.y]
	tower.setup(tier, tier_index, cell, swarm)
	tower.position = layout.cell_center(cell)
	add_child(tower)
	tower.destroyed.connect(_on_destroyed.bind(cell))
	tower_added.emit(tower)
	return tower


## Removes the tower on [param cell]: from the navigator and from the tree at once, freed
## at the end of the frame (it may be the one reporting its own destruction); false if
## there is none.
func remove(cell: Vector2i) -> bool:
	var tower := at(cell)
	if tower == null:
		return false
	navigator.remove_tower(cell)
	remove_child(tower)
	tower.queue_free()
	tower_removed.emit(cell)
	return true


## The tower on [param cell], or null.
func at(cell: Vector2i) -> TowerObject:
	for tower in all():
		if tower.cell == cell:
			return tower
	return null


## Every tower, oldest first.
func all() -> Array[TowerObject]:
	var out: Array[TowerObject] = []
	out.assign(get_children())
	return out


## The state for a save game: [code]{"towers": [{cell, tier, health, cooldown}, ...]}[/code],
## oldest first.
func get_state() -> Dictionary:
	var towers: Array = []
	for tower in all():
		var item := tower.get_state()
		item["cell"] = StateCheck.list_of(tower.cell)
		towers.append(item)
	return {"towers": towers}


## "" if [param data]'s towers may stand on the storey of [code]context.layout[/code]:
## each a tower's state ([method TowerObject.check_state]) on a cell where the storey's
## navigator ([code]context.navigator[/code], with the cells that must stay reachable)
## lets it stand after the ones before it; else what is wrong. Appends each tower's cell
## to [code]context.tower_cells[/code] (the swarm's check needs them).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "towers")
	var navigator: StoreyNavigator = context["navigator"]
	var check := StateCheck.new()
	var cells: Array[Vector2i] = []
	var items := check.objects(data, "towers", where)
	for i in items.size():
		var at := "%s.towers[%d]" % [where, i]
		var cell := check.cell(items[i], at)
		if not check.is_ok():
			break
		var problem := TowerObject.check_state(
			items[i], {"where": at, "rules": context["rules"], "format": context.get("format", 3)}
		)
		if not problem.is_empty():
			return problem
		var refusal := navigator.get_tower_refusal(cell)
		if not refusal.is_empty():
			return "%s: a tower on %s: %s" % [at, StateCheck.text_of(cell), refusal]
		navigator.place_tower(cell)
		cells.append(cell)
	context["tower_cells"] = cells
	return check.problem()


## Puts back [method get_state]'s towers (on a storey with none), with their health and
## cooldown.
func set_state(data: Dictionary) -> void:
	for item: Dictionary in data.get("towers", []):
		var index := int(item["tier"])
		var tier := tiers[index] if index < tiers.size() else null
		var tower := add(StateCheck.cell_of(item["cell"]), index, tier)
		if tower != null:
			tower.set_state(item)


func _on_destroyed(cell: Vector2i) -> void:
	if remove(cell):
		tower_destroyed.emit(cell)
