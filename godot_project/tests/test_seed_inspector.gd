# gdlint:ignore = max-public-methods
# (A suite: one public method per test.)
extends "res://tests/inspector_suite.gd"
## The Seed Inspector (src/game/outpost_test.tscn: the SeedInspector coordinator, its
## SeedInspectorPanel and the InspectorSettings value): every control regenerates and the
## stats agree with the layout; bad input is refused in the panel, never logged; the panel
## fits a 1280 x 720 window; Copy ASCII, Save .tres, the summary, the legend, the camera,
## Esc; no leaks.

const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")
## Where the tests' savers remember their folder (never the player's settings file).
const SAVER_SETTINGS := "user://test_layout_saver.cfg"
## Stats that depend on the layout only (the rest are timings).
const LAYOUT_KEYS: Array[String] = [
	"width",
	"height",
	"rooms",
	"oob_cells",
	"oob_share",
	"entries",
	"beacons",
	"path_lengths",
	"open_zones",
	"attempts",
]


## The stats recomputed from the layout alone: cells counted in the grid, zones counted
## by the validator.
func _stats_of(l: StoreyLayout) -> Dictionary:
	var counts: Dictionary[int, int] = {}
	for x in l.width:
		for y in l.height:
			var t: int = l.cells[x][y]
			counts[t] = counts.get(t, 0) + 1
	var lengths := PackedInt32Array()
	for path: Array in l.enemy_paths:
		lengths.append(path.size())
	var oob: int = counts.get(StoreyLayout.CellType.OUT_OF_BOUNDS, 0)
	return {
		"width": l.width,
		"height": l.height,
		"rooms": l.rooms.size(),
		"oob_cells": oob,
		"oob_share": float(oob) / (l.width * l.height),
		"entries": counts.get(StoreyLayout.CellType.ENTRY, 0),
		"beacons": counts.get(StoreyLayout.CellType.BEACON, 0),
		"path_lengths": lengths,
		"open_zones": StoreyValidator.count_open_zones(l),
		"attempts": l.generation_attempts,
	}


## The layout-dependent part of the inspector's stats.
func _layout_stats(w: SeedInspector) -> Dictionary:
	var stats := w.get_stats()
	var out := {}
	for key in LAYOUT_KEYS:
		out[key] = stats.get(key)
	return out


## The text of the stats panel's value next to `name`.
func _panel_value(w: SeedInspector, name: String) -> String:
	var grid: GridContainer = _ui(w, "Stats")
	for i in range(0, grid.get_child_count(), 2):
		if (grid.get_child(i) as Label).text == name:
			return (grid.get_child(i + 1) as Label).text
	return "<no row %s>" % name


## Fails unless the stats and the panel agree with the layout shown.
func _expect_stats_agree(w: SeedInspector, what: String) -> void:
	var want := _stats_of(w.layout)
	var got := _layout_stats(w)
	for key in LAYOUT_KEYS:
		expect_eq(got[key], want[key], "%s: stat %s" % [what, key])
	var stats := w.get_stats()
	for key in ["generation_usec", "render_msec", "spawn_msec", "regenerate_msec"]:
		expect(stats.get(key, -1) >= 0, "%s: timing %s = %s" % [what, key, stats.get(key)])
	expect_eq(_panel_value(w, "Size"), "%d x %d" % [want.width, want.height], what + ": Size row")
	expect_eq(_panel_value(w, "Rooms"), str(want.rooms), what + ": Rooms row")
	expect_eq(_panel_value(w, "Entries"), str(want.entries), what + ": Entries row")
	expect_eq(_panel_value(w, "Beacons"), str(want.beacons), what + ": Beacons row")
	expect_eq(_panel_value(w, "Open zones"), str(want.open_zones), what + ": Open zones row")
	expect_eq(_panel_value(w, "Generation attempts"), str(want.attempts), what + ": attempts")
	var lengths := PackedStringArray()
	for n in want.path_lengths:
		lengths.append(str(n))
	expect_eq(_panel_value(w, "Path lengths"), ", ".join(lengths) + " cells", what + ": paths")
	var oob := "%.1f %% (%d cells)" % [want.oob_share * 100.0, want.oob_cells]
	expect_eq(_panel_value(w, "Out of bounds"), oob, what + ": Out of bounds row")


## Fails unless the last control change replaced the layout and changed the stats.
func _expect_changed(
	w: SeedInspector, before: StoreyLayout, stats: Dictionary, what: String
) -> void:
	expect(w.layout != before and not w.layout.is_equal_to(before), what + ": layout replaced")
	expect(_layout_stats(w) != stats, "%s: stats changed (still %s)" % [what, stats])
	expect_eq(w.get_refusal(), "", what + ": nothing refused")
	_expect_stats_agree(w, what)


## Fails unless every corner of the storey's box (walls included) projects into the view,
## right of the panel.
func _expect_box_in_view(
	camera: OrbitCamera, l: StoreyLayout, panel: Control, what: String
) -> void:
	var view := camera.get_viewport().get_visible_rect()
	var box := AABB(Vector3.ZERO, Vector3(l.width, StoreyRenderer.WALL_HEIGHT, l.height))
	for i in 8:
		var corner := box.get_endpoint(i)
		var on_screen := camera.unproject_position(corner)
		expect(view.has_point(on_screen), "%s: %s seen at %s" % [what, corner, on_screen])
		expect(on_screen.x > panel.size.x, "%s: %s right of the panel" % [what, corner])


func test_seed_field_regenerates_with_any_64_bit_seed() -> bool:
	var w := _inspector()
	var edit: LineEdit = _ui(w, "SeedEdit")
	expect_eq(edit.text, "1", "the field shows the seed")
	for text: String in ["12345", "-9223372036854775808", "9223372036854775807", " +77 "]:
		var before := w.layout
		var stats := _layout_stats(w)
		_type_into(edit, text)
		expect_eq(w.layout.seed_value, text.strip_edges().to_int(), "seed of %s" % text)
		expect_eq(w.seed_value, w.layout.seed_value, "seed_value follows " + text)
		_expect_changed(w, before, stats, "seed " + text)
		var want := StoreyGenerator.generate(text.strip_edges().to_int(), 3, 2)
		expect(w.layout.is_equal_to(want), "seed %s: the generator's storey" % text)
	w.free()
	return ok()


func test_seed_field_refuses_non_integers_in_the_panel_without_logging() -> bool:
	var w := _inspector()
	var edit: LineEdit = _ui(w, "SeedEdit")
	var refusal: Label = _ui(w, "Refusal")
	expect(not refusal.visible, "no refusal at start")
	for text: String in ["abc", "", "1.5", "0x10", "9223372036854775808", "-9223372036854775809"]:
		var before := w.layout
		var stats := w.get_stats()
		_type_into(edit, text)
		expect(w.get_refusal().contains("seed"), "%s refused, got %s" % [text, w.get_refusal()])
		expect(refusal.visible and refusal.text == w.get_refusal(), text + ": shown in the panel")
		expect(w.layout == before, text + ": layout kept")
		expect_eq(w.get_stats(), stats, text + ": stats kept")
	var before := w.layout
	_type_into(edit, "42")
	expect(w.layout != before and w.layout.seed_value == 42, "a good seed regenerates again")
	expect(not refusal.visible and w.get_refusal().is_empty(), "refusal cleared")
	w.free()
	return ok()


func test_randomise_sets_a_new_seed_and_regenerates() -> bool:
	var w := _inspector()
	var button: Button = _ui(w, "RandomiseButton")
	for i in 3:
		var before := w.layout
		var stats := _layout_stats(w)
		var seed_before := w.seed_value
		button.pressed.emit()
		expect(w.seed_value != seed_before, "a new seed")
		expect_eq(w.layout.seed_value, w.seed_value, "layout of the new seed")
		expect_eq((_ui(w, "SeedEdit") as LineEdit).text, str(w.seed_value), "field shows it")
		_expect_changed(w, before, stats, "randomise %d" % i)
	w.free()
	return ok()


func test_depth_slider_regenerates_at_that_depth() -> bool:
	var w := _inspector()
	var slider: Slider = _ui(w, "DepthSlider")
	expect_eq([slider.min_value, slider.max_value], [1.0, 6.0], "depth range 1-6")
	for depth in [6, 1, 4]:
		var before := w.layout
		var stats := _layout_stats(w)
		slider.value = depth
		expect_eq(w.layout.storey_depth, depth, "layout depth")
		expect_eq((_ui(w, "DepthValue") as Label).text, str(depth), "depth shown")
		_expect_changed(w, before, stats, "depth %d" % depth)
	w.free()
	return ok()


func test_level_slider_regenerates_at_that_level() -> bool:
	var w := _inspector()
	var slider: Slider = _ui(w, "LevelSlider")
	expect_eq([slider.min_value, slider.max_value], [1.0, 4.0], "level range 1-4")
	for level in [4, 1, 3]:
		var before := w.layout
		var stats := _layout_stats(w)
		slider.value = level
		expect_eq(w.layout.outpost_level, level, "layout level")
		expect_eq((_ui(w, "LevelValue") as Label).text, str(level), "level shown")
		_expect_changed(w, before, stats, "level %d" % level)
	w.free()
	return ok()


func test_type_dropdown_regenerates_with_that_storey_type() -> bool:
	var w := _inspector()
	var option: OptionButton = _ui(w, "TypeOption")
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	expect_eq(option.item_count, names.size(), "one item per StoreyType")
	for storey_type in [2, 1, 0]:
		var before := w.layout
		var stats := _layout_stats(w)
		var index := option.get_item_index(storey_type)
		expect_eq(option.get_item_text(index), names[storey_type], "item name")
		option.select(index)
		option.item_selected.emit(index)
		expect_eq(w.layout.storey_type, storey_type, "layout type")
		_expect_changed(w, before, stats, "type %d" % storey_type)
	w.free()
	return ok()


func test_forced_staircase_field_puts_the_staircase_there() -> bool:
	var w := _inspector()
	var edit: LineEdit = _ui(w, "StaircaseEdit")
	for cell: Vector2i in [Vector2i(5, 4), Vector2i(1, 1), Vector2i(w.layout.width - 2, 6)]:
		var before := w.layout
		var stats := _layout_stats(w)
		_type_into(edit, "%d, %d" % [cell.x, cell.y])
		expect_eq(w.layout.staircase_cell, cell, "staircase")
		expect_eq(w.layout.get_cell(cell), StoreyLayout.CellType.STAIRCASE, "STAIRCASE cell")
		expect_eq(w.forced_staircase, cell, "forced_staircase follows")
		_expect_changed(w, before, stats, "forced %s" % cell)
	_type_into(edit, "(3 2)")
	expect_eq(w.layout.staircase_cell, Vector2i(3, 2), "'(3 2)' is read too")
	_type_into(edit, "")
	expect_eq(w.forced_staircase, Vector2i(-1, -1), "empty: the generator chooses")
	expect(w.layout.is_equal_to(StoreyGenerator.generate(1, 3, 2)), "the unforced storey")
	w.free()
	return ok()


func test_bad_forced_staircase_is_refused_in_the_panel_without_logging() -> bool:
	var w := _inspector()
	var edit: LineEdit = _ui(w, "StaircaseEdit")
	var refusal: Label = _ui(w, "Refusal")
	var width := w.layout.width
	var height := w.layout.height
	var bad := {
		"%d, 3" % width: "outside",
		"-1, 2": "outside",
		"4, %d" % (height + 5): "outside",
		"0, 3": "outer ring",
		"%d, 3" % (width - 1): "outer ring",
		"5, 0": "outer ring",
		"5, %d" % (height - 1): "outer ring",
		"a, b": "two integers",
		"5": "two integers",
		"5,": "two integers",
		"1.5, 2": "two integers",
		"99999999999999999999, 1": "two integers",
	}
	for text: String in bad:
		var before := w.layout
		var stats := w.get_stats()
		_type_into(edit, text)
		expect(w.get_refusal().contains(bad[text]), "%s: got %s" % [text, w.get_refusal()])
		expect(refusal.visible and refusal.text == w.get_refusal(), text + ": shown in the panel")
		expect(w.layout == before, text + ": layout not replaced")
		expect_eq(w.get_stats(), stats, text + ": stats kept")
	_type_into(edit, "6, 5")
	expect_eq(w.layout.staircase_cell, Vector2i(6, 5), "a good cell is taken again")
	expect(not refusal.visible, "refusal cleared")
	# A cell that was fine becomes bad when the grid shrinks: refused, not logged.
	w.configure(1, 6, 4, StoreyLayout.StoreyType.UNDERGROUND, Vector2i(24, 17))
	var big := w.layout
	expect_eq(big.staircase_cell, Vector2i(24, 17), "forced on the big grid")
	(_ui(w, "DepthSlider") as Slider).value = 1
	expect(w.get_refusal().contains("outside"), "shrunk grid: " + w.get_refusal())
	expect(w.layout == big, "shrunk grid: layout kept")
	w.free()
	return ok()


func test_copy_ascii_text_is_the_plain_grid() -> bool:
	var w := _inspector()
	for s in [1, 2, 3]:
		w.seed_value = s
		expect_eq(w.get_ascii_text(), w.layout.to_ascii(), "seed %d" % s)
	# Headless has no clipboard: the button says so in the panel and logs nothing.
	(_ui(w, "CopyAsciiButton") as Button).pressed.emit()
	var message: Label = _ui(w, "Message")
	if DisplayServer.has_feature(DisplayServer.FEATURE_CLIPBOARD):
		expect_eq(DisplayServer.clipboard_get(), w.layout.to_ascii(), "clipboard")
	else:
		expect(message.visible and message.text.contains("clipboard"), message.text)
	w.free()
	return ok()


## A saver of the tests (its settings file emptied) writing into [param folder].
func _saver(folder: String) -> LayoutSaver:
	DirAccess.remove_absolute(SAVER_SETTINGS)
	var saver := LayoutSaver.new(SAVER_SETTINGS)
	expect_eq(saver.set_folder(folder), "", "the folder %s is taken" % folder)
	return saver


func _remove_tree(folder: String) -> void:
	for file in DirAccess.get_files_at(folder):
		DirAccess.remove_absolute(folder.path_join(file))
	DirAccess.remove_absolute(folder)


func test_save_tres_writes_a_layout_that_loads_back_equal() -> bool:
	var w := _inspector()
	w.saver = _saver("user://inspector_layouts")
	w.configure(-77, 5, 3, StoreyLayout.StoreyType.UNDERGROUND, Vector2i(6, 6))
	var path := w.save_tres()
	expect(
		path.begins_with("user://inspector_layouts/") and path.ends_with(".tres"), "path " + path
	)
	var message: Label = _ui(w, "Message")
	expect(message.visible and message.text.contains(path), "path shown: " + message.text)
	var folder := ProjectSettings.globalize_path("user://inspector_layouts/")
	expect(message.text.contains(folder), "where the folder is (%s): %s" % [folder, message.text])
	var on_disk := ProjectSettings.globalize_path(path)
	expect_eq(message.tooltip_text, on_disk, "the file on disk, on hover")
	expect(FileAccess.file_exists(on_disk), "the file is there: " + on_disk)
	var loaded: StoreyLayout = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	expect(loaded != null and loaded.is_equal_to(w.layout), "loads back equal")
	expect(loaded != null and loaded.staircase_cell == Vector2i(6, 6), "forced staircase kept")
	expect_eq(DirAccess.remove_absolute(path), OK, "removed " + path)
	# The button does the same.
	(_ui(w, "SaveButton") as Button).pressed.emit()
	expect(FileAccess.file_exists(path), "the button saved " + path)
	_remove_tree("user://inspector_layouts")
	w.free()
	return ok()


func test_save_into_a_project_folder_makes_it_and_tells_the_editor() -> bool:
	var folder := "res://test_saved_layouts"
	var w := _inspector()
	w.saver = _saver(folder)
	var told: Array[String] = []
	w.saver.announcer = func(path: String) -> void: told.append(path)
	var path := w.save_tres()
	expect(path.begins_with(folder + "/"), "saved in the project: " + path)
	expect(FileAccess.file_exists(path), "the file is there")
	expect_eq(told, [path] as Array[String], "the editor is told about it")
	var message: Label = _ui(w, "Message")
	expect(message.text.contains("FileSystem"), "says where to see it: " + message.text)
	_remove_tree(folder)
	w.saver.set_folder("user://inspector_layouts")
	w.save_tres()
	expect_eq(told.size(), 1, "a save to user:// is not announced")
	_remove_tree("user://inspector_layouts")
	w.free()
	return ok()


func test_the_chosen_folder_is_remembered_beside_the_other_settings() -> bool:
	DirAccess.remove_absolute(SAVER_SETTINGS)
	var file := ConfigFile.new()
	file.set_value("audio", "Master", 0.25)
	file.save(SAVER_SETTINGS)
	var saver := LayoutSaver.new(SAVER_SETTINGS)
	expect_eq(saver.get_folder(), LayoutSaver.default_folder(), "the default at first")
	expect_eq(LayoutSaver.default_folder(), LayoutSaver.PROJECT_FOLDER, "the project's, here")
	expect_eq(saver.set_folder("res://levels/storeys"), "", "taken")
	expect_eq(LayoutSaver.new(SAVER_SETTINGS).get_folder(), "res://levels/storeys/", "remembered")
	file.load(SAVER_SETTINGS)
	expect_eq(file.get_value("audio", "Master", -1.0), 0.25, "the volumes are kept")
	DirAccess.remove_absolute(SAVER_SETTINGS)
	return ok()


func test_a_folder_outside_the_project_and_the_user_folder_is_refused() -> bool:
	var saver := _saver("user://inspector_layouts")
	for bad in ["/tmp/layouts", "C:/layouts", "layouts", ""]:
		var problem := saver.set_folder(bad)
		expect(problem.contains("res://") and problem.contains("'%s'" % bad), problem)
	expect_eq(saver.get_folder(), "user://inspector_layouts/", "the folder is kept")
	DirAccess.remove_absolute(SAVER_SETTINGS)
	return ok()


func test_the_folder_button_opens_a_folder_dialog_and_save_follows_the_choice() -> bool:
	var w := _inspector()
	w.saver = _saver("res://layouts")
	await process_frames(2)  # the panel is laid out
	click((_ui(w, "FolderButton") as Button).get_global_rect().get_center())
	var dialog: FileDialog = w.get_node_or_null("FolderDialog")
	if not expect(dialog != null and dialog.visible, "a dialog opened"):
		w.free()
		return ok()
	expect_eq(dialog.file_mode, FileDialog.FILE_MODE_OPEN_DIR, "it picks a folder")
	expect_eq(dialog.access, FileDialog.ACCESS_RESOURCES, "in the project")
	dialog.dir_selected.emit("res://test_chosen_layouts")
	expect_eq(w.saver.get_folder(), "res://test_chosen_layouts/", "the choice is taken")
	var save_button: Button = _ui(w, "SaveButton")
	expect(
		save_button.tooltip_text.contains("res://test_chosen_layouts/"), save_button.tooltip_text
	)
	dialog.hide()
	w.free()
	DirAccess.remove_absolute(SAVER_SETTINGS)
	return ok()


func test_summary_has_every_stat_and_the_picture_with_paths() -> bool:
	var w := _inspector()
	w.configure(9, 4, 3, StoreyLayout.StoreyType.UPPER_FLOOR)
	var summary := w.get_summary()
	var want := _stats_of(w.layout)
	var lines := summary.split("\n")
	expect_eq(lines[0], "Storey: seed 9, UPPER_FLOOR, depth 4, level 3", "first line")
	for line in [
		"Size: %d x %d" % [want.width, want.height],
		"Rooms: %d" % want.rooms,
		"Entries: %d" % want.entries,
		"Beacons: %d" % want.beacons,
		"Open zones: %d" % want.open_zones,
		"Generation attempts: %d" % want.attempts,
	]:
		expect(lines.has(line), "summary has '%s'" % line)
	for prefix in ["Path lengths: ", "Out of bounds: ", "Generation: ", "Render: ", "Spawn: "]:
		expect(summary.contains("\n" + prefix), "summary has " + prefix)
	expect(summary.contains(w.layout.to_ascii_with_paths()), "the picture with paths")
	expect(summary.contains(SeedInspector.ASCII_LEGEND), "the legend")
	w.free()
	return ok()


func test_objects_are_shown_and_entry_points_spawn_no_drones() -> bool:
	var w := _inspector()
	var spawner: StoreyObjectSpawner = w.get_node("Spawner")
	# An entry scene whose script has spawning_enabled, on by default.
	var script := GDScript.new()
	script.source_code = "extends Node3D\nvar spawning_enabled := true\n"
	script.reload()
	var entry := Node3D.new()
	entry.set_script(script)
	var scene := PackedScene.new()
	scene.pack(entry)
	entry.free()
	spawner.entry_scene = scene
	for depth in [1, 4, 6]:
		w.storey_depth = depth
		var l := w.layout
		var spawned := spawner.get_spawned()
		var special := l.entry_cells.size() + l.beacon_cells.size() + l.shaft_cells.size() + 1
		expect_eq(spawned.size(), special, "one object per special cell")
		var entries := 0
		for node in spawned:
			if node.get_script() == script:
				entries += 1
				expect_eq(node.get("spawning_enabled"), false, "spawning off at %s" % node.name)
		expect_eq(entries, l.entry_cells.size(), "entry objects")
	w.free()
	return ok()


func test_stats_rows_are_updated_in_place() -> bool:
	var w := _inspector()
	var grid: GridContainer = _ui(w, "Stats")
	var labels := grid.get_children()
	expect_eq(labels.size(), SeedInspectorPanel.STAT_ROWS.size() * 2, "a name and a value per stat")
	for s in 5:
		w.seed_value = 100 + s
	expect_eq(grid.get_children(), labels, "the same label nodes")
	_expect_stats_agree(w, "after 5 seeds")
	w.free()
	return ok()


func test_legend_shows_the_renderer_theme_colours() -> bool:
	var w := _inspector()
	var renderer: StoreyRenderer = w.get_node("Renderer")
	var legend: GridContainer = _ui(w, "Legend")
	var option: OptionButton = _ui(w, "ThemeOption")
	for theme_index in w.themes.size():
		option.select(theme_index)
		option.item_selected.emit(theme_index)
		var definitions := renderer.cell_definitions
		expect_eq(definitions, w.themes[theme_index], "theme %d applied" % theme_index)
		var swatches: Dictionary[String, Color] = {}
		var children := legend.get_children()
		for i in range(0, children.size(), 2):
			swatches[(children[i + 1] as Label).text] = (children[i] as ColorRect).color
		expect_eq(
			swatches.size(),
			CellDefinitions.TYPES.size() + 1,
			"one swatch per drawn type and one for OUT_OF_BOUNDS"
		)
		var background := (w.get_node("Environment") as WorldEnvironment).environment
		expect_eq(
			swatches.get("OUT_OF_BOUNDS"),
			background.background_color,
			"OUT_OF_BOUNDS shows the background it leaves visible"
		)
		for cell_type in CellDefinitions.TYPES:
			var name := CellDefinitions.type_name(cell_type)
			expect_eq(swatches.get(name), definitions.get_definition(cell_type).color, name)
	expect_eq(w.themes[0], RUSTY, "the rusty theme comes first")
	expect_eq(
		w.themes.back().get_display_name(), "Reference colours", "the reference colours are offered"
	)
	var walls := renderer.layout.get_cells_of_type(StoreyLayout.CellType.WALL).size()
	expect_eq(
		renderer.get_visual(StoreyLayout.CellType.WALL).multimesh.instance_count,
		walls,
		"the last theme change redrew the walls per cell"
	)
	w.free()
	return ok()


func test_camera_fits_the_grid_and_orbits_and_zooms_behind_the_ui() -> bool:
	var w := _inspector()
	var camera: OrbitCamera = w.get_node("Camera")
	var view := camera.get_viewport().get_visible_rect()
	var panel: Control = _panel(w)
	for depth in [1, 6]:
		w.configure(3, depth, 4, StoreyLayout.StoreyType.UNDERGROUND)
		var l := w.layout
		expect(camera.target.is_equal_approx(Vector3(l.width, 2.0, l.height) * 0.5), "target")
		_expect_box_in_view(camera, l, panel, "depth %d" % depth)
	# Drag over the 3D view orbits; the wheel zooms; over the panel the UI takes them.
	var before := camera.global_transform
	var drag := InputEventMouseMotion.new()
	var over_view := Vector2(view.size.x * 0.75, view.size.y * 0.5)
	var over_panel := Vector2(panel.size.x * 0.5, view.size.y * 0.5)
	drag.position = over_view
	drag.relative = Vector2(40, 10)
	drag.button_mask = MOUSE_BUTTON_MASK_LEFT
	tree.root.push_input(drag, true)
	expect(not camera.global_transform.is_equal_approx(before), "drag orbits")
	_expect_box_in_view(camera, w.layout, panel, "after orbiting")
	var orbited := camera.global_transform
	drag.position = over_panel
	tree.root.push_input(drag, true)
	expect(camera.global_transform.is_equal_approx(orbited), "a drag over the panel does not")
	var distance := camera.global_position.distance_to(camera.target)
	expect(is_equal_approx(distance, camera.get_distance()), "orbits around the target")
	var wheel := InputEventMouseButton.new()
	wheel.button_index = MOUSE_BUTTON_WHEEL_UP
	wheel.pressed = true
	wheel.position = over_view
	tree.root.push_input(wheel, true)
	var zoomed := camera.global_position.distance_to(camera.target)
	expect(zoomed < distance, "wheel up zooms in: %f -> %f" % [distance, zoomed])
	wheel.position = over_panel
	tree.root.push_input(wheel, true)
	expect(
		is_equal_approx(camera.global_position.distance_to(camera.target), zoomed),
		"the wheel over the panel does not zoom"
	)
	w.free()
	return ok()


func test_escape_returns_to_the_menu() -> bool:
	var w := _inspector()
	var opened: Array[String] = []
	w.scene_changer = func(path: String) -> void: opened.append(path)
	var esc := InputEventKey.new()
	esc.physical_keycode = KEY_ESCAPE
	esc.pressed = true
	tree.root.push_input(esc, true)
	expect_eq(opened, [SeedInspector.MENU_SCENE] as Array[String], "Esc opens the menu")
	expect(ResourceLoader.exists(SeedInspector.MENU_SCENE), "the menu scene exists")
	w.free()
	return ok()


func test_inspector_scene_runs_300_frames_without_errors_or_warnings() -> bool:
	var w: SeedInspector = add(INSPECTOR.instantiate())
	await process_frames(300)
	expect(w.layout != null, "a storey is shown")
	expect(w.get_refusal().is_empty(), "nothing refused: " + w.get_refusal())
	w.free()
	return ok()


func test_no_leaks_after_many_regenerations() -> bool:
	var w := _inspector()
	for s in 10:
		w.configure(s, 1 + s % 6, 1 + s % 4, (s % 3) as StoreyLayout.StoreyType)
	# Measured at the same coroutine depth as the final count, after two awaits (see
	# test_renderer.gd): spawned objects are freed at the end of a frame.
	await process_frames(2)
	await process_frames(2)
	var baseline := object_counts()
	for s in 120:
		w.configure(s, 1 + s % 6, 1 + s % 4, (s % 3) as StoreyLayout.StoreyType)
	# Back to the storey of the baseline (its object count depends on the storey).
	w.configure(9, 1 + 9 % 6, 1 + 9 % 4, (9 % 3) as StoreyLayout.StoreyType)
	await process_frames(2)
	expect_eq(object_counts(), baseline, "object counts after 120 regenerations")
	w.free()
	return ok()
