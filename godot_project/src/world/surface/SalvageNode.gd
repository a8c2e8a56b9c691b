class_name SalvageNode
extends Node
## A salvage node of the surface: a heap of one [member kind] holding [member left] units of
## the [member amount] it started with. Genesis salvages it while interact is held beside it
## ([OutpostSurface]); each unit taken is a material in the ledger. It only counts: the
## [SurfaceRenderer] draws the heap, shrinking as it empties and gone when empty, from
## [signal changed].

## [member left] changed (to [param units]).
signal changed(units: int)

## The kind: [code]"SCRAP"[/code], [code]"ALLOY"[/code] or [code]"CIRCUITS"[/code].
var kind := "SCRAP"
## The surface cell it lies on.
var cell := Vector2i.ZERO
## The units it started with.
var amount := 0
## The units left.
var left := 0


## Takes its kind, cell and amount from [param node] (one of
## [member SurfaceLayout.salvage_nodes]: [code]{kind, cell, amount}[/code]), full.
func setup(node: Dictionary) -> void:
	kind = node["kind"]
	cell = node["cell"]
	amount = int(node["amount"])
	name = "Salvage_%d_%d" % [cell.x, cell.y]
	set_left(amount)


## Takes up to [param units] units; returns how many it gave.
func take(units: int) -> int:
	var given := clampi(units, 0, left)
	if given > 0:
		set_left(left - given)
	return given


## Sets the units left (within 0..[member amount]) and emits [signal changed].
func set_left(units: int) -> void:
	left = clampi(units, 0, amount)
	changed.emit(left)


## Whether nothing is left.
func is_empty() -> bool:
	return left <= 0
