class_name Factory
extends RefCounted
## The underground factory, a part of the loop ([OutpostLoop]): factory machines
## ([MachineKind] rows of [member OutpostRules.machine_kinds]) built, removed and at work
## on the UNDERGROUND storey's EMPTY cells.
## [br]- [b]Building[/b]: a machine may go where [BuildRules] allows (the storey's
##   navigator: never sealing a path; the factory floor only; paid from the [Ledger]); it
##   is removed for [member OutpostRules.machine_refund] of its cost back. The building
##   locked by the reclaim takes no more changes. Towers take the same path
##   ([Construction]).
## [br]- [b]Production[/b]: every machine standing feeds its [member MachineKind.output]
##   materials per second into the ledger each tick until the reclaim ([method step]); its
##   output counts in the building's yield ([method Outcome.get_yield]), so the trickle the
##   reclaim fixes carries it on from then (and the machines stop feeding the ledger
##   themselves: the trickle pays it).
## [br]- [b]Attacks[/b]: a machine stands on the navigator as a blocking cell, so the
##   drones (power seekers) take it for a target as they take a tower; an attack on its cell
##   ([method take_attack]) wears it down, and at 0 health it is gone
##   ([signal machine_destroyed]).
## [br]It keeps no state of its own: the machines are their storey's ([StoreyMachines]).

## The machine on [param cell] of floor [param floor_index] was destroyed.
signal machine_destroyed(floor_index: int, cell: Vector2i)

## Why a machine may not be built ([enum BuildRules.Refusal]).
# gdlint:ignore = constant-name
const Refusal := BuildRules.Refusal

var _loop: OutpostLoop
var _rate := 0.0


## Works for [param loop] (its building, rules, ledger and outcome).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Wires the freshly built building's machines: each storey's [StoreyMachines] gets the
## rules' kinds (a loaded machine's index names one), and its destroyed machines are
## reported with the floor. Called by [method OutpostLoop.start] after every build (the
## connections go with the storeys when they are freed).
func start() -> void:
	_rate = 0.0
	var building := _loop.building
	for index in building.get_storey_count():
		var machines := building.get_storey(index).get_machines()
		machines.kinds = _loop.rules.machine_kinds
		machines.machine_destroyed.connect(
			func(cell: Vector2i) -> void: machine_destroyed.emit(index, cell)
		)


## Feeds the machines' output for one tick of [param delta] seconds into the ledger, until
## the reclaim (the trickle carries it afterwards).
func step(delta: float) -> void:
	_rate = 0.0 if _loop.outcome.is_reclaimed() else output()
	_loop.ledger.earn(_rate * delta)


## Materials per second the machines fed into the ledger (last tick): [method output]
## before the reclaim, 0 after it.
func get_rate() -> float:
	return _rate


## Materials per second every machine of the building produces together: their share of
## the yield.
func output() -> float:
	var total := 0.0
	for machines in _all_machines():
		for kind in machines.standing_kinds():
			total += kind.output
	return total


## Machines standing in the building.
func count() -> int:
	var total := 0
	for machines in _all_machines():
		total += machines.get_child_count()
	return total


## The floor that takes machines (the UNDERGROUND storey), or -1 without one.
func factory_floor() -> int:
	var building := _loop.building
	for index in building.get_storey_count():
		if StoreyMachines.is_factory(building.layouts[index]):
			return index
	return -1


## The machine on [param cell] of floor [param floor_index], or null.
func machine_at(floor_index: int, cell: Vector2i) -> MachineObject:
	var storey := _loop.building.get_storey(floor_index)
	return storey.get_machines().at(cell) if storey != null else null


## Why a machine of kind [param kind] (an index into the rules' kinds) may not go on
## [param cell] of floor [param floor_index] ([method BuildRules.check], on the factory
## floor only): a [enum BuildRules.Refusal], NONE if it may.
func check(floor_index: int, cell: Vector2i, kind: int) -> int:
	var building := _loop.building
	var navigator := building.get_navigator(floor_index)
	return BuildRules.check(
		navigator,
		cell,
		_loop.rules.machine_kind(kind),
		_loop.ledger.materials,
		_loop.outcome.is_reclaimed(),
		navigator != null and StoreyMachines.is_factory(building.layouts[floor_index]),
		navigator != null and machine_at(floor_index, cell) != null
	)


## [method check] in words, as the build ghost shows it ("" if the machine may go).
func refusal_text(floor_index: int, cell: Vector2i, kind: int) -> String:
	var refusal := check(floor_index, cell, kind)
	var what := ""
	if refusal == Refusal.NOT_EMPTY:
		what = CellDefinitions.type_name(_loop.building.layouts[floor_index].get_cell(cell))
	return FactoryText.machine_refusal(refusal, what)


## Builds a machine of kind [param kind] on [param cell] of floor [param floor_index],
## paying its cost; why it was refused otherwise (NONE: built). Legality is looked up once.
func build(floor_index: int, cell: Vector2i, kind: int) -> int:
	var refusal := check(floor_index, cell, kind)
	if refusal == Refusal.NONE:
		var machines := _loop.building.get_storey(floor_index).get_machines()
		Construction.build_checked(
			_loop.ledger, machines.add(cell, kind, _loop.rules.machine_kind(kind))
		)
	return refusal


## Removes the machine on [param cell] of floor [param floor_index], refunding
## [member OutpostRules.machine_refund] of its cost; false if there is none or the
## building is locked.
func remove(floor_index: int, cell: Vector2i) -> bool:
	var storey := _loop.building.get_storey(floor_index)
	var machines := storey.get_machines() if storey != null else null
	return Construction.remove_from(_loop, machines, cell, _loop.rules.machine_refund)


## Routes an attack of [param amount] on [param cell] of floor [param floor_index] to the
## machine there; false if none stands there.
func take_attack(floor_index: int, cell: Vector2i, amount: float) -> bool:
	var machine := machine_at(floor_index, cell)
	if machine == null:
		return false
	machine.apply_damage(amount)
	return true


func _all_machines() -> Array[StoreyMachines]:
	var out: Array[StoreyMachines] = []
	var building := _loop.building
	if building == null:
		return out
	for index in building.get_storey_count():
		out.append(building.get_storey(index).get_machines())
	return out
