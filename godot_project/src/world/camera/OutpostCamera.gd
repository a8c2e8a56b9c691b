class_name OutpostCamera
extends Camera3D
## The game's camera. It frames the viewed storey whole: looking down at
## [member pitch_degrees], from just far enough that every corner of the storey's box
## (the grid, walls included) is inside the view with [member margin] to spare, whatever
## the storey's size and the window's shape. An area too large to read whole (the surface
## around the building) is framed [member follow_cells] at a time instead, centred on
## [member target] as it moves ([method frame_around]). The zoom actions (mouse wheel) move
## it in between [member min_zoom] and 1, closing on [member target] (Genesis) as it goes. It
## also tells the walls where Genesis is (the global shader parameters
## [code]cutaway_focus[/code] and [code]cutaway_radius[/code]) so that walls between the
## camera and Genesis step aside ([member StoreyRenderer.wall_cutaway]).

## How far below the horizon the camera looks, in degrees.
@export_range(30.0, 89.0, 0.5) var pitch_degrees := 62.0
## Closest zoom: this fraction of the framing distance.
@export_range(0.1, 1.0, 0.05) var min_zoom := 0.35
## Zoom change per zoom action.
@export_range(0.01, 0.5, 0.01) var zoom_step := 0.08
## Space kept around the storey, in metres.
@export_range(0.0, 5.0, 0.1, "suffix:m") var margin := 0.6
## How fast the camera catches up with its goal (per second; 0 snaps).
@export_range(0.0, 30.0, 0.5) var follow_rate := 6.0
## Wall boxes within this distance of the line of sight to Genesis are cut down to stubs
## (res://assets/shaders/wall_cutaway.gdshader), in metres.
@export_range(0.0, 3.0, 0.05, "suffix:m") var cutaway_radius := 0.45
## The node whose [code]covered_margins() -> Vector2[/code] (pixels its panels cover at
## the top and the bottom: the game's HUD) it frames between, read every frame (set in the
## scene; null: [member screen_margins] as set). Any node with that method will do: the
## camera knows no HUD.
@export var hud: Node
## The cells of a [method frame_around] area framed at a time, around [member target]:
## about what a floor inside is, so that Genesis reads as well out there.
@export var follow_cells := Vector2i(18, 12)

## 1 frames the whole storey; smaller values close in on [member target].
var zoom := 1.0
## Pixels at the top and the bottom of the view that the HUD covers: the storey is
## framed in the band between them.
var screen_margins := Vector2(0.0, 0.0)
## What the camera closes in on, and where the walls are cut (Genesis); may be null.
var target: Node3D
## Whether the walls are cut for [member target] (off while the view is on another floor).
var cut_walls := true
## The building whose floors it frames: the view ([method get_state]) is its viewed floor
## and travel mode, and this camera's zoom (set by the game).
var building: OutpostBuilding

var _origin := Vector3.ZERO
var _size := Vector2(16, 10)
var _follow := false


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"zoom_in"):
		zoom_by(-1)
	elif event.is_action_pressed(&"zoom_out"):
		zoom_by(1)
	else:
		return
	get_viewport().set_input_as_handled()


func _process(delta: float) -> void:
	if hud != null and hud.has_method(&"covered_margins"):
		screen_margins = hud.call(&"covered_margins")
	var goal := goal_transform()
	var weight := 1.0 if follow_rate <= 0.0 else 1.0 - exp(-follow_rate * delta)
	global_transform = global_transform.interpolate_with(goal, weight)
	_update_cutaway()


## Frames the storey whose cell (0, 0) corner is at [param origin] and which is
## [param size] cells; [param snap] jumps there at once.
func frame_storey(origin: Vector3, size: Vector2i, snap: bool = false) -> void:
	_origin = origin
	_size = Vector2(size)
	_follow = false
	if snap:
		global_transform = goal_transform()
		_update_cutaway()


## Frames [param building]'s viewed floor ([method frame_storey]) and cuts the walls there
## only while Genesis is on it; [param snap] jumps there at once.
func frame_floor(building: OutpostBuilding, snap: bool = false) -> void:
	var index := building.viewed_floor
	if index >= building.layouts.size():
		return
	var layout := building.layouts[index]
	frame_storey(building.storey_origin(index), Vector2i(layout.width, layout.height), snap)
	cut_walls = building.genesis_floor == index


## Frames [member follow_cells] of the area whose cell (0, 0) corner is at [param origin]
## and which is [param size] cells (the surface), centred on [member target] as it moves
## but kept inside the area; [param snap] jumps there at once.
func frame_around(origin: Vector3, size: Vector2i, snap: bool = false) -> void:
	frame_storey(origin, size)
	_follow = true
	if snap:
		global_transform = goal_transform()
		_update_cutaway()


## The part of the framed area shown whole at zoom 1, as x and z: the storey, or
## [member follow_cells] of the area around [member target] ([method frame_around]).
func framed_rect() -> Rect2:
	var area := Rect2(Vector2(_origin.x, _origin.z), _size)
	if not _follow or target == null:
		return area
	var window := Vector2(follow_cells).min(_size)
	var at := Vector2(target.global_position.x, target.global_position.z) - window * 0.5
	return Rect2(at.clamp(area.position, area.end - window), window)


## Zooms by [param steps] zoom steps (negative: closer), within [member min_zoom]..1.
func zoom_by(steps: int) -> void:
	zoom = clampf(zoom + steps * zoom_step, min_zoom, 1.0)


## Where the camera heads: the framing distance x [member zoom] from a point that slides
## from the storey's centre towards [member target] as the zoom closes in, raised so that
## the point shows in the middle of the band [member screen_margins] leave free.
func goal_transform() -> Transform3D:
	var direction := Vector3(0.0, -sin(deg_to_rad(pitch_degrees)), -cos(deg_to_rad(pitch_degrees)))
	var basis := Basis.looking_at(direction, Vector3.UP)
	var framed := framed_rect().get_center()
	var centre := Vector3(framed.x, _origin.y, framed.y)
	var distance := framing_distance(direction, centre) * zoom
	var look_at_point := centre
	if target != null and min_zoom < 1.0:
		var on_floor := Vector3(target.global_position.x, _origin.y, target.global_position.z)
		look_at_point = centre.lerp(on_floor, (1.0 - zoom) / (1.0 - min_zoom))
	var height := _view_size().y
	var band_centre := (screen_margins.y - screen_margins.x) / height
	var lift := -band_centre * distance * tan(deg_to_rad(fov) * 0.5)
	return Transform3D(basis, look_at_point - direction * distance + basis.y * lift)


## The distance along [param direction] from [param centre] at which every corner of the
## storey's box (floor to wall tops) fits in the band [member screen_margins] leave free,
## [member margin] included.
func framing_distance(direction: Vector3, centre: Vector3) -> float:
	var basis := Basis.looking_at(direction, Vector3.UP)
	var view := _view_size()
	var band := maxf(view.y - screen_margins.x - screen_margins.y, view.y * 0.25) / view.y
	var tan_v := tan(deg_to_rad(fov) * 0.5) * band
	var tan_h := tan(deg_to_rad(fov) * 0.5) * view.x / maxf(view.y, 1.0)
	var framed := framed_rect()
	var corner := Vector3(framed.position.x, _origin.y, framed.position.y)
	var distance := 1.0
	for corner_x in [0.0, framed.size.x]:
		for corner_y in [0.0, StoreyRenderer.WALL_HEIGHT]:
			for corner_z in [0.0, framed.size.y]:
				var offset := corner + Vector3(corner_x, corner_y, corner_z) - centre
				var depth := offset.dot(direction)
				var across := absf(offset.dot(basis.x)) + margin
				var high := absf(offset.dot(basis.y)) + margin
				distance = maxf(distance, across / tan_h - depth)
				distance = maxf(distance, high / tan_v - depth)
	return distance


func _view_size() -> Vector2:
	return get_viewport().get_visible_rect().size if is_inside_tree() else Vector2(1280, 720)


func _update_cutaway() -> void:
	var on := cut_walls and target != null and target.is_visible_in_tree()
	RenderingServer.global_shader_parameter_set(
		&"cutaway_focus", target.global_position if target != null else Vector3(0, -1000, 0)
	)
	RenderingServer.global_shader_parameter_set(&"cutaway_radius", cutaway_radius if on else 0.0)


## The view for a save game: the floor shown, travel mode and the zoom.
func get_state() -> Dictionary:
	return {"floor": building.viewed_floor, "travel_mode": building.travel_mode, "zoom": zoom}


## "" if [param data] is a view of the building of [code]context.layouts[/code], else what
## is wrong.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	check.whole(data, "floor", "view", 0, (context.get("layouts", []) as Array).size() - 1)
	check.flag(data, "travel_mode", "view")
	check.number(data, "zoom", "view", 0.0, 1.0)
	return check.problem()


## Restores [method get_state]'s view.
func set_state(data: Dictionary) -> void:
	building.set_viewed_floor(int(data.get("floor", building.genesis_floor)))
	building.travel_mode = data.get("travel_mode", false)
	zoom = data.get("zoom", zoom)
