class_name OrbitCamera
extends Camera3D
## A camera orbiting a point: drag with a mouse button held to orbit, wheel to zoom.
##
## [method fit] aims it at a box and backs it off until the box fits the view (the part
## of the view right of [member left_inset], where a side panel may sit), and keeps it
## fitted as it orbits. Orbit and zoom are kept across fits. Input is read in
## [method Node._unhandled_input], so a UI drawn over the view takes its events first.

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
## Room left around the fitted box, as a factor of the tightest distance.
@export_range(1.0, 2.0, 0.01) var margin := 1.08

## The point orbited.
var target := Vector3.ZERO
## Horizontal angle around [member target], in degrees.
var yaw := 0.0
## Elevation above [member target], in degrees (90 looks straight down).
var pitch := 60.0
## Current distance as a factor of the fitted one (smaller is closer).
var zoom := 1.0

var _fit_distance := 10.0
var _box := AABB(Vector3.ZERO, Vector3.ONE)


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


## Aims at the centre of [param box]; at zoom 1 the camera then stands as close as it can
## while every corner of the box is in view (right of [member left_inset]), from any
## orbit angle.
func fit(box: AABB) -> void:
	_box = box
	target = box.get_center()
	_apply()


## Distance from the camera to [member target].
func get_distance() -> float:
	return _fit_distance * zoom


func _apply() -> void:
	var view := get_viewport().get_visible_rect().size if is_inside_tree() else Vector2(16, 9)
	var tan_v := tan(deg_to_rad(fov) * 0.5)
	var tan_h := tan_v * view.x / maxf(view.y, 1.0)
	var back := Vector3.BACK.rotated(Vector3.RIGHT, -deg_to_rad(pitch))
	back = back.rotated(Vector3.UP, deg_to_rad(yaw))
	var basis := Basis.looking_at(-back, Vector3.UP)
	# The closest distance at which each corner p (relative to the target) projects inside
	# the free part of the view: with the picture shifted by h_offset so that the target
	# sits at the centre of that part, |p.x + k tan_h p.z| <= (1 - k) tan_h (D - p.z) and
	# |p.y| <= tan_v (D - p.z), in the camera's axes.
	var k := left_inset
	var distance := 0.01
	for i in 8:
		var p := basis.inverse() * (_box.get_endpoint(i) - target)
		distance = maxf(distance, p.z + absf(p.x + k * tan_h * p.z) / ((1.0 - k) * tan_h))
		distance = maxf(distance, p.z + absf(p.y) / tan_v)
	_fit_distance = distance * margin
	var current := get_distance()
	transform = Transform3D(basis, target + back * current)
	# Shift the picture right, into the free part of the view.
	h_offset = -k * current * tan_h
	far = maxf(100.0, current + _box.size.length() * 2.0)
