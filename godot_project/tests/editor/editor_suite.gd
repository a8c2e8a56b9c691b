@tool
extends "res://tests/suite.gd"
## The editor's tests, run inside a headless editor by editor_test_plugin.gd
## (scripts/editor_tests.sh): the Outpost dock loads; Generate, Bake storey, Bake building
## and Re-bake are each one step of the edited scene's history, whose undo leaves the
## scene exactly as before (its serialisation) and whose redo brings the same nodes back;
## the Inspector panel of a StoreyLayout and its "Open in dock"; the FileSystem thumbnail.
## Each test opens a scene of its own, at a fresh path (the editor does not reload a scene
## it has open).

const DOCK_SCRIPT := "res://addons/outpost_storeys/editor/OutpostDock.gd"
const Inspector := preload("res://addons/outpost_storeys/editor/StoreyLayoutInspector.gd")
const Thumbnail := preload("res://addons/outpost_storeys/editor/StoreyLayoutThumbnail.gd")
## Where the tests' scenes are written (in the copy of the project).
const SCENES_DIR := "res://editor_test_scenes/"

var _scene_count := 0


## The Outpost dock, found in the editor's interface; null if the plugin did not add it.
func _dock() -> EditorDock:
	return _find_dock(EditorInterface.get_base_control())


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


## The entries of [param entries] no test declared (as run_tests.gd decides).
func check_log(entries: PackedStringArray) -> PackedStringArray:
	var problems := PackedStringArray()
	var matched := {}
	for entry in entries:
		var explained := false
		for i in expected_errors().size():
			if RegEx.create_from_string(expected_errors()[i]).search(entry) != null:
				explained = true
				matched[i] = true
		if explained:
			print("EXPECTED ", entry)
		else:
			problems.append("unexpected log entry: " + entry)
	for i in expected_errors().size():
		if not matched.has(i):
			problems.append("expected a log entry matching %s" % expected_errors()[i])
	return problems


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
	for section in ["Storey", "Building", "Look", "Preview", "Statistics", "Scene"]:
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


func _find_dock(node: Node) -> EditorDock:
	var script: Script = node.get_script()
	if script != null and script.resource_path == DOCK_SCRIPT:
		return node as EditorDock
	for child in node.get_children():
		var found := _find_dock(child)
		if found != null:
			return found
	return null


func _button(d: Node, text: String) -> Button:
	for button in d.find_children("*", "Button", true, false):
		if (button as Button).text == text:
			return button
	return null
