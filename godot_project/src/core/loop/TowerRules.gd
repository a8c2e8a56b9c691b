class_name TowerRules
extends RefCounted
## Whether a tower may be built, as a value: the storey's [StoreyNavigator] says where a
## tower may stand without sealing a path ([method StoreyNavigator.check_tower]); these
## rules add the game's own reasons (the building is locked after the reclaim, no such
## tier or floor, not enough materials). Pure: it reads what it is given and changes
## nothing; [OutpostLoop] asks it once per ghost move or click, and the words for each
## reason are [method GameText.tower_refusal].

## Why a tower may not be built: first the navigator's reasons, with the values of
## [enum StoreyNavigator.TowerRefusal] ([constant NONE]: it may be built), then the game's.
enum Refusal {
	NONE,
	OFF_GRID,
	NOT_EMPTY,
	TOWER,
	REQUIRED,
	WOULD_SEAL,
	LOCKED,
	NO_TIER,
	NO_FLOOR,
	MATERIALS,
}


## Why a tower of [param tier] may not go on [param cell] of the storey of
## [param navigator] (null: no such floor) with [param materials] carried, or
## [constant Refusal.NONE]; [param locked]: the building is reclaimed.
static func check(
	navigator: StoreyNavigator, cell: Vector2i, tier: TowerTier, materials: float, locked: bool
) -> Refusal:
	if locked:
		return Refusal.LOCKED
	if tier == null:
		return Refusal.NO_TIER
	if navigator == null:
		return Refusal.NO_FLOOR
	var refusal := navigator.check_tower(cell) as int
	if refusal != StoreyNavigator.TowerRefusal.NONE:
		return refusal as Refusal
	if materials < tier.cost:
		return Refusal.MATERIALS
	return Refusal.NONE


## What removing a tower of [param tier] gives back: [param share] of its cost.
static func refund(tier: TowerTier, share: float) -> float:
	return tier.cost * share if tier != null else 0.0
