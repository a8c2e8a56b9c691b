class_name ShaftConnector
extends StoreyObject
## A SHAFT cell: a tube connection point.
## Placeholder spawned by StoreyObjectSpawner; gameplay state goes here later.

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.SHAFT
