extends SceneTree
## Headless benchmark of baking, run by scripts/godot_bench.sh (release library; also by
## hand with the debug library the editor loads): StoreyBaker.bake_building() of a
## 3-storey building with its underground (4 storeys, navigation meshes included) at
## levels 2 and 4, beside generate_building() alone (the generator's share), and the
## PackedScene.pack() + ResourceSaver.save() of such a bake to a .tscn. Each run a new
## seed, warm runs only; prints medians and maxima in microseconds.
## Environment: BENCH_BAKE_RUNS (timed runs per measurement, default 60).

const Stats := preload("res://tests/bench_stats.gd")
const WARM_UP := 5


func _initialize() -> void:
	quit(0 if run() else 1)


func run() -> bool:
	var runs := Stats.env_int("BENCH_BAKE_RUNS", 60)
	for level: int in [2, 4]:
		var bakes: Array[float] = []
		var generations: Array[float] = []
		for i in runs + WARM_UP:
			var seed_value := 1000 * level + i
			var t0 := Time.get_ticks_usec()
			var layouts := StoreyGenerator.generate_building(seed_value, 3, level, true)
			var t1 := Time.get_ticks_usec()
			var building := StoreyBaker.bake_building(seed_value, level, 3, true)
			var t2 := Time.get_ticks_usec()
			if building == null or layouts.size() != 4:
				printerr("bench_bake: seed %d level %d was not baked" % [seed_value, level])
				return false
			building.free()
			if i >= WARM_UP:
				generations.append(float(t1 - t0))
				bakes.append(float(t2 - t1))
		_report("bake_building level %d" % level, bakes, "3 storeys + underground, navmeshes")
		_report("generate_building level %d" % level, generations, "the generator's share")
	var saves: Array[float] = []
	var size := 0
	for i in runs + WARM_UP:
		var building := StoreyBaker.bake_building(7 + i, 2, 3, true)
		var t0 := Time.get_ticks_usec()
		var packed := PackedScene.new()
		packed.pack(building)
		ResourceSaver.save(packed, "user://bench_bake.tscn")
		var t1 := Time.get_ticks_usec()
		building.free()
		if i >= WARM_UP:
			saves.append(float(t1 - t0))
	size = FileAccess.get_file_as_bytes("user://bench_bake.tscn").size()
	DirAccess.remove_absolute("user://bench_bake.tscn")
	_report("pack_and_save level 2", saves, "a %d KB .tscn" % (size / 1024))
	return true


func _report(name: String, timings: Array[float], what: String) -> void:
	var top: float = timings.max()
	print(
		(
			"BENCH %s: median %.0f us, max %.0f us over %d runs (%s)"
			% [name, Stats.median(timings), top, timings.size(), what]
		)
	)
