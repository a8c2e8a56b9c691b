@tool
extends EditorPlugin
## The addon's editor plugin: the Outpost dock (with its Rooms section, the room painter:
## [code]editor/rooms/RoomsView.gd[/code]), the [StoreyLayout] Inspector panel, the
## FileSystem thumbnails of saved layouts and a listener for the files a running game saves
## into the project (SavedFileListener.gd). Enable it in Project > Project Settings >
## Plugins ("Outpost storeys").

const OutpostDock := preload("res://addons/outpost_storeys/editor/OutpostDock.gd")
const StoreyLayoutInspector := preload(
	"res://addons/outpost_storeys/editor/StoreyLayoutInspector.gd"
)
const StoreyLayoutThumbnail := preload(
	"res://addons/outpost_storeys/editor/StoreyLayoutThumbnail.gd"
)
const SavedFileListener := preload("res://addons/outpost_storeys/editor/SavedFileListener.gd")
const RoomsView := preload("res://addons/outpost_storeys/editor/rooms/RoomsView.gd")

var _dock: OutpostDock
var _inspector: StoreyLayoutInspector
var _thumbnail: StoreyLayoutThumbnail
var _listener: SavedFileListener


func _enter_tree() -> void:
	CutawayGlobals.ensure()
	_dock = OutpostDock.new()
	_dock.undo_redo = get_undo_redo()
	_dock.add_section("Rooms", RoomsView.new())
	add_dock(_dock)
	_inspector = StoreyLayoutInspector.new()
	_inspector.open_in_dock = _dock.open_layout
	add_inspector_plugin(_inspector)
	_thumbnail = StoreyLayoutThumbnail.new()
	EditorInterface.get_resource_previewer().add_preview_generator(_thumbnail)
	_listener = SavedFileListener.new()
	add_debugger_plugin(_listener)


func _exit_tree() -> void:
	remove_debugger_plugin(_listener)
	EditorInterface.get_resource_previewer().remove_preview_generator(_thumbnail)
	remove_inspector_plugin(_inspector)
	remove_dock(_dock)
	_dock.queue_free()
	_dock = null


func _get_plugin_name() -> String:
	return "Outpost storeys"


## The listener for files a running game saves into the project (null while disabled).
func get_saved_file_listener() -> EditorDebuggerPlugin:
	return _listener


## The Outpost dock (null while the plugin is disabled).
func get_dock() -> EditorDock:
	return _dock
