@tool
extends VBoxContainer
## The Outpost dock's Rooms section: the `.room` files of a folder the designer picks
## (until then the project's first folder holding `.room` files, [code]RoomFiles.gd[/code]:
## the game's [code]data/outpost/rooms/[/code] here; kept in the editor's project metadata), a
## new-room button, and a painter for the chosen file: a glyph palette, the map
## ([code]RoomPainter.gd[/code]: click or drag to paint), its size, the header as
## controls ([code]RoomHeaderFields.gd[/code]), the messages of `outpost rooms check`
## ([method StoreyRoomSet.check_texts], with the folder's other files, so a name given
## twice shows) after every cell painted, each on its cell where it has one, and a
## preview of the storeys holding the room ([code]RoomPreview.gd[/code]).
##
## The text is the source of truth ([code]RoomText.gd[/code]): every edit changes only
## the characters it is about. One drag, one resize, one header field is one action of the
## editor's history ("Outpost: paint room"...): Ctrl+Z and Ctrl+Shift+Z undo and redo it.
## Save writes the text to [code]NAME.tmp[/code] beside the file and renames that over it,
## so a save that fails leaves the old file whole; a file saved unedited is written back
## byte for byte.

## A file was opened ([param path]).
signal opened(path: String)
## The shown file was written to [param path].
signal saved(path: String)

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
const RoomPainter := preload("res://addons/outpost_storeys/editor/rooms/RoomPainter.gd")
const RoomHeaderFields := preload("res://addons/outpost_storeys/editor/rooms/RoomHeaderFields.gd")
const RoomPreview := preload("res://addons/outpost_storeys/editor/rooms/RoomPreview.gd")
const RoomFiles := preload("res://addons/outpost_storeys/editor/rooms/RoomFiles.gd")
const RoomPalette := preload("res://addons/outpost_storeys/editor/rooms/RoomPalette.gd")
const RoomMessageList := preload("res://addons/outpost_storeys/editor/rooms/RoomMessageList.gd")
## Where the picked folder is kept: the editor's project metadata, this section and key.
const METADATA_SECTION := "outpost_dock"
const METADATA_KEY := "rooms_folder"
## The prefix of this view's actions in the editor's history.
const ACTION_PREFIX := "Outpost: "

## The folder whose `.room` files are listed.
var folder := RoomFiles.DEFAULT_FOLDER
## The text of the file shown (null: none).
var room: RoomText
## The file shown ("" for none).
var path := ""
## The editor's history (the editor's own unless a test sets another).
var undo_redo: EditorUndoRedoManager
## The painter's canvas.
var painter: RoomPainter
## The preview of the storeys holding the room.
var preview: RoomPreview

var _saved_bytes := PackedByteArray()
var _others := {}
var _messages: Array[Dictionary] = []
var _stroke_before := ""
var _stroking := false
var _folder_edit: LineEdit
var _files: ItemList
var _new_name: LineEdit
var _palette: RoomPalette
var _width: SpinBox
var _height: SpinBox
var _header: RoomHeaderFields
var _message_box: RoomMessageList
var _status: Label
var _editor_parts: Array[Control] = []


func _init() -> void:
	name = "RoomsView"
	_build_file_controls()
	_build_painter_controls()
	_set_editing(false)


func _ready() -> void:
	if undo_redo == null and Engine.is_editor_hint():
		undo_redo = EditorInterface.get_editor_undo_redo()
	var kept: Variant = EditorInterface.get_editor_settings().get_project_metadata(
		METADATA_SECTION, METADATA_KEY, ""
	)
	set_folder(str(kept) if str(kept) != "" else RoomFiles.find_rooms_folder())


## Lists the `.room` files of [param new_folder] (a res:// folder) and keeps it for the
## next session.
func set_folder(new_folder: String) -> void:
	folder = new_folder if new_folder.ends_with("/") else new_folder + "/"
	_folder_edit.text = folder
	if is_inside_tree():
		EditorInterface.get_editor_settings().set_project_metadata(
			METADATA_SECTION, METADATA_KEY, folder
		)
	refresh_files()


## The `.room` files of the folder, sorted (names, without the folder).
func get_files() -> PackedStringArray:
	return RoomFiles.list(folder)


## Lists the folder's files again.
func refresh_files() -> void:
	_files.clear()
	for file in get_files():
		_files.add_item(file)
		if folder.path_join(file) == path:
			_files.select(_files.item_count - 1)


## Shows [param file_path] in the painter. False (the status says why) if it cannot be
## read.
func open(file_path: String) -> bool:
	if not FileAccess.file_exists(file_path):
		return _say("No file %s." % file_path)
	_saved_bytes = FileAccess.get_file_as_bytes(file_path)
	path = file_path
	_others = {}
	for file in get_files():
		if folder.path_join(file) != path:
			_others[file] = FileAccess.get_file_as_bytes(folder.path_join(file))
	if room != null:
		room.changed.disconnect(_on_room_changed)
	room = RoomText.new(_saved_bytes.get_string_from_utf8())
	room.changed.connect(_on_room_changed)
	painter.room = room
	_set_editing(true)
	refresh_files()
	_say("%s: paint with the left button; Save writes it." % path.get_file())
	_on_room_changed()
	opened.emit(path)
	return true


## Writes a new room called [param room_name] into the folder (a 7 x 5 room with one
## doorway, on UPPER_FLOOR and UNDERGROUND storeys from depth 2) and opens it. Returns
## its path, or "" (the status says why: a bad name, or a file of that name exists).
func new_room(room_name: String) -> String:
	room_name = room_name.strip_edges()
	var valid := RegEx.create_from_string("^[a-z0-9_]{1,40}$").search(room_name) != null
	if not valid:
		_say("A room's name is 1 to 40 of a-z, 0-9 and _ (not %s)." % JSON.stringify(room_name))
		return ""
	var file_path := folder.path_join(room_name + ".room")
	if FileAccess.file_exists(file_path):
		_say("%s exists: pick it in the list." % file_path)
		return ""
	DirAccess.make_dir_recursive_absolute(folder)
	var failed := RoomFiles.write(file_path, RoomText.new_room_text(room_name).to_utf8_buffer())
	if not failed.is_empty():
		_say(failed)
		return ""
	_scan(file_path)
	open(file_path)
	return file_path


## The glyph strokes paint: one of [constant RoomText.GLYPHS] or a marker letter.
func set_glyph(glyph: String) -> void:
	painter.glyph = glyph
	_palette.show_glyph(glyph)


## Starts a stroke (the painter's left button went down).
func begin_stroke() -> void:
	_stroking = true
	_stroke_before = room.text if room != null else ""


## Ends a stroke: what it painted becomes one action of the editor's history, "Outpost:
## paint room" (none when it changed nothing); the preview starts again.
func end_stroke() -> void:
	_stroking = false
	if room == null:
		return
	_commit("paint room", _stroke_before, room.text)
	_restart_preview()


## Paints [param cells] with the current glyph as one stroke (what a drag over them does).
func paint(cells: Array[Vector2i]) -> void:
	begin_stroke()
	for cell in cells:
		room.set_glyph(cell, painter.glyph)
	end_stroke()


## Resizes the map to [param size] ([method RoomText.resize]): one action of the history.
func resize_map(size: Vector2i) -> void:
	if room == null:
		return
	var before := room.text
	if room.resize(size):
		_commit("resize room", before, room.text)


## Sets header key [param key] to [param value] ("" for its default): one action.
func set_value(key: String, value: String) -> void:
	if room == null:
		return
	var before := room.text
	if room.set_value(key, value):
		_commit("room " + key, before, room.text)


## Whether the shown text differs from the file as last read or written.
func is_dirty() -> bool:
	return room != null and room.text.to_utf8_buffer() != _saved_bytes


## Writes the shown text to its file: first to [code]NAME.tmp[/code], then renamed over
## the file. An unedited file is written back byte for byte. False (the status says why,
## the old file untouched) when either step fails.
func save() -> bool:
	if room == null:
		return _say("No room to save.")
	var bytes: PackedByteArray = room.text.to_utf8_buffer() if is_dirty() else _saved_bytes
	var failed := RoomFiles.write(path, bytes)
	if not failed.is_empty():
		return _say(failed)
	_saved_bytes = bytes
	if ResourceLoader.has_cached(path):
		ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)
	_scan(path)
	_say("Saved %s." % path)
	saved.emit(path)
	return true


## The messages of the checks for the shown file (each as
## [method StoreyRoomSet.check_texts] gives it: severity, file, line, cell, message).
func get_messages() -> Array[Dictionary]:
	return _messages


## What the view last said (opened, saved, or why not).
func get_status() -> String:
	return _status.text


## The header's controls.
func get_header() -> RoomHeaderFields:
	return _header


func _commit(action: String, before: String, after: String) -> void:
	if before == after or undo_redo == null:
		return
	undo_redo.create_action(ACTION_PREFIX + action, UndoRedo.MERGE_DISABLE, room, false, false)
	undo_redo.add_do_method(room, &"set_text", after)
	undo_redo.add_undo_method(room, &"set_text", before)
	undo_redo.commit_action(false)


func _scan(file_path: String) -> void:
	refresh_files()
	if Engine.is_editor_hint() and is_inside_tree():
		EditorInterface.get_resource_filesystem().update_file(file_path)


func _on_room_changed() -> void:
	var file := path.get_file()
	var texts := _others.duplicate()
	texts[file] = room.text if is_dirty() else _saved_bytes
	_messages.clear()
	for message in StoreyRoomSet.check_texts(texts):
		if message.file == file:
			_messages.append(message)
	painter.messages = _messages
	_message_box.show_messages(_messages)
	_header.show_room(room)
	var size := room.get_size()
	_width.set_value_no_signal(size.x)
	_height.set_value_no_signal(size.y)
	if not _stroking:
		_restart_preview()


func _restart_preview() -> void:
	var errors := _messages.filter(func(m: Dictionary) -> bool: return m.severity == "error")
	if room == null or not errors.is_empty():
		preview.clear("No new preview while the room has errors (%d)." % errors.size())
		return
	preview.start(path.get_file(), room.text)


func _say(text: String) -> bool:
	_status.text = text
	return false


func _set_editing(on: bool) -> void:
	for part in _editor_parts:
		part.visible = on


func _build_file_controls() -> void:
	var row := HBoxContainer.new()
	_folder_edit = LineEdit.new()
	_folder_edit.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_folder_edit.tooltip_text = "The folder whose .room files are listed (Enter to list it)."
	_folder_edit.text_submitted.connect(set_folder)
	row.add_child(_folder_edit)
	var pick := Button.new()
	pick.text = "Folder…"
	pick.tooltip_text = "Pick the folder of the .room files."
	pick.pressed.connect(func() -> void: RoomFiles.pick_folder(self, folder, set_folder))
	row.add_child(pick)
	add_child(row)
	_files = ItemList.new()
	_files.name = "RoomFiles"
	_files.auto_height = true
	_files.item_selected.connect(
		func(index: int) -> void: open(folder.path_join(_files.get_item_text(index)))
	)
	add_child(_files)
	var make := HBoxContainer.new()
	_new_name = LineEdit.new()
	_new_name.placeholder_text = "new_room_name"
	_new_name.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	make.add_child(_new_name)
	var button := Button.new()
	button.text = "New room"
	button.tooltip_text = "Write NAME.room into the folder (a room that passes the checks)."
	button.pressed.connect(func() -> void: new_room(_new_name.text))
	make.add_child(button)
	add_child(make)


func _build_painter_controls() -> void:
	_palette = RoomPalette.new()
	_palette.glyph_picked.connect(set_glyph)
	_editor_parts.append(_palette)
	add_child(_palette)
	painter = RoomPainter.new()
	painter.stroke_started.connect(begin_stroke)
	painter.stroke_ended.connect(end_stroke)
	_editor_parts.append(painter)
	add_child(painter)
	var sizes := HBoxContainer.new()
	_width = _size_box("Columns of the map, its wall included.")
	_height = _size_box("Rows of the map, its wall included.")
	for part: Control in [_label("Size"), _width, _label("x"), _height]:
		sizes.add_child(part)
	var resize := Button.new()
	resize.text = "Resize"
	resize.pressed.connect(
		func() -> void: resize_map(Vector2i(int(_width.value), int(_height.value)))
	)
	sizes.add_child(resize)
	var save_button := Button.new()
	save_button.text = "Save"
	save_button.tooltip_text = "Write the room (NAME.tmp, then renamed over the file)."
	save_button.pressed.connect(save)
	sizes.add_child(save_button)
	_editor_parts.append(sizes)
	add_child(sizes)
	_message_box = RoomMessageList.new()
	_editor_parts.append(_message_box)
	add_child(_message_box)
	_header = RoomHeaderFields.new()
	_header.value_changed.connect(set_value)
	_editor_parts.append(_header)
	add_child(_header)
	preview = RoomPreview.new()
	_editor_parts.append(preview)
	add_child(preview)
	_status = Label.new()
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_status.text = "Pick a room, or make a new one."
	add_child(_status)
	set_glyph("#")


func _size_box(tip: String) -> SpinBox:
	var box := SpinBox.new()
	box.min_value = 3
	box.max_value = 64
	box.tooltip_text = tip
	return box


func _label(text: String) -> Label:
	var label := Label.new()
	label.text = text
	return label
