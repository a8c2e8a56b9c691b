class_name MachineRules
extends RefCounted
## Whether a factory machine may be built, as a value, and what the machines produce: the
## machines' counterpart of [TowerRules]. A machine stands where a tower could (the
## storey's [StoreyNavigator] says where one more blocking cell seals no path:
## [method StoreyNavigator.check_tower]), and only on the UNDERGROUND storey, the factory
## floor; these rules add the game's own reasons (the building is locked, no such kind or
## floor, not the factory floor, not enough materials) and name a machine in the way as a
## machine. Pure: it reads what it is given and changes nothing; the words for each reason
## are [method FactoryText.machine_refusal].

## Why a machine may not be built: first the navigator's reasons, with the values of
## [enum StoreyNavigator.TowerRefusal] ([constant NONE]: it may be built; [constant TOWER]:
## a tower stands there), then the game's.
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


## Why a machine of [param kind] may not go on [param cell] of the storey of
## [param navigator] (null: no such floor), a storey of [param storey_type]
## ([enum StoreyLayout.StoreyType]), with [param materials] carried, or
## [constant Refusal.NONE]; [param locked]: the building is reclaimed; [param machine_here]:
## a machine already stands on [param cell] (the navigator only knows that something
## blocks it).
static func check(
	navigator: StoreyNavigator,
	cell: Vector2i,
	kind: MachineKind,
	materials: float,
	locked: bool,
	storey_type: int,
	machine_here: bool = false
) -> Refusal:
	if locked:
		return Refusal.LOCKED
	if kind == null:
		return Refusal.NO_KIND
	if navigator == null:
		return Refusal.NO_FLOOR
	if storey_type != StoreyLayout.StoreyType.UNDERGROUND:
		return Refusal.NOT_FACTORY
	var refusal := navigator.check_tower(cell) as int
	if refusal == StoreyNavigator.TowerRefusal.TOWER and machine_here:
		return Refusal.MACHINE
	if refusal != StoreyNavigator.TowerRefusal.NONE:
		return refusal as Refusal
	if materials < kind.cost:
		return Refusal.MATERIALS
	return Refusal.NONE


## What removing a machine of [param kind] gives back: [param share] of its cost.
static func refund(kind: MachineKind, share: float) -> float:
	return kind.cost * share if kind != null else 0.0


## Materials per second [param kinds] produce together (one entry per machine standing).
static func output(kinds: Array[MachineKind]) -> float:
	var total := 0.0
	for kind in kinds:
		if kind != null:
			total += kind.output
	return total
