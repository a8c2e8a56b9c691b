extends "res://tools/script_tool.gd"
## Writes a save of a game one step from the win, for playing the reclaim and what
## follows it by hand (or under Xvfb with xdotool): seed 777 at level 1, played idle for
## 70 s of game time so that waves are on the map, then its drones destroyed (the aliens
## stay), every beacon restored and Genesis on the underground floor beside the console.
## It writes its own file, [constant PATH], never a slot of the player's. Run with
## `godot --headless --path godot_project --script res://tools/near_win_save.gd`, then play
## it with `scripts/run.sh --load user://near_win.json` (the game's `--load PATH`).

## Where the save goes: no slot of the saves screen.
const PATH := "user://near_win.json"

const FastPhysics := preload("res://tests/fast_physics.gd")


func run() -> bool:
	var game := (load("res://src/game/outpost_game.tscn") as PackedScene).instantiate()
	game.menu_scene = ""
	game.start_outside = false  # Genesis goes to the console through the building
	game.building_seed = 777
	game.outpost_level = 1
	root.add_child(game)
	FastPhysics.start(8)
	for tick in 70 * 60:
		game.genesis.health = game.genesis.stats.max_health
		await physics_frame
	FastPhysics.stop()
	var building: OutpostBuilding = game.building
	# The drones would bite the beacons again before the reclaim: they go; the aliens stay.
	for index in building.get_storey_count():
		var swarm := building.get_swarm(index)
		for id in swarm.get_agent_ids():
			if swarm.get_agent_kind(id) == StoreySwarm.KIND_DRONE:
				swarm.damage_agent(id, 1e6)
	for index in building.get_storey_count():
		for beacon in building.get_storey(index).get_beacons():
			beacon.restore(beacon.max_health)
	var console: ConsoleObject = building.get_storey(0).get_console()
	var layout: StoreyLayout = building.layouts[0]
	for step in [Vector2i.LEFT, Vector2i.RIGHT, Vector2i.UP, Vector2i.DOWN]:
		if layout.is_walkable(console.cell + step):
			building.place_genesis(0, console.cell + step)
			break
	building.set_viewed_floor(0)
	var error: Error = game.save_game(PATH)
	print("near_win_save: %s -> %s" % [error_string(error), ProjectSettings.globalize_path(PATH)])
	game.free()
	return error == OK
