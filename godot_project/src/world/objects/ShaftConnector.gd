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


## The state for a save game: the tube's [enum Throughput].
func get_state() -> Dictionary:
	return {"state": throughput}


## "" if [param data] is a shaft's state, else what is wrong ([code]context.where[/code]
## names it). A state may be missing from an older save (then the shaft is IDLE).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	if data.has("state") or context.get("format", 3) >= 2:
		check.whole(data, "state", context.get("where", "shaft"), 0, Throughput.BLOCKED)
	return check.problem()


## Restores [method get_state]'s state; without one, a connected, idle shaft.
func set_state(data: Dictionary) -> void:
	throughput = int(data.get("state", Throughput.IDLE)) as Throughput


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
