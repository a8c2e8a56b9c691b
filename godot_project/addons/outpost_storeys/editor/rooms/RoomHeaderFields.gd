@tool
extends GridContainer
## The header of a `.room` file as controls, for the room painter: a line for each of
## name, depth, level, weight, chance and count (empty: the key's default, its line left
## out), a box per storey type, unique (building or not) and rotate (default, yes, no).
## An edit emits [signal value_changed] with the key and the value as the file writes it;
## [method show_room] fills the controls from a text without emitting.

## The designer changed [param key] to [param value] ("" for the default).
signal value_changed(key: String, value: String)

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
## The keys edited as a line of text, with their tooltip.
const LINE_KEYS := {
	"name": "a-z, 0-9 and _, 1 to 40: what placements and reports call the room",
	"depth": "the storey depths: 3, 2-4 or 2- (2 and deeper); empty: 1-",
	"level": "the outpost levels, within 1-4: 2, 1-3 or 2-; empty: 1-4",
	"weight": "its share of the draws among the optional rooms, 1 to 1,000,000; empty: 10",
	"chance": "the percentage of eligible storeys that try it, 0-100; empty: 100",
	"count": "copies per storey, min-max or n; a minimum above 0 makes it required; empty: 0-1",
}
## The values of the rotate menu, by item.
const ROTATE_VALUES: Array[String] = ["", "yes", "no"]

var _lines: Dictionary[String, LineEdit] = {}
var _storeys: Dictionary[String, CheckBox] = {}
var _unique: CheckBox
var _rotate: OptionButton
var _showing := false


func _init() -> void:
	name = "RoomHeader"
	columns = 2
	for key: String in ["name", "storeys", "depth", "level", "weight", "chance", "count"]:
		if key == "storeys":
			var flow := HFlowContainer.new()
			for type_name in ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType"):
				var box := CheckBox.new()
				box.text = type_name
				box.toggled.connect(func(_on: bool) -> void: _emit_storeys())
				flow.add_child(box)
				_storeys[type_name] = box
			_row("storeys", flow)
			continue
		var line := LineEdit.new()
		line.name = key.capitalize()
		line.tooltip_text = LINE_KEYS[key]
		line.placeholder_text = "(default)" if key != "name" else ""
		line.text_submitted.connect(func(_text: String) -> void: _emit_line(key))
		line.focus_exited.connect(func() -> void: _emit_line(key))
		_row(key, line)
		_lines[key] = line
	_unique = CheckBox.new()
	_unique.text = "building (at most once per building)"
	_unique.toggled.connect(func(on: bool) -> void: _emit("unique", "building" if on else ""))
	_row("unique", _unique)
	_rotate = OptionButton.new()
	for item: String in ["default (yes)", "yes: any of the 8 transforms", "no: only as drawn"]:
		_rotate.add_item(item)
	_rotate.item_selected.connect(func(index: int) -> void: _emit("rotate", ROTATE_VALUES[index]))
	_row("rotate", _rotate)


## Fills the controls from [param room] without emitting [signal value_changed].
func show_room(room: RoomText) -> void:
	_showing = true
	for key in _lines:
		_lines[key].text = room.get_value(key) if room != null else ""
	var listed: PackedStringArray = (room.get_value("storeys") if room != null else "").split(",")
	for type_name in _storeys:
		var on := false
		for item in listed:
			on = on or item.strip_edges() == type_name
		_storeys[type_name].set_pressed_no_signal(on)
	_unique.set_pressed_no_signal(room != null and room.get_value("unique") == "building")
	var rotate: int = ROTATE_VALUES.find(room.get_value("rotate") if room != null else "")
	_rotate.select(maxi(rotate, 0))
	_showing = false


## The control of header key [param key] (a LineEdit, CheckBox or OptionButton; the
## storey types' boxes by their type name); null if none.
func control_of(key: String) -> Control:
	if key in _lines:
		return _lines[key]
	if key in _storeys:
		return _storeys[key]
	return {"unique": _unique, "rotate": _rotate}.get(key)


# A label and its control, the control taking the spare width (as the dock's grids).
func _row(label_text: String, control: Control) -> void:
	var label := Label.new()
	label.text = label_text
	add_child(label)
	control.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	add_child(control)


func _emit_line(key: String) -> void:
	_emit(key, _lines[key].text.strip_edges())


func _emit_storeys() -> void:
	var names := PackedStringArray()
	for type_name in _storeys:
		if _storeys[type_name].button_pressed:
			names.append(type_name)
	_emit("storeys", ", ".join(names))


func _emit(key: String, value: String) -> void:
	if not _showing:
		value_changed.emit(key, value)
