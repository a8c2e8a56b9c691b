extends "res://tools/script_tool.gd"
## Pictures of the game's designed rooms in play for docs/playing.md (needs a display:
## run it under Xvfb, scripts/godot_helpers.sh's godot_xvfb). A game of building 20260316
## at level 3: Genesis beside the console in the underground's control room (its `c`),
## then on the first floor that holds each other designed room, inside it, with a few
## drones sent in. Arguments after `--`: the folder to write rooms_<name>.png into.

const GAME_SCENE := "res://src/game/outpost_game.tscn"
## Frames each picture waits for (the camera and the UI settle).
const SETTLE_FRAMES := 12
## The rooms pictured after the control room, in order, each once.
const ROOMS: Array[String] = ["beacon_vault", "factory_bay", "archive", "lobby"]


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		push_error("rooms_screenshots.gd: usage: -- <folder>")
		return false
	var game := (load(GAME_SCENE) as PackedScene).instantiate() as OutpostGame
	game.menu_scene = ""
	game.start_outside = false
	game.building_seed = 20260316
	game.outpost_level = 3
	var coach := game.get_node(^"HintCoach") as HintCoach
	coach.settings_path = "user://rooms_screenshots.cfg"
	coach.process_mode = Node.PROCESS_MODE_DISABLED
	root.add_child(game)
	var folder: String = args[0]
	var console := game.building.get_console().cell
	if not await picture(game, 0, console, folder.path_join("rooms_control_room.png")):
		return false
	for name in ROOMS:
		for index in game.building.get_storey_count():
			var placed := room_named(game.building.layouts[index], name)
			if placed.is_empty():
				continue
			var rect: Rect2i = placed["rect"]
			var centre := rect.position + rect.size / 2
			if not await picture(game, index, centre, folder.path_join("rooms_%s.png" % name)):
				return false
			break
	game.free()
	return true


## The placed room called [param name] in [param layout], or an empty Dictionary.
func room_named(layout: StoreyLayout, name: String) -> Dictionary:
	for placed: Dictionary in layout.placed_rooms:
		if placed["name"] == name:
			return placed
	return {}


## Genesis on floor [param index] at the walkable cell nearest [param near] (off it), the
## view on that floor, three drones sent in; then the window written to [param path].
func picture(game: OutpostGame, index: int, near: Vector2i, path: String) -> bool:
	var layout := game.building.layouts[index]
	var best := Vector2i(-1, -1)
	for x in layout.width:
		for y in layout.height:
			var c := Vector2i(x, y)
			if c == near or not layout.is_walkable(c):
				continue
			if best.x < 0 or (c - near).length_squared() < (best - near).length_squared():
				best = c
	game.building.place_genesis(index, best)
	game.building.set_viewed_floor(index)
	game.frame_view(true)
	var swarm := game.building.get_swarm(index)
	for i in 3:
		swarm.spawn_drone(layout.entry_cells[i % layout.entry_cells.size()])
	for i in 120:
		await physics_frame
	return await save_picture(path, SETTLE_FRAMES)
