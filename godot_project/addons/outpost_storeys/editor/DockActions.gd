@tool
extends RefCounted
## The Outpost dock's scene actions as actions of the edited scene's history
## ([EditorUndoRedoManager]): adding a node under the scene's root, and putting a fresh
## bake in the place of an old one. Each is one action built from the engine's own methods
## ([code]add_child[/code], [code]remove_child[/code], [code]move_child[/code],
## [code]set_owner[/code] on every node), the nodes kept alive by the history's
## references, so undo and redo do not depend on the dock staying open.

## The prefix of every action the dock puts in the editor's history.
const ACTION_PREFIX := "Outpost: "


## Adds [param node] under [param root] as the action "Outpost: [param action]". The
## nodes are the history's from then on.
static func add(undo_redo: EditorUndoRedoManager, root: Node, action: String, node: Node) -> void:
	undo_redo.create_action(ACTION_PREFIX + action, UndoRedo.MERGE_DISABLE, root)
	undo_redo.add_do_method(root, &"add_child", node, true)
	_owners(undo_redo, node, root, true)
	undo_redo.add_do_reference(node)
	undo_redo.add_undo_method(root, &"remove_child", node)
	undo_redo.commit_action()


## Puts [param fresh] where [param old] is (its parent and index), as the action
## "Outpost: [param action]".
static func replace(
	undo_redo: EditorUndoRedoManager, root: Node, action: String, old: Node, fresh: Node
) -> void:
	var parent := old.get_parent()
	var index := old.get_index()
	undo_redo.create_action(ACTION_PREFIX + action, UndoRedo.MERGE_DISABLE, root)
	undo_redo.add_do_method(parent, &"remove_child", old)
	undo_redo.add_do_method(parent, &"add_child", fresh)
	undo_redo.add_do_method(parent, &"move_child", fresh, index)
	_owners(undo_redo, fresh, root, true)
	undo_redo.add_do_reference(fresh)
	undo_redo.add_undo_method(parent, &"remove_child", fresh)
	undo_redo.add_undo_method(parent, &"add_child", old)
	undo_redo.add_undo_method(parent, &"move_child", old, index)
	_owners(undo_redo, old, root, false)
	undo_redo.add_undo_reference(old)
	undo_redo.commit_action()


## A row of buttons, one per [code][key, text, tooltip, action][/code] of
## [param actions] (the [Callable] called when it is pressed), each also put in
## [param by_key] under its key.
static func buttons(actions: Array, by_key: Dictionary[String, Button]) -> HFlowContainer:
	var flow := HFlowContainer.new()
	for entry: Array in actions:
		var button := Button.new()
		button.text = entry[1]
		button.tooltip_text = entry[2]
		var action: Callable = entry[3]
		button.pressed.connect(func() -> void: action.call())
		flow.add_child(button)
		by_key[entry[0]] = button
	return flow


# Makes `root` the owner of `node` and of every node under it (not the insides of
# instanced scenes), in the action's do side (`do`) or its undo side: a node taken out of
# the tree loses its owner, so putting it back must set it again.
static func _owners(undo_redo: EditorUndoRedoManager, node: Node, root: Node, do: bool) -> void:
	if do:
		undo_redo.add_do_method(node, &"set_owner", root)
	else:
		undo_redo.add_undo_method(node, &"set_owner", root)
	if not node.scene_file_path.is_empty():
		return
	for child in node.get_children():
		_owners(undo_redo, child, root, do)
