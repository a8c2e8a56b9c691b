class_name EntryPoint
extends StoreyObject
## An ENTRY cell: where drones enter the storey.
## Placeholder spawned by StoreyObjectSpawner; gameplay state goes here later.

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.ENTRY
