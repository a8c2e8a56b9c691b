extends "res://tests/inspector_suite.gd"
## The Seed Inspector's parts apart from its controls: one name (file, root node, window
## title, panel title), the InspectorSettings value (reading the panel's fields, the
## core's ranges, refusals), and the SeedInspectorPanel in a 1280 x 720 window (no
## scrolling, also with an error shown; the legend, with OUT_OF_BOUNDS, and the help line
## always in view).


func test_one_name_for_the_scene_its_root_its_window_and_its_panel() -> bool:
	var w := _inspector()
	expect_eq(INSPECTOR.resource_path, "res://src/game/outpost_test.tscn", "the reference's file")
	expect_eq(w.name, &"SeedInspector", "the scene's root node")
	expect_eq(SeedInspector.DISPLAY_NAME, "Seed Inspector", "the display name")
	expect_eq(w.get_window().title, SeedInspector.DISPLAY_NAME, "window title")
	expect_eq((_ui(w, "Title") as Label).text, SeedInspector.DISPLAY_NAME, "panel title")
	w.free()
	var project_name: String = ProjectSettings.get_setting("application/config/name")
	expect_eq(tree.root.title, project_name, "the window title is the project's again")
	return ok()


func test_settings_read_the_fields_clamp_to_the_cores_ranges_and_refuse_bad_text() -> bool:
	var depths := InspectorSettings.depth_range()
	var levels := InspectorSettings.level_range()
	expect_eq(depths, Vector2i(1, 6), "depths, from the core")
	expect_eq(depths.x, StoreyGenerator.MIN_STOREY_DEPTH, "MIN_STOREY_DEPTH")
	expect_eq(depths.y, StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH, "INSPECTOR_MAX_STOREY_DEPTH")
	expect_eq(levels, Vector2i(1, 4), "levels, from the core")
	expect_eq(levels.y, StoreyGenerator.MAX_OUTPOST_LEVEL, "MAX_OUTPOST_LEVEL")
	var start := InspectorSettings.new()
	var underground := StoreyLayout.StoreyType.UNDERGROUND
	var read := start.with_text(" 42 ", 9, 0, underground, "(3 2)")
	expect_eq(
		[read.seed_value, read.storey_depth, read.outpost_level, read.storey_type],
		[42, 6, 1, underground],
		"fields read, depth and level clamped"
	)
	expect_eq(read.forced_staircase, Vector2i(3, 2), "the cell read")
	expect_eq(read.get_error(), "", "nothing to refuse")
	expect_eq(start.seed_value, 1, "with_text() returns new settings")
	expect(
		read.generate().is_equal_to(
			StoreyGenerator.generate_with(
				GameRooms.settings(), 42, 6, 1, Vector2i(3, 2), underground
			)
		),
		"generate() makes the game's storey (with its rooms)"
	)
	var ground := StoreyLayout.StoreyType.GROUND_FLOOR
	var both_bad := read.with_text("abc", 3, 2, ground, "5,")
	expect_eq(both_bad.seed_value, 42, "a bad seed keeps the seed")
	expect_eq(both_bad.forced_staircase, Vector2i(3, 2), "a bad cell keeps the cell")
	expect_eq(both_bad.storey_depth, 3, "the other fields are read")
	expect(both_bad.get_error().begins_with("The seed must be"), "the seed's error first")
	var cell_bad := read.with_text("7", 3, 2, ground, "5,")
	expect(cell_bad.get_error().contains("two integers"), cell_bad.get_error())
	var outside := read.with_text("7", 1, 1, ground, "99, 1")
	expect(outside.get_error().contains("outside the 16 x 10 grid"), outside.get_error())
	expect_eq(read.with_text("7", 1, 1, ground, " ").forced_staircase, Vector2i(-1, -1), "empty")
	expect_eq(InspectorSettings.seed_error("9223372036854775807"), "", "the largest seed")
	expect(InspectorSettings.seed_error("9223372036854775808").contains("too large"), "too large")
	return ok()


## Fails unless `control` is shown and lies wholly inside `view`.
func _expect_in_view(control: Control, view: Rect2, what: String) -> void:
	expect(control.is_visible_in_tree(), what + ": shown")
	var rect := control.get_global_rect()
	expect(view.encloses(rect), "%s: %s inside the %s view" % [what, rect, view.size])


func test_panel_fits_a_1280_x_720_window_with_the_legend_and_help_in_view() -> bool:
	var w := _inspector()
	# The largest storey has the longest stats.
	w.configure(3, 6, 4, StoreyLayout.StoreyType.UNDERGROUND)
	var view := w.get_viewport().get_visible_rect()
	expect_eq(view.size, Vector2(1280, 720), "the project's window size")
	var panel := _panel(w)
	var scroll: ScrollContainer = _ui(w, "Scroll")
	var legend: GridContainer = _ui(w, "Legend")
	var hint: Label = _ui(w, "Hint")
	expect(not scroll.is_ancestor_of(legend) and not scroll.is_ancestor_of(hint), "pinned below")
	var names := PackedStringArray()
	for child in legend.get_children():
		if child is Label:
			names.append((child as Label).text)
	expect(names.has("OUT_OF_BOUNDS"), "OUT_OF_BOUNDS: %s" % names)
	var states := {
		"nothing refused": func() -> void: pass,
		"an error shown": func() -> void: _type_into(_ui(w, "StaircaseEdit"), "99, 99"),
		"an error and the Save message": func() -> void: DirAccess.remove_absolute(w.save_tres()),
	}
	for state: String in states:
		(states[state] as Callable).call()
		await process_frames(2)
		expect_eq(panel.size.x, panel.custom_minimum_size.x, state + ": the panel keeps its width")
		_expect_in_view(panel, view, state + ": the panel")
		_expect_in_view(legend, view, state + ": the legend")
		_expect_in_view(hint, view, state + ": the help line")
		if state != "an error and the Save message":
			var content: Control = scroll.get_child(0)
			var needed := content.get_combined_minimum_size().y
			expect(
				needed <= scroll.size.y and not scroll.get_v_scroll_bar().visible,
				"%s: no scrolling (%.0f of %.0f px)" % [state, needed, scroll.size.y]
			)
	expect(w.get_refusal().contains("outside"), "the error was shown: " + w.get_refusal())
	w.free()
	return ok()
