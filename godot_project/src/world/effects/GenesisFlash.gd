class_name GenesisFlash
extends Node
## Genesis flashing when it is hit: every mesh of [member target] gets a tinted overlay
## ([member GeometryInstance3D.material_overlay]) that fades out over
## [member flash_seconds], then the overlays they had before come back (meshes only: a
## label keeps its look). Drawn only.

## How long a flash lasts, in seconds.
@export_range(0.05, 2.0, 0.01) var flash_seconds := 0.3
## The tint at the hit (its alpha: how strongly it covers the meshes).
@export var color := Color(1.0, 0.22, 0.16, 0.8)

## The body whose meshes flash (Genesis).
var target: Node3D

var _left := 0.0
var _material := StandardMaterial3D.new()
var _flashing: Array[GeometryInstance3D] = []
var _before: Array[Material] = []


func _init() -> void:
	_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	_material.albedo_color = color


func _process(delta: float) -> void:
	if _left > 0.0:
		advance(delta)


## Starts a flash (again from full strength if one is under way).
func flash() -> void:
	if target == null:
		return
	if _flashing.is_empty():
		for node in target.find_children("*", "MeshInstance3D", true, false):
			var mesh := node as GeometryInstance3D
			_flashing.append(mesh)
			_before.append(mesh.material_overlay)
			mesh.material_overlay = _material
	_left = flash_seconds
	advance(0.0)


## How strong the flash is now: 1 at the hit, 0 when it is over.
func get_strength() -> float:
	return _left / flash_seconds


## Fades the flash by [param delta] seconds (what [method Node._process] does).
func advance(delta: float) -> void:
	_left = maxf(_left - delta, 0.0)
	_material.albedo_color = Color(color, color.a * get_strength())
	if _left > 0.0:
		return
	for i in _flashing.size():
		if is_instance_valid(_flashing[i]):
			_flashing[i].material_overlay = _before[i]
	_flashing.clear()
	_before.clear()
