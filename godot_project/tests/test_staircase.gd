extends "res://tests/suite.gd"
## StaircaseObject: an Area3D zone on the interaction layer that watches the genesis
## layer, shorter than a storey; the one source of the staircase enter/leave events
## (typed signals, once per entry and exit, a few physics ticks late at most); a prompt
## shown while occupied, naming the possible directions and their keys from the InputMap;
## the scene runs alone.

const STAIRCASE_SCENE := preload("res://src/world/objects/StaircaseObject.tscn")
## Most physics ticks an Area3D event may lag behind the overlap (it reports about 2).
const MAX_LAG_TICKS := 4


## A body on `layer` with a sphere of `radius`, placed at `position`, in the tree.
func probe(layer: int, radius: float, position: Vector3) -> CharacterBody3D:
	var body := CharacterBody3D.new()
	body.collision_layer = layer
	body.collision_mask = 0
	var shape := CollisionShape3D.new()
	var sphere := SphereShape3D.new()
	sphere.radius = radius
	shape.shape = sphere
	body.add_child(shape)
	body.position = position
	add(body)
	return body


func test_zone_is_an_interaction_area_watching_genesis_and_shorter_than_a_storey() -> bool:
	var staircase := STAIRCASE_SCENE.instantiate() as StaircaseObject
	add(staircase)
	var zone := staircase.get_zone()
	expect(zone is Area3D, "the zone is an Area3D")
	expect_eq(zone.collision_layer, 1 << 2, "zone layer (3, interaction)")
	expect_eq(zone.collision_mask, 1 << 1, "zone mask (2, genesis)")
	expect(zone.monitoring, "the zone monitors")
	var top := -INF
	var bottom := INF
	for shape: CollisionShape3D in zone.find_children("*", "CollisionShape3D"):
		var box := shape.transform * shape.shape.get_debug_mesh().get_aabb()
		top = maxf(top, box.end.y)
		bottom = minf(bottom, box.position.y)
	expect(top < OutpostBuilding.STOREY_HEIGHT, "zone top %f under a storey's height" % top)
	expect(bottom >= 0.0, "zone bottom %f on the floor" % bottom)
	expect(top > 1.5, "zone top %f reaches a hovering Genesis" % top)
	staircase.free()
	return ok()


func test_occupant_events_fire_once_per_entry_and_exit_within_a_few_ticks() -> bool:
	var staircase := STAIRCASE_SCENE.instantiate() as StaircaseObject
	staircase.position = Vector3(10.5, 0.0, 10.5)
	add(staircase)
	var events: Array[String] = []
	staircase.occupant_entered.connect(func(b: Node3D) -> void: events.append("in " + b.name))
	staircase.occupant_exited.connect(func(b: Node3D) -> void: events.append("out " + b.name))
	var genesis := probe(1 << 1, 0.35, Vector3(13.5, 0.8, 10.5))
	genesis.name = "Genesis"
	var wall := probe(1 << 0, 0.35, Vector3(13.5, 0.8, 10.5))
	wall.name = "Wall"
	await physics_frames(3)
	expect_eq(events, [] as Array[String], "nothing inside yet")
	# Both bodies step onto the cell; only the genesis layer counts.
	genesis.position = Vector3(10.5, 0.8, 10.5)
	wall.position = Vector3(10.5, 0.8, 10.5)
	var lag := await ticks_until(func() -> bool: return not events.is_empty(), MAX_LAG_TICKS)
	expect(lag <= MAX_LAG_TICKS, "occupant_entered %d ticks after the entry" % lag)
	# Moving inside the zone changes nothing.
	genesis.position = Vector3(10.6, 1.2, 10.4)
	await physics_frames(MAX_LAG_TICKS)
	expect_eq(events, ["in Genesis"] as Array[String], "one entry, Genesis only")
	expect(staircase.is_occupied(), "occupied")
	# A step to the next cell leaves the zone.
	genesis.position = Vector3(11.5, 0.8, 10.5)
	lag = await ticks_until(func() -> bool: return events.size() > 1, MAX_LAG_TICKS)
	expect(lag <= MAX_LAG_TICKS, "occupant_exited %d ticks after leaving" % lag)
	expect_eq(events, ["in Genesis", "out Genesis"] as Array[String], "one exit")
	expect(not staircase.is_occupied(), "empty again")
	# A body hovering over the staircase of the storey below does not count.
	genesis.position = Vector3(10.5, -OutpostBuilding.STOREY_HEIGHT + 0.8, 10.5)
	await physics_frames(MAX_LAG_TICKS)
	expect_eq(events.size(), 2, "no event from the storey below")
	genesis.free()
	wall.free()
	staircase.free()
	return ok()


func test_prompt_shows_while_occupied_with_the_possible_directions_and_their_keys() -> bool:
	var staircase := STAIRCASE_SCENE.instantiate() as StaircaseObject
	add(staircase)
	var prompt := staircase.get_node(^"Prompt") as Label3D
	expect(not prompt.visible, "hidden while empty")
	var body := probe(1 << 1, 0.35, Vector3(0.0, 0.8, 0.0))
	await ticks_until(staircase.is_occupied, MAX_LAG_TICKS)
	expect(prompt.visible, "shown while occupied")
	var up := ActionKeys.describe(&"ascend")
	var down := ActionKeys.describe(&"descend")
	expect(not up.is_empty() and not down.is_empty(), "ascend and descend are bound")
	expect(prompt.text.contains(up) and prompt.text.contains(down), "both: %s" % prompt.text)
	staircase.can_ascend = false
	expect(
		not prompt.text.contains(up) and prompt.text.contains(down), "down only: %s" % prompt.text
	)
	staircase.can_ascend = true
	staircase.can_descend = false
	expect(prompt.text.contains(up) and not prompt.text.contains(down), "up only: %s" % prompt.text)
	# The keys come from the InputMap: a rebinding shows.
	var extra := InputEventKey.new()
	extra.physical_keycode = KEY_F7
	InputMap.action_add_event(&"ascend", extra)
	staircase.can_ascend = true
	expect(prompt.text.contains("F7"), "rebinding shown: %s" % prompt.text)
	InputMap.action_erase_event(&"ascend", extra)
	body.position = Vector3(3.0, 0.8, 0.0)
	await ticks_until(func() -> bool: return not staircase.is_occupied(), MAX_LAG_TICKS)
	expect(not prompt.visible, "hidden once empty again")
	body.free()
	staircase.free()
	return ok()


func test_staircase_scene_runs_alone() -> bool:
	var staircase := STAIRCASE_SCENE.instantiate() as StaircaseObject
	add(staircase)
	await process_frames(10)
	expect(staircase.is_inside_tree() and not staircase.is_occupied(), "idle alone")
	expect_eq(staircase.cell_type, -1, "no cell until the spawner sets one")
	staircase.free()
	return ok()
