class_name SavesScreen
extends CanvasLayer
## The save and load screen: one row per slot ([SaveSlots]: the quick slot, then the
## numbered ones), each saying what its file holds (seed, level, time played, date saved;
## "Empty"; "Unreadable", or that its backup can be loaded) with Save and Load buttons
## (Load off for a slot that cannot be loaded; on an unreadable file with a good backup it
## loads the backup), a line saying what the last save or load did, and Back.
##
## Opened from the pause menu: it listens to [member pause_menu]'s
## [signal PauseMenu.chosen] for [code]&"saves"[/code] and shows over it. Save and Load
## call [member saver] and [member loader] (the game hands it its own save and load) and
## emit [signal save_requested] and [signal load_requested]; a load that works closes this
## screen and emits [signal loaded]. Back or the pause_menu action closes it, back to the
## pause menu. It runs while the tree is paused. Without a saver and a loader it still
## lists the slots and emits its signals.

## Save was pressed on the slot of [param path].
signal save_requested(path: String)
## Load was pressed on the slot of [param path].
signal load_requested(path: String)
## The screen was closed.
signal closed
## A load from the slot of [param path] worked (the screen is closed): [param text] says so.
signal loaded(text: String)

## The width of a slot's line, in pixels: the longest summary at the default font.
const ROW_TEXT_WIDTH := 580.0

## Not used any more: the game hands its save and load in as [member saver] and
## [member loader]. Kept so that older scenes that set it still load.
@export var game: Node
## The pause menu whose Saves choice opens this screen.
@export var pause_menu: PauseMenu
## The slots' files, in the order listed (empty: [method SaveSlots.paths]).
@export var slot_paths: Array[String] = []

## Whether the rows have Save buttons (the main menu lists saves to load only).
@export var can_save := true

## Saves the game: called as [code]saver.call(path)[/code], returns an [enum Error].
var saver: Callable
## Loads a game: called as [code]loader.call(path)[/code], returns an [enum Error].
var loader: Callable

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
		text.tooltip_text = text.text
		var source := load_source(paths[index])
		text.modulate = (
			Color.WHITE if header.state == SaveSlots.State.READY else Color(0.7, 0.72, 0.76)
		)
		(row.get_node(^"Load") as Button).disabled = source.is_empty()


## The file Load reads for the slot of [param path]: the slot's own if it is readable,
## else its backup if that is ([method SaveGame.backup_of]), else "".
static func load_source(path: String) -> String:
	var header := SaveSlots.read_header(path)
	if header.state == SaveSlots.State.READY:
		return path
	var backup := SaveGame.backup_of(path)
	if header.state == SaveSlots.State.UNREADABLE and not backup.is_empty():
		if SaveSlots.read_header(backup).state == SaveSlots.State.READY:
			return backup
	return ""


## The text of row [param index]: the slot's name (the quick slot's with its keys) and
## [method SaveSlots.summary].
func get_row_text(index: int) -> String:
	var row := _rows.get_child(index) if index >= 0 and index < _rows.get_child_count() else null
	return (row.get_node(^"Text") as Label).text if row != null else ""


## Saves the game to [param path] (Save on its row); the error of the save
## (ERR_UNCONFIGURED without a [member saver]).
func save_to(path: String) -> Error:
	save_requested.emit(path)
	if not saver.is_valid():
		return ERR_UNCONFIGURED
	var error: Error = saver.call(path)
	refresh()
	show_status(SaveSlots.save_result(true, error, path))
	return error


## Loads the game from [param path] (Load on its row: the slot's file, or its backup): on
## success this screen closes and [signal loaded] says so; otherwise the status line says
## why. The error of the load (ERR_UNCONFIGURED without a [member loader]).
func load_from(path: String) -> Error:
	load_requested.emit(path)
	if not loader.is_valid():
		return ERR_UNCONFIGURED
	var error: Error = loader.call(path)
	var text := SaveSlots.save_result(false, error, path)
	if error == OK:
		close()
		loaded.emit(text)
	else:
		show_status(text)
	return error


## Shows [param text] under the slots. Its line keeps its room (two lines) when empty,
## and a row's text its width (trimmed with an ellipsis, whole in its tooltip), so that
## the rows and buttons never move when a slot or the line says something new.
func show_status(text: String) -> void:
	_status.text = text


func _row(index: int, path: String) -> HBoxContainer:
	var row := HBoxContainer.new()
	row.name = "Slot%d" % index
	row.add_theme_constant_override(&"separation", 10)
	var text := Label.new()
	text.name = "Text"
	text.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	text.custom_minimum_size = Vector2(ROW_TEXT_WIDTH, 0)
	text.clip_text = true
	text.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	row.add_child(text)
	var save := Button.new()
	save.name = "Save"
	save.text = SaveText.save_button()
	save.pressed.connect(func() -> void: save_to(path))
	save.visible = can_save
	row.add_child(save)
	var load_button := Button.new()
	load_button.name = "Load"
	load_button.text = SaveText.load_button()
	load_button.pressed.connect(func() -> void: load_from(load_source(path)))
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
