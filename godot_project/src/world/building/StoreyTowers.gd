class_name StoreyTowers
extends StoreyBuildables
## The towers of one storey of an [OutpostBuilding] (its [code]Towers[/code] node): each
## placed on the storey's [StoreyNavigator] (so it blocks that storey's agents at once) and
## standing here as a [TowerObject] that shoots at the storey's swarm, by the path
## [StoreyBuildables] gives towers and machines alike. A tower whose health reaches 0 is
## gone: removed here, and [signal tower_destroyed] says where. Costs and legality are the
## loop's business. Its towers are its state ([method get_state]).

## A tower was added on [param cell].
signal tower_added(tower: TowerObject)
## The tower on [param cell] was taken away (removed, or destroyed).
signal tower_removed(cell: Vector2i)
## The tower on [param cell] was destroyed (its health reached 0) and removed.
signal tower_destroyed(cell: Vector2i)

## The storey's swarm, which the towers shoot at (set by the building).
var swarm: StoreySwarm
## The tower scene (set by the building).
var tower_scene: PackedScene
## The tiers a saved tower's index names ([member OutpostRules.tower_tiers]; set by the
## loop).
var tiers: Array[TowerTier] = []


## Places a tower of [param tier] (its index in the rules: [param tier_index]) on
## [param cell]; the new [TowerObject], or null (nothing placed) if the navigator refuses
## the cell (see [method StoreyNavigator.get_tower_refusal]).
func add(cell: Vector2i, tier_index: int, tier: TowerTier) -> TowerObject:
	if tier == null:
		return null
	var make := func() -> TowerObject:
		var tower: TowerObject = tower_scene.instantiate()
		tower.setup(tier, tier_index, cell, swarm)
		return tower
	return place(cell, "Tower", make) as TowerObject


## The tower on [param cell], or null.
func at(cell: Vector2i) -> TowerObject:
	return object_at(cell) as TowerObject


## Every tower, oldest first.
func all() -> Array[TowerObject]:
	var out: Array[TowerObject] = []
	out.assign(get_children())
	return out


## The state for a save game: [code]{"towers": [{cell, tier, health, cooldown}, ...]}[/code],
## oldest first.
func get_state() -> Dictionary:
	return state_of("towers")


## "" if [param data]'s towers may stand on the storey of [code]context.layout[/code]:
## each a tower's state ([method TowerObject.check_state]) on a cell where the storey's
## navigator ([code]context.navigator[/code], with the cells that must stay reachable)
## lets it stand after the ones before it; else what is wrong
## ([method StoreyBuildables.check_items]). Appends each tower's cell to
## [code]context.tower_cells[/code] (the swarm's check needs them).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	return check_items(data, context, "towers", "a tower", TowerObject.check_state, "towers")


## Puts back [method get_state]'s towers (on a storey with none), with their health and
## cooldown.
func set_state(data: Dictionary) -> void:
	set_items(data, "towers", _add_saved)


func _add_saved(cell: Vector2i, item: Dictionary) -> TowerObject:
	var index := int(item["tier"])
	return add(cell, index, tiers[index] if index < tiers.size() else null)


func _added(object: WornObject) -> void:
	tower_added.emit(object as TowerObject)


func _removed(cell: Vector2i) -> void:
	tower_removed.emit(cell)


func _destroyed(cell: Vector2i) -> void:
	tower_destroyed.emit(cell)
