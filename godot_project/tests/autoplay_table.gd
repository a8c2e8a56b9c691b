extends SceneTree
## The level table of docs/playing.md, measured: for every outpost level, on fixed seeds,
## the standard autoplayer (tests/autoplayer.gd), the autoplayer that builds no tower, the
## factory player (machines: down to the factory floor after the ground floor, building
## machines there) beside the same route without machines (factory_route), and a game left
## idle (no player action). Prints one markdown table row per level and
## variant, and AUTOPLAY lines a script can read. Game time, not the machine's: the
## figures do not depend on the computer. Run by scripts/autoplay_table.sh.
## Environment: AUTOPLAY_SEEDS (comma-separated building seeds, default 20260316),
## AUTOPLAY_LEVELS (default 1,2,3,4), AUTOPLAY_SPEED (physics speed-up, default 16),
## AUTOPLAY_VARIANTS (standard,no_towers,idle by default; any of them, and machines,
## factory_route).

const Autoplayer := preload("res://tests/autoplayer.gd")
const FastPhysics := preload("res://tests/fast_physics.gd")
const GAME_SCENE := preload("res://src/game/outpost_game.tscn")
## Game seconds of the idle game, and the moments its live agents are counted.
const IDLE_MINUTES: Array[int] = [1, 5, 10, 20]
## The window in which the agents sent are counted.
const FIRST_SECONDS := 90.0


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	root.get_node(^"SoundSystem").call(&"quit", 0 if await run() else 1)


func run() -> bool:
	var seeds := _ints(OS.get_environment("AUTOPLAY_SEEDS"), [20260316])
	var levels := _ints(OS.get_environment("AUTOPLAY_LEVELS"), [1, 2, 3, 4])
	var speed := maxi(int(OS.get_environment("AUTOPLAY_SPEED")), 1)
	if OS.get_environment("AUTOPLAY_SPEED").is_empty():
		speed = 16
	var variants := OS.get_environment("AUTOPLAY_VARIANTS")
	if variants.is_empty():
		variants = "standard,no_towers,idle"
	var players: Array[String] = []
	for variant in ["standard", "no_towers", "factory_route", "machines"]:
		if variants.split(",").has(variant):
			players.append(variant)
	FastPhysics.start(speed)
	print(
		(
			"| seed | level | player | result | game time | earned | spent | unspent | towers"
			+ " | machines |"
		)
	)
	print("|---|---|---|---|---|---|---|---|---|---|")
	for seed_value in seeds:
		for level in levels:
			for variant in players:
				var game := _game(seed_value, level)
				var player := Autoplayer.new(self, game)
				player.builds_towers = variant != "no_towers"
				player.factory_first = variant == "factory_route"
				player.builds_machines = variant == "machines"
				await player.play()
				_row(seed_value, level, variant.replace("_", " "), player.result())
				if not player.result().won:
					print("AUTOPLAY_LOG " + " | ".join(player.log.slice(-6)))
				game.free()
				paused = false
	if not variants.contains("idle"):
		FastPhysics.stop()
		return true
	print("")
	print(
		(
			"| seed | level | sent in the first 90 s | alive at "
			+ " / ".join(IDLE_MINUTES.map(func(m: int) -> String: return "%d min" % m))
			+ " |"
		)
	)
	print("|---|---|---|---|")
	for seed_value in seeds:
		for level in levels:
			await _idle(seed_value, level)
	FastPhysics.stop()
	return true


func _game(seed_value: int, level: int) -> OutpostGame:
	var game := GAME_SCENE.instantiate() as OutpostGame
	game.menu_scene = ""
	game.start_outside = false
	game.building_seed = seed_value
	game.outpost_level = level
	(game.get_node(^"HintCoach") as HintCoach).settings_path = "user://autoplay_settings.cfg"
	root.add_child(game)
	return game


func _row(seed_value: int, level: int, variant: String, r: Dictionary) -> void:
	var outcome := "reclaimed" if r.won else ("lost" if r.lost else "not reclaimed")
	print(
		(
			"| %d | %d | %s | %s | %d s | %d | %d | %d | %d | %d |"
			% [
				seed_value,
				level,
				variant,
				outcome,
				r.time,
				r.earned,
				r.spent,
				r.unspent,
				r.towers,
				r.machines,
			]
		)
	)
	print(
		(
			(
				"AUTOPLAY seed=%d level=%d variant=%s won=%s lost=%s time=%.1f"
				+ " earned=%.1f spent=%.1f unspent=%.1f towers=%d machines=%d"
			)
			% [
				seed_value,
				level,
				variant.replace(" ", "_"),
				r.won,
				r.lost,
				r.time,
				r.earned,
				r.spent,
				r.unspent,
				r.towers,
				r.machines,
			]
		)
	)


# A game nobody plays: the agents its entries sent in the first 90 s, and the agents alive
# at each of IDLE_MINUTES. Genesis cannot die here (it would stop the loop, not the waves).
func _idle(seed_value: int, level: int) -> void:
	var game := _game(seed_value, level)
	var ticks_per_second := 60
	var sent_early := -1
	var alive: Array[int] = []
	var tick := 0
	var last := IDLE_MINUTES[IDLE_MINUTES.size() - 1] * 60 * ticks_per_second
	while tick < last:
		await physics_frame
		tick += 1
		game.genesis.health = game.genesis.stats.max_health
		if tick == roundi(FIRST_SECONDS * ticks_per_second):
			sent_early = BuildingCensus.sent(game.building)
		if tick % (60 * ticks_per_second) == 0 and IDLE_MINUTES.has(tick / (60 * ticks_per_second)):
			alive.append(BuildingCensus.agents(game.building))
	print("| %d | %d | %d | %s |" % [seed_value, level, sent_early, " / ".join(alive.map(str))])
	print(
		(
			"AUTOPLAY_IDLE seed=%d level=%d sent_90s=%d alive=%s"
			% [seed_value, level, sent_early, ",".join(alive.map(str))]
		)
	)
	game.free()
	paused = false


static func _ints(text: String, fallback: Array[int]) -> Array[int]:
	if text.strip_edges().is_empty():
		return fallback
	var out: Array[int] = []
	for part in text.split(",", false):
		out.append(part.strip_edges().to_int())
	return out
