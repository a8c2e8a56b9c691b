@tool
extends VBoxContainer
## The Outpost dock's Survey section: surveys the dock's settings
## ([method settings_source]) off the main thread ([OutpostSurveyRun]) for
## [constant SURVEY_DEFAULT_COUNT] layouts of the sweep from [constant SURVEY_SEED] (the
## Count field's), with a progress bar and Cancel, then shows the distribution of every
## metric per storey type and two heat maps, all within [constant NARROWEST] pixels (the
## dock's narrowest): the table shows the median and the middle 80 % (p10–p90) of each
## metric, every figure in the row's tooltip; the heat maps wrap under each other.

## A survey started by [method start] ended ([param cancelled]: by [method cancel]); its
## table and heat maps are shown.
signal surveyed(cancelled: bool)

const DockGrid := preload("res://addons/outpost_storeys/editor/DockGrid.gd")
const OutpostSurveyRun := preload("res://addons/outpost_storeys/editor/OutpostSurveyRun.gd")
const SurveyHeatMap := preload("res://addons/outpost_storeys/editor/SurveyHeatMap.gd")
## The figures of a [method StoreySurvey.report] summary, as a row's tooltip lists them.
const SURVEY_COLUMNS: Array[String] = ["min", "p10", "median", "p90", "max", "mean"]
## The columns of the survey's table after the metric's name: a figure, or a range of two.
const TABLE_COLUMNS: Array[Array] = [["median"], ["p10", "p90"]]
## The headings of the table: the metric's, then [constant TABLE_COLUMNS]'s.
const TABLE_HEADINGS: Array[String] = ["metric", "median", "p10–p90"]
## The dock's narrowest width, in pixels: the section's results fit in it.
const NARROWEST := 240
## The heat maps of the survey: [code][x metric, y metric][/code].
const HEAT_MAPS: Array[Array] = [["loops", "dead_ends"], ["path_detour", "open_fraction"]]
## Layouts a survey covers unless told otherwise (a third of them of each storey type).
const SURVEY_DEFAULT_COUNT := 1000
## The sweep seed of the dock's surveys (the one docs/survey.md reports, so the numbers
## compare).
const SURVEY_SEED := 0
## Font size of the survey's table.
const SURVEY_FONT_SIZE := 11
## Side of a heat map in the dock, in pixels.
const HEAT_MAP_PX := 160

## The survey (running or finished).
var run := OutpostSurveyRun.new()
## What to survey: called with no argument, returns [code][settings, problem][/code] (the
## dock's slot, and why they cannot generate: "" if they can).
var settings_source: Callable
## The section's buttons by name: [code]survey[/code], [code]cancel_survey[/code].
var buttons_by_name: Dictionary[String, Button] = {}

var _survey_count: SpinBox
var _survey_type: OptionButton
var _survey_bar: ProgressBar
var _survey_status: Label
var _survey_table: VBoxContainer
var _survey_maps: HFlowContainer


func _init() -> void:
	name = "SurveySection"
	var grid := DockGrid.grid()
	_survey_count = SpinBox.new()
	_survey_count.min_value = 10
	_survey_count.max_value = 100000
	_survey_count.step = 10
	_survey_count.value = SURVEY_DEFAULT_COUNT
	_survey_count.tooltip_text = (
		"Layouts of the sweep from seed 0 (seed 0 + i; the type varies fastest, then the"
		+ " depth, then the level), as outpost survey --count N --seed 0."
	)
	DockGrid.row(grid, "Count", _survey_count)
	_survey_type = OptionButton.new()
	_survey_type.add_item("All types")
	for type_name in ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType"):
		_survey_type.add_item(type_name)
	_survey_type.tooltip_text = "The storey type the table and the heat maps show."
	_survey_type.item_selected.connect(func(_index: int) -> void: show_results())
	DockGrid.row(grid, "Show", _survey_type)
	add_child(grid)
	var buttons := HBoxContainer.new()
	for entry: Array in [
		["survey", "Survey", "Survey the settings in the slot (off the main thread).", start],
		["cancel_survey", "Cancel", "Stop the running survey.", cancel],
	]:
		var button := Button.new()
		button.text = entry[1]
		button.tooltip_text = entry[2]
		var action: Callable = entry[3]
		button.pressed.connect(func() -> void: action.call())
		buttons.add_child(button)
		buttons_by_name[entry[0]] = button
	buttons_by_name["cancel_survey"].disabled = true
	_survey_bar = ProgressBar.new()
	_survey_bar.name = "SurveyProgress"
	_survey_bar.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_survey_bar.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	buttons.add_child(_survey_bar)
	add_child(buttons)
	_survey_status = Label.new()
	_survey_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_survey_status.text = "Survey the settings to see their expressive range."
	add_child(_survey_status)
	# The results fit the dock's width (NARROWEST): the heat maps wrap.
	var results := VBoxContainer.new()
	results.name = "SurveyResults"
	results.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_survey_table = VBoxContainer.new()
	_survey_table.name = "SurveyTable"
	results.add_child(_survey_table)
	_survey_maps = HFlowContainer.new()
	_survey_maps.name = "SurveyHeatMaps"
	results.add_child(_survey_maps)
	add_child(results)
	run.finished.connect(_on_finished)


func _process(_delta: float) -> void:
	if not run.is_running():
		set_process(false)
		return
	_survey_bar.value = run.get_done()
	_survey_status.text = "Surveying: %d of %d layouts..." % [_survey_bar.value, run.count]
	run.poll()


func _exit_tree() -> void:
	if run.is_running():
		run.cancel()
		run.wait()


## Surveys [method settings_source]'s settings on a worker thread: [param count] layouts
## of the sweep from [constant SURVEY_SEED] (-1: the Count field's). The progress bar
## follows; when it ends, [signal surveyed] and the table and heat maps show it. False
## (the status says why) while a survey runs or for settings that cannot generate.
func start(count: int = -1) -> bool:
	if run.is_running():
		_survey_status.text = "A survey is running (Cancel stops it)."
		return false
	var source: Array = settings_source.call() if settings_source.is_valid() else [null, ""]
	if not (source[1] as String).is_empty():
		_survey_status.text = "Nothing surveyed: " + source[1]
		return false
	if count < 0:
		count = int(_survey_count.value)
	if not run.start(source[0], count, SURVEY_SEED):
		_survey_status.text = "The survey could not start (see the output log)."
		return false
	_survey_bar.max_value = count
	_survey_bar.value = 0
	_survey_status.text = "Surveying: 0 of %d layouts..." % count
	buttons_by_name["survey"].disabled = true
	buttons_by_name["cancel_survey"].disabled = false
	set_process(true)
	return true


## Stops the running survey at its next step; its table is not shown.
func cancel() -> void:
	run.cancel()


## What the section says (progress, done, cancelled, or why nothing ran).
func get_status() -> String:
	return _survey_status.text


## The storey type the table and heat maps show (-1: every type).
func get_filter() -> int:
	return _survey_type.selected - 1


## Shows storey type [param storey_type] (-1: every type) in the table and heat maps.
func set_filter(storey_type: int) -> void:
	_survey_type.select(storey_type + 1)
	show_results()


## Fills the table and heat maps from the last finished survey (empty without one), for
## the storey types of [method get_filter].
func show_results() -> void:
	for box: Container in [_survey_table, _survey_maps]:
		for child in box.get_children():
			box.remove_child(child)
			child.queue_free()
	var survey := run.survey
	if survey == null:
		return
	var report := survey.report()
	var type_names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	for storey_type in type_names.size():
		if get_filter() >= 0 and storey_type != get_filter():
			continue
		var type_name := type_names[storey_type]
		var layouts := survey.get_values("rooms", storey_type).size()
		var heading := Label.new()
		heading.text = "%s: %d layouts" % [type_name, layouts]
		_survey_table.add_child(heading)
		_survey_table.add_child(_survey_grid(type_name, report.get(type_name, {})))
		for pair: Array in HEAT_MAPS:
			_survey_maps.add_child(_heat_map(survey, storey_type, type_name, pair[0], pair[1]))


## The text of a survey value as the table shows it ("-" for none).
static func format_value(value: Variant) -> String:
	if value == null:
		return "-"
	var number := float(value)
	if number == roundf(number):
		return str(int(number))
	return "%.2f" % number


# The table of one storey type: a row per metric, a column per TABLE_COLUMNS entry; the
# row's tooltip has every figure of SURVEY_COLUMNS.
func _survey_grid(type_name: String, metrics: Dictionary) -> GridContainer:
	var grid := GridContainer.new()
	grid.name = "Table_" + type_name
	grid.columns = TABLE_HEADINGS.size()
	grid.add_theme_constant_override("h_separation", 4)
	for heading in TABLE_HEADINGS:
		var cell := _cell(heading, "")
		cell.modulate = Color(0.75, 0.8, 0.9)
		grid.add_child(cell)
	for metric in StoreySurvey.get_metric_names():
		var summary: Dictionary = metrics.get(metric, {})
		var figures := PackedStringArray()
		for key in SURVEY_COLUMNS:
			figures.append("%s %s" % [key, format_value(summary.get(key))])
		var tooltip := "%s (%s): %s" % [metric, type_name, ", ".join(figures)]
		grid.add_child(_cell(metric, tooltip))
		for keys: Array in TABLE_COLUMNS:
			var values := PackedStringArray()
			for key: String in keys:
				values.append(format_value(summary.get(key)))
			var cell := _cell("–".join(values), tooltip)
			cell.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
			grid.add_child(cell)
	return grid


func _cell(text: String, tooltip: String) -> Label:
	var cell := Label.new()
	cell.text = text
	cell.tooltip_text = tooltip
	cell.mouse_filter = Control.MOUSE_FILTER_PASS
	cell.add_theme_font_size_override("font_size", SURVEY_FONT_SIZE)
	return cell


# A heat map with its caption and axes.
func _heat_map(
	survey: StoreySurvey, storey_type: int, type_name: String, x_metric: String, y_metric: String
) -> Control:
	var heat := SurveyHeatMap.of_survey(survey, x_metric, y_metric, storey_type)
	var box := VBoxContainer.new()
	box.custom_minimum_size = Vector2(HEAT_MAP_PX, 0)
	var caption := Label.new()
	caption.text = "%s\n%s (y) by %s (x)" % [type_name, y_metric, x_metric]
	caption.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	caption.custom_minimum_size = Vector2(HEAT_MAP_PX, 0)
	caption.add_theme_font_size_override("font_size", SURVEY_FONT_SIZE)
	box.add_child(caption)
	var picture := TextureRect.new()
	picture.name = "HeatMap_%s_%s_%s" % [type_name, x_metric, y_metric]
	picture.custom_minimum_size = Vector2(HEAT_MAP_PX, HEAT_MAP_PX)
	picture.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	picture.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	picture.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
	var image: Image = heat["image"]
	picture.texture = ImageTexture.create_from_image(image) if image != null else null
	picture.tooltip_text = (
		"%s: layouts per bin of %s (x) and %s (y); dark: none, blue: one, yellow: %d."
		% [type_name, x_metric, y_metric, heat["most"]]
	)
	box.add_child(picture)
	var axes := Label.new()
	axes.text = (
		"x %s %s\ny %s %s\nfullest bin: %d layouts"
		% [x_metric, heat["x_axis"], y_metric, heat["y_axis"], heat["most"]]
	)
	axes.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	axes.custom_minimum_size = Vector2(HEAT_MAP_PX, 0)
	axes.add_theme_font_size_override("font_size", SURVEY_FONT_SIZE)
	box.add_child(axes)
	return box


func _on_finished(cancelled: bool) -> void:
	buttons_by_name["survey"].disabled = false
	buttons_by_name["cancel_survey"].disabled = true
	set_process(false)
	if cancelled:
		_survey_status.text = ("Cancelled after %d of %d layouts." % [run.get_done(), run.count])
	else:
		_survey_bar.value = run.count
		var failures := run.survey.get_failure_count()
		_survey_status.text = (
			"%d layouts of the sweep from seed %d, settings: %s%s."
			% [
				run.count,
				SURVEY_SEED,
				run.settings_text,
				(", %d could not be made" % failures) if failures > 0 else "",
			]
		)
	show_results()
	surveyed.emit(cancelled)
