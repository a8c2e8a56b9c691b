extends RefCounted
## Godot's own AStarGrid2D over a layout, as a game would set it up: 4-directional,
## Manhattan, every cell that is not walkable solid. The engine's pathfinder is the
## in-engine check of StoreyValidator.find_path and of the enemy paths' lengths
## (test_extension.gd) and what bench.gd times them against.


## An AStarGrid2D over `l`'s grid.
static func layout(l: StoreyLayout) -> AStarGrid2D:
	var astar := AStarGrid2D.new()
	astar.region = Rect2i(0, 0, l.width, l.height)
	astar.cell_size = Vector2(1, 1)
	astar.diagonal_mode = AStarGrid2D.DIAGONAL_MODE_NEVER
	astar.default_compute_heuristic = AStarGrid2D.HEURISTIC_MANHATTAN
	astar.default_estimate_heuristic = AStarGrid2D.HEURISTIC_MANHATTAN
	astar.update()
	# One read of the grid: each `l.cells` or `l.is_walkable()` is an engine call.
	var x := 0
	for column: PackedByteArray in l.cells:
		for y in column.size():
			var t := column[y]
			if t == StoreyLayout.CellType.OUT_OF_BOUNDS or t == StoreyLayout.CellType.WALL:
				astar.set_point_solid(Vector2i(x, y), true)
		x += 1
	return astar
