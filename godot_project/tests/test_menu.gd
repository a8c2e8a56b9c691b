extends "res://tests/suite.gd"
## The main menu (scenes/main_menu.tscn, MainMenu) is the main scene; its dev button shows
## only when the flag says so and opens the Seed Inspector; Play opens the game scene.

const MENU := preload("res://scenes/main_menu.tscn")


## A menu under the root; `show_dev` (if not null) is set before it enters the tree.
func menu(show_dev: Variant = null) -> MainMenu:
	var m: MainMenu = MENU.instantiate()
	if show_dev != null:
		m.show_dev_tools = show_dev
	add(m)
	return m


## The path the main scene setting points at, resolving a uid:// path.
func main_scene_path() -> String:
	var path: String = ProjectSettings.get_setting("application/run/main_scene", "")
	if path.begins_with("uid://"):
		path = ResourceUID.get_id_path(ResourceUID.text_to_id(path))
	return path


func test_dev_tools_flag_defaults_to_a_debug_build() -> bool:
	var m := menu()
	expect_eq(m.show_dev_tools, OS.is_debug_build(), "default flag")
	expect_eq((m.get_node("%DevButton") as Button).visible, OS.is_debug_build(), "visible")
	m.free()
	return ok()


func test_dev_button_hidden_when_the_flag_is_off() -> bool:
	var m := menu(false)
	var button: Button = m.get_node("%DevButton")
	expect(not button.visible, "hidden when set off before entering the tree")
	m.show_dev_tools = true
	expect(button.visible, "shown when set on later")
	m.show_dev_tools = false
	expect(not button.visible, "hidden when set off later")
	expect_eq(button.text, "[DEV] Seed Inspector", "the inspector's one name")
	m.free()
	return ok()


func test_dev_button_shown_when_the_flag_is_on() -> bool:
	var m := menu(true)
	expect((m.get_node("%DevButton") as Button).visible, "shown")
	m.free()
	return ok()


func test_dev_button_opens_the_seed_inspector() -> bool:
	var m := menu(true)
	var opened: Array[String] = []
	m.scene_changer = func(path: String) -> void: opened.append(path)
	(m.get_node("%DevButton") as Button).pressed.emit()
	expect_eq(opened, ["res://scenes/outpost_test.tscn"] as Array[String], "opens")
	m.free()
	var inspector: PackedScene = load(MainMenu.INSPECTOR_SCENE)
	var root := inspector.instantiate()
	expect(root is SeedInspector, "the inspector scene's root is a SeedInspector")
	root.free()
	return ok()


func test_dev_button_changes_the_current_scene_to_the_seed_inspector() -> bool:
	var m := menu(true)
	tree.current_scene = m
	(m.get_node("%DevButton") as Button).pressed.emit()
	await process_frames(2)
	var scene := tree.current_scene
	expect(not is_instance_valid(m), "the menu was freed")
	expect(scene is SeedInspector, "current scene: %s" % scene)
	if scene != null:
		expect_eq(scene.scene_file_path, MainMenu.INSPECTOR_SCENE, "scene file")
		expect((scene as SeedInspector).layout != null, "it shows a storey")
		scene.free()
	return ok()


func test_play_button_opens_the_game_scene() -> bool:
	var m := menu()
	var opened: Array[String] = []
	m.scene_changer = func(path: String) -> void: opened.append(path)
	(m.get_node("%PlayButton") as Button).pressed.emit()
	expect_eq(opened, ["res://scenes/outpost_game.tscn"] as Array[String], "Play opens")
	expect_eq(MainMenu.GAME_SCENE, "res://scenes/outpost_game.tscn", "GAME_SCENE")
	m.free()
	return ok()


func test_main_scene_is_the_menu() -> bool:
	expect_eq(main_scene_path(), "res://scenes/main_menu.tscn", "application/run/main_scene")
	return ok()


func test_main_scene_runs_300_frames_without_errors_or_warnings() -> bool:
	var scene: PackedScene = load(main_scene_path())
	var root: Node = add(scene.instantiate())
	await process_frames(300)
	expect(root is MainMenu, "the main scene is the menu")
	root.free()
	return ok()
