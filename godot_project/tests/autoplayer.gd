extends RefCounted
## A player that knows the map and wastes no step, for the tests and the level table
## (tests/autoplay_table.gd). Using only OutpostGame's scripting surface, Genesis's own
## movement (move_to_cell, the staircase) and the player's actions (travel mode, ascend,
## descend), it goes floor by floor from the ground up and then the underground, connects
## the shafts, builds towers by the beacons (unless [member builds_towers] is off),
## restores every beacon, then mends the worst-hit beacon until the reclaim is on offer,
## and reclaims. Genesis cannot fight: when it is badly bitten, it takes the staircase to
## the next floor, waits there until it has healed and comes back (hit and run). It stops
## at the reclaim, a defeat or [member limit] seconds of game time.
## [br]With [member builds_machines] it is a factory player: it goes down to the UNDERGROUND
## storey (the factory floor) right after the ground floor, and whenever it is on that
## floor and has materials to spare it builds factory machines there (the dearest kind it
## can afford, on the legal cell nearest the console), up to [member max_machines].
## [member factory_first] alone takes the same route without building any (the fair
## comparison).

## Seconds of game time it has.
var limit := 15.0 * 60.0
## Whether it builds towers (the "no towers" variant does not).
var builds_towers := true
## Whether it builds factory machines on the factory floor (and goes there early).
var builds_machines := false
## Whether it goes to the factory floor right after the ground floor (on with
## [member builds_machines]; alone, the same route without machines).
var factory_first := false
## The most machines it builds.
var max_machines := 8
## Materials it keeps after paying for a machine (for towers and beacons).
var machine_reserve := 30.0
## Machines it waits to build on its first visit to the factory floor, before it works on
## the beacons there (at most [member factory_wait] seconds).
var first_machines := 2
## Seconds it waits at most for its first machines.
var factory_wait := 30.0
## Cells it keeps between a machine and every beacon and entry (where towers go).
var machine_clearance := 4
## Whether it also builds machines on later visits to the factory floor (off: only on the
## first, early in the game, when a machine has the time to pay for itself; with it on,
## level 2 of seed 20260316 was not reclaimed in 15 minutes).
var buys_late := false
## Machines it built.
var machines_built := 0
## What happened, one line per beacon worked on (the last lines say why it stopped).
var log := PackedStringArray()
## Towers it built.
var towers_built := 0
## Share of Genesis's health under which it leaves the floor to heal.
var flee_below := 0.4
## Share of Genesis's health it waits for before it comes back.
var back_above := 0.9
## Times it left a floor to heal.
var retreats := 0

var _tree: SceneTree
var _game: OutpostGame
# Times each beacon was come back to (after it had been full, or unfinished): each one
# more tower by it.
var _repairs: Dictionary[BeaconObject, int] = {}
# Times each beacon was worked on.
var _visits: Dictionary[BeaconObject, int] = {}
var _healing := false
var _factory_visited := false


func _init(tree: SceneTree, game: OutpostGame) -> void:
	_tree = tree
	_game = game


## Plays until the reclaim, a defeat or the limit; true if it reclaimed within the limit.
func play() -> bool:
	var building := _game.building
	var order: Array[int] = []
	for index in range(building.get_ground_floor(), building.get_storey_count()):
		order.append(index)
	order.append(0)
	var factory := _game.loop.factory.factory_floor()
	for index in order:
		await _go_to_floor(index)
		await _work_floor(index)
		if (
			index == building.get_ground_floor()
			and factory >= 0
			and (factory_first or builds_machines)
		):
			await _go_to_floor(factory)
			await _work_floor(factory, false)
			_factory_visited = true
	while not over():
		if _game.can_reclaim():
			_game.reclaim()
			break
		var worst := _worst_beacon()
		await _go_to_floor(worst[0])
		await _restore(worst[0], worst[1])
	return _game.is_reclaimed() and _game.loop.elapsed <= limit


## True once the game is reclaimed, lost or past the limit.
func over() -> bool:
	return _game.loop.elapsed > limit or _game.loop.is_defeated() or _game.is_reclaimed()


## The figures of the game so far: won, lost, game seconds (at the reclaim if won), what
## was earned, spent and lost, materials unspent (at the reclaim if won), towers built.
func result() -> Dictionary:
	var loop := _game.loop
	return {
		"won": _game.is_reclaimed() and loop.reclaim_time <= limit,
		"lost": loop.is_defeated(),
		"time": loop.reclaim_time if _game.is_reclaimed() else loop.elapsed,
		"earned": loop.earned,
		"spent": loop.spent,
		"lost_materials": loop.lost,
		"unspent": loop.materials,
		"towers": towers_built,
		"machines": machines_built,
		"retreats": retreats,
	}


func _physics_frames(count: int) -> void:
	for i in count:
		await _tree.physics_frame
		if builds_machines and _game.loop.tick % 30 == 0:
			_build_machine()


# On the factory floor with materials to spare: one machine of the dearest kind it can
# afford keeping machine_reserve, on the legal cell nearest the console.
func _build_machine() -> void:
	var factory := _game.loop.factory
	var floor_index := factory.factory_floor()
	if _game.building.genesis_floor != floor_index or machines_built >= max_machines or over():
		return
	if _factory_visited and not buys_late:
		return
	var kinds := _game.loop.rules.machine_kinds
	var pick := -1
	for index in kinds.size():
		var affordable := _game.get_materials() - kinds[index].cost >= machine_reserve
		if affordable and (pick < 0 or kinds[index].cost > kinds[pick].cost):
			pick = index
	if pick < 0:
		return
	var console := _game.building.get_console()
	var navigator := _game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var best := Vector2i(-1, -1)
	var best_distance := 1 << 20
	var layout := _game.building.layouts[floor_index]
	# Not on Genesis's way: a body put on its route would stop it (routes are not re-planned).
	var route := _game.genesis.get_route()
	for i in mask.size():
		var c := Vector2i(i / navigator.get_height(), i % navigator.get_height())
		var d := absi(c.x - console.cell.x) + absi(c.y - console.cell.y)
		if (
			mask[i] == 1
			and d >= 2
			and d < best_distance
			and _clear_of(layout, c)
			and not c in route
		):
			best = c
			best_distance = d
	if best.x >= 0 and _game.place_machine(floor_index, best, pick):
		machines_built += 1


# Connects the floor's shafts (and on the factory floor builds the first machines), then
# guards and restores its beacons unless `beacons` is off.
func _work_floor(index: int, beacons: bool = true) -> void:
	var storey := _game.building.get_storey(index)
	for shaft in storey.get_shafts():
		if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED and not over():
			await _walk_to(shaft.cell)
			await _hold_interact(
				func() -> bool: return shaft.throughput != ShaftConnector.Throughput.DISCONNECTED,
				1.0
			)
	if builds_machines and index == _game.loop.factory.factory_floor():
		var until := _game.loop.elapsed + factory_wait
		while machines_built < first_machines and _game.loop.elapsed < until and not over():
			await _physics_frames(10)
	if not beacons:
		return
	for beacon in storey.get_beacons():
		await _restore(index, beacon)


# Walks to `beacon`, builds guard towers by it (waiting a while for the materials) and
# holds interact until it is full.
func _restore(index: int, beacon: BeaconObject) -> void:
	if beacon.is_restored() or over():
		return
	await _walk_to(beacon.cell)
	if beacon.restored_once or _visits.get(beacon, 0) > 0:
		_repairs[beacon] = _repairs.get(beacon, 0) + 1
	_visits[beacon] = _visits.get(beacon, 0) + 1
	if builds_towers:
		var until := _game.loop.elapsed + 20.0
		var wanted := mini(1 + _repairs.get(beacon, 0), 4)
		while not _guard(index, beacon.cell, wanted) and _game.loop.elapsed < until and not over():
			await _physics_frames(10)
			if _hurt():
				await _heal()
	await _hold_interact(func() -> bool: return beacon.is_restored(), 90.0)
	(
		log
		. append(
			(
				"%.0fs floor %d beacon %s at %d%%, materials %d, health %d"
				% [
					_game.loop.elapsed,
					index,
					beacon.cell,
					beacon.get_restoration_progress() * 100,
					_game.get_materials(),
					_game.genesis.health,
				]
			)
		)
	)


# [floor, beacon] of the beacon missing the most health.
func _worst_beacon() -> Array:
	var worst: Array = []
	var missing := -1.0
	for index in _game.building.get_storey_count():
		for beacon in _game.building.get_storey(index).get_beacons():
			if beacon.get_missing_health() > missing:
				missing = beacon.get_missing_health()
				worst = [index, beacon]
	return worst


# True once `wanted` towers stand within 3 cells of `cell` (more while materials pile up);
# builds one on the legal cell nearest `cell` (2 to 7 cells away) when it can afford it:
# a high one when rich or when no cell within 4 is legal.
func _guard(index: int, cell: Vector2i, wanted: int) -> bool:
	var near := 0
	for tower in _game.building.get_storey(index).get_towers().all():
		near += int(absi(tower.cell.x - cell.x) + absi(tower.cell.y - cell.y) <= 3)
	wanted = mini(wanted + int(_game.get_materials() > 150.0), 4)
	if near >= wanted:
		return true
	var navigator := _game.building.get_navigator(index)
	var mask := navigator.placement_mask()
	var best := Vector2i(-1, -1)
	var best_distance := 1 << 20
	for i in mask.size():
		var c := Vector2i(i / navigator.get_height(), i % navigator.get_height())
		var d := absi(c.x - cell.x) + absi(c.y - cell.y)
		if mask[i] == 1 and d >= 2 and d < best_distance:
			best = c
			best_distance = d
	if best.x < 0 or best_distance > 7:
		return true
	# Further off, only a high tower (longer range, over the walls) reaches the beacon.
	var tier := 1 if _game.get_materials() > 200.0 or best_distance > 4 else 0
	if not _game.place_tower(index, best, tier):
		return false
	towers_built += 1
	return near + 1 >= wanted


# Whether `cell` leaves the cells towers guard from free: at least machine_clearance cells
# from every beacon and entry of `layout`.
func _clear_of(layout: StoreyLayout, cell: Vector2i) -> bool:
	for special in layout.beacon_cells + layout.entry_cells:
		if absi(special.x - cell.x) + absi(special.y - cell.y) < machine_clearance:
			return false
	return true


# Holds interact until `done` or `seconds` of game time pass (waiting for materials when
# there are none).
func _hold_interact(done: Callable, seconds: float) -> void:
	var until := _game.loop.elapsed + seconds
	_game.set_interacting(true)
	while not done.call() and _game.loop.elapsed < until and not over():
		await _physics_frames(1)
		if _hurt():
			_game.set_interacting(false)
			await _heal()
			_game.set_interacting(true)
	_game.set_interacting(false)


func _hurt() -> bool:
	var genesis := _game.genesis
	return not _healing and genesis.health < flee_below * genesis.stats.max_health


# Runs from the aliens until Genesis has healed: to the far end of the floor and back
# again (Genesis is faster than any alien, and heals once nothing has bitten it for a
# while), then returns to where it was.
func _heal() -> void:
	_healing = true
	retreats += 1
	var genesis := _game.genesis
	var cell := genesis.current_cell()
	log.append(
		"%.0fs running to heal on floor %d" % [_game.loop.elapsed, _game.building.genesis_floor]
	)
	while genesis.health < back_above * genesis.stats.max_health and not over():
		await _walk_to(_far_from(genesis.current_cell()))
		await _physics_frames(10)
	await _walk_to(cell)
	_healing = false


# The free cell of Genesis's floor (walkable, no tower or machine on it) farthest from
# `from` in a straight line.
func _far_from(from: Vector2i) -> Vector2i:
	var layout := _game.building.layouts[_game.building.genesis_floor]
	var navigator := _game.building.get_navigator(_game.building.genesis_floor)
	var best := from
	for x in layout.width:
		for y in layout.height:
			var c := Vector2i(x, y)
			if (
				navigator.is_free(c)
				and (c - from).length_squared() > (best - from).length_squared()
			):
				best = c
	return best


# Special cells are walkable and stay reachable (no tower may seal them in), and
# interaction counts the cell itself as next to it: Genesis stands on it.
func _walk_to(cell: Vector2i) -> void:
	var genesis := _game.genesis
	if genesis.current_cell() == cell:
		return
	# Just off the staircase, Genesis may need a few ticks before it can set off.
	var tries := 0
	while not genesis.move_to_cell(cell):
		tries += 1
		if tries > 5 or over():
			log.append(
				(
					"no route to %s from %s on floor %d"
					% [cell, genesis.current_cell(), _game.building.genesis_floor]
				)
			)
			return
		await _physics_frames(20)
	var until := _game.loop.elapsed + 60.0
	while genesis.is_moving() and _game.loop.elapsed < until and not over():
		await _physics_frames(1)
	if _hurt():
		await _heal()


func _go_to_floor(index: int) -> void:
	var building := _game.building
	while building.genesis_floor != index and not over():
		var here := building.genesis_floor
		await _walk_to(building.layouts[here].staircase_cell)
		await _physics_frames(4)
		building.travel_mode = true
		_press(&"ascend" if index > here else &"descend")
		await _physics_frames(2)
		if building.genesis_floor == here:
			log.append("stuck on floor %d" % here)
			await _physics_frames(30)


func _press(action: StringName) -> void:
	for pressed in [true, false]:
		var event := InputEventAction.new()
		event.action = action
		event.pressed = pressed
		_tree.root.push_input(event)
