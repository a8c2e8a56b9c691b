@tool
extends RefCounted
## Shows a resource in the editor's Inspector and brings the Inspector's dock to the front:
## it shares a slot with the Outpost dock, so settings put in the slot used to load into an
## Inspector hidden behind the Outpost tab.


## Edits [param resource] in the Inspector and shows the Inspector's tab. False when the
## Inspector's dock could not be brought forward (another editor layout).
static func show(resource: Resource) -> bool:
	EditorInterface.edit_resource(resource)
	return bring_forward()


## Makes the Inspector's dock the shown tab of its slot (or window). False if it is not
## found.
static func bring_forward() -> bool:
	var node: Node = EditorInterface.get_inspector()
	while node != null:
		if node is EditorDock:
			(node as EditorDock).make_visible()
			return true
		var parent := node.get_parent()
		if parent is TabContainer:
			var tabs := parent as TabContainer
			tabs.current_tab = tabs.get_tab_idx_from_control(node as Control)
			return true
		node = parent
	return false
