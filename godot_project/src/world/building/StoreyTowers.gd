class_name StoreyTowers
extends Node3D
## The towers of one storey of an [OutpostBuilding] (its [code]Towers[/code] node): each
## placed on the storey's [StoreyNavigator] (so it blocks that storey's agents at once) and
## standing here as a [TowerObject] that shoots at the storey's swarm. Costs and rules are
## the caller's business.

## The storey's navigator (set by the building).
var navigator: StoreyNavigator
## The storey's swarm, which the towers shoot at (set by the building).
var swarm: StoreySwarm
## The storey's layout (set by the building).
var layout: StoreyLayout
## The tower scene (set by the building).
var tower_scene: PackedScene


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
