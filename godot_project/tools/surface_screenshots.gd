extends SceneTree
## Saves the surface's and the ENTRANCE's pictures for docs/playing.md (needs a display: run
## it under Xvfb, as scripts/run.sh --screenshot does). Arguments after `--`: the folder to
## write surface.png and entrance.png into.
##
## The game's own start: Genesis out on the surface beside the door (surface.png), then
## through the door onto the ground floor's ENTRANCE, the camera closed in (entrance.png).

const GAME_SCENE := "res://src/game/outpost_game.tscn"
const SETTLE_FRAMES := 40


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


# Quits through the SoundSystem autoload, which stops the game's sounds first.
func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		push_error("surface_screenshots.gd: usage: -- <folder>")
		return false
	var game := (load(GAME_SCENE) as PackedScene).instantiate() as OutpostGame
	game.menu_scene = ""
	root.add_child(game)
	var node: SalvageNode = game.surface.get_nodes()[0]
	game.genesis.place_on_ground(game.surface.global_position, node.cell + Vector2i(1, 0))
	game.surface.leave_building(game.surface.start_cell())
	game.camera.zoom = 0.6
	if not await _shot(game, args[0].path_join("surface.png")):
		return false
	game.surface.enter_building()
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	game.building.place_genesis(ground, layout.entrance_cell + StoreyMeshes.door_way(layout))
	game.camera.zoom = 0.55
	return await _shot(game, args[0].path_join("entrance.png"))


func _shot(game: OutpostGame, path: String) -> bool:
	game.frame_view(true)
	for i in SETTLE_FRAMES:
		await process_frame
	var error := root.get_texture().get_image().save_png(path)
	if error != OK:
		push_error("surface_screenshots.gd: cannot write %s (%s)" % [path, error_string(error)])
	return error == OK
