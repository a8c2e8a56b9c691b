@tool
extends RefCounted
## The Outpost dock's Preview and Statistics: the chosen storey from above in the
## reference's colours ([StoreyPicture]) with why it cannot be made, and its figures
## ([StoreyStats], measured by the core). The picture is paintable ([member edit],
## [code]DockStoreyEdit.gd[/code]): a brush palette above it, every broken rule's cells
## outlined on it in the rule's colour with the rule's name, and the list of broken rules
## below it.

const DockGrid := preload("res://addons/outpost_storeys/editor/DockGrid.gd")
const DockStoreyEdit := preload("res://addons/outpost_storeys/editor/DockStoreyEdit.gd")
const OutpostChoice := preload("res://addons/outpost_storeys/editor/OutpostChoice.gd")

## Pixels per cell of the preview picture (the dock scales it to its width).
const PREVIEW_CELL_PX := 8
## The figures shown.
const STAT_KEYS: Array[String] = [
	"size",
	"rooms",
	"oob_share",
	"entries",
	"beacons",
	"path_lengths",
	"open_zones",
	"attempts",
	"generation_usec",
]
## The font size of the rules' names on the picture.
const MARK_FONT_SIZE := 11

## The hand edits of the shown storey.
var edit := DockStoreyEdit.new()

var _preview: TextureRect
var _marks: Control
var _problem_label: Label
var _broken_list: VBoxContainer
var _stat_labels: Dictionary[String, Label] = {}
var _stats: Dictionary = {}
# The figures of show_storey() are the shown storey's until its first edit.
var _stats_fresh := false


func _init() -> void:
	edit.edited.connect(_on_edited)


## The Preview section (the brushes, its picture, the problem line and the broken rules).
func picture_section() -> Control:
	return _preview_controls()


## The Statistics section.
func stats_section() -> Control:
	return _stats_controls()


## Shows [param layout] (null: none) with [param stats], or [param problem] ("" for none),
## and edits it from now on.
func show_storey(layout: StoreyLayout, stats: Dictionary, problem: String) -> void:
	_problem_label.text = problem
	_problem_label.visible = not problem.is_empty()
	_stats = stats
	_stats_fresh = true
	edit.layout = layout


## What the problem line says ("" when the storey could be made).
func get_problem() -> String:
	return _problem_label.text


## The lines of the broken-rules list as shown ("rule: detail" each), or the one line
## saying every rule holds.
func get_broken_lines() -> PackedStringArray:
	var lines := PackedStringArray()
	for line in _broken_list.get_children():
		lines.append((line as Label).text)
	return lines


## The cell of the storey under [param at] (a point of the picture's rectangle), or
## (-1, -1) off the storey.
func cell_at(at: Vector2) -> Vector2i:
	var box := _picture_box()
	if edit.layout == null or not box.has_point(at):
		return Vector2i(-1, -1)
	var cell := Vector2i(((at - box.position) / box.size * Vector2(_grid_size())).floor())
	return cell if edit.layout.in_bounds(cell) else Vector2i(-1, -1)


func _preview_controls() -> Control:
	var box := VBoxContainer.new()
	var palette := HFlowContainer.new()
	palette.name = "Brushes"
	var group := ButtonGroup.new()
	for entry in DockStoreyEdit.BRUSHES:
		var button := Button.new()
		button.name = entry[0]
		button.text = entry[0]
		button.tooltip_text = entry[2]
		button.toggle_mode = true
		button.button_group = group
		button.button_pressed = entry[1] == edit.brush
		var cell_type: int = entry[1]
		button.pressed.connect(func() -> void: edit.brush = cell_type)
		palette.add_child(button)
	box.add_child(palette)
	_preview = TextureRect.new()
	_preview.name = "Picture"
	_preview.custom_minimum_size = Vector2(0, 200)
	_preview.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	_preview.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	_preview.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
	_preview.mouse_filter = Control.MOUSE_FILTER_STOP
	_preview.tooltip_text = (
		"The chosen storey from above, in the reference's colours. Drag to paint with the "
		+ "brush; each stroke is one undo step (Ctrl+Z)."
	)
	_preview.gui_input.connect(_on_picture_input)
	box.add_child(_preview)
	_marks = Control.new()
	_marks.name = "Marks"
	_marks.mouse_filter = Control.MOUSE_FILTER_IGNORE
	_marks.set_anchors_preset(Control.PRESET_FULL_RECT)
	_marks.draw.connect(_draw_marks)
	_preview.add_child(_marks)
	_problem_label = Label.new()
	_problem_label.name = "Problem"
	_problem_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_problem_label.modulate = Color(1.0, 0.6, 0.5)
	box.add_child(_problem_label)
	_broken_list = VBoxContainer.new()
	_broken_list.name = "BrokenRules"
	box.add_child(_broken_list)
	return box


func _stats_controls() -> Control:
	var grid := DockGrid.grid()
	for row in StoreyStats.rows_of(STAT_KEYS):
		var value := Label.new()
		value.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		value.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		_stat_labels[row[0]] = value
		DockGrid.row(grid, row[1], value)
	return grid


# The storey, its figures and its broken rules, shown again after every edit.
func _on_edited() -> void:
	var layout := edit.layout
	var picture := StoreyPicture.image(layout, PREVIEW_CELL_PX) if layout != null else null
	_preview.texture = ImageTexture.create_from_image(picture) if picture != null else null
	if layout != null and not _stats_fresh:
		_stats = OutpostChoice.stats_of(layout, _stats.get("generation_usec", 0))
	_stats_fresh = false
	for key in _stat_labels:
		_stat_labels[key].text = StoreyStats.format(_stats if layout != null else {}, key)
	for line in _broken_list.get_children():
		_broken_list.remove_child(line)
		line.queue_free()
	var broken := edit.get_broken()
	for index in broken.size():
		var line := Label.new()
		line.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		line.text = "%s: %s" % [broken[index]["rule"], broken[index]["detail"]]
		line.add_theme_color_override(&"font_color", DockStoreyEdit.colour_of(index))
		_broken_list.add_child(line)
	if layout != null and broken.is_empty():
		var fine := Label.new()
		fine.text = "Every rule holds."
		_broken_list.add_child(fine)
	_marks.queue_redraw()


func _on_picture_input(event: InputEvent) -> void:
	var button := event as InputEventMouseButton
	if button != null and button.button_index == MOUSE_BUTTON_LEFT:
		if button.pressed:
			edit.begin_stroke()
			edit.stroke_to(cell_at(button.position))
		else:
			edit.end_stroke()
		_preview.accept_event()
		return
	var motion := event as InputEventMouseMotion
	if motion != null and motion.button_mask & MOUSE_BUTTON_MASK_LEFT:
		edit.stroke_to(cell_at(motion.position))


# Each broken rule's cells outlined in its colour, its name by its first cell.
func _draw_marks() -> void:
	if edit.layout == null:
		return
	var box := _picture_box()
	var cell_size := box.size / Vector2(_grid_size())
	var font := ThemeDB.fallback_font
	var broken := edit.get_broken()
	for index in broken.size():
		var colour := DockStoreyEdit.colour_of(index)
		var cells: Array = broken[index]["cells"]
		for cell: Vector2i in cells:
			var rect := Rect2(box.position + Vector2(cell) * cell_size, cell_size)
			_marks.draw_rect(rect.grow(-0.5), colour, false, 2.0)
		if cells.is_empty():
			continue
		var at := box.position + Vector2(cells[0]) * cell_size + Vector2(0.0, -2.0)
		var name: String = broken[index]["rule"]
		var width := font.get_string_size(name, HORIZONTAL_ALIGNMENT_LEFT, -1, MARK_FONT_SIZE).x
		var back := Rect2(
			at + Vector2(-1.0, -MARK_FONT_SIZE), Vector2(width + 2.0, MARK_FONT_SIZE + 3)
		)
		_marks.draw_rect(back, Color(0.0, 0.0, 0.0, 0.7))
		_marks.draw_string(font, at, name, HORIZONTAL_ALIGNMENT_LEFT, -1, MARK_FONT_SIZE, colour)


# Where the picture is drawn inside the preview (kept in proportion, centred).
func _picture_box() -> Rect2:
	var grid := Vector2(_grid_size())
	var area := _preview.size
	if grid.x <= 0 or grid.y <= 0 or area.x <= 0 or area.y <= 0:
		return Rect2()
	var scale := minf(area.x / grid.x, area.y / grid.y)
	return Rect2((area - grid * scale) * 0.5, grid * scale)


func _grid_size() -> Vector2i:
	return Vector2i(edit.layout.width, edit.layout.height) if edit.layout != null else Vector2i.ZERO
