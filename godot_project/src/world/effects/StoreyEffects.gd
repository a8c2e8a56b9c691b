class_name StoreyEffects
extends Node3D
## The effects of one storey, under its [OutpostStorey] node (named [code]Effects[/code]),
## so that they are drawn only while the storey is: a burst of debris in the kind's colour
## where an agent dies ([code]Debris[/code], a [ShardBursts] pool fed by
## [signal StoreySwarm.agent_destroyed]) or a tower is destroyed ([method tower_destroyed]),
## a sparkle floating up where scrap is collected ([code]Sparkles[/code], fed by
## [signal ScrapField.collected]), and a [RestoreEffect] on every beacon. [method watch]
## connects it; it changes nothing it watches.

## Height of a burst above the floor, in metres.
const BURST_HEIGHT := 0.6
## The debris colour of a destroyed tower.
const TOWER_COLOR := Color(0.62, 0.62, 0.66)
## The sparkle colour of collected scrap.
const SCRAP_COLOR := Color(1.0, 0.85, 0.35)

# The default of [member restore_effect_scene].
const _RESTORE_EFFECT := preload("res://src/world/effects/RestoreEffect.tscn")

## Instantiated on every beacon of the storey.
@export var restore_effect_scene: PackedScene = _RESTORE_EFFECT

var _swarm: StoreySwarm
var _layout: StoreyLayout

@onready var debris: ShardBursts = $Debris
@onready var sparkles: ShardBursts = $Sparkles


## Draws [param storey]'s effects: a [RestoreEffect] on each of its beacons (call once,
## with this node in the tree under the storey; the [EffectsDirector] hands it the
## storey's events).
func watch(storey: OutpostStorey) -> void:
	_swarm = storey.get_swarm()
	_layout = storey.layout
	for beacon in storey.get_beacons():
		var effect: RestoreEffect = restore_effect_scene.instantiate()
		effect.name = "RestoreEffect"
		beacon.add_child(effect)


## A burst of tower debris on [param cell] (the tower there was destroyed).
func tower_destroyed(cell: Vector2i) -> void:
	debris.burst(_at(cell, BURST_HEIGHT), TOWER_COLOR)


## A burst of debris in the colour of agent kind [param kind] on [param cell].
func agent_destroyed(kind: int, cell: Vector2i) -> void:
	debris.burst(_at(cell, BURST_HEIGHT), _swarm.get_kind_color(kind))


## Sparkles where scrap was collected, on [param cell].
func scrap_collected(cell: Vector2i) -> void:
	sparkles.burst(_at(cell, ScrapField.CRATE_HEIGHT), SCRAP_COLOR)


func _at(cell: Vector2i, height: float) -> Vector3:
	return Vector3(cell.x + 0.5, height, cell.y + 0.5)
