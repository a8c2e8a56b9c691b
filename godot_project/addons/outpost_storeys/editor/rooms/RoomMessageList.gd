@tool
extends VBoxContainer
## The room painter's list of check messages: a line each, `error at (x, y): ...` for a
## message about a map cell, in red for an error and amber for a warning (the painter's
## frame colours); one line saying so when there is none.

const RoomPainter := preload("res://addons/outpost_storeys/editor/rooms/RoomPainter.gd")


func _init() -> void:
	name = "RoomMessages"


## Shows [param messages] (as [method StoreyRoomSet.check_texts] gives them).
func show_messages(messages: Array[Dictionary]) -> void:
	for child in get_children():
		remove_child(child)
		child.queue_free()
	if messages.is_empty():
		var fine := Label.new()
		fine.text = "rooms check: no message."
		add_child(fine)
	for message in messages:
		var label := Label.new()
		label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		var cell: Vector2i = message.cell
		var where: String = " at (%d, %d)" % [cell.x, cell.y] if cell.x >= 0 else ""
		label.text = "%s%s: %s" % [message.severity, where, message.message]
		var error: bool = message.severity == "error"
		label.add_theme_color_override(
			&"font_color", RoomPainter.ERROR_COLOUR if error else RoomPainter.WARNING_COLOUR
		)
		label.set_meta(&"cell", cell)
		add_child(label)
