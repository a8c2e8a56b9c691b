class_name StoreyCollision
extends RefCounted
## What collides in a storey, for everything that builds its collision: the game's
## [StoreyRenderer] (bodies on the [PhysicsServer3D]) and the addon's [StoreyBaker]
## ([StaticBody3D] nodes in a baked scene). Two groups of boxes over merged rectangles of
## cells ([method StoreyLayout.get_cover_rects]): the WALL cells, [constant WALL_HEIGHT]
## tall on the walls layer ([constant WALLS_LAYER], 1); and the storey's bounds, the
## OUT_OF_BOUNDS cells and a one-cell ring around the grid, [constant BOUNDS_HEIGHT] tall on
## layer 4 ([constant BOUNDS_LAYER], the game's "storey_bounds"), which keep Genesis in.

## Height of the WALL boxes, in metres.
const WALL_HEIGHT := 2.0
## Height of the storey-bounds boxes, in metres.
const BOUNDS_HEIGHT := 2.0
## Collision layer bit of the walls (layer 1, "walls").
const WALLS_LAYER := 1 << 0
## Collision layer bit of the storey bounds (layer 4, "storey_bounds").
const BOUNDS_LAYER := 1 << 3


## The groups of boxes of [param layout]: [code]{name, rects, height, layer}[/code] each,
## the walls ("Walls") first, then the bounds ("Bounds").
static func groups(layout: StoreyLayout) -> Array[Dictionary]:
	return [
		{
			"name": "Walls",
			"rects": layout.get_cover_rects(StoreyLayout.CellType.WALL),
			"height": WALL_HEIGHT,
			"layer": WALLS_LAYER,
		},
		{
			"name": "Bounds",
			"rects": bounds_rects(layout),
			"height": BOUNDS_HEIGHT,
			"layer": BOUNDS_LAYER
		},
	]


## The OUT_OF_BOUNDS rectangles of [param layout] plus a one-cell ring around its grid.
static func bounds_rects(layout: StoreyLayout) -> Array[Rect2i]:
	var w := layout.width
	var h := layout.height
	var rects := layout.get_cover_rects(StoreyLayout.CellType.OUT_OF_BOUNDS)
	rects.append_array(
		[Rect2i(-1, -1, w + 2, 1), Rect2i(-1, h, w + 2, 1), Rect2i(-1, 0, 1, h), Rect2i(w, 0, 1, h)]
	)
	return rects


## The box over [param rect], [param height] tall: its size and its centre (the storey's
## own coordinates, the floor at y = 0).
static func box(rect: Rect2i, height: float) -> Array[Vector3]:
	var size := Vector3(rect.size.x, height, rect.size.y)
	return [size, Vector3(rect.position.x, 0.0, rect.position.y) + size * 0.5]
