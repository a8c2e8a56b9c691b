extends "res://tests/suite.gd"
## An autoplayer wins a fixed seed: using only OutpostGame's scripting surface, Genesis's
## own movement (move_to_cell, the staircase) and the player's actions (travel mode,
## ascend, descend), it connects shafts, builds towers by the beacons, restores every
## beacon of every storey and reclaims the building, within 15 minutes of game time, run
## eight times faster than real time (FastPhysics: more ticks per second with a matching
## time scale, so every tick is still 1/60 s of game time).

const GAME_SCENE := preload("res://scenes/outpost_game.tscn")
const FastPhysics := preload("res://tests/fast_physics.gd")
## The seed it wins.
const SEED := 20260316
## Game seconds it has.
const LIMIT := 15.0 * 60.0
const SPEED_UP := 8

var _game: OutpostGame
var _log := PackedStringArray()
# Times each beacon was come back to after it had been full: each one more tower by it.
var _repairs: Dictionary[BeaconObject, int] = {}


func test_an_autoplayer_wins_a_fixed_seed_within_15_minutes_of_game_time() -> bool:
	FastPhysics.start(SPEED_UP)
	_game = GAME_SCENE.instantiate() as OutpostGame
	_game.menu_scene = ""
	_game.building_seed = SEED
	add(_game)
	var won: bool = await _play()
	var elapsed := _game.loop.elapsed
	FastPhysics.stop()
	expect(won, "won: %s" % "; ".join(_log.slice(-12)))
	expect(_game.is_reclaimed(), "reclaimed")
	expect(elapsed <= LIMIT, "within 15 minutes: %d s" % elapsed)
	expect(not _game.loop.is_defeated(), "Genesis alive (%s)" % _game.genesis.health)
	print("autoplay: reclaimed after %d s of game time, %s" % [elapsed, _game.hud.get_alert()])
	_game.free()
	tree.paused = false
	return ok()


func _over() -> bool:
	return _game.loop.elapsed > LIMIT or _game.loop.is_defeated() or _game.is_reclaimed()


func _play() -> bool:
	var building := _game.building
	var order: Array[int] = []
	for index in range(building.get_ground_floor(), building.get_storey_count()):
		order.append(index)
	order.append(0)
	for index in order:
		await _go_to_floor(index)
		await _work_floor(index)
	# Then mend the worst-hit beacon, wherever it is, until the reclaim is on offer.
	while not _over():
		if _game.can_reclaim():
			_game.reclaim()
			break
		var worst := _worst_beacon()
		await _go_to_floor(worst[0])
		await _restore(worst[0], worst[1])
	return _game.is_reclaimed() and _game.loop.elapsed <= LIMIT


# Connects the floor's shafts, then guards and restores its beacons.
func _work_floor(index: int) -> void:
	var storey := _game.building.get_storey(index)
	for shaft in storey.get_shafts():
		if shaft.throughput == ShaftConnector.Throughput.DISCONNECTED and not _over():
			await _walk_next_to(index, shaft.cell)
			await _hold_interact(
				func() -> bool: return shaft.throughput != ShaftConnector.Throughput.DISCONNECTED,
				1.0
			)
	for beacon in storey.get_beacons():
		await _restore(index, beacon)


# Walks to `beacon`, builds a guard tower by it (waiting a while for the materials) and
# holds interact until it is full.
func _restore(index: int, beacon: BeaconObject) -> void:
	if beacon.is_restored() or _over():
		return
	await _walk_next_to(index, beacon.cell)
	if beacon.restored_once:
		_repairs[beacon] = _repairs.get(beacon, 0) + 1
	var until := _game.loop.elapsed + 20.0
	var wanted := mini(1 + _repairs.get(beacon, 0), 4)
	while not _guard(index, beacon.cell, wanted) and _game.loop.elapsed < until and not _over():
		await physics_frames(10)
	await _hold_interact(func() -> bool: return beacon.is_restored(), 90.0)
	(
		_log
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
# builds one on the legal cell nearest `cell` (2 to 4 cells away) when it can afford it,
# a high one when rich.
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
	if best.x < 0 or best_distance > 4:
		return true
	var tier := 1 if _game.get_materials() > 200.0 else 0
	return _game.place_tower(index, best, tier) and near + 1 >= wanted


# Holds interact until `done` or `seconds` of game time pass (waiting for materials when
# there are none).
func _hold_interact(done: Callable, seconds: float) -> void:
	var until := _game.loop.elapsed + seconds
	_game.set_interacting(true)
	while not done.call() and _game.loop.elapsed < until and not _over():
		await physics_frames(1)
	_game.set_interacting(false)


# Special cells are walkable and stay reachable (no tower may seal them in), and
# interaction counts the cell itself as next to it: Genesis stands on it.
func _walk_next_to(_index: int, cell: Vector2i) -> void:
	await _walk_to(cell)


func _walk_to(cell: Vector2i) -> void:
	var genesis := _game.genesis
	if genesis.current_cell() == cell:
		return
	if not genesis.move_to_cell(cell):
		_log.append("no route to %s" % cell)
		return
	var until := _game.loop.elapsed + 60.0
	while genesis.is_moving() and _game.loop.elapsed < until and not _over():
		await physics_frames(1)


func _go_to_floor(index: int) -> void:
	var building := _game.building
	while building.genesis_floor != index and not _over():
		var here := building.genesis_floor
		await _walk_to(building.layouts[here].staircase_cell)
		await physics_frames(4)
		building.travel_mode = true
		press(&"ascend" if index > here else &"descend")
		await physics_frames(2)
		if building.genesis_floor == here:
			_log.append("stuck on floor %d" % here)
			await physics_frames(30)
