extends SceneTree
## Pixel test, run under Xvfb by scripts/godot_tests.sh (needs a display; headless
## rendering draws nothing). Two frames:
## [br]- a StoreyRenderer seen by a top-down orthographic camera under a fixed light: the
##   primary beacon's pixel and EMPTY and WALL control pixels must show their theme
##   colours, each within COLOR_TOLERANCE of its colour and nearer to it than to any other
##   cell type's colour; and the game's X-ray looks (the drone's and the alien's meshes
##   from the rules, Genesis, a tower), each hidden inside a wall, must show their
##   silhouette colour (the materials' stencil_color) over the wall;
## [br]- the wall cut-away seen as the game's camera sees it (62 degrees down, against a
##   black background): with the focus on a floor cell just behind a wall, that cell's
##   floor shows, and the cut wall in front of it shows the wall's colour where it was cut
##   (its cap), neither the background nor a dark inside.
## [br]Prints "pixels: ok" or "pixels: FAIL ..." lines, and saves the frames to the path
## given after `--` (default user://pixels.png) and beside it with "_cutaway" added.

const COLOR_TOLERANCE := 0.12
const THEME := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")
const RULES := preload("res://data/outpost/outpost_rules.tres")
const GENESIS_SCENE := preload("res://src/world/genesis/OutpostGenesis.tscn")
const TOWER_SCENE := preload("res://src/world/objects/TowerObject.tscn")
## Height of the hidden looks inside their wall (walls are 2 m tall).
const HIDDEN_HEIGHT := 0.9
## The cut-away's radius in the second frame: wider than the camera's, where a cut that left
## a box open would show most of its inside.
const CUTAWAY_RADIUS := 1.1
## A pixel nearer than this to black is the background.
const DARK := 0.06
const EMPTY := StoreyLayout.CellType.EMPTY


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	var path := args[0] if not args.is_empty() else "user://pixels.png"
	var failures := await _top_down(path)
	failures.append_array(await _cutaway(path.get_basename() + "_cutaway.png"))
	for f in failures:
		print("pixels: FAIL ", f)
	if failures.is_empty():
		print("pixels: ok")
	return failures.is_empty()


func _top_down(path: String) -> PackedStringArray:
	var layout := _layout()
	var renderer := StoreyRenderer.new()
	root.add_child(renderer)
	renderer.render(layout)
	var camera := Camera3D.new()
	camera.projection = Camera3D.PROJECTION_ORTHOGONAL
	camera.size = maxf(layout.width, layout.height) + 2.0
	camera.position = Vector3(layout.width * 0.5, 20.0, layout.height * 0.5)
	camera.rotation_degrees = Vector3(-90, 0, 0)
	root.add_child(camera)
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-60, 30, 0)
	root.add_child(sun)
	var probes: Dictionary[int, Vector2i] = {
		StoreyLayout.CellType.BEACON: layout.primary_beacon,
		StoreyLayout.CellType.EMPTY: _first_cell(layout, StoreyLayout.CellType.EMPTY),
		StoreyLayout.CellType.WALL: _first_cell(layout, StoreyLayout.CellType.WALL),
	}
	var hidden := _hidden_looks(layout, probes[StoreyLayout.CellType.WALL])
	for i in 5:
		await process_frame
	var image := root.get_texture().get_image()
	image.save_png(path)
	var failures := PackedStringArray()
	for cell_type in probes:
		var world := renderer.to_global(layout.cell_center(probes[cell_type]))
		var pixel := Vector2i(camera.unproject_position(world))
		var got := image.get_pixelv(pixel)
		var want := THEME.get_definition(cell_type).color
		var nearest := _nearest_type(got)
		var line := (
			"%s at %s: pixel %s #%s, theme #%s, distance %.3f, nearest %s"
			% [
				CellDefinitions.type_name(cell_type),
				probes[cell_type],
				pixel,
				got.to_html(false),
				want.to_html(false),
				_distance(got, want),
				CellDefinitions.type_name(nearest)
			]
		)
		print("pixels: ", line)
		if _distance(got, want) > COLOR_TOLERANCE or nearest != cell_type:
			failures.append(line)
	for look: Node3D in hidden:
		var pixel := Vector2i(camera.unproject_position(look.global_position))
		var got := image.get_pixelv(pixel)
		var want: Color = hidden[look]
		var line := (
			"%s inside a wall: pixel %s #%s, silhouette #%s, distance %.3f"
			% [look.name, pixel, got.to_html(false), want.to_html(false), _distance(got, want)]
		)
		print("pixels: ", line)
		if _distance(got, want) > COLOR_TOLERANCE:
			failures.append(line)
	for node: Node in [renderer, camera, sun] + hidden.keys():
		node.free()
	return failures


# The game's X-ray looks, each inside a wall cell other than `spare` (its centre
# HIDDEN_HEIGHT up), with the silhouette colour each should show from above.
func _hidden_looks(layout: StoreyLayout, spare: Vector2i) -> Dictionary[Node3D, Color]:
	var walls := layout.get_cells_of_type(StoreyLayout.CellType.WALL)
	walls.erase(spare)
	var looks: Dictionary[Node3D, Color] = {}
	for kind in RULES.agent_kinds:
		var agent := MeshInstance3D.new()
		agent.name = kind.name
		agent.mesh = kind.mesh if kind.mesh != null else SphereMesh.new()
		var material := agent.mesh.surface_get_material(0) as BaseMaterial3D
		# A kind without its own X-ray mesh cannot show a silhouette: expect one anyway.
		looks[agent] = material.stencil_color if material != null else Color.MAGENTA
	# Genesis's core (the body would be pushed out of the wall by physics).
	var genesis := GENESIS_SCENE.instantiate()
	var core := MeshInstance3D.new()
	core.name = "Genesis"
	core.mesh = (genesis.get_node(^"Visual/Core") as MeshInstance3D).mesh
	genesis.free()
	looks[core] = (core.mesh.surface_get_material(0) as BaseMaterial3D).stencil_color
	var tower := TOWER_SCENE.instantiate() as TowerObject
	tower.name = "Tower"
	tower.setup(RULES.tier(0), 0, Vector2i.ZERO, null)
	looks[tower] = TowerObject.SILHOUETTE_COLOR
	var index := 0
	for look: Node3D in looks:
		root.add_child(look)
		var cell: Vector2i = walls[walls.size() / 2 + index * 3]
		look.global_position = layout.cell_center(cell) + Vector3(0.0, HIDDEN_HEIGHT, 0.0)
		if look == tower:
			# Its gun (on top of its body) is the part seen from above.
			look.global_position.y = HIDDEN_HEIGHT - RULES.tier(0).height
		index += 1
	return looks


func _cutaway(path: String) -> PackedStringArray:
	var layout := _layout()
	var renderer := StoreyRenderer.new()
	renderer.wall_cutaway = true
	root.add_child(renderer)
	renderer.render(layout)
	var focus_cell := _behind_a_wall(layout)
	if focus_cell.x < 0:
		renderer.free()
		return PackedStringArray(["cut-away: no EMPTY cell behind a 2-cell wall in the layout"])
	var focus := layout.cell_center(focus_cell) + Vector3(0.0, 0.5, 0.0)
	var pitch := deg_to_rad(62.0)
	var camera := Camera3D.new()
	camera.fov = 55.0
	root.add_child(camera)
	camera.look_at_from_position(focus + Vector3(0.0, sin(pitch), cos(pitch)) * 9.0, focus)
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-60, 30, 0)
	root.add_child(sun)
	var environment := WorldEnvironment.new()
	environment.environment = Environment.new()
	environment.environment.background_mode = Environment.BG_COLOR
	environment.environment.background_color = Color.BLACK
	environment.environment.ambient_light_source = Environment.AMBIENT_SOURCE_COLOR
	environment.environment.ambient_light_color = Color(0.62, 0.66, 0.72)
	environment.environment.ambient_light_energy = 0.55
	root.add_child(environment)
	RenderingServer.global_shader_parameter_set(&"cutaway_focus", focus)
	RenderingServer.global_shader_parameter_set(&"cutaway_radius", CUTAWAY_RADIUS)
	for i in 5:
		await process_frame
	var image := root.get_texture().get_image()
	image.save_png(path)
	RenderingServer.global_shader_parameter_set(&"cutaway_focus", Vector3(0, -1000, 0))
	RenderingServer.global_shader_parameter_set(&"cutaway_radius", 0.0)
	var wall := focus_cell + Vector2i(0, 1)
	var probes: Array[Array] = [
		["the floor behind the cut wall", focus_cell, StoreyRenderer.FLOOR_HEIGHT, EMPTY],
		["the cut wall's cap", wall, 0.3, StoreyLayout.CellType.WALL],
	]
	var failures := PackedStringArray()
	for probe in probes:
		var cell: Vector2i = probe[1]
		var world := layout.cell_center(cell) + Vector3(0.0, probe[2], 0.0)
		var pixel := Vector2i(camera.unproject_position(world))
		var got := image.get_pixelv(pixel)
		var want_type: int = probe[3]
		var want := THEME.get_definition(want_type).color
		var line := (
			"cut-away, %s at %s: pixel %s #%s, theme %s #%s, distance %.3f"
			% [
				probe[0],
				cell,
				pixel,
				got.to_html(false),
				CellDefinitions.type_name(want_type),
				want.to_html(false),
				_distance(got, want)
			]
		)
		print("pixels: ", line)
		if _distance(got, want) > COLOR_TOLERANCE or _nearest_type(got) != want_type:
			failures.append(line)
	var holes := _dark_pixels(image, camera, focus_cell)
	var line := "cut-away: %d background pixels around the cut (want 0)" % holes.size()
	print("pixels: ", line, " ", holes.slice(0, 3))
	if not holes.is_empty():
		failures.append(line)
	for node: Node in [renderer, camera, sun, environment]:
		node.free()
	return failures


# Pixels as dark as the background within the screen box of the cut wall and its
# neighbours (columns focus.x - 1 to focus.x + 1, rows focus.y + 1 and focus.y + 2, floor
# to wall tops): the storey covers all of it, so each one is a hole.
func _dark_pixels(image: Image, camera: Camera3D, focus_cell: Vector2i) -> Array[Vector2i]:
	var box := Rect2(camera.unproject_position(Vector3(focus_cell.x, 0.0, focus_cell.y)), Vector2())
	for x in [focus_cell.x - 1, focus_cell.x + 2]:
		for z in [focus_cell.y + 1, focus_cell.y + 3]:
			for y in [StoreyRenderer.FLOOR_HEIGHT, StoreyRenderer.WALL_HEIGHT]:
				box = box.expand(camera.unproject_position(Vector3(x, y, z)))
	var dark: Array[Vector2i] = []
	var area := Rect2i(box.grow(-4.0)).intersection(Rect2i(Vector2i.ZERO, image.get_size()))
	for py in range(area.position.y, area.end.y):
		for px in range(area.position.x, area.end.x):
			if _distance(image.get_pixel(px, py), Color.BLACK) < DARK:
				dark.append(Vector2i(px, py))
	return dark


func _layout() -> StoreyLayout:
	return StoreyGenerator.generate(42, 3, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND)


# An EMPTY cell off the enemy paths, with two WALL cells on the camera's side (+z), in
# the middle of the storey, far from the staircase and the beacons (so that only the
# focus cuts the wall).
func _behind_a_wall(layout: StoreyLayout) -> Vector2i:
	var overlay := layout.get_cells_of_type(StoreyLayout.CellType.PATH)
	var specials: Array[Vector2i] = [layout.staircase_cell]
	specials.append_array(layout.beacon_cells)
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.EMPTY):
		if (
			overlay.has(cell)
			or layout.get_cell(cell + Vector2i(0, 1)) != StoreyLayout.CellType.WALL
		):
			continue
		if specials.all(func(s: Vector2i) -> bool: return Vector2(s - cell).length() > 3.0):
			return cell
	return Vector2i(-1, -1)


# The first cell of `cell_type` that no enemy path crosses (so no overlay covers it).
func _first_cell(layout: StoreyLayout, cell_type: int) -> Vector2i:
	var overlay := layout.get_cells_of_type(StoreyLayout.CellType.PATH)
	for cell in layout.get_cells_of_type(cell_type):
		if not overlay.has(cell):
			return cell
	return Vector2i(-1, -1)


func _nearest_type(color: Color) -> int:
	var best := -1
	for cell_type in CellDefinitions.TYPES:
		var definition := THEME.get_definition(cell_type)
		if (
			best < 0
			or (
				_distance(color, definition.color)
				< _distance(color, THEME.get_definition(best).color)
			)
		):
			best = cell_type
	return best


func _distance(a: Color, b: Color) -> float:
	return Vector3(a.r - b.r, a.g - b.g, a.b - b.b).length()
