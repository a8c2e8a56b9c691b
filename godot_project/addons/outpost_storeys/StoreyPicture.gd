@tool
class_name StoreyPicture
extends RefCounted
## A storey's grid as a picture: one square of the reference's colour per cell, the PATH
## overlay over the enemy paths, as the [code]outpost[/code] CLI's PNG draws it.
##
## Row y of the grid is the picture's row y (top to bottom), column x its column x, so the
## picture is the storey seen from above with x to the right and z down. Used by the
## editor: a saved [StoreyLayout]'s thumbnail in the FileSystem dock, its picture in the
## Inspector and the Outpost dock's preview.

## The reference's colour table (the CLI's [code]render_png.rs[/code]; the default theme's
## colours), indexed by [enum StoreyLayout.CellType]; PATH is the overlay.
const COLOURS: Dictionary[int, Color] = {
	StoreyLayout.CellType.OUT_OF_BOUNDS: Color8(0x1E, 0x1E, 0x1E),
	StoreyLayout.CellType.WALL: Color8(0x59, 0x52, 0x4A),
	StoreyLayout.CellType.EMPTY: Color8(0x87, 0xCE, 0xEB),
	StoreyLayout.CellType.ENTRY: Color8(0xE8, 0x87, 0x19),
	StoreyLayout.CellType.BEACON: Color8(0xFF, 0x4D, 0xCC),
	StoreyLayout.CellType.SHAFT: Color8(0x33, 0x57, 0x99),
	StoreyLayout.CellType.STAIRCASE: Color8(0x8C, 0x66, 0x19),
	StoreyLayout.CellType.PATH: Color8(0xB3, 0xA6, 0x1A),
	StoreyLayout.CellType.ENTRANCE: Color8(0x33, 0xB3, 0x5A),
}
## The colour of a cell type the table does not know (a hand-edited file's).
const UNKNOWN := Color.BLACK


## The colour drawn for [param cell_type] (PATH for the overlay).
static func colour_of(cell_type: int) -> Color:
	return COLOURS.get(cell_type, UNKNOWN)


## The colour drawn at [param cell] of [param layout]: its type's, or the PATH overlay's
## where [method StoreyLayout.get_cells_of_type] puts the overlay.
static func colour_at(layout: StoreyLayout, cell: Vector2i) -> Color:
	if layout.get_cells_of_type(StoreyLayout.CellType.PATH).has(cell):
		return COLOURS[StoreyLayout.CellType.PATH]
	return colour_of(layout.get_cell(cell))


## The grid as an opaque RGBA8 image, [param cell_px] pixels per cell edge
## ([code]width x cell_px[/code] by [code]height x cell_px[/code]); null for a null or
## malformed layout.
static func image(layout: StoreyLayout, cell_px: int = 1) -> Image:
	if layout == null or not layout.is_consistent() or cell_px < 1:
		return null
	var picture := Image.create_empty(
		layout.width * cell_px, layout.height * cell_px, false, Image.FORMAT_RGBA8
	)
	for x in layout.width:
		var column: PackedByteArray = layout.cells[x]
		for y in layout.height:
			picture.fill_rect(
				Rect2i(x * cell_px, y * cell_px, cell_px, cell_px), colour_of(column[y])
			)
	var path_colour := COLOURS[StoreyLayout.CellType.PATH]
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.PATH):
		picture.fill_rect(Rect2i(cell * cell_px, Vector2i(cell_px, cell_px)), path_colour)
	return picture


## The grid fitted into a [param size] image (a thumbnail): the largest whole number of
## pixels per cell that fits, centred on a transparent background; a grid wider than the
## image in cells is scaled down (nearest neighbour). Null for a null or malformed layout
## or an empty size.
static func fitted(layout: StoreyLayout, size: Vector2i) -> Image:
	if size.x < 1 or size.y < 1:
		return null
	var cell_px := cell_px_for(layout, size)
	var grid := image(layout, maxi(cell_px, 1))
	if grid == null:
		return null
	if cell_px < 1:
		var scale := minf(float(size.x) / grid.get_width(), float(size.y) / grid.get_height())
		grid.resize(
			maxi(1, int(grid.get_width() * scale)),
			maxi(1, int(grid.get_height() * scale)),
			Image.INTERPOLATE_NEAREST
		)
	var picture := Image.create_empty(size.x, size.y, false, Image.FORMAT_RGBA8)
	picture.fill(Color(0, 0, 0, 0))
	var at := (size - grid.get_size()) / 2
	picture.blit_rect(grid, Rect2i(Vector2i.ZERO, grid.get_size()), at)
	return picture


## Pixels per cell edge of [method fitted]'s picture of [param layout] in [param size]
## (0 when the grid is scaled down); 0 for a null layout.
static func cell_px_for(layout: StoreyLayout, size: Vector2i) -> int:
	if layout == null or layout.width < 1 or layout.height < 1:
		return 0
	return mini(size.x / layout.width, size.y / layout.height)


## Where [method fitted]'s picture of [param layout] in [param size] draws the centre of
## [param cell], in pixels (for tests and tooltips); only meaningful when
## [method cell_px_for] is at least 1.
static func pixel_of(layout: StoreyLayout, size: Vector2i, cell: Vector2i) -> Vector2i:
	var cell_px := cell_px_for(layout, size)
	var grid := Vector2i(layout.width, layout.height) * cell_px
	return (size - grid) / 2 + cell * cell_px + Vector2i(cell_px, cell_px) / 2
