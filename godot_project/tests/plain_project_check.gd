extends SceneTree
## The check of baked scenes in a project WITHOUT the extension (scripts/editor_tests.sh
## copies it as res://check.gd into a fresh project holding only a project.godot and what
## baked_export.gd wrote under res://baked/). For every res://baked/<name>.tscn, with the
## cells of <name>.json:
## [br]- the scene loads and enters the tree (the log must stay free of errors: the
##   script that runs this fails on any ERROR line);
## [br]- collision: a ray down through the middle of every WALL cell hits the walls layer
##   (1), and one through every walkable cell hits nothing on it;
## [br]- navigation: once the map holds the meshes, [method NavigationServer3D.map_get_path]
##   from every ENTRY cell to every BEACON cell of the same storey ends on that beacon's
##   cell, at that storey's height.
## Prints "plain-project: ok ..." and exits 0, or "plain-project: FAIL ..." lines and 1.

## Farthest a path's end may be from the beacon cell's centre, horizontally, in metres.
const END_TOLERANCE := 0.35
## Ray start above a storey's floor: over its 2 m walls, under the next storey (3 m up).
const RAY_TOP := 2.5
const RAY_BOTTOM := 0.05
const WALLS_MASK := 1
## Farthest a path's end may be above or below the storey's floor, in metres (the mesh
## lies a few tenths above the floor; storeys are 3 m apart).
const HEIGHT_TOLERANCE := 1.0
## Most physics frames to wait for the navigation map to hold the baked meshes.
const MAX_SYNC_FRAMES := 120


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	var failures := PackedStringArray()
	var counts := {"scenes": 0, "walls": 0, "walkable": 0, "paths": 0}
	var dir := DirAccess.open("res://baked")
	if dir == null:
		failures.append("no res://baked folder")
	else:
		for file in dir.get_files():
			if file.get_extension() == "tscn":
				failures.append_array(await _check("res://baked/" + file, counts))
	if counts["scenes"] == 0:
		failures.append("no baked scene was checked")
	for f in failures.slice(0, 30):
		print("plain-project: FAIL ", f)
	if failures.is_empty():
		print(
			(
				"plain-project: ok (%d scenes, %d wall cells, %d walkable cells, %d paths)"
				% [counts["scenes"], counts["walls"], counts["walkable"], counts["paths"]]
			)
		)
	quit(0 if failures.is_empty() else 1)


func _check(path: String, counts: Dictionary) -> PackedStringArray:
	var failures := PackedStringArray()
	var cells: Variant = JSON.parse_string(
		FileAccess.get_file_as_string(path.get_basename() + ".json")
	)
	var packed := load(path) as PackedScene
	if packed == null or not cells is Dictionary:
		return PackedStringArray(["%s or its .json did not load" % path])
	var scene := packed.instantiate() as Node3D
	root.add_child(scene)
	counts["scenes"] += 1
	for i in 3:
		await physics_frame
	var space := scene.get_world_3d().direct_space_state
	for storey: Dictionary in cells["storeys"]:
		var y: float = storey["y"]
		for cell: Array in storey["walls"]:
			counts["walls"] += 1
			if not _hits_wall(space, cell, y):
				failures.append("%s: no wall at cell %s of the storey at y %s" % [path, cell, y])
		for cell: Array in storey["walkable"]:
			counts["walkable"] += 1
			if _hits_wall(space, cell, y):
				failures.append("%s: a wall on walkable cell %s (y %s)" % [path, cell, y])
	var map := scene.get_world_3d().navigation_map
	await _synced(map, cells["storeys"])
	for storey: Dictionary in cells["storeys"]:
		var y: float = storey["y"]
		for entry: Array in storey["entries"]:
			for beacon: Array in storey["beacons"]:
				counts["paths"] += 1
				var problem := _path_problem(map, entry, beacon, y)
				if not problem.is_empty():
					failures.append(
						"%s: path %s -> %s (y %s): %s" % [path, entry, beacon, y, problem]
					)
	scene.free()
	return failures


# Waits (at most MAX_SYNC_FRAMES physics frames) until the map holds every storey's
# navigation mesh: the closest point to each storey's first entry lies on that entry.
func _synced(map: RID, storeys: Array) -> void:
	for i in MAX_SYNC_FRAMES:
		var ready := NavigationServer3D.map_get_iteration_id(map) > 0
		for storey: Dictionary in storeys:
			if ready and not storey["entries"].is_empty():
				var entry: Array = storey["entries"][0]
				var at := Vector3(entry[0] + 0.5, storey["y"], entry[1] + 0.5)
				var closest := NavigationServer3D.map_get_closest_point(map, at)
				ready = Vector2(closest.x - at.x, closest.z - at.z).length() <= END_TOLERANCE
		if ready:
			return
		await physics_frame


func _hits_wall(space: PhysicsDirectSpaceState3D, cell: Array, y: float) -> bool:
	var centre := Vector3(cell[0] + 0.5, y, cell[1] + 0.5)
	var query := PhysicsRayQueryParameters3D.create(
		centre + Vector3.UP * RAY_TOP, centre + Vector3.UP * RAY_BOTTOM, WALLS_MASK
	)
	return not space.intersect_ray(query).is_empty()


func _path_problem(map: RID, entry: Array, beacon: Array, y: float) -> String:
	var from := Vector3(entry[0] + 0.5, y, entry[1] + 0.5)
	var to := Vector3(beacon[0] + 0.5, y, beacon[1] + 0.5)
	var points := NavigationServer3D.map_get_path(map, from, to, true)
	if points.is_empty():
		return "no path"
	var end := points[points.size() - 1]
	if Vector2(end.x - to.x, end.z - to.z).length() > END_TOLERANCE:
		return "ends at %s, not on the beacon" % end
	if absf(end.y - y) > HEIGHT_TOLERANCE:
		return "ends at height %s, not the storey's %s" % [end.y, y]
	var start := points[0]
	if Vector2(start.x - from.x, start.z - from.z).length() > END_TOLERANCE:
		return "starts at %s, not on the entry" % start
	return ""
