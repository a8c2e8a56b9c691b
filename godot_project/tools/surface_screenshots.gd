extends "res://tools/script_tool.gd"
## Saves the surface's and the ENTRANCE's pictures for docs/playing.md (needs a display: run
## it under Xvfb, as scripts/run.sh --screenshot does). Arguments after `--`: the folder to
## write the pictures into.
##
## surface.png: the game's own start, Genesis out on the surface beside the door, framed as
## the game frames it. surface_salvage.png: Genesis beside the nearest heap after salvaging
## half of it (holding interact), with the salvage hint. entrance.png: through the door
## onto the ground floor's ENTRANCE, the camera closed in. surface_kinds.png: the surface of
## the same seed's level-4 building, where Genesis has heaps of the three kinds in view.
## The hints seen are kept in a scratch file, not the player's settings.

const GAME_SCENE := "res://src/game/outpost_game.tscn"
const SETTLE_FRAMES := 40
const HINTS_FILE := "user://surface_screenshots_hints.cfg"


func run() -> bool:
	var args := OS.get_cmdline_user_args()
	if args.is_empty():
		push_error("surface_screenshots.gd: usage: -- <folder>")
		return false
	var game := (load(GAME_SCENE) as PackedScene).instantiate() as OutpostGame
	game.menu_scene = ""
	var coach := game.get_node(^"HintCoach") as HintCoach
	coach.settings_path = HINTS_FILE
	coach.first_delay = 3600.0  # only the hint this tool shows
	root.add_child(game)
	coach.reset_hints()
	var done := await _shot(game, args[0].path_join("surface.png"))
	done = done and await _salvage(game, args[0].path_join("surface_salvage.png"))
	coach.dismiss()
	game.surface.enter_building()
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	game.building.place_genesis(ground, layout.entrance_cell + StoreyMeshes.door_way(layout))
	game.camera.zoom = 0.55
	done = done and await _shot(game, args[0].path_join("entrance.png"))
	game.camera.zoom = 1.0
	game.outpost_level = 4
	game.rebuild(game.building_seed)
	var view := game.camera.follow_cells
	game.genesis.place_on_ground(game.surface.global_position, _among_kinds(game.surface, view))
	done = done and await _shot(game, args[0].path_join("surface_kinds.png"))
	coach.reset_hints()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(HINTS_FILE))
	return done


# Genesis beside the heap nearest its start, on the heap's camera side if it can, holding
# interact until half the heap is salvaged; then the salvage hint and the shot.
func _salvage(game: OutpostGame, path: String) -> bool:
	var surface := game.surface
	var start := game.genesis.current_cell()
	var heap: SalvageNode
	for node in surface.get_nodes():
		if heap == null or start.distance_to(node.cell) < start.distance_to(heap.cell):
			heap = node
	for step: Vector2i in [Vector2i.DOWN, Vector2i.RIGHT, Vector2i.LEFT, Vector2i.UP]:
		if surface.layout.is_walkable(heap.cell + step):
			game.genesis.place_on_ground(surface.global_position, heap.cell + step)
			break
	game.set_interacting(true)
	for tick in 600:
		if heap.left <= heap.amount / 2:
			break
		await physics_frame
	game.set_interacting(false)
	(game.get_node(^"HintCoach") as HintCoach).show_hint(HintCoach.SALVAGE_HEAPS)
	return await _shot(game, path)


# The open cell of `surface` (not a heap's) whose nearest heap of each kind is least far
# off, measured against the camera's view (half its framed cells each way, a little less),
# so that a heap of every kind shows round Genesis; the door cell if there is none.
func _among_kinds(surface: OutpostSurface, view: Vector2i) -> Vector2i:
	var half := Vector2(view) * 0.5 - Vector2(1.5, 1.5)
	var best := surface.layout.door_cell
	var best_off := INF
	for x in surface.layout.width:
		for y in surface.layout.height:
			var cell := Vector2i(x, y)
			if not surface.layout.is_walkable(cell):
				continue
			var nearest := {"SCRAP": INF, "ALLOY": INF, "CIRCUITS": INF}
			for node in surface.get_nodes():
				var d := Vector2(node.cell - cell).abs()
				nearest[node.kind] = minf(nearest[node.kind], maxf(d.x / half.x, d.y / half.y))
			var off: float = nearest.values().max()
			if (
				off < best_off
				and not surface.get_nodes().any(
					func(node: SalvageNode) -> bool: return node.cell == cell
				)
			):
				best = cell
				best_off = off
	return best


func _shot(game: OutpostGame, path: String) -> bool:
	game.frame_view(true)
	return await save_picture(path, SETTLE_FRAMES)
