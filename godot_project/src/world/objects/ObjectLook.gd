class_name ObjectLook
extends RefCounted
## The objects' look in the modelled themes' style, for bodies built by code (towers) and
## for tests: painted metal from [code]assets/shaders/object_metal.gdshader[/code] (the
## object's colour, world-space grime and panel lines, an optional glow in its key colour;
## no image), and its X-ray variant [code]object_metal_xray.gdshader[/code], whose next
## pass draws the body's silhouette where walls hide it (what [BaseMaterial3D]'s X-ray
## stencil mode does for a standard material). The scenes' own bodies (beacon, entry,
## staircase, shaft, console, Genesis) use the same shaders in their [code].tscn[/code].

## The painted metal.
const METAL := preload("res://assets/shaders/object_metal.gdshader")
## The painted metal that shows a silhouette through walls (with [method silhouette_pass]).
const METAL_XRAY := preload("res://assets/shaders/object_metal_xray.gdshader")
## The stencil reference the X-ray variant writes and its silhouette pass reads.
const XRAY_REFERENCE := 1


## Painted metal of [param color], glowing [param glow] (black: no glow) at
## [param energy].
static func metal(color: Color, glow := Color.BLACK, energy := 1.0) -> ShaderMaterial:
	var material := ShaderMaterial.new()
	material.shader = METAL
	_paint(material, color, glow, energy)
	return material


## Painted metal as [method metal] that shows a silhouette of [param silhouette] where
## walls hide it.
static func metal_xray(
	color: Color, silhouette: Color, glow := Color.BLACK, energy := 1.0
) -> ShaderMaterial:
	var material := ShaderMaterial.new()
	material.shader = METAL_XRAY
	_paint(material, color, glow, energy)
	material.next_pass = silhouette_pass(silhouette)
	return material


## The pass that draws a silhouette of [param color] where the X-ray metal's body is
## hidden (stencil not [constant XRAY_REFERENCE]), over everything, unshaded, behind the
## scene's other transparent things.
static func silhouette_pass(color: Color) -> StandardMaterial3D:
	var pass_material := StandardMaterial3D.new()
	pass_material.render_priority = -1
	pass_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	pass_material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	pass_material.no_depth_test = true
	pass_material.albedo_color = color
	pass_material.stencil_mode = BaseMaterial3D.STENCIL_MODE_CUSTOM
	pass_material.stencil_flags = BaseMaterial3D.STENCIL_FLAG_READ
	pass_material.stencil_compare = BaseMaterial3D.STENCIL_COMPARE_NOT_EQUAL
	pass_material.stencil_reference = XRAY_REFERENCE
	return pass_material


## True if [param material] is the painted metal (either variant).
static func is_metal(material: Material) -> bool:
	var shader_material := material as ShaderMaterial
	return (
		shader_material != null
		and (shader_material.shader == METAL or shader_material.shader == METAL_XRAY)
	)


## The colour of the silhouette [param material] shows behind walls: a standard
## material's X-ray stencil colour, or the X-ray metal's silhouette pass colour;
## transparent black for a material that shows none.
static func silhouette_of(material: Material) -> Color:
	var base := material as BaseMaterial3D
	if base != null:
		if base.stencil_mode == BaseMaterial3D.STENCIL_MODE_XRAY:
			return base.stencil_color
		return Color(0.0, 0.0, 0.0, 0.0)
	var shader_material := material as ShaderMaterial
	if shader_material == null or shader_material.shader != METAL_XRAY:
		return Color(0.0, 0.0, 0.0, 0.0)
	var pass_material := shader_material.next_pass as BaseMaterial3D
	if (
		pass_material == null
		or pass_material.stencil_mode != BaseMaterial3D.STENCIL_MODE_CUSTOM
		or pass_material.stencil_flags != BaseMaterial3D.STENCIL_FLAG_READ
		or pass_material.stencil_compare != BaseMaterial3D.STENCIL_COMPARE_NOT_EQUAL
		or pass_material.stencil_reference != XRAY_REFERENCE
		or not pass_material.no_depth_test
	):
		return Color(0.0, 0.0, 0.0, 0.0)
	return pass_material.albedo_color


static func _paint(material: ShaderMaterial, color: Color, glow: Color, energy: float) -> void:
	material.set_shader_parameter(&"albedo", color)
	material.set_shader_parameter(&"emission", glow)
	material.set_shader_parameter(&"emission_energy", energy)
