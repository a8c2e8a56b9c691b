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


# The HUD's parts a player reads, and the hint panel beside them, as [name, rect], the
# visible ones only.
func _shown_rects(game: OutpostGame) -> Array:
	var out: Array = []
	for unique: String in [
		"Status",
		"Economy",
		"AlertLabel",
		"NewsLabel",
		"NoticeLabel",
		"PromptLabel",
		"BuildLabel",
		"Controls"
	]:
		var control := game.hud.get_node("%" + unique) as Control
		if control.is_visible_in_tree():
			out.append([unique, control.get_global_rect()])
	var hint := game.get_node(^"HintCoach/%Panel") as Control
	if hint.is_visible_in_tree():
		out.append(["HintPanel", hint.get_global_rect()])
	return out


func test_no_hud_element_overlaps_another_with_a_long_alert_and_a_hint() -> bool:
	var game := outpost_game(true)
	await process_frames(2)
	var floors := WaveText.floors(["Underground", "Floor 1", "Floor 2", "Floor 3"])
	var long_alert := WaveText.alert_outside(1, floors)
	game.alerts.set_state({"showing": [[long_alert, game.loop.tick + 300]]})
	var beacons := BuildingCensus.beacons(game.building)
	for beacon in beacons:
		beacon.restore(beacon.max_health)  # good news: the last beacon, the reclaim ready
	beacons[0].apply_damage(1.0)  # an alarm
	game.hud.alert("Quick save (F5) saved to user://quicksave.json, with a long path to read")
	(game.get_node(^"HintCoach") as HintCoach).show_hint(HintCoach.CONNECT_SHAFTS)
	var root := tree.root
	var size_before := root.size
	for size: Vector2i in [Vector2i(1280, 720), Vector2i(1920, 1080)]:
		root.size = size
		await process_frames(3)
		var screen := game.hud.get_viewport().get_visible_rect()
		var shown := _shown_rects(game)
		expect(shown.size() >= 7, "%s: the parts shown: %s" % [size, shown])
		var alert := game.hud.get_node(^"%AlertLabel") as Label
		expect(alert.text.contains(long_alert), "%s: the long alert whole: %s" % [size, alert.text])
		expect(alert.get_line_count() > 1, "%s: the long alert wraps" % size)
		for i in shown.size():
			var rect: Rect2 = shown[i][1]
			expect(screen.encloses(rect), "%s: %s inside %s" % [size, shown[i], screen])
			for j in range(i + 1, shown.size()):
				expect(
					not rect.intersects(shown[j][1]),
					"%s: %s overlaps %s" % [size, shown[i], shown[j]]
				)
	root.size = size_before
	end_game(game)
	return ok()


func test_a_refused_build_spot_is_in_the_refusal_colour_and_a_legal_one_is_not() -> bool:
	var game := outpost_game(true)
	var ground := game.building.get_ground_floor()
	game.loop.materials = 1000.0
	game.building.set_viewed_floor(ground)
	game.builder.set_active(true)
	var layout := game.building.layouts[ground]
	var wall := layout.get_cells_of_type(StoreyLayout.WALL)[0]
	var navigator := game.building.get_navigator(ground)
	var i := navigator.placement_mask().find(1)
	var legal := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	var build := game.hud.get_node(^"%BuildLabel") as Label
	for case: Array in [[wall, true], [legal, false]]:
		game.builder.hover(case[0])
		var colour := build.get_theme_color(&"font_color")
		var words := "%s: %s" % [case[0], build.text]
		if case[1]:
			expect(build.text.begins_with("Here: "), "a reason: " + words)
			expect_eq(colour, HudLines.REFUSAL_COLOR, "refused in the refusal colour: " + words)
		else:
			expect_eq(colour, HudLines.GOOD_COLOR, "legal in the good colour: " + words)
	end_game(game)
	return ok()


func test_good_news_is_not_in_the_alarm_red() -> bool:
	var game := outpost_game(true)
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	var alarm := game.hud.get_node(^"%AlertLabel") as Label
	var news := game.hud.get_node(^"%NewsLabel") as Label
	expect(news.visible and news.text.contains("Last beacon restored"), "news: " + news.text)
	expect(news.text.contains("Reclaim ready"), "news: " + news.text)
	expect(not alarm.visible or not alarm.text.contains("Last beacon"), "alarm: " + alarm.text)
	var red := alarm.get_theme_color(&"font_color")
	var green := news.get_theme_color(&"font_color")
	expect(green.g > green.r and red.r > red.g, "news %s, alarm %s" % [green, red])
	end_game(game)
	return ok()


func test_after_the_win_the_flows_line_says_what_is_really_added() -> bool:
	var game := outpost_game(true)
	for storey_index in game.building.get_storey_count():
		for shaft in game.building.get_storey(storey_index).get_shafts():
			shaft.throughput = ShaftConnector.Throughput.FLOWING
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(game.reclaim(), "won")
	await physics_frames(2)
	var before := game.loop.materials
	await physics_frames(60)
	var added := game.loop.materials - before
	var line := (game.hud.get_node(^"%RatesLabel") as Label).text
	var total := float(line.get_slice("/s in all", 0))
	expect(line.contains("in all"), "a total: " + line)
	expect(
		absf(total - added) < 0.15 * maxf(added, 1.0),
		"the total %.2f/s against %.2f added in a second: %s" % [total, added, line]
	)
	end_game(game)
	return ok()
