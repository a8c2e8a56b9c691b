class_name MachineObject
extends WornObject
## A factory machine on an EMPTY cell of the UNDERGROUND storey (a [MachineKind]'s body):
## it produces its kind's [member MachineKind.output] for the loop ([Factory]) while it
## stands, and drones next to it wear it down ([method apply_damage]); at 0 health it emits
## [signal destroyed] (whoever placed it removes it). It blocks the swarm's agents through
## the storey's [StoreyNavigator], where it is placed as a blocking cell, and Genesis with a
## solid body on the walls' layer.
##
## The parent calls [method setup] before it enters the tree, and places it at the cell's
## centre in the storey's frame. Its body is built from the kind: a squat block of painted
## metal ([ObjectLook]) [member MachineKind.height] tall, a band glowing in the kind's
## [member MachineKind.color] and a rotor on top that turns while it works (drawn only:
## not game state); behind a wall it shows as a silhouette of the kind's colour.

## The colour of its block's painted metal.
const BODY_COLOR := Color(0.26, 0.27, 0.29)
## Turns per second of its rotor (drawn only).
const ROTOR_TURNS := 0.5

## The kind: cost, output, health, look (read only).
var kind: MachineKind
## The index of [member kind] in [member OutpostRules.machine_kinds] (saved with the game).
var kind_index := 0

var _rotor: Node3D


## Sets the machine up: its kind (and index) and cell; full health. Call before it enters
## the tree.
func setup(machine_kind: MachineKind, index: int, machine_cell: Vector2i) -> void:
	kind = machine_kind
	kind_index = index
	cell = machine_cell
	health = kind.max_health
	_build_body()


func _process(delta: float) -> void:
	if _rotor != null and health > 0.0:
		_rotor.rotate_y(TAU * ROTOR_TURNS * delta)


## Its kind's full health.
func max_health() -> float:
	return kind.max_health


## Its kind.
func row() -> Resource:
	return kind


## The state for a save game: the kind's index and the health (its cell is its storey's
## business: [StoreyMachines]).
func get_state() -> Dictionary:
	return {"kind": kind_index, "health": health}


## "" if [param data] is a machine's state for [code]context.rules[/code] ([OutpostRules]),
## else what is wrong (named under [code]context.where[/code]): no such kind, health not in
## (0, the kind's].
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "machine")
	var rules: OutpostRules = context["rules"]
	var check := StateCheck.new()
	if rules.machine_kinds.is_empty():
		return "%s: the rules have no machine kinds" % where
	var index := check.whole(data, "kind", where, 0, rules.machine_kinds.size() - 1)
	var saved := check.number(data, "health", where, 0.0)
	if check.is_ok() and (saved <= 0.0 or saved > rules.machine_kind(index).max_health):
		check.fail(
			"%s.health is %s, not in (0, %s]" % [where, saved, rules.machine_kind(index).max_health]
		)
	return check.problem()


## Restores [method get_state]'s health (the kind is set up already).
func set_state(data: Dictionary) -> void:
	set_health(data.get("health", health))


func _build_body() -> void:
	var silhouette := Color(kind.color.lightened(0.3), 1.0)
	var block := MeshInstance3D.new()
	block.name = "Block"
	var block_mesh := BoxMesh.new()
	block_mesh.size = Vector3(0.78, kind.height, 0.78)
	block_mesh.material = ObjectLook.metal_xray(BODY_COLOR, silhouette)
	block.mesh = block_mesh
	block.position.y = kind.height * 0.5
	add_child(block)
	# A band round the block glowing in the kind's colour: what tells the kinds apart.
	var band := MeshInstance3D.new()
	band.name = "Band"
	var band_mesh := BoxMesh.new()
	band_mesh.size = Vector3(0.82, 0.12, 0.82)
	band_mesh.material = ObjectLook.metal_xray(kind.color, silhouette, kind.color, 0.8)
	band.mesh = band_mesh
	band.position.y = kind.height * 0.62
	add_child(band)
	_rotor = Node3D.new()
	_rotor.name = "Rotor"
	_rotor.position.y = kind.height
	add_child(_rotor)
	var hub := MeshInstance3D.new()
	hub.name = "Hub"
	var hub_mesh := CylinderMesh.new()
	hub_mesh.top_radius = 0.12
	hub_mesh.bottom_radius = 0.16
	hub_mesh.height = 0.16
	hub_mesh.radial_segments = 8
	hub_mesh.rings = 1
	hub_mesh.material = ObjectLook.metal(kind.color, kind.color, 0.6)
	hub.mesh = hub_mesh
	hub.position.y = 0.08
	_rotor.add_child(hub)
	var blade := MeshInstance3D.new()
	blade.name = "Blade"
	var blade_mesh := BoxMesh.new()
	blade_mesh.size = Vector3(0.62, 0.04, 0.1)
	blade_mesh.material = ObjectLook.metal(BODY_COLOR.lightened(0.25))
	blade.mesh = blade_mesh
	blade.position.y = 0.14
	_rotor.add_child(blade)
	# Solid to Genesis, like a wall (layer 1); the swarm's agents are kept off its cell by
	# the navigator instead. The shape is in place before the body enters the tree.
	var solid := StaticBody3D.new()
	solid.name = "Solid"
	solid.collision_layer = 1
	solid.collision_mask = 0
	var shape := CollisionShape3D.new()
	var box := BoxShape3D.new()
	box.size = Vector3(0.7, kind.height, 0.7)
	shape.shape = box
	shape.position.y = kind.height * 0.5
	solid.add_child(shape)
	add_child(solid)
	add_bar(kind.height + 0.45)
