class_name BeaconObject
extends StoreyObject
## A BEACON cell: communications infrastructure Genesis restores.
## Placeholder spawned by StoreyObjectSpawner; gameplay state goes here later.

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.BEACON
