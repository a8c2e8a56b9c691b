@tool
extends RefCounted
## Frames what the Outpost dock made in the editor's 3D view, as a designer would by hand:
## the 3D screen, [b]Focus Selection[/b] on the middle of the storeys (a marker selected
## for the moment), then the mouse wheel until all of them are in view. The editor offers
## scripts no camera of its own, so this works its 3D view's menu and surface as a user
## does; where they are not found (another editor version) it does nothing.

## The distance the 3D view zooms out to, per metre of the drawing's longest side.
const DISTANCE_PER_METRE := 1.15
## The editor's zoom factor per wheel step ([code]Node3DEditorViewport[/code]).
const WHEEL_ZOOM := 1.08
## The closest the editor's view comes to its focus, in metres (its
## [code]ZOOM_FREELOOK_MIN[/code] floor with the default near plane): zooming in this far
## first makes the zoom out exact whatever the view was.
const CLOSEST := 0.2
## Wheel steps in that bring any view to [constant CLOSEST].
const STEPS_IN := 160


## Frames the storeys [param node] holds ([method storey_bounds]) in the first 3D view,
## then selects [param node]. False if it holds none or the 3D view could not be worked.
static func frame(node: Node3D) -> bool:
	var view := _first_of_class(EditorInterface.get_base_control(), &"Node3DEditorViewport")
	var bounds := storey_bounds(node)
	if view == null or not node.is_inside_tree() or bounds.size == Vector3.ZERO:
		return false
	var focus := _menu_item(view, "Focus Selection")
	var surface := _surface(view)
	if focus.is_empty() or surface == null:
		return false
	EditorInterface.set_main_screen_editor("3D")
	var middle := Marker3D.new()
	node.add_child(middle, false, Node.INTERNAL_MODE_BACK)
	middle.global_position = bounds.get_center()
	var selection := EditorInterface.get_selection()
	selection.clear()
	selection.add_node(middle)
	(focus[0] as PopupMenu).id_pressed.emit(focus[1])
	var wanted := bounds.get_longest_axis_size() * DISTANCE_PER_METRE
	var steps_out := ceili(log(wanted / CLOSEST) / log(WHEEL_ZOOM))
	_wheel(surface, MOUSE_BUTTON_WHEEL_UP, STEPS_IN)
	_wheel(surface, MOUSE_BUTTON_WHEEL_DOWN, steps_out)
	selection.clear()
	selection.add_node(node)
	middle.free()
	return true


## The global box of the storeys [param node] holds: a [StoreyDraft]'s storey, and every
## baked storey under it (its [constant StoreyBaker.META_LAYOUT] size), each
## [constant StoreyCollision.WALL_HEIGHT] high; an empty box if it holds none.
static func storey_bounds(node: Node3D) -> AABB:
	var boxes: Array[AABB] = []
	_storey_boxes(node, boxes)
	var bounds := AABB()
	for i in boxes.size():
		bounds = boxes[i] if i == 0 else bounds.merge(boxes[i])
	return bounds


static func _storey_boxes(node: Node, boxes: Array[AABB]) -> void:
	var size := Vector2i.ZERO
	if node is StoreyDraft and (node as StoreyDraft).layout != null:
		var layout := (node as StoreyDraft).layout
		size = Vector2i(layout.width, layout.height)
	elif node.has_meta(StoreyBaker.META_LAYOUT):
		var meta: Dictionary = node.get_meta(StoreyBaker.META_LAYOUT)
		size = Vector2i(meta.get("width", 0), meta.get("height", 0))
	if size != Vector2i.ZERO and node is Node3D:
		var local := AABB(Vector3.ZERO, Vector3(size.x, StoreyCollision.WALL_HEIGHT, size.y))
		boxes.append((node as Node3D).global_transform * local)
		return
	for child in node.get_children():
		_storey_boxes(child, boxes)


# Sends `count` presses of the wheel `button` to the view's surface, at its middle.
static func _wheel(surface: Control, button: MouseButton, count: int) -> void:
	for i in count:
		var event := InputEventMouseButton.new()
		event.button_index = button
		event.pressed = true
		event.factor = 1.0
		event.position = surface.size * 0.5
		surface.gui_input.emit(event)


# [menu, id] of the item called `text` in one of the view's menus; empty if none.
static func _menu_item(view: Node, text: String) -> Array:
	for menu: PopupMenu in view.find_children("*", "PopupMenu", true, false):
		for i in menu.item_count:
			if menu.get_item_text(i) == text:
				return [menu, menu.get_item_id(i)]
	return []


# The view's input surface: its plain Control child.
static func _surface(view: Node) -> Control:
	for child in view.get_children(true):
		if child.get_class() == "Control":
			return child as Control
	return null


static func _first_of_class(node: Node, type: StringName) -> Node:
	if node.get_class() == type:
		return node
	for child in node.get_children(true):
		var found := _first_of_class(child, type)
		if found != null:
			return found
	return null
