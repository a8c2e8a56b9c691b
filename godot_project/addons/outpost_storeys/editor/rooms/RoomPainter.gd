@tool
extends Control
## The room painter's canvas: a `.room` map ([code]RoomText.gd[/code]) drawn cell by cell
## in the reference's colours with its glyph on each cell, and the check messages on their
## cells (a red frame for an error, amber for a warning). Pressing the left button starts
## a stroke, dragging paints every cell the pointer crosses with [member glyph], releasing
## ends it: [signal stroke_started] and [signal stroke_ended] bracket the edits so the
## rooms view makes one undo step of each drag.

## A stroke began (the left button went down on the map).
signal stroke_started
## The stroke ended (the button went up, or the pointer left the canvas).
signal stroke_ended

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
## Pixels per cell edge, before the canvas shrinks to fit its width.
const CELL_PX := 30
## The colour of each glyph's cell (the reference's colours of what it becomes; a marker
## is floor).
const COLOURS := {
	"#": Color8(0x59, 0x52, 0x4A),
	".": Color8(0x87, 0xCE, 0xEB),
	"B": Color8(0xFF, 0x4D, 0xCC),
	"O": Color8(0x33, 0x57, 0x99),
	"+": Color8(0x9F, 0xE0, 0xF5),
	"?": Color8(0x70, 0x90, 0x9A),
}
## The frame of a cell with an error, and with a warning.
const ERROR_COLOUR := Color(1.0, 0.2, 0.2)
const WARNING_COLOUR := Color(1.0, 0.75, 0.1)

## The glyph a stroke paints.
var glyph := "#"
## The edited text (null: nothing to paint).
var room: RoomText:
	set(value):
		if room != null and room.changed.is_connected(_on_changed):
			room.changed.disconnect(_on_changed)
		room = value
		if room != null:
			room.changed.connect(_on_changed)
		_on_changed()
## The check messages shown on their cells: each a Dictionary of
## [method StoreyRoomSet.check_texts] (its [code]cell[/code] and [code]severity[/code]).
var messages: Array[Dictionary] = []:
	set(value):
		messages = value
		queue_redraw()

var _painting := false
var _last_cell := Vector2i(-1, -1)


func _init() -> void:
	name = "RoomPainter"
	mouse_filter = Control.MOUSE_FILTER_STOP
	# Focus on a click, so that Ctrl+Z after a stroke is the editor's undo, not that of a
	# header field still holding the focus.
	focus_mode = Control.FOCUS_CLICK
	custom_minimum_size = Vector2(0, 120)
	resized.connect(_fit)


## Pixels per cell edge now (the map fills the width, up to [constant CELL_PX]).
func cell_px() -> float:
	var cells: Vector2i = room.get_size() if room != null else Vector2i.ZERO
	if cells.x <= 0:
		return CELL_PX
	return clampf(floorf(size.x / cells.x), 4.0, CELL_PX)


## The map cell under [param point] (the canvas's own coordinates); (-1, -1) off the map.
func cell_at(point: Vector2) -> Vector2i:
	var px := cell_px()
	var cell := Vector2i(floori(point.x / px), floori(point.y / px))
	var cells: Vector2i = room.get_size() if room != null else Vector2i.ZERO
	if cell.x < 0 or cell.y < 0 or cell.x >= cells.x or cell.y >= cells.y:
		return Vector2i(-1, -1)
	return cell


## The canvas point at the centre of map cell [param cell].
func point_of(cell: Vector2i) -> Vector2:
	return (Vector2(cell) + Vector2(0.5, 0.5)) * cell_px()


## Whether a stroke is under way.
func is_painting() -> bool:
	return _painting


func _gui_input(event: InputEvent) -> void:
	if room == null:
		return
	var button := event as InputEventMouseButton
	if button != null and button.button_index == MOUSE_BUTTON_LEFT:
		if button.pressed and not _painting:
			grab_focus()
			_painting = true
			_last_cell = Vector2i(-1, -1)
			stroke_started.emit()
			_paint(button.position)
		elif not button.pressed and _painting:
			_painting = false
			stroke_ended.emit()
		accept_event()
		return
	var motion := event as InputEventMouseMotion
	if motion != null and _painting:
		if motion.button_mask & MOUSE_BUTTON_MASK_LEFT:
			_paint(motion.position)
		else:
			_painting = false
			stroke_ended.emit()
		accept_event()


func _notification(what: int) -> void:
	if what == NOTIFICATION_MOUSE_EXIT and _painting:
		_painting = false
		stroke_ended.emit()


func _draw() -> void:
	if room == null:
		return
	var px := cell_px()
	var rows := room.get_rows()
	var font := get_theme_default_font()
	var font_size := int(px * 0.7)
	for y in rows.size():
		for x in rows[y].length():
			var g: String = rows[y][x]
			var rect := Rect2(Vector2(x, y) * px, Vector2(px, px))
			draw_rect(rect, COLOURS.get(g, COLOURS["."] if g >= "a" and g <= "z" else Color.BLACK))
			draw_rect(rect, Color(0, 0, 0, 0.25), false, 1.0)
			if g != "#" and g != "." and px >= 10:
				var at := rect.position + Vector2(px * 0.28, px * 0.78)
				draw_string(font, at, g, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, Color.BLACK)
	for message in messages:
		var cell: Vector2i = message.get("cell", Vector2i(-1, -1))
		if cell.x < 0:
			continue
		var colour: Color = ERROR_COLOUR if message.get("severity") == "error" else WARNING_COLOUR
		draw_rect(Rect2(Vector2(cell) * px, Vector2(px, px)).grow(-1), colour, false, 3.0)


# Paints the cell under `point` and every cell on the straight line from the last one
# painted (a fast drag skips cells between two motion events).
func _paint(point: Vector2) -> void:
	var cell := cell_at(point)
	if cell.x < 0:
		return
	var from := _last_cell if _last_cell.x >= 0 else cell
	var steps := maxi(absi(cell.x - from.x), absi(cell.y - from.y))
	for i in steps + 1:
		var t := float(i) / maxi(steps, 1)
		room.set_glyph(Vector2i(Vector2(from).lerp(Vector2(cell), t).round()), glyph)
	_last_cell = cell


func _fit() -> void:
	var cells: Vector2i = room.get_size() if room != null else Vector2i.ZERO
	custom_minimum_size.y = maxf(cells.y * cell_px(), 40.0)
	queue_redraw()


func _on_changed() -> void:
	_fit()
