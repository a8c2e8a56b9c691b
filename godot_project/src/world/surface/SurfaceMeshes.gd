@tool
class_name SurfaceMeshes
extends RefCounted
## The meshes and materials of the surface's things that are not terrain boxes, each made
## once: a salvage heap, the door's lit leaf and the arrow over it, and the lit materials
## they wear; and the terrain boxes' material and collision. Used by
## [SurfaceRenderer]. The heap stands on y = 0 around x = z = 0 (a scaled instance still
## stands on the ground); the leaf and the arrow are centred on the origin.

## Radius of a full heap at its foot, in metres (a cell is 1 m: it spills a little over
## its neighbours, which Genesis salvages it from).
const HEAP_RADIUS := 0.56
## Height of a full heap, in metres.
const HEAP_HEIGHT := 0.95
## Width and height of the arrow over the door, in metres.
const ARROW_SIZE := Vector2(0.9, 1.1)
## The terrain boxes' shader: a [StandardMaterial3D] lit per vertex with its specular off,
## as it was, but with no texture: a StandardMaterial3D samples its (white) albedo texture at
## every pixel, which is most of what a pixel of flat terrain costs a software renderer.
const TERRAIN_SHADER := """shader_type spatial;
render_mode blend_mix, depth_draw_opaque, cull_back, diffuse_burley,
	specular_disabled, vertex_lighting;

uniform vec4 albedo : source_color = vec4(1.0);

void fragment() {
	ALBEDO = albedo.rgb;
	METALLIC = 0.0;
	ROUGHNESS = 0.9;
	SPECULAR = 0.5;
}
"""

static var _heap: ArrayMesh
static var _leaf: BoxMesh
static var _arrow: ArrayMesh
static var _terrain_shader: Shader


## A heap of salvage: a faceted mound with two pieces lying on its flanks, about
## [constant HEAP_RADIUS] wide at its foot and [constant HEAP_HEIGHT] high.
static func heap_mesh() -> ArrayMesh:
	if _heap != null:
		return _heap
	var tool := SurfaceTool.new()
	var mound := CylinderMesh.new()
	mound.bottom_radius = HEAP_RADIUS
	mound.top_radius = HEAP_RADIUS * 0.3
	mound.height = HEAP_HEIGHT * 0.8
	mound.radial_segments = 7
	mound.rings = 1
	tool.append_from(mound, 0, Transform3D(Basis.IDENTITY, Vector3(0, mound.height * 0.5, 0)))
	var slab := BoxMesh.new()
	slab.size = Vector3(0.42, 0.12, 0.26)
	var tilt := Basis(Vector3.UP, 0.5) * Basis(Vector3.BACK, 0.45)
	tool.append_from(slab, 0, Transform3D(tilt, Vector3(0.06, HEAP_HEIGHT * 0.78, 0.05)))
	var chunk := BoxMesh.new()
	chunk.size = Vector3(0.26, 0.22, 0.22)
	tool.append_from(chunk, 0, Transform3D(Basis(Vector3.UP, 0.9), Vector3(-0.3, 0.11, 0.22)))
	_heap = tool.commit()
	return _heap


## The door's leaf: a thin panel filling the door frame's opening
## ([method StoreyMeshes.door_frame_mesh]), across x (the frame's way through).
static func leaf_mesh() -> BoxMesh:
	if _leaf == null:
		_leaf = BoxMesh.new()
		var post := StoreyMeshes.DOOR_FRAME_POST
		_leaf.size = Vector3(0.06, StoreyMeshes.DOOR_FRAME_HEIGHT - post, 1.0 - 2.0 * post)
	return _leaf


## An arrow pointing down, [constant ARROW_SIZE] in x and y, thin in z: a triangle under a
## stem.
static func arrow_mesh() -> ArrayMesh:
	if _arrow != null:
		return _arrow
	var tool := SurfaceTool.new()
	var head := PrismMesh.new()
	var head_height := ARROW_SIZE.y * 0.55
	head.size = Vector3(ARROW_SIZE.x, head_height, 0.16)
	var down := Basis(Vector3.BACK, PI)
	var head_at := Vector3(0.0, head_height * 0.5 - ARROW_SIZE.y * 0.5, 0.0)
	tool.append_from(head, 0, Transform3D(down, head_at))
	var stem := BoxMesh.new()
	stem.size = Vector3(ARROW_SIZE.x * 0.36, ARROW_SIZE.y - head_height, 0.16)
	var stem_at := Vector3(0.0, ARROW_SIZE.y * 0.5 - stem.size.y * 0.5, 0.0)
	tool.append_from(stem, 0, Transform3D(Basis.IDENTITY, stem_at))
	_arrow = tool.commit()
	return _arrow


## A material of [param color] that glows with it ([param glow]: the emission's energy);
## [param alpha] under 1 makes it see-through and unshaded (a light, not a thing).
static func lit_material(color: Color, glow: float, alpha: float = 1.0) -> StandardMaterial3D:
	var material := StandardMaterial3D.new()
	material.albedo_color = Color(color, alpha)
	material.roughness = 0.8
	material.emission_enabled = true
	material.emission = color
	material.emission_energy_multiplier = glow
	if alpha < 1.0:
		material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
		material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
		material.cull_mode = BaseMaterial3D.CULL_DISABLED
	return material


## A terrain box's material in [param color] (its [code]albedo[/code] parameter), all of
## them of one [constant TERRAIN_SHADER].
static func terrain_material(color: Color) -> ShaderMaterial:
	if _terrain_shader == null:
		_terrain_shader = Shader.new()
		_terrain_shader.code = TERRAIN_SHADER
	var material := ShaderMaterial.new()
	material.shader = _terrain_shader
	material.set_shader_parameter(&"albedo", Color(color, 1.0))
	return material


## The runs along x of the cells of [param layout] that cannot be crossed, one row each.
static func blocked_runs(layout: SurfaceLayout) -> Array[Rect2i]:
	var blocked: Array[Rect2i] = []
	for y in layout.height:
		var start := -1
		for x in layout.width + 1:
			var solid := x < layout.width and not layout.is_walkable(Vector2i(x, y))
			if solid and start < 0:
				start = x
			elif not solid and start >= 0:
				blocked.append(Rect2i(start, y, x - start, 1))
				start = -1
	return blocked


## A static body named [param body_name] on [param layer], a box
## [constant SurfaceRenderer.COLLISION_HEIGHT] high over each of [param rects] (cells).
static func collision_body(body_name: String, rects: Array[Rect2i], layer: int) -> StaticBody3D:
	var height := SurfaceRenderer.COLLISION_HEIGHT
	var body := StaticBody3D.new()
	body.name = body_name
	body.collision_layer = layer
	body.collision_mask = 0
	for rect in rects:
		var shape := CollisionShape3D.new()
		var box := BoxShape3D.new()
		box.size = Vector3(rect.size.x, height, rect.size.y)
		shape.shape = box
		shape.position = Vector3(
			rect.position.x + rect.size.x * 0.5, height * 0.5, rect.position.y + rect.size.y * 0.5
		)
		body.add_child(shape)
	return body
