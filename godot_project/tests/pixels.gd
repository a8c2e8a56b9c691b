extends SceneTree
## Pixel test, run under Xvfb by scripts/godot_tests.sh (needs a display; headless
## rendering draws nothing): a StoreyRenderer seen by a top-down orthographic camera under
## a fixed light. The primary beacon's pixel and EMPTY and WALL control pixels must show
## their theme colours: each within COLOR_TOLERANCE of its colour, and nearer to it than
## to any other cell type's colour. Prints "pixels: ok" or "pixels: FAIL ..." lines, and
## saves the frame to the path given after `--` (default user://pixels.png).

const COLOR_TOLERANCE := 0.12
const THEME := preload("res://data/outpost/cell_definitions.tres")


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var layout := StoreyGenerator.generate(
		42, 3, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
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
	for i in 5:
		await process_frame
	var image := root.get_texture().get_image()
	var args := OS.get_cmdline_user_args()
	image.save_png(args[0] if not args.is_empty() else "user://pixels.png")
	var probes: Dictionary[int, Vector2i] = {
		StoreyLayout.CellType.BEACON: layout.primary_beacon,
		StoreyLayout.CellType.EMPTY: _first_cell(layout, StoreyLayout.CellType.EMPTY),
		StoreyLayout.CellType.WALL: _first_cell(layout, StoreyLayout.CellType.WALL),
	}
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
	renderer.free()
	camera.free()
	sun.free()
	for f in failures:
		print("pixels: FAIL ", f)
	if failures.is_empty():
		print("pixels: ok")
	return failures.is_empty()


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
