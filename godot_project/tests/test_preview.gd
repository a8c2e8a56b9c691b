extends "res://tests/suite.gd"
## StoreyPreview (the @tool editor preview): its exports drive the storey drawn; nothing
## it generates is owned or saved; problems are configuration warnings, never log
## entries.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")


func preview() -> StoreyPreview:
	var p := StoreyPreview.new()
	add(p)
	return p


## Fails unless the preview shows exactly the generator's storey for its exports.
func expect_shows(p: StoreyPreview, what: String) -> void:
	var want := StoreyGenerator.generate(
		p.seed_value, p.storey_depth, p.outpost_level, p.forced_staircase, p.storey_type
	)
	expect(p.layout != null and p.layout.is_equal_to(want), what + ": the generator's storey")
	var renderer := p.get_renderer()
	expect(renderer.layout == p.layout, what + ": the renderer draws it")
	var walls := renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count
	if p.cell_definitions != null and p.cell_definitions.wall_kit != null:
		var drawn := 0
		for count: int in renderer.get_wall_piece_counts().values():
			drawn += count
		expect(drawn > 0 and walls == 0, what + ": walls drawn as the kit")
	else:
		expect_eq(
			walls, want.get_cells_of_type(StoreyLayout.CellType.WALL).size(), what + ": walls drawn"
		)
	expect_eq(p._get_configuration_warnings(), PackedStringArray(), what + ": no warning")


func test_each_export_regenerates_the_storey() -> bool:
	var p := preview()
	expect_shows(p, "defaults")
	p.seed_value = -123456789012345
	expect_shows(p, "seed")
	p.storey_depth = 5
	expect_shows(p, "depth")
	p.outpost_level = 4
	expect_shows(p, "level")
	p.storey_type = StoreyLayout.StoreyType.UNDERGROUND
	expect_shows(p, "type")
	p.forced_staircase = Vector2i(7, 3)
	expect_shows(p, "forced staircase")
	expect_eq(p.layout.staircase_cell, Vector2i(7, 3), "staircase forced")
	p.cell_definitions = RUSTY
	expect_shows(p, "theme")
	expect(
		not p.get_renderer().get_wall_piece_counts().is_empty(), "drawn with the rusty theme's kit"
	)
	p.free()
	return ok()


func test_generated_nodes_have_no_owner_and_are_not_saved() -> bool:
	var scene_root := Node3D.new()
	var p := StoreyPreview.new()
	scene_root.add_child(p)
	p.owner = scene_root
	add(scene_root)
	p.seed_value = 7
	var generated := p.get_children(true)
	expect(not generated.is_empty(), "the preview made its renderer")
	expect(p.get_children().is_empty(), "as an internal child (hidden from the scene dock)")
	var stack: Array[Node] = generated.duplicate()
	var count := 0
	while not stack.is_empty():
		var node: Node = stack.pop_back()
		count += 1
		expect(node.owner == null, "%s has no owner" % node.name)
		stack.append_array(node.get_children(true))
	expect(count > 5, "renderer and its visuals checked (%d nodes)" % count)
	var packed := PackedScene.new()
	expect_eq(packed.pack(scene_root), OK, "pack")
	expect_eq(packed.get_state().get_node_count(), 2, "saved: the root and the preview only")
	var props: Dictionary[String, Variant] = {}
	for i in packed.get_state().get_node_property_count(1):
		props[packed.get_state().get_node_property_name(1, i)] = (
			packed.get_state().get_node_property_value(1, i)
		)
	expect_eq(props.get("seed_value"), 7, "the exports are saved")
	scene_root.free()
	return ok()


func test_bad_forced_staircase_is_a_configuration_warning_not_a_log_entry() -> bool:
	var p := preview()
	p.storey_depth = 2
	for cell: Vector2i in [Vector2i(0, 4), Vector2i(40, 4), Vector2i(3, -2)]:
		p.forced_staircase = cell
		var warnings: PackedStringArray = p._get_configuration_warnings()
		expect_eq(warnings.size(), 1, "%s: one warning" % cell)
		expect(
			(
				warnings.size() == 1
				and warnings[0].contains("Forced staircase (%d, %d)" % [cell.x, cell.y])
			),
			"%s: warning %s" % [cell, warnings]
		)
		expect(p.layout == null, "%s: no storey" % cell)
		expect(p.get_renderer().get_child_count() == 0, "%s: nothing drawn" % cell)
	p.forced_staircase = Vector2i(-1, -1)
	expect_shows(p, "fixed")
	p.free()
	return ok()


func test_missing_theme_is_a_configuration_warning() -> bool:
	var p := preview()
	p.cell_definitions = null
	var warnings: PackedStringArray = p._get_configuration_warnings()
	expect(
		warnings.size() == 1 and warnings[0].contains("cell_definitions"), "warning %s" % warnings
	)
	var unready := StoreyPreview.new()
	unready.cell_definitions = null
	expect_eq(unready._get_configuration_warnings().size(), 1, "warned before entering the tree")
	unready.free()
	var partial := CellDefinitions.new()
	partial.wall = RUSTY.wall
	p.cell_definitions = partial
	warnings = p._get_configuration_warnings()
	expect(warnings.size() == 1 and warnings[0].contains("EMPTY"), "names the missing types")
	p.free()
	return ok()


func test_editing_the_theme_redraws() -> bool:
	var p := preview()
	var theme: CellDefinitions = RUSTY.duplicate(true)
	theme.wall_kit = null
	p.cell_definitions = theme
	var mesh := BoxMesh.new()
	theme.wall.mesh = mesh
	expect_eq(
		p.get_renderer().get_visual(StoreyLayout.CellType.WALL).multimesh.mesh,
		mesh as Mesh,
		"the edited wall mesh is drawn"
	)
	p.free()
	return ok()
