@tool
extends RefCounted
## The Outpost dock's hand edits of the chosen storey: paint its cells with a brush, and
## see every rule the edit breaks ([method StoreyValidator.validate_all]), live.
##
## A stroke (press, drag, release over the preview, or [method paint_stroke]) paints its
## cells at once; at its end the derived fields are made again from the grid
## ([method StoreyLayout.rederive]: the lists, the beacon order with new beacons after the
## old, the enemy paths, the open zones) and the stroke becomes one action of the editor's
## history, "Outpost: paint storey": Ctrl+Z puts the whole storey back as it was before
## the stroke ([method StoreyLayout.assign]), Ctrl+Shift+Z as it was after. The storey is
## the dock's [member OutpostDock.layout] itself, so Bake storey bakes the edited storey
## (and its bake keeps the edits: [method BakeRecord.record_of]).

## After every stroke, undo and redo: the storey and its broken rules changed.
signal edited

## The brushes, in the palette's order: [code][label, cell type, tooltip][/code].
const BRUSHES: Array[Array] = [
	["Wall", StoreyLayout.CellType.WALL, "Paint WALL cells."],
	["Floor", StoreyLayout.CellType.EMPTY, "Paint EMPTY floor."],
	["Outside", StoreyLayout.CellType.OUT_OF_BOUNDS, "Paint OUT_OF_BOUNDS: outside the outline."],
	["Entry", StoreyLayout.CellType.ENTRY, "Paint an ENTRY: where enemies come in."],
	["Beacon", StoreyLayout.CellType.BEACON, "Paint a BEACON (new ones follow the old)."],
	["Shaft", StoreyLayout.CellType.SHAFT, "Paint a SHAFT."],
	["Stair", StoreyLayout.CellType.STAIRCASE, "Paint the STAIRCASE."],
	["Entrance", StoreyLayout.CellType.ENTRANCE, "Paint the ground floor's ENTRANCE."],
]
## The colours the broken rules are marked in, the first broken rule in the first.
const RULE_COLOURS: Array[Color] = [
	Color(1.0, 0.25, 0.25),
	Color(1.0, 0.85, 0.1),
	Color(0.3, 1.0, 0.4),
	Color(1.0, 0.5, 1.0),
	Color(0.35, 0.9, 1.0),
	Color(1.0, 0.6, 0.2),
]
## The history action of a stroke.
const ACTION := "Outpost: paint storey"

## The editor's history (the dock's).
var undo_redo: EditorUndoRedoManager
## Returns the settings the storey is judged by (the dock's slot; null: the reference's).
var settings_source := func() -> StoreyGenerationSettings: return null
## The cell type a stroke paints.
var brush: int = StoreyLayout.CellType.WALL
## The storey being edited (null: none).
var layout: StoreyLayout:
	set = set_layout

var _broken: Array[Dictionary] = []
var _before: StoreyLayout
var _stroke: Dictionary[Vector2i, bool] = {}


## Edits [param storey] from now on (null: none) and judges it.
func set_layout(storey: StoreyLayout) -> void:
	if layout != null and layout.changed.is_connected(_on_changed):
		layout.changed.disconnect(_on_changed)
	layout = storey
	if layout != null:
		layout.changed.connect(_on_changed)
	_before = null
	_stroke.clear()
	_judge()


## Every broken rule of the storey as [method StoreyValidator.validate_all] names them
## ([code]rule[/code], [code]detail[/code], [code]cells[/code]); empty when it keeps them
## all (and without a storey).
func get_broken() -> Array[Dictionary]:
	return _broken.duplicate()


## The colour broken rule [param index] of [method get_broken] is marked in.
static func colour_of(index: int) -> Color:
	return RULE_COLOURS[index % RULE_COLOURS.size()]


## Starts a stroke: the storey as it is now is what its undo puts back.
func begin_stroke() -> void:
	if layout == null:
		return
	_before = StoreyLayout.new()
	_before.assign(layout)
	_stroke.clear()


## Paints [param cell] with the brush, once per stroke; the grid changes at once, the
## derived fields at the stroke's end.
func stroke_to(cell: Vector2i) -> void:
	if _before == null or _stroke.has(cell) or not layout.in_bounds(cell):
		return
	_stroke[cell] = true
	layout.paint([cell], brush)


## Ends the stroke: the derived fields made again, the rules judged, and the stroke one
## action of the history (none if it changed no cell). True when it changed the storey.
func end_stroke() -> bool:
	if _before == null:
		return false
	var before := _before
	_before = null
	if _stroke.is_empty() or before.is_equal_to(layout):
		_stroke.clear()
		return false
	_stroke.clear()
	layout.rederive()
	var after := StoreyLayout.new()
	after.assign(layout)
	# Through this object: the global history, whichever scene is open (an unsaved
	# resource's own methods would be the open scene's).
	undo_redo.create_action(ACTION, UndoRedo.MERGE_DISABLE, self, false, false)
	undo_redo.add_do_method(self, &"restore", layout, after)
	undo_redo.add_undo_method(self, &"restore", layout, before)
	undo_redo.commit_action(false)
	return true


## Makes [param storey] hold [param snapshot] again (an undo or redo of a stroke).
func restore(storey: StoreyLayout, snapshot: StoreyLayout) -> void:
	storey.assign(snapshot)


## One whole stroke over [param cells] with brush [param cell_type] (as a drag paints
## them). True when it changed the storey.
func paint_stroke(cells: Array, cell_type: int) -> bool:
	brush = cell_type
	begin_stroke()
	for cell: Vector2i in cells:
		stroke_to(cell)
	return end_stroke()


func _on_changed() -> void:
	# Mid-stroke the grid changes cell by cell: shown at once, judged once the stroke ends.
	if _before == null:
		_judge()
	else:
		edited.emit()


func _judge() -> void:
	_broken = []
	if layout != null:
		_broken.assign(StoreyValidator.validate_all(layout, settings_source.call()))
	edited.emit()
