extends "res://tests/suite.gd"
## The game's sounds (AudioDirector in src/game/outpost_game.tscn): the cap on voices
## started per physics tick, positional sounds on the viewed floor only, a shot per tower
## tier and its hit, pickups, a tower destroyed, the restore loop, the beacon alarm, the
## wave alarm (once per building-wide wave, wherever Genesis is, never after the win), the
## stingers, the ambient bed, and a game with sound running clean. The runs are headless:
## Godot's dummy audio driver mixes nothing, but players play, stop and finish as with a
## device, and any error or warning fails the test.


func _director(game: OutpostGame) -> AudioDirector:
	return game.get_node(^"AudioDirector") as AudioDirector


## Frees `game` and unpauses the tree (a defeat pauses it).
func _done(game: OutpostGame) -> void:
	game.free()
	tree.paused = false


## A free cell a tower may go on, on `floor_index` of `game`, away from `not_near`.
func _tower_cell(game: OutpostGame, floor_index: int, not_near: Vector2i) -> Vector2i:
	var navigator := game.building.get_navigator(floor_index)
	var mask := navigator.placement_mask()
	for i in mask.size():
		var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
		if mask[i] == 1 and absi(cell.x - not_near.x) + absi(cell.y - not_near.y) > 2:
			return cell
	return Vector2i(-1, -1)


func test_a_tick_with_200_deaths_starts_no_more_than_the_voice_cap() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var viewed := game.building.viewed_floor
	var layout := game.building.layouts[viewed]
	var swarm := game.building.get_swarm(viewed)
	var navigator := swarm.get_navigator()
	var spawned := 0
	for pass_index in 50:
		for x in layout.width:
			for y in layout.height:
				var cell := Vector2i(x, y)
				# Every free cell but the ENTRANCE, which is never a spawn.
				var door := layout.get_cell(cell) == StoreyLayout.CellType.ENTRANCE
				if spawned < 200 and navigator.is_free(cell) and not door:
					spawned += int(swarm.spawn_drone(cell) >= 0)
	var deaths: Array[int] = []
	audio.voice_started.connect(
		func(sound: StringName, _f: int) -> void:
			if sound == &"death":
				deaths.append(Engine.get_physics_frames())
	)
	var centre := Vector3(layout.width * 0.5, 0.0, layout.height * 0.5)
	expect_eq(swarm.damage_radius(centre, 1000.0, 1.0e9), 200, "200 drones destroyed at once")
	expect_eq(deaths.size(), AudioDirector.MAX_VOICES_PER_TICK, "voices started (the cap)")
	expect_eq(audio.voices_started, AudioDirector.MAX_VOICES_PER_TICK, "no other voice")
	expect_eq(audio.voices_dropped, 200 - AudioDirector.MAX_VOICES_PER_TICK, "the rest dropped")
	# The cap counts per physics tick: the next tick starts voices again.
	await physics_frames(1)
	swarm.spawn_drone(_tower_cell(game, viewed, Vector2i(-10, -10)))
	swarm.damage_radius(centre, 1000.0, 1.0e9)
	expect_eq(deaths.size(), AudioDirector.MAX_VOICES_PER_TICK + 1, "a death in the next tick")
	_done(game)
	return ok()


func test_a_death_on_a_floor_not_in_view_starts_no_voice() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var other := game.building.viewed_floor + 1
	var layout := game.building.layouts[other]
	var swarm := game.building.get_swarm(other)
	var cell := _tower_cell(game, other, Vector2i(-10, -10))
	expect(swarm.spawn_drone(cell) >= 0, "a drone on floor %d" % other)
	expect_eq(swarm.damage_radius(layout.cell_center(cell), 0.5, 1.0e9), 1, "destroyed")
	expect_eq(audio.voices_started, 0, "no voice for it")
	game.building.set_viewed_floor(other)
	swarm.spawn_drone(cell)
	swarm.damage_radius(layout.cell_center(cell), 0.5, 1.0e9)
	expect_eq(audio.voices_started, 1, "one once its floor is in view")
	_done(game)
	return ok()


func test_each_tower_tier_fires_its_own_shot_and_a_hit() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var floor_index := game.building.viewed_floor
	game.loop.materials = 1000.0
	var heard: Array[StringName] = []
	audio.voice_started.connect(func(sound: StringName, _f: int) -> void: heard.append(sound))
	var towers := game.building.get_storey(floor_index).get_towers()
	var low_cell := _tower_cell(game, floor_index, Vector2i(-10, -10))
	expect(game.place_tower(floor_index, low_cell, 0), "a low tower")
	var high_cell := _tower_cell(game, floor_index, low_cell)
	expect(game.place_tower(floor_index, high_cell, 1), "a high tower")
	expect(towers.at(low_cell).tier.needs_line_of_sight, "tier 0 needs a clear line")
	expect(not towers.at(high_cell).tier.needs_line_of_sight, "tier 1 fires over walls")
	towers.at(low_cell).fired.emit(1, Vector3(1.5, 0.0, 1.5))
	await physics_frames(1)
	towers.at(high_cell).fired.emit(2, Vector3(2.5, 0.0, 2.5))
	expect_eq(
		heard, [&"shot_low", &"hit", &"shot_high", &"hit"] as Array[StringName], "sounds heard"
	)
	_done(game)
	return ok()


func test_a_pickup_and_a_tower_destroyed_play_where_they_happen() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var floor_index := game.building.viewed_floor
	var heard: Array[StringName] = []
	audio.voice_started.connect(func(sound: StringName, _f: int) -> void: heard.append(sound))
	var storey := game.building.get_storey(floor_index)
	storey.get_scrap().drop(game.genesis.current_cell(), 5.0)
	await physics_frames(2)
	expect_eq(heard, [&"pickup"] as Array[StringName], "scrap collected")
	game.loop.materials = 1000.0
	var cell := _tower_cell(game, floor_index, game.genesis.current_cell())
	game.place_tower(floor_index, cell, 0)
	storey.get_towers().at(cell).apply_damage(1.0e9)
	expect_eq(heard, [&"pickup", &"tower_destroyed"] as Array[StringName], "tower destroyed")
	_done(game)
	return ok()


func test_the_restore_loop_plays_while_a_beacon_fills_and_stops_when_interact_is_let_go() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var floor_index := game.building.get_ground_floor()
	var layout := game.building.layouts[floor_index]
	var beacon := game.building.get_storey(floor_index).get_beacons()[0]
	for d: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
		var cell := beacon.cell + d
		if layout.is_walkable(cell) and layout.get_cell(cell) != StoreyLayout.CellType.SHAFT:
			game.building.place_genesis(floor_index, cell)
			break
	await physics_frames(1)
	expect(not audio.is_restore_playing(), "silent before")
	game.set_interacting(true)
	await physics_frames(3)
	expect(beacon.get_restoration_progress() > 0.0, "the beacon fills")
	expect(audio.is_restore_playing(), "the restore loop plays")
	game.set_interacting(false)
	await physics_frames(2)
	expect(not audio.is_restore_playing(), "and stops when interact is let go")
	_done(game)
	return ok()


func test_the_alarm_sounds_once_for_a_restored_beacon_under_attack_and_never_for_others() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	# Any floor: an alarm is an alert, heard whichever floor is viewed.
	var beacons := BuildingCensus.beacons(game.building)
	var never := beacons[0]
	never.set_state(never.max_health * 0.5, false)
	never.apply_damage(5.0)
	expect_eq(audio.alarms_played, 0, "no alarm for a beacon never restored")
	var restored := beacons[1]
	restored.set_state(restored.max_health, true)
	restored.apply_damage(5.0)
	expect_eq(audio.alarms_played, 1, "an alarm for a restored beacon under attack")
	expect(audio.is_alarm_playing(), "playing")
	restored.apply_damage(5.0)
	await physics_frames(10)
	restored.apply_damage(5.0)
	expect_eq(audio.alarms_played, 1, "not again within the interval")
	_done(game)
	return ok()


func test_the_win_stinger_plays_on_reclaim() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect_eq(audio.get_stinger(), &"", "no stinger before")
	expect(game.reclaim(), "reclaimed")
	expect_eq(audio.get_stinger(), &"win", "the win stinger")
	_done(game)
	return ok()


func test_the_defeat_stinger_plays_on_defeat_and_the_ambient_bed_stops() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	expect(audio.is_ambient_playing(), "the ambient bed plays in a running game")
	game.genesis.apply_damage(1000.0)
	await physics_frames(3)
	expect(game.loop.is_defeated() and tree.paused, "defeated, the tree paused")
	expect_eq(audio.get_stinger(), &"defeat", "the defeat stinger")
	await process_frames(2)
	expect_eq(audio.get_stinger(), &"defeat", "still playing while the tree is paused")
	expect(not audio.is_ambient_playing(), "the ambient bed stopped")
	game.restart()
	expect(audio.is_ambient_playing(), "and plays again after a restart")
	expect_eq(audio.get_stinger(), &"", "the stinger stopped")
	_done(game)
	return ok()


func test_a_game_with_sound_runs_300_frames_with_towers_firing_without_errors() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var floor_index := game.building.viewed_floor
	var swarm := game.building.get_swarm(floor_index)
	var navigator := swarm.get_navigator()
	game.loop.materials = 1000.0
	var cell := _tower_cell(game, floor_index, game.genesis.current_cell())
	game.place_tower(floor_index, cell, 1)
	for d: Vector2i in [Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0), Vector2i(0, -1)]:
		if navigator.is_free(cell + d):
			swarm.spawn_drone(cell + d)
	await process_frames(300)
	expect(audio.voices_started >= 2, "voices started: %d" % audio.voices_started)
	expect(audio.is_ambient_playing(), "the ambient bed")
	_done(game)
	return ok()


func test_a_closed_audio_gate_stops_every_sound_and_starts_none() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var sound_system := tree.root.get_node(^"SoundSystem")
	expect(audio.is_ambient_playing(), "the ambient bed plays")
	AudioGate.close(tree)
	var ambient_stopped := not audio.is_ambient_playing()
	var at := game.genesis.position - game.building.storey_origin(game.building.viewed_floor)
	var started: bool = audio.play_at(&"death", game.building.viewed_floor, at)
	var clicked: bool = sound_system.click()
	AudioGate.reopen()
	expect(ambient_stopped, "closing stops the ambient bed")
	expect(not started, "no positional voice starts")
	expect(not clicked, "no click")
	expect(audio.play_at(&"death", game.building.viewed_floor, at), "reopened: a voice starts")
	_done(game)
	return ok()


func test_play_ui_plays_on_the_ui_bus_and_refuses_an_unknown_sound() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var ui: AudioStreamPlayer = audio.get_node(^"Ui")
	expect(audio.play_ui(&"ui_click") and ui.playing, "plays")
	expect_eq(ui.bus, &"UI", "on the UI bus")
	expect_eq(ui.process_mode, Node.PROCESS_MODE_ALWAYS, "also while the tree is paused")
	expect_error("no sound named 'fanfare'")
	expect(not audio.play_ui(&"fanfare"), "an unknown sound")
	_done(game)
	return ok()


func test_the_wave_alarm_plays_once_per_building_wide_wave_wherever_genesis_is() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var ground := game.building.get_ground_floor()
	expect_eq((audio.get_node(^"WaveAlarm") as AudioStreamPlayer).bus, &"SFX", "Effects bus")
	game.surface.leave_building()
	_due(game, ground, 0)
	_due(game, ground + 1, 0)
	await physics_frames(3)
	expect_eq(audio.wave_alarms, PackedInt32Array([1]), "wave 1, Genesis outside: one alarm")
	expect(audio.is_wave_alarm_playing(), "playing")
	_due(game, ground + 2, 0)
	await physics_frames(3)
	expect_eq(audio.wave_alarms, PackedInt32Array([1]), "not again for a floor joining wave 1")
	game.surface.enter_building()
	game.building.set_viewed_floor(ground + 2)
	_due(game, ground, 1)
	await physics_frames(3)
	expect_eq(audio.wave_alarms, PackedInt32Array([1, 2]), "wave 2 on a floor not in view")
	_done(game)
	return ok()


func test_no_wave_alarm_after_the_win() -> bool:
	var game := outpost_game(true)
	var audio := _director(game)
	var ground := game.building.get_ground_floor()
	_due(game, ground, 0)
	await physics_frames(3)
	expect(audio.is_wave_alarm_playing(), "the alarm of wave 1 plays")
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	expect(not audio.is_wave_alarm_playing(), "the win stops it")
	_due(game, ground, 1)
	await physics_frames(3)
	expect_eq(BuildingCensus.wave(game.building), 2, "a wave rose after the win (forced)")
	expect_eq(audio.wave_alarms, PackedInt32Array([1]), "no alarm for it")
	expect(not audio.is_wave_alarm_playing(), "silent")
	_done(game)
	return ok()


## Makes the first entry of floor `floor_index` of `game` send, its next physics tick the
## first agent of wave `wave` (0-based).
func _due(game: OutpostGame, floor_index: int, wave: int) -> void:
	var entry := game.building.get_storey(floor_index).get_entries()[0]
	entry.set_state({"wave": wave, "in_wave": 0, "timer": 0.0, "spawned": 0, "agents": {}})
	entry.spawning_enabled = true
