extends SceneTree
## How long the room painter's preview takes: the survey of
## [code]editor/rooms/RoomPreview.gd[/code] ([constant RoomPreview.SURVEY_COUNT] storeys of
## the room's band) of each of the game's rooms, on the calling thread, the best of three
## runs; one line per room (storeys, placed, fit rate, milliseconds). For
## docs/performance.md:
##   godot --headless --path godot_project --script res://tools/room_preview_timing.gd

const RoomPreview := preload("res://addons/outpost_storeys/editor/rooms/RoomPreview.gd")
const FOLDER := "res://data/outpost/rooms/"
const RUNS := 3


func _initialize() -> void:
	for file in DirAccess.get_files_at(FOLDER):
		if file.get_extension() != "room":
			continue
		var text := FileAccess.get_file_as_string(FOLDER.path_join(file))
		var best := INF
		var job := {}
		for run in RUNS:
			job = RoomPreview.make_job(file, text)
			var started := Time.get_ticks_usec()
			RoomPreview.run_job(job)
			best = minf(best, Time.get_ticks_usec() - started)
		print(
			(
				"%s: %d storeys, placed in %d (%d %%), %.1f ms"
				% [
					file,
					job.surveyed,
					job.placed,
					roundi(100.0 * job.placed / maxi(job.surveyed, 1)),
					best / 1000.0
				]
			)
		)
	quit(0)
