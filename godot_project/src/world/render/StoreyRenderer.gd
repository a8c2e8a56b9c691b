@tool
class_name StoreyRenderer
extends Node3D
## Draws a [StoreyLayout] under itself: one visual per cell and colliding walls.
##
## Cell (x, y) covers x in [x, x + 1) and z in [y, y + 1), relative to this node. WALL
## cells are [constant WALL_HEIGHT] tall and collide on the walls layer (1);
## OUT_OF_BOUNDS cells and a one-cell ring around the grid collide on the storey-bounds
## layer (4), so a body masking layer 4 cannot leave the storey through an ENTRY opening.
## Every other cell is a [constant FLOOR_HEIGHT] floor tile with no collision, and the
## PATH overlay is drawn over [member StoreyLayout.enemy_paths] except on the special
## cells (ENTRY, BEACON, SHAFT and STAIRCASE), which stay identifiable on a path. A
## ground floor's ENTRANCE is an opening in the outline, as an ENTRY is, with a door frame
## over its floor tile ([method get_door_frame_visual]).
##
## Looks come from [member cell_definitions]: each drawn type is one
## [MultiMeshInstance3D] whose instances are unscaled copies of the type's mesh, filled
## through [member MultiMesh.buffer] by [StoreyMeshes] (the addon's drawing, which the
## baker shares). A theme with a [member CellDefinitions.wall_kit] draws the walls as
## the kit instead: one [MultiMeshInstance3D] per piece, one instance per grid vertex
## ([method get_wall_piece_counts]). Collision is built on the [PhysicsServer3D]: wall
## cells merged into rectangles ([method StoreyLayout.get_cover_rects]), every box added
## to its body before the body enters the physics space, so physics queries see the walls
## the moment [method render] returns (place this node first: bodies follow it when it
## moves, but a query only sees them once the physics space has). Hiding the renderer
## hides the visuals only; its collision stays.
##
## This node only draws: gameplay belongs to the objects a [StoreyObjectSpawner] places.

## Emitted at the end of [method render], with the layout drawn.
signal rendered(layout: StoreyLayout)

## Height of WALL cells and of their collision boxes, in metres ([StoreyCollision]).
const WALL_HEIGHT := StoreyCollision.WALL_HEIGHT
## Height of floor tiles, in metres; the PATH overlay stands on them.
const FLOOR_HEIGHT := StoreyMeshes.FLOOR_HEIGHT
## Height of the storey-bounds boxes (OUT_OF_BOUNDS cells and the ring around the grid).
const BOUNDS_HEIGHT := StoreyCollision.BOUNDS_HEIGHT
## Physics layer bit of the walls (layer 1, "walls").
const WALLS_LAYER := StoreyCollision.WALLS_LAYER
## Physics layer bit of the storey bounds (layer 4, "storey_bounds").
const BOUNDS_LAYER := StoreyCollision.BOUNDS_LAYER
## Most boxes one body holds; more rectangles (only hand-made grids have them) go to
## further bodies. A generated 28 x 20 storey needs at most about 65 wall boxes.
const MAX_SHAPES_PER_BODY := 128
## Floats per instance in a [constant MultiMesh.TRANSFORM_3D] buffer (a 3 x 4 matrix).
const FLOATS_PER_INSTANCE := StoreyMeshes.FLOATS_PER_INSTANCE
const _DEFAULT_DEFINITIONS := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")
const _CUTAWAY_SHADER := preload("res://assets/shaders/wall_cutaway.gdshader")
## Most points the cut-away keeps in sight besides the focus (the shader's array size).
const MAX_REVEAL_POINTS := 16
## Height above the floor of a revealed object's point, in metres.
const REVEAL_HEIGHT := 0.5

## The theme. Changing it redraws the current layout.
@export var cell_definitions: CellDefinitions = _DEFAULT_DEFINITIONS:
	set(value):
		cell_definitions = value
		update_configuration_warnings()
		if layout != null and is_inside_tree():
			render(layout)

## Whether walls between the camera and the global shader parameter
## [code]cutaway_focus[/code] (the game sets it to Genesis) step aside: a wall instance (a
## cell's box, or a kit's tile) that hides the focus is cut down to a capped stub. A kit
## whose material carries the cut-away ([method carries_cutaway]) keeps its look (the
## renderer draws with a copy of it, the cut turned on); other walls are then drawn in the
## theme's wall colour by [code]res://assets/shaders/wall_cutaway.gdshader[/code]. Both
## cut with the addon's [code]themes/shaders/cutaway.gdshaderinc[/code]. The walls also
## step aside for the layout's staircase (always) and its beacons (while near the focus):
## [method get_reveal_points].
@export var wall_cutaway := false:
	set(value):
		wall_cutaway = value
		if layout != null and is_inside_tree():
			render(layout)

## The layout drawn by the last [method render]; null after [method clear].
var layout: StoreyLayout

var _visuals: Dictionary[int, MultiMeshInstance3D] = {}
var _kit_visuals: Dictionary[StringName, MultiMeshInstance3D] = {}
var _piece_counts: Dictionary[StringName, int] = {}
var _door_frame: MultiMeshInstance3D
var _bodies: Array[RID] = []
var _box_shapes: Dictionary[Vector3, RID] = {}
var _shape_count := 0
var _cutaway: ShaderMaterial


func _init() -> void:
	set_notify_transform(true)


func _notification(what: int) -> void:
	match what:
		NOTIFICATION_ENTER_WORLD:
			for body in _bodies:
				_place_body(body)
		NOTIFICATION_EXIT_WORLD:
			for body in _bodies:
				PhysicsServer3D.body_set_space(body, RID())
		NOTIFICATION_TRANSFORM_CHANGED:
			for body in _bodies:
				PhysicsServer3D.body_set_state(
					body, PhysicsServer3D.BODY_STATE_TRANSFORM, global_transform
				)
			_update_reveal_points()
		NOTIFICATION_PREDELETE:
			_free_bodies()
			for shape: RID in _box_shapes.values():
				PhysicsServer3D.free_rid(shape)
			_box_shapes.clear()


func _get_configuration_warnings() -> PackedStringArray:
	if cell_definitions == null:
		return PackedStringArray(["No cell_definitions: nothing can be drawn."])
	var missing := cell_definitions.get_missing()
	if missing.is_empty():
		return PackedStringArray()
	return PackedStringArray(["cell_definitions has no definition for " + ", ".join(missing) + "."])


## Draws [param storey], replacing what was drawn before. A null or malformed layout is
## reported with [method @GlobalScope.push_error] and leaves the renderer empty.
func render(storey: StoreyLayout) -> void:
	if storey == null or not storey.is_consistent():
		push_error(
			(
				"StoreyRenderer.render: %s"
				% ("layout is null" if storey == null else "layout is malformed")
			)
		)
		clear()
		return
	layout = storey
	_cutaway = null
	var kit := cell_definitions.wall_kit if cell_definitions != null else null
	for cell_type in CellDefinitions.TYPES:
		if cell_type == StoreyLayout.CellType.WALL and kit != null:
			StoreyMeshes.fill(_visual(cell_type), layout, cell_type, null)
			_draw_kit(kit)
		else:
			_draw_type(cell_type)
	if kit == null:
		_free_kit_visuals()
	if _door_frame == null:
		_door_frame = StoreyMeshes.new_door_frame_visual()
		add_child(_door_frame)
	if cell_definitions != null:
		StoreyMeshes.fill_door_frame(_door_frame, layout, cell_definitions)
	_free_bodies()
	for group in StoreyCollision.groups(storey):
		_add_bodies(group["rects"], group["height"], group["layer"])
	rendered.emit(storey)


## Frees everything [method render] built, at once (nothing is left queued for deletion,
## so a physics query right after sees no walls).
func clear() -> void:
	for visual: MultiMeshInstance3D in _visuals.values():
		visual.free()
	_visuals.clear()
	_free_kit_visuals()
	if _door_frame != null:
		_door_frame.free()
		_door_frame = null
	_free_bodies()
	layout = null


## The [MultiMeshInstance3D] drawing [param cell_type] (PATH for the overlay); null before
## the first [method render] or after [method clear].
func get_visual(cell_type: int) -> MultiMeshInstance3D:
	return _visuals.get(cell_type)


## The instances of each wall kit piece the last [method render] drew, by piece name
## ([constant WallKit.PIECES]: [code]outer_corner[/code], [code]straight[/code],
## [code]saddle[/code], [code]inner_corner[/code], [code]full[/code]); empty when the
## theme has no [member CellDefinitions.wall_kit] (walls drawn per cell) or nothing is
## drawn.
func get_wall_piece_counts() -> Dictionary:
	return _piece_counts.duplicate()


## The [MultiMeshInstance3D] drawing the wall kit's [param piece]; null without a kit.
func get_wall_piece_visual(piece: StringName) -> MultiMeshInstance3D:
	return _kit_visuals.get(piece)


## The visual of the ENTRANCE's door frame (one instance on a ground floor, none
## elsewhere: [method StoreyMeshes.fill_door_frame]); null before the first
## [method render] or after [method clear].
func get_door_frame_visual() -> MultiMeshInstance3D:
	return _door_frame


## Collision boxes built by the last [method render] (walls and bounds together).
func get_shape_count() -> int:
	return _shape_count


## Physics bodies built by the last [method render] (walls first, then bounds).
func get_bodies() -> Array[RID]:
	return _bodies.duplicate()


## The points the wall cut-away keeps in sight besides its focus, in world space, as the
## shader takes them: the staircase cell (w 1: always) and the beacon cells (w 0: while
## near the focus), each [constant REVEAL_HEIGHT] above the floor; at most
## [constant MAX_REVEAL_POINTS]. Empty without [member wall_cutaway] or a layout.
func get_reveal_points() -> PackedVector4Array:
	var points := PackedVector4Array()
	if not wall_cutaway or layout == null:
		return points
	var cells: Array[Vector2i] = []
	var always: Array[bool] = []
	if layout.in_bounds(layout.staircase_cell):
		cells.append(layout.staircase_cell)
		always.append(true)
	for beacon in layout.beacon_cells:
		cells.append(beacon)
		always.append(false)
	var frame := global_transform if is_inside_tree() else transform
	for i in mini(cells.size(), MAX_REVEAL_POINTS):
		var at := frame * (layout.cell_center(cells[i]) + Vector3(0.0, REVEAL_HEIGHT, 0.0))
		points.append(Vector4(at.x, at.y, at.z, 1.0 if always[i] else 0.0))
	return points


## The cut-away material of the walls, or null without [member wall_cutaway].
func get_cutaway_material() -> ShaderMaterial:
	return _cutaway if wall_cutaway else null


func _draw_type(cell_type: int) -> void:
	var definition: CellDefinition = (
		cell_definitions.get_definition(cell_type) if cell_definitions != null else null
	)
	var visual := _visual(cell_type)
	StoreyMeshes.fill(visual, layout, cell_type, definition)
	if definition != null and wall_cutaway and cell_type == StoreyLayout.CellType.WALL:
		_cutaway = _plain_cutaway(definition.color)
		_set_cutaway_box(definition.get_mesh().get_aabb())
		visual.material_override = _cutaway


# The walls as the theme's kit: one visual per piece, with the kit's own material (a copy
# of it with the cut turned on under the cut-away, or the plain cut-away material when the
# kit's material cannot cut).
func _draw_kit(kit: WallKit) -> void:
	for piece in WallKit.PIECES:
		if not _kit_visuals.has(piece):
			_kit_visuals[piece] = StoreyMeshes.new_kit_visual(piece)
			add_child(_kit_visuals[piece])
	_piece_counts = StoreyMeshes.fill_wall_kit(_kit_visuals, layout, kit)
	if not wall_cutaway:
		return
	if carries_cutaway(kit.material):
		_cutaway = kit.material.duplicate() as ShaderMaterial
		_cutaway.set_shader_parameter(&"cutaway_enabled", true)
	else:
		var wall := cell_definitions.get_definition(StoreyLayout.CellType.WALL)
		_cutaway = _plain_cutaway(wall.color if wall != null else Color.GRAY)
		_cutaway.set_shader_parameter(&"open_ends", true)
	_set_cutaway_box(kit.get_tile_box())
	for visual: MultiMeshInstance3D in _kit_visuals.values():
		visual.material_override = _cutaway


## Whether [param material] cuts walls away itself: a [ShaderMaterial] whose shader
## includes the addon's [code]cutaway.gdshaderinc[/code].
static func carries_cutaway(material: Material) -> bool:
	var shader_material := material as ShaderMaterial
	if shader_material == null or shader_material.shader == null:
		return false
	for uniform in shader_material.shader.get_shader_uniform_list():
		if uniform["name"] == "cutaway_enabled":
			return true
	return false


func _plain_cutaway(color: Color) -> ShaderMaterial:
	var material := ShaderMaterial.new()
	material.shader = _CUTAWAY_SHADER
	material.set_shader_parameter(&"albedo", color)
	material.set_shader_parameter(&"cutaway_enabled", true)
	return material


func _set_cutaway_box(box: AABB) -> void:
	_cutaway.set_shader_parameter(&"box_min", box.position)
	_cutaway.set_shader_parameter(&"box_max", box.end)
	_update_reveal_points()


func _free_kit_visuals() -> void:
	for visual: MultiMeshInstance3D in _kit_visuals.values():
		visual.free()
	_kit_visuals.clear()
	_piece_counts.clear()


func _visual(cell_type: int) -> MultiMeshInstance3D:
	var visual: MultiMeshInstance3D = _visuals.get(cell_type)
	if visual == null:
		visual = StoreyMeshes.new_visual(cell_type)
		add_child(visual)
		_visuals[cell_type] = visual
	return visual


func _update_reveal_points() -> void:
	if _cutaway == null:
		return
	var points := get_reveal_points()
	_cutaway.set_shader_parameter(&"reveal_count", points.size())
	points.resize(MAX_REVEAL_POINTS)
	_cutaway.set_shader_parameter(&"reveal_points", points)


# Bodies of boxes over `rects`, `height` tall, on `layer`; at most MAX_SHAPES_PER_BODY
# boxes each. All boxes are added before a body enters the space.
func _add_bodies(rects: Array[Rect2i], height: float, layer: int) -> void:
	var start := 0
	while start < rects.size():
		var body := PhysicsServer3D.body_create()
		PhysicsServer3D.body_set_mode(body, PhysicsServer3D.BODY_MODE_STATIC)
		PhysicsServer3D.body_set_collision_layer(body, layer)
		PhysicsServer3D.body_set_collision_mask(body, 0)
		PhysicsServer3D.body_attach_object_instance_id(body, get_instance_id())
		var end := mini(start + MAX_SHAPES_PER_BODY, rects.size())
		for i in range(start, end):
			var box := StoreyCollision.box(rects[i], height)
			PhysicsServer3D.body_add_shape(
				body, _box_shape(box[0]), Transform3D(Basis.IDENTITY, box[1])
			)
		_shape_count += end - start
		_bodies.append(body)
		_place_body(body)
		start = end


# Puts `body` where this node is and, inside a world, into its physics space.
func _place_body(body: RID) -> void:
	if not is_inside_tree():
		return
	PhysicsServer3D.body_set_state(body, PhysicsServer3D.BODY_STATE_TRANSFORM, global_transform)
	PhysicsServer3D.body_set_space(body, get_world_3d().space)


# One box shape per size, shared by every body of this renderer.
func _box_shape(size: Vector3) -> RID:
	var shape: RID = _box_shapes.get(size, RID())
	if not shape.is_valid():
		shape = PhysicsServer3D.box_shape_create()
		PhysicsServer3D.shape_set_data(shape, size * 0.5)
		_box_shapes[size] = shape
	return shape


func _free_bodies() -> void:
	for body in _bodies:
		PhysicsServer3D.free_rid(body)
	_bodies.clear()
	_shape_count = 0
