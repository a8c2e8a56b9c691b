class_name DamageEdge
extends CanvasLayer
## The screen's edge reddening when Genesis is hit: a full-screen [ColorRect] with a
## vignette shader ([code]Vignette[/code]), under the HUD, ignoring the mouse. [method hit]
## raises it, the more the lower Genesis's health, and it fades out linearly; hidden while
## it is at 0. Drawn only.

## Seconds the edge takes to fade from full to nothing.
@export_range(0.05, 5.0, 0.05) var fade_seconds := 0.8
## Strength of a hit at full health (a hit at 0 health is 1).
@export_range(0.0, 1.0, 0.05) var min_strength := 0.35

var _strength := 0.0

@onready var _rect: ColorRect = $Vignette


func _ready() -> void:
	_apply()


func _process(delta: float) -> void:
	if _strength > 0.0:
		advance(delta)


## Genesis was hit and has [param health_fraction] (0..1) of its health left: the edge
## turns at least as red as such a hit makes it.
func hit(health_fraction: float) -> void:
	var strength := lerpf(1.0, min_strength, clampf(health_fraction, 0.0, 1.0))
	_strength = maxf(_strength, strength)
	_apply()


## How red the edge is now, 0..1.
func get_strength() -> float:
	return _strength


## Fades the edge by [param delta] seconds (what [method Node._process] does).
func advance(delta: float) -> void:
	_strength = maxf(_strength - delta / fade_seconds, 0.0)
	_apply()


func _apply() -> void:
	if _rect == null:
		return
	_rect.visible = _strength > 0.0
	(_rect.material as ShaderMaterial).set_shader_parameter(&"strength", _strength)
