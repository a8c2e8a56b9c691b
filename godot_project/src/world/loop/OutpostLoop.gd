# gdlint:ignore = max-public-methods
# (The loop is the rules' one surface: towers, restoring, the reclaim and its state;
# OutpostGame, build mode, the HUD, saves and tests all call it.)
class_name OutpostLoop
extends Node
## The outpost loop at work on a built [OutpostBuilding] and its [OutpostGenesis], with
## every number from [member rules] ([OutpostRules]):
## [br]- [b]Materials[/b] ([member materials], never below 0): connected shafts feed them
##   while no agent of a kind that disrupts shafts (drones) sits next to them; destroyed
##   agents drop scrap that Genesis collects by flying over its cell; restoring beacons
##   and building towers spends them.
## [br]- [b]Restoring[/b]: while [member interacting] next to a damaged beacon, materials
##   are spent at [member OutpostRules.restore_spend_rate] per second into
##   [method BeaconObject.restore] (the beacon's health is the one truth).
## [br]- [b]Bleed[/b]: a beacon restored once and damaged again loses the building
##   [member OutpostRules.bleed_per_missing_health] materials per second per missing health
##   point, until it is full again.
## [br]- [b]Yield[/b]: the sum over every beacon of its progress x
##   [member OutpostRules.beacon_yield].
## [br]- [b]Towers[/b]: [method place_tower] where the storey's [StoreyNavigator] allows it
##   and materials pay for it; [method remove_tower] refunds part of the cost; drones wear
##   towers down and a tower at 0 health is gone.
## [br]- [b]Aliens[/b] damage Genesis on contact; Genesis regains health once nothing has
##   attacked it for a while; at 0 health the game is lost ([signal defeated]).
## [br]- [b]Reclaim[/b]: once every beacon of every storey is restored, [method reclaim]
##   locks the building (no tower built or removed, entries stop) and wins the game for
##   good: from then on nothing damages Genesis, a beacon or a tower, no defeat can follow,
##   and the agents still inside retreat to the entries and leave
##   ([method StoreySwarm.set_retreat]). It fixes the trickle: the building's yield, plus
##   [member OutpostRules.shaft_bonus] per connected shaft, minus
##   [member OutpostRules.tower_upkeep] per tower (never below 0). The trickle then flows
##   into [member materials]: the game is won ([signal reclaimed]).
## [br]Started by [method start] after every [method OutpostBuilding.build]; stepped in
## [method Node._physics_process]. It draws nothing: the HUD reads it.

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

## What Genesis can interact with next to it.
enum Target { NONE, BEACON, SHAFT, CONSOLE }
## Why a tower may not be built ([method check_tower]): first the navigator's reasons,
## with the values of [enum StoreyNavigator.TowerRefusal] (NONE: it may be built), then
## the loop's own: the building is locked (reclaimed), no such tier, no such floor, not
## enough materials. [method describe_refusal] says each in words.
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

## The numbers of the loop.
@export var rules: OutpostRules = preload("res://data/outpost/outpost_rules.tres")

## The building (set by [method start]).
var building: OutpostBuilding
## The player (set by [method start]).
var genesis: OutpostGenesis
## Materials carried, never below 0. Always [member earned] - [member spent] -
## [member lost].
var materials := 0.0
## Materials that came in since [method start]: the starting materials, the shafts' feed,
## scrap, tower refunds and, after the reclaim, the trickle.
var earned := 0.0
## Materials paid for something: towers, restoring beacons, connecting shafts.
var spent := 0.0
## Materials the bleeding beacons took.
var lost := 0.0
## Whether interact is held (the interact action, or the scripting surface). Set it with
## [method set_interacting]: a press shorter than a tick still counts for one tick.
var interacting := false
## Game seconds since [method start].
var elapsed := 0.0
## Physics ticks since [method start]: the game's own clock (every piece of game state
## advances in physics ticks only).
var tick := 0
## Materials per second flowing in since the reclaim (0 before).
var trickle := 0.0
## [member elapsed] at the reclaim; -1 before.
var reclaim_time := -1.0

var _reclaimed := false
var _defeated := false
# A press not yet acted on (so a tap between two ticks connects a shaft).
var _pressed := false
var _since_attack := INF
var _bleed_rate := 0.0
var _feed_rate := 0.0
var _required: Dictionary[int, Array] = {}


## Wires the loop to a freshly built [param on_building] and [param player]: the swarms'
## signals, the rules' wave profile on every entry and the rules' kind table
## ([member OutpostRules.agent_kinds]) on every swarm; materials back to the start.
func start(on_building: OutpostBuilding, player: OutpostGenesis) -> void:
	building = on_building
	genesis = player
	materials = rules.starting_materials
	earned = materials
	spent = 0.0
	lost = 0.0
	interacting = false
	_pressed = false
	elapsed = 0.0
	tick = 0
	trickle = 0.0
	reclaim_time = -1.0
	_reclaimed = false
	_defeated = false
	_since_attack = INF
	_required.clear()
	for index in building.get_storey_count():
		var swarm := building.get_swarm(index)
		swarm.set_kinds(rules.agent_kinds)
		swarm.target_attacked.connect(_on_target_attacked.bind(index))
		swarm.genesis_attacked.connect(_on_genesis_attacked)
		swarm.agent_destroyed.connect(_on_agent_destroyed.bind(index))
		var storey := building.get_storey(index)
		var layout := storey.layout
		var entries := storey.get_entries()
		var sending := rules.sending_entries(entries.size(), layout.outpost_level)
		# One profile for the storey's entries: they only read it.
		var profile := rules.wave_profile_for(layout.storey_depth, layout.outpost_level)
		for entry_index in entries.size():
			entries[entry_index].wave_profile = profile
			entries[entry_index].spawning_enabled = entry_index < sending
		for beacon in storey.get_beacons():
			beacon.max_health = rules.beacon_health_at(layout.outpost_level)
			beacon.set_state(0.0, false)
	_update_required_cells()


func _physics_process(delta: float) -> void:
	if building == null or genesis == null or _defeated or building.get_storey_count() == 0:
		return
	if genesis.health <= 0.0 and not _reclaimed:
		_defeated = true
		defeated.emit()
		return
	elapsed += delta
	tick += 1
	_update_required_cells()
	_collect_scrap()
	_feed_from_shafts(delta)
	if interacting or _pressed:
		_interact(delta)
	_pressed = false
	_bleed(delta)
	if _reclaimed:
		_earn(trickle * delta)
	_since_attack += delta
	if _since_attack >= rules.genesis_regen_delay:
		genesis.heal(rules.genesis_regen * delta)
	ticked.emit()


## Holds interact ([param on]) or lets it go; a press counts for at least one tick.
func set_interacting(on: bool) -> void:
	interacting = on
	_pressed = _pressed or on


## Materials per second being lost to bleeding beacons (last tick).
func get_bleed_rate() -> float:
	return _bleed_rate


## Materials per second the connected shafts fed (last tick).
func get_feed_rate() -> float:
	return _feed_rate


## The building's yield: every beacon's progress x [member OutpostRules.beacon_yield].
func get_yield() -> float:
	var total := 0.0
	for beacon in BuildingCensus.beacons(building):
		total += beacon.get_restoration_progress() * rules.beacon_yield
	return total


## The trickle a reclaim would fix now: yield + shaft bonus - tower upkeep, never below 0.
func trickle_now() -> float:
	var rate := get_yield() + rules.shaft_bonus * BuildingCensus.connected_shafts(building)
	return maxf(rate - rules.tower_upkeep * BuildingCensus.towers(building), 0.0)


## Why a tower of tier [param tier] may not go on [param cell] of floor [param floor_index]:
## a [enum Refusal], [constant Refusal.NONE] if it may. One lookup in the storey's
## [StoreyNavigator] ([method StoreyNavigator.check_tower]).
func check_tower(floor_index: int, cell: Vector2i, tier: int) -> Refusal:
	if _reclaimed:
		return Refusal.LOCKED
	if rules.tier(tier) == null:
		return Refusal.NO_TIER
	var navigator := building.get_navigator(floor_index)
	if navigator == null:
		return Refusal.NO_FLOOR
	var refusal := navigator.check_tower(cell) as int
	if refusal != StoreyNavigator.TowerRefusal.NONE:
		return refusal as Refusal
	if materials < rules.tier(tier).cost:
		return Refusal.MATERIALS
	return Refusal.NONE


## [method check_tower] in words, as the build ghost shows it: "" if the tower may go,
## else "building locked", "no such tier", "no such floor", "not an EMPTY cell (WALL)",
## "would seal a path", "not enough materials" and so on.
func tower_refusal(floor_index: int, cell: Vector2i, tier: int) -> String:
	var refusal := check_tower(floor_index, cell, tier)
	var layout := building.layouts[floor_index] if refusal == Refusal.NOT_EMPTY else null
	return describe_refusal(refusal, layout.get_cell(cell) if layout != null else -1)


## The sentence for [param refusal] ("" for [constant Refusal.NONE]); for
## [constant Refusal.NOT_EMPTY], [param cell_type] (a [enum StoreyLayout.CellType]) names
## what stands there.
static func describe_refusal(refusal: Refusal, cell_type: int = -1) -> String:
	match refusal:
		Refusal.NONE:
			return ""
		Refusal.OFF_GRID:
			return "off the grid"
		Refusal.NOT_EMPTY:
			if cell_type < 0:
				return "not an EMPTY cell"
			return "not an EMPTY cell (%s)" % CellDefinitions.type_name(cell_type)
		Refusal.TOWER:
			return "a tower stands there"
		Refusal.REQUIRED:
			return "a required cell (Genesis or the console)"
		Refusal.WOULD_SEAL:
			return "would seal a path"
		Refusal.LOCKED:
			return "building locked"
		Refusal.NO_TIER:
			return "no such tier"
		Refusal.NO_FLOOR:
			return "no such floor"
		Refusal.MATERIALS:
			return "not enough materials"
	return "refused (%d)" % refusal


## Builds a tower of tier [param tier] on [param cell] of floor [param floor_index], paying
## its cost; false (nothing changed) where [method check_tower] refuses.
func place_tower(floor_index: int, cell: Vector2i, tier: int = 0) -> bool:
	return build_tower(floor_index, cell, tier) == Refusal.NONE


## [method place_tower], returning why it was refused ([constant Refusal.NONE]: built).
## Legality is looked up once.
func build_tower(floor_index: int, cell: Vector2i, tier: int = 0) -> Refusal:
	var refusal := check_tower(floor_index, cell, tier)
	if refusal != Refusal.NONE:
		return refusal
	var tower := building.get_storey(floor_index).get_towers().add(cell, tier, rules.tier(tier))
	_spend(rules.tier(tier).cost)
	adopt_tower(tower, floor_index, cell)
	return Refusal.NONE


## Removes the tower on [param cell] of floor [param floor_index], refunding
## [member OutpostRules.tower_refund] of its cost; false if there is none or the building
## is locked.
func remove_tower(floor_index: int, cell: Vector2i) -> bool:
	var storey := building.get_storey(floor_index)
	var tower := storey.get_towers().at(cell) if storey != null else null
	if _reclaimed or tower == null:
		return false
	var refund := tower.tier.cost * rules.tower_refund
	storey.get_towers().remove(cell)
	_earn(refund)
	return true


## Whether every beacon of every storey is restored, the building is not yet reclaimed and
## the game is not lost.
func can_reclaim() -> bool:
	if _reclaimed or _defeated or building == null or building.get_storey_count() == 0:
		return false
	return BuildingCensus.restored(building) == BuildingCensus.beacons(building).size()


## Reclaims the building where [method can_reclaim] allows it: locks it and fixes the
## trickle. False otherwise.
func reclaim() -> bool:
	if not can_reclaim():
		return false
	_reclaimed = true
	trickle = trickle_now()
	reclaim_time = elapsed
	_stop_entries()
	reclaimed.emit(trickle)
	return true


## The loop's own state for a save game: materials (and what was earned, spent and lost),
## the clock, what interact is doing,
## the time since Genesis was last bitten (-1: never), the reclaim and whether the game is
## lost. Flows (feed, bleed) are recomputed every tick and are not state.
func get_state() -> Dictionary:
	return {
		"materials": materials,
		"earned": earned,
		"spent": spent,
		"lost": lost,
		"time": elapsed,
		"tick": tick,
		"interacting": interacting,
		"pressed": _pressed,
		"since_attack": -1.0 if is_inf(_since_attack) else _since_attack,
		"reclaimed": _reclaimed,
		"reclaim_time": reclaim_time,
		"trickle": trickle,
		"defeated": _defeated,
	}


## Restores [method get_state]'s state on a started loop. Keys an older save lacks keep
## the values [method start] gave them; a save without the accounts counts what it
## carries as earned.
func set_state(state: Dictionary) -> void:
	materials = state.get("materials", materials)
	spent = state.get("spent", 0.0)
	lost = state.get("lost", 0.0)
	earned = state.get("earned", materials + spent + lost)
	elapsed = state.get("time", elapsed)
	tick = int(state.get("tick", roundi(elapsed * Engine.physics_ticks_per_second)))
	interacting = state.get("interacting", false)
	_pressed = state.get("pressed", false)
	var since: float = state.get("since_attack", -1.0)
	_since_attack = INF if since < 0.0 else since
	_defeated = state.get("defeated", false)
	if state.get("reclaimed", false):
		resume_reclaimed(state.get("trickle", 0.0), state.get("reclaim_time", elapsed))


## Takes over [param tower], placed on [param cell] of floor [param floor_index] by someone
## else (a loaded game): its destruction is handled like that of a tower the loop built.
func adopt_tower(tower: TowerObject, floor_index: int, cell: Vector2i) -> void:
	tower.destroyed.connect(_on_tower_destroyed.bind(floor_index, cell))


## Puts the loop in the reclaimed state of a loaded game: locked, with [param rate] as the
## trickle, reclaimed at [param time].
func resume_reclaimed(rate: float, time: float) -> void:
	_reclaimed = true
	trickle = rate
	reclaim_time = time
	_stop_entries()


## Whether the building was reclaimed.
func is_reclaimed() -> bool:
	return _reclaimed


## Whether the game was lost.
func is_defeated() -> bool:
	return _defeated


## What Genesis could interact with now: a [enum Target] and its node (a beacon, a shaft
## or the console next to Genesis's cell on its floor), most useful first: a damaged
## beacon, a disconnected shaft, the console. [code][Target.NONE, null][/code] otherwise.
func interaction_target() -> Array:
	var storey := building.get_storey(building.genesis_floor)
	var at := genesis.current_cell()
	for beacon in storey.get_beacons():
		if not beacon.is_restored() and _next_to(at, beacon.cell):
			return [Target.BEACON, beacon]
	for shaft in storey.get_shafts():
		if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED and _next_to(at, shaft.cell):
			return [Target.SHAFT, shaft]
	var console := storey.get_console()
	if console != null and _next_to(at, console.cell):
		return [Target.CONSOLE, console]
	return [Target.NONE, null]


## The prompt for what interact (bound to [param key]) would do now; with nothing next to
## Genesis, "move next to the beacon" when a damaged beacon is one cell too far (Manhattan
## distance 2), else "".
func interaction_prompt(key: String) -> String:
	var found := interaction_target()
	var prompt := ""
	match found[0]:
		Target.NONE:
			var at := genesis.current_cell()
			for beacon in building.get_storey(building.genesis_floor).get_beacons():
				var cells_away := absi(at.x - beacon.cell.x) + absi(at.y - beacon.cell.y)
				if not beacon.is_restored() and cells_away == 2:
					prompt = "Move next to the beacon to restore it (hold %s there)" % key
					break
		Target.BEACON:
			var percent := roundi((found[1] as BeaconObject).get_restoration_progress() * 100.0)
			prompt = (
				"Beacon %d%%: no materials to restore it (collect scrap, connect shafts)" % percent
				if materials <= 0.0
				else "Hold %s: restore the beacon (%d%%)" % [key, percent]
			)
		Target.SHAFT:
			prompt = (
				"Shaft: connecting costs %d materials" % roundi(rules.shaft_connect_cost)
				if materials < rules.shaft_connect_cost
				else "%s: connect the shaft (+%.1f materials/s)" % [key, rules.shaft_feed_rate]
			)
		Target.CONSOLE:
			prompt = _console_prompt(key)
	return prompt


func _interact(delta: float) -> void:
	var found := interaction_target()
	match found[0]:
		Target.BEACON:
			var beacon: BeaconObject = found[1]
			var needed := beacon.get_missing_health() / rules.health_per_material
			var spend := minf(minf(rules.restore_spend_rate * delta, materials), needed)
			if spend > 0.0:
				_spend(spend)
				beacon.restore(spend * rules.health_per_material)
		Target.SHAFT:
			if materials >= rules.shaft_connect_cost:
				_spend(rules.shaft_connect_cost)
				(found[1] as ShaftConnector).throughput = ShaftConnector.Throughput.IDLE
		Target.CONSOLE:
			reclaim()


func _console_prompt(key: String) -> String:
	if _reclaimed:
		return "Building reclaimed: +%.1f materials/s" % trickle
	if can_reclaim():
		return "%s: RECLAIM BUILDING (trickle %.1f/s)" % [key, trickle_now()]
	var restored := BuildingCensus.restored(building)
	var total := BuildingCensus.beacons(building).size()
	return "Console: restore every beacon first (%d / %d)" % [restored, total]


func _stop_entries() -> void:
	for index in building.get_storey_count():
		for entry in building.get_storey(index).get_entries():
			entry.spawning_enabled = false
		building.get_swarm(index).set_retreat(true)


func _feed_from_shafts(delta: float) -> void:
	var flowing := 0
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		var swarm := storey.get_swarm()
		var layout := storey.layout
		for shaft in storey.get_shafts():
			if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED:
				continue
			var near := swarm.get_agents_in_radius(
				layout.cell_center(shaft.cell), rules.shaft_disrupt_radius
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
	_earn(_feed_rate * delta)


func _bleed(delta: float) -> void:
	_bleed_rate = 0.0
	for beacon in BuildingCensus.beacons(building):
		if beacon.is_bleeding():
			_bleed_rate += beacon.get_missing_health() * rules.bleed_per_missing_health
	var bled := minf(_bleed_rate * delta, materials)
	materials -= bled
	lost += bled


func _collect_scrap() -> void:
	var scrap := building.get_storey(building.genesis_floor).get_scrap()
	_earn(scrap.collect(genesis.current_cell()))


func _earn(amount: float) -> void:
	materials += amount
	earned += amount


func _spend(amount: float) -> void:
	materials -= amount
	spent += amount


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


static func _next_to(a: Vector2i, b: Vector2i) -> bool:
	return absi(a.x - b.x) + absi(a.y - b.y) <= 1


func _on_target_attacked(cell: Vector2i, amount: float, floor_index: int) -> void:
	if _reclaimed:
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
	if _defeated or _reclaimed:
		return
	genesis.apply_damage(amount)
	_since_attack = 0.0


func _on_agent_destroyed(_id: int, kind: int, cell: Vector2i, floor_index: int) -> void:
	var kind_rules := rules.agent_kind(kind)
	if kind_rules != null:
		building.get_storey(floor_index).get_scrap().drop(cell, kind_rules.scrap)


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	if building.get_storey(floor_index).get_towers().remove(cell):
		tower_destroyed.emit(floor_index, cell)
