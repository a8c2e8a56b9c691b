class_name PauseMenu
extends CanvasLayer
## The pause menu: Resume, Saves… (the saves screen, [SavesScreen], opens on that choice),
## Restart and Main menu, with a status line. It only reports the buttons
## ([signal chosen]); the game pauses
## the tree while it is open ([method open], [method close]) and it keeps processing
## meanwhile. The pause_menu action closes it again.

## A button was pressed: [param choice] is one of [constant CHOICES].
signal chosen(choice: StringName)

## The buttons' choices, in order.
const CHOICES: Array[StringName] = [&"resume", &"saves", &"restart", &"menu"]

@onready var _status: Label = %StatusLabel
@onready var _resume: Button = %ResumeButton


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	visible = false
	for choice in CHOICES:
		var button: Button = get_node("%" + choice.capitalize() + "Button")
		button.pressed.connect(chosen.emit.bind(choice))


func _unhandled_input(event: InputEvent) -> void:
	if visible and event.is_action_pressed(&"pause_menu"):
		chosen.emit(&"resume")
		get_viewport().set_input_as_handled()


## Shows the menu, with [param status] under the buttons.
func open(status: String = "") -> void:
	visible = true
	show_status(status)
	_resume.grab_focus()


## Hides the menu.
func close() -> void:
	visible = false


## Shows [param text] under the buttons.
func show_status(text: String) -> void:
	_status.text = text
	_status.visible = not text.is_empty()
