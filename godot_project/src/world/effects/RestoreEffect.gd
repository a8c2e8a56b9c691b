class_name RestoreEffect
extends Node3D
## Rings rising up a beacon's pillar while Genesis restores it: a child of a
## [BeaconObject], which it follows through [signal BeaconObject.progress_changed]. A
## rise of the progress (a tick of restoring) keeps the rings going for
## [member hold_seconds]; they stop when restoring stops (no rise for that long) and at
## once when the beacon is full. A fall (damage) does not start them. Drawn only: nothing
## here changes the beacon. Under anything but a beacon it stays still and hidden.

## How long the rings keep rising after the last rise of the progress, in seconds (a tick
## of restoring is 1/60 s: this bridges ticks and a held key's gaps).
@export_range(0.05, 2.0, 0.01) var hold_seconds := 0.25
## Seconds a ring takes from the floor to [member top].
@export_range(0.1, 5.0, 0.05) var rise_seconds := 0.8
## Rings on the pillar at once.
@export_range(1, 8) var rings := 3
## Height the rings rise to, in metres above the beacon's cell.
@export_range(0.1, 5.0, 0.05) var top := 1.7
## The rings' colour (a pale pink, to stand out from the pillar's magenta).
@export var color := Color(1.0, 0.78, 0.96)

var _beacon: BeaconObject
var _last := 0.0
var _hold := 0.0
var _phase := 0.0
var _rings: Array[MeshInstance3D] = []
var _materials: Array[StandardMaterial3D] = []


func _ready() -> void:
	_beacon = get_parent() as BeaconObject
	if _beacon == null:
		return
	_last = _beacon.get_restoration_progress()
	_beacon.progress_changed.connect(_on_progress_changed)
	var torus := TorusMesh.new()
	torus.inner_radius = 0.3
	torus.outer_radius = 0.4
	torus.rings = 24
	torus.ring_segments = 4
	for i in rings:
		var material := StandardMaterial3D.new()
		material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
		material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
		material.albedo_color = color
		var ring := MeshInstance3D.new()
		ring.name = "Ring%d" % i
		ring.mesh = torus
		ring.material_override = material
		ring.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
		add_child(ring)
		_rings.append(ring)
		_materials.append(material)
	visible = false


func _process(delta: float) -> void:
	if _hold > 0.0:
		advance(delta)


## Whether the rings are rising now.
func is_active() -> bool:
	return _hold > 0.0


## Moves the rings on by [param delta] seconds and counts the hold down (what
## [method Node._process] does while active).
func advance(delta: float) -> void:
	_hold = maxf(_hold - delta, 0.0)
	_phase = fmod(_phase + delta / rise_seconds, 1.0)
	for i in _rings.size():
		var f := fmod(_phase + float(i) / _rings.size(), 1.0)
		_rings[i].position = Vector3(0.0, 0.1 + f * (top - 0.1), 0.0)
		_rings[i].scale = Vector3.ONE * (1.0 - 0.45 * f)
		_materials[i].albedo_color.a = (1.0 - f) * minf(_hold / hold_seconds * 2.0, 1.0)
	visible = _hold > 0.0


func _on_progress_changed(progress: float) -> void:
	if progress >= 1.0:
		_hold = 0.0
		visible = false
	elif progress > _last:
		_hold = hold_seconds
		advance(0.0)
	_last = progress
