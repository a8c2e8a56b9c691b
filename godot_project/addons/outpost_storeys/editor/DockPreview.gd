@tool
extends RefCounted
## The Outpost dock's Preview and Statistics: the chosen storey from above in the
## reference's colours ([StoreyPicture]) with why it cannot be made, and its figures
## ([StoreyStats], measured by the core).

const DockGrid := preload("res://addons/outpost_storeys/editor/DockGrid.gd")

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

var _preview: TextureRect
var _problem_label: Label
var _stat_labels: Dictionary[String, Label] = {}


## The Preview section (its picture and the problem line).
func picture_section() -> Control:
	return _preview_controls()


## The Statistics section.
func stats_section() -> Control:
	return _stats_controls()


## Shows [param layout] (null: none) with [param stats], or [param problem] ("" for none).
func show_storey(layout: StoreyLayout, stats: Dictionary, problem: String) -> void:
	_problem_label.text = problem
	_problem_label.visible = not problem.is_empty()
	var picture := StoreyPicture.image(layout, PREVIEW_CELL_PX) if layout != null else null
	_preview.texture = ImageTexture.create_from_image(picture) if picture != null else null
	for key in _stat_labels:
		_stat_labels[key].text = StoreyStats.format(stats, key)


## What the problem line says ("" when the storey could be made).
func get_problem() -> String:
	return _problem_label.text


func _preview_controls() -> Control:
	var box := VBoxContainer.new()
	_preview = TextureRect.new()
	_preview.name = "Picture"
	_preview.custom_minimum_size = Vector2(0, 200)
	_preview.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	_preview.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	_preview.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
	_preview.tooltip_text = "The chosen storey from above, in the reference's colours."
	box.add_child(_preview)
	_problem_label = Label.new()
	_problem_label.name = "Problem"
	_problem_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_problem_label.modulate = Color(1.0, 0.6, 0.5)
	box.add_child(_problem_label)
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
