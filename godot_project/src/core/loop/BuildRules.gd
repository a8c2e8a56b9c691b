class_name BuildRules
extends RefCounted
## Whether something may be built, as a value: a tower of a [TowerTier] or a factory
## machine of a [MachineKind], each a row of [OutpostRules] with its [code]cost[/code], by
## one set of rules. The storey's [StoreyNavigator] says where one more blocking cell may
## stand without sealing a path ([method StoreyNavigator.check_tower]); these rules add the
## game's own reasons (the building is locked after the reclaim, no such row or floor, a
## floor that does not take this kind, not enough materials) and name a machine in the way
## as a machine. Pure: it reads what it is given and changes nothing; the loop asks it once
## per ghost move or click ([Construction] for towers, [Factory] for machines), and the
## words for each reason are [method GameText.tower_refusal] and
## [method FactoryText.machine_refusal].

## Why something may not be built: first the navigator's reasons, with the values of
## [enum StoreyNavigator.TowerRefusal] ([constant NONE]: it may be built), then the game's.
## [constant NO_KIND]: no such tower tier or machine kind.
enum Refusal {
	NONE,
	OFF_GRID,
	NOT_EMPTY,
	TOWER,
	REQUIRED,
	WOULD_SEAL,
	LOCKED,
	NO_KIND,
	NO_FLOOR,
	MATERIALS,
	NOT_FACTORY,
	MACHINE,
}


## Why [param row] (a [TowerTier] or a [MachineKind]; null: no such row) may not be built
## on [param cell] of the storey of [param navigator] (null: no such floor) with
## [param materials] carried, or [constant Refusal.NONE]. [param locked]: the building is
## reclaimed; [param floor_takes_it]: the floor takes this kind (machines: the UNDERGROUND
## storey only); [param machine_here]: a machine already stands on [param cell] (the
## navigator only knows that something blocks it).
static func check(
	navigator: StoreyNavigator,
	cell: Vector2i,
	row: Resource,
	materials: float,
	locked: bool,
	floor_takes_it: bool = true,
	machine_here: bool = false
) -> Refusal:
	if locked:
		return Refusal.LOCKED
	if row == null:
		return Refusal.NO_KIND
	if navigator == null:
		return Refusal.NO_FLOOR
	if not floor_takes_it:
		return Refusal.NOT_FACTORY
	var refusal := navigator.check_tower(cell) as int
	if refusal == StoreyNavigator.TowerRefusal.TOWER and machine_here:
		return Refusal.MACHINE
	if refusal != StoreyNavigator.TowerRefusal.NONE:
		return refusal as Refusal
	if materials < cost(row):
		return Refusal.MATERIALS
	return Refusal.NONE


## What [param row] costs to build (0 for null).
static func cost(row: Resource) -> float:
	return float(row.get(&"cost")) if row != null else 0.0


## What removing a build of [param row] gives back: [param share] of its cost
## ([member OutpostRules.tower_refund], [member OutpostRules.machine_refund]).
static func refund(row: Resource, share: float) -> float:
	return cost(row) * share
