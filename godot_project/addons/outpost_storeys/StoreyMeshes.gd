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
