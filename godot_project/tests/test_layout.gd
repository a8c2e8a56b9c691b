extends "res://tests/suite.gd"
## StoreyLayout from GDScript: typed fields and enums, the cell helpers (Vector2i cells),
## cells of a type, cover rectangles and MultiMesh transforms, fields converted on first
## read, .tres round trips and corrupted files.


func test_typed_arrays() -> bool:
	var l := StoreyGenerator.generate(77, 4, 2)
	for field in ["entry_cells", "beacon_cells", "shaft_cells", "enemy_path"]:
		var a: Array = l.get(field)
		expect(
			a.is_typed() and a.get_typed_builtin() == TYPE_VECTOR2I, field + " is Array[Vector2i]"
		)
	expect_eq(l.rooms.get_typed_builtin(), TYPE_RECT2I, "rooms type")
	expect_eq(l.cells.get_typed_builtin(), TYPE_PACKED_BYTE_ARRAY, "cells type")
	expect_eq(l.enemy_paths.size(), l.entry_cells.size(), "one path per entry")
	for p: Array in l.enemy_paths:
		expect_eq(p.get_typed_builtin(), TYPE_VECTOR2I, "enemy_paths element type")
	expect_eq(l.cells.size(), l.width, "cells columns")
	for x in l.width:
		expect_eq(l.cells[x].size(), l.height, "cells[%d] rows" % x)
		for y in l.height:
			if l.cells[x][y] != l.get_cell(Vector2i(x, y)):
				expect(false, "cells[%d][%d] != get_cell" % [x, y])
	# Typed arrays are shared: an untyped Array cannot be assigned, assign() converts.
	var copy := StoreyLayout.new()
	copy.entry_cells.assign([Vector2i(1, 2)])
	expect_eq(
		copy.entry_cells.get_typed_builtin(), TYPE_VECTOR2I, "assigned entry_cells stays typed"
	)
	expect_eq(copy.entry_cells[0], Vector2i(1, 2), "assigned value")
	return ok()


func test_layout_helpers() -> bool:
	var l := StoreyGenerator.generate(
		2024, 5, 4, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
	expect_eq(
		l.get_cell(Vector2i(-1, 0)), StoreyLayout.CellType.OUT_OF_BOUNDS, "get_cell off the grid"
	)
	expect_eq(
		l.get_cell(Vector2i(l.width, 0)), StoreyLayout.CellType.OUT_OF_BOUNDS, "get_cell past width"
	)
	expect(
		(
			not l.in_bounds(Vector2i(l.width, 0))
			and not l.in_bounds(Vector2i(0, -1))
			and l.in_bounds(Vector2i(l.width - 1, l.height - 1))
		),
		"in_bounds"
	)
	expect(l.is_walkable(l.primary_beacon), "beacon walkable")
	expect(not l.is_walkable(Vector2i(-1, -1)), "off grid not walkable")
	expect_eq(l.cell_world_position(Vector2i(3, 4)), Vector3(3, 0, 4), "cell_world_position")
	expect_eq(l.cell_center(Vector2i(3, 4)), Vector3(3.5, 0, 4.5), "cell_center")
	var rows := l.to_ascii().strip_edges().split("\n")
	expect_eq(rows.size(), l.height, "ascii rows")
	var chars := {0: "~", 1: "#", 2: ".", 3: "E", 4: "B", 5: "O", 6: "S"}
	for y in mini(rows.size(), l.height):
		expect_eq(rows[y].length(), l.width, "ascii row %d width" % y)
		for x in mini(rows[y].length(), l.width):
			if rows[y][x] != chars[l.get_cell(Vector2i(x, y))]:
				expect(
					false,
					(
						"ascii (%d, %d) is %s for cell %d"
						% [x, y, rows[y][x], l.get_cell(Vector2i(x, y))]
					)
				)
	expect(l.to_ascii_with_paths().length() == l.to_ascii().length(), "ascii with paths")
	expect(l.is_consistent() and l.get_data_error() == "", "generated layout is consistent")
	var empty := StoreyLayout.new()
	expect_eq(empty.storey_depth, 1, "default depth")
	expect_eq(empty.staircase_cell, Vector2i(-1, -1), "default staircase")
	expect(empty.get_data_error() != "", "a new layout has no grid")
	return ok()


func test_storey_type_property_is_the_enum_with_the_cores_names() -> bool:
	var found := false
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	var entries := PackedStringArray()
	for i in names.size():
		entries.append(
			"%s:%d" % [names[i], ClassDB.class_get_integer_constant(&"StoreyLayout", names[i])]
		)
	for p in StoreyLayout.new().get_property_list():
		if p["name"] == "storey_type":
			found = true
			expect_eq(p["type"], TYPE_INT, "storey_type is an int")
			expect_eq(p["hint"], PROPERTY_HINT_ENUM, "storey_type has an enum hint")
			expect_eq(p["hint_string"], ",".join(entries), "hint lists the registered enum")
			expect_eq(p["class_name"], &"StoreyLayout.StoreyType", "typed as the class enum")
			expect(p["usage"] & PROPERTY_USAGE_CLASS_IS_ENUM != 0, "usage marks an enum")
			expect(p["usage"] & PROPERTY_USAGE_STORAGE != 0, "storey_type is saved")
	expect(found, "storey_type property exists")
	return ok()


func test_tres_round_trip() -> bool:
	var fields := [
		"seed_value",
		"storey_type",
		"storey_depth",
		"outpost_level",
		"width",
		"height",
		"cells",
		"entry_cells",
		"beacon_cells",
		"primary_beacon",
		"shaft_cells",
		"staircase_cell",
		"enemy_path",
		"enemy_paths",
		"open_zone_count",
		"rooms",
		"generation_attempts"
	]
	var i := 0
	for l in [
		StoreyGenerator.generate(-123456789, 6, 4, Vector2i(-1, -1), 2),
		StoreyGenerator.generate(99, 1, 1),
		StoreyGenerator.generate(7, 3, 2, Vector2i(-1, -1), 1)
	]:
		var path := "user://round_trip_%d.tres" % i
		i += 1
		expect_eq(ResourceSaver.save(l, path), OK, "save " + path)
		var back: StoreyLayout = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		if not expect(back != null, "load " + path):
			continue
		expect(back != l, "loaded a new object")
		for f: String in fields:
			expect(
				typeof(back.get(f)) == typeof(l.get(f)) and back.get(f) == l.get(f),
				"%s: field %s differs" % [path, f]
			)
		expect_eq(back.entry_cells.get_typed_builtin(), TYPE_VECTOR2I, "loaded entry_cells typed")
		expect_eq(
			back.enemy_paths[0].get_typed_builtin(), TYPE_VECTOR2I, "loaded enemy_paths[0] typed"
		)
		expect(back.is_equal_to(l), "is_equal_to after round trip")
		expect(StoreyValidator.validate(back).ok, "loaded layout validates")
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()


## Saves a valid layout as text, applies `edit` (a regex substitution) and loads it back.
func _corrupt(l: StoreyLayout, name: String, pattern: String, replacement: String) -> StoreyLayout:
	var path := "user://corrupt_%s.tres" % name
	ResourceSaver.save(l, path)
	var text := FileAccess.get_file_as_string(path)
	var re := RegEx.create_from_string(pattern)
	var edited := re.sub(text, replacement)
	expect(edited != text, "corruption %s changed the file" % name)
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(edited)
	f.close()
	var back: StoreyLayout = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return back


func test_corrupted_tres() -> bool:
	expect_error(r"not consistent: cells\[1\] has \d+ cells but cells\[0\] has \d+")
	expect_error(r"not consistent: cells\[0\]\[1\] = 9")
	expect_error(r"not consistent: storey_type = 7")
	expect_error(r"not consistent: storey_depth = -3")
	expect_error(r"not consistent: .*width x height is 3 x")
	expect_error(r"not consistent: enemy_paths\[0\]\[0\] = x")
	expect_error(r"find_path: invalid layout data: cells\[1\]")
	expect_error(r"count_open_zones: invalid layout data: cells\[1\]")
	expect_error(r"to_ascii: cells\[1\]")
	expect_error(r"corrupt_garbage.tres:5 - Parse Error")
	expect_error(r"(Failed|Error) loading resource: .*corrupt_garbage.tres")
	var l := StoreyGenerator.generate(4242, 2, 2)
	var cases := {
		# name: [pattern, replacement, text the error must contain]
		"short_column":
		[r"PackedByteArray\((\d+), ", "PackedByteArray(", "but cells[0] has %d" % (l.height - 1)],
		"bad_value":
		[r"PackedByteArray\((\d+), (\d+), ", "PackedByteArray($1, 9, ", "cells[0][1] = 9"],
		"bad_storey_type":
		[r"storey_depth = ", "storey_type = 7\nstorey_depth = ", "storey_type = 7"],
		"bad_depth": [r"storey_depth = \d+", "storey_depth = -3", "storey_depth = -3"],
		"width_mismatch": [r"width = \d+", "width = 3", "width x height is 3 x"],
		"bad_path":
		[
			r"enemy_paths = \[Array\[Vector2i\]\(\[[^\]]*\]\)",
			'enemy_paths = [["x", Vector2i(1, 1)]',
			"enemy_paths[0][0] = x"
		],
	}
	for name: String in cases:
		var c: Array = cases[name]
		var back := _corrupt(l, name, c[0], c[1])
		if not expect(back != null, name + ": the file still loads"):
			continue
		var error := back.get_data_error()
		expect(error.contains(c[2]), "%s: error %s should contain %s" % [name, error, c[2]])
		expect(not back.is_consistent(), name + ": is_consistent() is false")
		var report := StoreyValidator.validate(back)
		expect(report.ok == false and str(report.message) != "", "%s: validate %s" % [name, report])
	# Grid-level corruption: the searches refuse with an error instead of crashing.
	var ragged := _corrupt(l, "ragged", r"PackedByteArray\((\d+), ", "PackedByteArray(")
	expect(
		StoreyValidator.find_path(ragged, l.entry_cells[0], l.primary_beacon).is_empty(),
		"find_path on a ragged grid"
	)
	expect_eq(StoreyValidator.count_open_zones(ragged), -1, "count_open_zones on a ragged grid")
	expect_eq(ragged.to_ascii(), "", "to_ascii on a ragged grid")
	# A rule-level edit (valid data, broken rule) is named by the validator.
	var moved := _corrupt(
		l,
		"moved_beacon",
		r"primary_beacon = Vector2i\(\d+, \d+\)",
		"primary_beacon = Vector2i(0, 0)"
	)
	var report := StoreyValidator.validate(moved)
	expect(
		report.ok == false and report.rule == "primary_beacon",
		"moved primary beacon: %s" % [report]
	)
	# Not a resource at all: the loader fails, nothing crashes.
	var garbage_path := "user://corrupt_garbage.tres"
	var f := FileAccess.open(garbage_path, FileAccess.WRITE)
	var header := '[gd_resource type="StoreyLayout" format=3]\n\n[resource]\n'
	f.store_string(header + "cells = Array[PackedByteArray]([PackedByteArray(1, 2\n")
	f.close()
	var garbage := ResourceLoader.load(garbage_path, "", ResourceLoader.CACHE_MODE_IGNORE)
	expect(
		(
			garbage == null
			or (garbage is StoreyLayout and (garbage as StoreyLayout).get_data_error() != "")
		),
		"garbage file gives null or an inconsistent layout"
	)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(garbage_path))
	return ok()


func test_cells_of_type_list_exactly_the_grid_cells_of_that_type() -> bool:
	for l in sample_layouts(1):
		var cells := l.cells
		for t in range(StoreyLayout.CellType.OUT_OF_BOUNDS, StoreyLayout.CellType.STAIRCASE + 1):
			var want: Array[Vector2i] = []
			for x in l.width:
				for y in l.height:
					if cells[x][y] == t:
						want.append(Vector2i(x, y))
			expect_eq(l.get_cells_of_type(t), want, "cells of type %d" % t)
	return ok()


func test_path_cells_are_the_overlay_minus_entry_beacon_shaft_and_staircase() -> bool:
	var shafts_on_paths := 0
	for l in sample_layouts(1):
		var want: Array[Vector2i] = []
		for path: Array in l.enemy_paths:
			for cell: Vector2i in path:
				var t := l.get_cell(cell)
				shafts_on_paths += int(t == StoreyLayout.CellType.SHAFT)
				if not want.has(cell) and t not in [3, 4, 5, 6]:
					want.append(cell)
		want.sort()
		var got := l.get_cells_of_type(StoreyLayout.CellType.PATH)
		expect_eq(got, want, "PATH overlay cells (seed %d)" % l.seed_value)
	expect(shafts_on_paths > 0, "some paths cross a shaft, so the SHAFT rule is exercised")
	return ok()


func test_cover_rects_hold_each_cell_of_the_type_once() -> bool:
	expect_error(r"get_cover_rects: cells is 0 x 0")
	expect_error(r"get_cells_of_type: cell_type = 9 is not")
	for l in sample_layouts(1):
		for t in [StoreyLayout.CellType.WALL, StoreyLayout.CellType.OUT_OF_BOUNDS]:
			var hits := {}
			for r in l.get_cover_rects(t):
				for x in range(r.position.x, r.end.x):
					for y in range(r.position.y, r.end.y):
						hits[Vector2i(x, y)] = int(hits.get(Vector2i(x, y), 0)) + 1
			for x in l.width:
				for y in l.height:
					var c := Vector2i(x, y)
					var want := 1 if l.get_cell(c) == t else 0
					if int(hits.get(c, 0)) != want:
						expect(false, "type %d: %s covered %d times" % [t, c, hits.get(c, 0)])
	expect(StoreyLayout.new().get_cover_rects(1).is_empty(), "no rectangles without a grid")
	expect(
		StoreyGenerator.generate(1, 1, 1).get_cells_of_type(9).is_empty(),
		"no cells of an unknown type"
	)
	return ok()


func test_cell_transforms_put_an_unscaled_instance_on_each_cell_of_the_type() -> bool:
	var offset := Vector3(0.25, 1.0, -0.5)
	for l: StoreyLayout in sample_layouts(1).slice(0, 72, 5):
		for t in range(StoreyLayout.CellType.OUT_OF_BOUNDS, StoreyLayout.CellType.PATH + 1):
			var cells := l.get_cells_of_type(t)
			var buffer := l.get_cell_transforms(t, offset)
			if not expect_eq(buffer.size(), cells.size() * 12, "floats for type %d" % t):
				continue
			for i in cells.size():
				var want := l.cell_center(cells[i]) + offset
				var got := buffer.slice(i * 12, i * 12 + 12)
				var expected := PackedFloat32Array(
					[1, 0, 0, want.x, 0, 1, 0, want.y, 0, 0, 1, want.z]
				)
				if got != expected:
					expect(false, "type %d instance %d: %s, want %s" % [t, i, got, expected])
	return ok()


func test_generated_fields_converted_on_first_read_still_show_every_change() -> bool:
	# cells, enemy_path, enemy_paths and rooms come from the generated layout until first
	# read: a change made through them must reach every method.
	var l := StoreyGenerator.generate(606, 3, 2)
	var wall := StoreyLayout.CellType.WALL
	var cell := l.entry_cells[0]
	l.cells[cell.x][cell.y] = wall
	expect_eq(l.get_cell(cell), wall, "get_cell sees an edit through cells")
	expect(l.to_ascii().split("\n")[cell.y][cell.x] == "#", "to_ascii sees it")
	expect(not StoreyValidator.validate(l).ok, "validate sees it")
	var rooms := StoreyGenerator.generate(606, 3, 2)
	rooms.rooms = [] as Array[Rect2i]
	expect(not rooms.is_equal_to(StoreyGenerator.generate(606, 3, 2)), "is_equal_to sees rooms")
	var paths := StoreyGenerator.generate(606, 3, 2)
	var overlay_before := paths.get_cells_of_type(StoreyLayout.CellType.PATH)
	paths.enemy_paths.clear()
	expect(
		(
			not overlay_before.is_empty()
			and paths.get_cells_of_type(StoreyLayout.CellType.PATH).is_empty()
		),
		"the PATH overlay sees enemy_paths emptied"
	)
	var gap := StoreyGenerator.generate(606, 3, 2)
	gap.enemy_paths[0].pop_back()
	expect_eq(StoreyValidator.validate(gap).rule, "enemy_paths", "validate sees enemy_paths")
	var copy: StoreyLayout = StoreyGenerator.generate(606, 3, 2).duplicate()
	expect(copy.is_equal_to(StoreyGenerator.generate(606, 3, 2)), "duplicate() is equal")
	expect_eq(copy.cells.size(), copy.width, "duplicate() has the cells")
	return ok()


func test_empty_lists_are_reported_as_broken_rules_not_panics() -> bool:
	# Regression: reading an empty typed array through gdext's Vec::from panicked (it
	# borrows element 0), so an emptied list came back as "internal error".
	var l := StoreyGenerator.generate(17, 2, 2)
	l.entry_cells = [] as Array[Vector2i]
	var report := StoreyValidator.validate(l)
	expect(not report.ok and report.rule != "", "emptied entry_cells: %s" % report)
	var no_rooms := StoreyGenerator.generate(17, 2, 2)
	no_rooms.rooms = [] as Array[Rect2i]
	expect(no_rooms.is_consistent(), "a layout without rooms is still well formed")
	return ok()
