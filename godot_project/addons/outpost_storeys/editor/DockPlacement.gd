@tool
extends RefCounted
## Where the Outpost dock puts what it adds: beside the drafts and bakes already under the
## edited scene's root, never over them (a bake made from a draft used to sit on it at the
## origin, the two drawings mixed). The first one stays where it is made.

const EditorFraming := preload("res://addons/outpost_storeys/editor/EditorFraming.gd")

## Metres left between what is there and what comes beside it, along x.
const GAP := 4.0


## Moves [param node] (just added under [param root]) along x to stand [constant GAP]
## beyond the storeys of the other drafts and bakes under [param root], if it overlaps
## them ([method EditorFraming.storey_bounds]). Returns whether it moved.
static func beside_others(root: Node, node: Node3D) -> bool:
	var others := AABB()
	var found := false
	for child in root.get_children():
		if child == node or not child is Node3D or not _is_outpost(child):
			continue
		var box := EditorFraming.storey_bounds(child as Node3D)
		if box.size == Vector3.ZERO:
			continue
		others = box if not found else others.merge(box)
		found = true
	var own := EditorFraming.storey_bounds(node)
	if not found or own.size == Vector3.ZERO or not own.intersects(others):
		return false
	node.global_position.x += others.end.x + GAP - own.position.x
	return true


static func _is_outpost(node: Node) -> bool:
	return node is StoreyDraft or node.has_meta(StoreyBaker.META_BAKE)
