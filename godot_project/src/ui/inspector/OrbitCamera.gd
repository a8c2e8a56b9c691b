class_name OrbitCamera
extends Camera3D
## A camera orbiting a point: drag with a mouse button held to orbit, wheel to zoom.
##
## [method fit] aims it at a box and backs it off until the box fits the view (the part
## of the view right of [member left_inset], where a side panel may sit). Orbit and zoom
## are kept across fits. Input is read in [method Node._unhandled_input], so a UI drawn
## over the view takes its events first.

## Degrees of orbit per pixel of mouse drag.
@export_range(0.01, 2.0, 0.01) var orbit_speed := 0.3
## Factor applied to the distance per wheel step (zooming in divides by it).
@export_range(1.01, 2.0, 0.01) var zoom_step := 1.15
## Closest and farthest zoom, as factors of the fitted distance.
@export var zoom_limits := Vector2(0.2, 4.0)
## Lowest and highest elevation of the camera above the target, in degrees.
@export var pitch_limits := Vector2(10.0, 89.0)
## Fraction of the viewport's width covered on the left (by a panel); the fitted box is
## centred in the rest.
@export_range(0.0, 0.9, 0.01) var left_inset := 0.0

## The point orbited.
var target := Vector3.ZERO
## Horizontal angle around [member target], in degrees.
var yaw := 0.0
## Elevation above [member target], in degrees (90 looks straight down).
var pitch := 60.0
## Current distance as a factor of the fitted one (smaller is closer).
var zoom := 1.0

var _fit_distance := 10.0
var _fit_radius := 1.0


func _ready() -> void:
	_apply()


func _unhandled_input(event: InputEvent) -> void:
	var motion := event as InputEventMouseMotion
	if motion != null and motion.button_mask != 0:
		yaw -= motion.relative.x * orbit_speed
		pitch = clampf(pitch + motion.relative.y * orbit_speed, pitch_limits.x, pitch_limits.y)
		_apply()
		get_viewport().set_input_as_handled()
		return
	var button := event as InputEventMouseButton
	if button != null and button.pressed:
		var factor := 0.0
		if button.button_index == MOUSE_BUTTON_WHEEL_UP:
			factor = 1.0 / zoom_step
		elif button.button_index == MOUSE_BUTTON_WHEEL_DOWN:
			factor = zoom_step
		if factor != 0.0:
			zoom = clampf(zoom * factor, zoom_limits.x, zoom_limits.y)
			_apply()
			get_viewport().set_input_as_handled()


## Aims at the centre of [param box] and sets the distance at which a sphere around it
## fits the view at zoom 1.
func fit(box: AABB) -> void:
	target = box.get_center()
	_fit_radius = maxf(box.size.length() * 0.5, 0.01)
	_apply()


## Distance from the camera to [member target].
func get_distance() -> float:
	return _fit_distance * zoom


func _apply() -> void:
	var view := get_viewport().get_visible_rect().size if is_inside_tree() else Vector2(16, 9)
	var aspect := view.x / maxf(view.y, 1.0)
	var half_v := deg_to_rad(fov) * 0.5
	# Horizontal half-angle of the free part of the view (right of the panel).
	var free_half_h := atan(tan(half_v) * aspect * (1.0 - left_inset))
	_fit_distance = _fit_radius / sin(minf(half_v, free_half_h))
	var distance := get_distance()
	var dir := Vector3.BACK.rotated(Vector3.RIGHT, -deg_to_rad(pitch))
	dir = dir.rotated(Vector3.UP, deg_to_rad(yaw))
	look_at_from_position(target + dir * distance, target, Vector3.UP)
	# Shift the picture right, into the free part of the view.
	h_offset = -left_inset * distance * tan(half_v) * aspect
	far = maxf(100.0, distance + _fit_radius * 4.0)
