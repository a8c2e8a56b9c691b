@tool
extends RefCounted
## The fields of the Outpost dock (the Storey, Building, Look and Settings sections),
## bound to the dock's [member choice]: every control writes its field of the choice, and
## [method show_choice] puts the choice back into the controls. A seed field holding text
## that is no seed ([SeedText]: not a whole number, too large) keeps the choice's seed,
## says why in [member seed_problem] and emits [signal seed_refused]: the dock then
## refuses whatever would use it.

## The seed field's text is no seed ([param problem]), or is one again ("").
signal seed_refused(problem: String)
## The Random button was pressed.
signal random_requested
## Settings were put into the slot by its picker (null: cleared).
signal settings_picked(settings: Resource)

const DockGrid := preload("res://addons/outpost_storeys/editor/DockGrid.gd")
const DockInspector := preload("res://addons/outpost_storeys/editor/DockInspector.gd")
const DockThemes := preload("res://addons/outpost_storeys/editor/DockThemes.gd")
const OutpostChoice := preload("res://addons/outpost_storeys/editor/OutpostChoice.gd")

## The dock's choice, which the fields write.
var choice: OutpostChoice
## Why the seed field's text is no seed; "" while it is one.
var seed_problem := ""

var _seed_edit: LineEdit
var _depth_spin: SpinBox
var _level_spin: SpinBox
var _type_option: OptionButton
var _force_check: CheckBox
var _stair_x: SpinBox
var _stair_y: SpinBox
var _storeys_spin: SpinBox
var _underground_check: CheckBox
var _theme_picker: EditorResourcePicker
var _settings_picker: EditorResourcePicker
var _settings_label: Label
var _objects_check: CheckBox


func _init(bound_to: OutpostChoice) -> void:
	choice = bound_to


## Puts the choice's values into the controls without emitting their signals (a seed
## field that holds a refused text keeps it, so the person can mend it).
func show_choice() -> void:
	if seed_problem.is_empty() and SeedText.parse(_seed_edit.text)["value"] != choice.seed_value:
		_seed_edit.text = str(choice.seed_value)
	_depth_spin.set_value_no_signal(choice.storey_depth)
	_level_spin.set_value_no_signal(choice.outpost_level)
	_type_option.select(choice.storey_type)
	var forced := choice.forced_staircase != OutpostChoice.NO_STAIRCASE
	_force_check.set_pressed_no_signal(forced)
	_stair_x.editable = forced
	_stair_y.editable = forced
	if forced:
		_stair_x.set_value_no_signal(choice.forced_staircase.x)
		_stair_y.set_value_no_signal(choice.forced_staircase.y)
	_storeys_spin.set_value_no_signal(choice.storeys)
	_underground_check.set_pressed_no_signal(choice.underground)
	_theme_picker.edited_resource = choice.theme
	_settings_picker.edited_resource = choice.settings
	_settings_label.text = "Changed: " + choice.describe_settings()
	_objects_check.set_pressed_no_signal(choice.with_objects)


## The Storey section: seed (with Random), depth, level, type, forced staircase.
func storey_controls() -> Control:
	var grid := DockGrid.grid()
	_seed_edit = LineEdit.new()
	_seed_edit.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_seed_edit.tooltip_text = "Any 64-bit integer."
	_seed_edit.name = "SeedEdit"
	_seed_edit.text_changed.connect(_on_seed_text_changed)
	var random := Button.new()
	random.text = "Random"
	random.tooltip_text = "A random 64-bit seed."
	random.pressed.connect(random_requested.emit)
	var seed_row := HBoxContainer.new()
	seed_row.add_child(_seed_edit)
	seed_row.add_child(random)
	DockGrid.row(grid, "Seed", seed_row)
	_depth_spin = _spin(
		StoreyGenerator.MIN_STOREY_DEPTH,
		StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH,
		&"storey_depth"
	)
	_depth_spin.allow_greater = true
	_depth_spin.tooltip_text = "1-based index of the storey in its building (deeper is larger)."
	DockGrid.row(grid, "Depth", _depth_spin)
	_level_spin = _spin(
		StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL, &"outpost_level"
	)
	DockGrid.row(grid, "Level", _level_spin)
	_type_option = OptionButton.new()
	for type_name in ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType"):
		_type_option.add_item(type_name)
	_type_option.item_selected.connect(
		func(index: int) -> void: choice.set_field(&"storey_type", index)
	)
	DockGrid.row(grid, "Type", _type_option)
	_force_check = CheckBox.new()
	_force_check.text = "Force"
	_force_check.tooltip_text = "Force the staircase onto a cell (x 1 to width-2, y 1 to height-2)."
	_force_check.toggled.connect(func(_on: bool) -> void: _on_staircase_changed())
	_stair_x = SpinBox.new()
	_stair_y = SpinBox.new()
	for spin: SpinBox in [_stair_x, _stair_y]:
		spin.max_value = 1024
		spin.value = 1
		spin.value_changed.connect(func(_v: float) -> void: _on_staircase_changed())
	var stair_row := HBoxContainer.new()
	for control: Control in [_force_check, _stair_x, _stair_y]:
		stair_row.add_child(control)
	DockGrid.row(grid, "Staircase", stair_row)
	return grid


## The Building section: storeys above ground and the underground.
func building_controls() -> Control:
	var grid := DockGrid.grid()
	_storeys_spin = _spin(StoreyGenerator.MIN_STOREYS, StoreyGenerator.MAX_STOREYS, &"storeys")
	_storeys_spin.tooltip_text = "Storeys above ground (Bake building)."
	DockGrid.row(grid, "Storeys", _storeys_spin)
	_underground_check = _check("An UNDERGROUND storey below them", &"underground")
	DockGrid.row(grid, "Underground", _underground_check)
	return grid


## The Look section: the theme and whether bakes hold the object scenes.
func look_controls() -> Control:
	var grid := DockGrid.grid()
	_theme_picker = EditorResourcePicker.new()
	_theme_picker.base_type = "CellDefinitions"
	_theme_picker.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_theme_picker.tooltip_text = "The theme (empty: the reference's colours)."
	_theme_picker.resource_changed.connect(
		func(theme: Resource) -> void: choice.set_field(&"theme", theme as CellDefinitions)
	)
	DockGrid.row(grid, "Theme", _theme_picker)
	var pick := func(theme: CellDefinitions) -> void: choice.set_field(&"theme", theme)
	DockGrid.row(grid, "", DockThemes.list(pick))
	_objects_check = _check("Bake the object scenes too", &"with_objects")
	DockGrid.row(grid, "Objects", _objects_check)
	return grid


## The Settings section: the slot of the generator's settings and what differs.
func settings_controls() -> Control:
	var box := VBoxContainer.new()
	_settings_picker = EditorResourcePicker.new()
	_settings_picker.name = "SettingsPicker"
	_settings_picker.base_type = "StoreyGenerationSettings"
	_settings_picker.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_settings_picker.tooltip_text = (
		"The generator's settings (empty: the reference's). New, Load, Save and Edit (in the"
		+ " Inspector) are in the slot's menu."
	)
	_settings_picker.resource_changed.connect(settings_picked.emit)
	_settings_picker.resource_selected.connect(
		func(resource: Resource, _inspect: bool) -> void: DockInspector.show(resource)
	)
	box.add_child(_settings_picker)
	_settings_label = Label.new()
	_settings_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_settings_label.tooltip_text = "The settings that differ from the reference's."
	box.add_child(_settings_label)
	return box


func _spin(low: int, high: int, field: StringName) -> SpinBox:
	var spin := SpinBox.new()
	spin.min_value = low
	spin.max_value = high
	spin.step = 1
	spin.rounded = true
	spin.value_changed.connect(func(v: float) -> void: choice.set_field(field, int(v)))
	return spin


func _check(text: String, field: StringName) -> CheckBox:
	var check := CheckBox.new()
	check.text = text
	check.toggled.connect(func(on: bool) -> void: choice.set_field(field, on))
	return check


func _on_seed_text_changed(text: String) -> void:
	var read := SeedText.parse(text)
	seed_problem = read["problem"]
	if seed_problem.is_empty():
		choice.set_field(&"seed_value", read["value"])
	seed_refused.emit(seed_problem)


func _on_staircase_changed() -> void:
	var cell := OutpostChoice.NO_STAIRCASE
	if _force_check.button_pressed:
		cell = Vector2i(int(_stair_x.value), int(_stair_y.value))
	choice.set_field(&"forced_staircase", cell)
