class_name SeedInspector
extends Node3D
## The Seed Inspector ([code]src/game/outpost_test.tscn[/code]): one storey at a time, from
## a seed, a depth, a level, a storey type and optionally a forced staircase, with its
## objects, its stats and a colour legend.
##
## The coordinator of three parts: the [InspectorSettings] value (what to generate, with
## the parsing and checking of what the user typed), the [SeedInspectorPanel] (the
## controls, stats and legend; it reports edits with signals) and this node, which
## generates, renders, spawns and reports. Every change of a setting, from the panel or
## one of the properties below, calls [method regenerate]. Settings that cannot give a
## storey are refused: the reason shows in the panel, [member layout] stays, and nothing
## is logged. The camera orbits with a mouse drag and zooms with the wheel; Esc
## ([code]back_to_menu[/code]) returns to the main menu.

## Emitted when [method regenerate] replaced [member layout].
signal regenerated(layout: StoreyLayout)
## Emitted when [method regenerate] refused the settings; [param message] is shown in the
## panel and [member layout] was kept.
signal refused(message: String)

## The name the inspector goes by: the scene's root node, the window title, the menu.
const DISPLAY_NAME := "Seed Inspector"
## The scene Esc ([code]back_to_menu[/code]) opens.
const MENU_SCENE := "res://src/game/main_menu.tscn"
## The user's folder, where "Save .tres" writes in an exported game (see [LayoutSaver]).
const SAVE_DIR := LayoutSaver.USER_FOLDER
## What the characters of [method StoreyLayout.to_ascii_with_paths] mean.
const ASCII_LEGEND := (
	"legend: ~ OUT_OF_BOUNDS # WALL . EMPTY E ENTRY B BEACON"
	+ " O SHAFT S STAIRCASE D ENTRANCE * PATH"
)

## The seed (any 64-bit integer).
@export var seed_value: int = 1:
	get:
		return settings.seed_value
	set(value):
		_set_setting(&"seed_value", value)
## 1-based index of the storey in its building, within
## [method InspectorSettings.depth_range] (from the core).
@export_range(StoreyGenerator.MIN_STOREY_DEPTH, StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH)
var storey_depth: int = 1:
	get:
		return settings.storey_depth
	set(value):
		_set_setting(&"storey_depth", value)
## Outpost level, within [method InspectorSettings.level_range] (from the core).
@export_range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)
var outpost_level: int = 1:
	get:
		return settings.outpost_level
	set(value):
		_set_setting(&"outpost_level", value)
## The [enum StoreyLayout.StoreyType].
@export var storey_type: StoreyLayout.StoreyType = StoreyLayout.StoreyType.GROUND_FLOOR:
	get:
		return settings.storey_type
	set(value):
		_set_setting(&"storey_type", value)
## The cell the staircase is forced onto, or [code](-1, -1)[/code] to let the generator
## choose. Checked with [method ForcedStaircase.check] before generating.
@export var forced_staircase := Vector2i(-1, -1):
	get:
		return settings.forced_staircase
	set(value):
		_set_setting(&"forced_staircase", value)
## Themes the panel offers; the first is applied at start. Empty keeps the renderer's own
## theme and hides the choice.
@export var themes: Array[CellDefinitions] = []

## The settings in force: the last ones set or edited, refused or not.
var settings := InspectorSettings.new()
## The storey shown: the last one [method regenerate] made.
var layout: StoreyLayout
## Opens a scene: called as [code]scene_changer.call(path)[/code]; empty uses
## [method SceneTree.change_scene_to_file]. Tests inject their own.
var scene_changer: Callable
## Where and how "Save .tres" saves (its folder remembered between runs). Tests set their
## own.
var saver := LayoutSaver.new()

var _stats: Dictionary = {}
var _refusal := ""
var _fitted_size := Vector2i.ZERO

@onready var _renderer: StoreyRenderer = $Renderer
@onready var _spawner: StoreyObjectSpawner = $Spawner
@onready var _camera: OrbitCamera = $Camera
@onready var _environment: WorldEnvironment = $Environment
@onready var _panel: SeedInspectorPanel = %Panel


func _ready() -> void:
	var theme_names := PackedStringArray()
	for theme in themes:
		theme_names.append(theme.get_display_name())
	_panel.show_themes(theme_names)
	if not themes.is_empty():
		_renderer.cell_definitions = themes[0]
	_show_legend()
	settings = settings.clamped()
	_panel.show_settings(settings)
	_panel.edited.connect(_on_panel_edited)
	_panel.randomise_pressed.connect(randomise_seed)
	_panel.theme_selected.connect(_on_theme_selected)
	_panel.copy_ascii_pressed.connect(_on_copy_ascii_pressed)
	_panel.save_pressed.connect(save_tres)
	_panel.folder_pressed.connect(choose_folder)
	_panel.show_folder(saver.get_folder())
	get_viewport().size_changed.connect(_update_camera_inset)
	_update_camera_inset()
	get_window().title = DISPLAY_NAME
	regenerate()


func _exit_tree() -> void:
	get_window().title = ProjectSettings.get_setting("application/config/name", "")


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"back_to_menu"):
		get_viewport().set_input_as_handled()
		back_to_menu()


## Generates the storey of [member settings], renders it, spawns its objects and shows its
## stats. If the settings are refused, shows why in the panel, emits [signal refused] and
## keeps [member layout].
func regenerate() -> void:
	var started := Time.get_ticks_usec()
	var refusal := settings.get_error()
	_show_refusal(refusal)
	if not refusal.is_empty():
		refused.emit(refusal)
		return
	var generating := Time.get_ticks_usec()
	var next := settings.generate()
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
	_stats["regenerate_msec"] = (Time.get_ticks_usec() - started) / 1000.0
	_panel.show_stats(_stats)
	regenerated.emit(layout)


## Sets every setting, then regenerates once.
func configure(
	new_seed: int,
	depth: int,
	level: int,
	type: StoreyLayout.StoreyType,
	staircase: Vector2i = ForcedStaircase.NONE
) -> void:
	_set_settings(InspectorSettings.of(new_seed, depth, level, type, staircase))


## Sets a random 64-bit seed (what the panel's Random button does).
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


## Why the current settings are refused (shown in the panel), or [code]""[/code].
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
	for row in SeedInspectorPanel.STAT_ROWS:
		lines.append("%s: %s" % [row[1], SeedInspectorPanel.format_stat(_stats, row[0])])
	lines.append(layout.to_ascii_with_paths().trim_suffix("\n"))
	lines.append(ASCII_LEGEND)
	return "\n".join(lines) + "\n"


## Saves [member layout] into [member saver]'s folder and returns its path; the panel says
## where that is (on disk for user://; a save into the project shows in the editor's
## FileSystem dock). [code]""[/code] if there is nothing to save or saving failed.
func save_tres() -> String:
	if layout == null:
		_panel.show_message("Nothing to save.")
		return ""
	var problems := PackedStringArray()
	var path := saver.save(layout, problems)
	if path.is_empty():
		_panel.show_message(problems[0])
		return ""
	var on_disk := ProjectSettings.globalize_path(path)
	if path.begins_with("res://"):
		_panel.show_message(
			"Saved %s\n(in the project: the editor's FileSystem shows it)" % path, on_disk
		)
	else:
		var folder := saver.get_folder()
		_panel.show_message(
			"Saved %s\n(%s is %s)" % [path, folder, ProjectSettings.globalize_path(folder)], on_disk
		)
	return path


## Opens a folder dialog (of the project where it can be written, else of the user's
## folder) to choose where "Save .tres" writes; returns it (tests pick a folder with its
## [signal FileDialog.dir_selected]).
func choose_folder() -> FileDialog:
	var dialog := FileDialog.new()
	dialog.name = "FolderDialog"
	dialog.file_mode = FileDialog.FILE_MODE_OPEN_DIR
	dialog.access = (
		FileDialog.ACCESS_RESOURCES
		if saver.get_folder().begins_with("res://")
		else FileDialog.ACCESS_USERDATA
	)
	dialog.current_dir = saver.get_folder()
	dialog.title = "The folder Save writes into"
	dialog.dir_selected.connect(_on_folder_chosen)
	dialog.visibility_changed.connect(
		func() -> void:
			if not dialog.visible:
				dialog.queue_free()
	)
	add_child(dialog)
	dialog.popup_centered_ratio(0.6)
	return dialog


## Leaves the inspector for [constant MENU_SCENE] (what Esc does).
func back_to_menu() -> void:
	if scene_changer.is_valid():
		scene_changer.call(MENU_SCENE)
	else:
		get_tree().change_scene_to_file(MENU_SCENE)


func _on_folder_chosen(folder: String) -> void:
	var problem := saver.set_folder(folder)
	_panel.show_folder(saver.get_folder())
	_panel.show_message(
		problem if not problem.is_empty() else "Save writes into %s now." % saver.get_folder()
	)


static func _type_name(type: int) -> String:
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	return names[type] if type >= 0 and type < names.size() else str(type)


# Puts the settings with `setting` (an InspectorSettings property) set to `value` in force.
func _set_setting(setting: StringName, value: Variant) -> void:
	var next := settings.copy()
	next.set(setting, value)
	_set_settings(next)


# Puts `next` in force (depth and level clamped) and regenerates; before the node is
# ready, only stores it (_ready() shows and generates it).
func _set_settings(next: InspectorSettings) -> void:
	settings = next.clamped()
	if is_node_ready():
		_panel.show_settings(settings)
		regenerate()


func _show_refusal(text: String) -> void:
	_refusal = text
	_panel.show_refusal(text)


func _show_legend() -> void:
	var background := _environment.environment.background_color
	_panel.show_legend(_renderer.cell_definitions, background)


# The layout's own figures, measured by the core (StoreyLayout.get_stats).
func _layout_stats(storey: StoreyLayout) -> Dictionary:
	return storey.get_stats()


func _update_camera_inset() -> void:
	var width := get_viewport().get_visible_rect().size.x
	var panel_width := maxf(_panel.size.x, _panel.custom_minimum_size.x)
	_camera.left_inset = clampf(panel_width / maxf(width, 1.0), 0.0, 0.9)
	_fit_camera()


func _fit_camera() -> void:
	var size := Vector3(_fitted_size.x, StoreyRenderer.WALL_HEIGHT, _fitted_size.y)
	_camera.fit(AABB(Vector3.ZERO, size))


func _on_panel_edited() -> void:
	settings = _panel.read_settings(settings)
	regenerate()


func _on_theme_selected(index: int) -> void:
	_renderer.cell_definitions = themes[index]
	_show_legend()


func _on_copy_ascii_pressed() -> void:
	var text := get_ascii_text()
	if not DisplayServer.has_feature(DisplayServer.FEATURE_CLIPBOARD):
		_panel.show_message("No clipboard on this display server.")
		return
	DisplayServer.clipboard_set(text)
	_panel.show_message("Copied the %d x %d grid as ASCII." % [layout.width, layout.height])
