extends "res://tests/suite.gd"
## The surface around a building from GDScript (SurfaceGenerator, SurfaceLayout,
## SurfaceGenerationSettings): the binding's conversions against the CLI's JSON of the
## same surface, its door beside the building's ground-floor ENTRANCE, settings, a .tres
## round trip, and bad input refused with an error and null.


## The `outpost surface` JSON of building `seed` at `level` (target/debug/outpost, as
## test_extension's comparisons run it; OUTPOST_CLI names another).
func _cli_surface(seed: int, level: int) -> Dictionary:
	var bin := OS.get_environment("OUTPOST_CLI")
	if bin.is_empty():
		bin = ProjectSettings.globalize_path("res://").path_join("../target/debug/outpost")
		bin = bin.simplify_path()
	var output: Array = []
	var args := PackedStringArray(["surface", "--seed", str(seed), "--level", str(level)])
	if not expect_eq(OS.execute(bin, args, output), 0, "outpost surface: exit code"):
		return {}
	return JSON.parse_string(output[0])


func test_a_surface_equals_the_clis_json_field_by_field() -> bool:
	for seed in [3, -41, 20260316]:
		var level := 1 + absi(seed) % 4
		var surface := SurfaceGenerator.generate(seed, level)
		var want := _cli_surface(seed, level)
		if not expect(surface != null and not want.is_empty(), "seed %d: a surface" % seed):
			continue
		expect_eq(surface.seed_value, seed, "seed_value")
		for key in ["outpost_level", "width", "height"]:
			expect_eq(surface.get(key), int(want[key]), "seed %d: %s" % [seed, key])
		var cells: Array[PackedByteArray] = []
		for column: Array in want.cells:
			cells.append(PackedByteArray(column))
		expect_eq(surface.cells, cells, "seed %d: cells[x][y]" % seed)
		var f: Dictionary = want.footprint
		expect_eq(surface.footprint, Rect2i(f.x, f.y, f.width, f.height), "footprint")
		for key in ["entrance_cell", "door_cell"]:
			var p: Array = want[key]
			expect_eq(surface.get(key), Vector2i(int(p[0]), int(p[1])), key)
		var nodes: Array = want.salvage_nodes
		expect_eq(surface.salvage_nodes.size(), nodes.size(), "salvage nodes")
		for i in mini(surface.salvage_nodes.size(), nodes.size()):
			var got: Dictionary = surface.salvage_nodes[i]
			var n: Dictionary = nodes[i]
			expect_eq(got.kind, n.kind, "salvage %d kind" % i)
			expect_eq(got.cell, Vector2i(int(n.cell[0]), int(n.cell[1])), "salvage %d cell" % i)
			expect_eq(got.amount, int(n.amount), "salvage %d amount" % i)
		expect_eq(surface.get_data_error(), "", "well formed")
	return ok()


func test_the_door_stands_before_the_ground_floors_entrance() -> bool:
	for seed in [5, 77, -9]:
		var surface := SurfaceGenerator.generate(seed, 2)
		var storeys := StoreyGenerator.generate_building(seed, 2, 2, true)
		var ground: StoreyLayout = storeys[1]
		expect_eq(ground.storey_type, StoreyLayout.StoreyType.GROUND_FLOOR, "floor 1")
		expect_eq(ground.get_cell(ground.entrance_cell), StoreyLayout.CellType.ENTRANCE, "the door")
		var offset := surface.footprint.position
		expect_eq(surface.entrance_cell, offset + ground.entrance_cell, "the ENTRANCE lines up")
		expect_eq(surface.get_cell(surface.door_cell), SurfaceLayout.Terrain.DOOR, "DOOR")
		expect_eq(
			surface.get_cell(surface.entrance_cell), SurfaceLayout.Terrain.FOOTPRINT, "building"
		)
		expect_eq((surface.door_cell - surface.entrance_cell).length_squared(), 1, "beside")
		expect(surface.is_walkable(surface.door_cell), "the door is walkable")
		for cell in surface.get_salvage_cells():
			expect(surface.is_walkable(cell), "salvage at %s on open ground" % cell)
			expect(not surface.footprint.has_point(cell), "salvage at %s off the building" % cell)
		var text := surface.to_ascii()
		expect_eq(text.count("+"), 1, "one door in the ASCII")
		expect_eq(text.split("\n", false).size(), surface.height, "a line per row")
		for storey: StoreyLayout in storeys:
			if storey.storey_type != StoreyLayout.StoreyType.GROUND_FLOOR:
				expect_eq(storey.entrance_cell, Vector2i(-1, -1), "no door off the ground floor")
	return ok()


func test_settings_change_the_surface_and_bad_ones_are_refused() -> bool:
	var settings := SurfaceGenerationSettings.new()
	expect_eq(settings.get_data_error(), "", "the defaults are valid")
	expect_eq(SurfaceGenerator.generate_with(settings, 8, 3).salvage_nodes.size(), 9, "5 + 2 * 2")
	settings.salvage_base = 2
	expect_eq(settings.get_changes(), "salvage_base=2", "changes")
	expect_eq(SurfaceGenerator.generate_with(settings, 8, 3).salvage_nodes.size(), 6, "2 + 2 * 2")
	settings.chunk_width = 5
	expect_error("SurfaceGenerator.generate_with: .*chunk_width = 5 is outside its range 24..=96")
	expect(SurfaceGenerator.generate_with(settings, 8, 3) == null, "out of range: null")
	settings.reset()
	expect_eq(settings.get_changes(), "defaults", "reset")
	expect_eq(SurfaceGenerationSettings.describe().size(), 14, "every surface setting")
	return ok()


func test_bad_input_gives_null_with_an_error() -> bool:
	expect_error("SurfaceGenerator.generate: outpost_level must be in 1..=4, got 0")
	expect(SurfaceGenerator.generate(1, 0) == null, "level 0")
	expect_error("SurfaceGenerator.generate_around: ground is null")
	expect(SurfaceGenerator.generate_around(null, 1, null) == null, "no ground floor")
	var upper := StoreyGenerator.generate(1, 2, 1, Vector2i(-1, -1), 1)
	expect_error("generate_around: a surface stands around a GROUND_FLOOR, got a UPPER_FLOOR")
	expect(SurfaceGenerator.generate_around(null, 1, upper) == null, "an upper floor")
	var broken := SurfaceGenerator.generate(1, 1)
	broken.salvage_nodes[0] = {"kind": "GOLD", "cell": Vector2i(1, 1), "amount": 3}
	expect(broken.get_data_error().contains("GOLD"), broken.get_data_error())
	expect_error("SurfaceLayout.to_ascii: salvage_nodes\\[0\\].kind")
	expect_eq(broken.to_ascii(), "", "a malformed surface draws nothing")
	expect_eq(broken.get_cell(Vector2i(-1, 0)), -1, "off the chunk")
	return ok()


func test_a_surface_saved_as_tres_loads_back_equal() -> bool:
	var surface := SurfaceGenerator.generate(12, 4)
	var path := "user://test_surface.tres"
	expect_eq(ResourceSaver.save(surface, path), OK, "saved")
	var loaded := load(path) as SurfaceLayout
	expect(loaded != null, "loads as a SurfaceLayout")
	if loaded != null:
		expect_eq(loaded.to_ascii(), surface.to_ascii(), "the same chunk")
		expect_eq(loaded.salvage_nodes, surface.salvage_nodes, "the same salvage")
		expect_eq(loaded.door_cell, surface.door_cell, "the same door")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()
