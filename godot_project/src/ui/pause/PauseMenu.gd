class_name PauseMenu
extends CanvasLayer
## The pause menu: Resume, Saves… (the saves screen, [SavesScreen], opens on that choice),
## Options, Restart and Main menu, with a status line. It reports the buttons
## ([signal chosen]); Options it also handles itself, showing the options screen
## ([OptionsMenu], [method open_options]) in place of the buttons until it is closed. The
## game pauses the tree while the menu is open ([method open], [method close]) and it keeps
## processing meanwhile. The pause_menu action closes it again (the options screen first,
## if it shows).

## A button was pressed: [param choice] is one of [constant CHOICES].
signal chosen(choice: StringName)

## The buttons' choices, in order.
const CHOICES: Array[StringName] = [&"resume", &"saves", &"options", &"restart", &"menu"]

@onready var _status: Label = %StatusLabel
@onready var _resume: Button = %ResumeButton
@onready var _buttons: Control = %Center
@onready var _options: OptionsMenu = %Options


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	visible = false
	for choice in CHOICES:
		var button: Button = get_node("%" + choice.capitalize() + "Button")
		button.pressed.connect(_choose.bind(choice))
	_options.closed.connect(_on_options_closed)


func _unhandled_input(event: InputEvent) -> void:
	if visible and event.is_action_pressed(&"pause_menu"):
		chosen.emit(&"resume")
		get_viewport().set_input_as_handled()


## Shows the menu, with [param status] under the buttons.
func open(status: String = "") -> void:
	visible = true
	show_status(status)
	_resume.grab_focus()


## Hides the menu (and the options screen).
func close() -> void:
	visible = false
	_options.visible = false
	_buttons.visible = true


## Shows the options screen in place of the buttons.
func open_options() -> void:
	_buttons.visible = false
	_options.open()


## Whether the options screen shows.
func is_options_open() -> bool:
	return visible and _options.visible


## Shows [param text] under the buttons.
func show_status(text: String) -> void:
	_status.text = text
	_status.visible = not text.is_empty()


func _choose(choice: StringName) -> void:
	if choice == &"options":
		open_options()
	chosen.emit(choice)


func _on_options_closed() -> void:
	_buttons.visible = true
	(%OptionsButton as Button).grab_focus()
