class_name OutpostHud
extends CanvasLayer
## The game's heads-up display: floors, mode, health, beacons on the viewed storey, and
## the controls, read from the [InputMap] (so a rebinding shows after
## [method refresh_controls]). It only shows what its parent hands it; floors are shown
## 1-based. Every container ignores the mouse, so clicks reach the game.

## The actions listed under the controls, in order, with their captions.
const CONTROLS: Dictionary[StringName, String] = {
	&"move_forward": "Forward",
	&"move_back": "Back",
	&"move_left": "Left",
	&"move_right": "Right",
	&"click_move": "Move to a cell",
	&"ascend": "Floor up",
	&"descend": "Floor down",
	&"toggle_travel_mode": "Preview / travel",
	&"back_to_menu": "Menu",
}

@onready var _floor_label: Label = %FloorLabel
@onready var _genesis_floor_label: Label = %GenesisFloorLabel
@onready var _mode_label: Label = %ModeLabel
@onready var _health_label: Label = %HealthLabel
@onready var _health_bar: ProgressBar = %HealthBar
@onready var _beacons_label: Label = %BeaconsLabel
@onready var _staircase_label: Label = %StaircaseLabel
@onready var _controls_label: Label = %ControlsLabel


func _ready() -> void:
	refresh_controls()


## Shows the viewed floor and Genesis's floor (0-based indices, shown 1-based).
func show_floors(viewed_floor: int, genesis_floor: int, storey_count: int) -> void:
	_floor_label.text = "Viewing floor %d of %d" % [viewed_floor + 1, storey_count]
	_genesis_floor_label.text = "Genesis on floor %d" % (genesis_floor + 1)


## Shows preview mode ([param travel] false) or travel mode.
func show_mode(travel: bool) -> void:
	var keys := "%s, %s" % [ActionKeys.describe(&"ascend"), ActionKeys.describe(&"descend")]
	if travel:
		_mode_label.text = "Mode: travel (%s move Genesis from the staircase)" % keys
	else:
		_mode_label.text = "Mode: preview (%s move the view)" % keys


## Shows Genesis's health.
func show_health(health: float, max_health: float) -> void:
	_health_label.text = "Health %d / %d" % [roundi(health), roundi(max_health)]
	_health_bar.max_value = max_health
	_health_bar.value = health


## Shows how many beacons the viewed storey holds.
func show_beacons(count: int) -> void:
	_beacons_label.text = "Beacons on this floor: %d" % count


## Shows whether Genesis stands on the staircase.
func show_staircase(on_staircase: bool) -> void:
	_staircase_label.text = "On the staircase" if on_staircase else ""
	_staircase_label.visible = on_staircase


## Rebuilds the controls list from the current [InputMap] bindings.
func refresh_controls() -> void:
	_controls_label.text = controls_text()


## The controls list: one "caption: bindings" line per action of [constant CONTROLS].
func controls_text() -> String:
	var lines := PackedStringArray()
	for action: StringName in CONTROLS:
		var keys := ActionKeys.describe(action)
		lines.append("%s: %s" % [CONTROLS[action], keys if not keys.is_empty() else "unbound"])
	return "\n".join(lines)
