class_name OutpostHud
extends CanvasLayer
## The game's heads-up display. It only shows what its parent hands it:
## [br]- top left: the viewed floor and Genesis's floor (by name: "Underground",
##   "Floor 1", ...), the mode, Genesis's health, this floor's beacons and the staircase;
## [br]- top right: materials with what flows in and out (shaft feed, bleed, trickle), the
##   yield, the beacons restored in the whole building, the wave and the agents alive;
## [br]- the middle: an alert line (a beacon attacked on another floor, a key that cannot
##   act) and, low down, the prompt for what a key does here and the build-mode line;
## [br]- bottom left: the controls, read from the [InputMap] (a rebinding shows after
##   [method refresh_controls]).
## [br]Every container ignores the mouse, so clicks reach the game.

## The actions listed under the controls, in order, with their captions.
const CONTROLS: Dictionary[StringName, String] = {
	&"move_forward": "Forward",
	&"move_back": "Back",
	&"move_left": "Left",
	&"move_right": "Right",
	&"click_move": "Move to a cell / build",
	&"interact": "Interact (hold: restore)",
	&"build_mode": "Build mode",
	&"tower_tier_1": "Low tower",
	&"tower_tier_2": "High tower",
	&"remove_tower": "Remove a tower",
	&"ascend": "Floor up",
	&"descend": "Floor down",
	&"toggle_travel_mode": "Preview / travel",
	&"zoom_in": "Zoom in",
	&"zoom_out": "Zoom out",
	&"quick_save": "Quick save",
	&"quick_load": "Quick load",
	&"pause_menu": "Pause menu",
}

var _alert_left := 0.0

@onready var _floor_label: Label = %FloorLabel
@onready var _genesis_floor_label: Label = %GenesisFloorLabel
@onready var _mode_label: Label = %ModeLabel
@onready var _health_label: Label = %HealthLabel
@onready var _health_bar: ProgressBar = %HealthBar
@onready var _beacons_label: Label = %BeaconsLabel
@onready var _staircase_label: Label = %StaircaseLabel
@onready var _materials_label: Label = %MaterialsLabel
@onready var _rates_label: Label = %RatesLabel
@onready var _yield_label: Label = %YieldLabel
@onready var _building_label: Label = %BuildingLabel
@onready var _wave_label: Label = %WaveLabel
@onready var _alert_label: Label = %AlertLabel
@onready var _prompt_label: Label = %PromptLabel
@onready var _build_label: Label = %BuildLabel
@onready var _controls_label: Label = %ControlsLabel


func _ready() -> void:
	refresh_controls()
	_alert_label.visible = false


func _process(delta: float) -> void:
	if _alert_left > 0.0:
		_alert_left -= delta
		_alert_label.visible = _alert_left > 0.0


## Shows the viewed floor and Genesis's floor by name.
func show_floors(viewed: String, genesis_floor: String, storey_count: int) -> void:
	_floor_label.text = "Viewing %s (%d storeys)" % [viewed, storey_count]
	_genesis_floor_label.text = "Genesis on %s" % genesis_floor


## Shows preview mode ([param travel] false) or travel mode.
func show_mode(travel: bool) -> void:
	var keys := "%s, %s" % [ActionKeys.describe(&"ascend"), ActionKeys.describe(&"descend")]
	if travel:
		_mode_label.text = "Mode: travel (%s take Genesis up or down the staircase)" % keys
	else:
		_mode_label.text = "Mode: preview (%s move the view)" % keys


## Shows Genesis's health.
func show_health(health: float, max_health: float) -> void:
	_health_label.text = "Health %d / %d" % [roundi(health), roundi(max_health)]
	_health_bar.max_value = max_health
	_health_bar.value = health


## Shows how many of the viewed storey's beacons are restored.
func show_beacons(restored: int, count: int) -> void:
	_beacons_label.text = "Beacons on this floor: %d / %d restored" % [restored, count]


## Shows whether Genesis stands on the staircase.
func show_staircase(on_staircase: bool) -> void:
	_staircase_label.text = "On the staircase" if on_staircase else ""
	_staircase_label.visible = on_staircase


## Shows the materials and their flows, per second.
func show_materials(materials: float, feed: float, bleed: float, trickle: float) -> void:
	_materials_label.text = "Materials %d" % floori(materials)
	var parts := PackedStringArray(["shafts +%.1f/s" % feed])
	if bleed > 0.0:
		parts.append("bleed -%.2f/s" % bleed)
	if trickle > 0.0:
		parts.append("trickle +%.1f/s" % trickle)
	_rates_label.text = ", ".join(parts)
	_rates_label.modulate = Color(1.0, 0.55, 0.5) if bleed > 0.0 else Color.WHITE


## Shows the building's yield and the trickle a reclaim would fix.
func show_yield(yield_rate: float, trickle_if_reclaimed: float, reclaimed: bool) -> void:
	if reclaimed:
		_yield_label.text = "Yield %.1f/s (reclaimed)" % yield_rate
	else:
		_yield_label.text = (
			"Yield %.1f/s (reclaim now: trickle %.1f/s)" % [yield_rate, trickle_if_reclaimed]
		)


## Shows the beacons restored in the whole building.
func show_building(restored: int, count: int) -> void:
	_building_label.text = "Beacons restored: %d / %d in the building" % [restored, count]


## Shows the wave (1-based; 0 before the first) and the agents alive.
func show_wave(wave: int, agents: int, agents_here: int) -> void:
	var first := "No wave yet" if wave == 0 else "Wave %d" % wave
	_wave_label.text = "%s, %d agents alive (%d on this floor)" % [first, agents, agents_here]


## Shows [param text] in the alert line for [param seconds].
func alert(text: String, seconds: float = 3.0) -> void:
	_alert_label.text = text
	_alert_label.visible = true
	_alert_left = seconds


## The alert line's text while it shows, else "".
func get_alert() -> String:
	return _alert_label.text if _alert_label.visible else ""


## Shows [param text] as the prompt ("" hides it).
func show_prompt(text: String) -> void:
	_prompt_label.text = text
	_prompt_label.visible = not text.is_empty()


## Shows the build-mode line ("" hides it).
func show_build(text: String) -> void:
	_build_label.text = text
	_build_label.visible = not text.is_empty()


## Rebuilds the controls list from the current [InputMap] bindings.
func refresh_controls() -> void:
	_controls_label.text = controls_text()


## The controls list: "caption: bindings" for each action of [constant CONTROLS], in
## one line that wraps across the bottom of the screen.
func controls_text() -> String:
	var items := PackedStringArray()
	for action: StringName in CONTROLS:
		var keys := ActionKeys.describe(action)
		items.append("%s: %s" % [CONTROLS[action], keys if not keys.is_empty() else "unbound"])
	return "   ".join(items)


## Pixels the HUD's panels cover at the top and at the bottom of the screen (x: top,
## y: bottom), for the camera to frame the storey between them.
func covered_margins() -> Vector2:
	var status: Control = %Status
	var economy: Control = %Economy
	var controls: Control = %Controls
	var top := maxf(status.get_global_rect().end.y, economy.get_global_rect().end.y)
	var screen := get_viewport().get_visible_rect().size.y
	var bottom := screen - controls.get_global_rect().position.y
	return Vector2(top + 8.0, bottom + 8.0)
