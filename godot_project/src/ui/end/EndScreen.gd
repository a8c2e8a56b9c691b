class_name EndScreen
extends CanvasLayer
## The end of a game. A win is a banner across the top that leaves the game running (the
## trickle keeps flowing): the time and the figures of the reclaim, Restart, and Hide,
## which folds it to one short line (Show unfolds it) so that it no longer covers the game. A defeat
## covers the screen ("Genesis is lost"), with Restart and Main menu; the game pauses the
## tree behind it. It keeps processing while the tree is paused, and only reports its
## buttons ([signal chosen]).

## Restart or Main menu was pressed: [param choice] is &"restart" or &"menu".
signal chosen(choice: StringName)

## Whether the win banner is folded to its short line.
var folded := false

var _win_summary := ""

@onready var _banner: Control = %WinBanner
@onready var _win_text: Label = %WinText
@onready var _fold: Button = %FoldButton
@onready var _defeat: Control = %Defeat
@onready var _defeat_text: Label = %DefeatText


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	%WinRestartButton.pressed.connect(chosen.emit.bind(&"restart"))
	%DefeatRestartButton.pressed.connect(chosen.emit.bind(&"restart"))
	%DefeatMenuButton.pressed.connect(chosen.emit.bind(&"menu"))
	_fold.pressed.connect(func() -> void: set_folded(not folded))
	hide_all()


## Shows the win banner, unfolded, with [param text] (the time and the figures).
func show_win(text: String) -> void:
	_win_summary = text
	_banner.visible = true
	set_folded(false)


## Folds the win banner to one short line ([param on]) or unfolds it to the figures.
func set_folded(on: bool) -> void:
	folded = on
	_win_text.text = GameText.win_folded() if on else _win_summary
	_fold.text = GameText.unfold() if on else GameText.fold()
	%WinRestartButton.visible = not on


## Shows the defeat screen with [param text].
func show_defeat(text: String) -> void:
	_defeat_text.text = text
	_defeat.visible = true
	%DefeatRestartButton.grab_focus()


## Hides both.
func hide_all() -> void:
	_banner.visible = false
	_defeat.visible = false


## The win banner's height in pixels (what the HUD's alert lines keep clear of).
func get_banner_height() -> float:
	return (%WinBanner as Control).size.y


## Whether the win banner shows.
func is_win_shown() -> bool:
	return _banner.visible


## Whether the defeat screen shows.
func is_defeat_shown() -> bool:
	return _defeat.visible
