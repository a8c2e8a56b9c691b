class_name MainMenu
extends Control
## The main scene: Play starts the game; [code][DEV] Seed Inspector[/code] opens the
## [SeedInspector] (one storey at a time) and shows only when [member show_dev_tools] is
## on (by default in debug builds, so release exports hide it).
##
## Buttons (unique names): [code]%PlayButton[/code], [code]%DevButton[/code],
## [code]%QuitButton[/code].

## The scene Play opens.
const GAME_SCENE := "res://scenes/outpost_game.tscn"
## The scene [code][DEV] Seed Inspector[/code] opens.
const INSPECTOR_SCENE := "res://scenes/outpost_test.tscn"
## The dev button's label: the inspector's one name, marked as a developer tool.
const DEV_BUTTON_TEXT := "[DEV] " + SeedInspector.DISPLAY_NAME

## Whether [code][DEV] Seed Inspector[/code] shows. Defaults to
## [method OS.is_debug_build]; set it (before or after the menu enters the tree) to force
## either case.
var show_dev_tools: bool = OS.is_debug_build():
	set(value):
		show_dev_tools = value
		if is_node_ready():
			_dev_button.visible = value
## Opens a scene: called as [code]scene_changer.call(path)[/code]; empty uses
## [method SceneTree.change_scene_to_file]. Tests inject their own.
var scene_changer: Callable

@onready var _play_button: Button = %PlayButton
@onready var _dev_button: Button = %DevButton
@onready var _quit_button: Button = %QuitButton


func _ready() -> void:
	_dev_button.visible = show_dev_tools
	_dev_button.text = DEV_BUTTON_TEXT
	_play_button.pressed.connect(_open.bind(GAME_SCENE))
	_dev_button.pressed.connect(_open.bind(INSPECTOR_SCENE))
	_quit_button.pressed.connect(_on_quit_pressed)
	_play_button.grab_focus()


func _open(path: String) -> void:
	if scene_changer.is_valid():
		scene_changer.call(path)
	else:
		get_tree().change_scene_to_file(path)


func _on_quit_pressed() -> void:
	get_tree().quit()
