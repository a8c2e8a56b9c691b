extends "res://tests/suite.gd"
## How the surface reads from its camera (src/world/surface/, src/world/camera/): salvage
## heaps that shrink with the units left and are gone when empty, one colour per kind, the
## building's walls that stop Genesis at the footprint's edge, the lit door marker on the
## DOOR cell, and a camera that frames Genesis closely out there, the door and a heap in
## view at the start, following it, its zoom keys working. The renderer keeps what it drew
## (headless rendering keeps no MultiMesh transforms to read back), so the tests read that.

## A building seed whose level-4 surface has heaps of all three kinds.
const ALL_KINDS_SEED := 20260316
## How near the surface camera frames Genesis at the start, in metres.
const FRAMED_WITHIN := 24.0


## A game that starts out on the surface (the game's own way), its hints kept apart.
func surface_game() -> OutpostGame:
	var game := (
		(load("res://src/game/outpost_game.tscn") as PackedScene).instantiate() as OutpostGame
	)
	game.menu_scene = ""
	(game.get_node(^"HintCoach") as HintCoach).settings_path = TEST_SETTINGS
	add(game)
	return game


## A renderer under the root that has drawn the surface of `seed_value` at `level`.
func rendered(seed_value: int, level: int) -> SurfaceRenderer:
	var renderer := SurfaceRenderer.new()
	add(renderer)
	renderer.render(SurfaceGenerator.generate(seed_value, level))
	return renderer


## The nodes of `renderer`'s surface of `kind` with units left, as it drew them.
func drawn_heaps(renderer: SurfaceRenderer, kind: String) -> int:
	var count := 0
	for i in renderer.layout.salvage_nodes.size():
		if renderer.layout.salvage_nodes[i]["kind"] == kind and renderer.heap_scales[i] > 0.0:
			count += 1
	return count


## Where the camera will be once it has caught up, so that its projections are the goal's.
func settle_camera(game: OutpostGame) -> void:
	await process_frames(2)  # the HUD's margins
	game.camera.global_transform = game.camera.goal_transform()


func test_a_heap_shrinks_with_the_units_left() -> bool:
	var game := surface_game()
	var renderer := game.surface.renderer
	var node: SalvageNode = game.surface.get_nodes()[0]
	expect_eq(renderer.heap_scales[0], 1.0, "a full heap at full size")
	node.take(node.amount / 2)
	var half := renderer.heap_scales[0]
	expect_eq(half, SurfaceRenderer.heap_scale(node.left, node.amount), "its share's scale")
	expect(half < 0.85, "half salvaged, visibly smaller: %.2f" % half)
	node.take(node.left - 1)
	var last := renderer.heap_scales[0]
	expect(last < half, "one unit left, smaller still: %.2f" % last)
	expect_eq(last, SurfaceRenderer.HEAP_MIN_SCALE, "one unit left: the smallest heap")
	expect(last >= 0.3, "yet still there to see: %.2f" % last)
	end_game(game)
	return ok()


func test_an_empty_heap_is_not_drawn() -> bool:
	var game := surface_game()
	var renderer := game.surface.renderer
	var node: SalvageNode = game.surface.get_nodes()[0]
	var visual := renderer.get_part(StringName("HEAP_" + node.kind))
	var before := visual.multimesh.instance_count
	expect_eq(before, drawn_heaps(renderer, node.kind), "one instance per heap of the kind")
	node.take(node.amount)
	expect_eq(renderer.heap_scales[0], 0.0, "an empty heap has no size")
	expect_eq(visual.multimesh.instance_count, before - 1, "and no instance")
	expect_eq(visual.multimesh.buffer.size(), (before - 1) * 12, "refilled through buffer")
	node.set_left(3)
	expect_eq(visual.multimesh.instance_count, before, "back when it has units again (a load)")
	end_game(game)
	return ok()


func test_the_three_salvage_kinds_get_three_colours() -> bool:
	var renderer := rendered(ALL_KINDS_SEED, 4)
	var colours: Array[Color] = []
	for kind: String in ["SCRAP", "ALLOY", "CIRCUITS"]:
		var visual := renderer.get_part(StringName("HEAP_" + kind))
		expect(drawn_heaps(renderer, kind) > 0, "heaps of %s on this surface" % kind)
		expect_eq(visual.multimesh.instance_count, drawn_heaps(renderer, kind), kind + " heaps")
		var colour := (visual.material_override as StandardMaterial3D).albedo_color
		expect_eq(colour, SurfaceRenderer.HEAP_COLORS[kind], kind + "'s colour")
		colours.append(colour)
	for i in colours.size():
		for j in range(i + 1, colours.size()):
			var apart := Vector3(colours[i].r, colours[i].g, colours[i].b).distance_to(
				Vector3(colours[j].r, colours[j].g, colours[j].b)
			)
			expect(apart > 0.4, "colours %d and %d apart: %.2f" % [i, j, apart])
	renderer.free()
	return ok()


func test_the_door_marker_stands_on_the_door_cell() -> bool:
	for seed_value in [20260316, 3, 77, 1234]:
		var renderer := rendered(seed_value, 1 + seed_value % 4)
		var layout := renderer.layout
		var marker := renderer.door_marker
		var at := Vector2i(floori(marker.origin.x), floori(marker.origin.z))
		expect_eq(at, layout.door_cell, "seed %d: the frame on the DOOR cell" % seed_value)
		var way := layout.entrance_cell - layout.door_cell
		var through := marker.basis.x.normalized()
		expect(
			absf(through.dot(Vector3(way.x, 0, way.y))) > 0.99,
			"seed %d: the way in passes through the frame" % seed_value
		)
		var tall := marker.basis.y.length() * StoreyMeshes.DOOR_FRAME_HEIGHT
		var walls: float = SurfaceRenderer.HEIGHTS[SurfaceLayout.Terrain.FOOTPRINT]
		expect(tall > walls, "seed %d: over the walls (%.1f m)" % [seed_value, tall])
		var frame := renderer.get_part(SurfaceRenderer.DOOR_FRAME)
		expect_eq(frame.multimesh.instance_count, 1, "seed %d: one frame" % seed_value)
		var lit := frame.material_override as StandardMaterial3D
		expect(lit.emission_enabled, "seed %d: the frame is lit" % seed_value)
		var arrow := renderer.get_part(SurfaceRenderer.DOOR_ARROW)
		expect_eq(arrow.multimesh.instance_count, 1, "seed %d: an arrow over it" % seed_value)
		renderer.free()
	return ok()


func test_the_buildings_walls_stop_genesis_at_the_footprints_edge() -> bool:
	var renderer := rendered(7, 3)
	var layout := renderer.layout
	await physics_frames(1)
	var space := tree.root.find_world_3d().direct_space_state
	var height := GenesisStats.new().hover_height
	var tried := 0
	var wrong: Array[String] = []
	for cell in layout.get_cells_of_type(SurfaceLayout.Terrain.FOOTPRINT):
		for step: Vector2i in [Vector2i.LEFT, Vector2i.RIGHT, Vector2i.UP, Vector2i.DOWN]:
			var outside := cell + step
			if not layout.is_walkable(outside):
				continue
			tried += 1
			var from := Vector3(outside.x + 0.5, height, outside.y + 0.5)
			var edge := from - Vector3(step.x, 0, step.y) * 0.5
			var ray := PhysicsRayQueryParameters3D.create(
				from, from - Vector3(step.x, 0, step.y) * 2.0, StoreyCollision.WALLS_LAYER
			)
			var hit := space.intersect_ray(ray)
			if hit.is_empty() or (hit.position as Vector3).distance_to(edge) > 0.01:
				wrong.append("%s from %s: %s" % [cell, outside, hit.get("position")])
	expect(tried > 20, "rays from open ground into the building: %d" % tried)
	expect(wrong.is_empty(), "rays not stopped at the wall: %s" % [wrong])
	renderer.free()
	return ok()


func test_the_surface_camera_frames_genesis_within_24_metres() -> bool:
	var game := surface_game()
	await settle_camera(game)
	var camera := game.camera
	var genesis := game.genesis.global_position
	var away := camera.global_position.distance_to(genesis)
	expect(away <= FRAMED_WITHIN, "the camera %.1f m from Genesis" % away)
	var on_screen := camera.unproject_position(genesis)
	var band := Rect2(Vector2.ZERO, camera.get_viewport().get_visible_rect().size)
	band = band.grow_individual(0, -game.hud.covered_margins().x, 0, -game.hud.covered_margins().y)
	expect(band.has_point(on_screen), "Genesis at %s, in %s" % [on_screen, band])
	end_game(game)
	return ok()


func test_the_door_and_the_nearest_heap_are_in_view_at_the_start() -> bool:
	var game := surface_game()
	await settle_camera(game)
	var camera := game.camera
	var surface := game.surface
	var door := surface.renderer.to_global(surface.renderer.door_marker.origin)
	expect(camera.is_position_in_frustum(door), "the door in view")
	var start := game.genesis.current_cell()
	var nearest: SalvageNode
	for node in surface.get_nodes():
		if nearest == null or start.distance_to(node.cell) < start.distance_to(nearest.cell):
			nearest = node
	var heap := surface.to_global(Vector3(nearest.cell.x + 0.5, 0.3, nearest.cell.y + 0.5))
	expect(camera.is_position_in_frustum(heap), "the nearest heap, at %s, in view" % nearest.cell)
	end_game(game)
	return ok()


func test_the_surface_camera_follows_genesis() -> bool:
	var game := surface_game()
	var before := game.camera.framed_rect()
	var far := Vector2i(-1, -1)
	for x in range(game.surface.layout.width - 1, -1, -1):
		if game.surface.layout.is_walkable(Vector2i(x, 4)):
			far = Vector2i(x, 4)
			break
	game.genesis.place_on_ground(game.surface.global_position, far)
	var after := game.camera.framed_rect()
	expect(after.position != before.position, "the framed cells move with Genesis")
	var on := Vector2(game.genesis.global_position.x, game.genesis.global_position.z)
	expect(after.has_point(on), "Genesis at %s inside them (%s)" % [on, after])
	var chunk := Rect2(Vector2.ZERO, Vector2(game.surface.layout.width, game.surface.layout.height))
	expect(chunk.encloses(after), "and they stay on the chunk: %s" % after)
	end_game(game)
	return ok()


func test_the_zoom_keys_close_in_on_genesis_on_the_surface() -> bool:
	var game := surface_game()
	var genesis := game.genesis.global_position
	var before := game.camera.goal_transform().origin.distance_to(genesis)
	for i in 3:
		press(&"zoom_in")
	var closer := game.camera.goal_transform().origin.distance_to(genesis)
	expect(closer < before * 0.9, "zoomed in: %.1f m, from %.1f m" % [closer, before])
	for i in 3:
		press(&"zoom_out")
	var back := game.camera.goal_transform().origin.distance_to(genesis)
	expect(is_equal_approx(back, before), "zoomed out again: %.1f m" % back)
	end_game(game)
	return ok()
