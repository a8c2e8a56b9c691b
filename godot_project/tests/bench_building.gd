extends SceneTree
## Headless benchmark of OutpostBuilding.build(): a 3-storey building from nothing
## (generation, render, spawn) into a fresh OutpostBuilding in the tree, warm runs, median
## and quartiles in milliseconds; also the parts (generate_building alone, render +
## spawn of the three storeys) and a rebuild (freeing the previous building included).
##   godot --headless --path godot_project --script res://tests/bench_building.gd
## Environment: BENCH_RUNS (timed runs per case, default 200), BENCH_LEVEL (outpost
## level, default 2).

const WARM_UP := 20


func _initialize() -> void:
	process_frame.connect(_run, CONNECT_ONE_SHOT)


func _run() -> void:
	var runs := int(OS.get_environment("BENCH_RUNS")) if OS.get_environment("BENCH_RUNS") else 200
	var level := int(OS.get_environment("BENCH_LEVEL")) if OS.get_environment("BENCH_LEVEL") else 2
	var from_nothing: Array[float] = []
	var generation: Array[float] = []
	var rebuild: Array[float] = []
	var nodes := 0
	for i in WARM_UP + runs:
		var t0 := Time.get_ticks_usec()
		StoreyGenerator.generate_building(1000 + i, 3, level)
		var t1 := Time.get_ticks_usec()
		var building := OutpostBuilding.new()
		root.add_child(building)
		var t2 := Time.get_ticks_usec()
		building.build(1000 + i, level, 3)
		var t3 := Time.get_ticks_usec()
		building.build(5000 + i, level, 3)
		var t4 := Time.get_ticks_usec()
		nodes = _count(building)
		building.free()
		if i >= WARM_UP:
			generation.append((t1 - t0) / 1000.0)
			from_nothing.append((t3 - t2) / 1000.0)
			rebuild.append((t4 - t3) / 1000.0)
	print(
		"bench_building: %d runs, level %d, 3 storeys, %d nodes per building" % [runs, level, nodes]
	)
	print("  build() from nothing:    %s" % _summary(from_nothing))
	print("  of which generation:     %s" % _summary(generation))
	print("  rebuild (frees the old): %s" % _summary(rebuild))
	quit(0)


func _count(node: Node) -> int:
	var n := 1
	for child in node.get_children():
		n += _count(child)
	return n


func _summary(values: Array[float]) -> String:
	var sorted := values.duplicate()
	sorted.sort()
	var n := sorted.size()
	return (
		"median %.3f ms (quartiles %.3f - %.3f)"
		% [sorted[n / 2], sorted[n / 4], sorted[(3 * n) / 4]]
	)
