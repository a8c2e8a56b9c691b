extends Node3D
## The first drone, a node per drone, kept for comparison in benchmarks only
## (tests/bench_swarm.gd): the game's drones are agents of a StoreySwarm. It flies over the
## walkable cells of its storey: first along [method StoreyValidator.find_path] from its entry
## cell to the layout's primary beacon, then to one randomly chosen walkable cell after
## another (one path search per leg, never per frame).
##
## It moves in straight lines between the centres of 4-adjacent walkable cells, so its centre
## is always over a walkable cell. It is no physics body: walls do not stop it, and ENTRY
## openings are cells like any other. Its randomness comes from its own
## [RandomNumberGenerator], seeded from the layout's seed, its entry cell and its spawn index,
## never from the global RNG, so a storey's drones fly the same routes every run.
##
## Frame: the drone's parent stands at the entry cell's centre in the storey's frame (as the
## spawner places an EntryPoint), and the drone's position is relative to it. Without
## [method start] (e.g. run alone with F6) it hovers in place and does nothing.

## Ticks to wait after a roaming leg found no path before trying another target.
const RETRY_TICKS := 30
## Random cells tried per roaming leg to find a walkable target.
const TARGET_TRIES := 16

## Speed, in cells per second.
@export_range(0.1, 20.0, 0.1, "or_greater", "suffix:cells/s") var speed: float = 1.5
## Height of the drone's centre above the floor (below the 2.0 wall tops).
@export_range(0.0, 1.9, 0.05) var hover_height: float = 0.5

## The storey the drone flies over (set by [method start]; read-only).
var layout: StoreyLayout
## The ENTRY cell the drone came in through (set by [method start]; read-only).
var entry_cell := Vector2i(-1, -1)

var _rng := RandomNumberGenerator.new()
# Storey-frame centre of the entry cell: the parent's origin.
var _origin := Vector3.ZERO
# Position on the floor plane, in the parent's frame.
var _flat := Vector3.ZERO
# The cells of the current leg (the first is where it started) and their centres in the
# parent's frame; _next indexes the cell flown to.
var _route: Array[Vector2i] = []
var _waypoints := PackedVector3Array()
var _next := 0
var _legs := 0
var _wait := 0


func _ready() -> void:
	position = _flat + Vector3.UP * hover_height


func _physics_process(delta: float) -> void:
	advance(delta)


## Puts the drone on [param entry] of [param storey] and plans its first leg (to the
## primary beacon). [param index] tells drones of the same entry apart (their spawn order):
## it is part of the seed. Call before the drone enters the tree.
func start(storey: StoreyLayout, entry: Vector2i, index: int = 0) -> void:
	if storey == null:
		push_error("Drone.start: layout is null")
		return
	layout = storey
	entry_cell = entry
	_rng.seed = hash([storey.seed_value, entry, index])
	_origin = storey.cell_center(entry)
	_flat = Vector3.ZERO
	_legs = 0
	_wait = 0
	_set_route(StoreyValidator.find_path(storey, entry, storey.primary_beacon))
	position = _flat + Vector3.UP * hover_height


## The cell under the drone's centre.
func get_cell() -> Vector2i:
	var p := _origin + _flat
	return Vector2i(floori(p.x), floori(p.z))


## The cell the drone flies to next, or its current cell while it waits.
func get_target_cell() -> Vector2i:
	return _route[_next] if _next < _route.size() else get_cell()


## Legs finished so far (the first one ends on the primary beacon).
func get_legs_done() -> int:
	return _legs


## Moves the drone by [param delta] seconds along its route (what each physics tick does).
func advance(delta: float) -> void:
	if layout == null:
		return
	if _next >= _route.size():
		if _wait > 0:
			_wait -= 1
			return
		_plan_roaming_leg()
		if _next >= _route.size():
			return
	var step := speed * delta
	while step > 0.0 and _next < _route.size():
		var to := _waypoints[_next] - _flat
		var distance := to.length()
		if distance <= step:
			_flat = _waypoints[_next]
			step -= distance
			_next += 1
		else:
			_flat += to * (step / distance)
			step = 0.0
	if _next >= _route.size():
		_legs += 1
	position = _flat + Vector3.UP * hover_height


func _set_route(cells: Array[Vector2i]) -> void:
	_route = cells
	_waypoints.resize(cells.size())
	for i in cells.size():
		_waypoints[i] = layout.cell_center(cells[i]) - _origin
	_next = 1


## Picks a random walkable cell other than the current one and searches one path to it;
## without a target or a path, waits RETRY_TICKS ticks.
func _plan_roaming_leg() -> void:
	var here := get_cell()
	for i in TARGET_TRIES:
		var target := Vector2i(
			_rng.randi_range(0, layout.width - 1), _rng.randi_range(0, layout.height - 1)
		)
		if target != here and layout.is_walkable(target):
			var cells := StoreyValidator.find_path(layout, here, target)
			if cells.size() >= 2:
				_set_route(cells)
				return
			break
	_route.clear()
	_next = 0
	_wait = RETRY_TICKS
