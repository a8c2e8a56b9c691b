extends SceneTree
## Runs the Seed Inspector (src/game/outpost_test.tscn) headless and prints its summary
## (size, rooms, entries, beacons, path lengths, times) and ASCII picture, for
## scripts/run.sh on a machine without a display.

const INSPECTOR := "res://src/game/outpost_test.tscn"


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var scene: Node = load(INSPECTOR).instantiate()
	root.add_child(scene)
	await process_frame
	var inspector := scene as SeedInspector
	if inspector == null:
		push_error("summary.gd: the root of %s is no SeedInspector" % INSPECTOR)
		scene.free()
		return false
	print(inspector.get_summary())
	scene.free()
	return true
