class_name SeedInspectorPanel
extends PanelContainer
## The Seed Inspector's side panel: the controls of the settings, the stats of the storey
## shown, a colour legend and the help line. It shows what its [SeedInspector] hands it
## and reports the user's edits with signals; it generates nothing.
##
## The settings' controls and the stats scroll when the window is too short for them;
## the legend and the help line stay at the bottom, always in view.

## The user changed a setting; [method read_settings] gives the settings the controls
## now show.
signal edited
## The user asked for a random seed.
signal randomise_pressed
## The user chose the theme at [param index] of [method show_themes]' list.
signal theme_selected(index: int)
## The user asked to copy the grid as ASCII.
signal copy_ascii_pressed
## The user asked to save the layout.
signal save_pressed
## The user asked to choose the folder saves go to.
signal folder_pressed

## Rows of the stats: [code][stat key, label][/code], in display order (the keys of
## [method SeedInspector.get_stats]): [constant StoreyStats.ROWS].
const STAT_ROWS := StoreyStats.ROWS
## The tooltip of the legend's OUT_OF_BOUNDS entry: no theme draws those cells.
const NOT_DRAWN := "OUT_OF_BOUNDS cells are not drawn: the background shows through."

var _stat_labels: Dictionary[String, Label] = {}

@onready var _seed_edit: LineEdit = %SeedEdit
@onready var _randomise_button: Button = %RandomiseButton
@onready var _depth_slider: Slider = %DepthSlider
@onready var _depth_value: Label = %DepthValue
@onready var _level_slider: Slider = %LevelSlider
@onready var _level_value: Label = %LevelValue
@onready var _type_option: OptionButton = %TypeOption
@onready var _staircase_edit: LineEdit = %StaircaseEdit
@onready var _theme_row: Control = %ThemeRow
@onready var _theme_option: OptionButton = %ThemeOption
@onready var _copy_button: Button = %CopyAsciiButton
@onready var _save_button: Button = %SaveButton
@onready var _folder_button: Button = %FolderButton
@onready var _refusal_label: Label = %Refusal
@onready var _message_label: Label = %Message
@onready var _stats_grid: GridContainer = %Stats
@onready var _legend_grid: GridContainer = %Legend


func _ready() -> void:
	var types := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	for i in types.size():
		_type_option.add_item(types[i], i)
	var depths := InspectorSettings.depth_range()
	var levels := InspectorSettings.level_range()
	_depth_slider.min_value = depths.x
	_depth_slider.max_value = depths.y
	_depth_slider.tick_count = depths.y - depths.x + 1
	_level_slider.min_value = levels.x
	_level_slider.max_value = levels.y
	_level_slider.tick_count = levels.y - levels.x + 1
	for row in STAT_ROWS:
		var name_label := Label.new()
		name_label.text = row[1]
		var value_label := Label.new()
		value_label.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		value_label.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
		value_label.text = "-"
		_stats_grid.add_child(name_label)
		_stats_grid.add_child(value_label)
		_stat_labels[row[0]] = value_label
	_seed_edit.text_changed.connect(_on_edited.unbind(1))
	_depth_slider.value_changed.connect(_on_slider_moved.unbind(1))
	_level_slider.value_changed.connect(_on_slider_moved.unbind(1))
	_type_option.item_selected.connect(_on_edited.unbind(1))
	_staircase_edit.text_changed.connect(_on_edited.unbind(1))
	_randomise_button.pressed.connect(randomise_pressed.emit)
	_theme_option.item_selected.connect(theme_selected.emit)
	_copy_button.pressed.connect(copy_ascii_pressed.emit)
	_save_button.pressed.connect(save_pressed.emit)
	_folder_button.pressed.connect(folder_pressed.emit)


## Offers the themes named [param names] (the first is selected); none hides the choice.
func show_themes(names: PackedStringArray) -> void:
	_theme_option.clear()
	for theme_name in names:
		_theme_option.add_item(theme_name)
	_theme_row.visible = not names.is_empty()


## Shows [param settings] in the controls, without emitting [signal edited].
func show_settings(settings: InspectorSettings) -> void:
	_seed_edit.text = str(settings.seed_value)
	_depth_slider.set_value_no_signal(settings.storey_depth)
	_depth_value.text = str(settings.storey_depth)
	_level_slider.set_value_no_signal(settings.outpost_level)
	_level_value.text = str(settings.outpost_level)
	_type_option.select(_type_option.get_item_index(settings.storey_type))
	_staircase_edit.text = settings.staircase_text()


## The settings the controls show: [param base] with every field read in (see
## [method InspectorSettings.with_text]).
func read_settings(base: InspectorSettings) -> InspectorSettings:
	var type := _type_option.get_selected_id() as StoreyLayout.StoreyType
	return base.with_text(
		_seed_edit.text,
		int(_depth_slider.value),
		int(_level_slider.value),
		type,
		_staircase_edit.text
	)


## Shows why the settings give no storey; [code]""[/code] hides the notice.
func show_refusal(text: String) -> void:
	_refusal_label.text = text
	_refusal_label.visible = not text.is_empty()


## Says where Save writes ([param folder]), on the Save button's tooltip.
func show_folder(folder: String) -> void:
	_save_button.tooltip_text = "Save the layout as a .tres in %s" % folder
	_folder_button.tooltip_text = "Choose the folder Save writes into (now %s)" % folder


## Shows the result of Copy ASCII or Save; [param tooltip] adds detail on hover.
## [code]""[/code] hides the message.
func show_message(text: String, tooltip: String = "") -> void:
	_message_label.text = text
	_message_label.tooltip_text = tooltip
	_message_label.visible = not text.is_empty()


## Shows [param stats] (see [method SeedInspector.get_stats]) in the rows of
## [constant STAT_ROWS]; the labels are updated in place.
func show_stats(stats: Dictionary) -> void:
	for key in _stat_labels:
		_stat_labels[key].text = format_stat(stats, key)


## Shows a swatch and a name for every type [param definitions] draws, after
## OUT_OF_BOUNDS in [param out_of_bounds_color] (the background it leaves visible; its
## tooltip is [constant NOT_DRAWN]).
func show_legend(definitions: CellDefinitions, out_of_bounds_color: Color) -> void:
	for child in _legend_grid.get_children():
		child.free()
	var oob := StoreyLayout.CellType.OUT_OF_BOUNDS
	var swatch := _add_legend_entry(out_of_bounds_color, CellDefinitions.type_name(oob), NOT_DRAWN)
	# The background's colour on a dark panel: outlined, so that the swatch shows.
	var outline := ReferenceRect.new()
	outline.editor_only = false
	outline.border_color = Color(1, 1, 1, 0.45)
	outline.set_anchors_preset(Control.PRESET_FULL_RECT)
	outline.mouse_filter = Control.MOUSE_FILTER_IGNORE
	swatch.add_child(outline)
	if definitions == null:
		return
	for cell_type in CellDefinitions.TYPES:
		var definition := definitions.get_definition(cell_type)
		if definition != null:
			_add_legend_entry(definition.color, CellDefinitions.type_name(cell_type))


## The text of stat [param key] of [param stats] as the panel shows it
## ([method StoreyStats.format]).
static func format_stat(stats: Dictionary, key: String) -> String:
	return StoreyStats.format(stats, key)


func _add_legend_entry(color: Color, text: String, tooltip: String = "") -> ColorRect:
	var swatch := ColorRect.new()
	swatch.custom_minimum_size = Vector2(16, 16)
	swatch.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	swatch.color = color
	swatch.tooltip_text = tooltip
	var label := Label.new()
	label.text = text
	label.tooltip_text = tooltip
	label.mouse_filter = Control.MOUSE_FILTER_PASS
	_legend_grid.add_child(swatch)
	_legend_grid.add_child(label)
	return swatch


func _on_slider_moved() -> void:
	_depth_value.text = str(int(_depth_slider.value))
	_level_value.text = str(int(_level_slider.value))
	edited.emit()


func _on_edited() -> void:
	edited.emit()
