@tool
class_name StoreyMeshes
extends RefCounted
## A storey's looks as [MultiMeshInstance3D]s: one per drawn cell type, its instances
## unscaled copies of the theme's mesh, filled with one [member MultiMesh.buffer] write.
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
