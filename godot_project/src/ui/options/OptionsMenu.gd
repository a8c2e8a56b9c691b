class_name OptionsMenu
extends Control
## The options screen: a volume slider per audio bus (Master, Effects, Interface, Ambience:
## [constant LABELS]) with its percentage, and Back. A slider applies its bus's volume at
## once and saves it ([method GameSettings.set_volume], in [code]user://settings.cfg[/code]).
## Opened from the main menu and from the pause menu ([method open]); Back, Esc or the
## pause_menu action close it ([signal closed]). It keeps working while the tree is paused.
##
## Controls: one row per bus in [code]%Volumes[/code] (a name, an [HSlider]
## [code]<Bus>Slider[/code] from 0 to 100, a [code]<Bus>Value[/code] label),
## [code]%SavedLabel[/code] (where the settings live), [code]%BackButton[/code].

## Back was pressed (or Esc): the screen is hidden.
signal closed

## Percent a slider moves per arrow key press, and the slider's step: 20 presses from
## silence to full.
const KEY_STEP := 5.0
const Settings := preload("res://src/core/settings/GameSettings.gd")

## What each bus is called on screen.
# (Named as the constant it was.)
# gdlint:ignore = class-variable-name
static var LABELS: Dictionary[StringName, String] = GameText.bus_names()

## The settings shown and changed: the [code]GameSettings[/code] autoload unless set before
## the screen enters the tree (tests use their own).
var settings: Settings

var _sliders: Dictionary[StringName, HSlider] = {}
var _values: Dictionary[StringName, Label] = {}

@onready var _volumes: GridContainer = %Volumes
@onready var _saved: Label = %SavedLabel
@onready var _back: Button = %BackButton


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	if settings == null:
		settings = get_node(^"/root/GameSettings") as Settings
	for bus in Settings.BUSES:
		_add_row(bus)
	_saved.text = GameText.settings_saved_in(
		settings.path, ProjectSettings.globalize_path(settings.path)
	)
	_back.pressed.connect(close)
	settings.volume_changed.connect(_on_volume_changed)
	_chain_focus()
	refresh()


func _unhandled_input(event: InputEvent) -> void:
	if (
		visible
		and (event.is_action_pressed(&"ui_cancel") or event.is_action_pressed(&"pause_menu"))
	):
		close()
		get_viewport().set_input_as_handled()


## Shows the screen with the current volumes, the first slider focused.
func open() -> void:
	refresh()
	visible = true
	_sliders[Settings.BUSES[0]].grab_focus()


## Hides the screen and emits [signal closed].
func close() -> void:
	visible = false
	closed.emit()


## Puts every slider and percentage at the volume the settings hold.
func refresh() -> void:
	for bus in Settings.BUSES:
		_show(bus, settings.get_volume(bus))


## The slider of [param bus] (0-100), or null.
func get_slider(bus: StringName) -> HSlider:
	return _sliders.get(bus)


## The percentage shown for [param bus] ("80 %"), or "".
func get_value_text(bus: StringName) -> String:
	return _values[bus].text if _values.has(bus) else ""


func _add_row(bus: StringName) -> void:
	var name_label := Label.new()
	name_label.name = "%sLabel" % bus
	name_label.text = GameText.bus_name(bus)
	name_label.custom_minimum_size = Vector2(110, 0)
	_volumes.add_child(name_label)
	var slider := HSlider.new()
	slider.name = "%sSlider" % bus
	slider.min_value = 0.0
	slider.max_value = 100.0
	slider.step = KEY_STEP
	slider.custom_minimum_size = Vector2(320, 28)
	slider.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	slider.size_flags_vertical = Control.SIZE_SHRINK_CENTER
	slider.tooltip_text = GameText.volume_of(GameText.bus_name(bus))
	slider.value_changed.connect(_on_slider_changed.bind(bus))
	_volumes.add_child(slider)
	var value := Label.new()
	value.name = "%sValue" % bus
	value.custom_minimum_size = Vector2(60, 0)
	value.horizontal_alignment = HORIZONTAL_ALIGNMENT_RIGHT
	_volumes.add_child(value)
	_sliders[bus] = slider
	_values[bus] = value


# Up and down (and Tab) go from slider to slider and to Back, round, and never to what lies
# behind the screen.
func _chain_focus() -> void:
	var chain: Array[Control] = []
	for bus in Settings.BUSES:
		chain.append(_sliders[bus])
	chain.append(_back)
	for i in chain.size():
		var next := chain[(i + 1) % chain.size()]
		var previous := chain[(i - 1 + chain.size()) % chain.size()]
		chain[i].focus_neighbor_bottom = chain[i].get_path_to(next)
		chain[i].focus_next = chain[i].get_path_to(next)
		chain[i].focus_neighbor_top = chain[i].get_path_to(previous)
		chain[i].focus_previous = chain[i].get_path_to(previous)
		chain[i].focus_neighbor_left = ^"."
		chain[i].focus_neighbor_right = ^"."


func _show(bus: StringName, volume: float) -> void:
	_sliders[bus].set_value_no_signal(roundf(volume * 100.0))
	_values[bus].text = "%d %%" % roundi(volume * 100.0)


func _on_slider_changed(value: float, bus: StringName) -> void:
	settings.set_volume(bus, value / 100.0)
	_values[bus].text = "%d %%" % roundi(value)


func _on_volume_changed(bus: StringName, volume: float) -> void:
	_show(bus, volume)
