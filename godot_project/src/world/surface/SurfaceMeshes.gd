@tool
class_name SurfaceMeshes
extends RefCounted
## The meshes and materials of the surface's things that are not terrain boxes, each made
## once: a salvage heap, the door's lit leaf and the arrow over it, and the lit materials
## they wear. Used by [SurfaceRenderer]. The heap stands on y = 0 around x = z = 0 (a scaled
## instance still stands on the ground); the leaf and the arrow are centred on the origin.

## Radius of a full heap at its foot, in metres (a cell is 1 m: it spills a little over
## its neighbours, which Genesis salvages it from).
const HEAP_RADIUS := 0.56
## Height of a full heap, in metres.
const HEAP_HEIGHT := 0.95
## Width and height of the arrow over the door, in metres.
const ARROW_SIZE := Vector2(0.9, 1.1)

static var _heap: ArrayMesh
static var _leaf: BoxMesh
static var _arrow: ArrayMesh


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
