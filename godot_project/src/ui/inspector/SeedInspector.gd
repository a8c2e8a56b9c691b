class_name SeedInspector
extends Node3D
## The single-storey workbench ([code]scenes/outpost_test.tscn[/code]): pick a seed, depth,
## level, storey type and optionally a forced staircase; see the storey, its objects, its
## stats and a colour legend at once.
##
## Every change of a setting (a control or one of the properties below) calls
## [method regenerate]: generate, render with the [StoreyRenderer] child, spawn objects with
## the [StoreyObjectSpawner] child (with their [code]spawning_enabled[/code] turned off, so
## entry points send no drones here), update the stats in place. A setting that cannot
## give a storey (a seed that is no 64-bit integer, a forced staircase that is not a cell
## of the interior of the grid) is refused: the reason shows in the panel, [member layout]
## stays, and nothing is logged.
##
## Controls (unique names in the scene): [code]%SeedEdit[/code], [code]%RandomiseButton[/code],
## [code]%DepthSlider[/code], [code]%LevelSlider[/code], [code]%TypeOption[/code],
## [code]%StaircaseEdit[/code] ("x, y"; empty lets the generator choose),
## [code]%ThemeOption[/code], [code]%CopyAsciiButton[/code], [code]%SaveButton[/code];
## outputs: [code]%Refusal[/code], [code]%Message[/code], [code]%Stats[/code],
## [code]%Legend[/code]. The camera orbits with a mouse drag and zooms with the wheel; Esc
## ([code]back_to_menu[/code]) returns to the main menu.

## Emitted when [method regenerate] replaced [member layout].
signal regenerated(layout: StoreyLayout)
## Emitted when [method regenerate] refused the settings; [param message] is shown in the
## panel and [member layout] was kept.
signal refused(message: String)

## The scene Esc ([code]back_to_menu[/code]) opens.
const MENU_SCENE := "res://scenes/main_menu.tscn"
## Slider range of [member storey_depth].
const MIN_DEPTH := 1
## Slider range of [member storey_depth].
const MAX_DEPTH := 6
## Slider range of [member outpost_level].
const MIN_LEVEL := 1
## Slider range of [member outpost_level].
const MAX_LEVEL := 4
## Folder "Save .tres" writes to.
const SAVE_DIR := "user://"
## Rows of the stats panel: [code][get_stats() key, label][/code], in display order.
const STAT_ROWS: Array[Array] = [
	["size", "Size"],
	["rooms", "Rooms"],
	["oob_share", "Out of bounds"],
	["entries", "Entries"],
	["beacons", "Beacons"],
	["path_lengths", "Path lengths"],
	["open_zones", "Open zones"],
	["attempts", "Generation attempts"],
	["generation_usec", "Generation"],
	["render_msec", "Render"],
	["spawn_msec", "Spawn"],
	["regenerate_msec", "Regenerate"],
]
## What the characters of [method StoreyLayout.to_ascii_with_paths] mean.
const ASCII_LEGEND := (
	"legend: ~ OUT_OF_BOUNDS # WALL . EMPTY E ENTRY B BEACON" + " O SHAFT S STAIRCASE * PATH"
)
const _SEED_RANGE := "-9223372036854775808 to 9223372036854775807"

## The seed (any 64-bit integer).
@export var seed_value: int = 1:
	set(value):
		seed_value = value
		_seed_error = ""
		if is_node_ready() and not _from_ui:
			_seed_edit.text = str(value)
		_changed()
## 1-based index of the storey in its building, [constant MIN_DEPTH]-[constant MAX_DEPTH].
@export_range(MIN_DEPTH, MAX_DEPTH) var storey_depth: int = 1:
	set(value):
		storey_depth = clampi(value, MIN_DEPTH, MAX_DEPTH)
		if is_node_ready():
			_depth_slider.set_value_no_signal(storey_depth)
			_depth_value.text = str(storey_depth)
		_changed()
## Outpost level, [constant MIN_LEVEL]-[constant MAX_LEVEL].
@export_range(MIN_LEVEL, MAX_LEVEL) var outpost_level: int = 1:
	set(value):
		outpost_level = clampi(value, MIN_LEVEL, MAX_LEVEL)
		if is_node_ready():
			_level_slider.set_value_no_signal(outpost_level)
			_level_value.text = str(outpost_level)
		_changed()
## The [enum StoreyLayout.StoreyType].
@export var storey_type: StoreyLayout.StoreyType = StoreyLayout.StoreyType.GROUND_FLOOR:
	set(value):
		storey_type = value
		if is_node_ready():
			_type_option.select(_type_option.get_item_index(value))
		_changed()
## The cell the staircase is forced onto, or [code](-1, -1)[/code] to let the generator
## choose. Checked with [method ForcedStaircase.check] before generating.
@export var forced_staircase := Vector2i(-1, -1):
	set(value):
		forced_staircase = value
		_staircase_error = ""
		if is_node_ready() and not _from_ui:
			_staircase_edit.text = (
				"" if value == ForcedStaircase.NONE else "%d, %d" % [value.x, value.y]
			)
		_changed()
## Themes offered by [code]%ThemeOption[/code]; the first is applied at start. Empty
## keeps the renderer's own theme and hides the choice.
@export var themes: Array[CellDefinitions] = []

## The storey shown: the last one [method regenerate] made.
var layout: StoreyLayout
## Opens a scene: called as [code]scene_changer.call(path)[/code]; empty uses
## [method SceneTree.change_scene_to_file]. Tests inject their own.
var scene_changer: Callable

var _stats: Dictionary = {}
var _refusal := ""
var _seed_error := ""
var _staircase_error := ""
var _from_ui := false
var _batching := false
var _fitted_size := Vector2i.ZERO
var _stat_labels: Dictionary[String, Label] = {}
var _cell_pattern := RegEx.create_from_string(
	r"^\(?\s*([+-]?\d{1,9})\s*(?:,\s*|\s+)([+-]?\d{1,9})\s*\)?$"
)

@onready var _renderer: StoreyRenderer = $Renderer
@onready var _spawner: StoreyObjectSpawner = $Spawner
@onready var _camera: OrbitCamera = $Camera
@onready var _panel: Control = %Panel
@onready var _seed_edit: LineEdit = %SeedEdit
@onready var _depth_slider: Slider = %DepthSlider
@onready var _depth_value: Label = %DepthValue
@onready var _level_slider: Slider = %LevelSlider
@onready var _level_value: Label = %LevelValue
@onready var _type_option: OptionButton = %TypeOption
@onready var _staircase_edit: LineEdit = %StaircaseEdit
@onready var _theme_option: OptionButton = %ThemeOption
@onready var _randomise_button: Button = %RandomiseButton
@onready var _copy_button: Button = %CopyAsciiButton
@onready var _save_button: Button = %SaveButton
@onready var _refusal_label: Label = %Refusal
@onready var _message_label: Label = %Message
@onready var _stats_grid: GridContainer = %Stats
@onready var _legend_grid: GridContainer = %Legend


func _ready() -> void:
	var types := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	for i in types.size():
		_type_option.add_item(types[i], i)
	for theme in themes:
		_theme_option.add_item(theme.get_display_name())
	_theme_option.get_parent().visible = not themes.is_empty()
	if not themes.is_empty():
		_renderer.cell_definitions = themes[0]
	_depth_slider.min_value = MIN_DEPTH
	_depth_slider.max_value = MAX_DEPTH
	_level_slider.min_value = MIN_LEVEL
	_level_slider.max_value = MAX_LEVEL
	_build_stat_rows()
	_build_legend()
	_batching = true
	seed_value = seed_value
	storey_depth = storey_depth
	outpost_level = outpost_level
	storey_type = storey_type
	forced_staircase = forced_staircase
	_batching = false
	_seed_edit.text_changed.connect(_on_seed_text_changed)
	_randomise_button.pressed.connect(randomise_seed)
	_depth_slider.value_changed.connect(_on_depth_changed)
	_level_slider.value_changed.connect(_on_level_changed)
	_type_option.item_selected.connect(_on_type_selected)
	_staircase_edit.text_changed.connect(_on_staircase_text_changed)
	_theme_option.item_selected.connect(_on_theme_selected)
	_copy_button.pressed.connect(_on_copy_ascii_pressed)
	_save_button.pressed.connect(_on_save_pressed)
	get_viewport().size_changed.connect(_update_camera_inset)
	_update_camera_inset()
	regenerate()


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"back_to_menu"):
		get_viewport().set_input_as_handled()
		back_to_menu()


## Generates the storey of the current settings, renders it, spawns its objects and
## updates the stats. If the settings are refused, shows why in the panel, emits
## [signal refused] and keeps [member layout].
func regenerate() -> void:
	var started := Time.get_ticks_usec()
	var refusal := _settings_error()
	_show_refusal(refusal)
	if not refusal.is_empty():
		refused.emit(refusal)
		return
	var generating := Time.get_ticks_usec()
	var next := StoreyGenerator.generate(
		seed_value, storey_depth, outpost_level, forced_staircase, storey_type
	)
	var generated := Time.get_ticks_usec()
	if next == null:
		# Unreachable with checked settings; the generator has logged why.
		_show_refusal("The generator made no storey for these settings.")
		return
	layout = next
	_renderer.render(layout)
	var rendered := Time.get_ticks_usec()
	_spawner.spawn(layout)
	for node in _spawner.get_spawned():
		if &"spawning_enabled" in node:
			node.set(&"spawning_enabled", false)
	var spawned := Time.get_ticks_usec()
	_stats = _layout_stats(layout)
	_stats["generation_usec"] = generated - generating
	_stats["render_msec"] = (rendered - generated) / 1000.0
	_stats["spawn_msec"] = (spawned - rendered) / 1000.0
	var size := Vector2i(layout.width, layout.height)
	if size != _fitted_size:
		_fitted_size = size
		_fit_camera()
	for key in _stat_labels:
		if key != "regenerate_msec":
			_stat_labels[key].text = _format_stat(key)
	_stats["regenerate_msec"] = (Time.get_ticks_usec() - started) / 1000.0
	_stat_labels["regenerate_msec"].text = _format_stat("regenerate_msec")
	regenerated.emit(layout)


## Sets every setting, then regenerates once.
func configure(
	new_seed: int,
	depth: int,
	level: int,
	type: StoreyLayout.StoreyType,
	staircase: Vector2i = ForcedStaircase.NONE
) -> void:
	_batching = true
	seed_value = new_seed
	storey_depth = depth
	outpost_level = level
	storey_type = type
	forced_staircase = staircase
	_batching = false
	regenerate()


## Sets a random 64-bit seed (what [code]%RandomiseButton[/code] does).
func randomise_seed() -> void:
	var rng := RandomNumberGenerator.new()
	seed_value = (rng.randi() << 32) | rng.randi()


## The numbers of the stats panel for [member layout] (empty before the first storey):
## [code]width[/code], [code]height[/code], [code]rooms[/code], [code]oob_cells[/code],
## [code]entries[/code], [code]beacons[/code], [code]open_zones[/code],
## [code]attempts[/code], [code]generation_usec[/code] (all [int]);
## [code]oob_share[/code] (OUT_OF_BOUNDS cells / all cells), [code]render_msec[/code],
## [code]spawn_msec[/code], [code]regenerate_msec[/code] (generate + render + spawn +
## stats) (all [float]); [code]path_lengths[/code] ([PackedInt32Array]: cells of each
## enemy path, its ENTRY and BEACON included, in [member StoreyLayout.entry_cells] order).
func get_stats() -> Dictionary:
	return _stats.duplicate()


## Why the current settings are refused (shown in [code]%Refusal[/code]), or
## [code]""[/code].
func get_refusal() -> String:
	return _refusal


## The text "Copy ASCII" puts on the clipboard: [method StoreyLayout.to_ascii] of
## [member layout] (the plain grid, parseable back), or [code]""[/code] without one.
func get_ascii_text() -> String:
	return layout.to_ascii() if layout != null else ""


## A plain-text summary for headless runs: the settings, every stat of the panel, then the
## picture from [method StoreyLayout.to_ascii_with_paths] and its legend.
func get_summary() -> String:
	if layout == null:
		return "No storey: %s\n" % _refusal
	var type_name := _type_name(layout.storey_type)
	var lines := PackedStringArray(
		[
			(
				"Storey: seed %d, %s, depth %d, level %d"
				% [layout.seed_value, type_name, layout.storey_depth, layout.outpost_level]
			)
		]
	)
	for row in STAT_ROWS:
		lines.append("%s: %s" % [row[1], _format_stat(row[0])])
	lines.append(layout.to_ascii_with_paths().trim_suffix("\n"))
	lines.append(ASCII_LEGEND)
	return "\n".join(lines) + "\n"


## Saves [member layout] under [constant SAVE_DIR] and returns its path (also shown in
## [code]%Message[/code]); [code]""[/code] if there is nothing to save or saving failed.
func save_tres() -> String:
	if layout == null:
		_show_message("Nothing to save.")
		return ""
	var type_name := _type_name(layout.storey_type)
	var path := (
		"%sstorey_%s_d%d_l%d_seed%d.tres"
		% [
			SAVE_DIR,
			type_name.to_lower(),
			layout.storey_depth,
			layout.outpost_level,
			layout.seed_value
		]
	)
	var err := ResourceSaver.save(layout, path)
	if err != OK:
		_show_message("Could not save %s: %s." % [path, error_string(err)])
		return ""
	_show_message("Saved " + path)
	_message_label.tooltip_text = ProjectSettings.globalize_path(path)
	return path


## Leaves the workbench for [constant MENU_SCENE] (what Esc does).
func back_to_menu() -> void:
	if scene_changer.is_valid():
		scene_changer.call(MENU_SCENE)
	else:
		get_tree().change_scene_to_file(MENU_SCENE)


## Why [param text] is not a seed (a 64-bit integer in decimal), or [code]""[/code].
static func seed_error(text: String) -> String:
	var t := text.strip_edges()
	if not t.is_valid_int():
		return 'Seed "%s" is not an integer.' % text
	var digits := t.trim_prefix("+").trim_prefix("-").lstrip("0")
	var limit := "9223372036854775808" if t.begins_with("-") else "9223372036854775807"
	if digits.length() > limit.length() or (digits.length() == limit.length() and digits > limit):
		return "Seed %s does not fit in 64 bits (%s)." % [t, _SEED_RANGE]
	return ""


static func _type_name(storey_type: int) -> String:
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	return (
		names[storey_type] if storey_type >= 0 and storey_type < names.size() else str(storey_type)
	)


func _changed() -> void:
	if is_node_ready() and not _batching:
		regenerate()


func _settings_error() -> String:
	if not _seed_error.is_empty():
		return _seed_error
	if not _staircase_error.is_empty():
		return _staircase_error
	return ForcedStaircase.check(forced_staircase, storey_depth, outpost_level, storey_type)


func _show_refusal(text: String) -> void:
	if text == _refusal:
		return
	_refusal = text
	_refusal_label.text = text
	_refusal_label.visible = not text.is_empty()


func _show_message(text: String) -> void:
	_message_label.text = text
	_message_label.tooltip_text = ""
	_message_label.visible = not text.is_empty()


func _layout_stats(storey: StoreyLayout) -> Dictionary:
	var oob := 0
	for column: PackedByteArray in storey.cells:
		oob += column.count(StoreyLayout.CellType.OUT_OF_BOUNDS)
	var path_lengths := PackedInt32Array()
	for path: Array in storey.enemy_paths:
		path_lengths.append(path.size())
	return {
		"width": storey.width,
		"height": storey.height,
		"rooms": storey.rooms.size(),
		"oob_cells": oob,
		"oob_share": float(oob) / (storey.width * storey.height),
		"entries": storey.entry_cells.size(),
		"beacons": storey.beacon_cells.size(),
		"path_lengths": path_lengths,
		"open_zones": storey.open_zone_count,
		"attempts": storey.generation_attempts,
	}


func _format_stat(key: String) -> String:
	if _stats.is_empty():
		return "-"
	var text := str(_stats.get(key, "-"))
	match key:
		"size":
			text = "%d x %d" % [_stats["width"], _stats["height"]]
		"oob_share":
			text = "%.1f %% (%d cells)" % [_stats["oob_share"] * 100.0, _stats["oob_cells"]]
		"path_lengths":
			var lengths := PackedStringArray()
			for n in _stats["path_lengths"]:
				lengths.append(str(n))
			text = ", ".join(lengths) + " cells"
		"generation_usec":
			text = "%d µs" % _stats["generation_usec"]
		"render_msec", "spawn_msec", "regenerate_msec":
			text = "%.2f ms" % _stats.get(key, 0.0)
	return text


func _build_stat_rows() -> void:
	for row in STAT_ROWS:
		var name_label := Label.new()
		name_label.text = row[1]
		var value_label := Label.new()
		value_label.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		value_label.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
		_stats_grid.add_child(name_label)
		_stats_grid.add_child(value_label)
		_stat_labels[row[0]] = value_label


# One swatch and name per drawn cell type, from the renderer's theme.
func _build_legend() -> void:
	for child in _legend_grid.get_children():
		child.free()
	var definitions := _renderer.cell_definitions
	if definitions == null:
		return
	for cell_type in CellDefinitions.TYPES:
		var definition := definitions.get_definition(cell_type)
		if definition == null:
			continue
		var swatch := ColorRect.new()
		swatch.custom_minimum_size = Vector2(18, 18)
		swatch.color = definition.color
		var label := Label.new()
		label.text = CellDefinitions.type_name(cell_type)
		label.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		_legend_grid.add_child(swatch)
		_legend_grid.add_child(label)


func _update_camera_inset() -> void:
	var width := get_viewport().get_visible_rect().size.x
	var panel_width := maxf(_panel.size.x, _panel.custom_minimum_size.x)
	_camera.left_inset = clampf(panel_width / maxf(width, 1.0), 0.0, 0.9)
	_fit_camera()


func _fit_camera() -> void:
	var size := Vector3(_fitted_size.x, StoreyRenderer.WALL_HEIGHT, _fitted_size.y)
	_camera.fit(AABB(Vector3.ZERO, size))


func _on_seed_text_changed(text: String) -> void:
	var error := seed_error(text)
	if not error.is_empty():
		_seed_error = error
		regenerate()
		return
	_from_ui = true
	seed_value = text.strip_edges().to_int()
	_from_ui = false


func _on_depth_changed(value: float) -> void:
	storey_depth = int(value)


func _on_level_changed(value: float) -> void:
	outpost_level = int(value)


func _on_type_selected(index: int) -> void:
	storey_type = _type_option.get_item_id(index) as StoreyLayout.StoreyType


func _on_staircase_text_changed(text: String) -> void:
	var cell := ForcedStaircase.NONE
	if not text.strip_edges().is_empty():
		var found := _cell_pattern.search(text.strip_edges())
		if found == null:
			_staircase_error = (
				'Forced staircase "%s": write two integers as "x, y", or leave it empty.' % text
			)
			regenerate()
			return
		cell = Vector2i(found.get_string(1).to_int(), found.get_string(2).to_int())
	_from_ui = true
	forced_staircase = cell
	_from_ui = false


func _on_theme_selected(index: int) -> void:
	_renderer.cell_definitions = themes[index]
	_build_legend()


func _on_save_pressed() -> void:
	save_tres()


func _on_copy_ascii_pressed() -> void:
	var text := get_ascii_text()
	if not DisplayServer.has_feature(DisplayServer.FEATURE_CLIPBOARD):
		_show_message("No clipboard on this display server.")
		return
	DisplayServer.clipboard_set(text)
	_show_message("Copied the %d x %d grid as ASCII." % [layout.width, layout.height])
