@tool
class_name StoreyDraft
extends Node3D
## A storey drawn from its parameters, drawn again when one changes: what the Outpost
## dock's Generate puts into a scene, to see a storey where it will stand before baking it.
##
## Its drawing is the theme's meshes ([StoreyMeshes]) in internal children with no owner,
## so only the parameters are saved with the scene: no collision, no navigation, no
## objects. [method bake] turns it into the plain nodes of [method StoreyBaker.bake_storey].
## A forced staircase that cannot be used or a failed generation shows as a configuration
## warning, never as a logged error.

## Emitted after each regeneration, with the new layout (null if none could be made).
signal regenerated(layout: StoreyLayout)

## The sun of [member light_in_editor]: the game's (outpost_game.tscn), from above and
## the side.
const SUN_TRANSFORM := Transform3D(
	Vector3(0.866025, 0, -0.5),
	Vector3(-0.409576, 0.573576, -0.709406),
	Vector3(0.286788, 0.819152, 0.496732),
	Vector3(0, 10, 0)
)
## The sun's energy.
const SUN_ENERGY := 0.8

## The seed (any 64-bit integer).
@export var seed_value: int = 1:
	set(value):
		seed_value = value
		_changed()
## 1-based index of the storey in its building (deeper is larger).
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
@export var forced_staircase := Vector2i(-1, -1):
	set(value):
		forced_staircase = value
		_changed()
## The generator's settings (null: the reference's): the storey is
## [method StoreyGenerator.generate_with] of them. A setting out of its range shows as the
## configuration warning.
@export var settings: StoreyGenerationSettings:
	set(value):
		settings = value
		_changed()
## The theme (null: [constant StoreyBaker.DEFAULT_THEME]).
@export var cell_definitions: CellDefinitions:
	set(value):
		if cell_definitions != null and cell_definitions.changed.is_connected(_redraw):
			cell_definitions.changed.disconnect(_redraw)
		cell_definitions = value
		if value != null:
			value.changed.connect(_redraw)
		_changed()

## Whether the draft lights itself in the editor (an internal [DirectionalLight3D] like the
## game's sun, never saved): a scene with a sun of its own turns the editor's preview sun
## off, so the theme's colours show as in the game instead of washed out by the preview's
## light and sky. The scene's own lights, if it has any, add to it; turn this off then.
## A hidden draft has no light, so the preview sun comes back.
@export var light_in_editor := true:
	set(value):
		light_in_editor = value
		_update_light()

## The storey shown; null before the node is ready or when it could not be made.
var layout: StoreyLayout

var _visuals: Dictionary[int, MultiMeshInstance3D] = {}
var _kit_visuals: Dictionary[StringName, MultiMeshInstance3D] = {}
var _door_frame: MultiMeshInstance3D
var _problem := ""
var _light: DirectionalLight3D


func _ready() -> void:
	_update_light()
	regenerate()


func _notification(what: int) -> void:
	if what == NOTIFICATION_VISIBILITY_CHANGED:
		_update_light()


func _get_configuration_warnings() -> PackedStringArray:
	return PackedStringArray([_problem]) if not _problem.is_empty() else PackedStringArray()


## Generates the storey of the parameters and draws it.
func regenerate() -> void:
	_problem = StoreyBaker.settings_problem(settings)
	if _problem.is_empty():
		_problem = ForcedStaircase.check(forced_staircase, storey_depth, outpost_level, storey_type)
	layout = null
	if _problem.is_empty():
		layout = StoreyGenerator.generate_with(
			settings, seed_value, storey_depth, outpost_level, forced_staircase, storey_type
		)
		if layout == null:
			_problem = "The generator made no storey for these parameters (see the output log)."
	_redraw()
	update_configuration_warnings()
	regenerated.emit(layout)


## The drawing of [param cell_type] (PATH for the overlay); null before the first draw.
func get_visual(cell_type: int) -> MultiMeshInstance3D:
	return _visuals.get(cell_type)


## The visual drawing the theme's wall kit [param piece] ([constant WallKit.PIECES]); null
## without a kit or a storey.
func get_wall_piece_visual(piece: StringName) -> MultiMeshInstance3D:
	return _kit_visuals.get(piece)


## The storey as plain nodes ([method StoreyBaker.bake_storey] with this theme and these
## settings), outside the tree; null without a storey.
func bake(with_objects := false) -> Node3D:
	if layout == null:
		return null
	return StoreyBaker.bake_storey(layout, cell_definitions, with_objects, settings)


func _redraw() -> void:
	var theme := cell_definitions if cell_definitions != null else StoreyBaker.DEFAULT_THEME
	var kit := theme.wall_kit
	for cell_type in CellDefinitions.TYPES:
		var visual: MultiMeshInstance3D = _visuals.get(cell_type)
		if visual == null:
			visual = StoreyMeshes.new_visual(cell_type)
			add_child(visual, false, INTERNAL_MODE_BACK)
			_visuals[cell_type] = visual
		var per_cell := kit == null or cell_type != StoreyLayout.CellType.WALL
		if layout != null:
			var definition := theme.get_definition(cell_type) if per_cell else null
			StoreyMeshes.fill(visual, layout, cell_type, definition)
		else:
			visual.multimesh.instance_count = 0
	for visual: MultiMeshInstance3D in _kit_visuals.values():
		visual.free()
	_kit_visuals.clear()
	if kit != null and layout != null:
		for piece in WallKit.PIECES:
			_kit_visuals[piece] = StoreyMeshes.new_kit_visual(piece)
			add_child(_kit_visuals[piece], false, INTERNAL_MODE_BACK)
		StoreyMeshes.fill_wall_kit(_kit_visuals, layout, kit)
	if _door_frame == null:
		_door_frame = StoreyMeshes.new_door_frame_visual()
		add_child(_door_frame, false, INTERNAL_MODE_BACK)
	if layout != null:
		StoreyMeshes.fill_door_frame(_door_frame, layout, theme)
	else:
		_door_frame.multimesh.instance_count = 0


func _changed() -> void:
	if is_node_ready():
		regenerate()


## The internal light of [member light_in_editor]; null when there is none.
func get_editor_light() -> DirectionalLight3D:
	return _light


func _update_light() -> void:
	# A hidden draft keeps no light: any sun in the scene, even a hidden one, turns the
	# editor's preview sun off, and bakes beside the draft would be left in the dark.
	var wanted := light_in_editor and Engine.is_editor_hint() and is_visible_in_tree()
	if wanted and _light == null:
		_light = DirectionalLight3D.new()
		_light.name = "DraftSun"
		_light.transform = SUN_TRANSFORM
		_light.light_energy = SUN_ENERGY
		add_child(_light, false, INTERNAL_MODE_FRONT)
	elif not wanted and _light != null:
		_light.free()
		_light = null
