@tool
extends "res://tests/editor/editor_suite_base.gd"
## The Outpost dock keeps the designer in the know (run with editor_suite.gd by
## editor_test_plugin.gd): its status follows an Inspector edit of the settings, settings
## put in the slot show in a visible Inspector, a bake lands beside a draft instead of on
## it, a hidden draft keeps no sun (the editor's preview light comes back), and the game's
## theme is one pick away.

const EditorFramingScript := preload("res://addons/outpost_storeys/editor/EditorFraming.gd")
const DockThemesScript := preload("res://addons/outpost_storeys/editor/DockThemes.gd")
## Where the tests' scenes are written (in the copy of the project).
const SCENES_DIR := "res://editor_test_scenes/"

var _scene_count := 0


func test_the_status_follows_an_inspector_edit_of_the_settings() -> bool:
	var d := _dock()
	var settings := StoreyGenerationSettings.new()
	d.set_settings(settings)
	var before: String = d.get_status()
	var edit := EditorInterface.get_editor_undo_redo()
	edit.create_action("Set min_partition", UndoRedo.MERGE_DISABLE, settings)
	edit.add_do_property(settings, &"min_partition", 5)
	edit.add_undo_property(settings, &"min_partition", 3)
	edit.commit_action()
	await process_frames(1)
	var status: String = d.get_status()
	expect(status.contains("min_partition=5"), "the status names the edit: %s" % status)
	expect(not status.contains("defaults"), "no longer 'defaults' (was: %s)" % before)
	d.set_settings(null)
	return ok()


func test_settings_put_in_the_slot_show_in_a_visible_inspector() -> bool:
	var d := _dock()
	d.make_visible()
	await process_frames(2)
	var picker: EditorResourcePicker = d.find_child("SettingsPicker", true, false)
	var settings := StoreyGenerationSettings.new()
	picker.resource_changed.emit(settings)
	await process_frames(2)
	var inspector := EditorInterface.get_inspector()
	expect(inspector.get_edited_object() == settings, "the Inspector edits them")
	expect(inspector.is_visible_in_tree(), "and shows: the Inspector's tab is in front")
	d.set_settings(null)
	return ok()


func test_a_bake_lands_beside_the_draft_not_on_it() -> bool:
	var d := _dock()
	await _new_scene()
	d.choice.assign({&"seed_value": 21, &"storey_depth": 2, &"outpost_level": 1})
	var draft: StoreyDraft = d.generate()
	var storey: Node3D = d.bake_storey()
	var building: Node3D = d.bake_building()
	var boxes: Array[AABB] = []
	for node: Node3D in [draft, storey, building]:
		boxes.append(EditorFramingScript.storey_bounds(node))
	for i in boxes.size():
		expect(boxes[i].size != Vector3.ZERO, "bounds %d: %s" % [i, boxes[i]])
		for j in range(i + 1, boxes.size()):
			expect(not boxes[i].intersects(boxes[j]), "%s apart from %s" % [boxes[i], boxes[j]])
	expect_eq(draft.position, Vector3.ZERO, "the first stays where it is made")
	return ok()


func test_a_hidden_draft_keeps_no_sun_so_the_preview_light_comes_back() -> bool:
	var d := _dock()
	await _new_scene()
	var draft: StoreyDraft = d.generate()
	expect(draft.get_editor_light() != null, "a shown draft lights itself")
	draft.visible = false
	expect(draft.get_editor_light() == null, "a hidden one has no light left in the scene")
	draft.visible = true
	expect(draft.get_editor_light() != null, "shown again, lit again")
	return ok()


func test_the_games_theme_is_one_pick_from_the_dock() -> bool:
	var d := _dock()
	d.choice.set_field(&"theme", null)
	var list: OptionButton = d.find_child("ThemeList", true, false)
	if not expect(list != null, "a list of the shipped themes in the Look section"):
		return ok()
	expect_eq(list.selected, 0, "the list shows its prompt, not a theme: %s" % list.text)
	var game_theme: Resource = load(DockThemesScript.GAME_THEME)
	var game_scene := FileAccess.get_file_as_string("res://src/game/outpost_game.tscn")
	expect(game_scene.contains(DockThemesScript.GAME_THEME), "the game draws with it")
	expect(list.get_item_text(1).contains("the game's look"), list.get_item_text(1))
	list.select(1)
	list.item_selected.emit(1)
	expect(d.choice.theme == game_theme, "one pick puts it in the Theme slot")
	var texts := PackedStringArray()
	for i in list.item_count:
		texts.append(list.get_item_text(i))
	for path in DockThemesScript.theme_paths():
		var theme := load(path) as CellDefinitions
		expect(
			texts.has(theme.theme_name) or texts.has(theme.theme_name + " (the game's look)"),
			"%s listed: %s" % [path, texts]
		)
	d.choice.set_field(&"theme", null)
	return ok()


## Writes an empty scene (a Node3D root) at a fresh path, opens it and returns its root.
func _new_scene() -> Node:
	DirAccess.make_dir_recursive_absolute(SCENES_DIR)
	_scene_count += 1
	var path := "%sdock_state_%d_%d.tscn" % [SCENES_DIR, Time.get_ticks_msec(), _scene_count]
	var level := Node3D.new()
	level.name = "Level"
	var packed := PackedScene.new()
	packed.pack(level)
	level.free()
	ResourceSaver.save(packed, path)
	EditorInterface.open_scene_from_path(path)
	await process_frames(3)
	return EditorInterface.get_edited_scene_root()
