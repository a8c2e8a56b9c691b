@tool
class_name StoreyPreview
extends StoreyDraft
## A [StoreyDraft] drawn by the game's own [StoreyRenderer] (its walls collide, the
## cut-away works), for a scene of the game: drop it in any 3D scene and set its exports;
## everything else (the exports, regenerating when one changes, the configuration
## warnings) is the draft's. The renderer is an internal child with no owner, so nothing
## generated is saved into the scene. Its theme defaults to the reference colours, and no
## theme is a configuration warning (the draft falls back to the addon's default instead).

const _DEFAULT_DEFINITIONS := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")

var _renderer: StoreyRenderer


func _init() -> void:
	cell_definitions = _DEFAULT_DEFINITIONS


func _get_configuration_warnings() -> PackedStringArray:
	var warnings := super()
	if _renderer != null:
		warnings.append_array(_renderer._get_configuration_warnings())
	elif cell_definitions == null:
		warnings.append("No cell_definitions: nothing can be drawn.")
	return warnings


## The [StoreyRenderer] drawing the storey (created on the first [method regenerate]).
func get_renderer() -> StoreyRenderer:
	return _renderer


# Draws through the game's renderer instead of the draft's own visuals.
func _redraw() -> void:
	if _renderer == null:
		_renderer = StoreyRenderer.new()
		_renderer.name = "Renderer"
		add_child(_renderer, false, INTERNAL_MODE_BACK)
	if _renderer.cell_definitions != cell_definitions:
		_renderer.cell_definitions = cell_definitions
	if layout != null and cell_definitions != null:
		_renderer.render(layout)
	else:
		_renderer.clear()
