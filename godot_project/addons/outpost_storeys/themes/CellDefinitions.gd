@tool
class_name CellDefinitions
extends Resource
## A theme: the look of every cell type a storey is drawn with ([StoreyMeshes]: the
## baker's, the dock's and the game's renderer's drawing).
##
## One [CellDefinition] per drawn cell type, and one for the PATH overlay.
## OUT_OF_BOUNDS cells are never drawn. The walls may be drawn by a [member wall_kit]
## instead of one mesh per cell. Swap the whole resource to change theme
## ([code]res://addons/outpost_storeys/themes/cell_definitions.tres[/code] holds the
## reference's colour table); no code changes.

## Every cell type a theme defines, in drawing order (PATH last: it is the overlay).
const TYPES: Array[int] = [
	StoreyLayout.CellType.WALL,
	StoreyLayout.CellType.EMPTY,
	StoreyLayout.CellType.ENTRY,
	StoreyLayout.CellType.BEACON,
	StoreyLayout.CellType.SHAFT,
	StoreyLayout.CellType.STAIRCASE,
	StoreyLayout.CellType.ENTRANCE,
	StoreyLayout.CellType.PATH,
]

## The theme's name, as menus show it.
@export var theme_name := ""
## WALL cells (2 m tall in the reference's look).
@export var wall: CellDefinition:
	set(value):
		wall = _watch(wall, value)
## EMPTY floor cells.
@export var empty: CellDefinition:
	set(value):
		empty = _watch(empty, value)
## ENTRY cells: openings in the outer wall where drones come in.
@export var entry: CellDefinition:
	set(value):
		entry = _watch(entry, value)
## BEACON cells.
@export var beacon: CellDefinition:
	set(value):
		beacon = _watch(beacon, value)
## SHAFT cells.
@export var shaft: CellDefinition:
	set(value):
		shaft = _watch(shaft, value)
## The STAIRCASE cell.
@export var staircase: CellDefinition:
	set(value):
		staircase = _watch(staircase, value)
## The ENTRANCE cell of a ground floor: the player's door in the outer wall.
@export var entrance: CellDefinition:
	set(value):
		entrance = _watch(entrance, value)
## Optional: the walls as a dual-grid kit ([WallKit]: pieces shaped to corners, ends and
## junctions, one instance per grid vertex). Without one, WALL cells are drawn one
## [member wall] mesh per cell. Either way [member wall]'s colour is the walls' legend
## colour, and collision is the same.
@export var wall_kit: WallKit:
	set(value):
		if wall_kit != null and wall_kit.changed.is_connected(emit_changed):
			wall_kit.changed.disconnect(emit_changed)
		wall_kit = value
		if wall_kit != null and not wall_kit.changed.is_connected(emit_changed):
			wall_kit.changed.connect(emit_changed)
		emit_changed()
## The PATH overlay drawn over [member StoreyLayout.enemy_paths] (never over ENTRY, BEACON,
## SHAFT or STAIRCASE cells). Its mesh sits on top of the floor tiles.
@export var path: CellDefinition:
	set(value):
		path = _watch(path, value)


static func _static_init() -> void:
	# The cut-away's shader globals, before any of the theme's materials draws.
	CutawayGlobals.ensure()


## The definition of a [enum StoreyLayout.CellType] value (PATH included); null for
## OUT_OF_BOUNDS or an unknown value.
func get_definition(cell_type: int) -> CellDefinition:
	var definition: CellDefinition = null
	match cell_type:
		StoreyLayout.CellType.WALL:
			definition = wall
		StoreyLayout.CellType.EMPTY:
			definition = empty
		StoreyLayout.CellType.ENTRY:
			definition = entry
		StoreyLayout.CellType.BEACON:
			definition = beacon
		StoreyLayout.CellType.SHAFT:
			definition = shaft
		StoreyLayout.CellType.STAIRCASE:
			definition = staircase
		StoreyLayout.CellType.ENTRANCE:
			definition = entrance
		StoreyLayout.CellType.PATH:
			definition = path
	return definition


## Names of the cell types without a definition ([code]"WALL"[/code]...), for
## configuration warnings.
func get_missing() -> PackedStringArray:
	var missing := PackedStringArray()
	for cell_type in TYPES:
		if get_definition(cell_type) == null:
			missing.append(type_name(cell_type))
	return missing


## The name of a [enum StoreyLayout.CellType] value, e.g. [code]"WALL"[/code].
static func type_name(cell_type: int) -> String:
	var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"CellType")
	return names[cell_type] if cell_type >= 0 and cell_type < names.size() else str(cell_type)


## [member theme_name], or the resource's file name when it has none.
func get_display_name() -> String:
	if not theme_name.is_empty():
		return theme_name
	return resource_path.get_file().get_basename()


# Re-emits `changed` when a definition changes, so a @tool preview redraws.
func _watch(old: CellDefinition, new: CellDefinition) -> CellDefinition:
	if old != null and old.changed.is_connected(emit_changed):
		old.changed.disconnect(emit_changed)
	if new != null and not new.changed.is_connected(emit_changed):
		new.changed.connect(emit_changed)
	emit_changed()
	return new
