class_name Flows
extends RefCounted
## The materials that flow each tick, a part of the loop ([OutpostLoop]), all into or out
## of its [Ledger]:
## [br]- [b]scrap[/b] under Genesis is collected (none while Genesis is outside);
## [br]- [b]shafts[/b]: every connected shaft feeds [member OutpostRules.shaft_feed_rate]
##   per second while no agent of a kind that disrupts shafts
##   ([member AgentKindRules.disrupts_shafts]) is within
##   [member OutpostRules.shaft_disrupt_radius] of it (then it is BLOCKED);
## [br]- [b]bleeding[/b]: a bleeding beacon (restored once, damaged again) loses
##   [member OutpostRules.bleed_per_missing_health] per missing health point per second;
## [br]- [b]the trickle[/b] after the reclaim.
## [br]The rates are recomputed every tick from the building: they are not state.

var _loop: OutpostLoop
var _feed_rate := 0.0
var _bleed_rate := 0.0


## Works for [param loop] (its building, Genesis, rules, ledger and outcome).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Materials per second the connected shafts fed (last tick).
func feed_rate() -> float:
	return _feed_rate


## Materials per second being lost to bleeding beacons (last tick).
func bleed_rate() -> float:
	return _bleed_rate


## Collects the scrap under Genesis and feeds from the shafts (before interact acts).
func collect(delta: float) -> void:
	var building := _loop.building
	var scrap := building.get_storey(building.genesis_floor).get_scrap()
	var cell := _loop.genesis.current_cell()
	_loop.ledger.earn(0.0 if building.genesis_outside else scrap.collect(cell))
	_feed_from_shafts(delta)


## Bleeds the damaged beacons and pays the trickle (after interact acts).
func settle(delta: float) -> void:
	_bleed_rate = 0.0
	for beacon in BuildingCensus.beacons(_loop.building):
		if beacon.is_bleeding():
			_bleed_rate += beacon.get_missing_health() * _loop.rules.bleed_per_missing_health
	_loop.ledger.lose(_bleed_rate * delta)
	if _loop.outcome.is_reclaimed():
		_loop.ledger.earn(_loop.outcome.trickle * delta)


func _feed_from_shafts(delta: float) -> void:
	var rules := _loop.rules
	var building := _loop.building
	var flowing := 0
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		var swarm := storey.get_swarm()
		for shaft in storey.get_shafts():
			if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED:
				continue
			var near := swarm.get_agents_in_radius(
				storey.layout.cell_center(shaft.cell), rules.shaft_disrupt_radius
			)
			var disrupted := false
			for id in near:
				var kind := rules.agent_kind(swarm.get_agent_kind(id))
				disrupted = disrupted or (kind != null and kind.disrupts_shafts)
			shaft.throughput = (
				ShaftConnector.Throughput.BLOCKED
				if disrupted
				else ShaftConnector.Throughput.FLOWING
			)
			flowing += int(not disrupted)
	_feed_rate = flowing * rules.shaft_feed_rate
	_loop.ledger.earn(_feed_rate * delta)
