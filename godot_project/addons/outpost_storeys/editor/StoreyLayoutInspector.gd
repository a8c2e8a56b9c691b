@tool
extends EditorInspectorPlugin
## Shows a [StoreyLayout] at the top of the Inspector: its picture in the reference's
## colours ([StoreyPicture]), its seed, type, depth and level, and an "Open in dock"
## button that loads them into the Outpost dock.

## Pixels per cell of the picture (the Inspector scales it to its width).
const CELL_PX := 6

## Called with the layout when "Open in dock" is pressed (set by the plugin).
var open_in_dock: Callable


func _can_handle(object: Object) -> bool:
	return object is StoreyLayout


func _parse_begin(object: Object) -> void:
	add_custom_control(make_panel(object as StoreyLayout))


## The panel shown for [param layout]: picture, summary line and the button.
func make_panel(layout: StoreyLayout) -> Control:
	var box := VBoxContainer.new()
	box.name = "StoreyLayoutPanel"
	var picture := TextureRect.new()
	picture.name = "Picture"
	picture.custom_minimum_size = Vector2(0, 120)
	picture.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	picture.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	picture.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
	var image := StoreyPicture.image(layout, CELL_PX)
	if image != null:
		picture.texture = ImageTexture.create_from_image(image)
	box.add_child(picture)
	var summary := Label.new()
	summary.name = "Summary"
	summary.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	summary.text = describe(layout)
	box.add_child(summary)
	var button := Button.new()
	button.name = "OpenInDock"
	button.text = "Open in dock"
	button.tooltip_text = "Load this storey's seed, type, depth and level into the Outpost dock."
	button.disabled = layout == null or not open_in_dock.is_valid()
	button.pressed.connect(func() -> void: open_in_dock.call(layout))
	box.add_child(button)
	return box


## The summary line of [param layout]: seed, type, depth, level and size (or why it cannot
## be shown).
static func describe(layout: StoreyLayout) -> String:
	if layout == null:
		return "No layout."
	if not layout.is_consistent():
		return "Malformed layout: %s" % layout.get_data_error()
	var types := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	var type := int(layout.storey_type)
	return (
		"Seed %d, %s, depth %d, level %d (%d x %d)"
		% [
			layout.seed_value,
			types[type] if type >= 0 and type < types.size() else str(type),
			layout.storey_depth,
			layout.outpost_level,
			layout.width,
			layout.height,
		]
	)
