class_name ShaftConnector
extends StoreyObject
## A SHAFT cell: a tube connection point (exactly two per storey).
##
## Its [member throughput] state says what the tube does; [signal throughput_changed] fires
## on every actual change, never when the same state is set again. The indicator on top
## shows the state with [member state_materials]. Needs no layout: run alone (F6), it is a
## disconnected connector at the origin.

## Emitted when [member throughput] changes from [param previous] to [param state].
signal throughput_changed(state: Throughput, previous: Throughput)

## What flows through the tube.
enum Throughput {
	DISCONNECTED,  ## No tube attached (the initial state).
	IDLE,  ## Connected, nothing flowing.
	FLOWING,  ## Connected and carrying material.
	BLOCKED,  ## Connected but jammed (damaged or full).
}

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.SHAFT

## The tube's state; assigning a new value emits [signal throughput_changed].
@export var throughput: Throughput = Throughput.DISCONNECTED:
	set = set_throughput
## The indicator's material per [enum Throughput] value, in enum order (shared, not mutated).
@export var state_materials: Array[Material] = []

@onready var _indicator: MeshInstance3D = $Indicator


func _ready() -> void:
	_update_indicator()


## Sets [member throughput]; emits [signal throughput_changed] only if it changed. A value
## outside [enum Throughput] is refused with an error.
func set_throughput(value: Throughput) -> void:
	if value not in Throughput.values():
		push_error("ShaftConnector.set_throughput: %d is not a Throughput" % value)
		return
	if value == throughput:
		return
	var previous := throughput
	throughput = value
	_update_indicator()
	throughput_changed.emit(value, previous)


func _update_indicator() -> void:
	if _indicator != null and throughput < state_materials.size():
		_indicator.material_override = state_materials[throughput]
