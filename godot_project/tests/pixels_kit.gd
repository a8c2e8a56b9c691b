extends SceneTree
## Pixel test of the wall kit, run under Xvfb by scripts/godot_tests.sh (headless rendering
## draws nothing). The sixteen cases of the dual grid side by side (a 2 x 2 block of cells
## per mask, NW 1, NE 2, SE 4, SW 8, WALL where the bit is set, EMPTY elsewhere, blocks
## one EMPTY cell apart), drawn by each shipped kit's pieces in a flat unshaded colour and
## seen from straight above by an orthographic camera against a black background:
## [br]- a seam: a background pixel inside the union of the WALL cells (the pieces must
##   cover every wall quarter, their tile edges included);
## [br]- a piece over the floor: a wall-coloured pixel inside an EMPTY cell.
## [br]Pixels within EDGE_MARGIN of an edge between a WALL and an EMPTY cell are not judged
## (the rasteriser decides those). Prints "pixels_kit: ok" or "pixels_kit: FAIL ..." lines
## and saves each frame to the path given after `--` (default user://pixels_kit.png), with
## the theme's file name added.

const THEMES: Array[CellDefinitions] = [
	preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres"),
	preload("res://addons/outpost_storeys/themes/cell_definitions_clean.tres"),
]
const WALL_COLOR := Color(1.0, 0.0, 0.0)
const FLOOR_COLOR := Color(0.0, 1.0, 0.0)
## Cases per row of the picture.
const COLUMNS := 8
## Cells from one case's block to the next.
const STRIDE := 3
## World distance from a wall/floor edge within which a pixel is not judged, in metres.
const EDGE_MARGIN := 0.05
## A pixel nearer than this to black is the background.
const DARK := 0.1


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	var path := args[0] if not args.is_empty() else "user://pixels_kit.png"
	var failures := PackedStringArray()
	for theme in THEMES:
		var name := theme.resource_path.get_file().get_basename()
		failures.append_array(await _frame(theme, path.get_basename() + "_" + name + ".png"))
	for f in failures:
		print("pixels_kit: FAIL ", f)
	if failures.is_empty():
		print("pixels_kit: ok")
	return failures.is_empty()


## The sixteen cases as a layout.
func cases_layout() -> StoreyLayout:
	var rows := 16 / COLUMNS
	var layout := StoreyLayout.new()
	layout.width = COLUMNS * STRIDE + 1
	layout.height = rows * STRIDE + 1
	var cells: Array[PackedByteArray] = []
	for x in layout.width:
		var column := PackedByteArray()
		column.resize(layout.height)
		column.fill(StoreyLayout.CellType.EMPTY)
		cells.append(column)
	for mask in 16:
		var x0 := (mask % COLUMNS) * STRIDE + 1
		var y0 := (mask / COLUMNS) * STRIDE + 1
		var corners: Array[Vector2i] = [
			Vector2i(x0, y0), Vector2i(x0 + 1, y0), Vector2i(x0 + 1, y0 + 1), Vector2i(x0, y0 + 1)
		]
		for bit in 4:
			if mask & (1 << bit):
				cells[corners[bit].x][corners[bit].y] = StoreyLayout.CellType.WALL
	layout.cells = cells
	return layout


# The theme's kit in flat colours, and a floor of another.
func _flat_theme(theme: CellDefinitions) -> CellDefinitions:
	var kit := WallKit.new()
	kit.profile = theme.wall_kit.profile
	kit.material = _unshaded(WALL_COLOR)
	var flat := CellDefinitions.new()
	flat.wall_kit = kit
	flat.wall = theme.wall
	flat.empty = CellDefinition.new()
	flat.empty.material = _unshaded(FLOOR_COLOR)
	return flat


func _unshaded(color: Color) -> StandardMaterial3D:
	var material := StandardMaterial3D.new()
	material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	material.albedo_color = color
	material.cull_mode = BaseMaterial3D.CULL_DISABLED
	return material


func _frame(theme: CellDefinitions, path: String) -> PackedStringArray:
	var layout := cases_layout()
	var renderer := StoreyRenderer.new()
	renderer.cell_definitions = _flat_theme(theme)
	root.add_child(renderer)
	renderer.render(layout)
	var camera := Camera3D.new()
	camera.projection = Camera3D.PROJECTION_ORTHOGONAL
	camera.keep_aspect = Camera3D.KEEP_WIDTH
	camera.size = layout.width + 1.0
	camera.position = Vector3(layout.width * 0.5, 20.0, layout.height * 0.5)
	camera.rotation_degrees = Vector3(-90, 0, 0)
	root.add_child(camera)
	var environment := WorldEnvironment.new()
	environment.environment = Environment.new()
	environment.environment.background_mode = Environment.BG_COLOR
	environment.environment.background_color = Color.BLACK
	root.add_child(environment)
	for i in 5:
		await process_frame
	var image := root.get_texture().get_image()
	image.save_png(path)
	var failures := _judge(image, camera, layout, theme.get_display_name())
	for node: Node in [renderer, camera, environment]:
		node.free()
	return failures


func _judge(
	image: Image, camera: Camera3D, layout: StoreyLayout, what: String
) -> PackedStringArray:
	var seams := PackedStringArray()
	var over_floor := PackedStringArray()
	var judged := 0
	var lo := camera.unproject_position(Vector3.ZERO)
	var hi := camera.unproject_position(Vector3(layout.width, 0.0, layout.height))
	for py in range(ceili(lo.y), floori(hi.y)):
		for px in range(ceili(lo.x), floori(hi.x)):
			var at := camera.project_position(Vector2(px + 0.5, py + 0.5), 20.0)
			var wall := _is_wall(layout, at.x, at.z)
			var clear := true
			for d: Vector2 in [Vector2(-1, -1), Vector2(1, -1), Vector2(1, 1), Vector2(-1, 1)]:
				if _is_wall(layout, at.x + d.x * EDGE_MARGIN, at.z + d.y * EDGE_MARGIN) != wall:
					clear = false
			if not clear:
				continue
			judged += 1
			var got := image.get_pixel(px, py)
			var where := (
				"pixel (%d, %d), world (%.2f, %.2f) #%s" % [px, py, at.x, at.z, got.to_html(false)]
			)
			if wall and maxf(got.r, maxf(got.g, got.b)) < DARK:
				seams.append(where)
			elif not wall and got.r > 0.5 and got.g < 0.5:
				over_floor.append(where)
	print("pixels_kit: %s: %d pixels judged" % [what, judged])
	var failures := PackedStringArray()
	if judged == 0:
		failures.append("%s: no pixel judged" % what)
	if not seams.is_empty():
		failures.append(
			"%s: %d background pixels inside the walls, e.g. %s" % [what, seams.size(), seams[0]]
		)
	if not over_floor.is_empty():
		failures.append(
			"%s: %d wall pixels over the floor, e.g. %s" % [what, over_floor.size(), over_floor[0]]
		)
	return failures


func _is_wall(layout: StoreyLayout, x: float, z: float) -> bool:
	return layout.get_cell(Vector2i(floori(x), floori(z))) == StoreyLayout.CellType.WALL
