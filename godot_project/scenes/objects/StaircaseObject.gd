class_name StaircaseObject
extends StoreyObject
## The STAIRCASE cell: the up/down transition point.
## Placeholder spawned by StoreyObjectSpawner; gameplay state goes here later.

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.STAIRCASE
