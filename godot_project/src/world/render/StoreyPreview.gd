@tool
class_name StoreyPreview
extends Node3D
## Shows a generated storey in the editor's 3D viewport (and in game), regenerating when
## an export changes.
##
## Drop it in any 3D scene and set [member seed_value], [member storey_depth],
## [member outpost_level] and [member storey_type]. It draws through a [StoreyRenderer]
## it creates as an internal child with no owner, so nothing generated is saved into the
## scene (only the exports are). A forced staircase that cannot be used, a missing theme or
## a failed generation shows as a configuration warning, never as a logged error.

## Emitted after each regeneration, with the new layout (null if none could be made).
signal regenerated(layout: StoreyLayout)

const _DEFAULT_DEFINITIONS := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")

## The seed (any 64-bit integer).
@export var seed_value: int = 1:
	set(value):
		seed_value = value
		_changed()
## 1-based index of the storey in its building (deeper is larger); the slider offers the
## depths the tools survey, deeper ones can be typed.
@export_range(
	StoreyGenerator.MIN_STOREY_DEPTH, StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH, 1, "or_greater"
)
var storey_depth: int = 1:
	set(value):
		storey_depth = clampi(
			value, StoreyGenerator.MIN_STOREY_DEPTH, StoreyGenerator.MAX_STOREY_DEPTH
		)
		_changed()
## Outpost level, [constant StoreyGenerator.MIN_OUTPOST_LEVEL] to
## [constant StoreyGenerator.MAX_OUTPOST_LEVEL].
@export_range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)
var outpost_level: int = 1:
	set(value):
		outpost_level = clampi(
			value, StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL
		)
		_changed()
## The [enum StoreyLayout.StoreyType].
@export var storey_type: StoreyLayout.StoreyType = StoreyLayout.StoreyType.GROUND_FLOOR:
	set(value):
		storey_type = value
		_changed()
## The cell the staircase is forced onto; [code](-1, -1)[/code] lets the generator choose.
## A cell off the grid or on its outer ring is not used (see the configuration warning).
@export var forced_staircase := Vector2i(-1, -1):
	set(value):
		forced_staircase = value
		_changed()
## The theme the storey is drawn with.
@export var cell_definitions: CellDefinitions = _DEFAULT_DEFINITIONS:
	set(value):
		if cell_definitions != null and cell_definitions.changed.is_connected(_on_theme_changed):
			cell_definitions.changed.disconnect(_on_theme_changed)
		cell_definitions = value
		if value != null:
			value.changed.connect(_on_theme_changed)
		_changed()

## The storey shown; null before the node is ready or when it could not be made.
var layout: StoreyLayout

var _renderer: StoreyRenderer
var _problem := ""


func _ready() -> void:
	regenerate()


func _get_configuration_warnings() -> PackedStringArray:
	var warnings := PackedStringArray()
	if not _problem.is_empty():
		warnings.append(_problem)
	if _renderer != null:
		warnings.append_array(_renderer._get_configuration_warnings())
	elif cell_definitions == null:
		warnings.append("No cell_definitions: nothing can be drawn.")
	return warnings


## Generates the storey of the exports and draws it. A forced staircase that
## [method ForcedStaircase.check] refuses leaves the storey empty and explains why in the
## configuration warnings.
func regenerate() -> void:
	if _renderer == null:
		_renderer = StoreyRenderer.new()
		_renderer.name = "Renderer"
		add_child(_renderer, false, INTERNAL_MODE_BACK)
	if _renderer.cell_definitions != cell_definitions:
		_renderer.cell_definitions = cell_definitions
	_problem = ForcedStaircase.check(forced_staircase, storey_depth, outpost_level, storey_type)
	layout = null
	if _problem.is_empty():
		layout = StoreyGenerator.generate(
			seed_value, storey_depth, outpost_level, forced_staircase, storey_type
		)
		if layout == null:
			_problem = "The generator made no storey for these settings (see the output log)."
	if layout != null:
		_renderer.render(layout)
	else:
		_renderer.clear()
	update_configuration_warnings()
	regenerated.emit(layout)


## The [StoreyRenderer] drawing the storey (created on the first [method regenerate]).
func get_renderer() -> StoreyRenderer:
	return _renderer


func _changed() -> void:
	if is_node_ready():
		regenerate()
	else:
		update_configuration_warnings()


# A definition of the theme was edited (in the inspector): redraw with it.
func _on_theme_changed() -> void:
	if _renderer != null and layout != null:
		_renderer.render(layout)
	update_configuration_warnings()
