extends SceneTree
## Headless benchmark, run by scripts/godot_bench.sh:
## 1. StoreyGenerator.generate() from GDScript: 28 x 20 UNDERGROUND storeys (depth 6,
##    level 4), timed in batches; prints the median microseconds per call.
## 2. StoreyValidator.find_path() against Godot's AStarGrid2D on the same queries (entry
##    -> primary beacon on the same layouts); AStarGrid2D setup (region, update, walls)
##    is timed apart from its queries.
## Environment: BENCH_CALLS (generate calls, default 2000), BENCH_BATCH (calls per timed
## batch, default 20), BENCH_LAYOUTS (layouts for the path comparison, default 200),
## BENCH_REPEAT (repeats of each path query per timing, default 20).

const AStarGridOf := preload("res://tests/astar_grid.gd")


func _initialize() -> void:
	quit(0 if run() else 1)


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


func run() -> bool:
	var calls := env_int("BENCH_CALLS", 2000)
	var batch := maxi(1, env_int("BENCH_BATCH", 20))
	var n_layouts := env_int("BENCH_LAYOUTS", 200)
	var repeat := maxi(1, env_int("BENCH_REPEAT", 20))
	var underground := StoreyLayout.StoreyType.UNDERGROUND
	var none := Vector2i(-1, -1)

	# Warm-up (first calls load code and allocate).
	for i in 50:
		StoreyGenerator.generate(i, 6, 4, none, underground)

	var per_call: Array[float] = []
	var seed_value := 1
	var produced := 0
	for b in calls / batch:
		var t0 := Time.get_ticks_usec()
		for i in batch:
			var l := StoreyGenerator.generate(seed_value, 6, 4, none, underground)
			seed_value += 1
			produced += int(l != null)
		per_call.append(float(Time.get_ticks_usec() - t0) / batch)
	var size_check := StoreyGenerator.generate(1, 6, 4, none, underground)
	if produced != (calls / batch) * batch or size_check.width != 28 or size_check.height != 20:
		printerr(
			(
				"bench: unexpected generator output (%d produced, %d x %d)"
				% [produced, size_check.width, size_check.height]
			)
		)
		return false
	print(
		(
			(
				"BENCH generate: median %.1f us per 28x20 UNDERGROUND storey (depth 6, level "
				+ "4) over %d calls in batches of %d (min batch %.1f, max %.1f)"
			)
			% [median(per_call), produced, batch, per_call.min(), per_call.max()]
		)
	)

	# The same calls, then a first read of every field converted on demand (what saving
	# the layout or drawing it from GDScript costs on top).
	var with_fields: Array[float] = []
	for b in calls / batch:
		var t0 := Time.get_ticks_usec()
		for i in batch:
			var l := StoreyGenerator.generate(seed_value, 6, 4, none, underground)
			seed_value += 1
			produced += l.cells.size() + l.enemy_path.size() + l.enemy_paths.size() + l.rooms.size()
		with_fields.append(float(Time.get_ticks_usec() - t0) / batch)
	print(
		(
			(
				"BENCH generate_and_read: median %.1f us per storey when cells, enemy_path, "
				+ "enemy_paths and rooms are read too"
			)
			% median(with_fields)
		)
	)

	# Path queries on the same layouts and the same (entry -> primary beacon) pairs.
	var ours: Array[float] = []
	var setup: Array[float] = []
	var theirs: Array[float] = []
	var mismatches := 0
	for k in n_layouts:
		var l := StoreyGenerator.generate(100000 + k, 6, 4, none, underground)
		var from := l.entry_cells[0]
		var to := l.primary_beacon

		var t0 := Time.get_ticks_usec()
		var path: Array[Vector2i] = []
		for r in repeat:
			path = StoreyValidator.find_path(l, from, to)
		ours.append(float(Time.get_ticks_usec() - t0) / repeat)

		# AStarGrid2D setup as a game would do it: read the layout, mark walls solid.
		t0 = Time.get_ticks_usec()
		var astar := AStarGridOf.layout(l)
		setup.append(float(Time.get_ticks_usec() - t0))

		t0 = Time.get_ticks_usec()
		var their_path := PackedVector2Array()
		for r in repeat:
			their_path = astar.get_point_path(from, to)
		theirs.append(float(Time.get_ticks_usec() - t0) / repeat)
		if their_path.size() != path.size():
			mismatches += 1
	if mismatches > 0:
		printerr("bench: %d path lengths differ from AStarGrid2D" % mismatches)
		return false
	var m_ours := median(ours)
	var m_setup := median(setup)
	var m_theirs := median(theirs)
	print(
		(
			(
				"BENCH find_path: median %.2f us per StoreyValidator.find_path query (entry -> "
				+ "primary beacon, %d layouts x %d repeats; includes reading the grid from the "
				+ "resource)"
			)
			% [m_ours, n_layouts, repeat]
		)
	)
	print(
		(
			(
				"BENCH astargrid2d: median %.2f us per AStarGrid2D.get_point_path query; setup "
				+ "(region + update + set_point_solid walls) median %.1f us per layout"
			)
			% [m_theirs, m_setup]
		)
	)
	print(
		(
			(
				"BENCH ratio: find_path / AStarGrid2D query = %.2f; find_path / (AStarGrid2D "
				+ "setup + query) = %.2f"
			)
			% [m_ours / m_theirs, m_ours / (m_setup + m_theirs)]
		)
	)
	return true
