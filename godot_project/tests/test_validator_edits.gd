extends "res://tests/suite.gd"
## StoreyValidator.validate() sees what a script changed: each test breaks one rule by
## editing a generated layout's properties from GDScript, as a tool or a hand-edited
## .tres would, and asserts that validate() names that rule.
##
## The rules are written once, in the core's validator; the Rust suites check it over
## 100,800 layouts against an independent checker (tests/rules.rs, tests/common) and
## break layouts for every rule. What only these tests catch: an edit made through the
## Godot API that never reaches the layout validate() checks. A generated layout keeps
## the core layout it came from and converts cells, paths and rooms on their first read;
## an in-place edit of an array a getter returned, or a setter, must retire that copy.

const EMPTY := StoreyLayout.CellType.EMPTY
const WALL := StoreyLayout.CellType.WALL
const OOB := StoreyLayout.CellType.OUT_OF_BOUNDS
const DIRS: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]


func layout(depth: int, storey_type: int = 0) -> StoreyLayout:
	var l := StoreyGenerator.generate(4321 + depth, depth, 3, Vector2i(-1, -1), storey_type)
	var report := StoreyValidator.validate(l)
	expect(report.ok, "the unbroken layout passes: %s" % report)
	return l


static func manhattan(a: Vector2i, b: Vector2i) -> int:
	return absi(a.x - b.x) + absi(a.y - b.y)


func set_cell(l: StoreyLayout, cell: Vector2i, cell_type: int) -> void:
	var column: PackedByteArray = l.cells[cell.x]
	column[cell.y] = cell_type
	l.cells[cell.x] = column


## Moves the special cell at `from` to `to` in the grid, leaving `left_behind` there.
func move_cell(l: StoreyLayout, from: Vector2i, to: Vector2i, left_behind: int) -> void:
	set_cell(l, to, l.get_cell(from))
	set_cell(l, from, left_behind)


## An EMPTY cell whose four neighbours are EMPTY too, as far as possible from `away`.
func open_cell(l: StoreyLayout, away: Vector2i) -> Vector2i:
	var best := Vector2i(-1, -1)
	for cell in l.get_cells_of_type(EMPTY):
		var open := true
		for d in DIRS:
			open = open and l.get_cell(cell + d) == EMPTY
		if open and (best.x < 0 or manhattan(cell, away) > manhattan(best, away)):
			best = cell
	expect(best.x >= 0, "the layout has an open cell")
	return best


## Expects validate() to reject `l` naming `rule` ("" for data that is no layout at all).
func expect_caught(l: StoreyLayout, rule: String) -> bool:
	var report := StoreyValidator.validate(l)
	expect(not report.ok and report.rule == rule, "want %s, validate() said %s" % [rule, report])
	return ok()


func test_a_ragged_grid_is_no_layout() -> bool:
	var l := layout(2)
	l.cells[3] = l.cells[3].slice(1)
	expect_caught(l, "")
	var report := StoreyValidator.validate(l)
	expect(report.message.begins_with("invalid layout data"), report.message)
	return ok()


func test_a_depth_the_counts_do_not_fit_breaks_the_counts() -> bool:
	var l := layout(2)
	l.storey_depth = 6
	return expect_caught(l, "counts")


func test_a_reordered_beacon_list_breaks_the_primary_beacon() -> bool:
	var l := layout(4)
	expect_eq(l.beacon_cells.size(), 3, "depth 4 has three beacons")
	l.beacon_cells.reverse()
	return expect_caught(l, "primary_beacon")


func test_a_missing_shaft_breaks_the_counts() -> bool:
	var l := layout(3)
	set_cell(l, l.shaft_cells[1], EMPTY)
	l.shaft_cells.remove_at(1)
	return expect_caught(l, "counts")


func test_a_cell_no_list_names_breaks_the_lists() -> bool:
	var l := layout(3)
	set_cell(l, open_cell(l, l.entry_cells[0]), StoreyLayout.CellType.SHAFT)
	return expect_caught(l, "lists_match_grid")


func test_an_entry_inside_the_storey_breaks_the_entry_opening() -> bool:
	var l := layout(2)
	var inside := open_cell(l, l.entry_cells[0])
	move_cell(l, l.entry_cells[0], inside, WALL)
	l.entry_cells[0] = inside
	return expect_caught(l, "entry_opening")


func test_floor_on_the_outer_ring_breaks_the_seal() -> bool:
	var l := layout(2, StoreyLayout.StoreyType.UPPER_FLOOR)
	for y in range(1, l.height - 1):
		if l.get_cell(Vector2i(0, y)) == WALL and l.get_cell(Vector2i(1, y)) == EMPTY:
			set_cell(l, Vector2i(0, y), EMPTY)
			return expect_caught(l, "sealed_outline")
	expect(false, "no ring wall beside the floor")
	return ok()


func test_shafts_too_close_break_the_separation() -> bool:
	var l := layout(3)
	for cell in l.get_cells_of_type(EMPTY):
		if manhattan(cell, l.shaft_cells[0]) < 4:
			move_cell(l, l.shaft_cells[1], cell, EMPTY)
			l.shaft_cells[1] = cell
			return expect_caught(l, "separation")
	expect(false, "no floor near the first shaft")
	return ok()


func test_a_shaft_in_the_open_breaks_the_wall_rule() -> bool:
	var l := layout(5)
	var open := open_cell(l, l.shaft_cells[1])
	move_cell(l, l.shaft_cells[0], open, EMPTY)
	l.shaft_cells[0] = open
	return expect_caught(l, "shaft_on_wall")


func test_a_primary_beacon_in_the_open_breaks_its_shape_rule() -> bool:
	var l := layout(1)
	var open := open_cell(l, l.entry_cells[0])
	move_cell(l, l.primary_beacon, open, EMPTY)
	l.beacon_cells[0] = open
	l.primary_beacon = open
	return expect_caught(l, "beacon_dead_end_or_corner")


func test_a_wrong_zone_count_breaks_the_connection_rule() -> bool:
	var l := layout(2)
	l.open_zone_count = 2
	return expect_caught(l, "connected")


func test_a_path_with_a_gap_breaks_the_enemy_paths() -> bool:
	var l := layout(2)
	var path: Array[Vector2i] = []
	path.assign(l.enemy_paths[0])
	path.remove_at(path.size() / 2)
	l.enemy_paths[0] = path
	l.enemy_path = path
	return expect_caught(l, "enemy_paths")


func test_a_replaced_path_list_breaks_the_enemy_paths() -> bool:
	var l := layout(2)
	l.enemy_paths = [l.enemy_paths[1], l.enemy_paths[0]]
	return expect_caught(l, "enemy_paths")


func test_out_of_bounds_on_an_upper_floor_breaks_the_fill_rule() -> bool:
	var l := layout(2, StoreyLayout.StoreyType.UPPER_FLOOR)
	set_cell(l, Vector2i(0, 0), OOB)
	return expect_caught(l, "upper_floor_filled")


func test_cells_replaced_without_a_read_are_checked() -> bool:
	var l := layout(2, StoreyLayout.StoreyType.UPPER_FLOOR)
	# get_cell() reads the generated layout without converting `cells`: the setter below
	# is the first touch of the property.
	var columns: Array[PackedByteArray] = []
	for x in l.width:
		var column := PackedByteArray()
		for y in l.height:
			column.append(OOB if x == 0 and y == 0 else l.get_cell(Vector2i(x, y)))
		columns.append(column)
	l.cells = columns
	return expect_caught(l, "upper_floor_filled")
