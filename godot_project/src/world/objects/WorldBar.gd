class_name WorldBar
extends Node3D
## A small bar floating in the world (a beacon's restoration, a tower's health): a dark
## track and a fill that grows from the left with [member fraction]. Built in code, two
## box meshes; it faces the camera by turning about the vertical axis only (the game's
## camera looks down at the storey, so the bar reads like a HUD bar from above).

## How full the bar is, 0..1.
@export_range(0.0, 1.0, 0.01) var fraction := 0.0:
	set = set_fraction
## The fill's colour.
@export var fill_color := Color(1.0, 0.3, 0.8):
	set = set_fill_color
## Length of the bar in metres.
@export_range(0.1, 3.0, 0.05, "suffix:m") var length := 0.8

var _fill: MeshInstance3D
var _fill_material := StandardMaterial3D.new()


func _init() -> void:
	var track := MeshInstance3D.new()
	track.name = "Track"
	track.mesh = _box(Color(0.05, 0.05, 0.06), 1.0)
	track.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(track)
	_fill = MeshInstance3D.new()
	_fill.name = "Fill"
	_fill_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_fill_material.albedo_color = fill_color
	var mesh := BoxMesh.new()
	mesh.size = Vector3(1.0, 0.07, 0.07)
	mesh.material = _fill_material
	_fill.mesh = mesh
	_fill.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(_fill)


func _ready() -> void:
	get_node(^"Track").scale = Vector3(length + 0.04, 1.0, 1.0)
	_apply()


## Sets [member fraction] (clamped to 0..1) and redraws the fill.
func set_fraction(value: float) -> void:
	fraction = clampf(value, 0.0, 1.0)
	_apply()


## Sets [member fill_color].
func set_fill_color(value: Color) -> void:
	fill_color = value
	_fill_material.albedo_color = value


func _apply() -> void:
	if _fill == null:
		return
	_fill.visible = fraction > 0.0
	_fill.scale = Vector3(maxf(fraction * length, 0.001), 1.2, 1.2)
	_fill.position = Vector3((fraction - 1.0) * length * 0.5, 0.0, 0.0)


static func _box(color: Color, width: float) -> BoxMesh:
	var material := StandardMaterial3D.new()
	material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	material.albedo_color = color
	var mesh := BoxMesh.new()
	mesh.size = Vector3(width, 0.06, 0.06)
	mesh.material = material
	return mesh
