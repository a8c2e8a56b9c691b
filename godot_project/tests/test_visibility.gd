extends "res://tests/suite.gd"
## What the player sees is the floor they are on: only the viewed storey is drawn (its
## walls, objects, agents, towers and scrap), every other storey is hidden in the call that
## changes the view, Genesis shows only on the viewed floor, and hidden walls still collide.


## The drawn nodes (VisualInstance3D: meshes, MultiMeshes, Label3Ds, particles) under
## storey [param index] that would show now.
func shown_under(game: OutpostGame, index: int) -> Array[String]:
	var out: Array[String] = []
	var storey := game.building.get_storey(index)
	for node in storey.find_children("*", "VisualInstance3D", true, false):
		if (node as VisualInstance3D).is_visible_in_tree():
			out.append(str(storey.get_path_to(node)))
	return out


## The first few of [param drawn], for a message.
func few(drawn: Array[String]) -> String:
	return (
		str(drawn.slice(0, 4)) + (" and %d more" % (drawn.size() - 4) if drawn.size() > 4 else "")
	)


## Floors other than the viewed one with something drawn, as "floor: node" lines.
func other_floors_shown(game: OutpostGame) -> Array[String]:
	var out: Array[String] = []
	for index in game.building.get_storey_count():
		if index == game.building.viewed_floor:
			continue
		for path in shown_under(game, index):
			out.append("%d: %s" % [index, path])
	return out


## A game whose every storey holds agents of each kind, a tower and scrap.
func populated_game() -> OutpostGame:
	var game := outpost_game(true)
	game.loop.materials = 10000.0
	for index in game.building.get_storey_count():
		var layout := game.building.layouts[index]
		var swarm := game.building.get_swarm(index)
		swarm.spawn_drone(layout.entry_cells[0])
		swarm.spawn_alien(layout.entry_cells[0])
		var placed := false
		for cell in layout.get_cells_of_type(StoreyLayout.CellType.EMPTY):
			if game.place_tower(index, cell):
				placed = true
				game.building.get_storey(index).get_scrap().drop(cell, 5.0)
				break
		expect(placed, "a tower on floor %d" % index)
	return game


func test_only_the_viewed_storey_is_drawn_on_every_floor() -> bool:
	var game := populated_game()
	await physics_frames(3)
	await process_frames(2)
	var building := game.building
	for index in building.get_storey_count():
		building.set_viewed_floor(index)
		var drawn := other_floors_shown(game)
		expect(drawn.is_empty(), "viewing floor %d, other floors draw %s" % [index, few(drawn)])
		var here := shown_under(game, index)
		for part in ["Renderer/WALL", "Renderer/EMPTY", "Swarm/Drones", "Swarm/Aliens"]:
			expect(here.has(part), "viewing floor %d, its %s is drawn (%s)" % [index, part, here])
		expect(
			here.any(func(path: String) -> bool: return path.begins_with("Towers/")),
			"viewing floor %d, its tower is drawn" % index
		)
	end_game(game)
	return ok()


func test_every_call_that_changes_the_view_hides_the_other_storeys_at_once() -> bool:
	var game := populated_game()
	await physics_frames(3)
	var building := game.building
	var steps: Array[Array] = []
	steps.append(["build", func() -> void: game.rebuild(game.building_seed)])
	steps.append(["ascend", func() -> void: building.ascend()])
	steps.append(["ascend again", func() -> void: building.ascend()])
	steps.append(["descend", func() -> void: building.descend()])
	steps.append(["view floor 0", func() -> void: building.set_viewed_floor(0)])
	steps.append(
		[
			"place Genesis on top",
			func() -> void: building.place_genesis(3, building.layouts[3].staircase_cell)
		]
	)
	steps.append(
		[
			"place Genesis on floor 2",
			func() -> void: building.place_genesis(2, building.layouts[2].staircase_cell)
		]
	)
	for step in steps:
		(step[1] as Callable).call()
		var drawn := other_floors_shown(game)
		expect(drawn.is_empty(), "after %s: other floors draw %s" % [step[0], few(drawn)])
		expect(
			building.get_storey(building.viewed_floor).is_visible_in_tree(),
			"after %s: the viewed storey shows" % step[0]
		)
	end_game(game)
	return ok()


func test_travel_shows_only_the_floor_genesis_reaches() -> bool:
	var game := outpost_game(true)
	var building := game.building
	expect(await travel_up_from_the_ground(game), "Genesis travels up")
	var drawn := other_floors_shown(game)
	expect(drawn.is_empty(), "after travelling up: other floors draw %s" % few(drawn))
	expect(building.descend(), "Genesis travels down")
	expect(building.descend(), "and down to the underground")
	drawn = other_floors_shown(game)
	expect(drawn.is_empty(), "in the underground: other floors draw %s" % few(drawn))
	end_game(game)
	return ok()


func test_genesis_is_visible_exactly_on_its_floor() -> bool:
	var game := outpost_game(true)
	var building := game.building
	building.place_genesis(2, building.layouts[2].staircase_cell)
	for index in building.get_storey_count():
		building.set_viewed_floor(index)
		expect_eq(
			game.genesis.is_visible_in_tree(), index == 2, "Genesis shown viewing floor %d" % index
		)
	end_game(game)
	return ok()


func test_walls_of_hidden_storeys_still_collide() -> bool:
	var game := outpost_game(true)
	var building := game.building
	building.set_viewed_floor(0)
	var space := game.get_world_3d().direct_space_state
	for index in range(1, building.get_storey_count()):
		expect(not building.get_storey(index).is_visible_in_tree(), "floor %d hidden" % index)
		var layout := building.layouts[index]
		var wall: Vector2i = layout.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
		var top := building.storey_origin(index) + layout.cell_center(wall)
		var query := PhysicsRayQueryParameters3D.create(
			top + Vector3(0.0, 2.5, 0.0), top + Vector3(0.0, 0.5, 0.0), StoreyRenderer.WALLS_LAYER
		)
		expect(not space.intersect_ray(query).is_empty(), "a wall of hidden floor %d hit" % index)
	end_game(game)
	return ok()


## Whether [param mesh]'s first material shows an X-ray silhouette in a colour (a standard
## material's X-ray stencil mode, or the objects' X-ray metal: [method ObjectLook.silhouette_of]).
func xray(mesh: Mesh) -> bool:
	var colour := (
		ObjectLook.silhouette_of(mesh.surface_get_material(0)) if mesh != null else Color()
	)
	return colour.a > 0.0 and colour != Color.BLACK


func test_genesis_agents_and_towers_show_a_silhouette_behind_walls() -> bool:
	var game := populated_game()
	await physics_frames(2)
	var floor_index := game.building.get_ground_floor()
	var swarm := game.building.get_swarm(floor_index)
	for kind in game.loop.rules.agent_kinds:
		var drawn := swarm.get_multimesh(swarm.find_kind(kind.name))
		expect(
			drawn != null and drawn.mesh == kind.mesh, "the %s draws its kind's mesh" % kind.name
		)
		expect(xray(kind.mesh), "the %s's mesh has an X-ray silhouette" % kind.name)
	for part in ["Core", "Ring"]:
		var visual := game.genesis.get_node("Visual/" + part) as MeshInstance3D
		expect(xray(visual.mesh), "Genesis's %s has an X-ray silhouette" % part)
	var tower: TowerObject = game.building.get_storey(floor_index).get_towers().all()[0]
	for part in ["Body", "Gun"]:
		var visual := tower.get_node(part) as MeshInstance3D
		expect(xray(visual.mesh), "a tower's %s has an X-ray silhouette" % part)
	end_game(game)
	return ok()


## Where [param label] shows on [param camera]'s screen: its box's corners projected (a
## fixed-size label is scaled by its depth in the view, as its material does).
func label_rect(label: Label3D, camera: Camera3D) -> Rect2:
	var box := label.get_aabb()
	var scale := 1.0
	if label.fixed_size:
		scale = -(camera.global_transform.affine_inverse() * label.global_position).z
	var right := camera.global_basis.x * scale
	var up := camera.global_basis.y * scale
	var at := label.global_position
	var a := camera.unproject_position(at + right * box.position.x + up * box.position.y)
	var b := camera.unproject_position(at + right * box.end.x + up * box.end.y)
	return Rect2(a, Vector2.ZERO).expand(b)


## Height on screen of one line of [param label], in pixels.
func line_pixels(label: Label3D, camera: Camera3D) -> float:
	return label_rect(label, camera).size.y / maxf(label.text.split("\n").size(), 1.0)


## The labels in the world that show now.
func shown_labels(game: OutpostGame) -> Array[Label3D]:
	var out: Array[Label3D] = []
	for node in game.find_children("*", "Label3D", true, false):
		var label := node as Label3D
		if label.is_visible_in_tree() and not label.text.is_empty():
			out.append(label)
	return out


## The camera at its default framing of the viewed floor, at once.
func frame(game: OutpostGame) -> void:
	game.camera.zoom = 1.0
	game.camera.frame_floor(game.building, true)


func test_labels_in_the_world_are_at_least_14_px_a_line_on_screen() -> bool:
	var game := outpost_game(true)
	var building := game.building
	var console_floor := building.get_console_floor()
	var console := building.get_console()
	var cases: Array[Array] = [
		[building.get_ground_floor(), building.layouts[1].staircase_cell, "Staircase/Prompt"],
		[console_floor, console.cell + Vector2i(1, 0), "Console/Prompt"],
		[console_floor, console.cell - Vector2i(1, 0), "Console/Prompt"],
		[console_floor, console.cell + Vector2i(0, 1), "Console/Prompt"],
	]
	var measured := 0
	for case in cases:
		var cell: Vector2i = case[1]
		if not building.layouts[case[0]].is_walkable(cell):
			continue
		building.place_genesis(case[0], cell)
		await physics_frames(4)
		await process_frames(2)
		frame(game)
		var labels := shown_labels(game)
		expect(not labels.is_empty(), "%s shows with Genesis on %s" % [case[2], cell])
		for label in labels:
			var pixels := line_pixels(label, game.camera)
			measured += 1
			expect(pixels >= 14.0, "%s: %.1f px a line (want 14)" % [label.get_path(), pixels])
	expect(measured >= 2, "the staircase's and the console's prompts measured")
	game.builder.set_active(true)
	game.builder.hover(building.layouts[console_floor].staircase_cell + Vector2i(1, 0))
	await process_frames(2)
	frame(game)
	var tag := game.builder.get_node(^"Tag") as Label3D
	expect(tag.is_visible_in_tree(), "the ghost's tag shows")
	var tag_pixels := line_pixels(tag, game.camera)
	expect(tag_pixels >= 14.0, "the ghost's tag: %.1f px (want 14)" % tag_pixels)
	end_game(game)
	return ok()


func test_labels_in_the_world_never_overlap() -> bool:
	var game := outpost_game(true)
	var building := game.building
	var floor_index := building.get_console_floor()
	var layout := building.layouts[floor_index]
	var near: Array[Vector2i] = []
	for centre in [layout.staircase_cell, building.get_console().cell]:
		for dx in range(-2, 3):
			for dy in range(-2, 3):
				var cell: Vector2i = centre + Vector2i(dx, dy)
				if layout.is_walkable(cell) and not near.has(cell):
					near.append(cell)
	var pairs := 0
	for cell in near:
		building.place_genesis(floor_index, cell)
		await physics_frames(3)
		var hovers: Array = [null, cell, cell + Vector2i(0, 1), cell - Vector2i(0, 1)]
		hovers.append_array([cell + Vector2i(1, 0), cell - Vector2i(0, 2)])
		for hover: Variant in hovers:
			var building_mode := hover != null
			game.builder.set_active(building_mode)
			if building_mode:
				game.builder.hover(hover)
			await process_frames(2)
			frame(game)
			var labels := shown_labels(game)
			for i in labels.size():
				for j in range(i + 1, labels.size()):
					pairs += 1
					var a := label_rect(labels[i], game.camera)
					var b := label_rect(labels[j], game.camera)
					expect(
						not a.intersects(b),
						(
							"Genesis on %s, build mode %s: %s and %s overlap"
							% [cell, building_mode, labels[i].name, labels[j].name]
						)
					)
	expect(near.size() > 10, "cells around the staircase and the console tried")
	end_game(game)
	return ok()
