extends RefCounted
## Independent GDScript re-implementation of every storey rule, written from the
## reference (docs: storey-layout-reference.md), not from the Rust validator. Each check
## returns "" when the rule holds, otherwise a message naming what broke it.

const OOB := 0
const WALL := 1
const EMPTY := 2
const ENTRY := 3
const BEACON := 4
const SHAFT := 5
const STAIRCASE := 6

const DIRS: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]


## A plain GDScript copy of a layout's grid, read once per layout: the checks below
## touch every cell many times, and each `layout.cells` read is an engine call.
class Grid:
	var width: int
	var height: int
	var flat: PackedByteArray

	func _init(layout: StoreyLayout) -> void:
		width = layout.width
		height = layout.height
		for column: PackedByteArray in layout.cells:
			flat.append_array(column)

	## Cell type at `p`; off the grid reads as OUT_OF_BOUNDS.
	func at(p: Vector2i) -> int:
		if p.x < 0 or p.y < 0 or p.x >= width or p.y >= height:
			return OOB
		return flat[p.x * height + p.y]

	func walkable(p: Vector2i) -> bool:
		var t := at(p)
		return t != OOB and t != WALL


static func manhattan(a: Vector2i, b: Vector2i) -> int:
	return absi(a.x - b.x) + absi(a.y - b.y)


## ENTRY / BEACON count for a storey depth: 1, 2 (depth 2-3), 3 (depth 4+).
static func special_count(depth: int) -> int:
	if depth <= 1:
		return 1
	if depth <= 3:
		return 2
	return 3


static func sorted_copy(cells: Array[Vector2i]) -> Array[Vector2i]:
	var out: Array[Vector2i] = cells.duplicate()
	out.sort()
	return out


## Breadth-first step counts from `start` over walkable cells, keyed by position.
static func bfs(g: Grid, start: Vector2i) -> Dictionary:
	var dist := {start: 0}
	var queue: Array[Vector2i] = [start]
	var head := 0
	while head < queue.size():
		var p := queue[head]
		head += 1
		for d in DIRS:
			var n := p + d
			if g.walkable(n) and not dist.has(n):
				dist[n] = dist[p] + 1
				queue.append(n)
	return dist


static func count_zones(g: Grid) -> int:
	var seen := {}
	var zones := 0
	for x in g.width:
		for y in g.height:
			var p := Vector2i(x, y)
			if g.walkable(p) and not seen.has(p):
				zones += 1
				seen.merge(bfs(g, p))
	return zones


static func check_shape(l: StoreyLayout) -> String:
	if l.width < 16 or l.width > 28 or l.height < 10 or l.height > 20:
		return "size %d x %d outside 16..28 x 10..20" % [l.width, l.height]
	var cells := l.cells
	if cells.size() != l.width:
		return "cells has %d columns, width is %d" % [cells.size(), l.width]
	for x in l.width:
		var column := cells[x]
		if column.size() != l.height:
			return "cells[%d] has %d cells, height is %d" % [x, column.size(), l.height]
		for y in l.height:
			if column[y] > STAIRCASE:
				return "cells[%d][%d] = %d" % [x, y, column[y]]
	return ""


## Expected grid size from Pass 1 (base 18 x 11, +2w +1h per depth, +2w +2h per
## level, -2w -1h unless UNDERGROUND, clamped to 16..28 x 10..20).
static func check_dimensions(l: StoreyLayout) -> String:
	var w := 18 + 2 * (l.storey_depth - 1) + 2 * (l.outpost_level - 1)
	var h := 11 + (l.storey_depth - 1) + 2 * (l.outpost_level - 1)
	if l.storey_type != StoreyLayout.StoreyType.UNDERGROUND:
		w -= 2
		h -= 1
	w = clampi(w, 16, 28)
	h = clampi(h, 10, 20)
	if l.width != w or l.height != h:
		return "size %d x %d, expected %d x %d" % [l.width, l.height, w, h]
	return ""


static func check_lists_and_counts(l: StoreyLayout, g: Grid) -> String:
	var found := {
		ENTRY: [] as Array[Vector2i],
		BEACON: [] as Array[Vector2i],
		SHAFT: [] as Array[Vector2i],
		STAIRCASE: [] as Array[Vector2i]
	}
	for x in g.width:
		for y in g.height:
			var t := g.at(Vector2i(x, y))
			if found.has(t):
				found[t].append(Vector2i(x, y))
	var stair: Array[Vector2i] = [l.staircase_cell]
	var lists := {
		ENTRY: l.entry_cells, BEACON: l.beacon_cells, SHAFT: l.shaft_cells, STAIRCASE: stair
	}
	for t: int in lists:
		var in_grid: Array[Vector2i] = found[t]
		if sorted_copy(in_grid) != sorted_copy(lists[t]):
			return "type %d: grid has %s, list has %s" % [t, in_grid, lists[t]]
	var want := special_count(l.storey_depth)
	if l.entry_cells.size() != want:
		return "%d entries at depth %d, want %d" % [l.entry_cells.size(), l.storey_depth, want]
	if l.beacon_cells.size() != want:
		return "%d beacons at depth %d, want %d" % [l.beacon_cells.size(), l.storey_depth, want]
	if l.shaft_cells.size() != 2:
		return "%d shafts, want 2" % l.shaft_cells.size()
	if found[STAIRCASE].size() != 1:
		return "%d staircase cells, want 1" % found[STAIRCASE].size()
	var specials := {}
	for p in l.entry_cells + l.beacon_cells + l.shaft_cells + stair:
		if specials.has(p):
			return "special cell %s listed twice" % p
		specials[p] = true
	if l.beacon_cells.is_empty() or l.primary_beacon != l.beacon_cells[0]:
		return "primary_beacon %s is not beacon_cells[0]" % l.primary_beacon
	return ""


static func check_entries(l: StoreyLayout, g: Grid) -> String:
	for e in l.entry_cells:
		var outside := false
		var inside := false
		for d in DIRS:
			if g.at(e + d) == OOB:
				outside = true
			elif g.walkable(e + d):
				inside = true
		if not outside or not inside:
			return "entry %s: outside %s, floor inside %s" % [e, outside, inside]
	return ""


static func check_sealed(g: Grid) -> String:
	for x in g.width:
		for y in g.height:
			var p := Vector2i(x, y)
			if not g.walkable(p) or g.at(p) == ENTRY:
				continue
			for d in DIRS:
				if g.at(p + d) == OOB:
					return "walkable %s touches the outside at %s" % [p, p + d]
	return ""


static func _pairs(
	a: Array[Vector2i], b: Array[Vector2i], minimum: int, what: String, same: bool
) -> String:
	for i in a.size():
		var start := i + 1 if same else 0
		for j in range(start, b.size()):
			if manhattan(a[i], b[j]) < minimum:
				return (
					"%s %s and %s are %d apart (< %d)"
					% [what, a[i], b[j], manhattan(a[i], b[j]), minimum]
				)
	return ""


static func check_separations(l: StoreyLayout) -> String:
	var stair: Array[Vector2i] = [l.staircase_cell]
	for msg in [
		_pairs(l.entry_cells, l.entry_cells, 5, "entries", true),
		_pairs(l.entry_cells, l.beacon_cells, 6, "entry/beacon", false),
		_pairs(l.entry_cells, stair, 4, "entry/staircase", false),
		_pairs(l.beacon_cells, l.beacon_cells, 5, "beacons", true),
		_pairs(l.shaft_cells, l.shaft_cells, 4, "shafts", true),
	]:
		if msg != "":
			return msg
	return ""


static func check_shafts(l: StoreyLayout, g: Grid) -> String:
	for s in l.shaft_cells:
		var touches := false
		for d in DIRS:
			touches = touches or g.at(s + d) == WALL
		if not touches:
			return "shaft %s touches no wall" % s
	return ""


## Dead end (one walkable neighbour) or corner (blocked on a vertical side and on a
## horizontal side); every dead end is also a corner.
static func is_dead_end_or_corner(g: Grid, p: Vector2i) -> bool:
	var n := not g.walkable(p + Vector2i(0, -1))
	var s := not g.walkable(p + Vector2i(0, 1))
	var e := not g.walkable(p + Vector2i(1, 0))
	var w := not g.walkable(p + Vector2i(-1, 0))
	return (n or s) and (e or w)


static func check_primary_beacon(l: StoreyLayout, g: Grid) -> String:
	if is_dead_end_or_corner(g, l.primary_beacon):
		return ""
	for x in g.width:
		for y in g.height:
			if g.walkable(Vector2i(x, y)) and is_dead_end_or_corner(g, Vector2i(x, y)):
				return (
					"primary beacon %s is no dead end/corner but %s is"
					% [l.primary_beacon, Vector2i(x, y)]
				)
	return ""


static func check_one_zone(l: StoreyLayout, g: Grid) -> String:
	var zones := count_zones(g)
	if zones != 1 or l.open_zone_count != 1:
		return "%d zones, open_zone_count %d" % [zones, l.open_zone_count]
	return ""


static func check_paths(l: StoreyLayout, g: Grid) -> String:
	if l.enemy_paths.size() != l.entry_cells.size():
		return "%d paths for %d entries" % [l.enemy_paths.size(), l.entry_cells.size()]
	if l.enemy_path != l.enemy_paths[0]:
		return "enemy_path is not enemy_paths[0]"
	var dist := bfs(g, l.primary_beacon)
	for i in l.entry_cells.size():
		var path: Array = l.enemy_paths[i]
		var e := l.entry_cells[i]
		if path.is_empty() or path[0] != e or path[-1] != l.primary_beacon:
			return "path %d does not run %s -> %s" % [i, e, l.primary_beacon]
		for k in range(1, path.size()):
			if manhattan(path[k - 1], path[k]) != 1 or not g.walkable(path[k]):
				return "path %d steps %s -> %s" % [i, path[k - 1], path[k]]
		if not dist.has(e) or path.size() != dist[e] + 1:
			return "path %d has %d cells, shortest is %s" % [i, path.size(), dist.get(e)]
	return ""


static func check_upper_floor(l: StoreyLayout, g: Grid) -> String:
	if l.storey_type != StoreyLayout.StoreyType.UPPER_FLOOR:
		return ""
	for x in g.width:
		for y in g.height:
			if g.at(Vector2i(x, y)) == OOB:
				return "UPPER_FLOOR has OUT_OF_BOUNDS at %s" % Vector2i(x, y)
	return ""


## Every rule; returns the failures as "rule: message" lines (empty when all hold).
static func check_all(l: StoreyLayout) -> PackedStringArray:
	var out := PackedStringArray()
	var shape := check_shape(l)
	if shape != "":
		out.append("shape: " + shape)
		return out
	var g := Grid.new(l)
	var checks := {
		"dimensions": check_dimensions(l),
		"lists_and_counts": check_lists_and_counts(l, g),
		"entry_opening": check_entries(l, g),
		"sealed_outline": check_sealed(g),
		"separation": check_separations(l),
		"shaft_on_wall": check_shafts(l, g),
		"primary_beacon_shape": check_primary_beacon(l, g),
		"one_open_zone": check_one_zone(l, g),
		"enemy_paths": check_paths(l, g),
		"upper_floor_filled": check_upper_floor(l, g),
	}
	for name: String in checks:
		if checks[name] != "":
			out.append("%s: %s" % [name, checks[name]])
	return out


## Godot's own AStarGrid2D over the layout: 4-directional, Manhattan, walls solid.
static func make_astar(l: StoreyLayout) -> AStarGrid2D:
	var astar := AStarGrid2D.new()
	astar.region = Rect2i(0, 0, l.width, l.height)
	astar.cell_size = Vector2(1, 1)
	astar.diagonal_mode = AStarGrid2D.DIAGONAL_MODE_NEVER
	astar.default_compute_heuristic = AStarGrid2D.HEURISTIC_MANHATTAN
	astar.default_estimate_heuristic = AStarGrid2D.HEURISTIC_MANHATTAN
	astar.update()
	var g := Grid.new(l)
	for x in g.width:
		for y in g.height:
			if not g.walkable(Vector2i(x, y)):
				astar.set_point_solid(Vector2i(x, y), true)
	return astar
