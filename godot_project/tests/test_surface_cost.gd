extends "res://tests/suite.gd"
## The surface fills the screen with terrain, so what each of its pixels and cells costs
## sets its frame rate under a software renderer (docs/performance.md): the flat ground is
## one quad a cell, not a box; the terrain is matt, lit per vertex and samples no texture;
## and the terrain spread over the chunk is drawn in blocks, which the camera culls.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")


func test_flat_ground_is_one_quad_a_cell_at_its_height() -> bool:
	var renderer := _rendered()
	for terrain: int in [SurfaceLayout.Terrain.GROUND, SurfaceLayout.Terrain.DOOR]:
		for visual in renderer.get_visuals(terrain):
			var multimesh := visual.multimesh
			var triangles := multimesh.mesh.get_faces().size() / 3
			expect_eq(triangles, 2, "%s: triangles a cell" % visual.name)
			if multimesh.instance_count > 0:
				var top := multimesh.buffer[7]  # the first instance's origin y (3 x 4 rows)
				var height: float = SurfaceRenderer.HEIGHTS[terrain]
				expect(
					is_equal_approx(top, height), "the quad at the top: %.2f, %.2f" % [top, height]
				)
	renderer.free()
	return ok()


func test_the_terrain_is_lit_per_vertex_without_specular() -> bool:
	var renderer := _rendered()
	for visual in _terrain_visuals(renderer):
		var material := visual.material_override as ShaderMaterial
		expect(material != null, "%s: the terrain's shader" % visual.name)
		if material != null:
			var code := material.shader.code
			expect("vertex_lighting" in code, "%s: lit per vertex" % visual.name)
			expect("specular_disabled" in code, "%s: no specular" % visual.name)
	renderer.free()
	return ok()


# A StandardMaterial3D samples its albedo texture (white when none is set) at every pixel:
# most of what a pixel of terrain cost llvmpipe.
func test_the_terrain_samples_no_texture() -> bool:
	var renderer := _rendered()
	for visual in _terrain_visuals(renderer):
		var material := visual.material_override as ShaderMaterial
		expect(material != null, "%s: a shader material, not a StandardMaterial3D" % visual.name)
		if material == null:
			continue
		for uniform: Dictionary in material.shader.get_shader_uniform_list():
			expect(uniform["type"] != TYPE_OBJECT, "%s samples %s" % [visual.name, uniform["name"]])
		expect("texture(" not in material.shader.code, "%s: no texture read" % visual.name)
	renderer.free()
	return ok()


func test_the_terrain_keeps_its_colour_in_the_shader() -> bool:
	var renderer := _rendered()
	for terrain: int in [SurfaceLayout.Terrain.GROUND, SurfaceLayout.Terrain.ROCK]:
		var material := renderer.get_visual(terrain).material_override as ShaderMaterial
		var albedo: Color = material.get_shader_parameter(&"albedo")
		expect(
			albedo.is_equal_approx(renderer.terrain_color(terrain)), "%d: %s" % [terrain, albedo]
		)
	renderer.free()
	return ok()


# The camera frames about 18 x 12 of the 48 x 48 cells; one MultiMesh a kind is never culled
# and puts every cell of the chunk through the vertex stage each frame.
func test_ground_rock_and_rubble_are_drawn_in_blocks_the_camera_can_cull() -> bool:
	var renderer := _rendered()
	var layout := renderer.layout
	for terrain: int in SurfaceRenderer.BLOCKED:
		var visuals := renderer.get_visuals(terrain)
		var cells := layout.get_cells_of_type(terrain).size()
		expect(visuals.size() > 1, "%d: %d visuals for %d cells" % [terrain, visuals.size(), cells])
		var count := 0
		for visual in visuals:
			var multimesh := visual.multimesh
			count += multimesh.instance_count
			var blocks := {}
			for i in multimesh.instance_count:
				var origin := multimesh.get_instance_transform(i).origin
				var cell := Vector2i(floori(origin.x), floori(origin.z))
				blocks[cell / SurfaceRenderer.BLOCK_CELLS] = true
			expect_eq(blocks.size(), 1, "%s: one block of cells" % visual.name)
		expect_eq(count, cells, "%d: every cell in one block" % terrain)
	renderer.free()
	return ok()


func test_a_second_render_leaves_no_block_of_the_first() -> bool:
	var renderer := _rendered()
	renderer.render(SurfaceGenerator.generate(7, 3))
	var layout := renderer.layout
	for terrain: int in SurfaceRenderer.BLOCKED:
		var count := 0
		for visual in renderer.get_visuals(terrain):
			count += visual.multimesh.instance_count
		expect_eq(count, layout.get_cells_of_type(terrain).size(), "%d: cells drawn" % terrain)
	var drawn := 0
	for child in renderer.get_children():
		if child is MultiMeshInstance3D:
			drawn += (child as MultiMeshInstance3D).multimesh.instance_count
	var heaps := 0
	for kind: String in SurfaceRenderer.HEAP_COLORS:
		heaps += renderer.get_part(StringName("HEAP_" + kind)).multimesh.instance_count
	# every cell once (the DOOR's twice: its doorstep and its frame), the leaf and arrow
	expect_eq(drawn - heaps, layout.width * layout.height + 3, "nothing drawn twice")
	renderer.free()
	return ok()


func _rendered() -> SurfaceRenderer:
	var renderer := SurfaceRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	renderer.render(SurfaceGenerator.generate(42, 2))
	return renderer


func _terrain_visuals(renderer: SurfaceRenderer) -> Array[MultiMeshInstance3D]:
	var visuals: Array[MultiMeshInstance3D] = [renderer.get_part(SurfaceRenderer.ROOF)]
	for terrain: int in SurfaceRenderer.HEIGHTS:
		if terrain != SurfaceLayout.Terrain.DOOR:  # the door glows: its own material
			visuals.append_array(renderer.get_visuals(terrain))
	return visuals
