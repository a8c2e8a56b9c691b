extends "res://tests/suite.gd"
## StoreyNavigator from GDScript: its distance fields and tower legality equal a plain
## GDScript breadth-first search on generated layouts, next_step walks down a field, and
## bad input is refused with an error and no change.

const UNREACHABLE := -1
const SPECIAL: Array[int] = [
	StoreyLayout.CellType.ENTRY,
	StoreyLayout.CellType.BEACON,
	StoreyLayout.CellType.SHAFT,
	StoreyLayout.CellType.STAIRCASE,
	StoreyLayout.CellType.ENTRANCE,
]
## The game's two tower reaches (data/outpost/outpost_rules.tres).
const LOW := {"range": 2.5, "needs_line_of_sight": true}
const HIGH := {"range": 4.5, "needs_line_of_sight": false}


## Steps from the nearest of `sources` over walkable cells not in `blocked` (-1 where
## unreachable), indexed x * height + y: the oracle, written cell by cell.
func bfs(l: StoreyLayout, sources: Array, blocked: Dictionary) -> PackedInt32Array:
	var open := walkable_cells(l)
	for c: Vector2i in blocked:
		if l.in_bounds(c):
			open[c.x * l.height + c.y] = 0
	return bfs_on(open, l.width, l.height, sources)


## 1 for each cell `l.is_walkable`, indexed x * height + y (asked once per cell, so that
## the oracle's many searches read an array, not the layout).
func walkable_cells(l: StoreyLayout) -> PackedByteArray:
	var open := PackedByteArray()
	open.resize(l.width * l.height)
	for x in l.width:
		for y in l.height:
			open[x * l.height + y] = 1 if l.is_walkable(Vector2i(x, y)) else 0
	return open


## The search itself, over the cells marked 1 in `open` (a `width` x `height` grid).
func bfs_on(open: PackedByteArray, width: int, height: int, sources: Array) -> PackedInt32Array:
	var dist := PackedInt32Array()
	dist.resize(width * height)
	dist.fill(UNREACHABLE)
	var queue: Array[Vector2i] = []
	for s: Vector2i in sources:
		var i := s.x * height + s.y
		if s.x >= 0 and s.x < width and s.y >= 0 and s.y < height and open[i] == 1 and dist[i] < 0:
			dist[i] = 0
			queue.append(s)
	var head := 0
	while head < queue.size():
		var p := queue[head]
		head += 1
		var next_step := dist[p.x * height + p.y] + 1
		for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
			var n := p + d
			if n.x < 0 or n.x >= width or n.y < 0 or n.y >= height:
				continue
			var i := n.x * height + n.y
			if open[i] == 1 and dist[i] < 0:
				dist[i] = next_step
				queue.append(n)
	return dist


## The first WALL cell, column by column.
func first_wall(l: StoreyLayout) -> Vector2i:
	return l.get_cells_of_type(StoreyLayout.CellType.WALL)[0]


## The cells that must stay connected: ENTRY, BEACON, SHAFT and STAIRCASE.
func required_cells(l: StoreyLayout) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for x in l.width:
		for y in l.height:
			if l.get_cell(Vector2i(x, y)) in SPECIAL:
				out.append(Vector2i(x, y))
	return out


## The legality mask, one flood fill per EMPTY candidate.
func oracle_mask(l: StoreyLayout, towers: Array[Vector2i]) -> PackedByteArray:
	var required := required_cells(l)
	var open := walkable_cells(l)
	for t in towers:
		open[t.x * l.height + t.y] = 0
	var mask := PackedByteArray()
	mask.resize(l.width * l.height)
	for x in l.width:
		for y in l.height:
			var c := Vector2i(x, y)
			if l.get_cell(c) != StoreyLayout.CellType.EMPTY or towers.has(c):
				continue
			open[x * l.height + y] = 0
			var dist := bfs_on(open, l.width, l.height, [required[0]])
			open[x * l.height + y] = 1
			var joined := true
			for r in required:
				joined = joined and dist[r.x * l.height + r.y] >= 0
			mask[x * l.height + y] = 1 if joined else 0
	return mask


func test_fields_and_legality_equal_a_gdscript_bfs_on_72_layouts() -> bool:
	var rng := RandomNumberGenerator.new()
	rng.seed = 15
	var layouts := sample_layouts(1)
	for l in layouts:
		var nav := StoreyNavigator.create(l)
		var towers: Array[Vector2i] = []
		for round in 2:
			var blocked := {}
			for t in towers:
				blocked[t] = true
			var sources: Array = [l.entry_cells[0], l.staircase_cell]
			expect_eq(
				nav.distance_field(sources),
				bfs(l, sources, blocked),
				"field of seed %d with %d towers" % [l.seed_value, towers.size()]
			)
			expect_eq(
				nav.placement_mask(),
				oracle_mask(l, towers),
				"legality of seed %d with towers %s" % [l.seed_value, towers]
			)
			for k in 4:
				var legal: Array[Vector2i] = []
				var mask := nav.placement_mask()
				for i in mask.size():
					if mask[i] == 1:
						legal.append(Vector2i(i / l.height, i % l.height))
				var pick := legal[rng.randi_range(0, legal.size() - 1)]
				expect(nav.can_place_tower(pick), "can_place_tower agrees with the mask")
				expect(nav.place_tower(pick), "place_tower(%s)" % pick)
				towers.append(pick)
		var got := nav.get_towers()
		got.sort()
		towers.sort()
		expect_eq(got, towers, "get_towers of seed %d" % l.seed_value)
	expect(layouts.size() >= 50, "checked %d layouts" % layouts.size())
	return ok()


func test_next_step_walks_down_the_field_to_a_source_north_east_south_west_first() -> bool:
	for l in sample_layouts(1).slice(0, 24):
		var nav := StoreyNavigator.create(l)
		var field := nav.distance_field(l.beacon_cells)
		for entry in l.entry_cells:
			var at: Vector2i = entry
			var steps := 0
			while field[at.x * l.height + at.y] > 0 and steps < 1000:
				var d := field[at.x * l.height + at.y]
				var want := Vector2i(-1, -1)
				for dir: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
					var n := at + dir
					if l.in_bounds(n) and field[n.x * l.height + n.y] == d - 1:
						want = n
						break
				var step := nav.next_step(field, at)
				expect_eq(step, want, "seed %d step from %s" % [l.seed_value, at])
				at = step
				steps += 1
			expect(
				l.beacon_cells.has(at), "seed %d: reached a beacon from %s" % [l.seed_value, entry]
			)
			expect_eq(nav.next_step(field, at), at, "at a source the step is the cell itself")
	return ok()


func test_an_unreachable_cell_has_no_step() -> bool:
	var l := StoreyGenerator.generate(3, 2, 2)
	var nav := StoreyNavigator.create(l)
	var wall := first_wall(l)
	var field := nav.distance_field([l.primary_beacon])
	expect_eq(field[wall.x * l.height + wall.y], UNREACHABLE, "a wall is unreachable")
	expect_eq(nav.next_step(field, wall), Vector2i(-1, -1), "no step from a wall")
	return ok()


func test_towers_refuse_illegal_cells_with_their_reason() -> bool:
	var l := StoreyGenerator.generate(44, 3, 2)
	var nav := StoreyNavigator.create(l)
	expect_eq(nav.get_tower_refusal(l.primary_beacon), "not an EMPTY cell (BEACON)", "beacon")
	expect_eq(nav.get_tower_refusal(Vector2i(-3, 0)), "off the grid", "off the grid")
	var mask := nav.placement_mask()
	var sealing := Vector2i(-1, -1)
	var legal := Vector2i(-1, -1)
	for i in mask.size():
		var c := Vector2i(i / l.height, i % l.height)
		if l.get_cell(c) == StoreyLayout.CellType.EMPTY:
			if mask[i] == 0 and sealing.x < 0:
				sealing = c
			elif mask[i] == 1 and legal.x < 0:
				legal = c
	expect(sealing.x >= 0, "some EMPTY cell seals a path")
	expect_eq(nav.get_tower_refusal(sealing), "would seal a path", "sealing cell")
	expect(not nav.place_tower(sealing), "a sealing tower is refused")
	expect_eq(nav.get_towers().size(), 0, "nothing placed")
	expect_eq(nav.get_tower_refusal(legal), "", "a legal cell has no refusal")
	expect(nav.place_tower(legal), "a legal tower goes up")
	expect_eq(nav.get_tower_refusal(legal), "a tower stands there", "a tower cell")
	expect(nav.remove_tower(legal) and not nav.remove_tower(legal), "removed once")
	return ok()


func test_required_cells_stay_connected() -> bool:
	var l := StoreyGenerator.generate(45, 4, 3)
	var nav := StoreyNavigator.create(l)
	var before := nav.placement_mask()
	# Require every EMPTY cell: then no tower may stand anywhere.
	var all_empty: Array = []
	for i in before.size():
		var c := Vector2i(i / l.height, i % l.height)
		if l.get_cell(c) == StoreyLayout.CellType.EMPTY:
			all_empty.append(c)
	expect(nav.set_required_cells(all_empty), "set_required_cells")
	expect_eq(nav.get_required_cells().size(), all_empty.size(), "get_required_cells")
	expect(not nav.placement_mask().has(1), "nothing legal once every EMPTY cell is required")
	expect_eq(nav.get_tower_refusal(all_empty[0]), "a required cell", "refusal")
	expect(nav.set_required_cells([]), "cleared")
	expect_eq(nav.placement_mask(), before, "the mask is back")
	return ok()


func test_bad_input_is_refused_with_an_error_and_changes_nothing() -> bool:
	expect_error(r"StoreyNavigator.create: layout is null")
	expect_error(r"StoreyNavigator.create: invalid layout: cells")
	expect_error(r"distance_field: sources\[1\] = hello is not a Vector2i")
	expect_error(r"distance_field: sources\[0\] = \(99, 2\) is off the \d+ x \d+ grid")
	expect_error(r"next_step: field has 3 values; this storey has \d+ cells")
	expect_error(r"next_step: cell \(-1, 0\) is off the")
	expect_error(r"set_required_cells: cells\[0\] = 7 is not a Vector2i")
	expect_error(r"set_required_cells: required cell \(\d+, \d+\) is not walkable")
	expect(StoreyNavigator.create(null) == null, "null layout")
	var broken := StoreyGenerator.generate(5, 1, 1)
	broken.cells = []
	expect(StoreyNavigator.create(broken) == null, "malformed layout")
	var l := StoreyGenerator.generate(6, 2, 2)
	var nav := StoreyNavigator.create(l)
	expect(nav.distance_field([l.primary_beacon, "hello"]).is_empty(), "not a Vector2i")
	expect(nav.distance_field([Vector2i(99, 2)]).is_empty(), "off the grid")
	var field := PackedInt32Array([0, 1, 2])
	expect_eq(nav.next_step(field, l.primary_beacon), Vector2i(-1, -1), "wrong field size")
	var good := nav.distance_field([l.primary_beacon])
	expect_eq(nav.next_step(good, Vector2i(-1, 0)), Vector2i(-1, -1), "cell off the grid")
	var wall := first_wall(l)
	expect(nav.set_required_cells([l.primary_beacon]), "a good required cell")
	expect(not nav.set_required_cells([7]), "not a Vector2i")
	expect(not nav.set_required_cells([wall]), "a wall")
	expect_eq(nav.get_required_cells(), [l.primary_beacon] as Array[Vector2i], "unchanged")
	return ok()


## The EMPTY cells in or next to the cells of `zone`.
func tower_spots(l: StoreyLayout, zone: Array[Vector2i]) -> Array[Vector2i]:
	var spots: Array[Vector2i] = []
	for c in zone:
		for d: Vector2i in [
			Vector2i.ZERO, Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT
		]:
			var p := c + d
			if l.get_cell(p) == StoreyLayout.CellType.EMPTY and not spots.has(p):
				spots.append(p)
	return spots


## Whether one tower of `tier` on some spot covers every cell of `zone`.
func one_tower_covers(
	nav: StoreyNavigator, spots: Array[Vector2i], zone: Array[Vector2i], tier: Dictionary
) -> bool:
	for t in spots:
		var all := true
		for c in zone:
			if not nav.tower_covers(t, c, tier["range"], tier["needs_line_of_sight"]):
				all = false
				break
		if all:
			return true
	return false


func test_zones_tile_the_walkable_cells_and_the_advice_is_the_lowest_tier_that_covers() -> bool:
	var tiers: Array = [LOW, HIGH]
	var answers := {}
	for l in sample_layouts(1).slice(0, 72, 4):
		var nav := StoreyNavigator.create(l)
		var zones := nav.get_room_zones()
		var cells: Array = []
		for r in l.rooms.size():
			cells.append([] as Array[Vector2i])
		for i in zones.size():
			var c := Vector2i(i / l.height, i % l.height)
			expect_eq(zones[i] >= 0, l.is_walkable(c), "seed %d: zone of %s" % [l.seed_value, c])
			if zones[i] >= 0:
				(cells[zones[i]] as Array[Vector2i]).append(c)
		var advice := nav.recommend_tower_tiers(tiers)
		expect_eq(advice.size(), l.rooms.size(), "one answer per room")
		for r in advice.size():
			var zone: Array[Vector2i] = cells[r]
			var spots := tower_spots(l, zone)
			answers[advice[r]] = true
			for k in tiers.size():
				var covered := one_tower_covers(nav, spots, zone, tiers[k])
				var want := advice[r] >= 0 and k >= advice[r]
				if k == advice[r] or (k < advice[r] or advice[r] < 0):
					expect_eq(covered, want, "seed %d room %d tier %d" % [l.seed_value, r, k])
	expect(answers.has(0) and answers.has(1), "both tiers advised somewhere: %s" % answers)
	return ok()


func test_line_of_sight_and_tower_reach() -> bool:
	var l := StoreyGenerator.generate(46, 3, 2)
	var nav := StoreyNavigator.create(l)
	var wall := first_wall(l)
	expect(not nav.has_line_of_sight(wall, l.primary_beacon), "from a wall")
	expect(nav.has_line_of_sight(l.primary_beacon, l.primary_beacon), "a cell sees itself")
	for n: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		var c := l.primary_beacon + n
		expect_eq(
			nav.has_line_of_sight(l.primary_beacon, c),
			l.get_cell(c) != StoreyLayout.CellType.WALL,
			"neighbour %s" % c
		)
	var far := l.primary_beacon + Vector2i(3, 0)
	expect(not nav.tower_covers(l.primary_beacon, far, 2.9, false), "out of range")
	expect(nav.tower_covers(l.primary_beacon, far, 3.0, false), "in range over walls")
	return ok()


func test_tower_reach_and_advice_refuse_bad_tiers() -> bool:
	expect_error(r"tower_covers: range NaN must be a number of cells")
	expect_error(r"recommend_tower_tiers: tiers\[1\] = hello is not a Dictionary")
	expect_error(r"recommend_tower_tiers: tiers\[0\]: range -2 must be a number")
	expect_error(r'recommend_tower_tiers: tiers\[0\] = \{ "range": 2.0 \} is not a Dictionary with')
	var l := StoreyGenerator.generate(47, 3, 2)
	var nav := StoreyNavigator.create(l)
	expect(not nav.tower_covers(l.primary_beacon, l.primary_beacon, NAN, true), "NaN range")
	expect(nav.recommend_tower_tiers([LOW, "hello"]).is_empty(), "not a Dictionary")
	expect(
		nav.recommend_tower_tiers([{"range": -2.0, "needs_line_of_sight": true}]).is_empty(),
		"negative"
	)
	expect(nav.recommend_tower_tiers([{"range": 2.0}]).is_empty(), "no line-of-sight key")
	return ok()
