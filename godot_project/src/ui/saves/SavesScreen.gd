class_name SavesScreen
extends CanvasLayer
## The save and load screen: one row per slot ([SaveSlots]: the quick slot, then the
## numbered ones), each saying what its file holds (seed, level, time played, date saved;
## "Empty"; "Unreadable"; "Damaged", or that it cannot be loaded and Load takes its backup)
## with Save and Load buttons (Load off for a slot that cannot be loaded; on a file that
## cannot be loaded with a backup that can, it loads the backup), a line saying what the
## last save or load did, and Back. With a [member checker] every file is checked whole,
## as a load would check it, so a file whose header reads but whose game does not (a
## damaged body, a bad checksum, a check that fails) shows as such; without one, only the
## headers are read.
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
## A slot's line's tint by its [enum SaveSlots.State]: a game to load in white, a backup to
## load in its place in amber, nothing to load in grey.
const ROW_TINTS := {
	SaveSlots.State.READY: Color.WHITE,
	SaveSlots.State.BACKUP: Color(1.0, 0.8, 0.45),
	SaveSlots.State.EMPTY: Color(0.7, 0.72, 0.76),
	SaveSlots.State.UNREADABLE: Color(0.7, 0.72, 0.76),
	SaveSlots.State.DAMAGED: Color(0.7, 0.72, 0.76),
}

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
## Checks a save whole without loading it: called as [code]checker.call(path)[/code],
## returns "" if the file can be loaded, else why not (the game hands it its
## [method OutpostGame.check_save]).
var checker: Callable

var _listed: Array[String] = []
# Per slot file, its SaveSlots.status as the last refresh found it.
var _slots: Dictionary[String, Dictionary] = {}

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
	_slots.clear()
	for index in paths.size():
		var slot := SaveSlots.status(paths[index], checker)
		_slots[paths[index]] = slot
		var row := _rows.get_child(index)
		var text := row.get_node(^"Text") as Label
		text.text = "%s: %s" % [_title(paths[index]), SaveSlots.describe(slot)]
		text.tooltip_text = text.text
		text.modulate = ROW_TINTS.get(slot.state, ROW_TINTS[SaveSlots.State.EMPTY])
		(row.get_node(^"Load") as Button).disabled = (slot.source as String).is_empty()


## The file Load reads for the slot of [param path] ([method SaveSlots.status] with
## [member checker]): the slot's own if it can be loaded, else its backup if that can,
## else "".
func source_of(path: String) -> String:
	return SaveSlots.status(path, checker).source


## The file Load reads for the slot of [param path] by the headers alone (no
## [member checker]): the slot's own if it is readable, else its backup if that is
## ([method SaveGame.backup_of]), else "".
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


## Load on the row of [param path]: loads what [method refresh] found to load there
## ([method SaveSlots.status]): the slot's file, or its backup when the slot's cannot be
## loaded and the backup can (a warning in the log names why). The error of the load
## (ERR_FILE_NOT_FOUND with nothing to load).
func load_slot(path: String) -> Error:
	var slot: Dictionary = _slots.get(path, {})
	if slot.is_empty():
		slot = SaveSlots.status(path, checker)
	if slot.state == SaveSlots.State.BACKUP:
		push_warning(
			"SavesScreen: %s cannot be loaded (%s): loading its backup" % [path, slot.problem]
		)
	var source: String = slot.source
	return ERR_FILE_NOT_FOUND if source.is_empty() else load_from(source)


## What the quick_load key does, with this screen closed: loads the slot of [param path]
## through [member loader], or its backup when the slot's file cannot be loaded (the load
## logs why) and the backup can ([member checker]); the words of what happened.
func quick_load(path: String) -> String:
	if not loader.is_valid():
		return SaveSlots.save_result(false, ERR_UNCONFIGURED, path)
	var error: Error = loader.call(path)
	var source := path
	var backup := SaveGame.backup_of(path)
	if error != OK and not backup.is_empty() and _loadable(backup):
		source = backup
		error = loader.call(backup)
	return SaveSlots.save_result(false, error, source)


## Shows [param text] under the slots. Its line keeps its room (two lines) when empty,
## and a row's text its width and two lines (wrapped, whole in its tooltip), so that
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
	# Two lines, always: a slot's whole summary (its date last) fits, and a row never
	# changes height when what it says does.
	text.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	text.max_lines_visible = 2
	text.clip_text = true
	text.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	text.custom_minimum_size.y = 2 * text.get_line_height() + 2 * _line_spacing(text)
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
	load_button.pressed.connect(func() -> void: load_slot(path))
	row.add_child(load_button)
	return row


# The extra spacing between a label's lines.
func _line_spacing(label: Label) -> float:
	return float(label.get_theme_constant(&"line_spacing"))


# Whether the file at `path` can be loaded: checked whole by the checker, else by its header.
func _loadable(path: String) -> bool:
	if checker.is_valid():
		return (checker.call(path) as String).is_empty()
	return SaveSlots.read_header(path).state == SaveSlots.State.READY


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
