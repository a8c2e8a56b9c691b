class_name Outcome
extends RefCounted
## How a game ends, a part of the loop ([OutpostLoop]): the reclaim and the defeat.
## [br]- [b]Reclaim[/b]: once every beacon of every storey is restored ([method can_reclaim]),
##   [method reclaim] locks the building (no tower built or removed, entries stop, the
##   agents inside retreat: [method StoreySwarm.set_retreat]) and fixes the [member trickle]:
##   the building's yield (the beacons' and the factory machines'), plus
##   [member OutpostRules.shaft_bonus] per connected shaft, minus
##   [member OutpostRules.tower_upkeep] per tower, never below 0. It is final: the game is
##   won for good, nothing can lose it afterwards.
## [br]- [b]Defeat[/b]: Genesis's health at 0 before the reclaim ([method check_defeat]).
## Its state is saved with the game ([method get_state]).

## The building was reclaimed, with [param trickle] materials per second.
signal reclaimed(trickle: float)
## The game was lost.
signal defeated

## Materials per second flowing in since the reclaim (0 before).
var trickle := 0.0
## Game seconds at the reclaim; -1 before.
var reclaim_time := -1.0

var _reclaimed := false
var _defeated := false
var _loop: OutpostLoop


## Works for [param loop] (its building, rules and clock).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Whether the building was reclaimed.
func is_reclaimed() -> bool:
	return _reclaimed


## Whether the game was lost.
func is_defeated() -> bool:
	return _defeated


## Back to a game not yet decided.
func reset() -> void:
	_reclaimed = false
	_defeated = false
	trickle = 0.0
	reclaim_time = -1.0


## The building's yield: every beacon's progress x [member OutpostRules.beacon_yield], plus
## what the factory's machines produce ([method Factory.output]).
func get_yield() -> float:
	var total := 0.0
	for beacon in BuildingCensus.beacons(_loop.building):
		total += beacon.get_restoration_progress() * _loop.rules.beacon_yield
	return total + _loop.factory.output()


## The trickle a reclaim would fix now: yield + shaft bonus - tower upkeep, never below 0.
func trickle_now() -> float:
	var building := _loop.building
	var rules := _loop.rules
	var rate := get_yield() + rules.shaft_bonus * BuildingCensus.connected_shafts(building)
	return maxf(rate - rules.tower_upkeep * BuildingCensus.towers(building), 0.0)


## Whether every beacon of every storey is restored, the building is not reclaimed yet and
## the game is not lost.
func can_reclaim() -> bool:
	var building := _loop.building
	if _reclaimed or _defeated or building == null or building.get_storey_count() == 0:
		return false
	return BuildingCensus.restored(building) == BuildingCensus.beacons(building).size()


## Reclaims the building where [method can_reclaim] allows it: locks it and fixes the
## trickle. False otherwise.
func reclaim() -> bool:
	if not can_reclaim():
		return false
	_lock(trickle_now(), _loop.elapsed)
	reclaimed.emit(trickle)
	return true


## Loses the game if Genesis's health is at 0 and the building is not reclaimed; whether
## the game is lost (now or before).
func check_defeat() -> bool:
	if not _defeated and not _reclaimed and _loop.genesis.health <= 0.0:
		_defeated = true
		defeated.emit()
	return _defeated


## The state for a save game.
func get_state() -> Dictionary:
	return {
		"reclaimed": _reclaimed,
		"reclaim_time": reclaim_time,
		"trickle": trickle,
		"defeated": _defeated,
	}


## "" if [param data] is an outcome, else what is wrong: a trickle without a reclaim, a
## negative or absurd number, a reclaim later than the loop's time
## ([code]context.time[/code], which the loop's check read), a game both won and lost.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	var won := check.flag(data, "reclaimed", "outcome")
	var rate := check.number(data, "trickle", "outcome", 0.0)
	if data.has("reclaim_time") or context.get("format", 3) >= 2:
		check.number(data, "reclaim_time", "outcome", -1.0, context.get("time", StateCheck.HUGE))
	if data.has("defeated") and check.flag(data, "defeated", "outcome") and won:
		check.fail("outcome: the game is both reclaimed and defeated")
	if check.is_ok() and not won and rate != 0.0:
		check.fail("outcome.trickle is %s but the building is not reclaimed" % rate)
	if check.is_ok() and won and not context.get("beacons_full", true):
		check.fail("outcome.reclaimed is true but not every beacon is full")
	return check.problem()


## Restores [method get_state]'s state on a started game; a reclaimed one is locked again.
func set_state(data: Dictionary) -> void:
	_defeated = data.get("defeated", false)
	if data.get("reclaimed", false):
		_lock(data.get("trickle", 0.0), data.get("reclaim_time", _loop.elapsed))


# The reclaimed state: locked, the entries stopped, the agents leaving.
func _lock(rate: float, at: float) -> void:
	_reclaimed = true
	trickle = rate
	reclaim_time = at
	var building := _loop.building
	for index in building.get_storey_count():
		for entry in building.get_storey(index).get_entries():
			entry.spawning_enabled = false
		building.get_swarm(index).set_retreat(true)
