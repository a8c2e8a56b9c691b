@tool
extends RefCounted
## The dock's two-column grids: a label on the left, its control filling the right. Shared
## by the dock's sections (DockFields, DockPreview, DockSurvey) so that every row lines up
## the same way.


## A grid of label-control rows.
static func grid() -> GridContainer:
	var box := GridContainer.new()
	box.columns = 2
	return box


## Adds `label_text` and `control` to `box` as one row; the control takes the spare width.
static func row(box: GridContainer, label_text: String, control: Control) -> void:
	var label := Label.new()
	label.text = label_text
	box.add_child(label)
	control.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	box.add_child(control)
