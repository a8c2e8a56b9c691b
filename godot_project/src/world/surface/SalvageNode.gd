class_name SalvageNode
extends Node3D
## A salvage node of the surface: a heap of one [member kind] holding [member left] units of
## the [member amount] it started with. Genesis salvages it while interact is held beside it
## ([OutpostSurface]); each unit taken is a material in the ledger. The heap shrinks as it
## empties and is gone when empty.

## [member left] changed (to [param units]).
signal changed(units: int)

## The heap's colour per kind ([code]SurfaceLayout.salvage_nodes[/code]' kinds).
const COLORS: Dictionary[String, Color] = {
	"SCRAP": Color(0.62, 0.6, 0.56),
	"ALLOY": Color(0.36, 0.62, 0.86),
	"CIRCUITS": Color(0.3, 0.85, 0.42),
}
## The full heap's size, in metres.
const SIZE := Vector3(0.8, 0.6, 0.8)

## The kind: [code]"SCRAP"[/code], [code]"ALLOY"[/code] or [code]"CIRCUITS"[/code].
var kind := "SCRAP"
## The surface cell it lies on.
var cell := Vector2i.ZERO
## The units it started with.
var amount := 0
## The units left.
var left := 0

var _heap: MeshInstance3D


## Takes its kind, cell and amount from [param node] (one of
## [member SurfaceLayout.salvage_nodes]: [code]{kind, cell, amount}[/code]), full, and
## stands on the cell's centre (its parent's cell (0, 0) corner at the origin).
func setup(node: Dictionary) -> void:
	kind = node["kind"]
	cell = node["cell"]
	amount = int(node["amount"])
	name = "Salvage_%d_%d" % [cell.x, cell.y]
	position = Vector3(cell.x + 0.5, 0.0, cell.y + 0.5)
	_heap = MeshInstance3D.new()
	var box := BoxMesh.new()
	box.size = SIZE
	_heap.mesh = box
	var material := StandardMaterial3D.new()
	material.albedo_color = COLORS.get(kind, Color.WHITE)
	material.emission_enabled = true
	material.emission = material.albedo_color
	material.emission_energy_multiplier = 0.6
	_heap.material_override = material
	add_child(_heap)
	set_left(amount)


## Takes up to [param units] units; returns how many it gave.
func take(units: int) -> int:
	var given := clampi(units, 0, left)
	if given > 0:
		set_left(left - given)
	return given


## Sets the units left (within 0..[member amount]) and the heap's size.
func set_left(units: int) -> void:
	left = clampi(units, 0, amount)
	var share := float(left) / maxf(amount, 1.0)
	_heap.scale = Vector3.ONE * (0.4 + 0.6 * share)
	_heap.position.y = SIZE.y * 0.5 * _heap.scale.y
	visible = left > 0
	changed.emit(left)


## Whether nothing is left.
func is_empty() -> bool:
	return left <= 0
