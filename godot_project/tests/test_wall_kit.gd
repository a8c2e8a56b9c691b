extends "res://tests/suite.gd"
## The wall kit in the renderer: the pieces drawn are the tiles counted from the cells, a
## theme without a kit draws walls per cell and counts no piece, the cut-away keeps the
## kit's own material, and the binding refuses a bad tile size.

const DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")
const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
const CLEAN := preload("res://addons/outpost_storeys/themes/cell_definitions_clean.tres")
## The cell types whose colour is a key in every theme (the legend holds across themes).
const KEY_TYPES: Array[int] = [
	StoreyLayout.CellType.ENTRY,
	StoreyLayout.CellType.BEACON,
	StoreyLayout.CellType.SHAFT,
	StoreyLayout.CellType.STAIRCASE,
	StoreyLayout.CellType.PATH,
]

## The piece names of the 16 masks (bit NW 1, NE 2, SE 4, SW 8), written out.
const KIT_CASES: Array[StringName] = [
	&"",
	&"outer_corner",
	&"outer_corner",
	&"straight",
	&"outer_corner",
	&"saddle",
	&"straight",
	&"inner_corner",
	&"outer_corner",
	&"straight",
	&"saddle",
	&"inner_corner",
	&"straight",
	&"inner_corner",
	&"inner_corner",
	&"full",
]


## A renderer under the root.
func placed_renderer(origin: Vector3) -> StoreyRenderer:
	var renderer := StoreyRenderer.new()
	renderer.position = origin
	add(renderer)
	return renderer


## Instances per kit piece counted here from the cells: one tile per grid vertex whose
## four cells (off the grid: not wall) hold a WALL.
func kit_counts(layout: StoreyLayout) -> Dictionary:
	var counts := {}
	for piece in WallKit.PIECES:
		counts[piece] = 0
	var wall := StoreyLayout.CellType.WALL
	for vx in layout.width + 1:
		for vy in layout.height + 1:
			var mask := 0
			mask |= 1 if layout.get_cell(Vector2i(vx - 1, vy - 1)) == wall else 0
			mask |= 2 if layout.get_cell(Vector2i(vx, vy - 1)) == wall else 0
			mask |= 4 if layout.get_cell(Vector2i(vx, vy)) == wall else 0
			mask |= 8 if layout.get_cell(Vector2i(vx - 1, vy)) == wall else 0
			if mask != 0:
				counts[KIT_CASES[mask]] += 1
	return counts


func test_kit_piece_counts_are_the_tiles_counted_from_the_cells() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.cell_definitions = RUSTY
	for layout: StoreyLayout in sample_layouts(1).slice(0, 72, 9):
		renderer.render(layout)
		expect_eq(renderer.get_wall_piece_counts(), kit_counts(layout), "piece counts")
		for piece in WallKit.PIECES:
			expect_eq(
				renderer.get_wall_piece_visual(piece).multimesh.instance_count,
				kit_counts(layout)[piece],
				"%s instances" % piece
			)
	renderer.free()
	return ok()


func test_a_theme_without_a_kit_draws_walls_per_cell_and_counts_no_pieces() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.cell_definitions = RUSTY
	var layout := StoreyGenerator.generate(5, 4, 3)
	renderer.render(layout)
	renderer.cell_definitions = DEFAULT_THEME
	expect(DEFAULT_THEME.wall_kit == null, "the reference colours have no kit")
	expect_eq(renderer.get_wall_piece_counts(), {}, "no piece counts without a kit")
	for piece in WallKit.PIECES:
		expect(renderer.get_wall_piece_visual(piece) == null, "no %s visual" % piece)
	expect_eq(
		renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count,
		layout.get_cells_of_type(StoreyLayout.CellType.WALL).size(),
		"a box per wall cell"
	)
	renderer.free()
	return ok()


func test_the_cut_away_draws_kit_walls_with_the_themes_own_material() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.cell_definitions = RUSTY
	renderer.wall_cutaway = true
	renderer.render(StoreyGenerator.generate(12, 3, 2))
	var theme_material := RUSTY.wall_kit.material as ShaderMaterial
	var cutaway := renderer.get_cutaway_material()
	expect(StoreyRenderer.carries_cutaway(theme_material), "the kit material cuts itself")
	expect(cutaway != null and cutaway.shader == theme_material.shader, "the theme's shader")
	if cutaway != null:
		expect_eq(cutaway.get_shader_parameter(&"cutaway_enabled"), true, "the cut is on")
		expect_eq(
			cutaway.get_shader_parameter(&"body_color"),
			theme_material.get_shader_parameter(&"body_color"),
			"the theme's colours"
		)
		expect_eq(
			cutaway.get_shader_parameter(&"reveal_count"),
			renderer.get_reveal_points().size(),
			"the reveal points"
		)
	expect(
		theme_material.get_shader_parameter(&"cutaway_enabled") != true,
		"the shared theme material does not cut"
	)
	for piece in WallKit.PIECES:
		expect(
			renderer.get_wall_piece_visual(piece).material_override == cutaway,
			"%s drawn with the cut-away" % piece
		)
	renderer.free()
	return ok()


func test_wall_kit_buffers_refuse_a_tile_size_that_is_not_positive() -> bool:
	expect_error(r"get_wall_kit_buffers: tile_size = 0 is not a positive finite number")
	var layout := StoreyGenerator.generate(3, 2, 1)
	expect_eq(layout.get_wall_kit_buffers(0.0), {}, "an empty Dictionary")
	return ok()


func test_modelled_themes_keep_the_reference_key_colours_of_the_special_cells() -> bool:
	for theme: CellDefinitions in [RUSTY, CLEAN]:
		for cell_type in KEY_TYPES:
			var definition := theme.get_definition(cell_type)
			expect_eq(
				definition.color,
				DEFAULT_THEME.get_definition(cell_type).color,
				"%s %s" % [theme.theme_name, CellDefinitions.type_name(cell_type)]
			)
			var material := definition.get_material() as ShaderMaterial
			expect(
				material != null and material.get_shader_parameter(&"albedo") == definition.color,
				(
					"%s %s drawn in its key colour"
					% [theme.theme_name, CellDefinitions.type_name(cell_type)]
				)
			)
	return ok()


func test_modelled_themes_have_a_kit_whose_material_cuts_away() -> bool:
	for theme: CellDefinitions in [RUSTY, CLEAN]:
		expect(theme.wall_kit != null, "%s has a wall kit" % theme.theme_name)
		if theme.wall_kit != null:
			expect(
				StoreyRenderer.carries_cutaway(theme.wall_kit.material),
				"%s's kit material carries the cut-away" % theme.theme_name
			)
			for piece in WallKit.PIECES:
				var mesh := theme.wall_kit.get_mesh(piece)
				expect(
					mesh != null and mesh.get_faces().size() > 0,
					"%s %s" % [theme.theme_name, piece]
				)
				if mesh != null:
					expect(
						theme.wall_kit.get_tile_box().grow(0.001).encloses(mesh.get_aabb()),
						"%s %s within its tile" % [theme.theme_name, piece]
					)
	return ok()


func test_a_profile_that_cannot_be_swept_is_refused_and_the_default_drawn() -> bool:
	expect_error(r"WallKit: profile\[1\] = \(-0\.1, 2(\.0)?\): its inset must be in")
	var kit := WallKit.new()
	kit.profile = PackedVector2Array([Vector2(0.0, 0.0), Vector2(-0.1, 2.0)])
	expect(kit.get_profile_error() != "", "a negative inset is an error")
	expect_eq(kit.get_profile(), PackedVector2Array(WallKit.DEFAULT_PROFILE), "the default")
	kit.profile = PackedVector2Array([Vector2(0.0, 1.0), Vector2(0.0, 0.5)])
	expect(kit.get_profile_error() != "", "a height going down is an error")
	kit.profile = PackedVector2Array([Vector2(0.0, 0.0), Vector2(0.05, 1.0)])
	expect_eq(kit.get_profile_error(), "", "a profile that can be swept")
	return ok()


func test_the_entrance_is_an_opening_with_a_door_frame_across_the_way_in() -> bool:
	var renderer := placed_renderer(Vector3.ZERO)
	renderer.cell_definitions = RUSTY
	var ground := StoreyLayout.StoreyType.GROUND_FLOOR
	for seed_value in [3, 17, 40, 99, 123]:
		var layout := StoreyGenerator.generate(seed_value, 1, 1 + seed_value % 4)
		expect_eq(layout.storey_type, ground, "a ground floor")
		renderer.render(layout)
		var door := layout.entrance_cell
		expect_eq(layout.get_cell(door), StoreyLayout.CellType.ENTRANCE, "the ENTRANCE")
		expect_eq(renderer.get_wall_piece_counts(), kit_counts(layout), "walls end at the door")
		var frame := renderer.get_door_frame_visual()
		expect_eq(frame.multimesh.instance_count, 1, "one door frame (seed %d)" % seed_value)
		expect(frame.material_override == RUSTY.wall_kit.material, "drawn as the walls")
		var f := frame.multimesh.buffer  # the headless server keeps buffers, not transforms
		var at := Transform3D(
			Vector3(f[0], f[4], f[8]),
			Vector3(f[1], f[5], f[9]),
			Vector3(f[2], f[6], f[10]),
			Vector3(f[3], f[7], f[11])
		)
		expect(at.origin.is_equal_approx(layout.cell_center(door)), "on the ENTRANCE")
		var way := StoreyMeshes.door_way(layout)
		expect(layout.is_walkable(door + way), "the way in leads onto the floor")
		var along := at.basis * Vector3.RIGHT
		var walk := Vector3(way.x, 0.0, way.y)
		expect(is_equal_approx(absf(along.dot(walk)), 1.0), "its opening along the way in")
		var across := Vector2i(way.y, way.x)
		for side in [door + across, door - across]:
			expect(not layout.is_walkable(side), "a post against the wall at %s" % side)
	renderer.render(StoreyGenerator.generate(3, 2, 1, Vector2i(-1, -1), 1))
	expect_eq(renderer.get_door_frame_visual().multimesh.instance_count, 0, "no door upstairs")
	renderer.free()
	return ok()
