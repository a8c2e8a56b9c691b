class_name MainMenu
extends Control
## The main scene. Play starts a new building: the game with the seed typed in
## [code]%SeedEdit[/code] (any 64-bit integer; Random picks one) and the outpost level
## chosen in [code]%LevelOption[/code]; [code]%LevelInfo[/code] says what that level
## means for that seed's building ([LevelSummary]: storeys, entries, waves, from the
## game's rules). Options shows the options screen ([OptionsMenu]: the volumes) in place of
## the menu until Back. [code][DEV] Seed Inspector[/code] opens the
## [SeedInspector] (one storey at a time) and shows only when [member show_dev_tools] is
## on (by default in debug builds, so release exports hide it).
##
## Continue loads the newest save ([method SaveSlots.newest]) into a new game; Load… shows
## the saves ([SavesScreen], without Save buttons) and loads the one chosen. A seed field
## that holds no seed ([SeedText]: not a whole number, or too large for 64 bits) says why
## in the line under it and turns Play off; the layout never moves (that line and the
## level's summary keep their room, the summary dimmed until the seed is one again).
##
## Controls (unique names): [code]%ContinueButton[/code], [code]%LoadButton[/code],
## [code]%Saves[/code], [code]%SeedEdit[/code], [code]%RandomButton[/code],
## [code]%LevelOption[/code], [code]%PlayButton[/code], [code]%OptionsButton[/code],
## [code]%DevButton[/code], [code]%QuitButton[/code], [code]%SeedError[/code],
## [code]%LevelInfo[/code], and the options screen [code]%Options[/code]. The level
## chosen last time Play was pressed is the one shown ([member settings_path]).

## The scene Play opens.
const GAME_SCENE := "res://src/game/outpost_game.tscn"
## The scene [code][DEV] Seed Inspector[/code] opens.
const INSPECTOR_SCENE := "res://src/game/outpost_test.tscn"
## Where the menu remembers the level last played by default (the game's settings file).
const SETTINGS_PATH := "user://settings.cfg"
## The settings file's section of the menu.
const SECTION := "menu"
## The dev button's label: the inspector's one name, marked as a developer tool.
const DEV_BUTTON_TEXT := "[DEV] " + SeedInspector.DISPLAY_NAME

## Whether [code][DEV] Seed Inspector[/code] shows. Defaults to
## [method OS.is_debug_build]; set it (before or after the menu enters the tree) to force
## either case.
var show_dev_tools: bool = OS.is_debug_build():
	set(value):
		show_dev_tools = value
		if is_node_ready():
			_dev_button.visible = value
## Opens a scene: called as [code]scene_changer.call(path)[/code]; empty uses
## [method SceneTree.change_scene_to_file]. Tests inject their own.
var scene_changer: Callable
## Starts the configured game: called as [code]game_starter.call(game)[/code] with the
## [OutpostGame] made for Play; empty uses [method SceneTree.change_scene_to_node]. Tests
## inject their own.
var game_starter: Callable

## The settings file the level last played is kept in (section [constant SECTION], key
## [code]level[/code]), read when the menu is ready and written by Play; the file's other
## sections stay.
var settings_path := SETTINGS_PATH

var _rules: OutpostRules
var _storey_count := 3

@onready var _seed_edit: LineEdit = %SeedEdit
@onready var _random_button: Button = %RandomButton
@onready var _level_option: OptionButton = %LevelOption
@onready var _level_info: Label = %LevelInfo
@onready var _seed_error: Label = %SeedError
@onready var _play_button: Button = %PlayButton
@onready var _options_button: Button = %OptionsButton
@onready var _options: OptionsMenu = %Options
@onready var _rows: Control = $Center
@onready var _dev_button: Button = %DevButton
@onready var _continue_button: Button = %ContinueButton
@onready var _load_button: Button = %LoadButton
@onready var _saves: SavesScreen = %Saves
@onready var _quit_button: Button = %QuitButton


func _ready() -> void:
	_dev_button.visible = show_dev_tools
	_dev_button.text = DEV_BUTTON_TEXT
	for level in range(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL + 1):
		_level_option.add_item(MenuText.outpost_level(level), level)
	var game: OutpostGame = load(GAME_SCENE).instantiate()
	_seed_edit.text = str(game.building_seed)
	_level_option.select(_level_option.get_item_index(_last_level(game.outpost_level)))
	_rules = (game.get_node(^"Loop") as OutpostLoop).rules
	_storey_count = game.storey_count
	game.free()
	_seed_edit.text_changed.connect(_show_level.unbind(1))
	_level_option.item_selected.connect(_show_level.unbind(1))
	_show_level()
	_seed_edit.text_submitted.connect(func(_text: String) -> void: play())
	_random_button.pressed.connect(randomize_seed)
	_play_button.pressed.connect(play)
	_options_button.pressed.connect(open_options)
	_options.closed.connect(_on_options_closed)
	_dev_button.pressed.connect(_open.bind(INSPECTOR_SCENE))
	_continue_button.pressed.connect(continue_game)
	_load_button.pressed.connect(open_saves)
	_saves.loader = load_game
	_saves.checker = OutpostSaveParts.check_file.bind(_rules)
	_saves.closed.connect(_on_saves_closed)
	_show_saved()
	_quit_button.pressed.connect(_on_quit_pressed)
	_play_button.grab_focus()


## Starts the game with the seed and level shown; false (and the line under the seed
## saying why) if the seed field holds no seed.
func play() -> bool:
	var read := SeedText.parse(_seed_edit.text)
	if not (read["problem"] as String).is_empty():
		_show_level()
		return false
	var game: OutpostGame = load(GAME_SCENE).instantiate()
	game.building_seed = read["value"]
	game.outpost_level = _level_option.get_selected_id()
	_remember_level(game.outpost_level)
	_start(game)
	return true


## Starts a game from the newest save ([method SaveSlots.newest]), or from its backup when
## it cannot be loaded and the backup can (as the saves list would); false without one.
func continue_game() -> bool:
	var path := SaveSlots.newest()
	var source := _saves.source_of(path) if not path.is_empty() else ""
	return not path.is_empty() and load_game(path if source.is_empty() else source) == OK


## Starts a game that loads the save at [param path] as it starts
## ([member OutpostGame.start_save]); the saves screen's loader.
func load_game(path: String) -> Error:
	if SaveSlots.read_header(path).state != SaveSlots.State.READY:
		return ERR_FILE_UNRECOGNIZED
	var game: OutpostGame = load(GAME_SCENE).instantiate()
	game.start_save = path
	_start(game)
	return OK


## Shows the saves to load from in place of the menu.
func open_saves() -> void:
	_rows.visible = false
	_saves.open()


## Shows the options screen in place of the menu.
func open_options() -> void:
	_rows.visible = false
	_options.open()


## Puts a new random seed in the seed field.
func randomize_seed() -> void:
	var rng := RandomNumberGenerator.new()
	rng.randomize()
	_seed_edit.text = str(rng.randi() | (rng.randi() << 31))
	_show_level()


# What the chosen level means for the seed typed; while the field holds no seed, why
# (in its line) and the last summary dimmed: nothing moves.
func _show_level() -> void:
	var read := SeedText.parse(_seed_edit.text)
	var problem := MenuText.seed_problem(read["kind"])
	_seed_error.text = problem
	_play_button.disabled = not problem.is_empty()
	_level_info.modulate.a = 1.0 if problem.is_empty() else 0.4
	if problem.is_empty():
		_level_info.text = LevelSummary.describe(
			read["value"], _level_option.get_selected_id(), _storey_count, _rules
		)


# Continue and Load… are there to press only with a save to load.
func _show_saved() -> void:
	var newest := SaveSlots.newest()
	_continue_button.disabled = newest.is_empty()
	_continue_button.tooltip_text = (
		SaveSlots.summary(newest, _saves.checker)
		if not newest.is_empty()
		else _continue_button.tooltip_text
	)
	_load_button.disabled = SaveSlots.paths().all(
		func(path: String) -> bool: return SavesScreen.load_source(path).is_empty()
	)


# The level last played, from the settings file; [param fallback] without one (or with
# one out of range).
func _last_level(fallback: int) -> int:
	var config := ConfigFile.new()
	if config.load(settings_path) != OK:
		return fallback
	var level: Variant = config.get_value(SECTION, "level", fallback)
	var known := level is int and _level_option.get_item_index(level) >= 0
	return level if known else fallback


func _remember_level(level: int) -> void:
	var config := ConfigFile.new()
	config.load(settings_path)  # a missing file starts empty
	config.set_value(SECTION, "level", level)
	config.save(settings_path)


func _start(game: OutpostGame) -> void:
	if game_starter.is_valid():
		game_starter.call(game)
	else:
		get_tree().change_scene_to_node(game)


# A load that worked has already taken the menu out of the tree (the scene changed): no
# focus to give then.
func _on_saves_closed() -> void:
	_rows.visible = true
	if is_inside_tree():
		_load_button.grab_focus()


func _open(path: String) -> void:
	if scene_changer.is_valid():
		scene_changer.call(path)
	else:
		get_tree().change_scene_to_file(path)


func _on_options_closed() -> void:
	_rows.visible = true
	_options_button.grab_focus()


# Quits through the SoundSystem autoload, which lets the sounds stop first.
func _on_quit_pressed() -> void:
	var sound_system := get_node_or_null(^"/root/SoundSystem")
	if sound_system != null:
		sound_system.call(&"quit")
	else:
		get_tree().quit()
