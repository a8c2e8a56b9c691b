class_name Construction
extends RefCounted
## The towers, a part of the loop ([OutpostLoop]): whether one may be built
## ([BuildRules]: on an EMPTY cell, never sealing a path, paid from the [Ledger], not after
## the reclaim), building it (paying its tier's cost) and removing it
## ([member OutpostRules.tower_refund] of its cost back). It keeps no state of its own: the
## towers are their storey's ([StoreyTowers]). The machines ([Factory]) are built and
## removed by the same two steps, [method build_checked] and [method remove_from].

## Why a tower may not be built ([enum BuildRules.Refusal]).
# gdlint:ignore = constant-name
const Refusal := BuildRules.Refusal

var _loop: OutpostLoop


## Works for [param loop] (its building, rules, ledger and outcome).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Why a tower of tier [param tier] may not go on [param cell] of floor [param floor_index]
## ([method BuildRules.check]): a [enum BuildRules.Refusal], NONE if it may.
func check(floor_index: int, cell: Vector2i, tier: int) -> int:
	return BuildRules.check(
		_loop.building.get_navigator(floor_index),
		cell,
		_loop.rules.tier(tier),
		_loop.ledger.materials,
		_loop.outcome.is_reclaimed()
	)


## [method check] in words, as the build ghost shows it ("" if the tower may go).
func refusal(floor_index: int, cell: Vector2i, tier: int) -> String:
	var why := check(floor_index, cell, tier)
	var layout := _loop.building.layouts[floor_index] if why == Refusal.NOT_EMPTY else null
	return describe(why, layout.get_cell(cell) if layout != null else -1)


## The sentence for [param refusal] ([method GameText.tower_refusal]); for NOT_EMPTY,
## [param cell_type] (a [enum StoreyLayout.CellType]) names what stands there.
static func describe(why: int, cell_type: int = -1) -> String:
	var what := CellDefinitions.type_name(cell_type) if cell_type >= 0 else ""
	return GameText.tower_refusal(why, what)


## Builds a tower of tier [param tier] on [param cell] of floor [param floor_index], paying
## its cost; returns why it was refused (NONE: built). Legality is looked up once.
func build(floor_index: int, cell: Vector2i, tier: int = 0) -> int:
	var why := check(floor_index, cell, tier)
	if why == Refusal.NONE:
		var towers := _loop.building.get_storey(floor_index).get_towers()
		build_checked(_loop.ledger, towers.add(cell, tier, _loop.rules.tier(tier)))
	return why


## Removes the tower on [param cell] of floor [param floor_index], refunding
## [member OutpostRules.tower_refund] of its cost; false if there is none or the building
## is locked.
func remove(floor_index: int, cell: Vector2i) -> bool:
	var storey := _loop.building.get_storey(floor_index)
	var towers := storey.get_towers() if storey != null else null
	return remove_from(_loop, towers, cell, _loop.rules.tower_refund)


## Pays for [param built] (a [TowerObject] or [MachineObject] just placed, after a check
## that allowed it; null if its storey refused it after all: nothing is paid) from
## [param ledger]: its row's cost.
static func build_checked(ledger: Ledger, built: WornObject) -> void:
	if built != null:
		ledger.spend(BuildRules.cost(built.row()))


## Removes what stands on [param cell] of [param built] (a storey's towers or machines;
## null: no such floor), paying back [param share] of its row's cost into
## [param loop]'s ledger; false if nothing stands there or the building is locked.
static func remove_from(
	loop: OutpostLoop, built: StoreyBuildables, cell: Vector2i, share: float
) -> bool:
	var object := built.object_at(cell) if built != null else null
	if loop.outcome.is_reclaimed() or object == null:
		return false
	var refund := BuildRules.refund(object.row(), share)
	built.remove(cell)
	loop.ledger.earn(refund)
	return true
