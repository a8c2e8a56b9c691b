@tool
class_name SurfaceRenderer
extends Node3D
## Draws a [SurfaceLayout] under itself: one [MultiMeshInstance3D] per terrain kind, and the
## collision of what cannot be crossed.
##
## Cell (x, y) covers x in [x, x + 1) and z in [y, y + 1), relative to this node, as in a
## storey. Each terrain kind is one visual (named after it: [code]GROUND[/code],
## [code]ROCK[/code]...) whose instances are unscaled boxes of the kind's height
## ([constant HEIGHTS]), filled with one [member MultiMesh.buffer] write, in the kind's
## colour ([method terrain_color], from the theme). ROCK and FOOTPRINT cells (the
## building's outline, which is entered only through its door) collide on the walls layer
## (1), in runs along x; a ring around the chunk collides on the storey-bounds layer (4).
##
## This node only draws: salvaging and the door belong to [OutpostSurface].

## Height of each terrain kind's boxes, in metres.
const HEIGHTS: Dictionary[int, float] = {
	SurfaceLayout.Terrain.GROUND: 0.1,
	SurfaceLayout.Terrain.ROCK: 1.6,
	SurfaceLayout.Terrain.RUBBLE: 0.25,
	SurfaceLayout.Terrain.FOOTPRINT: StoreyCollision.WALL_HEIGHT,
	SurfaceLayout.Terrain.DOOR: 0.1,
}
## Height of the collision boxes, in metres (the walls').
const COLLISION_HEIGHT := StoreyCollision.WALL_HEIGHT
const _DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")

## The theme: the footprint wears its WALL colour, rock a darker one, the door its
## ENTRANCE colour. Changing it redraws.
@export var cell_definitions: CellDefinitions = _DEFAULT_THEME:
	set(value):
		cell_definitions = value
		if layout != null:
			render(layout)
## The colour of open ground (rubble is a darker shade of it).
@export var ground_color := Color(0.46, 0.39, 0.3):
	set(value):
		ground_color = value
		if layout != null:
			render(layout)

## The surface drawn by the last [method render]; null after [method clear].
var layout: SurfaceLayout

var _visuals: Dictionary[int, MultiMeshInstance3D] = {}
var _walls: StaticBody3D
var _bounds: StaticBody3D


## Draws [param surface], replacing what was drawn before. A null surface is reported with
## [method @GlobalScope.push_error] and leaves the renderer empty.
func render(surface: SurfaceLayout) -> void:
	if surface == null:
		push_error("SurfaceRenderer.render: surface is null")
		clear()
		return
	layout = surface
	for terrain: int in HEIGHTS:
		_draw(terrain)
	_collide()


## Frees everything [method render] built, at once.
func clear() -> void:
	for visual: MultiMeshInstance3D in _visuals.values():
		visual.free()
	_visuals.clear()
	for body in [_walls, _bounds]:
		if body != null:
			body.free()
	_walls = null
	_bounds = null
	layout = null


## The visual of [param terrain] (a [enum SurfaceLayout.Terrain] value); null before the
## first [method render].
func get_visual(terrain: int) -> MultiMeshInstance3D:
	return _visuals.get(terrain)


## The colour [param terrain] is drawn in.
func terrain_color(terrain: int) -> Color:
	var theme := cell_definitions if cell_definitions != null else _DEFAULT_THEME
	var wall := theme.get_definition(StoreyLayout.CellType.WALL)
	var entrance := theme.get_definition(StoreyLayout.CellType.ENTRANCE)
	var wall_color := wall.color if wall != null else Color.DIM_GRAY
	match terrain:
		SurfaceLayout.Terrain.ROCK:
			return wall_color.darkened(0.45)
		SurfaceLayout.Terrain.RUBBLE:
			return ground_color.darkened(0.3)
		SurfaceLayout.Terrain.FOOTPRINT:
			return wall_color
		SurfaceLayout.Terrain.DOOR:
			return entrance.color if entrance != null else Color.SEA_GREEN
	return ground_color


## The name of a [enum SurfaceLayout.Terrain] value, e.g. [code]"ROCK"[/code].
static func terrain_name(terrain: int) -> String:
	var names := ClassDB.class_get_enum_constants(&"SurfaceLayout", &"Terrain")
	return names[terrain] if terrain >= 0 and terrain < names.size() else str(terrain)


func _draw(terrain: int) -> void:
	var visual: MultiMeshInstance3D = _visuals.get(terrain)
	if visual == null:
		visual = MultiMeshInstance3D.new()
		visual.name = terrain_name(terrain)
		visual.multimesh = MultiMesh.new()
		visual.multimesh.transform_format = MultiMesh.TRANSFORM_3D
		add_child(visual)
		_visuals[terrain] = visual
	var height: float = HEIGHTS[terrain]
	var box := BoxMesh.new()
	box.size = Vector3(1.0, height, 1.0)
	var material := StandardMaterial3D.new()
	material.albedo_color = terrain_color(terrain)
	material.roughness = 0.9
	var buffer := PackedFloat32Array()
	for cell in layout.get_cells_of_type(terrain):
		var at := Vector3(cell.x + 0.5, height * 0.5, cell.y + 0.5)
		buffer.append_array(StoreyMeshes.instance_floats(Transform3D(Basis.IDENTITY, at)))
	var multimesh := visual.multimesh
	multimesh.instance_count = 0
	multimesh.mesh = box
	visual.material_override = material
	multimesh.instance_count = buffer.size() / StoreyMeshes.FLOATS_PER_INSTANCE
	if not buffer.is_empty():
		multimesh.buffer = buffer


# Walls over the runs of ROCK and FOOTPRINT cells along x, and the ring around the chunk.
func _collide() -> void:
	for body in [_walls, _bounds]:
		if body != null:
			body.free()
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
	_walls = _body("Walls", blocked, StoreyCollision.WALLS_LAYER)
	var w := layout.width
	var h := layout.height
	var ring: Array[Rect2i] = [
		Rect2i(-1, -1, w + 2, 1), Rect2i(-1, h, w + 2, 1), Rect2i(-1, 0, 1, h), Rect2i(w, 0, 1, h)
	]
	_bounds = _body("Bounds", ring, StoreyCollision.BOUNDS_LAYER)


func _body(body_name: String, rects: Array[Rect2i], layer: int) -> StaticBody3D:
	var body := StaticBody3D.new()
	body.name = body_name
	body.collision_layer = layer
	body.collision_mask = 0
	for rect in rects:
		var shape := CollisionShape3D.new()
		var box := BoxShape3D.new()
		box.size = Vector3(rect.size.x, COLLISION_HEIGHT, rect.size.y)
		shape.shape = box
		shape.position = Vector3(
			rect.position.x + rect.size.x * 0.5,
			COLLISION_HEIGHT * 0.5,
			rect.position.y + rect.size.y * 0.5
		)
		body.add_child(shape)
	add_child(body)
	return body
