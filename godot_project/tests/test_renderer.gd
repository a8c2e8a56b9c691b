extends "res://tests/suite.gd"
## StoreyRenderer: collision is exactly the WALL cells (walls layer) and the
## OUT_OF_BOUNDS cells plus a ring (bounds layer); the MultiMesh visuals and the PATH
## overlay agree with the layout; render() replaces, clear() frees at once; no leaks.

const DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")
const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
const CLEAN := preload("res://addons/outpost_storeys/themes/cell_definitions_clean.tres")


## A renderer placed at `origin` under the root (so physics queries can see it).
func placed_renderer(origin: Vector3) -> StoreyRenderer:
	var renderer := StoreyRenderer.new()
	renderer.position = origin
	add(renderer)
	return renderer


## Which cells a 0.98 x `box_height` x 0.98 box centred at `height` above each cell
## (in the renderer's frame) touches on `mask`, from `x0, y0` to `x1, y1` exclusive.
func hits(
	renderer: StoreyRenderer, mask: int, height: float, box_height: float, area: Rect2i
) -> Dictionary[Vector2i, bool]:
	var query := PhysicsShapeQueryParameters3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.98, box_height, 0.98)
	query.shape = box
	query.collision_mask = mask
	var space := tree.root.find_world_3d().direct_space_state
	var frame := renderer.global_transform if renderer.is_inside_tree() else renderer.transform
	var out: Dictionary[Vector2i, bool] = {}
	for x in range(area.position.x, area.end.x):
		for y in range(area.position.y, area.end.y):
			var local := Vector3(x + 0.5, height, y + 0.5)
			query.transform = Transform3D(Basis.IDENTITY, frame * local)
			out[Vector2i(x, y)] = not space.intersect_shape(query, 1).is_empty()
	return out


## Cells of the instances in a TRANSFORM_3D buffer, and a failure per instance that is
## scaled, rotated or off a cell centre by more than `offset`.
func decode(buffer: PackedFloat32Array, offset: Vector3, what: String) -> Array[Vector2i]:
	var cells: Array[Vector2i] = []
	for i in range(0, buffer.size(), StoreyRenderer.FLOATS_PER_INSTANCE):
		var basis := [buffer[i], buffer[i + 1], buffer[i + 2], buffer[i + 4], buffer[i + 5]]
		basis.append_array([buffer[i + 6], buffer[i + 8], buffer[i + 9], buffer[i + 10]])
		expect_eq(basis, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], what + " unscaled")
		var x := buffer[i + 3] - 0.5 - offset.x
		var z := buffer[i + 11] - 0.5 - offset.z
		expect(is_equal_approx(buffer[i + 7], offset.y), "%s height %f" % [what, buffer[i + 7]])
		expect(x == roundf(x) and z == roundf(z), "%s at a cell centre (%f, %f)" % [what, x, z])
		cells.append(Vector2i(int(x), int(z)))
	return cells


func test_collision_is_exactly_the_wall_cells() -> bool:
	var renderer := placed_renderer(Vector3(4, 3, -2))
	var layouts := sample_layouts(1).slice(0, 72, 1)
	expect(layouts.size() >= 50, "at least 50 layouts")
	for l: StoreyLayout in layouts:
		renderer.render(l)
		var grid := Rect2i(0, 0, l.width, l.height)
		var at_wall_height := hits(renderer, StoreyRenderer.WALLS_LAYER, 1.0, 1.9, grid)
		for cell: Vector2i in at_wall_height:
			var is_wall := l.get_cell(cell) == StoreyLayout.CellType.WALL
			if at_wall_height[cell] != is_wall:
				expect(false, "seed %d: hit %s at %s" % [l.seed_value, at_wall_height[cell], cell])
		var above := hits(renderer, 0xFFFFFFFF, 2.5, 0.98, grid)
		expect(not above.values().has(true), "seed %d: a hit above 2.0" % l.seed_value)
		var shapes := l.get_cover_rects(StoreyLayout.CellType.WALL).size()
		expect(shapes < StoreyRenderer.MAX_SHAPES_PER_BODY, "%d wall boxes" % shapes)
		expect_eq(renderer.get_bodies().size(), 2, "one walls body and one bounds body")
	renderer.free()
	return ok()


func test_bounds_layer_holds_out_of_bounds_cells_and_the_ring_around_the_grid() -> bool:
	var renderer := placed_renderer(Vector3(-7, 0, 5))
	for l: StoreyLayout in sample_layouts(1).slice(0, 72, 4):
		renderer.render(l)
		var ringed := Rect2i(-1, -1, l.width + 2, l.height + 2)
		var bounds := hits(renderer, StoreyRenderer.BOUNDS_LAYER, 1.0, 1.9, ringed)
		for cell: Vector2i in bounds:
			var want := l.get_cell(cell) == StoreyLayout.CellType.OUT_OF_BOUNDS
			if bounds[cell] != want:
				expect(false, "seed %d: bounds hit %s at %s" % [l.seed_value, bounds[cell], cell])
	renderer.free()
	return ok()


func test_each_cell_has_its_type_visual_and_the_overlay_covers_the_path() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	for l: StoreyLayout in sample_layouts(1).slice(0, 72, 3):
		renderer.render(l)
		var drawn: Dictionary[Vector2i, int] = {}
		for cell_type in CellDefinitions.TYPES:
			var definition := renderer.cell_definitions.get_definition(cell_type)
			var offset := definition.get_mesh_offset()
			if cell_type == StoreyLayout.CellType.PATH:
				offset.y += StoreyRenderer.FLOOR_HEIGHT
			var visual := renderer.get_visual(cell_type)
			expect_eq(visual.multimesh.mesh, definition.get_mesh(), "mesh of type %d" % cell_type)
			# Only the first instance_count instances are drawn: a type with no cell
			# (the ENTRANCE off the ground floor) keeps its last buffer undrawn.
			var drawn_floats := visual.multimesh.instance_count * 12
			var buffer := visual.multimesh.buffer.slice(0, drawn_floats)
			var cells := decode(buffer, offset, "type %d" % cell_type)
			expect_eq(cells.size(), visual.multimesh.instance_count, "instances")
			if cell_type == StoreyLayout.CellType.PATH:
				var want: Array[Vector2i] = []
				for path: Array in l.enemy_paths:
					for c: Vector2i in path:
						if (
							not want.has(c)
							and (
								l.get_cell(c)
								not in [
									StoreyLayout.CellType.ENTRY,
									StoreyLayout.CellType.BEACON,
									StoreyLayout.CellType.SHAFT,
									StoreyLayout.CellType.STAIRCASE,
									StoreyLayout.CellType.ENTRANCE,
								]
							)
						):
							want.append(c)
				want.sort()
				cells.sort()
				expect_eq(cells, want, "overlay cells (seed %d)" % l.seed_value)
				continue
			for c in cells:
				expect(not drawn.has(c), "%s drawn twice" % c)
				drawn[c] = cell_type
		for x in l.width:
			for y in l.height:
				var c := Vector2i(x, y)
				var t := l.get_cell(c)
				if t == StoreyLayout.CellType.OUT_OF_BOUNDS:
					expect(not drawn.has(c), "OUT_OF_BOUNDS %s drawn" % c)
				elif drawn.get(c, -1) != t:
					expect(false, "%s of type %d drawn as %d" % [c, t, drawn.get(c, -1)])
	renderer.free()
	return ok()


func test_walls_are_two_metres_and_floors_a_tenth() -> bool:
	var definitions: CellDefinitions = DEFAULT_THEME
	var wall := definitions.get_definition(StoreyLayout.CellType.WALL).get_mesh().get_aabb()
	expect(is_equal_approx(wall.size.y, StoreyRenderer.WALL_HEIGHT), "wall mesh %s" % wall)
	for t in [
		StoreyLayout.CellType.EMPTY,
		StoreyLayout.CellType.ENTRY,
		StoreyLayout.CellType.BEACON,
		StoreyLayout.CellType.SHAFT,
		StoreyLayout.CellType.STAIRCASE
	]:
		var floor_tile := definitions.get_definition(t).get_mesh().get_aabb()
		expect(is_equal_approx(floor_tile.size.y, StoreyRenderer.FLOOR_HEIGHT), "type %d" % t)
	expect(is_equal_approx(StoreyRenderer.WALL_HEIGHT, 2.0), "WALL_HEIGHT")
	return ok()


func test_reference_colours_in_the_default_theme() -> bool:
	var definitions: CellDefinitions = DEFAULT_THEME
	var want := {
		StoreyLayout.CellType.EMPTY: "87ceeb",
		StoreyLayout.CellType.WALL: "59524a",
		StoreyLayout.CellType.ENTRY: "e88719",
		StoreyLayout.CellType.BEACON: "ff4dcc",
		StoreyLayout.CellType.SHAFT: "335799",
		StoreyLayout.CellType.STAIRCASE: "8c6619",
		StoreyLayout.CellType.PATH: "b3a61a",
	}
	for t: int in want:
		expect_eq(definitions.get_definition(t).color.to_html(false), want[t], "colour of %d" % t)
	expect(
		definitions.get_definition(StoreyLayout.CellType.OUT_OF_BOUNDS) == null,
		"OUT_OF_BOUNDS not drawn"
	)
	return ok()


func test_a_kit_theme_draws_the_walls_as_kit_pieces_and_redraws_on_swap() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.render(StoreyGenerator.generate(12, 3, 2))
	var walls := renderer.layout.get_cells_of_type(StoreyLayout.CellType.WALL).size()
	expect_eq(
		renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count,
		walls,
		"the reference theme draws a box per wall cell"
	)
	renderer.cell_definitions = RUSTY
	expect_eq(
		renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count,
		0,
		"no per-cell walls with a kit"
	)
	var drawn := 0
	for piece in WallKit.PIECES:
		var visual := renderer.get_wall_piece_visual(piece)
		expect(visual != null, "a visual for %s" % piece)
		if visual != null:
			expect(visual.multimesh.mesh == RUSTY.wall_kit.get_mesh(piece), "%s's mesh" % piece)
			drawn += visual.multimesh.instance_count
	expect(drawn > walls, "the kit drew %d tiles for %d wall cells" % [drawn, walls])
	renderer.free()
	return ok()


func test_render_replaces_and_clear_frees_at_once() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	var first := StoreyGenerator.generate(1, 6, 4, Vector2i(-1, -1), 2)
	var second := StoreyGenerator.generate(2, 1, 1)
	renderer.render(first)
	var children := renderer.get_child_count()
	renderer.render(second)
	expect_eq(renderer.get_child_count(), children, "render() reuses its visuals")
	expect_eq(
		renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count,
		second.get_cells_of_type(StoreyLayout.CellType.WALL).size(),
		"walls of the second layout only"
	)
	var big := Rect2i(0, 0, first.width, first.height)
	var walls := hits(renderer, StoreyRenderer.WALLS_LAYER, 1.0, 1.9, big)
	for cell: Vector2i in walls:
		if walls[cell] != (second.get_cell(cell) == StoreyLayout.CellType.WALL):
			expect(false, "stale collision at %s" % cell)
	renderer.clear()
	expect_eq(renderer.get_child_count(), 0, "clear() frees the visuals")
	expect(renderer.layout == null, "clear() forgets the layout")
	var after := hits(renderer, 0xFFFFFFFF, 1.0, 1.9, big)
	expect(not after.values().has(true), "no collision right after clear()")
	renderer.free()
	return ok()


func test_collision_follows_the_renderer_and_survives_hiding() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	var l := StoreyGenerator.generate(5, 2, 2)
	renderer.render(l)
	renderer.position = Vector3(0, 3, 0)
	renderer.visible = false
	# Godot sends transform changes at the next frame, to bodies as to this renderer.
	await physics_frames(1)
	var walls := hits(renderer, StoreyRenderer.WALLS_LAYER, 1.0, 1.9, Rect2i(0, 0, l.width, 3))
	for cell: Vector2i in walls:
		if walls[cell] != (l.get_cell(cell) == StoreyLayout.CellType.WALL):
			expect(false, "moved, hidden storey: hit %s at %s" % [walls[cell], cell])
	renderer.free()
	return ok()


func test_a_renderer_rendered_before_entering_the_tree_collides_once_inside() -> bool:
	var renderer := StoreyRenderer.new()
	var l := StoreyGenerator.generate(8, 3, 3)
	renderer.render(l)
	add(renderer)
	var walls := hits(renderer, StoreyRenderer.WALLS_LAYER, 1.0, 1.9, Rect2i(0, 0, l.width, 4))
	for cell: Vector2i in walls:
		if walls[cell] != (l.get_cell(cell) == StoreyLayout.CellType.WALL):
			expect(false, "hit %s at %s" % [walls[cell], cell])
	tree.root.remove_child(renderer)
	var gone := hits(renderer, 0xFFFFFFFF, 1.0, 1.9, Rect2i(0, 0, l.width, 4))
	expect(not gone.values().has(true), "no collision once out of the tree")
	renderer.free()
	return ok()


func test_bad_layouts_are_reported_and_leave_the_renderer_empty() -> bool:
	expect_error(r"StoreyRenderer.render: layout is null")
	expect_error(r"StoreyRenderer.render: layout is malformed")
	expect_error(r"not consistent")
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.render(StoreyGenerator.generate(3, 3, 3))
	renderer.render(null)
	expect_eq(renderer.get_child_count(), 0, "null layout: nothing drawn")
	renderer.render(StoreyLayout.new())
	expect_eq(renderer.get_bodies().size(), 0, "malformed layout: no bodies")
	renderer.free()
	return ok()


func test_no_leaks_after_100_renders() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	var layouts := sample_layouts(1).slice(0, 72, 7)
	for l: StoreyLayout in layouts:
		renderer.render(l)
	# Measured at the same coroutine depth as the final count, after two awaits: the first
	# two awaits of a test change the live object count (earlier deferred frees, then a
	# coroutine state kept until the test returns), later ones do not (Godot 4.6.3).
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	for i in 100:
		renderer.render(layouts[i % layouts.size()])
	await process_frames(2)
	expect_eq(object_counts(), baseline, "object counts after 100 renders")
	expect_eq(renderer.get_bodies().size(), 2, "bodies after 100 renders")
	renderer.free()
	return ok()


func test_shipped_themes_define_every_drawn_type_and_have_names() -> bool:
	for theme: CellDefinitions in [DEFAULT_THEME, RUSTY, CLEAN]:
		expect(
			theme.get_missing().is_empty(),
			"%s lacks %s" % [theme.resource_path, theme.get_missing()]
		)
		expect(theme.theme_name != "", "%s has no theme_name" % theme.resource_path)
		expect_eq(theme.get_display_name(), theme.theme_name, "display name")
	expect(DEFAULT_THEME.theme_name != RUSTY.theme_name, "theme names differ")
	expect(CLEAN.theme_name != RUSTY.theme_name, "theme names differ")
	return ok()


func test_the_cut_away_keeps_the_staircase_and_the_beacons_in_sight_where_the_storey_is() -> bool:
	var origin := Vector3(3.0, 6.0, -2.0)
	var renderer := placed_renderer(origin)
	renderer.wall_cutaway = true
	var layout := StoreyGenerator.generate(12, 3, 2)
	renderer.render(layout)
	var points := renderer.get_reveal_points()
	var lift := Vector3(0.0, StoreyRenderer.REVEAL_HEIGHT, 0.0)
	var want := PackedVector4Array()
	var staircase := origin + layout.cell_center(layout.staircase_cell) + lift
	want.append(Vector4(staircase.x, staircase.y, staircase.z, 1.0))
	for beacon in layout.beacon_cells:
		var at := origin + layout.cell_center(beacon) + lift
		want.append(Vector4(at.x, at.y, at.z, 0.0))
	expect_eq(points, want, "the staircase (always), then the beacons (near the focus)")
	var material := renderer.get_cutaway_material()
	expect(material != null, "the walls have the cut-away material")
	expect(
		renderer.get_visual(StoreyLayout.CellType.WALL).material_override == material,
		"the walls draw with it"
	)
	expect_eq(material.get_shader_parameter(&"reveal_count"), want.size(), "points in the shader")
	var shown: PackedVector4Array = material.get_shader_parameter(&"reveal_points")
	expect_eq(shown.slice(0, want.size()), want, "the shader's points")
	var box := DEFAULT_THEME.get_definition(StoreyLayout.CellType.WALL).get_mesh().get_aabb()
	expect_eq(material.get_shader_parameter(&"box_max"), box.end, "the wall box's top corner")
	renderer.position = origin + Vector3(0.0, 3.0, 0.0)
	await process_frames(1)
	shown = material.get_shader_parameter(&"reveal_points")
	expect_eq(shown[0].y, staircase.y + 3.0, "the points follow the renderer")
	renderer.wall_cutaway = false
	expect(renderer.get_reveal_points().is_empty(), "no points without the cut-away")
	renderer.free()
	return ok()
