extends SceneTree
## Runs the workbench (scenes/outpost_test.tscn) headless and prints its summary (size,
## rooms, entries, beacons, path lengths, times) and ASCII picture, for scripts/run.sh on a
## machine without a display.

const WORKBENCH := "res://scenes/outpost_test.tscn"


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if await run() else 1)


func run() -> bool:
	var workbench: Node = load(WORKBENCH).instantiate()
	root.add_child(workbench)
	await process_frame
	var inspectors := workbench.find_children("*", "SeedInspector", true, false)
	if workbench is SeedInspector:
		inspectors.push_front(workbench)
	if inspectors.is_empty():
		push_error("summary.gd: %s has no SeedInspector" % WORKBENCH)
		return false
	var inspector: SeedInspector = inspectors[0]
	print(inspector.get_summary())
	workbench.free()
	return true
