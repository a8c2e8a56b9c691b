extends "res://tests/suite.gd"
## The extension's classes from GDScript: StoreyGenerator, StoreyLayout, StoreyValidator
## and StoreyObjectSpawner, as the reference's scripts used them. The storey rules are not
## written again here: layouts are compared with the core's (the CLI's JSON) and checked
## with StoreyValidator.validate(); test_validator_edits.gd breaks them from GDScript.

const OBJECT_SCENES := {
	3: "res://src/world/objects/EntryPoint.tscn",
	4: "res://src/world/objects/BeaconObject.tscn",
	5: "res://src/world/objects/ShaftConnector.tscn",
	6: "res://src/world/objects/StaircaseObject.tscn",
}


func test_chaining_example() -> bool:
	var master_seed := 987654321
	var level := 3
	# The reference's multi-storey chaining example, verbatim.
	var s1 := StoreyGenerator.generate(master_seed ^ hash(0), 1, level)
	var s2 := StoreyGenerator.generate(master_seed ^ hash(1), 2, level, s1.staircase_cell)
	var s3 := StoreyGenerator.generate(master_seed ^ hash(2), 3, level, s1.staircase_cell)
	if not expect(s1 != null and s2 != null and s3 != null, "chaining example gave null"):
		return false
	expect_eq(s1.storey_depth, 1, "s1 depth")
	expect_eq(s3.storey_depth, 3, "s3 depth")
	expect_eq(s2.outpost_level, level, "s2 level")
	expect_eq(s1.seed_value, master_seed ^ hash(0), "s1 seed_value")
	expect_eq(s2.staircase_cell, s1.staircase_cell, "s2 staircase aligned")
	expect_eq(s3.staircase_cell, s1.staircase_cell, "s3 staircase aligned")
	expect_eq(s2.storey_type, StoreyLayout.StoreyType.GROUND_FLOOR, "default storey type")
	for s in [s1, s2, s3]:
		expect_eq(
			s.get_cell(s1.staircase_cell), StoreyLayout.CellType.STAIRCASE, "staircase cell type"
		)
		var report := StoreyValidator.validate(s)
		expect(report.ok, "validate: %s" % report)
	return ok()


func test_enums() -> bool:
	expect_eq(StoreyLayout.CellType.WALL, 1, "CellType.WALL")
	expect_eq(StoreyLayout.StoreyType.UNDERGROUND, 2, "StoreyType.UNDERGROUND")
	var cell_types := {
		"OUT_OF_BOUNDS": StoreyLayout.CellType.OUT_OF_BOUNDS,
		"WALL": StoreyLayout.CellType.WALL,
		"EMPTY": StoreyLayout.CellType.EMPTY,
		"ENTRY": StoreyLayout.CellType.ENTRY,
		"BEACON": StoreyLayout.CellType.BEACON,
		"SHAFT": StoreyLayout.CellType.SHAFT,
		"STAIRCASE": StoreyLayout.CellType.STAIRCASE,
		"PATH": StoreyLayout.CellType.PATH,
		"ENTRANCE": StoreyLayout.CellType.ENTRANCE,
	}
	var i := 0
	for name: String in cell_types:
		expect_eq(cell_types[name], i, "CellType." + name)
		i += 1
	expect_eq(StoreyLayout.StoreyType.GROUND_FLOOR, 0, "StoreyType.GROUND_FLOOR")
	expect_eq(StoreyLayout.StoreyType.UPPER_FLOOR, 1, "StoreyType.UPPER_FLOOR")
	# The enums are real class enums in ClassDB, not loose constants.
	expect(ClassDB.class_has_enum("StoreyLayout", "CellType"), "ClassDB has StoreyLayout.CellType")
	expect(
		ClassDB.class_has_enum("StoreyLayout", "StoreyType"), "ClassDB has StoreyLayout.StoreyType"
	)
	expect_eq(
		ClassDB.class_get_enum_constants("StoreyLayout", "StoreyType"),
		PackedStringArray(["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"]),
		"StoreyType constants"
	)
	expect_eq(
		ClassDB.class_get_integer_constant_enum("StoreyLayout", "WALL"), &"CellType", "WALL's enum"
	)
	var t: StoreyLayout.StoreyType = StoreyLayout.StoreyType.UNDERGROUND
	var layout := StoreyGenerator.generate(5, 2, 2, Vector2i(-1, -1), t)
	expect(layout != null and layout.storey_type == t, "generate with an enum-typed storey_type")
	return ok()


## What GDScript reads from generated layouts equals the core's layouts for the same
## requests, field by field, as the `outpost` CLI prints them in JSON: a sweep of 360
## storeys (every type, depth 1-6 and level 1-4, five seeds each) and 12 buildings
## (every storey above the ground floor forces the staircase). A copy a script makes of
## each layout, property by property, is equal to it and passes
## StoreyValidator.validate().
##
## The rules are checked once, on the core's layouts: the core's validator and the Rust
## suites (tests/rules.rs against the independent checker of tests/common). What only
## this test catches: the binding's conversions into what a script sees (cells[x][y],
## the cell lists, the paths, the rooms, the storey type, the seed) and back.
func test_layouts_equal_the_clis_json() -> bool:
	var compared := 0
	for line in _cli_lines(PackedStringArray(["sweep", "--count", "360", "--seed", "77"])):
		var want := _parse_json(line)
		var storey_type := _storey_type(want)
		var l := StoreyGenerator.generate(
			want.seed_value, want.storey_depth, want.outpost_level, Vector2i(-1, -1), storey_type
		)
		if expect(l != null, "generate(%s) gave null" % want.seed_value):
			_expect_layout_is(l, want, "sweep seed %d" % want.seed_value)
			compared += 1
	for i in 12:
		var master_seed := -5 + 7919 * i
		var level := 1 + i % 4
		var args := [
			"building", "--seed", str(master_seed), "--storeys", "3", "--level", str(level)
		]
		if i % 2 == 0:
			args.append("--underground")
		var lines := _cli_lines(PackedStringArray(args))
		if lines.is_empty():
			continue
		var building: Dictionary = JSON.parse_string(lines[0])
		var storeys := StoreyGenerator.generate_building(master_seed, 3, level, i % 2 == 0)
		var want_storeys: Array = building.storeys
		expect_eq(storeys.size(), want_storeys.size(), "building %d: storeys" % master_seed)
		var seeds := _seed_values(lines[0])
		for k in mini(storeys.size(), want_storeys.size()):
			var want: Dictionary = want_storeys[k]
			want.seed_value = seeds[k]
			_expect_layout_is(storeys[k], want, "building %d storey %d" % [master_seed, k])
			compared += 1
	expect(compared >= 360 + 36, "compared only %d layouts" % compared)
	return ok()


## Every storey of a chain of forced staircases honours the ground floor's cell and
## passes StoreyValidator.validate().
func test_forced_staircases_align_a_chain_of_storeys() -> bool:
	for s in 40:
		var ground := StoreyGenerator.generate(s * 7919, 1, 1 + s % 4)
		for depth in range(2, 7):
			var upper := StoreyGenerator.generate(
				s * 7919 + depth,
				depth,
				1 + s % 4,
				ground.staircase_cell,
				StoreyLayout.StoreyType.UPPER_FLOOR
			)
			if expect(upper != null, "forced staircase gave null"):
				expect_eq(upper.staircase_cell, ground.staircase_cell, "forced staircase")
				var report := StoreyValidator.validate(upper)
				expect(report.ok, "forced-staircase storey: %s" % report)
	return ok()


func test_version_is_the_plugins() -> bool:
	# The extension's version (the workspace's, built in) is the one plugin.cfg carries;
	# tests/release.rs checks the workspace, the CLI and the zip's name against it.
	var plugin := ConfigFile.new()
	expect_eq(plugin.load("res://addons/outpost_storeys/plugin.cfg"), OK, "plugin.cfg loads")
	var version: String = plugin.get_value("plugin", "version", "")
	expect(version.count(".") == 2, "plugin.cfg's version is x.y.z: %s" % version)
	expect_eq(StoreyGenerator.version(), version, "StoreyGenerator.version()")
	return ok()


func test_icons_name_classes_and_files_that_exist() -> bool:
	# The addon's icon, as its README says: the .gdextension's [icons] name the extension's
	# classes and the addon's icon.svg, which exists.
	var extension := ConfigFile.new()
	var path := "res://addons/outpost_storeys/outpost_storeys.gdextension"
	expect_eq(extension.load(path), OK, "the .gdextension loads")
	var classes := extension.get_section_keys("icons")
	expect(not classes.is_empty(), "the .gdextension has [icons]")
	for name in classes:
		var icon: String = extension.get_value("icons", name)
		expect(ClassDB.class_exists(name), "%s in [icons] is a class" % name)
		expect_eq(icon, "res://addons/outpost_storeys/icon.svg", "%s's icon" % name)
		expect(FileAccess.file_exists(icon), "%s exists" % icon)
	return ok()


func test_grid_size_and_ranges_come_from_the_core() -> bool:
	expect_error(r"StoreyGenerator.grid_size: storey_depth must be at least 1, got 0")
	expect_error(r"StoreyGenerator.grid_size: outpost_level must be in 1..=4, got 5")
	expect_error(r"StoreyGenerator.grid_size: storey_type = 3 is not a StoreyType")
	expect_eq(StoreyGenerator.MIN_STOREY_DEPTH, 1, "MIN_STOREY_DEPTH")
	expect_eq(StoreyGenerator.MAX_STOREY_DEPTH, 4294967295, "MAX_STOREY_DEPTH")
	expect_eq(StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH, 6, "INSPECTOR_MAX_STOREY_DEPTH")
	expect_eq(StoreyGenerator.MIN_OUTPOST_LEVEL, 1, "MIN_OUTPOST_LEVEL")
	expect_eq(StoreyGenerator.MAX_OUTPOST_LEVEL, 4, "MAX_OUTPOST_LEVEL")
	expect_eq(StoreyGenerator.MIN_STOREYS, 1, "MIN_STOREYS")
	expect_eq(StoreyGenerator.MAX_STOREYS, 64, "MAX_STOREYS")
	for storey_type in [0, 1, 2]:
		for depth in range(1, 8):
			for level in range(1, 5):
				var l := StoreyGenerator.generate(
					depth * 10 + level, depth, level, Vector2i(-1, -1), storey_type
				)
				expect_eq(
					StoreyGenerator.grid_size(depth, level, storey_type),
					Vector2i(l.width, l.height),
					"grid_size(%d, %d, %d)" % [depth, level, storey_type]
				)
	expect_eq(StoreyGenerator.grid_size(1, 1, 0), Vector2i(16, 10), "the smallest grid")
	expect_eq(StoreyGenerator.grid_size(6, 4, 2), Vector2i(28, 20), "the largest grid")
	expect_eq(StoreyGenerator.grid_size(0, 1, 0), Vector2i.ZERO, "depth 0")
	expect_eq(StoreyGenerator.grid_size(1, 5, 0), Vector2i.ZERO, "level 5")
	expect_eq(StoreyGenerator.grid_size(1, 1, 3), Vector2i.ZERO, "storey type 3")
	# ForcedStaircase asks the core too, and checks the ranges first: nothing is logged.
	expect_eq(ForcedStaircase.grid_size(3, 2, 1), StoreyGenerator.grid_size(3, 2, 1), "same size")
	expect_eq(ForcedStaircase.grid_size(0, 2, 1), Vector2i.ZERO, "depth 0, quietly")
	expect_eq(ForcedStaircase.grid_size(3, 5, 1), Vector2i.ZERO, "level 5, quietly")
	expect_eq(ForcedStaircase.grid_size(3, 2, 7), Vector2i.ZERO, "type 7, quietly")
	return ok()


## The enemy paths and StoreyValidator.find_path() against Godot's own AStarGrid2D on
## the same grids (tests/astar_grid.gd): the engine's pathfinder is an oracle no other
## suite has, and find_path() with the endpoints a script passes is a call no Rust test
## makes.
func test_paths_match_astargrid2d() -> bool:
	var compared := 0
	for l in sample_layouts(3):
		var astar := AStarGridOf.layout(l)
		for i in l.entry_cells.size():
			var theirs := astar.get_id_path(l.entry_cells[i], l.primary_beacon)
			var ours: Array = l.enemy_paths[i]
			var found := StoreyValidator.find_path(l, l.entry_cells[i], l.primary_beacon)
			expect_eq(
				ours.size(),
				theirs.size(),
				"enemy_paths[%d] length vs AStarGrid2D (seed %d)" % [i, l.seed_value]
			)
			expect_eq(
				found.size(),
				theirs.size(),
				"find_path length vs AStarGrid2D (seed %d)" % l.seed_value
			)
			compared += 1
	expect(compared >= 300, "compared only %d paths" % compared)
	return ok()


## find_path() between random walkable cells against AStarGrid2D, from walls and off the
## grid; count_open_zones() on generated layouts and on one a script split in two.
func test_validator_find_path_and_zones() -> bool:
	var rng := RandomNumberGenerator.new()
	rng.seed = 42
	for l in sample_layouts(1):
		expect_eq(StoreyValidator.count_open_zones(l), 1, "count_open_zones")
		var walkable: Array[Vector2i] = []
		var walls: Array[Vector2i] = []
		for x in l.width:
			for y in l.height:
				if l.is_walkable(Vector2i(x, y)):
					walkable.append(Vector2i(x, y))
				elif l.get_cell(Vector2i(x, y)) == StoreyLayout.CellType.WALL:
					walls.append(Vector2i(x, y))
		var astar := AStarGridOf.layout(l)
		for k in 5:
			var a := walkable[rng.randi_range(0, walkable.size() - 1)]
			var b := walkable[rng.randi_range(0, walkable.size() - 1)]
			var path := StoreyValidator.find_path(l, a, b)
			expect_eq(
				path.size(), astar.get_id_path(a, b).size(), "find_path %s -> %s length" % [a, b]
			)
			expect(path.size() > 0 and path[0] == a and path[-1] == b, "find_path ends")
			for i in range(1, path.size()):
				var step := path[i] - path[i - 1]
				if absi(step.x) + absi(step.y) != 1 or not l.is_walkable(path[i]):
					expect(false, "find_path step %s -> %s" % [path[i - 1], path[i]])
		expect(
			StoreyValidator.find_path(l, walls[0], walkable[0]).is_empty(),
			"path from a wall is empty"
		)
		expect(
			StoreyValidator.find_path(l, Vector2i(-5, 0), walkable[0]).is_empty(),
			"path from off the grid is empty"
		)
	# A layout edited into two regions: the validator names the rule.
	var l := StoreyGenerator.generate(3, 3, 3)
	var column: PackedByteArray = l.cells[l.primary_beacon.x]
	for y in l.height:
		column[y] = StoreyLayout.CellType.WALL
	l.cells[l.primary_beacon.x] = column
	var report := StoreyValidator.validate(l)
	expect(
		report.ok == false and report.rule != "" and report.message != "",
		"broken layout reported: %s" % [report]
	)
	return ok()


func test_determinism() -> bool:
	for s in 20:
		var a := StoreyGenerator.generate(s * 31337, 1 + s % 6, 1 + s % 4, Vector2i(-1, -1), s % 3)
		var b := StoreyGenerator.generate(s * 31337, 1 + s % 6, 1 + s % 4, Vector2i(-1, -1), s % 3)
		expect(a.is_equal_to(b), "same arguments, same layout (seed %d)" % (s * 31337))
		expect_eq(a.to_ascii(), b.to_ascii(), "same ascii")
		expect_eq(a.enemy_paths, b.enemy_paths, "same paths")
	var c := StoreyGenerator.generate(1, 3, 2)
	var d := StoreyGenerator.generate(2, 3, 2)
	expect(not c.is_equal_to(d), "different seeds, different layouts")
	return ok()


func test_validate_returns_a_typed_report() -> bool:
	var good := StoreyValidator.validate(StoreyGenerator.generate(9, 2, 2))
	expect(good is StoreyValidation, "a StoreyValidation")
	expect(good.ok and good.rule == "" and good.message == "", "a valid layout: %s" % good)
	var broken := StoreyGenerator.generate(9, 2, 2)
	broken.staircase_cell = broken.shaft_cells[0]
	var report := StoreyValidator.validate(broken)
	expect(
		not report.ok and report.rule != "" and report.message != "", "moved staircase: %s" % report
	)
	expect(str(report).contains(report.rule), "to_string names the rule: %s" % report)
	var empty := StoreyValidator.validate(StoreyLayout.new())
	expect(
		not empty.ok and empty.rule == "" and empty.message.begins_with("invalid layout data"),
		"empty: %s" % empty
	)
	return ok()


func test_bad_arguments() -> bool:
	expect_error(r"storey_depth\D+.*\b0\b")
	expect_error(r"storey_depth.*-4\b")
	expect_error(r"outpost_level.*\b9\b")
	expect_error(r"outpost_level.*\b0\b")
	expect_error(r"forced_staircase \(99, 99\) is outside")
	expect_error(r"forced_staircase \(-1, 3\) is outside")
	expect_error(r"forced_staircase \(0, 3\) lies on the outer edge")
	expect_error(r"storey_type = 3\b")
	expect_error(r"storey_type = -1\b")
	expect_error(r"generate_building: .*storeys.*\b0\b")
	expect_error(r"generate_building: outpost_level.*\b5\b")
	expect_error(r"find_path: layout is null")
	expect_error(r"count_open_zones: layout is null")
	expect(StoreyGenerator.generate(1, 0, 1) == null, "depth 0 gives null")
	expect(StoreyGenerator.generate(1, -4, 1) == null, "depth -4 gives null")
	expect(StoreyGenerator.generate(1, 1, 9) == null, "level 9 gives null")
	expect(StoreyGenerator.generate(1, 1, 0) == null, "level 0 gives null")
	expect(
		StoreyGenerator.generate(1, 2, 2, Vector2i(99, 99)) == null, "staircase outside gives null"
	)
	expect(
		StoreyGenerator.generate(1, 2, 2, Vector2i(-1, 3)) == null, "staircase at x -1 gives null"
	)
	expect(
		StoreyGenerator.generate(1, 2, 2, Vector2i(0, 3)) == null,
		"staircase on the edge gives null"
	)
	expect(
		StoreyGenerator.generate(1, 2, 2, Vector2i(-1, -1), 3) == null, "storey type 3 gives null"
	)
	expect(
		StoreyGenerator.generate(1, 2, 2, Vector2i(-1, -1), -1) == null, "storey type -1 gives null"
	)
	expect(StoreyGenerator.generate_building(1, 0, 2).is_empty(), "0 storeys gives []")
	expect(StoreyGenerator.generate_building(1, 2, 5).is_empty(), "building level 5 gives []")
	expect(
		StoreyValidator.find_path(null, Vector2i(1, 1), Vector2i(2, 2)).is_empty(),
		"find_path(null)"
	)
	expect_eq(StoreyValidator.count_open_zones(null), -1, "count_open_zones(null)")
	expect_eq(StoreyValidator.validate(null).ok, false, "validate(null)")
	# Still fine afterwards.
	expect(StoreyGenerator.generate(1, 2, 2) != null, "valid call after errors")
	return ok()


func test_generate_building() -> bool:
	var storeys := StoreyGenerator.generate_building(555, 3, 2, true)
	expect_eq(storeys.get_typed_builtin(), TYPE_OBJECT, "typed array of objects")
	expect_eq(storeys.get_typed_class_name(), &"StoreyLayout", "Array[StoreyLayout]")
	if not expect_eq(storeys.size(), 4, "3 storeys + underground"):
		return false
	var types := storeys.map(func(s: StoreyLayout) -> int: return s.storey_type)
	expect_eq(types, [2, 0, 1, 1], "storey types bottom-up")
	for s in storeys:
		expect_eq(s.staircase_cell, storeys[1].staircase_cell, "staircases aligned")
		var report := StoreyValidator.validate(s)
		expect(report.ok, "building storey: %s" % report)
	var plain := StoreyGenerator.generate_building(555, 2, 2)
	expect_eq(plain.size(), 2, "no underground by default")
	expect(plain[0].is_equal_to(storeys[1]), "same ground floor with or without underground")
	return ok()


func test_spawner() -> bool:
	expect_error(r"not consistent: cells is 0 x 0")
	expect_error(r"StoreyObjectSpawner.spawn: layout is null")
	var spawner := StoreyObjectSpawner.new()
	add(spawner)
	expect(
		spawner.beacon_scene != null and spawner.beacon_scene.resource_path == OBJECT_SCENES[4],
		"default beacon scene"
	)
	expect(
		(
			spawner.entry_scene != null
			and spawner.staircase_scene != null
			and spawner.shaft_scene != null
		),
		"default scenes loaded in ready"
	)
	var signalled: Array[int] = []
	spawner.spawned.connect(func(count: int) -> void: signalled.append(count))
	var first_nodes: Array[Node] = []
	for round_index in 3:
		var l := StoreyGenerator.generate(
			1000 + round_index, 2 + 2 * round_index, 3, Vector2i(-1, -1), round_index
		)
		var want := l.entry_cells.size() + l.beacon_cells.size() + 2 + 1
		var count := spawner.spawn(l)
		expect_eq(count, want, "spawn count")
		expect_eq(signalled.back(), want, "spawned signal count")
		expect_eq(spawner.get_child_count(), want, "children after spawn %d" % round_index)
		var per_type := {3: 0, 4: 0, 5: 0, 6: 0}
		for child in spawner.get_children():
			var obj := child as Node3D
			if not expect(obj != null, "spawned a Node3D"):
				continue
			var cell: Vector2i = obj.get("cell")
			var t := l.get_cell(cell)
			if not expect(
				OBJECT_SCENES.has(t),
				"object %s on a non-special cell %s (type %d)" % [obj.name, cell, t]
			):
				continue
			per_type[t] += 1
			expect_eq(obj.scene_file_path, OBJECT_SCENES[t], "scene on cell %s" % cell)
			expect_eq(obj.get("cell_type"), t, "object cell_type")
			expect_eq(obj.get("CELL_TYPE"), t, "scene's own CELL_TYPE")
			expect_eq(obj.position, l.cell_center(cell), "object at the cell centre")
		expect_eq(
			per_type,
			{3: l.entry_cells.size(), 4: l.beacon_cells.size(), 5: 2, 6: 1},
			"objects per type"
		)
		if round_index == 0:
			first_nodes.assign(spawner.get_children())
		else:
			for n in first_nodes:
				expect(
					(
						not is_instance_valid(n)
						or (n.get_parent() == null and n.is_queued_for_deletion())
					),
					"old object removed on regenerate"
				)
	expect_eq(signalled.size(), 3, "one signal per spawn")
	spawner.clear()
	expect_eq(spawner.get_child_count(), 0, "clear() removes every object")
	expect_eq(spawner.get_spawned().size(), 0, "clear() forgets every object")
	# A broken layout spawns nothing and reports an error.
	var broken := StoreyLayout.new()
	expect_eq(spawner.spawn(broken), 0, "spawn of an empty layout")
	expect_eq(spawner.spawn(null), 0, "spawn(null)")
	# A custom scene whose script takes its cell through setup(cell), not a property.
	var script := GDScript.new()
	script.source_code = (
		"extends Node3D\nvar got := Vector2i(-9, -9)\nvar layout: StoreyLayout\n"
		+ "func setup(c: Vector2i) -> void:\n\tgot = c\n"
	)
	expect_eq(script.reload(), OK, "custom object script compiles")
	var template := Node3D.new()
	template.set_script(script)
	var custom := PackedScene.new()
	expect_eq(custom.pack(template), OK, "pack custom scene")
	template.free()
	spawner.beacon_scene = custom
	var l := StoreyGenerator.generate(31, 4, 2)
	expect_eq(
		spawner.spawn(l),
		l.entry_cells.size() + l.beacon_cells.size() + 3,
		"spawn with a custom beacon scene"
	)
	var beacons: Array[Vector2i] = []
	for child in spawner.get_children():
		if child.get("got") != null:
			beacons.append(child.get("got"))
	expect_eq(beacons, l.beacon_cells, "setup(cell) called on every custom beacon, in order")
	for child in spawner.get_children():
		if child.get("got") != null:
			expect(child.get("layout") == l, "the spawner hands each object its layout")
	spawner.free()
	return ok()


## The stdout lines of the `outpost` CLI run with `args` (target/debug/outpost, built by
## scripts/godot_tests.sh; OUTPOST_CLI names another). Records a failure if it cannot run.
func _cli_lines(args: PackedStringArray) -> PackedStringArray:
	var bin := OS.get_environment("OUTPOST_CLI")
	if bin.is_empty():
		bin = ProjectSettings.globalize_path("res://").path_join("../target/debug/outpost")
		bin = bin.simplify_path()
	var how := "cargo build --workspace, or set OUTPOST_CLI"
	if not expect(FileAccess.file_exists(bin), "no outpost CLI at %s (%s)" % [bin, how]):
		return PackedStringArray()
	var output: Array = []
	var code := OS.execute(bin, args, output)
	if not expect_eq(code, 0, "outpost %s: exit code" % " ".join(args)) or output.is_empty():
		return PackedStringArray()
	return (output[0] as String).strip_edges().split("\n")


## One layout of the CLI's JSON, its seed read as the 64-bit integer it is (JSON numbers
## become floats in Godot, which cannot hold every seed).
func _parse_json(line: String) -> Dictionary:
	var want: Dictionary = JSON.parse_string(line)
	want.seed_value = _seed_values(line)[0]
	return want


## Every "seed_value" of a JSON text, in order, as integers.
func _seed_values(text: String) -> Array[int]:
	var out: Array[int] = []
	for found in RegEx.create_from_string(r'"seed_value":(-?\d+)').search_all(text):
		out.append(found.get_string(1).to_int())
	return out


func _storey_type(json: Dictionary) -> StoreyLayout.StoreyType:
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	return names.find(json.storey_type) as StoreyLayout.StoreyType


func _cells_of(json: Array) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for p: Array in json:
		out.append(Vector2i(int(p[0]), int(p[1])))
	return out


## Fails unless every field of `l` as GDScript reads it equals the CLI's JSON `want`, and
## a copy made property by property is equal and valid.
func _expect_layout_is(l: StoreyLayout, want: Dictionary, what: String) -> void:
	expect_eq(l.seed_value, want.seed_value, what + ": seed_value")
	expect_eq(l.storey_type, _storey_type(want), what + ": storey_type")
	for key in [
		"storey_depth", "outpost_level", "width", "height", "open_zone_count", "generation_attempts"
	]:
		expect_eq(l.get(key), int(want[key]), "%s: %s" % [what, key])
	var cells: Array[PackedByteArray] = []
	for column: Array in want.cells:
		cells.append(PackedByteArray(column))
	expect_eq(l.cells, cells, what + ": cells[x][y]")
	for key in ["entry_cells", "beacon_cells", "shaft_cells", "enemy_path"]:
		expect_eq(l.get(key), _cells_of(want[key]), "%s: %s" % [what, key])
	for key in ["primary_beacon", "staircase_cell"]:
		var p: Array = want[key]
		expect_eq(l.get(key), Vector2i(int(p[0]), int(p[1])), "%s: %s" % [what, key])
	# A ground floor's door; the key is absent on other storeys, Vector2i(-1, -1) here.
	var door: Array = want.get("entrance_cell", [-1, -1])
	expect_eq(l.entrance_cell, Vector2i(int(door[0]), int(door[1])), what + ": entrance_cell")
	var want_paths: Array = want.enemy_paths
	expect_eq(l.enemy_paths.size(), want_paths.size(), what + ": enemy_paths")
	for i in mini(l.enemy_paths.size(), want_paths.size()):
		expect_eq(l.enemy_paths[i], _cells_of(want_paths[i]), "%s: enemy_paths[%d]" % [what, i])
	var rooms: Array[Rect2i] = []
	for r: Dictionary in want.rooms:
		rooms.append(Rect2i(int(r.x), int(r.y), int(r.width), int(r.height)))
	expect_eq(l.rooms, rooms, what + ": rooms")
	expect_eq(
		Vector2i(l.width, l.height),
		StoreyGenerator.grid_size(l.storey_depth, l.outpost_level, l.storey_type),
		what + ": the core's grid size"
	)
	var copy := StoreyLayout.new()
	for property in ClassDB.class_get_property_list(&"StoreyLayout", true):
		if property.usage & PROPERTY_USAGE_STORAGE:
			copy.set(property.name, l.get(property.name))
	expect(copy.is_equal_to(l), what + ": a script's copy is equal")
	var report := StoreyValidator.validate(copy)
	expect(report.ok, "%s: the copy validates: %s" % [what, report])
