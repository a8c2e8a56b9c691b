extends "res://tests/suite.gd"
## The HUD follows the game through signals: the census ([BuildingCensus], one signal per
## frame at most) when towers, beacons, waves and agents change, the loop's tick for the
## materials, and build mode's ghost; its sentences (prompts, the build line, the end
## screens, the floor refusals, saves) are its own.


func label(game: OutpostGame, unique_name: String) -> String:
	return (game.hud.get_node("%" + unique_name) as Label).text


func test_the_census_signals_once_per_frame_when_counts_change() -> bool:
	var game := outpost_game(true)
	await process_frames(2)
	var census := BuildingCensus.new()
	census.watch(game.building)
	var signals := [0]
	census.changed.connect(func() -> void: signals[0] += 1)
	await process_frames(2)
	signals[0] = 0
	await process_frames(3)
	expect_eq(signals[0], 0, "nothing changed, nothing said")
	var ground := game.building.get_ground_floor()
	var swarm := game.building.get_swarm(ground)
	var entry := game.building.layouts[ground].entry_cells[0]
	for i in 3:
		swarm.spawn_drone(entry)
	var beacon := game.building.get_storey(ground).get_beacons()[0]
	beacon.restore(10.0)
	await process_frames(1)
	expect_eq(signals[0], 1, "three spawns and a restore: one signal in the frame")
	game.loop.materials = 1000.0
	var navigator := game.building.get_navigator(ground)
	var i := navigator.placement_mask().find(1)
	game.place_tower(ground, Vector2i(i / navigator.get_height(), i % navigator.get_height()), 0)
	await process_frames(1)
	expect_eq(signals[0], 2, "a tower")
	game.free()
	return ok()


func test_the_hud_shows_counts_as_they_change() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	var swarm := game.building.get_swarm(ground)
	await process_frames(2)
	expect(label(game, "WaveLabel").contains("0 agents alive"), label(game, "WaveLabel"))
	swarm.spawn_drone(game.building.layouts[ground].entry_cells[0])
	swarm.spawn_alien(game.building.layouts[ground].entry_cells[0])
	await process_frames(1)
	expect_eq(label(game, "WaveLabel"), "No wave yet, 2 agents alive (2 on this floor)", "agents")
	var beacons := game.building.get_storey(ground).get_beacons()
	beacons[0].restore(beacons[0].max_health)
	await process_frames(1)
	expect_eq(
		label(game, "BeaconsLabel"),
		"Beacons on this floor: 1 / %d restored" % beacons.size(),
		"a beacon restored"
	)
	game.loop.materials = 321.0
	await physics_frames(2)
	expect_eq(label(game, "MaterialsLabel"), "Materials 321", "materials on the tick")
	game.free()
	return ok()


func test_the_hud_names_floors_and_keys_in_its_sentences() -> bool:
	var game := outpost_game(true)
	var building := game.building
	expect_eq(building.floor_name(0), "Underground", "floor 0")
	expect_eq(building.floor_name(building.get_ground_floor()), "Floor 1", "the ground floor")
	expect_eq(game.floor_name(2), building.floor_name(2), "the game's name is the building's")
	game.hud.floor_change_refused(-1)
	expect_eq(game.hud.get_alert(), "", "a floor below exists: nothing to say")
	building.set_viewed_floor(0)
	game.hud.floor_change_refused(-1)
	expect_eq(game.hud.get_alert(), "Already on the bottom floor", "at the bottom")
	expect(
		OutpostHud.save_result(true, OK, "user://a.json").begins_with("Saved to user://a.json"),
		"saved"
	)
	expect_eq(
		OutpostHud.save_result(false, ERR_FILE_NOT_FOUND, "user://a.json"),
		"Load failed: File not found (see the log)",
		"a failed load"
	)
	expect(game.hud.end_summary(false).begins_with("The aliens got Genesis after 0:0"), "defeat")
	game.free()
	return ok()


func test_after_the_win_no_alert_shows_and_a_notice_keeps_clear_of_the_banner() -> bool:
	var game := outpost_game(true)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "won")
	game.hud.alert("Quick save (F5) saved to user://quicksave.json")
	await process_frames(3)
	var banner := game.end_screen.get_node(^"%WinBanner") as Control
	var alerts := game.hud.get_node(^"%AlertLabel") as Label
	var notice := game.hud.get_node(^"%NoticeLabel") as Label
	# The reclaim cleared the game's alerts (the last beacon, the reclaim ready).
	expect(not alerts.visible or alerts.text.is_empty(), "no alert after the win: " + alerts.text)
	expect(notice.visible, "a key's notice shows")
	expect(
		not notice.get_global_rect().intersects(banner.get_global_rect()),
		(
			"the notice clear of the banner: %s vs %s"
			% [notice.get_global_rect(), banner.get_global_rect()]
		)
	)
	var wave := (game.hud.get_node(^"%WaveLabel") as Label).text
	expect(wave.begins_with("No more waves"), "the wave line after the win: %s" % wave)
	end_game(game)
	return ok()


func test_game_alerts_and_notices_are_separate_lines() -> bool:
	var game := outpost_game(true)
	var beacon := game.building.get_storey(game.building.get_ground_floor()).get_beacons()[0]
	beacon.restore(beacon.max_health)
	beacon.apply_damage(1.0)
	game.hud.alert("Already on the top floor")
	var alerts := game.hud.get_node(^"%AlertLabel") as Label
	var notice := game.hud.get_node(^"%NoticeLabel") as Label
	expect_eq(alerts.text, "\n".join(game.get_alerts()), "the red line: the game's alerts")
	expect_eq(notice.text, "Already on the top floor", "the notice line: what a key did")
	expect_eq(game.hud.get_alert(), alerts.text + "\n" + notice.text, "get_alert reads both")
	end_game(game)
	return ok()


func test_the_win_banner_folds_away_with_a_click_and_back() -> bool:
	var game := outpost_game(true, null, 20260316)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	await tree.process_frame
	var end := game.end_screen
	var banner := end.get_node(^"%WinBanner") as Control
	var tall := banner.size.y
	var fold := end.get_node(^"%FoldButton") as Button
	click(fold.get_global_rect().get_center())
	await tree.process_frame
	expect(end.folded, "folded by a click")
	expect(banner.size.y < tall, "smaller: %s < %s" % [banner.size.y, tall])
	expect_eq((end.get_node(^"%WinText") as Label).text, "Building reclaimed", "one short line")
	click(fold.get_global_rect().get_center())
	await tree.process_frame
	expect(not end.folded, "unfolded by a second click")
	expect(
		(end.get_node(^"%WinText") as Label).text.begins_with("BUILDING RECLAIMED in"), "figures"
	)
	end_game(game)
	return ok()


func test_after_the_win_b_says_the_building_is_locked_and_no_hint_teaches() -> bool:
	var game := outpost_game(true, null, 20260316)
	var coach := game.get_node(^"HintCoach") as HintCoach
	coach.reset_hints()
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "reclaimed")
	key(KEY_B)
	await tree.process_frame
	expect(not game.builder.active, "build mode stays off")
	expect(game.hud.get_alert().contains("reclaimed"), "it says why: '%s'" % game.hud.get_alert())
	game.loop.elapsed = coach.first_delay + 1.0
	await physics_frames(30)
	expect_eq(coach.current, &"", "no teaching hint after the win")
	coach.reset_hints()
	end_game(game)
	return ok()
