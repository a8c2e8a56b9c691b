extends "res://tests/suite.gd"
## The surface in the game (src/world/surface/): SurfaceRenderer draws one MultiMesh per
## terrain kind and collides where the chunk cannot be crossed; a new game starts out on
## the surface beside the door; walking into the door enters on the ground floor's
## ENTRANCE and stepping back onto the ENTRANCE leaves by the door; holding interact
## beside a salvage node takes its units into the ledger; the agents never hunt Genesis
## outside; saves keep where Genesis is and the salvage left, and saves without the
## surface part load inside the building.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
const TERRAINS: Array[int] = [
	SurfaceLayout.Terrain.GROUND,
	SurfaceLayout.Terrain.ROCK,
	SurfaceLayout.Terrain.RUBBLE,
	SurfaceLayout.Terrain.FOOTPRINT,
	SurfaceLayout.Terrain.DOOR,
]


## A game that starts out on the surface (the game's own way), as [method outpost_game]
## makes it otherwise.
func surface_game(seed_value: int = -1) -> OutpostGame:
	var game := (
		(load("res://src/game/outpost_game.tscn") as PackedScene).instantiate() as OutpostGame
	)
	game.menu_scene = ""
	(game.get_node(^"HintCoach") as HintCoach).settings_path = TEST_SETTINGS
	if seed_value >= 0:
		game.building_seed = seed_value
	add(game)
	return game


## Puts Genesis over [param cell] of the surface (the move keys' end, without flying).
func hover_outside(game: OutpostGame, cell: Vector2i) -> void:
	game.genesis.place_on_ground(game.surface.global_position, cell)


func test_the_renderer_draws_one_multimesh_per_terrain_kind_from_its_buffer() -> bool:
	var renderer := SurfaceRenderer.new()
	renderer.cell_definitions = RUSTY
	add(renderer)
	var layout := SurfaceGenerator.generate(42, 2)
	renderer.render(layout)
	var drawn := 0
	var roof := renderer.get_part(SurfaceRenderer.ROOF)
	for terrain in TERRAINS:
		var visual := renderer.get_visual(terrain)
		var cells := layout.get_cells_of_type(terrain)
		var count := visual.multimesh.instance_count
		if terrain == SurfaceLayout.Terrain.FOOTPRINT:
			count += roof.multimesh.instance_count  # the building: its walls round its roof
		expect_eq(count, cells.size(), "%d instances" % terrain)
		expect_eq(visual.multimesh.buffer.size(), visual.multimesh.instance_count * 12, "buffer")
		drawn += count
		if not cells.is_empty():
			var b := visual.multimesh.buffer
			var at := Vector2i(floori(b[3]), floori(b[11]))
			expect(cells.has(at), "the first instance on a %d cell" % terrain)
	expect_eq(drawn, layout.width * layout.height, "every cell drawn once")
	var walls := renderer.get_visual(SurfaceLayout.Terrain.FOOTPRINT).multimesh.instance_count
	expect(walls > 0 and roof.multimesh.instance_count > 0, "the building: walls and a roof")
	var footprint := renderer.get_visual(SurfaceLayout.Terrain.FOOTPRINT)
	var wall_color := RUSTY.get_definition(StoreyLayout.CellType.WALL).color
	expect_eq(
		(footprint.material_override as ShaderMaterial).get_shader_parameter(&"albedo"),
		wall_color,
		"the building in the theme's wall colour"
	)
	var door := renderer.get_visual(SurfaceLayout.Terrain.DOOR)
	expect_eq(
		(door.material_override as StandardMaterial3D).albedo_color,
		RUSTY.get_definition(StoreyLayout.CellType.ENTRANCE).color,
		"the door in the ENTRANCE's colour"
	)
	renderer.free()
	return ok()


func test_rock_and_the_building_collide_and_open_ground_does_not() -> bool:
	var renderer := SurfaceRenderer.new()
	add(renderer)
	var layout := SurfaceGenerator.generate(7, 3)
	renderer.render(layout)
	await physics_frames(1)
	var query := PhysicsShapeQueryParameters3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.9, 0.5, 0.9)
	query.shape = box
	query.collision_mask = StoreyCollision.WALLS_LAYER
	var space := tree.root.find_world_3d().direct_space_state
	var wrong := 0
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			query.transform = Transform3D(Basis.IDENTITY, Vector3(x + 0.5, 0.6, y + 0.5))
			var hit := not space.intersect_shape(query, 1).is_empty()
			wrong += 1 if hit == layout.is_walkable(cell) else 0
	expect_eq(wrong, 0, "cells whose collision is not their walkability")
	renderer.free()
	return ok()


func test_a_new_game_starts_on_the_surface_beside_the_door() -> bool:
	var game := surface_game()
	var surface := game.surface
	expect(surface.outside, "out on the surface")
	expect(surface.visible and not game.building.visible, "the surface shown, not the building")
	expect(game.building.genesis_outside, "the building knows")
	await process_frames(1)
	var floor_line := (game.hud.get_node(^"%FloorLabel") as Label).text
	var genesis_line := (game.hud.get_node(^"%GenesisFloorLabel") as Label).text
	expect(floor_line.contains(SurfaceText.surface()), "the HUD views the surface: " + floor_line)
	expect(genesis_line.contains(SurfaceText.surface()), "and has Genesis there: " + genesis_line)
	var hint := (game.hud.get_node(^"%PromptLabel") as Label).text
	expect_eq(hint, SurfaceText.door_hint(), "the door hint away from any heap")
	var cell := game.genesis.current_cell()
	expect_eq(cell, surface.start_cell(), "on the start cell")
	expect(cell != surface.layout.door_cell, "not on the door itself")
	expect_eq(Interaction.cells_away(cell, surface.layout.door_cell), 1, "one step from the door")
	await physics_frames(30)
	expect(surface.outside, "still outside after 30 ticks")
	end_game(game)
	return ok()


func test_walking_into_the_door_enters_on_the_entrance_and_stepping_back_leaves() -> bool:
	var game := surface_game()
	var surface := game.surface
	var building := game.building
	var ground := building.get_ground_floor()
	var layout := building.layouts[ground]
	hover_outside(game, surface.layout.door_cell)
	await physics_frames(2)
	expect(not surface.outside, "inside after stepping into the door")
	expect(building.visible and not surface.visible, "the building shown")
	expect(not surface.renderer.can_process(), "the chunk's bodies out of the physics space")
	expect_eq(building.genesis_floor, ground, "on the ground floor")
	expect_eq(game.genesis.current_cell(), layout.entrance_cell, "on its ENTRANCE")
	await physics_frames(10)
	expect(not surface.outside, "arriving on the ENTRANCE does not send it back out")
	building.place_genesis(ground, layout.entrance_cell + StoreyMeshes.door_way(layout))
	await physics_frames(2)
	building.place_genesis(ground, layout.entrance_cell)
	await physics_frames(2)
	expect(surface.outside, "out again after stepping back onto the ENTRANCE")
	expect_eq(game.genesis.current_cell(), surface.layout.door_cell, "on the door")
	await physics_frames(10)
	expect(surface.outside, "arriving on the door does not send it back in")
	end_game(game)
	return ok()


func test_the_camera_frames_the_ground_floor_after_walking_in() -> bool:
	# The viewed floor is the ground floor before and after: no floor change to follow.
	var game := surface_game()
	var building := game.building
	expect_eq(building.viewed_floor, building.get_ground_floor(), "viewing the ground floor")
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(2)
	expect(not game.surface.outside, "inside after stepping into the door")
	var framed := game.camera.goal_transform()
	game.camera.frame_floor(building)
	expect(
		framed.origin.is_equal_approx(game.camera.goal_transform().origin),
		(
			"the camera heads for the ground floor (%s), not the surface (%s)"
			% [game.camera.goal_transform().origin, framed.origin]
		)
	)
	end_game(game)
	return ok()


func test_the_hud_shows_no_floors_beacons_on_the_surface() -> bool:
	var game := surface_game()
	await physics_frames(2)
	var beacons := game.hud.get_node(^"%BeaconsLabel") as Label
	expect(game.surface.outside, "a new game starts outside")
	expect(not beacons.visible, "no 'Beacons on this floor' line out on the surface")
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(2)
	expect(not game.surface.outside, "inside after stepping into the door")
	expect(beacons.visible, "the floor's beacons shown inside")
	end_game(game)
	return ok()


func test_the_hud_wave_line_counts_no_floors_agents_on_the_surface() -> bool:
	var game := surface_game()
	await physics_frames(2)
	var wave := game.hud.get_node(^"%WaveLabel") as Label
	expect(not wave.text.contains("on this floor"), "outside: %s" % wave.text)
	expect(wave.text.contains("in the outpost"), "the agents are inside: %s" % wave.text)
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(2)
	expect(wave.text.contains("on this floor"), "inside: %s" % wave.text)
	end_game(game)
	return ok()


func test_genesis_put_on_a_floor_from_outside_is_inside() -> bool:
	var game := surface_game()
	await physics_frames(2)
	expect(game.surface.outside, "a new game starts outside")
	var floor_index := game.loop.factory.factory_floor()
	var layout := game.building.layouts[floor_index]
	game.building.place_genesis(
		floor_index, layout.get_cells_of_type(StoreyLayout.CellType.EMPTY)[0]
	)
	expect(not game.surface.outside, "inside")
	expect(not game.building.genesis_outside, "and the building knows it")
	expect(game.building.visible and not game.surface.visible, "the building shown")
	expect_eq(game.surface.get_state()["outside"], false, "saved inside")
	end_game(game)
	return ok()


func test_the_agents_never_hunt_genesis_outside() -> bool:
	var game := surface_game()
	var ground := game.building.get_ground_floor()
	await physics_frames(3)
	for index in game.building.get_storey_count():
		expect_eq(
			game.building.get_swarm(index).get_heat_cell(),
			Vector2i(-1, -1),
			"no heat on floor %d" % index
		)
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(3)
	expect(game.building.get_swarm(ground).get_heat_cell() != Vector2i(-1, -1), "heat inside")
	end_game(game)
	return ok()


func test_holding_interact_beside_a_node_salvages_it_into_the_ledger() -> bool:
	var game := surface_game()
	var node: SalvageNode = game.surface.get_nodes()[0]
	hover_outside(game, node.cell)
	await physics_frames(1)
	var before := game.loop.materials
	var left := node.left
	var prompt := (game.hud.get_node(^"%PromptLabel") as Label).text
	var key := ActionKeys.describe(&"interact")
	expect_eq(prompt, SurfaceText.salvage(key, node.kind, left), "the salvage prompt")
	game.set_interacting(true)
	await physics_frames(60)
	game.set_interacting(false)
	var taken := left - node.left
	expect_eq(taken, 60 / game.surface.ticks_per_unit, "ten units a second")
	expect(is_equal_approx(game.loop.materials - before, taken), "each unit a material")
	await physics_frames(30)
	expect_eq(left - node.left, taken, "nothing more once interact is let go")
	end_game(game)
	return ok()


func test_a_save_on_the_surface_resumes_there_with_the_salvage_left() -> bool:
	var game := surface_game(31337)
	var node: SalvageNode = game.surface.get_nodes()[1]
	hover_outside(game, node.cell)
	game.set_interacting(true)
	await physics_frames(45)
	game.set_interacting(false)
	await physics_frames(1)
	var path := "user://test_surface_outside.json"
	expect_eq(game.save_game(path), OK, "saved")
	var hash_before := game.get_state_hash()
	var again := outpost_game(false, null, 5)
	expect(not again.surface.outside, "the test game starts inside")
	expect_eq(again.load_game(path), OK, "loaded")
	expect(again.surface.outside, "out on the surface again")
	expect_eq(again.get_state_hash(), hash_before, "the same game")
	expect_eq(again.surface.get_nodes()[1].left, node.left, "the salvage left")
	expect(not again.building.visible, "the building hidden")
	await physics_frames(20)  # both games run these ticks side by side
	expect_eq(again.get_state_hash(), game.get_state_hash(), "resume equals continue")
	end_game(again)
	end_game(game)
	return ok()


func test_a_save_inside_after_entering_resumes_inside() -> bool:
	var game := surface_game(31337)
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(2)
	expect(not game.surface.outside, "entered")
	var path := "user://test_surface_inside.json"
	expect_eq(game.save_game(path), OK, "saved")
	var again := surface_game(99)
	expect_eq(again.load_game(path), OK, "loaded")
	expect(not again.surface.outside, "inside")
	expect(again.building.visible, "the building shown")
	expect_eq(again.get_state_hash(), game.get_state_hash(), "the same game")
	await physics_frames(5)
	expect(not again.surface.outside, "the ENTRANCE it stands on does not send it out")
	end_game(again)
	end_game(game)
	return ok()


func test_a_save_without_the_surface_part_loads_inside_with_every_node_full() -> bool:
	var game := surface_game(4242)
	var node: SalvageNode = game.surface.get_nodes()[0]
	hover_outside(game, node.cell)
	game.set_interacting(true)
	await physics_frames(30)
	game.set_interacting(false)
	var state := game.get_state()
	state.erase("surface")
	var path := "user://test_surface_missing.json"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(JSON.stringify(state))
	file.close()
	var again := surface_game(1)
	expect_eq(again.load_game(path), OK, "loaded")
	expect(not again.surface.outside, "inside, as before the surface")
	expect(again.building.visible, "the building shown")
	expect_eq(again.building.genesis_floor, again.building.get_ground_floor(), "ground floor")
	for n in again.surface.get_nodes():
		expect_eq(n.left, n.amount, "node full")
	end_game(again)
	end_game(game)
	return ok()


func test_a_save_out_on_the_surface_with_genesis_on_another_floor_is_refused() -> bool:
	var game := surface_game(4242)
	await physics_frames(2)
	var state := game.get_state()
	expect(state["surface"]["outside"], "saved outside")
	# On the underground floor, on open floor: not where the door leads.
	var empty: Vector2i = game.building.layouts[0].get_cells_of_type(StoreyLayout.CellType.EMPTY)[0]
	state["building"]["genesis"]["floor"] = 0
	state["building"]["genesis"]["cell"] = [empty.x, empty.y]
	var path := "user://test_surface_inconsistent.json"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(JSON.stringify(state))
	file.close()
	var before := game.get_state()
	expect_error("OutpostGame.load_game: .*surface.outside is true but building.genesis.floor is 0")
	expect_eq(game.load_game(path), ERR_INVALID_DATA, "refused")
	expect_eq(game.get_state(), before, "the game untouched")
	end_game(game)
	return ok()


func test_older_formats_load_inside_the_building() -> bool:
	for format in [1, 2]:
		var game := surface_game(1)
		var file := ProjectSettings.globalize_path(
			"res://tests/fixtures/save_format%d.json" % format
		)
		expect_eq(game.load_game(file), OK, "format %d loads" % format)
		expect(not game.surface.outside, "format %d: inside" % format)
		expect(game.building.visible, "format %d: the building shown" % format)
		end_game(game)
	return ok()


func test_a_surface_state_that_does_not_fit_is_refused() -> bool:
	var game := surface_game(8)
	var state := game.get_state()
	var context := {"data": state}
	var good: Dictionary = state["surface"]
	expect_eq(OutpostSurface.check_state(good, context), "", "its own state passes")
	var fewer := good.duplicate(true)
	(fewer["salvage"] as Array).pop_back()
	expect(OutpostSurface.check_state(fewer, context).contains("surface.salvage"), "a node short")
	var more := good.duplicate(true)
	more["salvage"][0] = 100000.0
	expect(OutpostSurface.check_state(more, context).contains("surface.salvage[0]"), "too much")
	var rock := good.duplicate(true)
	var rocks := game.surface.layout.get_cells_of_type(SurfaceLayout.Terrain.ROCK)
	rock["cell"] = StateCheck.list_of(rocks[0])
	rock["outside"] = true
	expect(OutpostSurface.check_state(rock, context).contains("surface.cell"), "Genesis in rock")
	end_game(game)
	return ok()


func test_build_mode_stays_off_on_the_surface() -> bool:
	var game := surface_game()
	game.builder.set_active(true)
	expect(not game.builder.active, "no build mode outside")
	hover_outside(game, game.surface.layout.door_cell)
	await physics_frames(2)
	game.builder.set_active(true)
	expect(game.builder.active, "build mode inside")
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	game.building.place_genesis(ground, layout.entrance_cell + StoreyMeshes.door_way(layout))
	await physics_frames(2)
	game.building.place_genesis(ground, layout.entrance_cell)
	await physics_frames(2)
	expect(game.surface.outside, "out again")
	expect(not game.builder.active, "going out turns it off")
	end_game(game)
	return ok()


func test_two_cells_from_a_heap_the_prompt_says_how_close_to_come() -> bool:
	var game := surface_game()
	var nodes := game.surface.get_nodes()
	var node: SalvageNode = nodes[0]
	var cell := node.cell + Vector2i(2, 0)
	for step: Vector2i in [Vector2i(-2, 0), Vector2i(0, 2), Vector2i(0, -2)]:
		var taken := nodes.any(
			func(other: SalvageNode) -> bool: return Interaction.cells_away(cell, other.cell) < 2
		)
		if not taken:
			break
		cell = node.cell + step
	await physics_frames(3)
	hover_outside(game, cell)
	var at := game.genesis.current_cell()
	expect_eq(game.surface.salvage_target(), null, "none in reach at %s (placed %s)" % [at, cell])
	var prompt := game.surface.prompt(ActionKeys.describe(&"interact"))
	var near := game.surface.nearest_node()
	expect_eq(prompt, SurfaceText.come_closer(near.kind, 2), "how close to come")
	expect(prompt.contains("2 cells away"), prompt)
	end_game(game)
	return ok()
