extends "res://tests/suite.gd"
## OutpostGenesis: a floating body of radius <= 0.4 on layer 2 masking walls and bounds,
## that no push takes into a non-walkable cell (walls, OUT_OF_BOUNDS, out through ENTRY
## openings); WASD on physical keys; click-to-move along StoreyValidator.find_path that
## reaches every beacon; a hover bob below the wall tops; health; spawn on the first
## entry cell.
##
## Physics runs FastPhysics.FACTOR times faster than real time (more ticks per second with
## a matching time_scale: every tick is still 1/60 s), so the long walks stay short.

const GENESIS_SCENE := preload("res://src/world/genesis/OutpostGenesis.tscn")
const FastPhysics := preload("res://tests/fast_physics.gd")
## Real-time speed-up of the physics in the long tests.
const FAST := 8
## The eight push directions: four sides and four diagonals, as move_* actions.
const PUSHES: Array[Array] = [
	[&"move_forward"],
	[&"move_back"],
	[&"move_left"],
	[&"move_right"],
	[&"move_forward", &"move_left"],
	[&"move_forward", &"move_right"],
	[&"move_back", &"move_left"],
	[&"move_back", &"move_right"],
]
## Ticks each push lasts (2 m at the default 4 m/s).
const PUSH_TICKS := 30
## Depth by which Genesis's sphere may sink into a non-walkable cell (physics margin).
const PENETRATION_TOLERANCE := 0.02


## A Genesis instance, not yet in the tree.
func new_genesis() -> OutpostGenesis:
	return GENESIS_SCENE.instantiate() as OutpostGenesis


## Genesis's collision sphere radius.
func genesis_radius(genesis: OutpostGenesis) -> float:
	var sphere := (genesis.get_node(^"Shape") as CollisionShape3D).shape as SphereShape3D
	return sphere.radius if sphere != null else INF


## A renderer drawing `layout` at `origin` under `parent`.
func storey(parent: Node3D, layout: StoreyLayout, origin: Vector3) -> StoreyRenderer:
	var renderer := StoreyRenderer.new()
	renderer.position = origin
	parent.add_child(renderer)
	renderer.render(layout)
	return renderer


## Walkable cells with a non-walkable side (a wall, OUT_OF_BOUNDS or the grid's edge):
## every ENTRY cell and one in `every` of the others (a diagonal lattice, so every kind of
## border shows up).
func border_cells(layout: StoreyLayout, every: int) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for x in layout.width:
		for y in layout.height:
			var c := Vector2i(x, y)
			if not layout.is_walkable(c):
				continue
			var entry := layout.get_cell(c) == StoreyLayout.CellType.ENTRY
			if not entry and (x + 2 * y) % every != 0:
				continue
			for side: Vector2i in [Vector2i.LEFT, Vector2i.RIGHT, Vector2i.UP, Vector2i.DOWN]:
				if not layout.is_walkable(c + side):
					out.append(c)
					break
	return out


## How deep a sphere of `radius` at `point` (storey frame) reaches into the nearest
## non-walkable cell around it (0 if it touches none).
func penetration(layout: StoreyLayout, point: Vector3, radius: float) -> float:
	var centre := Vector2i(floori(point.x), floori(point.z))
	var deepest := 0.0
	for dx in range(-1, 2):
		for dy in range(-1, 2):
			var c := centre + Vector2i(dx, dy)
			if layout.is_walkable(c):
				continue
			var gap_x := maxf(maxf(c.x - point.x, point.x - (c.x + 1)), 0.0)
			var gap_z := maxf(maxf(c.y - point.z, point.z - (c.y + 1)), 0.0)
			deepest = maxf(deepest, radius - Vector2(gap_x, gap_z).length())
	return deepest


func release_moves() -> void:
	for action: StringName in [&"move_forward", &"move_back", &"move_left", &"move_right"]:
		Input.action_release(action)


func test_genesis_is_a_floating_sphere_of_radius_at_most_0_4_on_layer_2() -> bool:
	var genesis := new_genesis()
	expect_eq(genesis.motion_mode, CharacterBody3D.MOTION_MODE_FLOATING, "motion mode")
	expect(genesis_radius(genesis) <= 0.4, "radius %f" % genesis_radius(genesis))
	expect_eq(genesis.collision_layer, 1 << 1, "collision layer (2, genesis)")
	expect_eq(
		genesis.collision_mask,
		StoreyRenderer.WALLS_LAYER | StoreyRenderer.BOUNDS_LAYER,
		"collision mask (1 walls, 4 storey bounds)"
	)
	genesis.free()
	return ok()


func test_genesis_pushed_into_walls_and_out_of_bounds_never_enters_a_non_walkable_cell() -> bool:
	var world := add(Node3D.new()) as Node3D
	var layouts: Array[StoreyLayout] = []
	for storey_type in 3:
		for s in 3:
			var depth := 2 + 2 * s
			var seed_value := hash([storey_type, s, "push"])
			layouts.append(
				StoreyGenerator.generate(seed_value, depth, 1 + s, Vector2i(-1, -1), storey_type)
			)
	var bodies: Array[OutpostGenesis] = []
	var starts: Array[Vector2i] = []
	var storeys: Array[StoreyRenderer] = []
	var entries := 0
	for i in layouts.size():
		var l := layouts[i]
		var renderer := storey(world, l, Vector3(i * 40.0, 0.0, 0.0))
		for c in border_cells(l, 4):
			var genesis := new_genesis()
			world.add_child(genesis)
			bodies.append(genesis)
			starts.append(c)
			storeys.append(renderer)
			entries += int(l.get_cell(c) == StoreyLayout.CellType.ENTRY)
	expect(entries >= layouts.size(), "every entry cell is a start (%d)" % entries)
	var radius := genesis_radius(bodies[0])
	var failures := 0
	FastPhysics.start(FAST)
	for push in PUSHES:
		for b in bodies.size():
			var renderer := storeys[b]
			bodies[b].place_on_storey(renderer.layout, renderer.global_position, starts[b])
		for action: StringName in push:
			Input.action_press(action)
		for tick in PUSH_TICKS:
			await physics_frames(1)
			for b in bodies.size():
				var l := storeys[b].layout
				var local := bodies[b].global_position - storeys[b].global_position
				var cell := Vector2i(floori(local.x), floori(local.z))
				var depth := penetration(l, local, radius)
				if (not l.is_walkable(cell) or depth > PENETRATION_TOLERANCE) and failures < 10:
					failures += 1
					expect(
						false,
						(
							"seed %d, start %s, push %s, tick %d: at %s (cell %s), %.3f m deep"
							% [l.seed_value, starts[b], push, tick, local, cell, depth]
						)
					)
		release_moves()
	FastPhysics.stop()
	world.free()
	return ok()


func test_genesis_spawns_on_the_entrance_else_the_first_entry_cell_at_hover_height() -> bool:
	var world := add(Node3D.new()) as Node3D
	var genesis := new_genesis()
	world.add_child(genesis)
	var origin := Vector3(3.0, 6.0, -2.0)
	var doors := 0
	for l: StoreyLayout in sample_layouts(1).slice(0, 72, 9):
		genesis.spawn_on(l, origin)
		var cell := l.entrance_cell if l.in_bounds(l.entrance_cell) else l.entry_cells[0]
		doors += 1 if l.in_bounds(l.entrance_cell) else 0
		expect_eq(genesis.current_cell(), cell, "cell (seed %d)" % l.seed_value)
		var want := origin + l.cell_center(cell) + Vector3.UP * genesis.stats.hover_height
		expect(genesis.global_position.is_equal_approx(want), "at %s" % genesis.global_position)
		expect(genesis.storey_layout == l, "knows its storey")
	expect(doors > 0 and doors < 8, "ground floors and others: %d doors" % doors)
	world.free()
	return ok()


func test_hover_bob_stays_below_the_wall_tops() -> bool:
	var world := add(Node3D.new()) as Node3D
	var l := StoreyGenerator.generate(4, 2, 2)
	var renderer := storey(world, l, Vector3(0.0, 3.0, 0.0))
	var genesis := new_genesis()
	world.add_child(genesis)
	genesis.spawn_on(l, renderer.global_position)
	var lowest := INF
	var highest := -INF
	var body_heights := {}
	var bob := Vector2(INF, -INF)
	var visual := genesis.get_node(^"Visual") as Node3D
	FastPhysics.start(FAST)
	# Two bob periods, sampled every frame.
	var end := Time.get_ticks_msec() + int(2000.0 / genesis.stats.bob_frequency / FAST)
	while Time.get_ticks_msec() < end:
		await process_frames(1)
		for mesh in genesis.find_children("*", "MeshInstance3D"):
			var box := (
				(mesh as MeshInstance3D).global_transform * (mesh as MeshInstance3D).get_aabb()
			)
			highest = maxf(highest, box.end.y - renderer.global_position.y)
			lowest = minf(lowest, box.position.y - renderer.global_position.y)
		body_heights[snappedf(genesis.global_position.y - renderer.global_position.y, 0.001)] = 1
		bob = Vector2(minf(bob.x, visual.position.y), maxf(bob.y, visual.position.y))
	FastPhysics.stop()
	expect(highest < StoreyRenderer.WALL_HEIGHT, "top of Genesis at %f" % highest)
	expect(lowest > StoreyRenderer.FLOOR_HEIGHT, "bottom of Genesis at %f" % lowest)
	expect_eq(body_heights.keys(), [snappedf(genesis.stats.hover_height, 0.001)], "body height")
	expect(bob.y - bob.x > genesis.stats.bob_amplitude, "the visual bobs (%s)" % bob)
	world.free()
	return ok()


func test_wasd_steers_genesis_through_physical_keys() -> bool:
	# At the real pace, as a player's keys come: input reaches the game once a frame, and
	# at the suite's pace a frame holds several ticks of the key held before.
	FastPhysics.start(1)
	var world := add(Node3D.new()) as Node3D
	var genesis := new_genesis()
	world.add_child(genesis)
	# Far from any storey: nothing to collide with.
	var keys := {
		KEY_W: Vector3.FORWARD, KEY_S: Vector3.BACK, KEY_A: Vector3.LEFT, KEY_D: Vector3.RIGHT
	}
	for key: Key in keys:
		var before := genesis.global_position
		var press := InputEventKey.new()
		press.physical_keycode = key
		press.pressed = true
		Input.parse_input_event(press)
		await physics_frames(6)
		var release := press.duplicate() as InputEventKey
		release.pressed = false
		Input.parse_input_event(release)
		await physics_frames(2)
		var moved := genesis.global_position - before
		moved.y = 0.0
		var want: Vector3 = keys[key]
		expect(
			moved.length() > 0.1 and moved.normalized().is_equal_approx(want),
			"physical key %s moved Genesis by %s" % [OS.get_keycode_string(key), moved]
		)
	world.free()
	FastPhysics.stop()
	return ok()


func test_click_move_follows_find_path_to_the_clicked_cell() -> bool:
	var world := add(Node3D.new()) as Node3D
	var l := StoreyGenerator.generate(21, 3, 2)
	var renderer := storey(world, l, Vector3(-5.0, 0.0, 2.0))
	var genesis := new_genesis()
	world.add_child(genesis)
	genesis.spawn_on(l, renderer.global_position)
	var camera := Camera3D.new()
	world.add_child(camera)
	var middle := renderer.global_position + Vector3(l.width / 2.0, 0.0, l.height / 2.0)
	camera.look_at_from_position(middle + Vector3(0.0, 18.0, 9.0), middle)
	camera.make_current()
	var target := l.primary_beacon
	var screen := camera.unproject_position(renderer.global_position + l.cell_center(target))
	# A click on a wall starts nothing.
	var wall: Vector2i = l.get_cells_of_type(StoreyLayout.CellType.WALL)[0]
	click(camera.unproject_position(renderer.global_position + l.cell_center(wall)))
	expect(not genesis.is_moving(), "a click on a wall starts no route")
	click(screen)
	var want := StoreyValidator.find_path(l, l.entrance_cell, target)  # from where it spawned
	expect_eq(genesis.get_route(), want, "route of the click")
	var reached: Array[Vector2i] = []
	genesis.destination_reached.connect(func(cell: Vector2i) -> void: reached.append(cell))
	FastPhysics.start(FAST)
	var ticks := 0
	var visited: Array[Vector2i] = [genesis.current_cell()]
	while genesis.is_moving() and ticks < 60 * want.size():
		await physics_frames(1)
		ticks += 1
		var cell := genesis.current_cell()
		if cell != visited.back():
			visited.append(cell)
	FastPhysics.stop()
	expect_eq(visited, want, "cells crossed, in order")
	expect_eq(reached, [target], "destination_reached")
	expect_eq(genesis.current_cell(), target, "arrived")
	world.free()
	return ok()


## A left click at `position` in the root viewport's coordinates (the window pushes events
## through its stretch transform, so the event is given in window coordinates).
func click(position: Vector2) -> void:
	var event := InputEventMouseButton.new()
	event.button_index = MOUSE_BUTTON_LEFT
	event.position = tree.root.get_final_transform() * position
	event.global_position = event.position
	event.pressed = true
	tree.root.push_input(event)
	var up := event.duplicate() as InputEventMouseButton
	up.pressed = false
	tree.root.push_input(up)


func test_click_move_reaches_every_beacon_on_50_layouts() -> bool:
	var world := add(Node3D.new()) as Node3D
	# 50 of the 72 sample layouts (every type, depth and level), spread evenly.
	var layouts: Array[StoreyLayout] = []
	var sample := sample_layouts(1)
	for i in 50:
		layouts.append(sample[i * sample.size() / 50])
	var stats := GENESIS_SCENE.instantiate() as OutpostGenesis
	var fast_stats := stats.stats.duplicate() as GenesisStats
	stats.free()
	fast_stats.speed = 12.0
	var walkers: Array[OutpostGenesis] = []
	var todo: Array[Array] = []
	var routes: Array[Array] = []
	for i in layouts.size():
		var l := layouts[i]
		var renderer := storey(world, l, Vector3((i % 10) * 32.0, 0.0, (i / 10) * 24.0))
		var genesis := new_genesis()
		genesis.stats = fast_stats
		genesis.player_controlled = false
		world.add_child(genesis)
		genesis.spawn_on(l, renderer.global_position)
		walkers.append(genesis)
		todo.append(l.beacon_cells.duplicate())
		routes.append([])
	var reached := 0
	var want := 0
	for l in layouts:
		want += l.beacon_cells.size()
	FastPhysics.start(FAST)
	var ticks := 0
	while ticks < 3000:
		var busy := false
		for i in walkers.size():
			var genesis := walkers[i]
			if genesis.is_moving():
				busy = true
				if not genesis.get_route().has(genesis.current_cell()):
					expect(
						false,
						(
							"seed %d: off the route at %s"
							% [layouts[i].seed_value, genesis.current_cell()]
						)
					)
				continue
			if not routes[i].is_empty():
				if expect_eq(
					genesis.current_cell(),
					routes[i].back(),
					"seed %d arrival" % layouts[i].seed_value
				):
					reached += 1
				routes[i] = []
			if todo[i].is_empty():
				continue
			var target: Vector2i = todo[i].pop_front()
			if expect(
				genesis.move_to_cell(target),
				"seed %d: route to %s" % [layouts[i].seed_value, target]
			):
				routes[i] = genesis.get_route()
				busy = true
		if not busy:
			break
		await physics_frames(1)
		ticks += 1
	FastPhysics.stop()
	expect_eq(reached, want, "beacons reached")
	world.free()
	return ok()


func test_health_is_clamped_and_signalled() -> bool:
	var genesis := new_genesis()
	add(genesis)
	var seen: Array[float] = []
	genesis.health_changed.connect(func(h: float, _m: float) -> void: seen.append(h))
	var full := genesis.stats.max_health
	expect_eq(genesis.health, full, "full health when ready")
	genesis.apply_damage(30.0)
	genesis.apply_damage(-5.0)
	genesis.heal(10.0)
	genesis.apply_damage(full * 2.0)
	genesis.apply_damage(1.0)
	genesis.heal(full * 3.0)
	expect_eq(seen, [full - 30.0, full - 20.0, 0.0, full], "health changes")
	genesis.free()
	return ok()
