class_name ConsoleObject
extends StoreyObject
## The control console of the underground storey's control room: where RECLAIM BUILDING
## is triggered once every beacon of the building is restored. It stands on one cell of
## the room ([method OutpostBuilding.console_cell]); the game keeps that cell walkable
## (a required cell of the storey's navigator) and shows [member prompt] over it while
## Genesis is next to it.

## The StoreyLayout.CellType of the cell it stands on (an EMPTY cell of the room).
const CELL_TYPE: int = StoreyLayout.CellType.EMPTY

## The text over the console ("" hides it).
var prompt := "":
	set = set_prompt

@onready var _label: Label3D = $Prompt
@onready var _screen: MeshInstance3D = $Screen


func _ready() -> void:
	set_prompt(prompt)


## Sets [member prompt].
func set_prompt(text: String) -> void:
	prompt = text
	if _label != null:
		_label.text = text
		_label.visible = not text.is_empty()


## Lights the screen when RECLAIM is on offer or done.
func set_lit(lit: bool) -> void:
	var material := _screen.get_surface_override_material(0) as StandardMaterial3D
	if material != null:
		material.emission_energy_multiplier = 2.5 if lit else 0.4
