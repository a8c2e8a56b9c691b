@tool
class_name ForcedStaircase
extends RefCounted
## Checks a forced staircase before it reaches [method StoreyGenerator.generate].
##
## [code]generate()[/code] reports a forced staircase off the grid or on its outer ring
## with [method @GlobalScope.push_error]. Tools that take the cell from a user (the
## Outpost dock, [StoreyDraft]'s export, the game's Seed Inspector and StoreyPreview) call
## [method check] first and show its message instead, so a typo never reaches the log. Any
## interior cell is accepted by the generator (it carves a passage to a forced staircase on
## a WALL or OUT_OF_BOUNDS cell).

## The value that lets the generator choose the staircase.
const NONE := Vector2i(-1, -1)


## The [code]width x height[/code] of the grid [method StoreyGenerator.generate] makes for
## these arguments ([method StoreyGenerator.grid_size], the core's formula), or
## [code]Vector2i.ZERO[/code] if they are out of the core's ranges (an unknown
## [enum StoreyLayout.StoreyType] too). Checks the ranges first, so nothing is logged.
static func grid_size(storey_depth: int, outpost_level: int, storey_type: int) -> Vector2i:
	var depth_ok := (
		storey_depth >= StoreyGenerator.MIN_STOREY_DEPTH
		and storey_depth <= StoreyGenerator.MAX_STOREY_DEPTH
	)
	var level_ok := (
		outpost_level >= StoreyGenerator.MIN_OUTPOST_LEVEL
		and outpost_level <= StoreyGenerator.MAX_OUTPOST_LEVEL
	)
	var type_ok := storey_type >= 0 and storey_type < _storey_type_count()
	if not (depth_ok and level_ok and type_ok):
		return Vector2i.ZERO
	return StoreyGenerator.grid_size(storey_depth, outpost_level, storey_type)


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
