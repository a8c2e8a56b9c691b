class_name OutpostSurface
extends Node3D
## The surface around the building: the chunk of [method SurfaceGenerator.generate] for the
## building's seed and level, drawn by a [SurfaceRenderer] (which redraws a node's heap when
## its units change), its salvage nodes, and the door.
##
## Genesis is either in the building or out here ([member outside]). Out here it flies
## with the move keys over the chunk (its cell (0, 0) corner at this node), salvages the
## node beside it while interact is held (one unit every [member ticks_per_unit] physics
## ticks, each unit one material earned in the [Ledger]) and walks into the DOOR cell to
## go in, arriving on the ground floor's ENTRANCE; walking onto the ENTRANCE from inside
## brings it out onto the DOOR cell. Only a step onto the cell counts, so arriving on one
## never sends Genesis straight back. While Genesis is out, the building is hidden and
## knows it ([member OutpostBuilding.genesis_outside]): the agents stay inside and no
## swarm hunts it. Genesis put on a floor any other way (a load, a tool) is inside too.
## Everything counts in physics ticks and integers.

## Genesis came out onto the surface.
signal went_outside
## Genesis went into the building.
signal went_inside
## Genesis took [param units] of [param kind] from a node.
signal salvaged(kind: String, units: int)

## The most physics ticks a unit may take ([member ticks_per_unit]'s bound).
const MAX_TICKS_PER_UNIT := 120

## How far from a node (cells) the prompt says how close to come.
const NEAR_CELLS := 3
## Physics ticks per unit salvaged while interact is held (6: ten units a second).
@export_range(1, MAX_TICKS_PER_UNIT) var ticks_per_unit := 6

## The chunk (null before [method start]).
var layout: SurfaceLayout
## Whether Genesis is out here.
var outside := false
## Whether interact is held.
var interacting := false

var _building: OutpostBuilding
var _genesis: OutpostGenesis
var _ledger: Ledger
var _nodes: Array[SalvageNode] = []
var _progress := 0
var _last_cell := Vector2i(-1, -1)

@onready var renderer: SurfaceRenderer = $Renderer
@onready var _salvage: Node = $Salvage


func _physics_process(_delta: float) -> void:
	if layout == null or _genesis == null:
		return
	var cell := _genesis.current_cell()
	var stepped := cell != _last_cell
	_last_cell = cell
	if outside:
		if stepped and cell == layout.door_cell:
			enter_building()
		else:
			_salvage_tick()
	elif _building.genesis_floor == _building.get_ground_floor():
		if stepped and cell == _entrance():
			leave_building()
	else:
		_last_cell = Vector2i(-1, -1)


## Makes the surface of [param building] (built: its seed and level) with every node
## full, for [param genesis] and [param ledger]; Genesis goes out onto
## [method start_cell] when [param start_outside], else it stays in the building.
## [param made] is the surface if it was generated already (a load's, by
## [SaveEnvelope]); null: it is generated here around the building's ground floor.
func start(
	building: OutpostBuilding,
	genesis: OutpostGenesis,
	ledger: Ledger,
	start_outside: bool,
	made: SurfaceLayout = null
) -> void:
	_building = building
	_genesis = genesis
	_ledger = ledger
	if not building.genesis_floor_changed.is_connected(_on_genesis_floor_changed):
		building.genesis_floor_changed.connect(_on_genesis_floor_changed)
	layout = made if made != null else _generate(building)
	if layout == null:
		return
	renderer.render(layout)
	for node in _nodes:
		node.free()
	_nodes.clear()
	for data: Dictionary in layout.salvage_nodes:
		var node := SalvageNode.new()
		node.setup(data)
		var index := _nodes.size()
		node.changed.connect(func(units: int) -> void: renderer.draw_heap(index, units))
		_salvage.add_child(node)
		_nodes.append(node)
	_progress = 0
	interacting = false
	_show(false)
	if start_outside:
		leave_building(start_cell())
	else:
		_last_cell = _genesis.current_cell()


## Where a new game puts Genesis: one step out from the door, away from the building (the
## door itself if that cell is not open ground).
func start_cell() -> Vector2i:
	var out := layout.door_cell * 2 - layout.entrance_cell
	return out if layout.is_walkable(out) else layout.door_cell


## Brings Genesis out onto [param cell] of the surface (the door by default).
func leave_building(cell: Vector2i = Vector2i(-1, -1)) -> void:
	if layout == null:
		return
	var at := cell if layout.in_bounds(cell) else layout.door_cell
	_show(true)
	_genesis.place_on_ground(global_position, at)
	_last_cell = at
	went_outside.emit()


## Takes Genesis into the building, onto the ground floor's ENTRANCE.
func enter_building() -> void:
	_show(false)
	var ground := _building.get_ground_floor()
	_building.place_genesis(ground, _entrance())
	_last_cell = _entrance()
	went_inside.emit()


## The salvage nodes, in [member SurfaceLayout.salvage_nodes] order.
func get_nodes() -> Array[SalvageNode]:
	return _nodes.duplicate()


## The node Genesis would salvage now: the first non-empty node at most one cell from it
## (diagonals included), while it is out here; null otherwise.
func salvage_target() -> SalvageNode:
	if not outside:
		return null
	var at := _genesis.current_cell()
	for node in _nodes:
		if not node.is_empty() and Interaction.next_to(at, node.cell):
			return node
	return null


## What the prompt line says out here: how to salvage the node in reach ([param key]: the
## interact key's name); with none in reach but one within [constant NEAR_CELLS], how
## close to come; else the way back in.
func prompt(key: String) -> String:
	var node := salvage_target()
	if node != null:
		return SurfaceText.salvage(key, node.kind, node.left)
	var near := nearest_node()
	if near != null:
		var away := Interaction.cells_away(_genesis.current_cell(), near.cell)
		if away <= NEAR_CELLS:
			return SurfaceText.come_closer(near.kind, away)
	return SurfaceText.door_hint()


## The non-empty node nearest Genesis out here (cells as a king counts them; the first in
## [member SurfaceLayout.salvage_nodes] order among equals), or null.
func nearest_node() -> SalvageNode:
	if not outside:
		return null
	var at := _genesis.current_cell()
	var best: SalvageNode = null
	for node in _nodes:
		if node.is_empty():
			continue
		if (
			best == null
			or Interaction.cells_away(at, node.cell) < Interaction.cells_away(at, best.cell)
		):
			best = node
	return best


## The state for a save game: whether Genesis is out here, the cell it was last seen on
## (of the surface or of its floor: a step off it onto the door counts), the units left on
## every node (in [member SurfaceLayout.salvage_nodes] order) and the ticks towards the
## next unit.
func get_state() -> Dictionary:
	var left: Array = []
	for node in _nodes:
		left.append(node.left)
	return {
		"outside": outside,
		"cell": StateCheck.list_of(_last_cell),
		"salvage": left,
		"progress": _progress,
	}


## "" if [param data] is a surface's state for the building of the save (the surface its
## envelope generated, [method SaveEnvelope.of]), else what is wrong: one whole number per
## node, within 0 and the node's amount; the ticks towards the next unit within
## [constant MAX_TICKS_PER_UNIT]; Genesis, if out, on open ground, and in the building on
## the ground floor.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	check.flag(data, "outside", "surface")
	check.whole(data, "progress", "surface", 0, MAX_TICKS_PER_UNIT - 1)
	var cell := check.cell(data, "surface")
	if not check.is_ok():
		return check.problem()
	var envelope := SaveEnvelope.of(context)
	var made := envelope.surface if envelope != null else null
	var left: Variant = data.get("salvage")
	if made == null or not left is Array or (left as Array).size() != made.salvage_nodes.size():
		return "surface.salvage must list the units left on each of the surface's nodes"
	if data["outside"] and not made.is_walkable(cell):
		return "surface.cell %s is not open ground" % StateCheck.text_of(cell)
	var building: Dictionary = (context.get("data", {}) as Dictionary).get("building", {})
	var ground := envelope.ground_floor()
	var genesis_floor := int((building.get("genesis", {}) as Dictionary).get("floor", ground))
	if data["outside"] and genesis_floor != ground:
		return (
			"surface.outside is true but building.genesis.floor is %d, not the ground floor %d"
			% [genesis_floor, ground]
		)
	for i in (left as Array).size():
		var most: int = made.salvage_nodes[i]["amount"]
		check.whole_value(left[i], "surface.salvage[%d]" % i, 0, most)
	return check.problem()


## Restores [method get_state]'s state on a surface made by [method start] for the same
## building (Genesis in it): the nodes' units, and Genesis out onto the surface if it was.
func set_state(data: Dictionary) -> void:
	var left: Array = data["salvage"]
	for i in mini(left.size(), _nodes.size()):
		_nodes[i].set_left(int(left[i]))
	_progress = int(data.get("progress", 0))
	var cell := StateCheck.cell_of(data["cell"])
	if data["outside"]:
		leave_building(cell)
	_last_cell = cell


func _salvage_tick() -> void:
	var node := salvage_target() if interacting else null
	if node == null:
		_progress = 0
		return
	_progress += 1
	if _progress < ticks_per_unit:
		return
	_progress = 0
	var units := node.take(1)
	_ledger.earn(units)
	salvaged.emit(node.kind, units)


func _show(out: bool) -> void:
	outside = out
	visible = out
	# Inside, the chunk's bodies leave the physics space (a disabled static body is removed).
	renderer.process_mode = Node.PROCESS_MODE_INHERIT if out else Node.PROCESS_MODE_DISABLED
	_building.visible = not out
	_building.genesis_outside = out
	_genesis.visible = out or _building.genesis_floor == _building.viewed_floor


# Genesis put on a floor by anything but the door (a load, a build, a tool): it is inside.
# (enter_building goes inside before it places Genesis, so this is then nothing to do.)
func _on_genesis_floor_changed(_index: int) -> void:
	if outside:
		_show(false)
		_last_cell = _genesis.current_cell()


# The surface around `building`'s ground floor (the chunk SurfaceGenerator.generate makes
# of its seed and level, without generating that floor again).
static func _generate(building: OutpostBuilding) -> SurfaceLayout:
	var ground := building.get_ground_floor()
	if ground >= building.layouts.size():
		return null
	return SurfaceGenerator.generate_around(null, building.master_seed, building.layouts[ground])


func _entrance() -> Vector2i:
	return _building.layouts[_building.get_ground_floor()].entrance_cell
