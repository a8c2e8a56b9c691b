extends "res://tools/script_tool.gd"
## Times the game's frames out on the surface and inside on a storey, side by side in one
## run (needs a display: run it under Xvfb, as scripts/godot_helpers.sh's godot_xvfb does).
## The game as a player has it (its default building, the camera as the game frames it),
## Genesis out on the surface beside the door, then inside on the ground floor's ENTRANCE,
## in turn for [code]--reps N[/code] repetitions (default 5) of [code]--frames N[/code]
## frames each (default 120) after 30 frames to settle; prints each repetition's median
## frame time and draw calls, then the medians of the medians:
## [code]frame_times: surface median 41.2 ms (24.3 fps), storey median 38.0 ms ...[/code]

const GAME_SCENE := "res://src/game/outpost_game.tscn"
const SETTLE_FRAMES := 30
const HINTS_FILE := "user://frame_times_hints.cfg"


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	var reps := _arg(args, "--reps", 5)
	var frames := _arg(args, "--frames", 120)
	Engine.max_fps = 0
	RenderingServer.viewport_set_measure_render_time(root.get_viewport_rid(), true)
	var game := (load(GAME_SCENE) as PackedScene).instantiate() as OutpostGame
	game.menu_scene = ""
	var coach := game.get_node(^"HintCoach") as HintCoach
	coach.settings_path = HINTS_FILE
	coach.first_delay = 3600.0
	root.add_child(game)
	for i in SETTLE_FRAMES:
		await process_frame
	var medians: Dictionary[String, Array] = {"surface": [], "storey": []}
	for rep in reps:
		for place: String in medians:
			_go(game, place)
			for i in SETTLE_FRAMES:
				await process_frame
			var times: Array[float] = []
			var calls: Array[float] = []
			var gpu: Array[float] = []
			var cpu: Array[float] = []
			var script: Array[float] = []
			var last := Time.get_ticks_usec()
			for i in frames:
				await process_frame
				var now := Time.get_ticks_usec()
				times.append((now - last) / 1000.0)
				last = now
				var rid := root.get_viewport_rid()
				gpu.append(RenderingServer.viewport_get_measured_render_time_gpu(rid))
				cpu.append(RenderingServer.viewport_get_measured_render_time_cpu(rid))
				script.append(
					(
						(
							Performance.get_monitor(Performance.TIME_PROCESS)
							+ Performance.get_monitor(Performance.TIME_PHYSICS_PROCESS)
						)
						* 1000.0
					)
				)
				calls.append(
					float(
						RenderingServer.get_rendering_info(
							RenderingServer.RENDERING_INFO_TOTAL_DRAW_CALLS_IN_FRAME
						)
					)
				)
			var median := _median(times)
			medians[place].append(median)
			print(
				(
					(
						"frame_times: rep %d %s: median %.1f ms, p90 %.1f ms, %d draw calls,"
						+ " %d objects, %d primitives, render cpu %.1f ms, gpu %.1f ms, process+physics %.1f ms"
					)
					% [
						rep + 1,
						place,
						median,
						_percentile(times, 0.9),
						int(_median(calls)),
						RenderingServer.get_rendering_info(
							RenderingServer.RENDERING_INFO_TOTAL_OBJECTS_IN_FRAME
						),
						RenderingServer.get_rendering_info(
							RenderingServer.RENDERING_INFO_TOTAL_PRIMITIVES_IN_FRAME
						),
						_median(cpu),
						_median(gpu),
						_median(script),
					]
				)
			)
	var surface := _median(medians["surface"])
	var storey := _median(medians["storey"])
	print(
		(
			(
				"frame_times: surface median %.1f ms (%.1f fps), storey median %.1f ms"
				+ " (%.1f fps), %d reps of %d frames"
			)
			% [surface, 1000.0 / surface, storey, 1000.0 / storey, reps, frames]
		)
	)
	game.free()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(HINTS_FILE))
	return true


# Genesis out on the surface beside the door, or in on the ground floor's ENTRANCE.
func _go(game: OutpostGame, place: String) -> void:
	if place == "surface" and not game.surface.outside:
		game.surface.leave_building(game.surface.start_cell())
	elif place == "storey" and game.surface.outside:
		game.surface.enter_building()
	game.frame_view(true)


func _arg(args: PackedStringArray, flag: String, fallback: int) -> int:
	var at := args.find(flag)
	return int(args[at + 1]) if at >= 0 and at + 1 < args.size() else fallback


func _median(values: Array) -> float:
	return _percentile(values, 0.5)


func _percentile(values: Array, share: float) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	return sorted[clampi(int(share * sorted.size()), 0, sorted.size() - 1)]
