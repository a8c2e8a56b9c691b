class_name StoreyObject
extends Node3D
## Base of the interactive objects a [StoreyObjectSpawner] places on a storey's special
## cells (the reference's layer 3: what a cell [i]does[/i]).
##
## The spawner sets [member cell], [member cell_type] and [member layout] before the object
## enters the tree, and places it at the cell's centre, relative to the storey. Objects
## own their behaviour; none of it runs in the editor (these scripts are not
## [code]@tool[/code]).

## The cell this object stands on.
var cell := Vector2i(-1, -1)
## The [enum StoreyLayout.CellType] the spawner saw at [member cell].
var cell_type: int = -1
## The storey this object belongs to (read-only for objects).
var layout: StoreyLayout
