class_name EntryPoint
extends Node3D
## An ENTRY cell: where drones enter the storey.
## Placeholder spawned by StoreyObjectSpawner; gameplay state goes here later.

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.ENTRY

## The cell this object stands on (set by StoreyObjectSpawner before it enters the tree).
var cell: Vector2i = Vector2i(-1, -1)
## The cell type the spawner saw at `cell` (StoreyLayout.CellType).
var cell_type: int = -1
