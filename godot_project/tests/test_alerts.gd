extends "res://tests/suite.gd"
## Alerts mean something (GameAlerts, OutpostGame.get_alerts): a beacon alert only for a
## beacon that bleeds (restored once, now damaged), whatever dealt the damage, in
## get_alerts() within the same tick, naming its floor and where it is, not again while the
## same beacon stays under attack; a tower destroyed, a shaft disrupted, the last beacon
## restored and the reclaim ready are alerts too; an alert shows for its time and the HUD
## shows exactly what get_alerts() returns.


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
