@tool
extends HFlowContainer
## The room painter's palette: a button per glyph of [constant RoomText.GLYPHS] and a menu
## of the marker letters a-z. Picking one emits [signal glyph_picked].

## The designer picked [param glyph].
signal glyph_picked(glyph: String)

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
## Letters of the markers the menu offers.
const MARKERS := "abcdefghijklmnopqrstuvwxyz"

var _marker: OptionButton


func _init() -> void:
	name = "Palette"
	for glyph: String in RoomText.GLYPHS:
		var button := Button.new()
		button.text = glyph
		button.toggle_mode = true
		button.tooltip_text = RoomText.GLYPHS[glyph]
		button.set_meta(&"glyph", glyph)
		button.pressed.connect(func() -> void: glyph_picked.emit(glyph))
		add_child(button)
	_marker = OptionButton.new()
	_marker.tooltip_text = "A marker letter (floor, reported by letter in placed_rooms)."
	for letter in MARKERS:
		_marker.add_item("marker " + letter)
	_marker.item_selected.connect(func(index: int) -> void: glyph_picked.emit(MARKERS[index]))
	add_child(_marker)


## Shows [param glyph] as the one picked (its button pressed, the others not).
func show_glyph(glyph: String) -> void:
	for child in get_children():
		if child is Button and not child is OptionButton:
			(child as Button).set_pressed_no_signal(child.get_meta(&"glyph", "") == glyph)
	if MARKERS.contains(glyph) and glyph.length() == 1:
		_marker.select(MARKERS.find(glyph))
