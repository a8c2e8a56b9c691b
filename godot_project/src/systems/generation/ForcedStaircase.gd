@tool
class_name ForcedStaircase
extends RefCounted
## Checks a forced staircase before it reaches [method StoreyGenerator.generate].
##
## [code]generate()[/code] reports a forced staircase off the grid or on its outer ring
## with [method @GlobalScope.push_error]. Tools that take the cell from a user (the
## workbench's field, [StoreyPreview]'s export) call [method check] first and show its
## message instead, so a typo never reaches the log. Any interior cell is accepted by the
## generator (it carves a passage to a forced staircase on a WALL or OUT_OF_BOUNDS cell).

## The value that lets the generator choose the staircase.
const NONE := Vector2i(-1, -1)

# Grid sizes already asked for, by Vector3i(depth, level, type).
static var _grid_sizes: Dictionary[Vector3i, Vector2i] = {}


## The [code]width x height[/code] of the grid [method StoreyGenerator.generate] makes for
## these arguments, or [code]Vector2i.ZERO[/code] if they are out of range (depth below 1,
## level outside 1-4, an unknown [enum StoreyLayout.StoreyType]). Asks the generator once
## per combination (a storey without a forced staircase), so it never disagrees with it.
static func grid_size(storey_depth: int, outpost_level: int, storey_type: int) -> Vector2i:
	if storey_depth < 1 or outpost_level < 1 or outpost_level > 4:
		return Vector2i.ZERO
	if storey_type < 0 or storey_type >= _storey_type_count():
		return Vector2i.ZERO
	var key := Vector3i(storey_depth, outpost_level, storey_type)
	if not _grid_sizes.has(key):
		var probe := StoreyGenerator.generate(0, storey_depth, outpost_level, NONE, storey_type)
		_grid_sizes[key] = Vector2i(probe.width, probe.height) if probe != null else Vector2i.ZERO
	return _grid_sizes[key]


## Why [param cell] cannot be the forced staircase of a storey of these arguments, or
## [code]""[/code] if it can. [constant NONE] always can. The cell must lie inside the
## grid and off its outer ring: x in 1..width-2, y in 1..height-2.
static func check(
	cell: Vector2i, storey_depth: int, outpost_level: int, storey_type: int
) -> String:
	if cell == NONE:
		return ""
	var size := grid_size(storey_depth, outpost_level, storey_type)
	if size == Vector2i.ZERO:
		return (
			"No grid for depth %d, level %d, type %d." % [storey_depth, outpost_level, storey_type]
		)
	var allowed := "x 1-%d, y 1-%d" % [size.x - 2, size.y - 2]
	if not Rect2i(Vector2i.ZERO, size).has_point(cell):
		return (
			"Forced staircase (%d, %d) is outside the %d x %d grid; it must be in %s."
			% [cell.x, cell.y, size.x, size.y, allowed]
		)
	if not Rect2i(Vector2i.ONE, size - Vector2i(2, 2)).has_point(cell):
		return (
			"Forced staircase (%d, %d) is on the outer ring of the %d x %d grid; it must be in %s."
			% [cell.x, cell.y, size.x, size.y, allowed]
		)
	return ""


static func _storey_type_count() -> int:
	return ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType").size()
