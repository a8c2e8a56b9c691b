class_name SavesScreen
extends CanvasLayer
## The save and load screen: one row per slot ([SaveSlots]: the quick slot, then the
## numbered ones), each saying what its file holds (seed, level, time played, date saved;
## "Empty"; "Unreadable") with Save and Load buttons (Load off for a slot that cannot be
## loaded), a line saying what the last save or load did, and Back.
##
## Opened from the pause menu: it listens to [member pause_menu]'s
## [signal PauseMenu.chosen] for [code]&"saves"[/code] and shows over it. Save and Load
## emit [signal save_requested] and [signal load_requested], and call
## [method OutpostGame.save_game] and [method OutpostGame.load_game] on [member game]; a
## load that works closes this screen and the pause menu. Back or the pause_menu action
## closes it, back to the pause menu. It runs while the tree is paused. While the game runs
## it also takes quick_save and quick_load (the quick slot) and says what they did in the
## HUD's alert line. Both exports are set in the game scene; without them it still lists
## the slots and emits its signals.

## Save was pressed on the slot of [param path].
signal save_requested(path: String)
## Load was pressed on the slot of [param path].
signal load_requested(path: String)
## The screen was closed.
signal closed

## The game that saves and loads.
@export var game: OutpostGame
## The pause menu whose Saves choice opens this screen.
@export var pause_menu: PauseMenu
## The slots' files, in the order listed (empty: [method SaveSlots.paths]).
@export var slot_paths: Array[String] = []

var _listed: Array[String] = []

@onready var _rows: VBoxContainer = %Rows
@onready var _status: Label = %SavesStatus
@onready var _back: Button = %BackButton


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	visible = false
	_back.pressed.connect(close)
	if pause_menu != null:
		pause_menu.chosen.connect(_on_pause_choice)


func _unhandled_input(event: InputEvent) -> void:
	if visible and event.is_action_pressed(&"pause_menu"):
		close()
	elif game != null and not get_tree().paused and event.is_action_pressed(&"quick_save"):
		var path := OutpostGame.QUICK_SAVE_PATH
		game.hud.alert(OutpostHud.save_result(true, game.save_game(path), path))
	elif game != null and not get_tree().paused and event.is_action_pressed(&"quick_load"):
		var path := OutpostGame.QUICK_SAVE_PATH
		game.hud.alert(OutpostHud.save_result(false, game.load_game(path), path))
	else:
		return
	get_viewport().set_input_as_handled()


## The slots' files listed, in order.
func get_paths() -> Array[String]:
	return slot_paths if not slot_paths.is_empty() else SaveSlots.paths()


## Shows the screen with every slot read afresh.
func open() -> void:
	refresh()
	show_status("")
	visible = true
	_back.grab_focus()


## Hides the screen.
func close() -> void:
	if visible:
		visible = false
		closed.emit()


## Reads every slot's file again and shows what each holds (the rows are made again
## only when the slots changed).
func refresh() -> void:
	var paths := get_paths()
	if paths != _listed:
		for row in _rows.get_children():
			row.free()
		for index in paths.size():
			_rows.add_child(_row(index, paths[index]))
		_listed = paths.duplicate()
	for index in paths.size():
		var header := SaveSlots.read_header(paths[index])
		var row := _rows.get_child(index)
		var text := row.get_node(^"Text") as Label
		text.text = "%s: %s" % [_title(paths[index]), SaveSlots.summary(paths[index])]
		var loadable: bool = header.state == SaveSlots.State.READY
		text.modulate = Color.WHITE if loadable else Color(0.7, 0.72, 0.76)
		(row.get_node(^"Load") as Button).disabled = not loadable


## The text of row [param index]: the slot's name (the quick slot's with its keys) and
## [method SaveSlots.summary].
func get_row_text(index: int) -> String:
	var row := _rows.get_child(index) if index >= 0 and index < _rows.get_child_count() else null
	return (row.get_node(^"Text") as Label).text if row != null else ""


## Saves the game to [param path] (Save on its row); the error of the save
## (ERR_UNCONFIGURED without a [member game]).
func save_to(path: String) -> Error:
	save_requested.emit(path)
	if game == null:
		return ERR_UNCONFIGURED
	var error := game.save_game(path)
	refresh()
	show_status(OutpostHud.save_result(true, error, path))
	return error


## Loads the game from [param path] (Load on its row): on success this screen and the
## pause menu close; otherwise the status line says why. The error of the load
## (ERR_UNCONFIGURED without a [member game]).
func load_from(path: String) -> Error:
	load_requested.emit(path)
	if game == null:
		return ERR_UNCONFIGURED
	var error := game.load_game(path)
	if error == OK:
		close()
		game.close_pause_menu()
		game.hud.alert(OutpostHud.save_result(false, error, path))
	else:
		show_status(OutpostHud.save_result(false, error, path))
	return error


## Shows [param text] under the slots.
func show_status(text: String) -> void:
	_status.text = text
	_status.visible = not text.is_empty()


func _row(index: int, path: String) -> HBoxContainer:
	var row := HBoxContainer.new()
	row.name = "Slot%d" % index
	row.add_theme_constant_override(&"separation", 10)
	var text := Label.new()
	text.name = "Text"
	text.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	text.custom_minimum_size = Vector2(440, 0)
	row.add_child(text)
	var save := Button.new()
	save.name = "Save"
	save.text = "Save"
	save.pressed.connect(func() -> void: save_to(path))
	row.add_child(save)
	var load_button := Button.new()
	load_button.name = "Load"
	load_button.text = "Load"
	load_button.pressed.connect(func() -> void: load_from(path))
	row.add_child(load_button)
	return row


# The slot's name, with the keys of the quick slot.
func _title(path: String) -> String:
	if path != SaveSlots.QUICK:
		return SaveSlots.slot_name(path)
	return (
		"%s (%s / %s)"
		% [
			SaveSlots.slot_name(path),
			ActionKeys.describe(&"quick_save"),
			ActionKeys.describe(&"quick_load")
		]
	)


func _on_pause_choice(choice: StringName) -> void:
	if choice == &"saves":
		open()
