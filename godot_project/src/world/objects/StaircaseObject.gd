class_name StaircaseObject
extends StoreyObject
## The STAIRCASE cell: where Genesis moves between storeys.
##
## [code]Zone[/code] is an [Area3D] over the cell on layer 3 ("interaction") that detects
## bodies on layer 2 ("genesis"). It is [constant ZONE_HEIGHT] tall, less than a storey's
## height (3.0): the staircases of a building line up, so a taller zone would also see
## whoever stands on the staircase of the storey above. This object is the one source of
## the staircase enter/leave events: [signal occupant_entered] and
## [signal occupant_exited] (an [Area3D] reports an overlap about two physics ticks after
## it begins). While something is inside, [code]Prompt[/code] shows which of ascend and
## descend this storey allows ([member can_ascend], [member can_descend], set by the
## building) and the keys bound to them, read from the [InputMap], unless
## [member prompt_enabled] is off. The prompt keeps its size on screen (a fixed-size
## [Label3D]).

## A body on the genesis layer entered the zone.
signal occupant_entered(body: Node3D)
## A body that was inside the zone left it (or the zone left the tree).
signal occupant_exited(body: Node3D)

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.STAIRCASE
## Height of the zone above the storey floor, in metres (below a storey's 3.0).
const ZONE_HEIGHT := 2.0
## Physics layer bit of the zone (layer 3, "interaction").
const INTERACTION_LAYER := 1 << 2
## Physics layer bit the zone watches (layer 2, "genesis").
const GENESIS_LAYER := 1 << 1

## Whether there is a storey above to go to (shown in the prompt).
var can_ascend := true:
	set(value):
		can_ascend = value
		_update_prompt()
## Whether there is a storey below to go to (shown in the prompt).
var can_descend := true:
	set(value):
		can_descend = value
		_update_prompt()
## Whether the keys move Genesis (travel mode) or only the view (preview mode): the
## prompt promises only what the keys will do.
var travel_mode := true:
	set(value):
		if value == travel_mode:
			return
		travel_mode = value
		_update_prompt()

## Whether the prompt may show while something is inside (the HUD turns it off in build
## mode, whose own line speaks).
var prompt_enabled := true:
	set(value):
		prompt_enabled = value
		_update_prompt()

var _occupants: Array[Node3D] = []

@onready var _zone: Area3D = $Zone
@onready var _prompt: Label3D = $Prompt


func _ready() -> void:
	_zone.collision_layer = INTERACTION_LAYER
	_zone.collision_mask = GENESIS_LAYER
	_zone.body_entered.connect(_on_body_entered)
	_zone.body_exited.connect(_on_body_exited)
	_update_prompt()


## True while a body is inside the zone.
func is_occupied() -> bool:
	return not _occupants.is_empty()


## The zone (an [Area3D] on the interaction layer).
func get_zone() -> Area3D:
	return _zone


## The prompt's text for the current [member can_ascend], [member can_descend] and
## [member travel_mode]: in preview mode the keys move only the view, so the prompt names
## the key of travel mode instead.
func prompt_text() -> String:
	return GameText.staircase(
		ActionKeys.describe(&"toggle_travel_mode"),
		ActionKeys.describe(&"ascend") if can_ascend else "",
		ActionKeys.describe(&"descend") if can_descend else "",
		travel_mode
	)


func _update_prompt() -> void:
	if _prompt == null:
		return
	_prompt.text = prompt_text()
	_prompt.visible = is_occupied() and prompt_enabled


func _on_body_entered(body: Node3D) -> void:
	if _occupants.has(body):
		return
	_occupants.append(body)
	_update_prompt()
	occupant_entered.emit(body)


func _on_body_exited(body: Node3D) -> void:
	if not _occupants.has(body):
		return
	_occupants.erase(body)
	_update_prompt()
	occupant_exited.emit(body)
