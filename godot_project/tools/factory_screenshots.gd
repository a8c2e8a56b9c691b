extends "res://tools/script_tool.gd"
## Pictures of the underground factory for docs/playing.md (needs a display: run it under
## Xvfb, scripts/godot_helpers.sh's godot_xvfb). A scripted game on the default seed:
## Genesis by the console on the Underground floor, machines of both kinds in the control
## room and beside it, two towers, a few drones sent at them; then build mode with the
## Fabricator picked, its ghost on a cell where it may stand. Arguments after `--`: the
## folder to write factory.png and factory_build.png into.

const GAME_SCENE := "res://src/game/outpost_game.tscn"
## Game seconds the drones get before the first picture.
const SECONDS := 9.0
## Frames each picture waits for (the camera and the UI settle).
const SETTLE_FRAMES := 10


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		push_error("factory_screenshots.gd: usage: -- <folder>")
		return false
	var game := (load(GAME_SCENE) as PackedScene).instantiate() as OutpostGame
	game.menu_scene = ""
	var coach := game.get_node(^"HintCoach") as HintCoach
	coach.settings_path = "user://factory_screenshots.cfg"
	coach.process_mode = Node.PROCESS_MODE_DISABLED
	root.add_child(game)
	for entry_index in game.building.get_storey_count():
		for entry in game.building.get_storey(entry_index).get_entries():
			entry.spawning_enabled = false
	var floor_index := game.loop.factory.factory_floor()
	var layout := game.building.layouts[floor_index]
	var console := game.building.get_console().cell
	game.loop.materials = 2000.0
	# Machines nearest the console, the two kinds in turn, leaving Genesis's cell free.
	var genesis_cell := _free_next_to(game, floor_index, console)
	game.building.place_genesis(floor_index, genesis_cell)
	var built := 0
	for cell in _by_distance(game, floor_index, console):
		if built == 7:
			break
		if (
			cell.distance_squared_to(console) > 1
			and game.place_machine(floor_index, cell, built % 2)
		):
			built += 1
	for cell in _by_distance(game, floor_index, layout.beacon_cells[0]).slice(0, 40):
		if game.building.get_storey(floor_index).get_towers().all().size() == 2:
			break
		game.place_tower(floor_index, cell, 1)
	var beacon := game.building.get_storey(floor_index).get_beacons()[0]
	beacon.restore(beacon.max_health * 0.6)
	var swarm := game.building.get_swarm(floor_index)
	for i in 6:
		swarm.spawn_drone(layout.entry_cells[i % layout.entry_cells.size()])
	for i in roundi(SECONDS * Engine.physics_ticks_per_second):
		await physics_frame
	var folder: String = args[0]
	if not await save_picture(folder.path_join("factory.png"), SETTLE_FRAMES):
		return false
	game.builder.set_active(true)
	game.builder.pick(game.loop.rules.tower_tiers.size() + 1)
	for cell in _by_distance(game, floor_index, console):
		if game.loop.factory.check(floor_index, cell, 1) == Factory.Refusal.NONE:
			game.builder.hover(cell)
			break
	var saved := await save_picture(folder.path_join("factory_build.png"), SETTLE_FRAMES)
	game.free()
	return saved


# The storey's legal cells for one more blocking cell, nearest `from` first.
func _by_distance(game: OutpostGame, floor_index: int, from: Vector2i) -> Array[Vector2i]:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	var out: Array[Vector2i] = []
	for i in mask.size():
		if mask[i] == 1:
			out.append(Vector2i(i / navigator.get_height(), i % navigator.get_height()))
	out.sort_custom(
		func(a: Vector2i, b: Vector2i) -> bool:
			return a.distance_squared_to(from) < b.distance_squared_to(from)
	)
	return out


# A free cell next to `cell` (or `cell` itself).
func _free_next_to(game: OutpostGame, floor_index: int, cell: Vector2i) -> Vector2i:
	var navigator := game.building.get_navigator(floor_index)
	for d: Vector2i in [Vector2i.DOWN, Vector2i.RIGHT, Vector2i.LEFT, Vector2i.UP]:
		if navigator.is_free(cell + d):
			return cell + d
	return cell
