class_name TowerZoneOverlay
extends Node3D
## The tower-zone tint of build mode: every walkable cell of a storey, tinted with the
## colour of the lowest tower tier from which one tower covers its room's zone
## ([method StoreyNavigator.recommend_tower_tiers]; grey-red where one tower of no tier
## does), zones alternating in strength so each shows as a region. One
## [MultiMeshInstance3D] of floor quads with per-instance colours.

## Colour of zones no single tower covers.
const UNCOVERED := Color(0.85, 0.3, 0.3, 0.3)
## Height of the tint above the floor tiles.
const LIFT := 0.115

var _multimesh := MultiMesh.new()
var _advice: Dictionary[int, PackedInt32Array] = {}


func _init() -> void:
	_multimesh.transform_format = MultiMesh.TRANSFORM_3D
	_multimesh.use_colors = true
	var material := StandardMaterial3D.new()
	material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	material.vertex_color_use_as_albedo = true
	var quad := PlaneMesh.new()
	quad.size = Vector2(0.96, 0.96)
	quad.material = material
	_multimesh.mesh = quad
	var instance := MultiMeshInstance3D.new()
	instance.name = "Tint"
	instance.multimesh = _multimesh
	instance.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(instance)
	visible = false


## Tints storey [param index] of [param building] by the tiers of [param rules].
func show_floor(building: OutpostBuilding, index: int, rules: OutpostRules) -> void:
	var navigator := building.get_navigator(index)
	if navigator == null:
		hide_zones()
		return
	var advice := advice_for(navigator, rules)
	var zones := navigator.get_room_zones()
	var height := navigator.get_height()
	var buffer := PackedFloat32Array()
	var count := 0
	for i in zones.size():
		if zones[i] >= 0:
			count += 1
	buffer.resize(count * 16)
	var k := 0
	for i in zones.size():
		if zones[i] < 0:
			continue
		var tier := advice[zones[i]]
		var color := UNCOVERED if tier < 0 else rules.tower_tiers[tier].zone_color
		# Neighbouring zones alternate in strength, so that each zone shows as a region.
		color.a *= 1.0 if zones[i] % 2 == 0 else 0.45
		var x := float(i / height) + 0.5
		var z := float(i % height) + 0.5
		var values := [1.0, 0.0, 0.0, x, 0.0, 1.0, 0.0, LIFT, 0.0, 0.0, 1.0, z]
		values.append_array([color.r, color.g, color.b, color.a])
		for v in 16:
			buffer[k * 16 + v] = values[v]
		k += 1
	_multimesh.instance_count = count
	if count > 0:
		_multimesh.buffer = buffer
	global_position = building.storey_origin(index)
	visible = true


## Hides the tint.
func hide_zones() -> void:
	visible = false


## The tier advice per room of [param navigator]'s storey (cached per navigator: walls
## never move, and a new building has new navigators).
func advice_for(navigator: StoreyNavigator, rules: OutpostRules) -> PackedInt32Array:
	var key := navigator.get_instance_id()
	if not _advice.has(key):
		if _advice.size() >= 32:
			_advice.clear()
		var reaches: Array = []
		for tier in rules.tower_tiers:
			reaches.append(tier.reach())
		_advice[key] = navigator.recommend_tower_tiers(reaches)
	return _advice[key]
