class_name Construction
extends RefCounted
## The towers, a part of the loop ([OutpostLoop]): whether one may be built
## ([TowerRules]: on an EMPTY cell, never sealing a path, paid from the [Ledger], not after
## the reclaim), building it (paying its tier's cost) and removing it
## ([member OutpostRules.tower_refund] of its cost back). It keeps no state of its own: the
## towers are their storey's ([StoreyTowers]).

## Why a tower may not be built ([enum TowerRules.Refusal]).
# gdlint:ignore = constant-name
const Refusal := TowerRules.Refusal

var _loop: OutpostLoop


## Works for [param loop] (its building, rules, ledger and outcome).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Why a tower of tier [param tier] may not go on [param cell] of floor [param floor_index]
## ([method TowerRules.check]): a [enum TowerRules.Refusal], NONE if it may.
func check(floor_index: int, cell: Vector2i, tier: int) -> int:
	return TowerRules.check(
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
	if why != Refusal.NONE:
		return why
	var rules := _loop.rules
	var tower := _loop.building.get_storey(floor_index).get_towers().add(
		cell, tier, rules.tier(tier)
	)
	if tower != null:
		_loop.ledger.spend(rules.tier(tier).cost)
	return Refusal.NONE


## Removes the tower on [param cell] of floor [param floor_index], refunding
## [member OutpostRules.tower_refund] of its cost; false if there is none or the building
## is locked.
func remove(floor_index: int, cell: Vector2i) -> bool:
	var storey := _loop.building.get_storey(floor_index)
	var tower := storey.get_towers().at(cell) if storey != null else null
	if _loop.outcome.is_reclaimed() or tower == null:
		return false
	var refund := TowerRules.refund(tower.tier, _loop.rules.tower_refund)
	storey.get_towers().remove(cell)
	_loop.ledger.earn(refund)
	return true
