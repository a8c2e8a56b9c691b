extends "res://tests/suite.gd"
## HintCoach: each hint shows at its moment (an agent or a bite, a disconnected shaft or a
## damaged beacon near Genesis, the first wave or materials for a tower), once per profile
## (remembered in the settings file beside its other sections, forgotten by reset_hints),
## the dismiss_hint key and the close button hide it, and it never pauses the game nor
## takes the game's keys. The surface's hints: test_hints_surface.gd.


## A quiet game whose hints are all unseen and come at once, with Genesis on a ground
## floor cell far from every shaft and beacon and no materials: nothing is due.
func hint_game() -> OutpostGame:
	var game := outpost_game(true)
	var coach := coach_of(game)
	coach.reset_hints()
	coach.first_delay = 0.0
	coach.gap_seconds = 0.0
	game.loop.materials = 0.0
	var floor_index := game.building.get_ground_floor()
	game.building.place_genesis(floor_index, far_cell(game, floor_index))
	return game


func coach_of(game: OutpostGame) -> HintCoach:
	return game.get_node(^"HintCoach") as HintCoach


## A walkable cell of floor `floor_index` more than the coach's reach from every shaft
## and beacon.
func far_cell(game: OutpostGame, floor_index: int) -> Vector2i:
	var layout := game.building.layouts[floor_index]
	var reach := coach_of(game).near_cells
	var best := Vector2i(-1, -1)
	var best_gap := -1
	for x in layout.width:
		for y in layout.height:
			var c := Vector2i(x, y)
			if not layout.is_walkable(c):
				continue
			var gap := 1 << 20
			for special in layout.beacon_cells + layout.shaft_cells:
				gap = mini(gap, absi(c.x - special.x) + absi(c.y - special.y))
			if gap > best_gap:
				best = c
				best_gap = gap
	expect(best_gap > reach, "a cell out of the hints' reach (%d > %d)" % [best_gap, reach])
	return best


## A walkable cell of floor `floor_index` next to `cell`.
func next_to(game: OutpostGame, floor_index: int, cell: Vector2i) -> Vector2i:
	var layout := game.building.layouts[floor_index]
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		if layout.is_walkable(cell + d):
			return cell + d
	return cell


## Ticks until the coach shows a hint (at most `limit`); the hint, or &"".
func next_hint(game: OutpostGame, limit: int = 30) -> StringName:
	var coach := coach_of(game)
	await ticks_until(func() -> bool: return not coach.current.is_empty(), limit)
	return coach.current


func test_no_hint_before_its_moment() -> bool:
	var game := hint_game()
	expect_eq(await next_hint(game, 60), &"", "nothing due, nothing shown")
	expect(not (game.get_node(^"HintCoach/Panel") as Control).visible, "no panel")
	end_game(game)
	return ok()


func test_a_disconnected_shaft_near_genesis_brings_the_shaft_hint_once() -> bool:
	var game := hint_game()
	var floor_index := game.building.get_ground_floor()
	var shaft := game.building.get_storey(floor_index).get_shafts()[0]
	game.building.place_genesis(floor_index, next_to(game, floor_index, shaft.cell))
	expect_eq(await next_hint(game), HintCoach.CONNECT_SHAFTS, "near a disconnected shaft")
	expect(
		(coach_of(game).get_node(^"%HintText") as Label).text.contains(
			ActionKeys.describe(&"interact")
		),
		"names the interact key"
	)
	coach_of(game).dismiss()
	expect_eq(await next_hint(game), &"", "once: not again while Genesis stays")
	end_game(game)
	return ok()


func test_a_damaged_beacon_near_genesis_brings_the_beacon_hint() -> bool:
	var game := hint_game()
	var floor_index := game.building.get_ground_floor()
	var beacon := game.building.get_storey(floor_index).get_beacons()[0]
	game.building.place_genesis(floor_index, next_to(game, floor_index, beacon.cell))
	expect_eq(await next_hint(game), HintCoach.RESTORE_BEACONS, "near a damaged beacon")
	end_game(game)
	return ok()


func test_an_agent_on_genesis_floor_or_a_bite_brings_the_cannot_fight_hint() -> bool:
	var game := hint_game()
	var floor_index := game.building.get_ground_floor()
	var other := game.building.get_console_floor()
	game.building.get_swarm(other).spawn_alien(game.building.layouts[other].entry_cells[0])
	expect_eq(await next_hint(game), &"", "an agent on another floor: nothing")
	var swarm := game.building.get_swarm(floor_index)
	swarm.spawn_alien(game.building.layouts[floor_index].entry_cells[0])
	expect_eq(await next_hint(game), HintCoach.GENESIS_CANNOT_FIGHT, "an agent on its floor")
	end_game(game)
	var bitten := hint_game()
	bitten.genesis.apply_damage(1.0)
	expect_eq(await next_hint(bitten), HintCoach.GENESIS_CANNOT_FIGHT, "the first bite")
	end_game(bitten)
	return ok()


func test_materials_for_a_tower_or_the_first_wave_bring_the_build_hint() -> bool:
	var game := hint_game()
	game.loop.materials = game.loop.rules.tier(0).cost
	expect_eq(await next_hint(game), HintCoach.BUILD_TOWERS, "materials for a tower")
	end_game(game)
	var waves := hint_game()
	var entry := waves.building.get_storey(waves.building.get_ground_floor()).get_entries()[0]
	var profile := entry.wave_profile.duplicate() as WaveProfile
	profile.first_spawn_delay = 0.05
	entry.wave_profile = profile
	entry.spawning_enabled = true
	var first := await next_hint(waves, 120)
	expect_eq(first, HintCoach.GENESIS_CANNOT_FIGHT, "the wave's agents come first")
	coach_of(waves).dismiss()
	expect_eq(waves.loop.materials, 0.0, "no materials")
	expect_eq(await next_hint(waves), HintCoach.BUILD_TOWERS, "then the first wave's hint")
	end_game(waves)
	return ok()


func test_a_hint_is_shown_once_per_profile_and_reset_brings_it_back() -> bool:
	var audio := ConfigFile.new()
	audio.set_value("audio", "Master", 0.25)
	expect_eq(audio.save(TEST_SETTINGS), OK, "the settings file with an audio section")
	var game := hint_game()
	game.loop.materials = 500.0
	expect_eq(await next_hint(game), HintCoach.BUILD_TOWERS, "shown the first time")
	end_game(game)
	var saved := ConfigFile.new()
	expect_eq(saved.load(TEST_SETTINGS), OK, "the file reads back")
	expect_eq(saved.get_value("hints", "build_towers", false), true, "remembered")
	expect_eq(saved.get_value("audio", "Master", -1.0), 0.25, "the audio section stays")
	var again := outpost_game(true)
	var coach := coach_of(again)
	coach.first_delay = 0.0
	again.loop.materials = 500.0
	again.building.place_genesis(1, far_cell(again, 1))
	expect(coach.is_seen(HintCoach.BUILD_TOWERS), "a new game knows it was seen")
	expect_eq(await next_hint(again, 40), &"", "not shown again")
	coach.reset_hints()
	expect(not coach.is_seen(HintCoach.BUILD_TOWERS), "forgotten")
	expect_eq(await next_hint(again), HintCoach.BUILD_TOWERS, "shown again after the reset")
	end_game(again)
	saved.load(TEST_SETTINGS)
	expect_eq(saved.get_value("audio", "Master", -1.0), 0.25, "the audio section stays after all")
	return ok()


func test_the_dismiss_key_the_close_button_and_time_hide_a_hint() -> bool:
	var game := hint_game()
	var coach := coach_of(game)
	var panel := game.get_node(^"HintCoach/Panel") as Control
	var hidden := record(coach.hint_hidden)
	coach.show_hint(HintCoach.BUILD_TOWERS)
	expect(panel.visible, "shown")
	press(&"dismiss_hint")
	expect(not panel.visible and coach.current.is_empty(), "the key hides it")
	coach.show_hint(HintCoach.CONNECT_SHAFTS)
	(coach.get_node(^"%CloseButton") as Button).pressed.emit()
	expect(not panel.visible, "the close button hides it")
	expect_eq(hidden.size(), 2, "hint_hidden twice")
	coach.show_seconds = 0.2
	coach.show_hint(HintCoach.RESTORE_BEACONS)
	await process_frames(30)
	expect(not panel.visible, "it goes by itself")
	end_game(game)
	return ok()


func test_a_hint_never_pauses_the_game_nor_takes_its_keys() -> bool:
	var game := hint_game()
	var coach := coach_of(game)
	coach.show_hint(HintCoach.GENESIS_CANNOT_FIGHT)
	var elapsed := game.loop.elapsed
	await physics_frames(10)
	expect(not tree.paused, "the tree runs")
	expect(game.loop.elapsed > elapsed, "game time goes on")
	var viewed := game.building.viewed_floor
	press(&"ascend")
	expect_eq(game.building.viewed_floor, viewed + 1, "ascend still reaches the game")
	press(&"build_mode")
	expect(game.builder.active, "build mode still reaches the game")
	expect_eq(coach.current, HintCoach.GENESIS_CANNOT_FIGHT, "the hint stays")
	var panel := game.get_node(^"HintCoach/Panel") as Control
	expect_eq(panel.mouse_filter, Control.MOUSE_FILTER_IGNORE, "clicks pass the panel")
	end_game(game)
	return ok()


func test_the_hint_scene_runs_alone() -> bool:
	var coach := (
		(load("res://src/ui/hints/HintCoach.tscn") as PackedScene).instantiate() as HintCoach
	)
	coach.settings_path = TEST_SETTINGS
	add(coach)
	await process_frames(10)
	expect(coach.current.is_empty(), "nothing to watch, no hint")
	coach.free()
	return ok()


func test_no_hint_tells_what_the_player_has_already_done() -> bool:
	var game := hint_game()
	var coach := coach_of(game)
	var floor_index := game.building.get_ground_floor()
	var storey := game.building.get_storey(floor_index)
	storey.get_shafts()[0].throughput = ShaftConnector.Throughput.IDLE
	storey.get_beacons()[0].restore(5.0)
	game.loop.materials = 1000.0
	var navigator := game.building.get_navigator(floor_index)
	var i := navigator.placement_mask().find(1)
	game.place_tower(floor_index, Vector2i(i / navigator.get_height(), i % navigator.get_height()))
	var shaft := storey.get_shafts()[1]
	game.building.place_genesis(floor_index, next_to(game, floor_index, shaft.cell))
	await physics_frames(3)
	expect_eq(coach.due_hint(), &"", "a shaft connected, a beacon begun, a tower built: no hint")
	end_game(game)
	return ok()
