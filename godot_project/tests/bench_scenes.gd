extends SceneTree
## Headless benchmark of the scene side, run by scripts/godot_bench.sh (release library):
## StoreyRenderer.render() of a 28 x 20 UNDERGROUND storey, render + StoreyObjectSpawner
## spawn, the reference's node-per-cell renderer on the same layouts (side by side, in one
## run), a 3-storey OutpostBuilding.build() from nothing, and the Seed Inspector from a slider
## move to the finished storey. Warm runs; prints medians in microseconds.
## Environment: BENCH_SCENE_RUNS (timed runs per measurement, default 300).

const Stats := preload("res://tests/bench_stats.gd")
const ReferenceRenderer := preload("res://tests/reference_renderer.gd")
const INSPECTOR_SCENE := "res://src/game/outpost_test.tscn"


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var runs := Stats.env_int("BENCH_SCENE_RUNS", 300)
	var layouts: Array[StoreyLayout] = []
	for i in 16:
		layouts.append(
			StoreyGenerator.generate(
				7000 + i, 6, 4, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
			)
		)
	var ours := StoreyRenderer.new()
	var spawner := StoreyObjectSpawner.new()
	var reference: Node3D = ReferenceRenderer.new()
	for node: Node3D in [ours, spawner, reference]:
		root.add_child(node)
	# Blocks of 10 of each measurement in turn, so the three see the same machine state; the
	# first two blocks warm up. A frame between blocks runs the spawner's queued frees.
	var timings: Dictionary[String, Array] = {"render": [], "render_spawn": [], "reference": []}
	for block in runs / 10 + 2:
		for name: String in timings:
			for k in 10:
				var layout := layouts[(block * 10 + k) % layouts.size()]
				var t0 := Time.get_ticks_usec()
				if name == "reference":
					reference.call("render", layout)
				else:
					ours.render(layout)
					if name == "render_spawn":
						spawner.spawn(layout)
				if block >= 2:
					timings[name].append(float(Time.get_ticks_usec() - t0))
			await process_frame
	var layout := layouts[0]
	ours.render(layout)
	reference.call("render", layout)
	var ref_counts: Vector2i = reference.call("counts")
	var m_ours := Stats.median(timings["render"])
	var m_ref := Stats.median(timings["reference"])
	print(
		(
			"BENCH render: median %.0f us per 28x20 UNDERGROUND storey (%d runs); %d nodes, %d boxes"
			% [m_ours, runs, ours.get_child_count() + 1, ours.get_shape_count()]
		)
	)
	print(
		(
			"BENCH render_spawn: median %.0f us (render + spawn)"
			% Stats.median(timings["render_spawn"])
		)
	)
	print(
		(
			"BENCH reference_render: median %.0f us; %d nodes, %d boxes; ours is %.1fx faster"
			% [m_ref, ref_counts.x, ref_counts.y, m_ref / m_ours]
		)
	)
	for node: Node in [ours, spawner, reference]:
		node.free()
	await process_frame
	await _bench_building(runs)
	await _bench_inspector(runs)
	await _bench_background_building(runs / 4)
	return true


# A 3-storey building from nothing: a new OutpostBuilding in the tree, then build()
# (generation, render and spawn of every storey).
func _bench_building(runs: int) -> void:
	var times: Array[float] = []
	var nodes := 0
	for i in runs + 20:
		var t0 := Time.get_ticks_usec()
		var building := OutpostBuilding.new()
		root.add_child(building)
		building.build(9000 + i, 2, 3)
		var dt := Time.get_ticks_usec() - t0
		if i >= 20:
			times.append(float(dt))
		nodes = building.find_children("*", "", true, false).size() + 1
		building.free()
		await process_frame
	print(
		(
			"BENCH building: median %.0f us per 3-storey build() from nothing; %d nodes"
			% [Stats.median(times), nodes]
		)
	)


# The Seed Inspector as a user drags the depth slider between 5 and 6 (UNDERGROUND, level 4:
# 28 x 20 at depth 6): from the slider's change to the finished storey (generate, render,
# spawn, stats). A frame passes between moves, as in the running inspector.
func _bench_inspector(runs: int) -> void:
	var inspector: SeedInspector = load(INSPECTOR_SCENE).instantiate()
	root.add_child(inspector)
	inspector.configure(1, 6, 4, StoreyLayout.StoreyType.UNDERGROUND)
	var slider: Slider = inspector.get_node("%Panel").get_node("%DepthSlider")
	var times: Array[float] = []
	for i in runs + 20:
		var t0 := Time.get_ticks_usec()
		slider.value = 5 if slider.value == 6 else 6
		var dt := Time.get_ticks_usec() - t0
		if i >= 20:
			times.append(float(dt))
		await process_frame
	print(
		(
			"BENCH seed inspector: median %.0f us from a depth slider move to the finished storey"
			% Stats.median(times)
		)
	)
	inspector.free()


# A building generated with generate_building_async() while frames run: the longest time
# the main thread spends in the task in any one frame (the call that starts it, a poll,
# or the poll that turns the storeys into resources), against the same building made
# synchronously. (Headless frames are paced at a fixed interval longer than this work,
# so frame times would show the pacing, not the work.)
func _bench_background_building(runs: int) -> void:
	var stalls: Array[float] = []
	var sync: Array[float] = []
	for i in runs + 5:
		var t0 := Time.get_ticks_usec()
		StoreyGenerator.generate_building(4000 + i, 4, 4, true)
		var sync_us := float(Time.get_ticks_usec() - t0)
		await process_frame
		t0 = Time.get_ticks_usec()
		var task := StoreyGenerator.generate_building_async(4000 + i, 4, 4, true)
		var longest := float(Time.get_ticks_usec() - t0)
		var done := false
		while not done:
			await process_frame
			t0 = Time.get_ticks_usec()
			done = task.is_done()
			longest = maxf(longest, float(Time.get_ticks_usec() - t0))
		if i >= 5:
			stalls.append(longest)
			sync.append(sync_us)
	print(
		(
			(
				"BENCH background_building: median %.0f us longest main-thread work in one "
				+ "frame while a 4-storey building with an underground storey is made in the "
				+ "background (the same building made synchronously: %.0f us)"
			)
			% [Stats.median(stalls), Stats.median(sync)]
		)
	)
