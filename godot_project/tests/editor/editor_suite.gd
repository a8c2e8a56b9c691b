# gdlint:ignore = max-public-methods
# (A suite: one public method per test.)
@tool
extends "res://tests/editor/editor_suite_base.gd"
## The editor's tests, run inside a headless editor by editor_test_plugin.gd
## (scripts/editor_tests.sh): the Outpost dock loads; Generate, Bake storey, Bake building
## and Re-bake are each one step of the edited scene's history, whose undo leaves the
## scene exactly as before (its serialisation) and whose redo brings the same nodes back;
## the Inspector panel of a StoreyLayout and its "Open in dock"; the FileSystem thumbnail;
## the settings slot (a change is one step of the editor's history, generation and bakes
## follow it, out-of-range settings are named and make nothing) and the survey (off the
## main thread while the editor's frames go on, its table and heat maps, Cancel).
## Each test opens a scene of its own, at a fresh path (the editor does not reload a scene
## it has open).

const Inspector := preload("res://addons/outpost_storeys/editor/StoreyLayoutInspector.gd")
const Thumbnail := preload("res://addons/outpost_storeys/editor/StoreyLayoutThumbnail.gd")
const SurveyHeatMap := preload("res://addons/outpost_storeys/editor/SurveyHeatMap.gd")
const DockSurveyScript := preload("res://addons/outpost_storeys/editor/DockSurvey.gd")
const EditorFramingScript := preload("res://addons/outpost_storeys/editor/EditorFraming.gd")
const SavedFileListenerScript := preload("res://addons/outpost_storeys/editor/SavedFileListener.gd")
## Where the tests' scenes are written (in the copy of the project).
const SCENES_DIR := "res://editor_test_scenes/"

var _scene_count := 0


## Writes an empty scene (a Node3D root, "Level") at a fresh path, opens it in the editor
## and returns its root.
func _new_scene() -> Node:
	DirAccess.make_dir_recursive_absolute(SCENES_DIR)
	_scene_count += 1
	var path := "%sscene_%d_%d.tscn" % [SCENES_DIR, Time.get_ticks_msec(), _scene_count]
	var level := Node3D.new()
	level.name = "Level"
	var packed := PackedScene.new()
	packed.pack(level)
	level.free()
	ResourceSaver.save(packed, path)
	EditorInterface.open_scene_from_path(path)
	await process_frames(3)
	var root := EditorInterface.get_edited_scene_root()
	expect(root != null and root.scene_file_path == path, "the scene %s is open" % path)
	return root


## The edited scene as text: what saving it would write, without the header line (whose
## uid differs from save to save).
func _snapshot(root: Node) -> String:
	var packed := PackedScene.new()
	if packed.pack(root) != OK:
		return "(cannot pack)"
	var path := "user://editor_snapshot.tscn"
	ResourceSaver.save(packed, path)
	var text := FileAccess.get_file_as_string(path)
	return text.substr(text.find("\n") + 1)


## Fails unless two snapshots are the same text, naming the first line that differs.
func _expect_same_scene(got: String, want: String, what: String) -> void:
	if got == want:
		return
	var got_lines := got.split("\n")
	var want_lines := want.split("\n")
	for i in maxi(got_lines.size(), want_lines.size()):
		var a := got_lines[i] if i < got_lines.size() else "(end)"
		var b := want_lines[i] if i < want_lines.size() else "(end)"
		if a != b:
			expect(false, "%s: line %d is %s, want %s" % [what, i + 2, a, b])
			return


## The history of the edited scene of [param root].
func _history(root: Node) -> UndoRedo:
	var manager := EditorInterface.get_editor_undo_redo()
	return manager.get_history_undo_redo(manager.get_object_history_id(root))


## Fails unless [param action] (a Callable of the dock returning the node it added) is one
## step of the scene's history whose undo leaves the scene's serialisation exactly as
## before and whose redo brings back the same node (and the action's serialisation).
## Returns the node.
func _expect_one_undo_step(root: Node, action: Callable, what: String) -> Node:
	var steps := _history(root)
	var before := _snapshot(root)
	var count := steps.get_history_count()
	var node: Node = action.call()
	if not expect(node != null, what + ": the action added a node"):
		return null
	expect_eq(steps.get_history_count(), count + 1, what + ": one step in the history")
	expect(node.get_parent() == root and node.owner == root, what + ": under the root, owned")
	var after := _snapshot(root)
	expect(after != before, what + ": the scene changed")
	expect(after.contains('name="%s"' % node.name), what + ": the node is saved with the scene")
	steps.undo()
	expect(not node.is_inside_tree(), what + ": undo takes the node out")
	_expect_same_scene(_snapshot(root), before, what + ": undo restores the scene exactly")
	steps.redo()
	expect(node.is_inside_tree() and node.get_parent() == root, what + ": redo, the same node")
	_expect_same_scene(_snapshot(root), after, what + ": redo restores the action's scene exactly")
	return node


func test_the_dock_loads_with_its_sections_and_a_storey() -> bool:
	var d := _dock()
	if not expect(d != null and d.is_inside_tree(), "the Outpost dock is in the editor"):
		return ok()
	for section in [
		"Storey", "Building", "Settings", "Look", "Preview", "Statistics", "Scene", "Survey"
	]:
		expect(d.find_child(section, true, false) != null, "section " + section)
	d.choice.assign({&"seed_value": 7, &"storey_depth": 2, &"outpost_level": 3})
	var want := StoreyGenerator.generate(7, 2, 3)
	expect(d.layout != null and d.layout.is_equal_to(want), "the dock shows the chosen storey")
	var stats: Dictionary = d.get_stats()
	expect_eq(stats.get("size"), "%d x %d" % [want.width, want.height], "size")
	expect_eq(stats.get("rooms"), want.rooms.size(), "rooms")
	expect_eq(stats.get("entries"), want.entry_cells.size(), "entries")
	expect_eq(stats.get("beacons"), want.beacon_cells.size(), "beacons")
	expect_eq(stats.get("open_zones"), want.open_zone_count, "open zones")
	expect(stats.get("generation_usec", -1) >= 0, "generation µs")
	var picture: TextureRect = d.find_child("Picture", true, false)
	expect(picture != null and picture.texture != null, "the preview shows a picture of the storey")
	return ok()


func test_a_forced_staircase_off_the_grid_is_explained_and_nothing_is_baked() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"forced_staircase": Vector2i(0, 0), &"storey_depth": 1})
	expect(d.layout == null, "no storey")
	var count := _history(root).get_history_count()
	expect(d.bake_storey() == null, "nothing baked")
	expect(d.get_status().contains("outer ring"), "the status says why: %s" % d.get_status())
	expect_eq(_history(root).get_history_count(), count, "no step in the history")
	d.choice.assign({&"forced_staircase": Vector2i(-1, -1)})
	return ok()


func test_generate_is_one_undo_step() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 11, &"storey_depth": 3, &"outpost_level": 2})
	var draft := _expect_one_undo_step(root, d.generate, "generate")
	expect(draft is StoreyDraft, "Generate adds a StoreyDraft")
	if draft is StoreyDraft:
		expect(
			draft.layout != null and draft.layout.is_equal_to(StoreyGenerator.generate(11, 3, 2)),
			"the draft shows the chosen storey"
		)
	return ok()


func test_generate_frames_the_storey_in_the_3d_view_and_lights_it() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 21, &"storey_depth": 2, &"outpost_level": 3})
	var draft: StoreyDraft = d.generate()
	await process_frames(30)  # the view's camera eases to its new place
	var camera := EditorInterface.get_editor_viewport_3d(0).get_camera_3d()
	var bounds := EditorFramingScript.storey_bounds(draft)
	expect(bounds.size.x >= draft.layout.width - 1, "the bounds hold the storey: %s" % bounds)
	for i in 8:
		var corner := bounds.get_endpoint(i)
		expect(camera.is_position_in_frustum(corner), "corner %s is in view" % corner)
	var seen := camera.unproject_position(bounds.get_center())
	var view_size := EditorInterface.get_editor_viewport_3d(0).size
	var off := (seen - Vector2(view_size) * 0.5).abs() / Vector2(view_size)
	expect(off.x < 0.1 and off.y < 0.1, "the middle is near the view's middle: %s" % off)
	var distance := camera.global_position.distance_to(bounds.get_center())
	expect(
		distance < bounds.get_longest_axis_size() * 2.0,
		"close enough to see it: %.1f m for %.1f m" % [distance, bounds.get_longest_axis_size()]
	)
	expect_eq(EditorInterface.get_selection().get_selected_nodes(), [draft], "the draft selected")
	var sun := draft.get_editor_light()
	expect(sun != null and sun.get_parent() == draft, "the draft lights itself in the editor")
	expect(not _snapshot(root).contains("DirectionalLight3D"), "its light is not saved")
	draft.light_in_editor = false
	expect(draft.get_editor_light() == null, "and turns it off")
	return ok()


func test_a_layout_a_running_game_saves_into_the_project_shows_in_the_filesystem() -> bool:
	var folder := "res://editor_test_layouts/"
	DirAccess.make_dir_recursive_absolute(folder)
	var path := folder + "saved_by_the_game.tres"
	ResourceSaver.save(StoreyGenerator.generate(5, 2, 1), path)
	var filesystem := EditorInterface.get_resource_filesystem()
	expect(filesystem.get_filesystem_path(folder) == null, "the editor does not know it yet")
	var listener := SavedFileListenerScript.new()
	expect(listener._has_capture("outpost"), "it hears the game's messages")
	expect(not listener._capture("outpost:file_saved", ["/tmp/elsewhere.tres"], 0), "not outside")
	expect(listener._capture("outpost:file_saved", [path], 0), "the message is taken")
	for i in 600:
		await tree.process_frame
		if not filesystem.is_scanning() and filesystem.get_filesystem_path(folder) != null:
			break
	expect(filesystem.get_filesystem_path(folder) != null, "the FileSystem has the folder")
	expect_eq(filesystem.get_file_type(path), "StoreyLayout", "and the layout")
	return ok()


func test_bake_storey_is_one_undo_step() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 12, &"storey_depth": 2, &"outpost_level": 1})
	var baked := _expect_one_undo_step(root, d.bake_storey, "bake storey")
	if baked != null:
		_expect_owned_by(baked, root, "bake storey")
		expect(baked.has_meta(StoreyBaker.META_BAKE), "the bake keeps its parameters")
	return ok()


func test_bake_building_is_one_undo_step() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 13, &"outpost_level": 2, &"storeys": 3, &"underground": true})
	var baked := _expect_one_undo_step(root, d.bake_building, "bake building")
	if baked != null:
		expect_eq(baked.get_child_count(), 4, "3 storeys and the underground")
		_expect_owned_by(baked, root, "bake building, redone")
	return ok()


func test_rebake_is_one_undo_step_and_undo_brings_the_old_bake_back() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 14, &"outpost_level": 1, &"storeys": 2, &"underground": false})
	var old: Node3D = d.bake_building()
	old.position = Vector3(5.0, 0.0, -3.0)
	var fresh := _expect_one_undo_step_replacing(root, old, "re-bake")
	if fresh != null:
		expect_eq(fresh.name, old.name, "the same name")
		expect_eq((fresh as Node3D).position, Vector3(5.0, 0.0, -3.0), "the same place")
		_expect_owned_by(fresh, root, "re-bake, redone")
	return ok()


func test_rebake_of_a_node_in_a_bake_rebakes_the_whole_bake() -> bool:
	var d := _dock()
	await _new_scene()
	d.choice.assign({&"seed_value": 15, &"storeys": 1, &"underground": true})
	var building: Node = d.bake_building()
	var wall_box := building.get_node("Storey1/Walls/Box0")
	var fresh: Node = d.rebake(wall_box)
	expect(fresh != null and fresh != building, "a new building")
	expect(not building.is_inside_tree(), "the old one left the scene")
	return ok()


func test_rebake_without_a_bake_selected_does_nothing_and_says_why() -> bool:
	var d := _dock()
	var root := await _new_scene()
	EditorInterface.get_selection().clear()
	var count := _history(root).get_history_count()
	expect(d.rebake() == null, "nothing re-baked")
	expect(d.get_status().begins_with("Select a baked"), "the status says why")
	expect_eq(_history(root).get_history_count(), count, "no step in the history")
	return ok()


func test_the_buttons_run_the_actions() -> bool:
	var d := _dock()
	var root := await _new_scene()
	var count := _history(root).get_history_count()
	for button_name in ["Generate", "Bake storey", "Bake building"]:
		var button := _button(d, button_name)
		if expect(button != null, "a %s button" % button_name):
			button.pressed.emit()
	expect_eq(_history(root).get_history_count(), count + 3, "three steps")
	expect_eq(root.get_child_count(), 3, "three nodes")
	var rebake := _button(d, "Re-bake")
	if expect(rebake != null, "a Re-bake button"):
		EditorInterface.get_selection().clear()
		EditorInterface.get_selection().add_node(root.get_child(2))
		rebake.pressed.emit()
		expect_eq(_history(root).get_history_count(), count + 4, "re-bake: a fourth step")
	return ok()


func test_the_random_button_sets_a_new_seed() -> bool:
	var d := _dock()
	var seeds := {}
	for i in 4:
		_button(d, "Random").pressed.emit()
		seeds[d.choice.seed_value] = true
	expect(seeds.size() >= 3, "Random gives new seeds: %s" % [seeds.keys()])
	expect_eq(d.layout.seed_value, d.choice.seed_value, "the preview follows")
	return ok()


func test_the_inspector_shows_a_layout_and_opens_it_in_the_dock() -> bool:
	var d := _dock()
	var layout := StoreyGenerator.generate(
		4242, 4, 3, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
	var inspector := Inspector.new()
	inspector.open_in_dock = d.open_layout
	expect(inspector._can_handle(layout), "it handles a StoreyLayout")
	var node := Node3D.new()
	expect(not inspector._can_handle(node), "not a node")
	node.free()
	var panel := inspector.make_panel(layout)
	var summary: Label = panel.get_node("Summary")
	expect(
		summary.text.begins_with("Seed 4242, UNDERGROUND, depth 4, level 3"),
		"summary: " + summary.text
	)
	expect((panel.get_node("Picture") as TextureRect).texture != null, "a picture")
	(panel.get_node("OpenInDock") as Button).pressed.emit()
	expect(d.layout != null and d.layout.is_equal_to(layout), "the dock shows the layout")
	panel.free()
	return ok()


func test_the_thumbnail_has_the_reference_colours_at_every_cell() -> bool:
	var thumbnail := Thumbnail.new()
	expect(thumbnail._handles("StoreyLayout"), "it handles StoreyLayout")
	expect(not thumbnail._handles("Texture2D"), "not textures")
	var layout := StoreyGenerator.generate(99, 2, 2)
	var size := Vector2i(128, 128)
	var texture: Texture2D = thumbnail._generate(layout, size, {})
	if not expect(texture != null, "a thumbnail"):
		return ok()
	var image := texture.get_image()
	expect_eq(image.get_size(), size, "the asked size")
	var wrong := 0
	var seen := {}
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			var want := StoreyPicture.colour_at(layout, cell)
			var got := image.get_pixelv(StoreyPicture.pixel_of(layout, size, cell))
			seen[want] = true
			if not got.is_equal_approx(want):
				wrong += 1
	expect_eq(wrong, 0, "cells of another colour")
	expect(seen.size() >= 6, "the layout shows most colours (%d)" % seen.size())
	expect_eq(image.get_pixel(0, 0).a, 0.0, "a transparent margin")
	return ok()


func test_a_change_of_settings_is_one_undo_step_of_the_editor() -> bool:
	var d := _dock()
	d.choice.assign(_ground_floor(21, 2, 1))
	var steps := _global_history()
	var count := steps.get_history_count()
	var settings := _bigger_rooms()
	var picker: EditorResourcePicker = d.find_child("SettingsPicker", true, false)
	expect(picker != null and picker.base_type == "StoreyGenerationSettings", "the slot's type")
	picker.resource_changed.emit(settings)
	expect_eq(steps.get_history_count(), count + 1, "one step in the editor's history")
	expect(d.choice.settings == settings and picker.edited_resource == settings, "in the slot")
	var with := StoreyGenerator.generate_with(settings, 21, 2, 1)
	expect(d.layout != null and d.layout.is_equal_to(with), "the preview follows")
	await _press_ctrl_z()
	expect(d.choice.settings == null and picker.edited_resource == null, "Ctrl+Z: the old slot")
	expect(d.layout.is_equal_to(StoreyGenerator.generate(21, 2, 1)), "Ctrl+Z: the old storey")
	await _press_ctrl_z(true)
	expect(d.choice.settings == settings and picker.edited_resource == settings, "redo")
	expect(d.layout.is_equal_to(with), "redo: the settings' storey")
	var edit := EditorInterface.get_editor_undo_redo()
	edit.create_action("Set min_partition", UndoRedo.MERGE_DISABLE, settings)
	edit.add_do_property(settings, &"min_partition", 5)
	edit.add_undo_property(settings, &"min_partition", 4)
	edit.commit_action()
	var five := StoreyGenerator.generate_with(settings, 21, 2, 1)
	expect(d.layout.is_equal_to(five), "an Inspector edit of the settings shows at once")
	await _press_ctrl_z()
	expect_eq(settings.min_partition, 4, "Ctrl+Z undoes the edit")
	expect(d.layout.is_equal_to(with), "and the dock shows it")
	d.set_settings(null)
	return ok()


func test_generate_and_bakes_with_settings_are_generate_with_of_them() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign(_ground_floor(22, 3, 2))
	d.set_settings(_bigger_rooms())
	var want := StoreyGenerator.generate_with(_bigger_rooms(), 22, 3, 2)
	expect(d.layout != null and d.layout.is_equal_to(want), "the dock's storey")
	expect(not d.layout.is_equal_to(StoreyGenerator.generate(22, 3, 2)), "not the defaults'")
	var draft := _expect_one_undo_step(root, d.generate, "generate with settings")
	if draft is StoreyDraft:
		expect(draft.layout != null and draft.layout.is_equal_to(want), "the draft's storey")
	var baked := _expect_one_undo_step(root, d.bake_storey, "bake storey with settings")
	if baked != null:
		var bake: Dictionary = baked.get_meta(StoreyBaker.META_BAKE)
		expect_eq(bake.get("settings"), {"min_partition": 4}, "the storey keeps its settings")
		var again := StoreyBaker.rebake(baked)
		expect(again != null and again.get_meta(StoreyBaker.META_BAKE) == bake, "re-bakes")
		if again != null:
			again.free()
	d.set_settings(null)
	return ok()


func test_ctrl_z_after_a_building_bake_with_settings_leaves_the_scene_as_before() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.choice.assign({&"seed_value": 23, &"outpost_level": 2, &"storeys": 2, &"underground": true})
	d.set_settings(_bigger_rooms())
	var baked := _expect_one_undo_step(root, d.bake_building, "bake building with settings")
	if baked != null:
		var layouts := StoreyGenerator.generate_building_with(_bigger_rooms(), 23, 2, 2, true)
		for i in layouts.size():
			var meta: Dictionary = baked.get_node("Storey%d" % i).get_meta(StoreyBaker.META_LAYOUT)
			expect_eq(meta["staircase_cell"], layouts[i].staircase_cell, "storey %d" % i)
		expect_eq(
			baked.get_meta(StoreyBaker.META_BAKE).get("settings"), {"min_partition": 4}, "kept"
		)
	d.set_settings(null)
	return ok()


func test_settings_out_of_range_are_named_in_the_status_and_make_nothing() -> bool:
	var d := _dock()
	var root := await _new_scene()
	var bad := StoreyGenerationSettings.new()
	bad.min_partition = 99
	d.set_settings(bad)
	var says := "min_partition = 99 is outside its range 2..="
	expect(d.layout == null, "no storey")
	expect(d.get_status().contains(says), "the status names it: %s" % d.get_status())
	var count := _history(root).get_history_count()
	expect(d.bake_building() == null, "no building")
	expect(d.bake_storey() == null, "no storey baked")
	expect(d.generate() == null, "no draft")
	expect(d.get_status().contains(says), "each refusal names it: %s" % d.get_status())
	expect_eq(_history(root).get_history_count(), count, "no step in the scene's history")
	expect(not d.start_survey(50), "no survey")
	expect(d.get_survey_status().contains(says), "the survey says why")
	_global_history().undo()
	expect(d.choice.settings == null and d.layout != null, "undo: the defaults again")
	return ok()


func test_every_setting_out_of_range_is_named() -> bool:
	var d := _dock()
	var bad := StoreyGenerationSettings.new()
	bad.min_partition = 99
	bad.room_shrink = 77
	d.set_settings(bad)
	for says in ["min_partition = 99 is outside", "room_shrink = 77 is outside"]:
		expect(d.get_status().contains(says), "the status names %s: %s" % [says, d.get_status()])
	_global_history().undo()
	return ok()


## Types `text` into `edit` as a person would: select all, then one key event per
## character, through the editor's viewport.
func _type_into(edit: LineEdit, text: String) -> void:
	edit.grab_focus()
	edit.select_all()
	for c in text:
		var event := InputEventKey.new()
		event.keycode = OS.find_keycode_from_string(c)
		event.unicode = c.unicode_at(0)
		event.pressed = true
		Input.parse_input_event(event)
		event = event.duplicate()
		event.pressed = false
		Input.parse_input_event(event)
	await process_frames(2)


func test_a_seed_the_dock_refuses_turns_off_what_would_use_it() -> bool:
	var d := _dock()
	var root := await _new_scene()
	d.make_visible()
	d.choice.set_field(&"seed_value", 7)
	await process_frames(2)
	var edit: LineEdit = d.find_child("SeedEdit", true, false)
	var before: int = d.choice.seed_value
	var count := _history(root).get_history_count()
	var cases := {"12abc": "whole number", "99999999999999999999999": "too large"}
	for typed: String in cases:
		await _type_into(edit, typed)
		expect_eq(edit.text, typed, "the field keeps what was typed")
		var problem: Label = d.find_child("Problem", true, false)
		expect(problem.visible and problem.text.contains(cases[typed]), "says: %s" % problem.text)
		for name in ["Generate", "Bake storey", "Bake building"]:
			expect(_button(d, name).disabled, "%s is off for '%s'" % [name, typed])
		expect(d.generate() == null, "generate() refuses too")
		expect_eq(d.choice.seed_value, before, "the choice keeps its seed")
	expect_eq(_history(root).get_history_count(), count, "nothing added to the scene")
	await _type_into(edit, "42")
	expect_eq(d.choice.seed_value, 42, "a good seed is taken")
	expect(not _button(d, "Generate").disabled, "Generate is on again")
	return ok()


func test_the_survey_runs_off_the_main_thread_and_shows_its_table_and_heat_maps() -> bool:
	var d := _dock()
	d.set_survey_filter(-1)
	await process_frames(5)  # the editor settles (a scene opened by the test before)
	var count := 2000
	var frames := Engine.get_process_frames()
	var progress: Dictionary = {}
	var started := Time.get_ticks_msec()
	expect(d.start_survey(count), "started")
	var bar: ProgressBar = d.find_child("SurveyProgress", true, false)
	while d.survey_run.is_running() and Time.get_ticks_msec() - started < 120000:
		await tree.process_frame
		progress[int(bar.value)] = true
	var ran_frames := Engine.get_process_frames() - frames
	expect(not d.survey_run.is_running(), "finished")
	expect(ran_frames >= 5, "the editor's frames went on while it ran (%d)" % ran_frames)
	expect(progress.size() >= 2, "the progress bar advanced: %s" % [progress.keys()])
	expect_eq(int(bar.value), count, "the bar reaches the end")
	expect(d.get_survey_status().begins_with("%d layouts" % count), d.get_survey_status())
	var report := StoreyGenerator.survey(null, count, 0)
	var type_names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	for type_name in type_names:
		var table: GridContainer = d.find_child("Table_" + type_name, true, false)
		if not expect(table != null, "a table for " + type_name):
			continue
		var metrics := StoreySurvey.get_metric_names()
		expect_eq(table.get_child_count(), 3 * (1 + metrics.size()), type_name + ": cells")
		var loops: Dictionary = report[type_name]["loops"]
		var row := 3 * (1 + metrics.find("loops"))
		var median: Label = table.get_child(row + 1)
		expect_eq(median.text, d.format_survey_value(loops["median"]), type_name + ": median")
		var middle: Label = table.get_child(row + 2)
		var want := (
			"%s–%s" % [d.format_survey_value(loops["p10"]), d.format_survey_value(loops["p90"])]
		)
		expect_eq(middle.text, want, type_name + ": p10–p90 of loops")
		for column in ["min", "max", "mean"]:
			var figure := "%s %s" % [column, d.format_survey_value(loops[column])]
			expect(median.tooltip_text.contains(figure), "%s in the tooltip" % figure)
	# Everything fits the dock at its narrowest: no table or heat map is cut off.
	var results: Control = d.find_child("SurveyResults", true, false)
	var width := results.get_combined_minimum_size().x
	expect(
		width <= DockSurveyScript.NARROWEST,
		"the results need %d px of %d" % [width, DockSurveyScript.NARROWEST]
	)
	expect(not results.get_parent() is ScrollContainer, "the results do not scroll sideways")
	var maps := d.find_children("HeatMap_*", "TextureRect", true, false)
	expect_eq(maps.size(), 2 * type_names.size(), "two heat maps per type")
	for map: TextureRect in maps:
		expect(_lit_pixels(map.texture) > 0, "%s shows layouts" % map.name)
	d.set_survey_filter(StoreyLayout.StoreyType.UNDERGROUND)
	expect_eq(d.find_children("Table_*", "GridContainer", true, false).size(), 1, "one type")
	expect_eq(d.find_children("HeatMap_*", "TextureRect", true, false).size(), 2, "its maps")
	d.set_survey_filter(-1)
	return ok()


func test_cancel_stops_a_survey() -> bool:
	var d := _dock()
	var count := 200000
	expect(d.start_survey(count), "started")
	expect(not d.start_survey(10), "one survey at a time")
	await process_frames(3)
	_button(d, "Cancel").pressed.emit()
	var started := Time.get_ticks_msec()
	while d.survey_run.is_running() and Time.get_ticks_msec() - started < 30000:
		await tree.process_frame
	expect(not d.survey_run.is_running(), "stopped")
	expect(d.survey_run.was_cancelled(), "cancelled")
	expect(d.survey_run.get_done() < count, "before the end: %d" % d.survey_run.get_done())
	expect(d.get_survey_status().begins_with("Cancelled after"), d.get_survey_status())
	expect_eq(d.find_children("Table_*", "GridContainer", true, false).size(), 0, "no table")
	return ok()


func test_the_choice_and_its_settings_outlive_the_dock() -> bool:
	var d := _dock()
	d.choice.assign(_ground_floor(31, 3, 2))
	var path := "res://editor_test_settings.tres"
	ResourceSaver.save(_bigger_rooms(), path)
	var saved: StoreyGenerationSettings = load(path)
	d.set_settings(saved)
	var kept: Variant = EditorInterface.get_editor_settings().get_project_metadata(
		"outpost_dock", "choice", {}
	)
	expect_eq(kept, d.choice.to_metadata(), "kept in the project's metadata")
	expect_eq(kept.get("settings_path"), path, "the settings by their file")
	var again: EditorDock = load(DOCK_SCRIPT).new()
	tree.root.add_child(again)
	expect_eq(again.choice.to_metadata(), d.choice.to_metadata(), "a new dock has the choice")
	expect(again.choice.settings == saved, "and the settings' file")
	expect(again.layout != null and again.layout.is_equal_to(d.layout), "and the storey")
	again.free()
	d.set_settings(_bigger_rooms())
	again = load(DOCK_SCRIPT).new()
	tree.root.add_child(again)
	var made: StoreyGenerationSettings = again.choice.settings
	expect(made != null and made.get_changes() == "min_partition=4", "unsaved settings: made again")
	again.free()
	d.set_settings(null)
	return ok()


## Fails unless [param root] owns every node under [param node] (instanced scenes' insides
## aside) and [param node] itself.
func _expect_owned_by(node: Node, root: Node, what: String) -> void:
	var stray := 0
	var stack: Array[Node] = [node]
	while not stack.is_empty():
		var n: Node = stack.pop_back()
		if n.owner != root:
			stray += 1
		if n.scene_file_path.is_empty():
			stack.append_array(n.get_children())
	expect_eq(stray, 0, what + ": nodes not owned by the scene's root")


## As expect_one_undo_step, for a re-bake of [param old] (selected first): the new bake
## replaces it; undo brings [param old] itself back; redo the same new bake.
func _expect_one_undo_step_replacing(root: Node, old: Node, what: String) -> Node:
	var d := _dock()
	EditorInterface.get_selection().clear()
	EditorInterface.get_selection().add_node(old)
	var steps := _history(root)
	var before := _snapshot(root)
	var count := steps.get_history_count()
	var index := old.get_index()
	var fresh: Node = d.rebake()
	if not expect(fresh != null and fresh != old, what + ": a new bake"):
		return null
	expect_eq(steps.get_history_count(), count + 1, what + ": one step in the history")
	expect(not old.is_inside_tree(), what + ": the old bake left the scene")
	expect_eq(fresh.get_index(), index, what + ": at the old bake's place")
	var after := _snapshot(root)
	steps.undo()
	expect(old.get_parent() == root and not fresh.is_inside_tree(), what + ": undo, the old bake")
	_expect_same_scene(_snapshot(root), before, what + ": undo restores the scene exactly")
	steps.redo()
	expect(fresh.get_parent() == root and not old.is_inside_tree(), what + ": redo, the new one")
	_expect_same_scene(_snapshot(root), after, what + ": redo restores the re-baked scene exactly")
	return fresh


## The choice of a GROUND_FLOOR storey whose staircase the generator chooses.
func _ground_floor(seed_value: int, depth: int, level: int) -> Dictionary:
	return {
		&"seed_value": seed_value,
		&"storey_depth": depth,
		&"outpost_level": level,
		&"storey_type": StoreyLayout.StoreyType.GROUND_FLOOR,
		&"forced_staircase": Vector2i(-1, -1),
	}


## The editor's global history (where the dock's settings changes go).
func _global_history() -> UndoRedo:
	var manager := EditorInterface.get_editor_undo_redo()
	return manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY)


## Settings with [code]min_partition[/code] 4 (the reference's 3 otherwise).
func _bigger_rooms() -> StoreyGenerationSettings:
	var settings := StoreyGenerationSettings.new()
	settings.min_partition = 4
	return settings


func test_a_paint_stroke_is_one_undo_step_with_the_broken_rule_marked() -> bool:
	var d := _dock()
	d.choice.assign(_ground_floor(5, 3, 2))
	var edit: RefCounted = d.storey_edit
	var generated := StoreyLayout.new()
	generated.assign(d.layout)
	var steps := _global_history()
	var current := steps.get_current_action()
	var wall := _buried_wall(d.layout)
	expect(edit.paint_stroke([wall], StoreyLayout.CellType.EMPTY), "the stroke changed the storey")
	_expect_one_paint_step(steps, current)
	expect_eq(d.layout.get_cell(wall), StoreyLayout.CellType.EMPTY, "painted in the dock's storey")
	expect_eq(d.layout.open_zone_count, 2, "derived again at the stroke's end")
	var broken: Array[Dictionary] = edit.get_broken()
	expect_eq(broken.size(), 1, "one broken rule: %s" % [broken])
	expect_eq(broken[0]["rule"], "connected", "named")
	expect_eq(broken[0]["cells"], [wall] as Array[Vector2i], "on its cell")
	var lines := _broken_lines(d)
	expect(lines.size() == 1 and lines[0].begins_with("connected: "), "listed: %s" % [lines])
	await _press_ctrl_z()
	expect(d.layout.is_equal_to(generated), "Ctrl+Z: the generated storey, every field")
	expect_eq(_broken_lines(d), PackedStringArray(["Every rule holds."]), "Ctrl+Z: no rule broken")
	await _press_ctrl_z(true)
	expect_eq(d.layout.get_cell(wall), StoreyLayout.CellType.EMPTY, "Ctrl+Shift+Z: painted again")
	expect_eq(edit.get_broken().size(), 1, "redo: broken again")
	d.choice.assign(_ground_floor(6, 3, 2))
	expect(edit.get_broken().is_empty(), "another storey: its own rules")
	return ok()


func test_a_drag_over_the_preview_paints_one_stroke() -> bool:
	var d := _dock()
	d.choice.assign(_ground_floor(5, 3, 2))
	d.make_visible()
	await process_frames(3)
	var picture: TextureRect = d.find_child("Picture", true, false)
	expect(picture.is_visible_in_tree() and picture.size.x > 0, "the preview is shown")
	var brushes: Control = d.find_child("Brushes", true, false)
	(brushes.find_child("Outside", false, false) as Button).pressed.emit()
	var steps := _global_history()
	var current := steps.get_current_action()
	var a := _buried_wall(d.layout)
	var b := a + Vector2i.RIGHT
	var start: int = d.layout.get_cell(b)
	var press := InputEventMouseButton.new()
	press.button_index = MOUSE_BUTTON_LEFT
	press.pressed = true
	press.position = _point_of(picture, d.layout, a)
	picture.gui_input.emit(press)
	var drag := InputEventMouseMotion.new()
	drag.button_mask = MOUSE_BUTTON_MASK_LEFT
	drag.position = _point_of(picture, d.layout, b)
	picture.gui_input.emit(drag)
	var release := press.duplicate() as InputEventMouseButton
	release.pressed = false
	picture.gui_input.emit(release)
	_expect_one_paint_step(steps, current)
	expect_eq(d.layout.get_cell(a), StoreyLayout.CellType.OUT_OF_BOUNDS, "the pressed cell")
	expect_eq(d.layout.get_cell(b), StoreyLayout.CellType.OUT_OF_BOUNDS, "the dragged-over cell")
	steps.undo()
	expect_eq(d.layout.get_cell(b), start, "one undo takes the whole drag back")
	return ok()


func test_a_stroke_that_changes_nothing_is_no_step() -> bool:
	var d := _dock()
	d.choice.assign(_ground_floor(5, 3, 2))
	var steps := _global_history()
	var current := steps.get_current_action()
	var wall := _buried_wall(d.layout)
	expect(not d.storey_edit.paint_stroke([wall], StoreyLayout.CellType.WALL), "wall on wall")
	expect_eq(steps.get_current_action(), current, "nothing in the history")
	return ok()


func test_an_edited_storey_bakes_and_rebakes_with_its_edits() -> bool:
	var root: Node = await _new_scene()
	var d := _dock()
	d.choice.assign(_ground_floor(5, 3, 2))
	var wall := _buried_wall(d.layout)
	d.storey_edit.paint_stroke([wall], StoreyLayout.CellType.EMPTY)
	var baked: Node = d.bake_storey()
	if not expect(baked != null and baked.get_parent() == root, "baked into the scene"):
		return ok()
	var record: Dictionary = baked.get_meta(StoreyBaker.META_BAKE)
	expect_eq(record["kind"], "layout", "an edited storey's record")
	var kept := StoreyLayout.from_json(record["layout_json"])
	expect(kept != null and kept.is_equal_to(d.layout), "the record holds the edited storey")
	d.choice.assign(_ground_floor(9, 2, 1))
	var fresh: Node = d.rebake(baked)
	expect(fresh != null, "re-baked: %s" % d.get_status())
	if fresh != null:
		var again: Dictionary = fresh.get_meta(StoreyBaker.META_BAKE)
		expect_eq(again["layout_json"], record["layout_json"], "the same edited storey again")
	return ok()


## Fails unless the editor's global history holds one more step than at [param before]
## (the index of its current action then), a stroke's.
func _expect_one_paint_step(steps: UndoRedo, before: int) -> void:
	expect_eq(steps.get_current_action(), before + 1, "one step in the editor's history")
	expect_eq(steps.get_current_action_name(), "Outpost: paint storey", "the stroke's step")


## A WALL cell of [param layout] whose four neighbours are walls too.
func _buried_wall(layout: StoreyLayout) -> Vector2i:
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.WALL):
		var buried := true
		for step: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
			buried = buried and layout.get_cell(cell + step) == StoreyLayout.CellType.WALL
		if buried:
			return cell
	return Vector2i(-1, -1)


## The dock's list of broken rules, a line each.
func _broken_lines(d: Node) -> PackedStringArray:
	var lines := PackedStringArray()
	for line in d.find_child("BrokenRules", true, false).get_children():
		if not line.is_queued_for_deletion():
			lines.append((line as Label).text)
	return lines


## The centre of [param cell] in [param picture] (the storey kept in proportion, centred).
func _point_of(picture: TextureRect, layout: StoreyLayout, cell: Vector2i) -> Vector2:
	var grid := Vector2(layout.width, layout.height)
	var scale := minf(picture.size.x / grid.x, picture.size.y / grid.y)
	var origin := (picture.size - grid * scale) * 0.5
	return origin + (Vector2(cell) + Vector2(0.5, 0.5)) * scale


## Pixels of [param texture] that are not the heat map's empty colour.
func _lit_pixels(texture: Texture2D) -> int:
	if texture == null:
		return 0
	var image := texture.get_image()
	var lit := 0
	for y in image.get_height():
		for x in image.get_width():
			if image.get_pixel(x, y).to_rgba32() != SurveyHeatMap.EMPTY.to_rgba32():
				lit += 1
	return lit


func _button(d: Node, text: String) -> Button:
	for button in d.find_children("*", "Button", true, false):
		if (button as Button).text == text:
			return button
	return null
