extends "res://tests/suite.gd"
## The surface fills the screen with terrain, so what each of its pixels and cells costs
## sets its frame rate under a software renderer (docs/performance.md): the flat ground is
## one quad a cell, not a box, and the terrain is matt and lit per vertex.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")


func test_flat_ground_is_one_quad_a_cell_at_its_height() -> bool:
	var renderer := SurfaceRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	renderer.render(SurfaceGenerator.generate(42, 2))
	for terrain: int in [SurfaceLayout.Terrain.GROUND, SurfaceLayout.Terrain.DOOR]:
		var multimesh := renderer.get_visual(terrain).multimesh
		var mesh := multimesh.mesh
		var triangles := mesh.get_faces().size() / 3
		expect_eq(triangles, 2, "%s: triangles a cell" % SurfaceRenderer.terrain_name(terrain))
		if multimesh.instance_count > 0:
			var top := multimesh.buffer[7]  # the first instance's origin y (3 x 4 rows)
			var height: float = SurfaceRenderer.HEIGHTS[terrain]
			expect(is_equal_approx(top, height), "the quad at the top: %.2f, %.2f" % [top, height])
	renderer.free()
	return ok()


func test_the_terrain_is_lit_per_vertex_without_specular() -> bool:
	var renderer := SurfaceRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	renderer.render(SurfaceGenerator.generate(42, 2))
	var parts: Array[MultiMeshInstance3D] = [renderer.get_part(SurfaceRenderer.ROOF)]
	for terrain: int in SurfaceRenderer.HEIGHTS:
		if terrain != SurfaceLayout.Terrain.DOOR:  # the door glows: its own material
			parts.append(renderer.get_visual(terrain))
	for visual in parts:
		var material := visual.material_override as StandardMaterial3D
		expect_eq(material.shading_mode, BaseMaterial3D.SHADING_MODE_PER_VERTEX, visual.name)
		expect_eq(material.specular_mode, BaseMaterial3D.SPECULAR_DISABLED, visual.name)
	renderer.free()
	return ok()
