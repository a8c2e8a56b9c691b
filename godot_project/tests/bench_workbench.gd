extends SceneTree
## Headless benchmark of the workbench: slider to finished storey (SeedInspector's
## regenerate(): generate + render + spawn + stats), the way a user drags the depth slider.
##   godot --headless --path godot_project --script res://tests/bench_workbench.gd
## The storey is UNDERGROUND at level 4 (28 x 20 at depth 6), the depth slider alternates
## between 5 and 6. A frame passes between moves, so objects freed by the previous spawn
## are gone, as in the running workbench.
## Prints the median of the whole slider move, and of the generation, render and spawn
## parts from get_stats(). Which library Godot loads (debug or release) decides the figures.
## Environment: BENCH_CALLS (timed moves, default 200), BENCH_WARMUP (default 30).


func _initialize() -> void:
	# The root window enters the tree after _initialize().
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func env_int(name: String, fallback: int) -> int:
	var v := OS.get_environment(name)
	return int(v) if v.is_valid_int() else fallback


func median(values: Array[float]) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	var n := sorted.size()
	if n == 0:
		return NAN
	return sorted[n / 2] if n % 2 == 1 else (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0


func _on_first_frame() -> void:
	var passed: bool = await run()
	quit(0 if passed else 1)


func run() -> bool:
	var calls := env_int("BENCH_CALLS", 200)
	var warmup := env_int("BENCH_WARMUP", 30)
	var workbench: SeedInspector = load("res://scenes/outpost_test.tscn").instantiate()
	root.add_child(workbench)
	workbench.configure(1, 6, 4, StoreyLayout.StoreyType.UNDERGROUND)
	var slider: Slider = workbench.get_node("%DepthSlider")
	var total: Array[float] = []
	var generation: Array[float] = []
	var render: Array[float] = []
	var spawn: Array[float] = []
	var moves := 0
	for i in warmup + calls:
		var before := workbench.layout
		var t0 := Time.get_ticks_usec()
		slider.value = 5 if slider.value == 6 else 6
		var dt := Time.get_ticks_usec() - t0
		moves += int(workbench.layout != before)
		if i >= warmup:
			var stats := workbench.get_stats()
			total.append(dt / 1000.0)
			generation.append(stats["generation_usec"] / 1000.0)
			render.append(stats["render_msec"])
			spawn.append(stats["spawn_msec"])
		await process_frame
	workbench.free()
	print(
		(
			(
				"workbench: slider to finished storey (UNDERGROUND, level 4, depth 5/6), median of %d:"
				% calls
			)
			+ (
				" %.3f ms (generate %.3f, render %.3f, spawn %.3f)"
				% [median(total), median(generation), median(render), median(spawn)]
			)
		)
	)
	if moves != warmup + calls:
		printerr("bench_workbench: %d of %d slider moves regenerated" % [moves, warmup + calls])
		return false
	return true
