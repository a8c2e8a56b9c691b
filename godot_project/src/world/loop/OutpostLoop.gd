# gdlint:ignore = max-public-methods
# (The loop is the rules' one surface for the game, build mode, the HUD and tests: most of
# its methods are one-line delegations to its parts, kept so that no caller changes.)
class_name OutpostLoop
extends Node
## The outpost loop at work on a built [OutpostBuilding] and its [OutpostGenesis], with
## every number from [member rules] ([OutpostRules]). It keeps the game's clock
## ([member tick]: every piece of game state advances in physics ticks only) and the flows
## of each tick, and hands the rest to its parts, each with its own state:
## [br]- [member ledger] ([Ledger]): the materials and their accounts;
## [br]- [member interaction] ([Interaction]): what holding interact does (restoring a
##   beacon, connecting a shaft, the reclaim at the console) and its prompt;
## [br]- [member outcome] ([Outcome]): the reclaim and the defeat;
## [br]- [member construction] ([Construction]): the towers built and removed;
## [br]- [member factory] ([Factory]): the underground factory's machines at work;
## [br]- [member flows] ([Flows]): scrap, the shafts' feed, bleeding beacons, the trickle.
## [br]Each tick: scrap is collected and the shafts feed, the machines produce, interact
## acts, bleeding beacons lose materials, the trickle flows after the reclaim, and Genesis
## heals once nothing has bitten it for
## [member OutpostRules.genesis_regen_delay] seconds. Aliens bite Genesis, drones wear
## beacons and towers down. Started by [method start] after every build; draws nothing.

## A beacon on floor [param floor_index] took damage.
signal beacon_attacked(floor_index: int)
## A tower on [param cell] of floor [param floor_index] was destroyed.
signal tower_destroyed(floor_index: int, cell: Vector2i)
## The building was reclaimed: the trickle is [param trickle] materials per second.
signal reclaimed(trickle: float)
## Genesis's health reached 0.
signal defeated
## A physics tick of the loop ran (materials, flows and prompts may have changed).
signal ticked

## What Genesis can interact with ([enum Interaction.Target]).
# gdlint:ignore = constant-name
const Target := Interaction.Target
## Why a tower may not be built ([enum BuildRules.Refusal]).
# gdlint:ignore = constant-name
const Refusal := Construction.Refusal

## The numbers of the loop.
@export var rules: OutpostRules = preload("res://data/outpost/outpost_rules.tres")

## The building (set by [method start]).
var building: OutpostBuilding
## The player (set by [method start]).
var genesis: OutpostGenesis
## The materials and their accounts.
var ledger := Ledger.new()
## What interact does.
var interaction := Interaction.new(self)
## The reclaim and the defeat.
var outcome := Outcome.new(self)
## The towers built and removed.
var construction := Construction.new(self)
## The underground factory's machines.
var factory := Factory.new(self)
## The materials flowing each tick.
var flows := Flows.new(self)
## Game seconds since [method start].
var elapsed := 0.0
## Physics ticks since [method start]: the game's own clock.
var tick := 0

## Materials carried ([member Ledger.materials]). Setting it (tests, tools) counts the
## difference as earned or spent, so the accounts still add up.
var materials: float:
	get:
		return ledger.materials
	set(value):
		var change := value - ledger.materials
		ledger.materials = value
		if change >= 0.0:
			ledger.earned += change
		else:
			ledger.spent -= change
## Materials that came in ([member Ledger.earned]).
var earned: float:
	get:
		return ledger.earned
## Materials paid for something ([member Ledger.spent]).
var spent: float:
	get:
		return ledger.spent
## Materials the bleeding beacons took ([member Ledger.lost]).
var lost: float:
	get:
		return ledger.lost
## Whether interact is held ([member Interaction.held]; set it with [method set_interacting]).
var interacting: bool:
	get:
		return interaction.held
## Materials per second flowing in since the reclaim ([member Outcome.trickle]).
var trickle: float:
	get:
		return outcome.trickle
## [member elapsed] at the reclaim; -1 before ([member Outcome.reclaim_time]).
var reclaim_time: float:
	get:
		return outcome.reclaim_time

var _since_attack := INF
var _required: Dictionary[int, Array] = {}


func _init() -> void:
	outcome.reclaimed.connect(reclaimed.emit)
	outcome.defeated.connect(defeated.emit)


## Wires the loop to a freshly built [param on_building] and [param player]: the swarms'
## signals, the rules' wave profile on every entry (the building's outpost level picks how
## many entries send and how hard) and the rules' kind table on every swarm; the ledger,
## the clock and the outcome back to the start.
func start(on_building: OutpostBuilding, player: OutpostGenesis) -> void:
	if building != on_building:
		if building != null:
			building.tower_destroyed.disconnect(_on_tower_destroyed)
		on_building.tower_destroyed.connect(_on_tower_destroyed)
	building = on_building
	genesis = player
	ledger.open(rules.starting_materials, rules.max_materials)
	interaction.reset()
	outcome.reset()
	elapsed = 0.0
	tick = 0
	_since_attack = INF
	_required.clear()
	var level := building.outpost_level
	for index in building.get_storey_count():
		var swarm := building.get_swarm(index)
		swarm.set_kinds(rules.agent_kinds)
		swarm.target_attacked.connect(_on_target_attacked.bind(index))
		swarm.genesis_attacked.connect(_on_genesis_attacked)
		swarm.agent_destroyed.connect(_on_agent_destroyed.bind(index))
		var storey := building.get_storey(index)
		storey.get_towers().tiers = rules.tower_tiers
		var entries := storey.get_entries()
		var sending := rules.sending_entries(entries.size(), level)
		# One profile for the storey's entries: they only read it.
		var profile := rules.wave_profile_for(storey.layout.storey_depth, level)
		for entry_index in entries.size():
			entries[entry_index].wave_profile = profile
			entries[entry_index].spawning_enabled = entry_index < sending
		for beacon in storey.get_beacons():
			beacon.max_health = rules.beacon_health_at(level)
			beacon.set_state(0.0, false)
	factory.start()
	_update_required_cells()


func _physics_process(delta: float) -> void:
	if building == null or genesis == null or building.get_storey_count() == 0:
		return
	if outcome.check_defeat():
		return
	elapsed += delta
	tick += 1
	_update_required_cells()
	flows.collect(delta)
	factory.step(delta)
	interaction.step(delta)
	interaction.show_console(
		ActionKeys.describe(&"interact"), building.prompts_enabled and not genesis.is_on_staircase()
	)
	flows.settle(delta)
	_since_attack += delta
	if _since_attack >= rules.genesis_regen_delay:
		genesis.heal(rules.genesis_regen * delta)
	ticked.emit()


## Holds interact ([param on]) or lets it go; a press counts for at least one tick.
func set_interacting(on: bool) -> void:
	interaction.set_held(on)


## Materials per second being lost to bleeding beacons (last tick).
func get_bleed_rate() -> float:
	return flows.bleed_rate()


## Materials per second the connected shafts fed (last tick).
func get_feed_rate() -> float:
	return flows.feed_rate()


## The building's yield ([method Outcome.get_yield]).
func get_yield() -> float:
	return outcome.get_yield()


## The trickle a reclaim would fix now ([method Outcome.trickle_now]).
func trickle_now() -> float:
	return outcome.trickle_now()


## Why a tower of tier [param tier] may not go on [param cell] of floor [param floor_index]
## ([method Construction.check]): a [enum BuildRules.Refusal], NONE if it may.
func check_tower(floor_index: int, cell: Vector2i, tier: int) -> int:
	return construction.check(floor_index, cell, tier)


## [method check_tower] in words, as the build ghost shows it ("" if the tower may go).
func tower_refusal(floor_index: int, cell: Vector2i, tier: int) -> String:
	return construction.refusal(floor_index, cell, tier)


## The sentence for [param refusal] ([method Construction.describe]).
static func describe_refusal(refusal: int, cell_type: int = -1) -> String:
	return Construction.describe(refusal, cell_type)


## Builds a tower of tier [param tier] on [param cell] of floor [param floor_index], paying
## its cost; false (nothing changed) where [method check_tower] refuses.
func place_tower(floor_index: int, cell: Vector2i, tier: int = 0) -> bool:
	return build_tower(floor_index, cell, tier) == Refusal.NONE


## [method place_tower], returning why it was refused (NONE: built).
func build_tower(floor_index: int, cell: Vector2i, tier: int = 0) -> int:
	return construction.build(floor_index, cell, tier)


## Removes the tower on [param cell] of floor [param floor_index] with its refund
## ([method Construction.remove]); false if there is none or the building is locked.
func remove_tower(floor_index: int, cell: Vector2i) -> bool:
	return construction.remove(floor_index, cell)


## Whether every beacon is restored and the game is neither reclaimed nor lost.
func can_reclaim() -> bool:
	return outcome.can_reclaim()


## Reclaims the building where [method can_reclaim] allows it ([method Outcome.reclaim]).
func reclaim() -> bool:
	return outcome.reclaim()


## Whether the building was reclaimed.
func is_reclaimed() -> bool:
	return outcome.is_reclaimed()


## Whether the game was lost.
func is_defeated() -> bool:
	return outcome.is_defeated()


## What Genesis could interact with now ([method Interaction.target]).
func interaction_target() -> Array:
	return interaction.target()


## The prompt for what interact (bound to [param key]) would do now
## ([method Interaction.prompt]).
func interaction_prompt(key: String) -> String:
	return interaction.prompt(key)


## The loop's clock for a save game: ticks, game seconds and the time since Genesis was
## last bitten (-1: never). Flows (feed, bleed) are recomputed every tick and are not
## state; the ledger, interaction and outcome save their own.
func get_state() -> Dictionary:
	return {
		"tick": tick,
		"time": elapsed,
		"since_attack": -1.0 if is_inf(_since_attack) else _since_attack,
	}


## The ticks in a second of game time: the project's physics rate, however many ticks
## run in a second of real time (a test may run them faster, with a matching time scale).
static func ticks_per_second() -> int:
	return ProjectSettings.get_setting("physics/common/physics_ticks_per_second", 60)


## "" if [param data] is the loop's clock, else what is wrong (format 1 saved the time
## only). Puts the clock into [param context] for the checks after it: [code]tick[/code]
## (a format-1 file's: the ticks of its time, as [method set_state] counts them) and
## [code]time[/code].
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	var time := check.number(data, "time", "loop", 0.0)
	var tick_now := roundi(time * ticks_per_second())
	if context.get("format", 3) >= 2 or data.has("tick"):
		tick_now = check.whole(data, "tick", "loop", 0, StateCheck.MAX_TICK)
		check.number(data, "since_attack", "loop", -1.0)
	context["tick"] = tick_now
	context["time"] = time
	return check.problem()


## Restores [method get_state]'s clock on a started loop (a save without a tick counts
## the ticks of its time).
func set_state(data: Dictionary) -> void:
	elapsed = data.get("time", elapsed)
	tick = int(data.get("tick", roundi(elapsed * ticks_per_second())))
	var since: float = data.get("since_attack", -1.0)
	_since_attack = INF if since < 0.0 else since


# Genesis's cell on its floor, and the console on its floor, must stay reachable: towers
# may not seal them in.
func _update_required_cells() -> void:
	for index in building.get_storey_count():
		var cells: Array = []
		var console := building.get_storey(index).get_console()
		if console != null:
			cells.append(console.cell)
		var at := genesis.current_cell()
		if index == building.genesis_floor and building.get_navigator(index).is_free(at):
			if not cells.has(at):
				cells.append(at)
		if _required.get(index, []) != cells:
			_required[index] = cells
			building.get_navigator(index).set_required_cells(cells)


func _on_target_attacked(cell: Vector2i, amount: float, floor_index: int) -> void:
	# A machine there takes the attack (Factory.take_attack).
	if outcome.is_reclaimed() or factory.take_attack(floor_index, cell, amount):
		return
	var storey := building.get_storey(floor_index)
	var tower := storey.get_towers().at(cell)
	if tower != null:
		tower.apply_damage(amount)
		return
	for beacon in storey.get_beacons():
		if beacon.cell == cell:
			beacon.apply_damage(amount)
			beacon_attacked.emit(floor_index)


func _on_genesis_attacked(amount: float) -> void:
	if outcome.is_defeated() or outcome.is_reclaimed():
		return
	genesis.apply_damage(amount)
	_since_attack = 0.0


func _on_agent_destroyed(_id: int, kind: int, cell: Vector2i, floor_index: int) -> void:
	var kind_rules := rules.agent_kind(kind)
	if kind_rules != null:
		building.get_storey(floor_index).get_scrap().drop(cell, kind_rules.scrap)


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	tower_destroyed.emit(floor_index, cell)
