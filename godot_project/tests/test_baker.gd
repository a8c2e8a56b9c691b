extends "res://tests/suite.gd"
## StoreyBaker: a storey or a building as plain nodes outside the tree, owned by the bake's
## root; the theme's meshes, wall and bounds collision on their layers, markers in their
## persistent groups with their cells, a baked navigation mesh over the walkable cells
## only; the bake's parameters, re-baking, refusals; the object scenes on request
## (with generation settings: test_baker_settings.gd).
## StoreyPicture's colours and StoreyDraft (the dock's Generate) are checked here too.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
const DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")
const UNDERGROUND := StoreyLayout.StoreyType.UNDERGROUND
const WALL := StoreyLayout.CellType.WALL


func storey(seed_value: int = 5, depth: int = 3, level: int = 2) -> StoreyLayout:
	return StoreyGenerator.generate(seed_value, depth, level, Vector2i(-1, -1), UNDERGROUND)


## Every node under [param root], [param root] excluded (not inside instanced scenes).
static func descendants(root: Node) -> Array[Node]:
	var out: Array[Node] = []
	for child in root.get_children():
		out.append(child)
		if child.scene_file_path.is_empty():
			out.append_array(descendants(child))
	return out


## What a bake is made of, as text: every node's path, class, position, groups and
## metadata, and what it holds (instances and buffer, box sizes, navigation polygons).
static func fingerprint(root: Node) -> String:
	var lines := PackedStringArray()
	for node in descendants(root):
		var line := "%s %s" % [root.get_path_to(node), node.get_class()]
		if node is Node3D:
			line += " %s" % (node as Node3D).position
		line += " %s" % [node.get_groups()]
		for key in node.get_meta_list():
			line += " %s=%s" % [key, node.get_meta(key)]
		if node is MultiMeshInstance3D:
			var multimesh := (node as MultiMeshInstance3D).multimesh
			line += " %d %d" % [multimesh.instance_count, hash(multimesh.buffer)]
		elif node is CollisionShape3D:
			line += " %s" % ((node as CollisionShape3D).shape as BoxShape3D).size
		elif node is NavigationRegion3D:
			var mesh := (node as NavigationRegion3D).navigation_mesh
			line += " %d %d" % [mesh.get_polygon_count(), hash(mesh.vertices)]
		lines.append(line)
	return "\n".join(lines)


func test_a_baked_storey_is_outside_the_tree_and_owned_by_its_root() -> bool:
	var baked := StoreyBaker.bake_storey(storey())
	expect(not baked.is_inside_tree(), "outside the tree")
	var stray := descendants(baked).filter(func(n: Node) -> bool: return n.owner != baked)
	expect_eq(stray.size(), 0, "nodes not owned by the root")
	expect(descendants(baked).size() > 20, "a few dozen nodes")
	baked.free()
	return ok()


func test_each_drawn_cell_type_is_one_multimesh_of_the_theme() -> bool:
	var layout := storey()
	var theme: CellDefinitions = RUSTY.duplicate()
	theme.wall_kit = null
	var baked := StoreyBaker.bake_storey(layout, theme)
	for cell_type in CellDefinitions.TYPES:
		var visual := baked.get_node_or_null(CellDefinitions.type_name(cell_type))
		if not expect(visual is MultiMeshInstance3D, "a MultiMesh for %d" % cell_type):
			continue
		var multimesh: MultiMesh = visual.multimesh
		expect_eq(
			multimesh.instance_count,
			layout.get_cells_of_type(cell_type).size(),
			"instances of %s" % visual.name
		)
		expect_eq(
			multimesh.mesh, theme.get_definition(cell_type).get_mesh(), "mesh of " + visual.name
		)
	var first_wall := layout.get_cells_of_type(WALL)[0]
	# (The buffer, not get_instance_transform(): headless, that reads back the identity.)
	var buffer := (baked.get_node("WALL") as MultiMeshInstance3D).multimesh.buffer
	expect_eq(
		Vector2(buffer[3], buffer[11]),
		Vector2(first_wall.x + 0.5, first_wall.y + 0.5),
		"cell (x, y) at (x + 0.5, _, y + 0.5)"
	)
	baked.free()
	return ok()


func test_a_kit_theme_bakes_its_walls_as_one_multimesh_per_piece() -> bool:
	var layout := storey()
	var baked := StoreyBaker.bake_storey(layout, RUSTY)
	var renderer := StoreyRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	renderer.render(layout)
	expect_eq(
		(baked.get_node("WALL") as MultiMeshInstance3D).multimesh.instance_count,
		0,
		"no per-cell walls"
	)
	for piece in WallKit.PIECES:
		var visual := baked.get_node_or_null("WALL_" + piece) as MultiMeshInstance3D
		if not expect(visual != null, "a MultiMesh for %s" % piece):
			continue
		expect_eq(
			visual.multimesh.instance_count,
			renderer.get_wall_piece_counts()[piece],
			"%s instances as the renderer draws them" % piece
		)
		expect(visual.multimesh.mesh == RUSTY.wall_kit.get_mesh(piece), "%s's mesh" % piece)
		expect(visual.owner == baked, "%s owned by the bake" % piece)
	renderer.free()
	baked.free()
	return ok()


func test_wall_boxes_on_layer_1_cover_exactly_the_wall_cells() -> bool:
	var layout := storey(8, 5, 4)
	var baked := StoreyBaker.bake_storey(layout)
	var walls: StaticBody3D = baked.get_node("Walls")
	expect_eq(walls.collision_layer, 1, "walls layer")
	expect_eq(walls.collision_mask, 0, "walls mask")
	var covered := {}
	for box: CollisionShape3D in walls.get_children():
		var size := (box.shape as BoxShape3D).size
		expect_eq(size.y, StoreyBaker.WALL_HEIGHT, "wall height")
		var corner := box.position - size * 0.5
		for x in int(size.x):
			for z in int(size.z):
				var cell := Vector2i(int(corner.x) + x, int(corner.z) + z)
				expect(not covered.has(cell), "cell %s covered twice" % cell)
				covered[cell] = true
	var want := {}
	for cell in layout.get_cells_of_type(WALL):
		want[cell] = true
	expect_eq(covered.size(), want.size(), "wall cells covered")
	expect(covered.keys().all(func(c: Vector2i) -> bool: return want.has(c)), "only walls")
	var bounds: StaticBody3D = baked.get_node("Bounds")
	expect_eq(bounds.collision_layer, 1 << 3, "bounds on layer 4")
	baked.free()
	return ok()


func test_markers_are_in_persistent_groups_with_their_cells() -> bool:
	var layout := storey(21, 4, 3)
	var baked := StoreyBaker.bake_storey(layout)
	var packed := PackedScene.new()
	expect_eq(packed.pack(baked), OK, "pack")
	var again := packed.instantiate()
	for cell_type: int in StoreyBaker.MARKER_GROUPS:
		var group := StoreyBaker.MARKER_GROUPS[cell_type]
		var cells := layout.get_cells_of_type(cell_type)
		var markers := again.get_node("Markers").get_children().filter(
			func(n: Node) -> bool: return n.is_in_group(group)
		)
		expect_eq(markers.size(), cells.size(), "%s markers after pack and instantiate" % group)
		for marker: Marker3D in markers:
			var cell: Vector2i = marker.get_meta(StoreyBaker.META_CELL)
			expect(cells.has(cell), "%s: a %s cell" % [marker.name, group])
			expect_eq(marker.position, layout.cell_center(cell), marker.name + " at its cell")
	expect(layout.get_cells_of_type(StoreyLayout.CellType.SHAFT).size() > 0, "shafts checked")
	again.free()
	baked.free()
	return ok()


func test_the_navigation_mesh_is_baked_over_walkable_cells_only() -> bool:
	for layout in [storey(), StoreyGenerator.generate(33, 1, 1)]:
		var baked := StoreyBaker.bake_storey(layout)
		var region: NavigationRegion3D = baked.get_node("Navigation")
		var mesh := region.navigation_mesh
		expect(mesh.get_polygon_count() > 0, "polygons")
		expect(mesh.agent_radius <= 0.25, "agent radius at most a quarter cell")
		var vertices := mesh.vertices
		var off := 0
		for i in mesh.get_polygon_count():
			var centre := Vector3.ZERO
			var polygon := mesh.get_polygon(i)
			for v in polygon:
				centre += vertices[v]
			centre /= polygon.size()
			if not layout.is_walkable(Vector2i(floori(centre.x), floori(centre.z))):
				off += 1
		expect_eq(off, 0, "polygons centred off the walkable cells")
		baked.free()
	return ok()


func test_a_building_stacks_its_storeys_3_m_apart_bottom_first() -> bool:
	var layouts := StoreyGenerator.generate_building(77, 3, 2, true)
	var building := StoreyBaker.bake_building(77, 2, 3, true)
	expect_eq(building.get_child_count(), layouts.size(), "one node per storey")
	for index in layouts.size():
		var node: Node3D = building.get_node("Storey%d" % index)
		expect_eq(node.position, Vector3(0.0, index * 3.0, 0.0), "storey %d height" % index)
		var meta: Dictionary = node.get_meta(StoreyBaker.META_LAYOUT)
		expect_eq(meta["storey_type"], int(layouts[index].storey_type), "storey %d type" % index)
		expect_eq(
			(node.get_node("WALL") as MultiMeshInstance3D).multimesh.instance_count,
			layouts[index].get_cells_of_type(WALL).size(),
			"storey %d walls" % index
		)
	var stray := descendants(building).filter(func(n: Node) -> bool: return n.owner != building)
	expect_eq(stray.size(), 0, "nodes not owned by the building")
	var bake: Dictionary = building.get_meta(StoreyBaker.META_BAKE)
	expect_eq(bake["kind"], "building", "kind")
	expect_eq(bake["storeys"], 3, "storeys kept")
	building.free()
	return ok()


func test_a_rebake_is_the_same_bake() -> bool:
	var forced := StoreyGenerator.generate(
		41, 2, 3, Vector2i(6, 5), StoreyLayout.StoreyType.GROUND_FLOOR
	)
	for baked: Node3D in [
		StoreyBaker.bake_storey(forced, RUSTY),
		StoreyBaker.bake_building(42, 3, 2, true, null, RUSTY),
	]:
		var again := StoreyBaker.rebake(baked)
		expect_eq(
			again.get_meta(StoreyBaker.META_BAKE), baked.get_meta(StoreyBaker.META_BAKE), "meta"
		)
		expect_eq(fingerprint(again), fingerprint(baked), "the same nodes")
		again.free()
		baked.free()
	var bake := StoreyBaker.generation_of(forced)
	expect_eq(bake.get("forced_staircase"), Vector2i(6, 5), "the forced staircase is kept")
	expect_eq(
		StoreyBaker.generation_of(storey()).get("forced_staircase"),
		Vector2i(-1, -1),
		"a generator's own staircase is not forced"
	)
	return ok()


func test_an_edited_layout_rebakes_with_its_edits() -> bool:
	var layout := storey().duplicate(true) as StoreyLayout
	var wall := layout.get_cells_of_type(WALL)[0]
	expect_eq(layout.paint([wall], StoreyLayout.CellType.OUT_OF_BOUNDS), 1, "one cell painted")
	expect(layout.is_consistent(), "still a layout")
	var baked := StoreyBaker.bake_storey(layout)
	expect(baked != null, "baked")
	var record: Dictionary = baked.get_meta(StoreyBaker.META_BAKE)
	expect_eq(record["kind"], "layout", "kind")
	expect(not record.has("seed_value"), "no generation: the seed does not make it")
	var again := StoreyBaker.rebake(baked)
	expect(again != null, "re-baked from its layout_json")
	if again != null:
		expect_eq(again.get_meta(StoreyBaker.META_BAKE), record, "the same record: the same storey")
		var walls: MultiMeshInstance3D = again.get_node("WALL")
		expect_eq(
			walls.multimesh.instance_count,
			storey().get_cells_of_type(WALL).size() - 1,
			"the wall painted over is not drawn again"
		)
		again.free()
	baked.free()
	return ok()


func test_a_record_of_no_storey_makes_no_layout() -> bool:
	expect_error("BakeRecord.layout_of: building is no storey's record")
	expect(BakeRecord.layout_of({"kind": "building"}, null) == null, "a building's record")
	expect_error("StoreyLayout.from_json: not a storey's JSON")
	expect(BakeRecord.layout_of({"kind": "layout", "layout_json": "{"}, null) == null, "bad json")
	return ok()


func test_bad_input_is_refused_with_an_error() -> bool:
	expect_error("StoreyBaker.bake_storey: layout is null")
	expect(StoreyBaker.bake_storey(null) == null, "null layout")
	expect_error("outpost_level")
	expect(StoreyBaker.bake_building(1, 9, 3, false) == null, "level 9")
	expect_error("StoreyBaker.bake_building: settings must be a StoreyGenerationSettings")
	expect(StoreyBaker.bake_building(1, 1, 3, false, Resource.new()) == null, "a Resource")
	expect_error("holds no bake")
	var plain := Node3D.new()
	expect(StoreyBaker.rebake(plain) == null, "a node that is no bake")
	plain.free()
	return ok()


func test_with_objects_the_object_scenes_stand_on_their_cells() -> bool:
	var layout := storey(12, 2, 2)
	var baked := StoreyBaker.bake_storey(layout, null, true)
	var objects := baked.get_node("Objects").get_children()
	var special := (
		layout.entry_cells.size() + layout.beacon_cells.size() + layout.shaft_cells.size() + 1
	)
	expect_eq(objects.size(), special, "one object per special cell")
	for object: Node3D in objects:
		expect(object.owner == baked, object.name + " owned by the bake")
		expect(not object.scene_file_path.is_empty(), object.name + " is a scene instance")
		var cell: Vector2i = object.get("cell")
		expect_eq(object.position, layout.cell_center(cell), object.name + " at its cell")
	baked.free()
	var plain := StoreyBaker.bake_storey(layout)
	expect(not plain.has_node("Objects"), "no objects by default")
	plain.free()
	return ok()


func test_a_default_bake_saves_without_any_script() -> bool:
	var building := StoreyBaker.bake_building(5, 2, 2, true)
	var packed := PackedScene.new()
	packed.pack(building)
	building.free()
	var path := "user://test_baker_building.tscn"
	expect_eq(ResourceSaver.save(packed, path), OK, "saved")
	var text := FileAccess.get_file_as_string(path)
	expect(not text.contains("Script"), "no Script resource")
	expect(not text.contains("script"), "no script property")
	expect(text.contains('groups=["outpost_entry"]'), "entry groups saved")
	DirAccess.remove_absolute(path)
	return ok()


func test_the_picture_has_the_reference_colours_and_the_path_overlay() -> bool:
	var layout := storey(3, 4, 4)
	var image := StoreyPicture.image(layout, 3)
	expect_eq(image.get_size(), Vector2i(layout.width, layout.height) * 3, "3 px per cell")
	var path_cells := layout.get_cells_of_type(StoreyLayout.CellType.PATH)
	expect(not path_cells.is_empty(), "a path is drawn")
	var wrong := 0
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			var want := StoreyPicture.colour_of(
				StoreyLayout.CellType.PATH if path_cells.has(cell) else layout.get_cell(cell)
			)
			if not image.get_pixel(x * 3 + 1, y * 3 + 1).is_equal_approx(want):
				wrong += 1
	expect_eq(wrong, 0, "cells of another colour")
	expect_eq(
		StoreyPicture.colour_of(StoreyLayout.CellType.BEACON),
		Color8(0xFF, 0x4D, 0xCC),
		"the reference's beacon magenta"
	)
	for cell_type in CellDefinitions.TYPES:
		var theme_colour := DEFAULT_THEME.get_definition(cell_type).color
		var colour := StoreyPicture.colour_of(cell_type)
		expect(
			(
				(
					Vector3(
						theme_colour.r - colour.r,
						theme_colour.g - colour.g,
						theme_colour.b - colour.b
					)
					. length()
				)
				< 0.01
			),
			"the default theme's colour of %s" % CellDefinitions.type_name(cell_type)
		)
	var small := StoreyPicture.fitted(layout, Vector2i(16, 16))
	expect_eq(small.get_size(), Vector2i(16, 16), "a small thumbnail scales the grid down")
	return ok()


func test_a_draft_with_a_kit_theme_draws_the_walls_as_the_kit() -> bool:
	var draft := StoreyDraft.new()
	draft.seed_value = 31
	draft.cell_definitions = RUSTY
	add(draft)
	var renderer := StoreyRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	renderer.render(draft.layout)
	expect_eq(draft.get_visual(WALL).multimesh.instance_count, 0, "no per-cell walls")
	for piece in WallKit.PIECES:
		var visual := draft.get_wall_piece_visual(piece)
		if expect(visual != null, "a visual for %s" % piece):
			expect_eq(
				visual.multimesh.instance_count,
				renderer.get_wall_piece_counts()[piece],
				"%s as the renderer draws it" % piece
			)
	draft.cell_definitions = DEFAULT_THEME
	expect(draft.get_wall_piece_visual(&"straight") == null, "no kit visuals without a kit")
	renderer.free()
	draft.free()
	return ok()


func test_a_draft_shows_the_generators_storey_and_saves_only_its_parameters() -> bool:
	var scene_root := Node3D.new()
	var draft := StoreyDraft.new()
	draft.seed_value = 31
	draft.storey_depth = 2
	draft.outpost_level = 3
	scene_root.add_child(draft)
	draft.owner = scene_root
	add(scene_root)
	expect(
		draft.layout != null and draft.layout.is_equal_to(StoreyGenerator.generate(31, 2, 3)),
		"storey"
	)
	expect_eq(
		draft.get_visual(WALL).multimesh.instance_count,
		draft.layout.get_cells_of_type(WALL).size(),
		"walls drawn"
	)
	draft.storey_type = UNDERGROUND
	expect_eq(draft.layout.storey_type, UNDERGROUND, "a parameter regenerates")
	var packed := PackedScene.new()
	packed.pack(scene_root)
	var again := add(packed.instantiate())
	expect_eq(
		again.get_child(0).get_child_count(true),
		CellDefinitions.TYPES.size() + 1,
		"drawn again: every type and the door frame"
	)
	expect_eq(again.get_child(0).get_child_count(), 0, "no saved child")
	again.free()
	var baked := draft.bake()
	expect_eq(baked.get_meta(StoreyBaker.META_BAKE)["storey_type"], int(UNDERGROUND), "bake")
	baked.free()
	draft.forced_staircase = Vector2i(0, 0)
	expect(draft.layout == null, "a refused staircase: no storey")
	expect(draft._get_configuration_warnings().size() == 1, "and a warning")
	scene_root.free()
	return ok()


func test_a_ground_floor_bake_marks_its_entrance_and_frames_its_door() -> bool:
	var layout := StoreyGenerator.generate(44, 1, 2)
	var baked := StoreyBaker.bake_storey(layout, RUSTY)
	var packed := PackedScene.new()
	expect_eq(packed.pack(baked), OK, "pack")
	var again := packed.instantiate()
	var markers := again.get_node("Markers").get_children().filter(
		func(n: Node) -> bool: return n.is_in_group(&"outpost_entrance")
	)
	expect_eq(markers.size(), 1, "one entrance marker")
	if markers.size() == 1:
		expect_eq(markers[0].get_meta(&"cell"), layout.entrance_cell, "its cell")
		expect_eq(markers[0].position, layout.cell_center(layout.entrance_cell), "at its cell")
	var frame: MultiMeshInstance3D = again.get_node(String(StoreyMeshes.DOOR_FRAME))
	expect_eq(frame.multimesh.instance_count, 1, "the door frame is baked")
	var upper := StoreyBaker.bake_storey(storey())
	expect_eq(
		upper.get_node(String(StoreyMeshes.DOOR_FRAME)).multimesh.instance_count, 0, "none below"
	)
	upper.free()
	again.free()
	baked.free()
	return ok()
