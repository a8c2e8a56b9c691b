extends "res://tests/suite.gd"
## OutpostBuilding: storeys stacked STOREY_HEIGHT apart whose objects match their special
## cells; collision in place as build() returns; aligned staircases; preview moves only
## the view, travel moves Genesis too and only from the staircase; active_floor_changed;
## storeys above the view hidden while Genesis's walls keep colliding; the staircase
## events reach Genesis within a few ticks; rebuilding frees everything.

const GENESIS_SCENE := preload("res://src/world/genesis/OutpostGenesis.tscn")
const FastPhysics := preload("res://tests/fast_physics.gd")
## Most physics ticks a staircase event may lag behind the overlap (Area3D reports ~2).
const MAX_LAG_TICKS := 4
const SEEDS: Array[int] = [20260316, 7, 99991]


## A building at an arbitrary place under the root, with a Genesis beside it.
func new_building() -> OutpostBuilding:
	var building := OutpostBuilding.new()
	building.position = Vector3(2.0, 1.5, -3.0)
	add(building)
	var genesis := GENESIS_SCENE.instantiate() as OutpostGenesis
	genesis.player_controlled = false
	building.add_child(genesis)
	building.genesis = genesis
	return building


## Puts Genesis on the staircase of its floor and waits for the zone to report it.
func step_on_staircase(building: OutpostBuilding) -> bool:
	var floor_index := building.genesis_floor
	var layout := building.layouts[floor_index]
	building.genesis.place_on_storey(
		layout, building.storey_origin(floor_index), layout.staircase_cell
	)
	var lag := await ticks_until(building.genesis.is_on_staircase, MAX_LAG_TICKS)
	return expect(lag <= MAX_LAG_TICKS, "on the staircase of floor %d" % floor_index)


## The special cells of `layout` with their types.
func special_cells(layout: StoreyLayout) -> Dictionary[Vector2i, int]:
	var out: Dictionary[Vector2i, int] = {}
	for c in layout.entry_cells:
		out[c] = StoreyLayout.CellType.ENTRY
	for c in layout.beacon_cells:
		out[c] = StoreyLayout.CellType.BEACON
	for c in layout.shaft_cells:
		out[c] = StoreyLayout.CellType.SHAFT
	out[layout.staircase_cell] = StoreyLayout.CellType.STAIRCASE
	return out


## Whether a 0.98 x 1.9 x 0.98 box over `cell` of storey `index` touches a wall.
func wall_at(building: OutpostBuilding, index: int, cell: Vector2i) -> bool:
	var query := PhysicsShapeQueryParameters3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.98, 1.9, 0.98)
	query.shape = box
	query.collision_mask = StoreyRenderer.WALLS_LAYER
	var centre := Vector3(cell.x + 0.5, 1.0, cell.y + 0.5)
	query.transform = Transform3D(Basis.IDENTITY, building.storey_origin(index) + centre)
	var space := building.get_world_3d().direct_space_state
	return not space.intersect_shape(query, 1).is_empty()


func test_spawned_objects_match_the_special_cells_at_their_storey_height() -> bool:
	var building := new_building()
	for seed_value in SEEDS:
		building.build(seed_value, 2, 3)
		expect_eq(building.get_storey_count(), 3, "three storeys")
		for index in building.get_storey_count():
			var layout := building.layouts[index]
			var want := special_cells(layout)
			var got: Dictionary[Vector2i, int] = {}
			var objects := building.get_spawner(index).get_spawned()
			for node in objects:
				var object := node as StoreyObject
				if not expect(object != null, "%s is a StoreyObject" % node):
					continue
				expect(not got.has(object.cell), "two objects on %s" % object.cell)
				got[object.cell] = object.cell_type
				var at := building.storey_origin(index) + layout.cell_center(object.cell)
				expect(
					object.global_position.is_equal_approx(at),
					"%s at %s, want %s" % [object.name, object.global_position, at]
				)
				expect(
					is_equal_approx(
						object.global_position.y,
						building.global_position.y + index * OutpostBuilding.STOREY_HEIGHT
					),
					"%s at its storey's height" % object.name
				)
			expect_eq(objects.size(), want.size(), "storey %d: one object per cell" % index)
			expect_eq(got, want, "storey %d: objects on the special cells" % index)
	building.free()
	return ok()


func test_every_storey_collides_as_soon_as_build_returns() -> bool:
	var building := new_building()
	building.build(SEEDS[1], 3, 3)
	for index in building.get_storey_count():
		var layout := building.layouts[index]
		for x in layout.width:
			for y in range(0, layout.height, 3):
				var c := Vector2i(x, y)
				var is_wall := layout.get_cell(c) == StoreyLayout.CellType.WALL
				if wall_at(building, index, c) != is_wall:
					expect(false, "storey %d, %s: hit %s" % [index, c, not is_wall])
	building.free()
	return ok()


func test_staircases_line_up_across_storeys() -> bool:
	var building := new_building()
	for seed_value in SEEDS:
		building.build(seed_value, 3, 3)
		var first := building.get_staircase(0)
		for index in building.get_storey_count():
			var staircase := building.get_staircase(index)
			if not expect(staircase != null, "storey %d has a staircase object" % index):
				continue
			expect_eq(staircase.cell, building.layouts[0].staircase_cell, "staircase cell")
			expect(
				(
					is_equal_approx(staircase.global_position.x, first.global_position.x)
					and is_equal_approx(staircase.global_position.z, first.global_position.z)
				),
				"storey %d staircase above the ground floor's" % index
			)
			expect_eq(staircase.can_ascend, index < 2, "storey %d prompt: up" % index)
			expect_eq(staircase.can_descend, index > 0, "storey %d prompt: down" % index)
	building.free()
	return ok()


func test_preview_moves_only_the_view_and_shows_only_the_viewed_storey() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	var genesis := building.genesis
	var start := genesis.global_position
	var floors: Array[int] = []
	building.active_floor_changed.connect(func(i: int) -> void: floors.append(i))
	var genesis_floors: Array[int] = []
	building.genesis_floor_changed.connect(func(i: int) -> void: genesis_floors.append(i))
	expect(not building.travel_mode, "preview mode by default")
	var visible: Array[Array] = []
	var moves: Array[bool] = []
	for step: bool in [true, true, true, false, false, false]:
		moves.append(building.ascend() if step else building.descend())
		var shown: Array[bool] = []
		for index in building.get_storey_count():
			shown.append(building.get_storey(index).visible)
		visible.append(shown)
	await physics_frames(3)
	expect_eq(moves, [true, true, false, true, true, false] as Array[bool], "moves")
	expect_eq(floors, [1, 2, 1, 0] as Array[int], "active_floor_changed")
	expect_eq(building.viewed_floor, 0, "viewed floor")
	expect_eq(genesis_floors, [] as Array[int], "Genesis's floor never changed")
	expect_eq(building.genesis_floor, 0, "genesis floor")
	expect(genesis.global_position.is_equal_approx(start), "Genesis did not move")
	var want: Array[Array] = [
		[false, true, false],
		[false, false, true],
		[false, false, true],
		[false, true, false],
		[true, false, false],
		[true, false, false],
	]
	expect_eq(visible, want, "storeys shown after each move")
	building.free()
	return ok()


func test_travel_ascend_and_descend_work_only_on_the_staircase() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	building.travel_mode = true
	var genesis := building.genesis
	var floors: Array[int] = []
	building.active_floor_changed.connect(func(i: int) -> void: floors.append(i))
	await physics_frames(MAX_LAG_TICKS)
	expect(not genesis.is_on_staircase(), "spawned off the staircase")
	expect(not building.ascend() and not building.descend(), "no travel off the staircase")
	expect_eq([building.viewed_floor, building.genesis_floor], [0, 0], "floors unchanged")
	await step_on_staircase(building)
	expect(not building.descend(), "no floor below the ground floor")
	for want_floor in [1, 2]:
		expect(building.ascend(), "ascend to %d from the staircase" % want_floor)
		expect_eq(
			[building.viewed_floor, building.genesis_floor], [want_floor, want_floor], "floors"
		)
		var layout := building.layouts[want_floor]
		var want := building.storey_origin(want_floor) + layout.cell_center(layout.staircase_cell)
		want.y += genesis.stats.hover_height
		expect(genesis.global_position.is_equal_approx(want), "Genesis on the staircase above")
		expect(genesis.storey_layout == layout, "Genesis knows its new storey")
		var lag := await ticks_until(genesis.is_on_staircase, MAX_LAG_TICKS)
		expect(lag <= MAX_LAG_TICKS, "on the staircase of floor %d" % want_floor)
	expect(not building.ascend(), "no floor above the top")
	expect(building.descend(), "descend from the staircase")
	expect_eq(floors, [1, 2, 1] as Array[int], "active_floor_changed")
	# Off the staircase again: no travel.
	var layout := building.layouts[1]
	genesis.place_on_storey(layout, building.storey_origin(1), layout.entry_cells[0])
	var lag := await ticks_until(
		func() -> bool: return not genesis.is_on_staircase(), MAX_LAG_TICKS
	)
	expect(lag <= MAX_LAG_TICKS, "left the staircase")
	expect(not building.ascend() and not building.descend(), "no travel once off it")
	expect_eq([building.viewed_floor, building.genesis_floor], [1, 1], "floors kept")
	building.free()
	return ok()


func test_reached_and_left_staircase_fire_within_a_few_ticks_of_the_overlap() -> bool:
	var building := new_building()
	building.build(SEEDS[2], 3, 3)
	var genesis := building.genesis
	var fast := genesis.stats.duplicate() as GenesisStats
	fast.speed = 12.0
	genesis.stats = fast
	var events: Array[String] = []
	genesis.reached_staircase.connect(func() -> void: events.append("reached"))
	genesis.left_staircase.connect(func() -> void: events.append("left"))
	var layout := building.layouts[0]
	var zone := building.get_staircase(0).get_zone()
	var shape := zone.get_node(^"Shape") as CollisionShape3D
	var half := (shape.shape as BoxShape3D).size * 0.5
	var radius := ((genesis.get_node(^"Shape") as CollisionShape3D).shape as SphereShape3D).radius
	# Walk through the staircase cell and on to a cell past it, watching each tick whether
	# Genesis's sphere overlaps the zone's box and when the events arrive.
	var past := _cell_beyond(layout)
	expect(genesis.move_to_cell(layout.staircase_cell), "route to the staircase")
	var overlap_ticks: Array[int] = []
	var event_ticks: Array[int] = []
	var overlapping := false
	var seen := 0
	FastPhysics.start(4)
	for tick in 600:
		await physics_frames(1)
		var local := shape.global_transform.affine_inverse() * genesis.global_position
		var nearest := local.clamp(-half, half)
		var now := nearest.distance_to(local) < radius
		if now != overlapping:
			overlapping = now
			overlap_ticks.append(tick)
		if events.size() > seen:
			seen = events.size()
			event_ticks.append(tick)
		if not genesis.is_moving() and genesis.current_cell() == layout.staircase_cell:
			genesis.move_to_cell(past)
		if overlap_ticks.size() == 2 and tick > overlap_ticks[1] + MAX_LAG_TICKS:
			break
	FastPhysics.stop()
	expect_eq(events, ["reached", "left"] as Array[String], "events")
	expect_eq(overlap_ticks.size(), 2, "Genesis entered and left the zone")
	if event_ticks.size() == 2 and overlap_ticks.size() == 2:
		for i in 2:
			var lag := event_ticks[i] - overlap_ticks[i]
			expect(
				lag >= 0 and lag <= MAX_LAG_TICKS,
				"%s %d ticks after the overlap" % [events[i], lag]
			)
	building.free()
	return ok()


## A walkable cell two steps from the staircase, away from it.
func _cell_beyond(layout: StoreyLayout) -> Vector2i:
	var best := layout.staircase_cell
	for x in layout.width:
		for y in layout.height:
			var c := Vector2i(x, y)
			var d := absi(c.x - best.x) + absi(c.y - best.y)
			if layout.is_walkable(c) and d >= 2 and d <= 3:
				return c
	return best


func test_hidden_storeys_keep_genesis_walls_colliding() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	var genesis := building.genesis
	genesis.player_controlled = true
	building.travel_mode = true
	await step_on_staircase(building)
	expect(building.ascend(), "Genesis travels to floor 1")
	building.travel_mode = false
	expect(building.descend(), "the view goes back to floor 0")
	var storey := building.get_storey(1)
	expect(not storey.is_visible_in_tree(), "Genesis's storey is hidden")
	expect(storey.can_process(), "and still processing")
	var layout := building.layouts[1]
	var walls := 0
	for c in layout.get_cells_of_type(StoreyLayout.CellType.WALL):
		walls += int(wall_at(building, 1, c))
	expect_eq(walls, layout.get_cells_of_type(StoreyLayout.CellType.WALL).size(), "walls hit")
	FastPhysics.start(8)
	for action: StringName in [&"move_forward", &"move_right", &"move_back", &"move_left"]:
		Input.action_press(action)
		for tick in 45:
			await physics_frames(1)
			var cell := genesis.current_cell()
			if not layout.is_walkable(cell):
				expect(false, "%s, tick %d: Genesis in %s" % [action, tick, cell])
				break
		Input.action_release(action)
	FastPhysics.stop()
	expect_eq(building.genesis_floor, 1, "still on floor 1")
	building.free()
	return ok()


func test_rebuild_frees_the_previous_storeys_at_once() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	var old_storeys: Array[Node3D] = []
	var old_objects: Array[Node] = []
	for index in building.get_storey_count():
		old_storeys.append(building.get_storey(index))
		old_objects.append_array(building.get_spawner(index).get_spawned())
	var old_layout := building.layouts[0]
	building.build(SEEDS[1], 1, 2)
	expect_eq(building.get_storey_count(), 2, "the new building")
	for node in old_storeys + old_objects:
		expect(not is_instance_valid(node), "old node freed")
	var new_layout := building.layouts[0]
	for c in old_layout.get_cells_of_type(StoreyLayout.CellType.WALL):
		var want := new_layout.get_cell(c) == StoreyLayout.CellType.WALL
		if wall_at(building, 0, c) != want:
			expect(false, "stale wall at %s" % c)
	expect_eq(building.get_child_count(), 3, "two storeys and Genesis")
	building.free()
	return ok()


func test_rebuilding_under_genesis_on_the_staircase_ends_its_staircase_state() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	var genesis := building.genesis
	var left := [0]
	genesis.left_staircase.connect(func() -> void: left[0] += 1)
	await step_on_staircase(building)
	building.build(SEEDS[1], 2, 3)
	expect(not genesis.is_on_staircase(), "off the old staircase")
	expect_eq(left[0], 1, "left_staircase once")
	expect_eq(genesis.current_cell(), building.layouts[0].entrance_cell, "respawned at the door")
	building.free()
	return ok()


func test_bad_arguments_leave_an_empty_building() -> bool:
	expect_error(r"outpost_level")
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	building.build(SEEDS[0], 9, 3)
	expect_eq(building.get_storey_count(), 0, "no storeys")
	expect_eq(building.layouts.size(), 0, "no layouts")
	expect(not building.ascend() and not building.descend(), "nowhere to go")
	expect(building.get_staircase(0) == null, "no staircase")
	building.free()
	return ok()


func test_no_leaks_after_rebuilding_10_times() -> bool:
	var building := new_building()
	building.build(SEEDS[0], 2, 3)
	building.build(SEEDS[1], 3, 3)
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	for i in 10:
		building.build(SEEDS[i % 2], 2 + i % 2, 3)
	await process_frames(2)
	expect_eq(object_counts(), baseline, "object counts after 10 rebuilds")
	building.free()
	return ok()


func test_genesis_enters_the_building_at_the_ground_floors_entrance_not_an_entry() -> bool:
	var building := new_building()
	building.underground = true
	for seed_value in SEEDS:
		building.build(seed_value, 2, 3)
		var ground := building.get_ground_floor()
		var layout := building.layouts[ground]
		expect_eq(building.genesis_floor, ground, "on the ground floor")
		expect_eq(building.genesis.current_cell(), layout.entrance_cell, "on its ENTRANCE")
		expect(not layout.entry_cells.has(layout.entrance_cell), "not an enemy entry")
	building.free()
	return ok()
