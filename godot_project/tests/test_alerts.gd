extends "res://tests/suite.gd"
## Alerts mean something (GameAlerts, OutpostGame.get_alerts): a beacon alert only for a
## beacon that bleeds (restored once, now damaged), whatever dealt the damage, in
## get_alerts() within the same tick, naming its floor and where it is, not again while the
## same beacon stays under attack; a tower destroyed, a shaft disrupted, the last beacon
## restored and the reclaim ready are alerts too; an alert shows for its time and the HUD
## shows exactly what get_alerts() returns. A wave coming in is one alert per building-wide
## wave, naming the wave and the floors whose entries started it in that tick, calling
## Genesis back while it is out on the surface, none after the reclaim, and a load neither
## repeats a wave announced nor misses the next.


func test_a_beacon_never_restored_raises_no_alert() -> bool:
	var game := outpost_game(true)
	var beacon := game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	beacon.restore(30.0)
	beacon.apply_damage(10.0)
	expect(not beacon.is_bleeding(), "nothing to lose")
	expect_eq(game.get_alerts(), PackedStringArray(), "no alert")
	end_game(game)
	return ok()


func test_a_bleeding_beacon_is_alerted_at_once_with_its_floor_and_place_and_not_again() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var beacon := game.building.get_storey(ground).get_beacons()[0]
	beacon.restore(beacon.max_health)
	beacon.apply_damage(1.0)
	var alerts := game.get_alerts()
	expect_eq(alerts.size(), 1, "one alert, before any tick: %s" % alerts)
	var where := game.alerts.where(ground, beacon.cell)
	expect_eq(alerts[0] if alerts.size() > 0 else "", "Beacon bleeding: %s" % where, "the text")
	expect(where.begins_with("Floor 1, "), "names the floor: %s" % where)
	await physics_frames(30)
	beacon.apply_damage(1.0)
	expect_eq(game.get_alerts().size(), 1, "not again while it stays under attack")
	var hud_text := game.hud.get_alert()
	expect_eq(hud_text, "\n".join(game.get_alerts()), "the HUD shows what get_alerts() returns")
	end_game(game)
	return ok()


func test_where_names_the_side_of_the_floor() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var layout := game.building.layouts[ground]
	expect_eq(game.alerts.where(ground, Vector2i(0, 0)), "Floor 1, north-west", "top left")
	expect_eq(
		game.alerts.where(ground, Vector2i(layout.width - 1, layout.height - 1)),
		"Floor 1, south-east",
		"bottom right"
	)
	expect_eq(
		game.alerts.where(0, Vector2i(layout.width / 2, layout.height / 2)).begins_with(
			"Underground"
		),
		true,
		"floor 0 is the underground"
	)
	end_game(game)
	return ok()


func test_an_alert_shows_for_its_time_then_goes() -> bool:
	var game := outpost_game(true)
	var beacon := game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	beacon.restore(beacon.max_health)
	beacon.apply_damage(1.0)
	var until := game.loop.tick + GameAlerts.SHOW_TICKS
	while game.loop.tick < until - 1:
		await tree.physics_frame
	expect_eq(game.get_alerts().size(), 1, "still showing a tick before its end")
	while game.loop.tick < until + 1:
		await tree.physics_frame
	expect_eq(game.get_alerts().size(), 0, "gone after %d ticks" % GameAlerts.SHOW_TICKS)
	await process_frames(1)
	expect_eq(game.hud.get_alert(), "", "and off the HUD")
	end_game(game)
	return ok()


func test_a_tower_lost_and_a_shaft_disrupted_are_alerts() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var storey := game.building.get_storey(ground)
	game.loop.materials = 500.0
	var navigator := game.building.get_navigator(ground)
	var i := navigator.placement_mask().find(1)
	var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	expect(game.place_tower(ground, cell, 0), "a tower")
	storey.get_towers().at(cell).apply_damage(10000.0)
	expect(
		game.get_alerts().has("Tower destroyed: %s" % game.alerts.where(ground, cell)),
		"tower: %s" % game.get_alerts()
	)
	var shaft := storey.get_shafts()[0]
	shaft.throughput = ShaftConnector.Throughput.FLOWING
	shaft.throughput = ShaftConnector.Throughput.BLOCKED
	var text := (
		"Shaft disrupted: %s (a drone blocks its feed)" % game.alerts.where(ground, shaft.cell)
	)
	expect(game.get_alerts().has(text), "shaft: %s" % game.get_alerts())
	end_game(game)
	return ok()


func test_the_same_alert_twice_is_one_line_not_two() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var shafts := game.building.get_storey(ground).get_shafts()
	# Two shafts disrupted in the same words (as two shafts on one side of a floor are).
	for i in 2:
		shafts[0].throughput = ShaftConnector.Throughput.FLOWING
		shafts[0].throughput = ShaftConnector.Throughput.BLOCKED
	var text := (
		"Shaft disrupted: %s (a drone blocks its feed)" % game.alerts.where(ground, shafts[0].cell)
	)
	var lines := game.get_alerts()
	expect_eq(lines.count(text), 1, "one line: %s" % lines)
	expect_eq(
		(game.hud.get_node(^"%AlertLabel") as Label).text.count(text), 1, "one line on the HUD"
	)
	end_game(game)
	return ok()


func test_the_last_beacon_and_the_reclaim_ready_are_alerts_once() -> bool:
	var game := outpost_game(true)
	var beacons := BuildingCensus.beacons(game.building)
	for beacon in beacons:
		beacon.restore(beacon.max_health)
	var alerts := game.get_alerts()
	expect(alerts.has("Last beacon restored: every beacon of the building is up"), "%s" % alerts)
	expect(
		alerts.has("Reclaim ready: RECLAIM BUILDING at the console (Underground)"), "%s" % alerts
	)
	beacons[0].apply_damage(5.0)
	beacons[0].restore(5.0)
	var last := 0
	for text in game.get_alerts():
		last += int(text.begins_with("Last beacon"))
	expect_eq(last, 1, "said once")
	end_game(game)
	return ok()


func test_the_reclaim_clears_the_alerts_and_none_is_raised_after_it() -> bool:
	var game := outpost_game(true)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.get_alerts().size() > 0, "the reclaim ready is showing")
	expect(game.reclaim(), "reclaimed")
	expect_eq(game.get_alerts(), PackedStringArray(), "nothing asks for the reclaim after it")
	var shafts: Array[ShaftConnector] = []
	for index in game.building.get_storey_count():
		shafts.append_array(game.building.get_storey(index).get_shafts())
	var shaft := shafts[0]
	shaft.throughput = ShaftConnector.Throughput.FLOWING
	shaft.throughput = ShaftConnector.Throughput.BLOCKED
	expect_eq(game.get_alerts(), PackedStringArray(), "a shaft blocked after the win is no alarm")
	end_game(game)
	return ok()


func test_alerts_are_saved_with_the_game() -> bool:
	var game := outpost_game(true)
	var beacon := game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	beacon.restore(beacon.max_health)
	beacon.apply_damage(1.0)
	var showing := game.get_alerts()
	expect_eq(game.save_game("user://test_alerts.json"), OK, "saved")
	game.restart()
	expect_eq(game.get_alerts().size(), 0, "a fresh game")
	expect_eq(game.load_game("user://test_alerts.json"), OK, "loaded")
	expect_eq(game.get_alerts(), showing, "the alert showing is back")
	beacon = game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	beacon.apply_damage(1.0)
	expect_eq(game.get_alerts().size(), 1, "and still latched: no repeat after the load")
	end_game(game)
	DirAccess.remove_absolute(ProjectSettings.globalize_path("user://test_alerts.json"))
	return ok()


func test_a_wave_rising_raises_one_alert_naming_the_wave_and_its_floor() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var waves: Array[int] = []
	game.alerts.wave_alerted.connect(func(wave: int) -> void: waves.append(wave))
	var entry := _entry(game, ground)
	expect_eq(entry.wave_profile.aliens_in(1), 0, "wave 2 sends no alien (the rules)")
	_due(entry, 1)
	var ticks := await ticks_until(
		func() -> bool: return BuildingCensus.wave(game.building) == 2, 5
	)
	expect(ticks <= 5, "wave 2 started")
	var want := PackedStringArray(["Wave 2: drones coming in on Floor 1"])
	expect_eq(_wave_alerts(game), want, "in the tick it started")
	# The wave goes on: its next agents raise nothing.
	await ticks_until(func() -> bool: return entry.get_spawned_count() >= 2, 200)
	expect(entry.get_spawned_count() >= 2, "a second agent of the wave came")
	expect_eq(_wave_alerts(game), want, "still one alert")
	expect_eq(waves, [2] as Array[int], "wave_alerted once, for wave 2")
	end_game(game)
	return ok()


func test_entries_starting_one_wave_on_several_floors_give_one_alert_naming_them() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var waves: Array[int] = []
	game.alerts.wave_alerted.connect(func(wave: int) -> void: waves.append(wave))
	_due(_entry(game, ground + 2), 2)
	_due(_entry(game, ground), 2)
	await ticks_until(func() -> bool: return not waves.is_empty(), 5)
	var entry := _entry(game, ground + 1)
	expect_eq(entry.wave_profile.aliens_in(2), 1, "wave 3 sends aliens (the rules)")
	var want := PackedStringArray(["Wave 3: drones and aliens coming in on Floor 1 and Floor 3"])
	expect_eq(_wave_alerts(game), want, "one alert, the floors in order")
	# Another floor starts the same wave later: the building's wave did not rise.
	_due(entry, 2)
	await ticks_until(func() -> bool: return BuildingCensus.sent(game.building, ground + 1) > 0, 5)
	expect(BuildingCensus.sent(game.building, ground + 1) > 0, "floor 2 started wave 3 too")
	expect_eq(_wave_alerts(game), want, "no alert for it")
	expect_eq(waves, [3] as Array[int], "wave_alerted once")
	end_game(game)
	return ok()


func test_the_wave_alert_calls_genesis_back_while_it_is_outside() -> bool:
	var game := outpost_game(true)
	game.surface.leave_building()
	expect(game.building.genesis_outside, "Genesis is out on the surface")
	_due(_entry(game, game.building.get_ground_floor()), 0)
	await ticks_until(func() -> bool: return not _wave_alerts(game).is_empty(), 5)
	var text := "Wave 1 inside the outpost (Floor 1): the beacons need you"
	expect_eq(_wave_alerts(game), PackedStringArray([text]), "the outside wording")
	expect(game.hud.get_alert().contains(text), "the HUD shows it: %s" % game.hud.get_alert())
	end_game(game)
	return ok()


func test_no_wave_alert_after_the_reclaim() -> bool:
	var game := outpost_game(true)
	var waves: Array[int] = []
	game.alerts.wave_alerted.connect(func(wave: int) -> void: waves.append(wave))
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	var ground := game.building.get_ground_floor()
	_due(_entry(game, ground), 0)
	_due(_entry(game, ground + 1), 4)
	await physics_frames(5)
	expect_eq(BuildingCensus.wave(game.building), 5, "a wave rose after the win (forced)")
	expect_eq(game.get_alerts(), PackedStringArray(), "no alert")
	expect_eq(waves, [] as Array[int], "no wave_alerted")
	end_game(game)
	return ok()


func test_a_load_neither_repeats_an_announced_wave_nor_misses_the_next() -> bool:
	var path := "user://test_wave_alert.json"
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	_due(_entry(game, ground), 1)
	await ticks_until(func() -> bool: return not _wave_alerts(game).is_empty(), 5)
	expect_eq(game.save_game(path), OK, "saved with wave 2 announced")
	var continued := await _lagging_floor_then_the_next_wave(game)
	expect_eq(game.load_game(path), OK, "loaded")
	expect_eq(game.alerts.get_state()["wave"], 2, "wave 2 announced, in the state")
	var loaded := await _lagging_floor_then_the_next_wave(game)
	expect_eq(loaded, continued, "load equals continue")
	var next := "Wave 3: drones and aliens coming in on Floor 1"
	expect_eq(
		loaded,
		[PackedStringArray(), PackedStringArray([next])],
		"the lagging floor is no news; the next wave is"
	)
	end_game(game)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()


# Floor 2 starts wave 2 (already announced), then floor 1 starts wave 3: the wave alerts
# raised by each, after 5 ticks.
func _lagging_floor_then_the_next_wave(game: OutpostGame) -> Array:
	var ground := game.building.get_ground_floor()
	var out := []
	for step: Array in [[ground + 1, 1], [ground, 2]]:
		var before := _wave_alerts(game)
		_due(_entry(game, step[0]), step[1])
		await physics_frames(5)
		var raised := PackedStringArray()
		for text in _wave_alerts(game):
			if not before.has(text):
				raised.append(text)
		out.append(raised)
	return out


## Makes `entry` send, its next physics tick the first agent of wave `wave` (0-based).
func _due(entry: EntryPoint, wave: int) -> void:
	entry.set_state({"wave": wave, "in_wave": 0, "timer": 0.0, "spawned": 0, "agents": {}})
	entry.spawning_enabled = true


## The first entry of floor `floor_index` of `game`.
func _entry(game: OutpostGame, floor_index: int) -> EntryPoint:
	return game.building.get_storey(floor_index).get_entries()[0]


## The alerts showing in `game` that announce a wave.
func _wave_alerts(game: OutpostGame) -> PackedStringArray:
	var out := PackedStringArray()
	for text in game.get_alerts():
		if text.begins_with("Wave "):
			out.append(text)
	return out
