@tool
class_name SurfaceRenderer
extends Node3D
## Draws a [SurfaceLayout] under itself: its terrain, the building with its door, the
## salvage heaps, and the collision of what cannot be crossed.
##
## Cell (x, y) covers x in [x, x + 1) and z in [y, y + 1), relative to this node, as in a
## storey. Everything is drawn by [MultiMeshInstance3D]s, each filled with one
## [member MultiMesh.buffer] write and named after what it draws:
## [br]- one per terrain kind ([code]GROUND[/code], [code]ROCK[/code]...: unscaled boxes of
##   the kind's height, [constant HEIGHTS], in the kind's colour, [method terrain_color]),
##   except that the building's FOOTPRINT visual holds only its walls, the cells of its
##   outline, and [constant ROOF] the roof they stand round, [constant ROOF_HEIGHT] high;
## [br]- the door, lit green so that it shows from the surface camera whichever side of the
##   building it is on: the DOOR cell's doorstep glows, a door frame taller than the walls
##   stands on it against the wall ([constant DOOR_FRAME], [member door_marker]) with a
##   glowing leaf in it ([constant DOOR_LEAF]), an arrow hovers over it pointing down
##   ([constant DOOR_ARROW]), and a green light ([code]DoorLight[/code]) shines round it;
## [br]- one per salvage kind ([code]HEAP_SCRAP[/code], [code]HEAP_ALLOY[/code],
##   [code]HEAP_CIRCUITS[/code]): a heap per node with units left, in the kind's colour
##   ([constant HEAP_COLORS]), scaled by the share left ([method heap_scale]);
##   [method draw_heap] refills a kind's visual when a node's units change, and
##   [member heap_scales] keeps the scale each heap was drawn at.
## [br]ROCK and FOOTPRINT cells (the building, entered only through its door) collide on
## the walls layer (1), in runs along x; a ring around the chunk collides on the
## storey-bounds layer (4).
##
## This node only draws: salvaging and the door belong to [OutpostSurface].

## Height of each terrain kind's boxes, in metres (FOOTPRINT: the building's walls).
const HEIGHTS: Dictionary[int, float] = {
	SurfaceLayout.Terrain.GROUND: 0.1,
	SurfaceLayout.Terrain.ROCK: 1.6,
	SurfaceLayout.Terrain.RUBBLE: 0.25,
	SurfaceLayout.Terrain.FOOTPRINT: StoreyCollision.WALL_HEIGHT,
	SurfaceLayout.Terrain.DOOR: 0.1,
}
## Terrain this low or lower is drawn as its top face alone (a quad at its height).
const FLAT_HEIGHT := 0.1
## Height of the building's roof, in metres: its walls stand above it as a parapet.
const ROOF_HEIGHT := 1.55
## Height of the door frame on the DOOR cell, in metres: over the walls, so that its lintel
## shows above them from behind.
const DOOR_MARKER_HEIGHT := 2.6
## Name of the roof's visual.
const ROOF := &"ROOF"
## Name of the visual of the door's frame.
const DOOR_FRAME := &"DOOR_FRAME"
## Name of the visual of the glowing leaf in the door frame.
const DOOR_LEAF := &"DOOR_LEAF"
## Name of the visual of the arrow over the DOOR cell.
const DOOR_ARROW := &"DOOR_ARROW"
## Height of the middle of the arrow over the DOOR cell, in metres: over the walls, so
## that it shows whichever side of the building the door is on.
const ARROW_HEIGHT := 4.6
## Colour of a scrap heap: rust orange, as in the CLI's picture of a surface
## (rust/outpost_cli/src/surface.rs).
const SCRAP_COLOR := Color(0.851, 0.549, 0.169)
## Colour of an alloy heap: steel blue (the CLI's picture has a paler steel, which reads as
## white from the surface camera).
const ALLOY_COLOR := Color(0.52, 0.64, 0.92)
## Colour of a circuits heap: teal, as in the CLI's picture.
const CIRCUITS_COLOR := Color(0.18, 0.847, 0.784)
## The heaps' colour per kind ([code]SurfaceLayout.salvage_nodes[/code]' kinds).
const HEAP_COLORS: Dictionary[String, Color] = {
	"SCRAP": SCRAP_COLOR,
	"ALLOY": ALLOY_COLOR,
	"CIRCUITS": CIRCUITS_COLOR,
}
## The scale of a heap with one unit left (a full heap's is 1).
const HEAP_MIN_SCALE := 0.35
## Height of the collision boxes, in metres (the walls').
const COLLISION_HEIGHT := StoreyCollision.WALL_HEIGHT
const _DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")

## The theme: the building wears its WALL colour (the roof a darker one), rock a darker
## one still, the door its ENTRANCE colour. Changing it redraws.
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
## The scale each salvage heap was last drawn at, in [member SurfaceLayout.salvage_nodes]
## order: 1 full, smaller as it empties ([method heap_scale]), 0 empty (not drawn).
var heap_scales := PackedFloat64Array()
## Where the door frame stands: on the DOOR cell against the building, turned so that the
## way in passes through it, [constant DOOR_MARKER_HEIGHT] high.
var door_marker := Transform3D.IDENTITY

var _visuals: Dictionary[StringName, MultiMeshInstance3D] = {}
var _heap_left := PackedInt32Array()
var _light: OmniLight3D
var _walls: StaticBody3D
var _bounds: StaticBody3D


## Draws [param surface], replacing what was drawn before, every heap full. A null surface
## is reported with [method @GlobalScope.push_error] and leaves the renderer empty.
func render(surface: SurfaceLayout) -> void:
	if surface == null:
		push_error("SurfaceRenderer.render: surface is null")
		clear()
		return
	layout = surface
	for terrain: int in HEIGHTS:
		_draw_terrain(terrain)
	_draw_door()
	_heap_left.resize(layout.salvage_nodes.size())
	heap_scales.resize(layout.salvage_nodes.size())
	for i in layout.salvage_nodes.size():
		_heap_left[i] = int(layout.salvage_nodes[i]["amount"])
	for kind: String in HEAP_COLORS:
		_draw_heaps(kind)
	_collide()


## Frees everything [method render] built, at once.
func clear() -> void:
	for visual: MultiMeshInstance3D in _visuals.values():
		visual.free()
	_visuals.clear()
	for node in [_walls, _bounds, _light]:
		if node != null:
			node.free()
	_walls = null
	_bounds = null
	_light = null
	_heap_left.clear()
	heap_scales.clear()
	door_marker = Transform3D.IDENTITY
	layout = null


## Redraws heap [param index] (of [member SurfaceLayout.salvage_nodes]) with [param left]
## units left: its kind's visual is filled again.
func draw_heap(index: int, left: int) -> void:
	if layout == null or index < 0 or index >= _heap_left.size():
		return
	_heap_left[index] = left
	_draw_heaps(layout.salvage_nodes[index]["kind"])


## The visual of [param terrain] (a [enum SurfaceLayout.Terrain] value); null before the
## first [method render].
func get_visual(terrain: int) -> MultiMeshInstance3D:
	return _visuals.get(StringName(terrain_name(terrain)))


## The visual named [param part] ([constant ROOF], [constant DOOR_FRAME],
## [constant DOOR_LEAF], [constant DOOR_ARROW], or [code]HEAP_[/code] and a salvage kind);
## null before the first [method render].
func get_part(part: StringName) -> MultiMeshInstance3D:
	return _visuals.get(part)


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


## The scale of a heap of [param amount] units with [param left] left: 1 full, down to
## [constant HEAP_MIN_SCALE] with one unit left, 0 empty.
static func heap_scale(left: int, amount: int) -> float:
	if left <= 0 or amount <= 0:
		return 0.0
	if amount == 1:
		return 1.0
	var share := clampf(float(left - 1) / (amount - 1), 0.0, 1.0)
	return HEAP_MIN_SCALE + (1.0 - HEAP_MIN_SCALE) * share


## The name of a [enum SurfaceLayout.Terrain] value, e.g. [code]"ROCK"[/code].
static func terrain_name(terrain: int) -> String:
	var names := ClassDB.class_get_enum_constants(&"SurfaceLayout", &"Terrain")
	return names[terrain] if terrain >= 0 and terrain < names.size() else str(terrain)


func _draw_terrain(terrain: int) -> void:
	var cells: Array[Vector2i] = []
	cells.assign(layout.get_cells_of_type(terrain))
	var color := terrain_color(terrain)
	if terrain == SurfaceLayout.Terrain.FOOTPRINT:
		var walls: Array[Vector2i] = []
		var roof: Array[Vector2i] = []
		for cell in cells:
			(walls if _on_outline(cell) else roof).append(cell)
		cells = walls
		_draw_boxes(ROOF, roof, ROOF_HEIGHT, SurfaceMeshes.terrain_material(color.darkened(0.35)))
	var part := StringName(terrain_name(terrain))
	var visual := _draw_boxes(part, cells, HEIGHTS[terrain], SurfaceMeshes.terrain_material(color))
	if terrain == SurfaceLayout.Terrain.DOOR:
		visual.material_override = SurfaceMeshes.lit_material(color, 0.9)


# One unscaled box `height` high per cell of `cells`, in `material`, in the visual `part`.
func _draw_boxes(
	part: StringName, cells: Array[Vector2i], height: float, material: Material
) -> MultiMeshInstance3D:
	# Flat ground shows only its top: one quad a cell, not a box's twelve triangles.
	var flat := height <= FLAT_HEIGHT
	var mesh: PrimitiveMesh
	if flat:
		mesh = PlaneMesh.new()
		(mesh as PlaneMesh).size = Vector2.ONE
	else:
		mesh = BoxMesh.new()
		(mesh as BoxMesh).size = Vector3(1.0, height, 1.0)
	var y := height if flat else height * 0.5
	var transforms: Array[Transform3D] = []
	for cell in cells:
		transforms.append(Transform3D(Basis.IDENTITY, Vector3(cell.x + 0.5, y, cell.y + 0.5)))
	return _fill(part, mesh, material, transforms)


# Whether the building's `cell` has a neighbour (diagonals included) outside the building.
func _on_outline(cell: Vector2i) -> bool:
	for dx in [-1, 0, 1]:
		for dy in [-1, 0, 1]:
			if layout.get_cell(cell + Vector2i(dx, dy)) != SurfaceLayout.Terrain.FOOTPRINT:
				return true
	return false


func _draw_door() -> void:
	var door := layout.door_cell
	var way := layout.entrance_cell - door
	var ground := Vector3(door.x + 0.5, HEIGHTS[SurfaceLayout.Terrain.DOOR], door.y + 0.5)
	var turn := Basis.IDENTITY if way.x != 0 else Basis(Vector3.UP, PI * 0.5)
	var stretch := Vector3(1.0, DOOR_MARKER_HEIGHT / StoreyMeshes.DOOR_FRAME_HEIGHT, 1.0)
	var against := Vector3(way.x, 0.0, way.y) * (0.5 - StoreyMeshes.DOOR_FRAME_DEPTH * 0.5)
	door_marker = Transform3D(turn.scaled(stretch), ground + against)
	var green := terrain_color(SurfaceLayout.Terrain.DOOR)
	_fill(
		DOOR_FRAME,
		StoreyMeshes.door_frame_mesh(),
		SurfaceMeshes.lit_material(green.lightened(0.2), 1.2),
		[door_marker]
	)
	var half := SurfaceMeshes.leaf_mesh().size.y * 0.5
	_fill(
		DOOR_LEAF,
		SurfaceMeshes.leaf_mesh(),
		SurfaceMeshes.lit_material(green, 1.6, 0.75),
		[door_marker * Transform3D(Basis.IDENTITY, Vector3(0.0, half, 0.0))]
	)
	_fill(
		DOOR_ARROW,
		SurfaceMeshes.arrow_mesh(),
		SurfaceMeshes.lit_material(green.lightened(0.2), 1.4),
		[Transform3D(Basis.IDENTITY, ground + Vector3(0.0, ARROW_HEIGHT, 0.0))]
	)
	if _light == null:
		_light = OmniLight3D.new()
		_light.name = "DoorLight"
		add_child(_light)
	_light.light_color = green
	_light.light_energy = 2.0
	_light.omni_range = 4.0
	_light.position = ground + Vector3(0.0, 1.2, 0.0)


func _draw_heaps(kind: String) -> void:
	var transforms: Array[Transform3D] = []
	for i in layout.salvage_nodes.size():
		var node: Dictionary = layout.salvage_nodes[i]
		if node["kind"] != kind:
			continue
		heap_scales[i] = heap_scale(_heap_left[i], int(node["amount"]))
		if heap_scales[i] <= 0.0:
			continue
		var cell: Vector2i = node["cell"]
		var turn := Basis(Vector3.UP, posmod(cell.x * 5 + cell.y * 3, 8) * PI * 0.25)
		var at := Vector3(cell.x + 0.5, HEIGHTS[SurfaceLayout.Terrain.GROUND], cell.y + 0.5)
		transforms.append(Transform3D(turn.scaled(Vector3.ONE * heap_scales[i]), at))
	var material := SurfaceMeshes.lit_material(HEAP_COLORS.get(kind, Color.WHITE), 0.35)
	_fill(StringName("HEAP_" + kind), SurfaceMeshes.heap_mesh(), material, transforms)


# Fills the visual `part` with one instance of `mesh` per transform, in `material`.
func _fill(
	part: StringName, mesh: Mesh, material: Material, transforms: Array[Transform3D]
) -> MultiMeshInstance3D:
	var visual := _visual(part)
	var buffer := PackedFloat32Array()
	for transform in transforms:
		buffer.append_array(StoreyMeshes.instance_floats(transform))
	var multimesh := visual.multimesh
	multimesh.instance_count = 0
	multimesh.mesh = mesh
	visual.material_override = material
	multimesh.instance_count = transforms.size()
	if not buffer.is_empty():
		multimesh.buffer = buffer
	return visual


func _visual(part: StringName) -> MultiMeshInstance3D:
	var visual: MultiMeshInstance3D = _visuals.get(part)
	if visual == null:
		visual = MultiMeshInstance3D.new()
		visual.name = part
		visual.multimesh = MultiMesh.new()
		visual.multimesh.transform_format = MultiMesh.TRANSFORM_3D
		add_child(visual)
		_visuals[part] = visual
	return visual


# Walls over the runs of ROCK and FOOTPRINT cells along x, and the ring around the chunk.
func _collide() -> void:
	for body in [_walls, _bounds]:
		if body != null:
			body.free()
	var blocked := SurfaceMeshes.blocked_runs(layout)
	_walls = SurfaceMeshes.collision_body("Walls", blocked, StoreyCollision.WALLS_LAYER)
	add_child(_walls)
	var w := layout.width
	var h := layout.height
	var ring: Array[Rect2i] = [
		Rect2i(-1, -1, w + 2, 1), Rect2i(-1, h, w + 2, 1), Rect2i(-1, 0, 1, h), Rect2i(w, 0, 1, h)
	]
	_bounds = SurfaceMeshes.collision_body("Bounds", ring, StoreyCollision.BOUNDS_LAYER)
	add_child(_bounds)
