class_name Interaction
extends RefCounted
## What holding interact does, a part of the loop ([OutpostLoop]): next to a damaged
## beacon it spends materials into the beacon's health, next to a disconnected shaft it
## connects it (once, for [member OutpostRules.shaft_connect_cost]), at the console it
## reclaims the building ([Outcome]). Next to is Genesis's cell or one of the eight around
## it, diagonals included: what touches Genesis on screen counts. It also words the prompt
## for it
## and keeps the console's own prompt and light. A press shorter than a tick still counts
## for one tick. Its state (interact held, a press not yet acted on) is saved.

## What Genesis can interact with next to it.
enum Target { NONE, BEACON, SHAFT, CONSOLE }

## Whether interact is held.
var held := false

var _pressed := false
var _loop: OutpostLoop


## Works for [param loop] (its building, Genesis, rules, ledger and outcome).
func _init(loop: OutpostLoop) -> void:
	_loop = loop


## Lets go of interact and forgets any press (a new game).
func reset() -> void:
	held = false
	_pressed = false


## Holds interact ([param on]) or lets it go; a press counts for at least one tick.
func set_held(on: bool) -> void:
	held = on
	_pressed = _pressed or on


## Acts for one tick of [param delta] seconds if interact is held or was pressed since the
## last tick.
func step(delta: float) -> void:
	if held or _pressed:
		_act(delta)
	_pressed = false


## What Genesis could interact with now: a [enum Target] and its node, most useful first:
## a damaged beacon, a disconnected shaft, the console; [code][Target.NONE, null][/code]
## otherwise.
func target() -> Array:
	var building := _loop.building
	var storey := building.get_storey(building.genesis_floor)
	if storey == null or _loop.genesis == null or building.genesis_outside:
		return [Target.NONE, null]
	var at := _loop.genesis.current_cell()
	for beacon in storey.get_beacons():
		if not beacon.is_restored() and next_to(at, beacon.cell):
			return [Target.BEACON, beacon]
	for shaft in storey.get_shafts():
		if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED and next_to(at, shaft.cell):
			return [Target.SHAFT, shaft]
	var console := storey.get_console()
	if console != null and next_to(at, console.cell):
		return [Target.CONSOLE, console]
	return [Target.NONE, null]


## The prompt for what interact (bound to [param key]) would do now; with nothing next to
## Genesis, "move next to the beacon" when a damaged beacon is one cell further, else "".
func prompt(key: String) -> String:
	var found := target()
	var rules := _loop.rules
	match found[0]:
		Target.BEACON:
			var percent := roundi((found[1] as BeaconObject).get_restoration_progress() * 100.0)
			return GameText.restore_beacon(key, percent, _loop.ledger.materials > 0.0)
		Target.SHAFT:
			return GameText.connect_shaft(
				key, rules.shaft_connect_cost, _loop.ledger.materials, rules.shaft_feed_rate
			)
		Target.CONSOLE:
			return console_prompt(key)
	if _loop.building.genesis_outside:
		return ""
	var at := _loop.genesis.current_cell()
	for beacon in _loop.building.get_storey(_loop.building.genesis_floor).get_beacons():
		if not beacon.is_restored() and cells_away(at, beacon.cell) == 2:
			return GameText.move_next_to_beacon(key)
	return ""


## The console's prompt: reclaimed, ready, or the beacons still to restore.
func console_prompt(key: String) -> String:
	var outcome := _loop.outcome
	if outcome.is_reclaimed():
		return GameText.console_reclaimed(outcome.trickle)
	if outcome.can_reclaim():
		return GameText.console_ready(key, outcome.trickle_now())
	var building := _loop.building
	return GameText.console_waiting(
		BuildingCensus.restored(building), BuildingCensus.beacons(building).size()
	)


## Shows the console's prompt over it while Genesis is next to it and [param shown]
## allows (not in build mode, not on the staircase), and lights it once the reclaim is
## possible or done.
func show_console(key: String, shown: bool) -> void:
	var console := _loop.building.get_console()
	if console == null:
		return
	var here: bool = shown and target()[0] == Target.CONSOLE
	console.set_prompt(console_prompt(key) if here else "")
	console.set_lit(_loop.outcome.can_reclaim() or _loop.outcome.is_reclaimed())


## The state for a save game: interact held, and a press not yet acted on.
func get_state() -> Dictionary:
	return {"interacting": held, "pressed": _pressed}


## "" if [param data] is this part's state, else what is wrong.
static func check_state(data: Dictionary, _context: Dictionary) -> String:
	var check := StateCheck.new()
	check.flag(data, "interacting", "interaction")
	check.flag(data, "pressed", "interaction")
	return check.problem()


## Restores [method get_state]'s state.
func set_state(data: Dictionary) -> void:
	held = data.get("interacting", false)
	_pressed = data.get("pressed", false)


## Whether [param b] is next to [param a] for interacting: the same cell, or one of the
## eight around it.
static func next_to(a: Vector2i, b: Vector2i) -> bool:
	return cells_away(a, b) <= 1


## Cells between [param a] and [param b] as a king counts them (a diagonal step is one).
static func cells_away(a: Vector2i, b: Vector2i) -> int:
	return maxi(absi(a.x - b.x), absi(a.y - b.y))


func _act(delta: float) -> void:
	var found := target()
	var rules := _loop.rules
	var ledger := _loop.ledger
	match found[0]:
		Target.BEACON:
			var beacon: BeaconObject = found[1]
			var needed := beacon.get_missing_health() / rules.health_per_material
			var amount := minf(minf(rules.restore_spend_rate * delta, ledger.materials), needed)
			if amount > 0.0 and ledger.spend(amount):
				beacon.restore(amount * rules.health_per_material)
		Target.SHAFT:
			if ledger.spend(rules.shaft_connect_cost):
				(found[1] as ShaftConnector).throughput = ShaftConnector.Throughput.IDLE
		Target.CONSOLE:
			_loop.outcome.reclaim()
