class_name OutpostGenesis
extends CharacterBody3D
## Genesis inside an outpost: a small flying body steered with WASD or by clicking a cell.
##
## Floating motion mode, a sphere of radius 0.35 (corridors can be one cell wide), on
## layer 2 ("genesis") and colliding with layers 1 (walls) and 4 (storey bounds), so it
## can neither pass a wall nor leave its storey through an ENTRY opening. The body keeps
## [member GenesisStats.hover_height] above its storey's floor; only [code]Visual[/code]
## bobs, and it stays below the wall tops.
##
## The parent puts Genesis on a storey with [method spawn_on] (the storey's ENTRANCE or first entry
## cell) or [method place_on_storey]. The move_* actions (WASD on physical keys, arrows)
## steer it; a click_move casts a ray from the camera onto the storey plane and
## [method move_to_cell] follows [method StoreyValidator.find_path] from cell centre to cell
## centre. Staircase events come from [StaircaseObject]s: whoever wires them (the
## building) calls [method enter_staircase] and [method leave_staircase], and Genesis
## relays them as [signal reached_staircase] and [signal left_staircase].

## Genesis stepped onto a staircase (it was on none before).
signal reached_staircase
## Genesis left the last staircase it stood on.
signal left_staircase
## [member health] changed.
signal health_changed(health: float, max_health: float)
## A [method move_to_cell] route ended on [param cell] (Genesis is at its centre).
signal destination_reached(cell: Vector2i)

## Distance to a route's cell centre under which Genesis counts as there, in metres.
const ARRIVE_DISTANCE := 0.02
const _DEFAULT_STATS := preload("res://src/world/genesis/genesis_stats.tres")

## Speed, health and hover tunables (read-only here).
@export var stats: GenesisStats = _DEFAULT_STATS
## Whether the move_* and click_move actions steer Genesis. Off, it only follows routes
## given through [method move_to_cell].
@export var player_controlled := true

## Current health, from 0 to [member GenesisStats.max_health].
var health := 0.0
## The storey Genesis is on (set by [method place_on_storey]); null before.
var storey_layout: StoreyLayout
## Global position of the storey's cell (0, 0) corner at floor level (the storey is
## axis-aligned and unscaled).
var storey_origin := Vector3.ZERO
## The navigator of Genesis's storey (set by the building), so that click-to-move routes
## go around its towers; null: routes from [method StoreyValidator.find_path].
var navigator: StoreyNavigator

var _route: Array[Vector2i] = []
var _route_index := 0
var _staircases: Array[Node3D] = []
var _bob_time := 0.0

@onready var _visual: Node3D = $Visual


func _ready() -> void:
	health = stats.max_health


func _process(delta: float) -> void:
	_bob_time = fmod(_bob_time + delta, 3600.0)
	_visual.position.y = sin(_bob_time * TAU * stats.bob_frequency) * stats.bob_amplitude


func _physics_process(delta: float) -> void:
	var steer := Vector2.ZERO
	if player_controlled:
		steer = Input.get_vector(&"move_left", &"move_right", &"move_forward", &"move_back")
	var planar := Vector3.ZERO
	if steer != Vector2.ZERO:
		_drop_route()
		planar = Vector3(steer.x, 0.0, steer.y) * stats.speed
	elif not _route.is_empty():
		planar = _follow_route(delta)
	var rise := (storey_origin.y + stats.hover_height - global_position.y) / delta
	velocity = Vector3(planar.x, rise, planar.z)
	move_and_slide()


func _unhandled_input(event: InputEvent) -> void:
	if not player_controlled or not event.is_action_pressed(&"click_move"):
		return
	var click := event as InputEventMouseButton
	if click != null and click_at(click.position):
		get_viewport().set_input_as_handled()


## Puts Genesis where it comes into [param layout]: its ENTRANCE (the player's door, on a
## ground floor), else its first entry cell, else its first walkable cell.
## [param origin]: see [member storey_origin].
func spawn_on(layout: StoreyLayout, origin: Vector3) -> void:
	if layout == null:
		push_error("OutpostGenesis.spawn_on: layout is null")
		return
	var cell := Vector2i(-1, -1)
	if layout.in_bounds(layout.entrance_cell):
		cell = layout.entrance_cell
	elif not layout.entry_cells.is_empty():
		cell = layout.entry_cells[0]
	else:
		for x in layout.width:
			for y in layout.height:
				if cell.x < 0 and layout.is_walkable(Vector2i(x, y)):
					cell = Vector2i(x, y)
	place_on_storey(layout, origin, cell)


## Moves Genesis at once to the centre of [param cell] of [param layout], at hover height
## over [param origin] (see [member storey_origin]), and drops its route.
func place_on_storey(layout: StoreyLayout, origin: Vector3, cell: Vector2i) -> void:
	storey_layout = layout
	storey_origin = origin
	_drop_route()
	velocity = Vector3.ZERO
	global_position = cell_position(cell)


## Moves Genesis at once over [param cell] of ground that is no storey (the surface, its
## cell (0, 0) corner at [param origin]): no storey, navigator or route, so only the move
## keys steer it there.
func place_on_ground(origin: Vector3, cell: Vector2i) -> void:
	storey_layout = null
	navigator = null
	storey_origin = origin
	_drop_route()
	velocity = Vector3.ZERO
	global_position = cell_position(cell)


## The global position Genesis hovers at over the centre of [param cell].
func cell_position(cell: Vector2i) -> Vector3:
	return storey_origin + Vector3(cell.x + 0.5, stats.hover_height, cell.y + 0.5)


## The cell of the current storey under [param point] (global).
func cell_at(point: Vector3) -> Vector2i:
	var local := point - storey_origin
	return Vector2i(floori(local.x), floori(local.z))


## The cell Genesis's centre is over.
func current_cell() -> Vector2i:
	return cell_at(global_position)


## Starts following the shortest walkable route to [param target], cell centre by cell
## centre (down the [member navigator]'s distance field from [param target], so around
## towers; without a navigator, [method StoreyValidator.find_path]); WASD input cancels
## it. False (and the current route kept) if [param target] is not walkable or not
## reachable.
func move_to_cell(target: Vector2i) -> bool:
	if storey_layout == null or not storey_layout.is_walkable(target):
		return false
	var start := current_cell()
	if not storey_layout.is_walkable(start):
		return false
	var route := _route_between(start, target)
	if route.is_empty():
		return false
	_route = route
	_route_index = 0
	return true


## What a click does: casts a ray from the viewport's camera through
## [param screen_position] onto the floor plane of Genesis's storey and, if it lands on a
## walkable cell, starts [method move_to_cell] towards it.
func click_at(screen_position: Vector2) -> bool:
	var camera := get_viewport().get_camera_3d()
	if camera == null or storey_layout == null:
		return false
	var plane := Plane(Vector3.UP, storey_origin.y + StoreyRenderer.FLOOR_HEIGHT)
	var hit: Variant = plane.intersects_ray(
		camera.project_ray_origin(screen_position), camera.project_ray_normal(screen_position)
	)
	if hit == null:
		return false
	return move_to_cell(cell_at(hit as Vector3))


## Drops the current route.
func stop() -> void:
	_drop_route()


## True while a [method move_to_cell] route is being followed.
func is_moving() -> bool:
	return not _route.is_empty()


## The cells of the route being followed (empty when none).
func get_route() -> Array[Vector2i]:
	return _route.duplicate()


## True while Genesis stands on a staircase (between [signal reached_staircase] and
## [signal left_staircase]).
func is_on_staircase() -> bool:
	return not _live_staircases().is_empty()


## Relays a staircase's entry event: [param staircase] reports Genesis inside.
func enter_staircase(staircase: Node3D) -> void:
	var was_on := is_on_staircase()
	if not _staircases.has(staircase):
		_staircases.append(staircase)
	if not was_on:
		reached_staircase.emit()


## Relays a staircase's exit event: [param staircase] reports Genesis gone.
func leave_staircase(staircase: Node3D) -> void:
	if not _staircases.has(staircase):
		return
	_staircases.erase(staircase)
	if not is_on_staircase():
		left_staircase.emit()


## Genesis's state for a save game: its exact position and velocity (global), health,
## and the route it is following (the cells left to visit from [code]route_index[/code]).
func get_state() -> Dictionary:
	var route: Array = []
	for cell in _route:
		route.append([cell.x, cell.y])
	return {
		"position": [global_position.x, global_position.y, global_position.z],
		"velocity": [velocity.x, velocity.y, velocity.z],
		"health": health,
		"route": route,
		"route_index": _route_index,
	}


## Restores [method get_state]'s state, once Genesis is on its storey
## ([method place_on_storey]): keys an older save lacks leave what is there.
func set_state(state: Dictionary) -> void:
	if state.has("position"):
		var p: Array = state["position"]
		global_position = Vector3(p[0], p[1], p[2])
	if state.has("velocity"):
		var v: Array = state["velocity"]
		velocity = Vector3(v[0], v[1], v[2])
	_route.clear()
	for cell: Array in state.get("route", []):
		_route.append(Vector2i(int(cell[0]), int(cell[1])))
	_route_index = int(state.get("route_index", 0))
	if state.has("health"):
		_set_health(state["health"])


## "" if [param data] is Genesis's state, else what is wrong: health not in (0, its
## maximum], a position or velocity that is not three finite numbers, a route through a
## cell that is not walkable on its floor (the layout of [code]context.genesis[/code]'s
## floor in [code]context.layouts[/code]). Format 1 saved the health only.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	var health := check.number(data, "health", "genesis", 0.0, StateCheck.HUGE)
	if check.is_ok() and health <= 0.0:
		check.fail("genesis.health is %s: Genesis must be alive" % health)
	if context.get("format", 3) < 2 and not data.has("position"):
		return check.problem()
	check.vector3(data, "position", "genesis")
	check.vector3(data, "velocity", "genesis")
	var route := check.cells(data, "route", "genesis")
	var placed: Array = context.get("genesis", [])
	var layouts: Array = context.get("layouts", [])
	for cell in route:
		if check.is_ok() and placed.size() == 2 and not layouts[placed[0]].is_walkable(cell):
			check.fail(
				"genesis.route goes through %s, which is not walkable" % StateCheck.text_of(cell)
			)
	check.whole(data, "route_index", "genesis", 0, route.size())
	return check.problem()


## Takes [param amount] health (never below 0).
func apply_damage(amount: float) -> void:
	_set_health(health - maxf(amount, 0.0))


## Gives back [param amount] health (never above the maximum).
func heal(amount: float) -> void:
	_set_health(health + maxf(amount, 0.0))


func _set_health(value: float) -> void:
	var clamped := clampf(value, 0.0, stats.max_health)
	if clamped == health:
		return
	health = clamped
	health_changed.emit(health, stats.max_health)


# The cells from `start` to `target`, both included; empty if there is no way.
func _route_between(start: Vector2i, target: Vector2i) -> Array[Vector2i]:
	if navigator == null:
		return StoreyValidator.find_path(storey_layout, start, target)
	var route: Array[Vector2i] = []
	var field := navigator.distance_field([target])
	if field.is_empty() or field[start.x * storey_layout.height + start.y] < 0:
		return route
	var at := start
	route.append(at)
	while at != target:
		at = navigator.next_step(field, at)
		route.append(at)
	return route


# Planar velocity towards the next route cell; pops cells reached.
func _follow_route(delta: float) -> Vector3:
	while _route_index < _route.size():
		var to_goal := cell_position(_route[_route_index]) - global_position
		to_goal.y = 0.0
		var distance := to_goal.length()
		if distance > ARRIVE_DISTANCE:
			if distance <= stats.speed * delta:
				return to_goal / delta
			return to_goal / distance * stats.speed
		_route_index += 1
	var reached: Vector2i = _route.back()
	_drop_route()
	destination_reached.emit(reached)
	return Vector3.ZERO


# The staircases Genesis is on, without any freed since.
func _live_staircases() -> Array[Node3D]:
	for i in range(_staircases.size() - 1, -1, -1):
		if not is_instance_valid(_staircases[i]):
			_staircases.remove_at(i)
	return _staircases


# Forgets the route: no cell left to visit, none being visited.
func _drop_route() -> void:
	_route.clear()
	_route_index = 0
