@tool
class_name StoreyMeshes
extends RefCounted
## A storey's looks as [MultiMeshInstance3D]s: one per drawn cell type, its instances
## unscaled copies of the theme's mesh, filled with one [member MultiMesh.buffer] write;
## with a theme's [WallKit], the walls are one more per kit piece instead
## ([method fill_wall_kit]).
##
## Shared by everything that draws a storey from a [CellDefinitions] theme: the game's
## [code]StoreyRenderer[/code], [StoreyDraft] and [StoreyBaker]. Cell (x, y) is drawn
## around (x + 0.5, 0, y + 0.5), relative to the visual's parent; the PATH overlay stands
## [constant FLOOR_HEIGHT] higher, on the floor tiles.

## Height of the floor tiles of the reference's look, in metres: the PATH overlay stands on
## them.
const FLOOR_HEIGHT := 0.1
## Floats per instance in a [constant MultiMesh.TRANSFORM_3D] buffer (a 3 x 4 matrix).
const FLOATS_PER_INSTANCE := 12
## Name of the visual of the ENTRANCE's door frame ([method new_door_frame_visual]).
const DOOR_FRAME := &"ENTRANCE_frame"
## Height of the door frame, in metres: the walls' ([StoreyCollision]).
const DOOR_FRAME_HEIGHT := StoreyCollision.WALL_HEIGHT
## Width of the frame's posts across the way through, and height of its lintel, in metres.
const DOOR_FRAME_POST := 0.12
## Depth of the frame along the way through, in metres.
const DOOR_FRAME_DEPTH := 0.3

static var _door_frame_mesh: ArrayMesh


## A new, empty visual for [param cell_type], named after it ([code]"WALL"[/code]...).
static func new_visual(cell_type: int) -> MultiMeshInstance3D:
	var visual := MultiMeshInstance3D.new()
	visual.name = CellDefinitions.type_name(cell_type)
	visual.multimesh = MultiMesh.new()
	visual.multimesh.transform_format = MultiMesh.TRANSFORM_3D
	return visual


## Fills [param visual] with one instance of [param definition]'s mesh per cell of
## [param cell_type] in [param layout] (PATH: the overlay's cells,
## [method StoreyLayout.get_cells_of_type]), drawn with its material. A null
## [param definition] leaves the visual with no instance.
static func fill(
	visual: MultiMeshInstance3D, layout: StoreyLayout, cell_type: int, definition: CellDefinition
) -> void:
	var multimesh := visual.multimesh
	if definition == null:
		multimesh.instance_count = 0
		return
	var offset := definition.get_mesh_offset()
	if cell_type == StoreyLayout.CellType.PATH:
		offset.y += FLOOR_HEIGHT
	var buffer := layout.get_cell_transforms(cell_type, offset)
	multimesh.mesh = definition.get_mesh()
	visual.material_override = definition.get_material()
	multimesh.instance_count = buffer.size() / FLOATS_PER_INSTANCE
	if not buffer.is_empty():
		multimesh.buffer = buffer


## A new, empty visual for the wall kit's [param piece] (one of [constant WallKit.PIECES]),
## named [code]"WALL_"[/code] and the piece ([code]"WALL_outer_corner"[/code]...).
static func new_kit_visual(piece: StringName) -> MultiMeshInstance3D:
	var visual := MultiMeshInstance3D.new()
	visual.name = "WALL_" + piece
	visual.multimesh = MultiMesh.new()
	visual.multimesh.transform_format = MultiMesh.TRANSFORM_3D
	return visual


## Fills [param visuals] (one per [constant WallKit.PIECES] name) with the walls of
## [param layout] drawn by [param kit]: one instance of a piece per grid vertex that has
## one ([method StoreyLayout.get_wall_kit_buffers]), drawn with the kit's material.
## Returns the instances drawn per piece name; empty (with an error) for a malformed
## layout.
static func fill_wall_kit(
	visuals: Dictionary[StringName, MultiMeshInstance3D], layout: StoreyLayout, kit: WallKit
) -> Dictionary[StringName, int]:
	var counts: Dictionary[StringName, int] = {}
	var buffers := layout.get_wall_kit_buffers()
	for piece in WallKit.PIECES:
		var multimesh := visuals[piece].multimesh
		var buffer: PackedFloat32Array = buffers.get(String(piece), PackedFloat32Array())
		multimesh.instance_count = 0
		multimesh.mesh = kit.get_mesh(piece)
		visuals[piece].material_override = kit.material
		multimesh.instance_count = buffer.size() / FLOATS_PER_INSTANCE
		if not buffer.is_empty():
			multimesh.buffer = buffer
		if not buffers.is_empty():
			counts[piece] = multimesh.instance_count
	return counts


## A new, empty visual for the ENTRANCE's door frame, named [constant DOOR_FRAME].
static func new_door_frame_visual() -> MultiMeshInstance3D:
	var visual := MultiMeshInstance3D.new()
	visual.name = DOOR_FRAME
	visual.multimesh = MultiMesh.new()
	visual.multimesh.transform_format = MultiMesh.TRANSFORM_3D
	return visual


## Fills [param visual] with the door frame of [param layout]'s ENTRANCE (none on a storey
## without one): the ENTRANCE is an opening in the outline, as an ENTRY is (the wall kit
## ends the walls on both sides of it), framed by two posts on the cell's sides and a
## lintel at the walls' top, turned so that the way through ([method door_way]) passes
## between the posts. Drawn as [param theme]'s walls are (its kit's material, else its
## WALL definition's). Returns the instances drawn (0 or 1).
static func fill_door_frame(
	visual: MultiMeshInstance3D, layout: StoreyLayout, theme: CellDefinitions
) -> int:
	var multimesh := visual.multimesh
	multimesh.instance_count = 0
	multimesh.mesh = door_frame_mesh()
	var wall := theme.get_definition(StoreyLayout.CellType.WALL)
	if theme.wall_kit != null:
		visual.material_override = theme.wall_kit.material
	else:
		visual.material_override = wall.get_material() if wall != null else null
	var way := door_way(layout)
	if way == Vector2i.ZERO:
		return 0
	var basis := Basis.IDENTITY if way.x != 0 else Basis(Vector3.UP, PI * 0.5)
	multimesh.instance_count = 1
	multimesh.buffer = instance_floats(Transform3D(basis, layout.cell_center(layout.entrance_cell)))
	return 1


## The way into the building through [param layout]'s ENTRANCE: the step from the
## ENTRANCE to its one walkable 4-neighbour (the floor cell inside); [constant
## Vector2i.ZERO] for a layout without an ENTRANCE.
static func door_way(layout: StoreyLayout) -> Vector2i:
	var door := layout.entrance_cell
	if not layout.in_bounds(door):
		return Vector2i.ZERO
	for step: Vector2i in [Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT, Vector2i.UP]:
		if layout.in_bounds(door + step) and layout.is_walkable(door + step):
			return step
	return Vector2i.ZERO


## The door frame's mesh, made once: for a way through along x, two posts at the cell's
## sides (z = +-0.5) and a lintel over them, standing on the floor (y = 0) around the cell
## centre.
static func door_frame_mesh() -> ArrayMesh:
	if _door_frame_mesh != null:
		return _door_frame_mesh
	var tool := SurfaceTool.new()
	var post_height := DOOR_FRAME_HEIGHT - DOOR_FRAME_POST
	var side := 0.5 - DOOR_FRAME_POST * 0.5
	# Each part: its centre, then its size.
	var parts: Array[Array] = [
		[
			Vector3(0.0, post_height * 0.5, -side),
			Vector3(DOOR_FRAME_DEPTH, post_height, DOOR_FRAME_POST)
		],
		[
			Vector3(0.0, post_height * 0.5, side),
			Vector3(DOOR_FRAME_DEPTH, post_height, DOOR_FRAME_POST)
		],
		[
			Vector3(0.0, post_height + DOOR_FRAME_POST * 0.5, 0.0),
			Vector3(DOOR_FRAME_DEPTH, DOOR_FRAME_POST, 1.0)
		],
	]
	for part in parts:
		var box := BoxMesh.new()
		box.size = part[1]
		tool.append_from(box, 0, Transform3D(Basis.IDENTITY, part[0]))
	_door_frame_mesh = tool.commit()
	return _door_frame_mesh


## [param transform] as one instance of a [constant MultiMesh.TRANSFORM_3D] buffer: the
## basis by rows, each row followed by the origin's coordinate ([constant
## FLOATS_PER_INSTANCE] floats).
static func instance_floats(transform: Transform3D) -> PackedFloat32Array:
	var b := transform.basis
	var o := transform.origin
	return PackedFloat32Array(
		[b.x.x, b.y.x, b.z.x, o.x, b.x.y, b.y.y, b.z.y, o.y, b.x.z, b.y.z, b.z.z, o.z]
	)
