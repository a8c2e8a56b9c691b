class_name LeaveGuard
extends Node
## Asks before leaving a game drops progress: Main menu and the window's close (Quit) go
## ahead at once when nothing was played since the last save or load (or since the start),
## and otherwise only after the player answers Leave to a question saying how much play
## would be lost. Progress is game time ([member OutpostLoop.elapsed]) that moved by
## [constant GRACE_SECONDS] or more from the time saved, or a reclaim not saved; a lost
## game has nothing left to lose.
## The game tells it of each save and load ([method mark_saved]); the [SoundSystem]
## autoload asks it before a close request quits (group [constant GROUP]).

## The group of the nodes the close request asks first ([method intercept_quit]).
const GROUP := &"quit_guards"
## Game seconds of play that count as progress.
const GRACE_SECONDS := 1.0

## The loop whose clock and reclaim are the progress.
@export var loop: OutpostLoop

var _saved_elapsed := 0.0
var _saved_reclaimed := false
var _on_leave := Callable()
var _dialog: ConfirmationDialog


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	add_to_group(GROUP)
	_dialog = ConfirmationDialog.new()
	_dialog.name = "LeaveDialog"
	_dialog.title = HudText.leave_title()
	_dialog.ok_button_text = HudText.leave_button()
	_dialog.cancel_button_text = HudText.stay_button()
	_dialog.confirmed.connect(_leave)
	_dialog.canceled.connect(func() -> void: _on_leave = Callable())
	add_child(_dialog)


## Records that the game as it is now is saved (or was just loaded): leaving drops nothing.
## [param error]: the save's or load's outcome; only OK counts.
func mark_saved(error: Error = OK) -> void:
	if error == OK and loop != null:
		_saved_elapsed = loop.elapsed
		_saved_reclaimed = loop.is_reclaimed()


## Whether leaving now would drop play made since the last save or load.
func has_unsaved_progress() -> bool:
	if loop == null or loop.is_defeated():
		return false
	var played := absf(loop.elapsed - _saved_elapsed) >= GRACE_SECONDS
	return played or loop.is_reclaimed() != _saved_reclaimed


## Calls [param leave] now if nothing would be lost, else asks first and calls it only on
## Leave.
func ask(leave: Callable) -> void:
	if not has_unsaved_progress():
		leave.call()
		return
	_on_leave = leave
	_dialog.dialog_text = HudText.leave_question(absf(loop.elapsed - _saved_elapsed))
	_dialog.popup_centered()


## Whether the question shows.
func is_asking() -> bool:
	return _dialog.visible


## Answers the question showing: Leave ([param leave] true) or Stay.
func answer(leave: bool) -> void:
	if not _dialog.visible:
		return
	_dialog.hide()
	if leave:
		_leave()
	else:
		_on_leave = Callable()


## What the [SoundSystem] asks on a close request: true if this guard holds the quit (it
## asks, and quits through the SoundSystem on Leave), false to quit at once.
func intercept_quit() -> bool:
	if not has_unsaved_progress():
		return false
	ask(_quit)
	return true


func _leave() -> void:
	var leave := _on_leave
	_on_leave = Callable()
	if leave.is_valid():
		leave.call()


func _quit() -> void:
	var sound_system := get_node_or_null(^"/root/SoundSystem")
	if sound_system != null:
		sound_system.call(&"quit")
	else:
		get_tree().quit()
