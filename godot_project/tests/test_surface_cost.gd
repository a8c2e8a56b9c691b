extends "res://tests/suite.gd"
## The surface fills the screen with terrain, so what each of its pixels and cells costs
## sets its frame rate under a software renderer (docs/performance.md): the flat ground is
## one quad a cell, not a box; the terrain is matt, lit per vertex and samples no texture.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")


func test_flat_ground_is_one_quad_a_cell_at_its_height() -> bool:
	var renderer := _rendered()
	for terrain: int in [SurfaceLayout.Terrain.GROUND, SurfaceLayout.Terrain.DOOR]:
		var multimesh := renderer.get_visual(terrain).multimesh
		var triangles := multimesh.mesh.get_faces().size() / 3
		expect_eq(triangles, 2, "%s: triangles a cell" % SurfaceRenderer.terrain_name(terrain))
		if multimesh.instance_count > 0:
			var top := multimesh.buffer[7]  # the first instance's origin y (3 x 4 rows)
			var height: float = SurfaceRenderer.HEIGHTS[terrain]
			expect(is_equal_approx(top, height), "the quad at the top: %.2f, %.2f" % [top, height])
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
			visuals.append(renderer.get_visual(terrain))
	return visuals
