extends SceneTree
## Headless benchmark of the crowd, run by scripts/godot_bench.sh (release library):
## 1. one physics tick of a StoreySwarm with 2,000 drones on a 28 x 20 UNDERGROUND storey
##    (simulation and buffer write), against 2,000 of the first node-per-drone drones
##    (tests/reference_drone.gd) on the same storey, in alternating blocks of one run;
## 2. the game mid-wave (outpost_game.tscn: 3 storeys and the underground, 300 agents per
##    floor, 20 towers): the work of each of 600 frames, median and 99th percentile.
## A tick is timed between two nodes whose _physics_process runs first (priority -1000)
## and last (+1000): the TIME_PHYSICS_PROCESS monitor refreshes about once a second and
## shows the slowest tick, so it cannot serve. A frame's work runs from its first physics
## tick (or its process step when it has none) to the end of its process step.
## Environment: BENCH_SWARM_TICKS (timed ticks of each kind, default 300).

const Stats := preload("res://tests/bench_stats.gd")
const ReferenceDrone := preload("res://tests/reference_drone.tscn")
const AGENTS := 2000
const BLOCK := 25


## Records when its _physics_process and _process run: the first node of both (priority
## -1000) opens a frame at its first callback after the last node (+1000) closed the
## previous one in its _process.
class Clock:
	extends Node
	var last_physics_usec := 0
	var frame_start_usec := 0
	var frame_open := false
	var frame_work: Array[float] = []
	var opener: Clock

	func _physics_process(_delta: float) -> void:
		last_physics_usec = Time.get_ticks_usec()
		_open()

	func _process(_delta: float) -> void:
		if opener == null:
			_open()
		else:
			frame_work.append(float(Time.get_ticks_usec() - opener.frame_start_usec))
			opener.frame_open = false

	func _open() -> void:
		if opener == null and not frame_open:
			frame_open = true
			frame_start_usec = Time.get_ticks_usec()


var _first: Clock
var _last: Clock


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


# Quits through the SoundSystem autoload, which stops the game's sounds first: one still
# playing at exit is reported as leaked (see AudioGate).
func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)


func run() -> bool:
	_first = Clock.new()
	_first.process_physics_priority = -1000
	_first.process_priority = -1000
	_last = Clock.new()
	_last.opener = _first
	_last.process_physics_priority = 1000
	_last.process_priority = 1000
	root.add_child(_first)
	root.add_child(_last)
	await _bench_ticks(Stats.env_int("BENCH_SWARM_TICKS", 300))
	await _bench_building()
	return true


func _bench_ticks(ticks: int) -> void:
	var layout := StoreyGenerator.generate(
		7000, 6, 4, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
	var swarm := StoreySwarm.new()
	root.add_child(swarm)
	swarm.setup(layout, 1)
	var nodes := Node3D.new()
	root.add_child(nodes)
	for i in AGENTS:
		var entry := layout.entry_cells[i % layout.entry_cells.size()]
		swarm.spawn_drone(entry)
		var drone: Node3D = ReferenceDrone.instantiate()
		drone.call("start", layout, entry, i)
		drone.position = layout.cell_center(entry)
		nodes.add_child(drone)
	# Alternating blocks, so both see the same machine state; the first two warm up.
	var times: Dictionary[String, Array] = {"swarm": [], "nodes": []}
	for block in 2 * (ticks / BLOCK + 2):
		var name := "swarm" if block % 2 == 0 else "nodes"
		swarm.running = name == "swarm"
		# Off the physics list, not only disabled: a disabled node is still visited.
		for drone in nodes.get_children():
			drone.set_physics_process(name == "nodes")
		await physics_frame
		for k in BLOCK:
			await physics_frame
			if block >= 4:
				times[name].append(float(_last.last_physics_usec - _first.last_physics_usec))
	var live := swarm.get_agent_count()
	var visible := swarm.get_multimesh(StoreySwarm.KIND_DRONE).visible_instance_count
	swarm.free()
	nodes.free()
	var m_swarm := Stats.median(times["swarm"])
	var m_nodes := Stats.median(times["nodes"])
	print(
		(
			(
				"BENCH swarm_tick: median %.0f us per physics tick, %d drones on 28x20 "
				+ "UNDERGROUND (%d drawn), buffer write included (%d ticks)"
			)
			% [m_swarm, live, visible, times["swarm"].size()]
		)
	)
	print(
		(
			(
				"BENCH drone_nodes_tick: median %.0f us per physics tick, %d node-per-drone "
				+ "drones on the same storey (%d ticks)"
			)
			% [m_nodes, AGENTS, times["nodes"].size()]
		)
	)
	print("BENCH swarm_ratio: node-per-drone / swarm = %.1fx" % (m_nodes / m_swarm))


# The game mid-wave: outpost_game.tscn (3 storeys and the underground, the loop, HUD,
# camera), 250 drones and 50 aliens on every floor, 20 towers spread over the floors; the
# entry points keep sending agents on their schedule.
func _bench_building() -> void:
	var game: OutpostGame = load("res://src/game/outpost_game.tscn").instantiate()
	game.start_outside = false
	game.menu_scene = ""
	root.add_child(game)
	var building := game.building
	game.loop.materials = 100000.0
	# Genesis must outlive the aliens for the whole run: a lost game pauses the tree.
	var stats: GenesisStats = game.genesis.stats.duplicate()
	stats.max_health = 1e9
	game.genesis.stats = stats
	game.genesis.heal(1e9)
	var towers := 0
	for k in 20:
		var index := k % building.get_storey_count()
		var navigator := building.get_navigator(index)
		var legal := navigator.placement_mask()
		var i := legal.find(1, (k * 97) % legal.size())
		if i < 0:
			i = legal.find(1)
		var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
		towers += int(game.place_tower(index, cell, k % 2))
	for index in building.get_storey_count():
		var swarm := building.get_swarm(index)
		var entries := building.layouts[index].entry_cells
		for i in 300:
			var entry := entries[i % entries.size()]
			if i < 250:
				swarm.spawn_drone(entry)
			else:
				swarm.spawn_alien(entry)
	for i in 30:
		await process_frame
	_last.frame_work.clear()
	for i in 600:
		await process_frame
	var frames := _last.frame_work.duplicate()
	var agents := BuildingCensus.agents(building)
	var standing := BuildingCensus.towers(building)
	var floors := building.get_storey_count()
	var lost := game.loop.is_defeated()
	game.free()
	frames.sort()
	print(
		(
			(
				"BENCH building_frame: median %.0f us, 99th percentile %.0f us of work per "
				+ "frame: the game mid-wave, %d floors, %d agents at the end, %d of %d towers "
				+ "standing, 600 frames%s"
			)
			% [
				Stats.median(frames),
				frames[int(frames.size() * 0.99)],
				floors,
				agents,
				standing,
				towers,
				" (Genesis was lost on the way: the game paused)" if lost else "",
			]
		)
	)
