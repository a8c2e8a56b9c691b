extends SceneTree
## Benchmark: a max-size storey (UNDERGROUND, depth 6, level 4: 28 x 20) rendered with its
## walls as a wall kit (Rusty industrial) and per cell (the same theme without its kit: a
## box per wall cell, the same floors), in the same run, alternating. For each: the median
## time of [method StoreyRenderer.render] alone, and of render() plus the next frame drawn
## (under Xvfb, so the GPU's share counts; headless that frame draws nothing). Both themes
## are drawn a few times first, so the kit's meshes and every shader are built before
## timing. Prints one "bench_kit:" line per figure and
## the ratios; exits 1 if the kit's render() plus frame takes more than MAX_RATIO times the
## per-cell one. Arguments after `--`: the number of timed renders per theme (default 40).

const KIT := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
const WARM_UP := 5
const DEFAULT_RUNS := 40
## The issue's bound on the kit's cost against the per-cell walls.
const MAX_RATIO := 1.5


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	var runs := int(args[0]) if not args.is_empty() and args[0].is_valid_int() else DEFAULT_RUNS
	var layout := StoreyGenerator.generate(1, 6, 4, Vector2i(-1, -1), 2)
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.look_at_from_position(Vector3(14, 22, 32), Vector3(14, 0, 10))
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-60, 30, 0)
	root.add_child(sun)
	var per_cell: CellDefinitions = KIT.duplicate()
	per_cell.wall_kit = null
	var renderers: Array[StoreyRenderer] = []
	for theme: CellDefinitions in [per_cell, KIT]:
		var renderer := StoreyRenderer.new()
		renderer.cell_definitions = theme
		renderer.visible = false
		root.add_child(renderer)
		renderers.append(renderer)
	var render_us: Array[PackedFloat64Array] = [PackedFloat64Array(), PackedFloat64Array()]
	var frame_us: Array[PackedFloat64Array] = [PackedFloat64Array(), PackedFloat64Array()]
	for i in WARM_UP + runs:
		for which in 2:
			var renderer := renderers[which]
			renderer.visible = true
			var start := Time.get_ticks_usec()
			renderer.render(layout)
			var rendered := Time.get_ticks_usec()
			await RenderingServer.frame_post_draw
			var drawn := Time.get_ticks_usec()
			renderer.visible = false
			if i >= WARM_UP:
				render_us[which].append(rendered - start)
				frame_us[which].append(drawn - start)
	print(
		(
			"bench_kit: %s, %d x %d, %d runs each"
			% [layout.get_class(), layout.width, layout.height, runs]
		)
	)
	print("bench_kit: wall tiles %s" % renderers[1].get_wall_piece_counts())
	var names := ["per cell", "kit"]
	for which in 2:
		print(
			(
				"bench_kit: %s: render() median %.0f us, render() + frame median %.0f us"
				% [names[which], _median(render_us[which]), _median(frame_us[which])]
			)
		)
	var render_ratio := _median(render_us[1]) / _median(render_us[0])
	var frame_ratio := _median(frame_us[1]) / _median(frame_us[0])
	print(
		(
			"bench_kit: ratio kit / per cell: render() %.2f, render() + frame %.2f"
			% [render_ratio, frame_ratio]
		)
	)
	for node: Node in renderers + [camera, sun]:
		node.free()
	return frame_ratio <= MAX_RATIO


func _median(values: PackedFloat64Array) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	var n := sorted.size()
	if n == 0:
		return 0.0
	return sorted[n / 2] if n % 2 == 1 else (sorted[n / 2 - 1] + sorted[n / 2]) * 0.5
