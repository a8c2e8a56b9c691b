@tool
class_name StoreyBaker
extends RefCounted
## Turns a storey or a building into plain Godot nodes that stand alone: ready for
## [method PackedScene.pack] and a [code].tscn[/code] that loads in a project without this
## extension.
##
## [method bake_storey] and [method bake_building] return a [Node3D] outside the
## [SceneTree], every node under it owned by it. A storey holds, in its own space (cell
## (x, y) around (x + 0.5, 0, y + 0.5), as in the reference):
## [br]- one [MultiMeshInstance3D] per drawn cell type ([code]WALL[/code],
##   [code]EMPTY[/code], ... [code]PATH[/code]: the theme's meshes, [StoreyMeshes]); with a
##   theme's [member CellDefinitions.wall_kit], [code]WALL[/code] is empty and the walls
##   are one more per kit piece ([code]WALL_outer_corner[/code], ...), their meshes saved
##   in the scene;
## [br]- [code]Walls[/code]: a [StaticBody3D] on the walls layer (1, [constant WALLS_LAYER])
##   with one [CollisionShape3D] box per rectangle of WALL cells
##   ([method StoreyLayout.get_cover_rects]), [constant WALL_HEIGHT] tall; and
##   [code]Bounds[/code], the same on layer 4 ([constant BOUNDS_LAYER], the game's
##   storey bounds) over the OUT_OF_BOUNDS cells and a one-cell ring around the grid, so a
##   body masking layer 4 cannot leave through an ENTRY opening;
## [br]- [code]Markers[/code]: a [Marker3D] at every ENTRY, BEACON, SHAFT, STAIRCASE and
##   ENTRANCE cell, in the persistent group [constant GROUP_ENTRY], [constant GROUP_BEACON],
##   [constant GROUP_SHAFT], [constant GROUP_STAIRCASE] or [constant GROUP_ENTRANCE], its
##   cell in the metadata [constant META_CELL]; and the ENTRANCE's door frame;
## [br]- [code]Navigation[/code]: a [NavigationRegion3D] whose [NavigationMesh] is baked
##   here, synchronously, over the floor of the walkable cells (agent radius
##   [constant AGENT_RADIUS], so one-cell corridors stay open);
## [br]- with [code]with_objects[/code], [code]Objects[/code]: the object scene of every
##   special cell as [StoreyObjectSpawner] places it (the game's scenes under
##   [code]res://src/world/objects/[/code] by default; the scene then references their scripts).
## [br]A building stacks its storeys, bottom first, at y = index x
## [constant STOREY_HEIGHT], as the game does. The bake's parameters are kept in the root's
## metadata [constant META_BAKE] ([method rebake] makes the bake again from them), each
## storey's in [constant META_LAYOUT].
##
## Bad input: [method @GlobalScope.push_error] naming the problem, and null.

## Group of the ENTRY cells' markers (persistent: saved with the scene).
const GROUP_ENTRY := &"outpost_entry"
## Group of the BEACON cells' markers.
const GROUP_BEACON := &"outpost_beacon"
## Group of the SHAFT cells' markers.
const GROUP_SHAFT := &"outpost_shaft"
## Group of the STAIRCASE cell's marker.
const GROUP_STAIRCASE := &"outpost_staircase"
## Group of a ground floor's ENTRANCE cell's marker (the player's door).
const GROUP_ENTRANCE := &"outpost_entrance"
## The marker group of each marked cell type.
const MARKER_GROUPS: Dictionary[int, StringName] = {
	StoreyLayout.CellType.ENTRY: GROUP_ENTRY,
	StoreyLayout.CellType.BEACON: GROUP_BEACON,
	StoreyLayout.CellType.SHAFT: GROUP_SHAFT,
	StoreyLayout.CellType.STAIRCASE: GROUP_STAIRCASE,
	StoreyLayout.CellType.ENTRANCE: GROUP_ENTRANCE,
}
## Metadata of a marker: its cell ([Vector2i]).
const META_CELL := &"cell"
## Metadata of a bake's root: the parameters it was made with ([Dictionary]):
## [code]kind[/code] ([code]"storey"[/code] or [code]"building"[/code]),
## [code]seed_value[/code], [code]outpost_level[/code], [code]theme[/code] (the theme's
## path, [code]""[/code] for the default or an unsaved theme), [code]with_objects[/code];
## a storey's [code]storey_depth[/code], [code]storey_type[/code],
## [code]forced_staircase[/code]; a building's [code]storeys[/code],
## [code]underground[/code]; and, for a bake made with generation settings that differ
## from the reference's, [code]settings[/code]: a [Dictionary] of the changed settings
## only ([method settings_changes]: name to value, plain integers, so the scene still
## references no extension resource). A storey baked from a layout the generator does not
## make again from its fields (a hand-edited one) has [code]kind[/code]
## [code]"layout"[/code] and the layout itself as JSON text in [code]layout_json[/code]
## ([method BakeRecord.record_of]): Re-bake makes that storey again, edits and all.
const META_BAKE := &"outpost_bake"
## Metadata of every baked storey: its layout's [code]seed_value[/code],
## [code]storey_type[/code], [code]storey_depth[/code], [code]outpost_level[/code],
## [code]width[/code], [code]height[/code] and [code]staircase_cell[/code].
const META_LAYOUT := &"outpost_layout"
## Height of the WALL boxes, in metres ([StoreyCollision]).
const WALL_HEIGHT := StoreyCollision.WALL_HEIGHT
## Height of the storey-bounds boxes, in metres.
const BOUNDS_HEIGHT := StoreyCollision.BOUNDS_HEIGHT
## Collision layer bit of the walls (layer 1, the game's "walls").
const WALLS_LAYER := StoreyCollision.WALLS_LAYER
## Collision layer bit of the storey bounds (layer 4, the game's "storey_bounds").
const BOUNDS_LAYER := StoreyCollision.BOUNDS_LAYER
## Vertical distance between two storeys of a building, in metres (the game's).
const STOREY_HEIGHT := 3.0
## Agent radius of the baked navigation meshes, in metres: at most a quarter cell, so a
## one-cell corridor keeps half a metre of walkable width.
const AGENT_RADIUS := 0.25
## The cell types whose floor the navigation mesh covers.
const WALKABLE_TYPES: Array[int] = [
	StoreyLayout.CellType.EMPTY,
	StoreyLayout.CellType.ENTRY,
	StoreyLayout.CellType.BEACON,
	StoreyLayout.CellType.SHAFT,
	StoreyLayout.CellType.STAIRCASE,
	StoreyLayout.CellType.ENTRANCE,
]
## The theme used when none is given: the reference's colours.
const DEFAULT_THEME := preload("res://addons/outpost_storeys/themes/cell_definitions.tres")

static var _unit_box_faces := PackedVector3Array()


## [param layout] as plain nodes (see the class description), drawn with [param theme]
## (null: [constant DEFAULT_THEME]); with [param with_objects], its object scenes too.
## [param settings]: the [StoreyGenerationSettings] [param layout] was generated with
## (null: the reference's), recorded so that [method rebake] makes it again; the layout
## is baked as it is either way. Null and an error for a null or malformed layout, or
## settings out of range.
static func bake_storey(
	layout: StoreyLayout,
	theme: CellDefinitions = null,
	with_objects := false,
	settings: Resource = null
) -> Node3D:
	if layout == null or not layout.is_consistent():
		push_error(
			(
				"StoreyBaker.bake_storey: %s"
				% ("layout is null" if layout == null else "layout is malformed")
			)
		)
		return null
	var refused := settings_problem(settings)
	if not refused.is_empty():
		push_error("StoreyBaker.bake_storey: " + refused)
		return null
	var storey := _storey(layout, theme, with_objects)
	storey.name = "Storey"
	var bake := BakeRecord.record_of(layout, settings)
	bake.merge(_look(theme, with_objects))
	storey.set_meta(META_BAKE, bake)
	_own(storey, storey)
	return storey


## The building [method StoreyGenerator.generate_building_with] makes of
## [param settings] (a [StoreyGenerationSettings]; null: the reference's),
## [param seed_value], [param storeys] and [param outpost_level] (with an UNDERGROUND
## storey below them when [param underground]), baked: a [code]Building[/code] node
## holding [code]Storey0[/code], [code]Storey1[/code]... bottom first, storey i at
## y = i x [constant STOREY_HEIGHT]. Settings that differ from the reference's are
## recorded in [constant META_BAKE] as plain values.
## [br][param theme] and [param with_objects] as in [method bake_storey]. Bad arguments
## (settings out of range or not [StoreyGenerationSettings] included): an error naming
## the value, and null.
static func bake_building(
	seed_value: int,
	outpost_level: int,
	storeys: int,
	underground: bool,
	settings: Resource = null,
	theme: CellDefinitions = null,
	with_objects := false
) -> Node3D:
	var refused := settings_problem(settings)
	if not refused.is_empty():
		push_error("StoreyBaker.bake_building: " + refused)
		return null
	var layouts := StoreyGenerator.generate_building_with(
		settings as StoreyGenerationSettings, seed_value, storeys, outpost_level, underground
	)
	if layouts.is_empty():
		return null
	var building := Node3D.new()
	building.name = "Building"
	for index in layouts.size():
		var storey := _storey(layouts[index], theme, with_objects)
		storey.name = "Storey%d" % index
		storey.position = Vector3(0.0, index * STOREY_HEIGHT, 0.0)
		building.add_child(storey)
	var bake := {
		"kind": "building",
		"seed_value": seed_value,
		"outpost_level": outpost_level,
		"storeys": storeys,
		"underground": underground,
	}
	var changes := settings_changes(settings)
	if not changes.is_empty():
		bake["settings"] = changes
	bake.merge(_look(theme, with_objects))
	building.set_meta(META_BAKE, bake)
	_own(building, building)
	return building


## The bake [param baked] was made by, made again from its [constant META_BAKE] metadata
## (the generator's storeys of today, the theme's looks of today). Null and an error when
## [param baked] holds no bake parameters or they are refused.
static func rebake(baked: Node) -> Node3D:
	var bake: Dictionary = baked.get_meta(META_BAKE, {}) if baked != null else {}
	var theme: CellDefinitions = null
	var theme_path: String = bake.get("theme", "")
	if not theme_path.is_empty():
		theme = load(theme_path) as CellDefinitions
		if theme == null:
			push_error("StoreyBaker.rebake: the theme %s cannot be loaded" % theme_path)
			return null
	var with_objects: bool = bake.get("with_objects", false)
	var settings: StoreyGenerationSettings = null
	if bake.has("settings"):
		settings = settings_from(bake["settings"])
		if settings == null:
			return null
	match bake.get("kind", ""):
		"storey", "layout":
			var layout := BakeRecord.layout_of(bake, settings)
			return bake_storey(layout, theme, with_objects, settings) if layout != null else null
		"building":
			return bake_building(
				bake["seed_value"],
				bake["outpost_level"],
				bake["storeys"],
				bake["underground"],
				settings,
				theme,
				with_objects
			)
		_:
			push_error("StoreyBaker.rebake: %s holds no bake" % (baked.name if baked else "null"))
	return null


## [param node] if it is the root of a bake (it holds [constant META_BAKE]), else its
## nearest ancestor that is; null if none.
static func find_bake(node: Node) -> Node:
	while node != null and not node.has_meta(META_BAKE):
		node = node.get_parent()
	return node


## [method BakeRecord.generation_of]: the generation that makes [param layout] again.
static func generation_of(layout: StoreyLayout, settings: Resource = null) -> Dictionary:
	return BakeRecord.generation_of(layout, settings)


## [method BakeRecord.settings_problem]: why [param settings] cannot generate ("" if they can).
static func settings_problem(settings: Resource) -> String:
	return BakeRecord.settings_problem(settings)


## [method BakeRecord.settings_changes]: the settings that differ from the reference's.
static func settings_changes(settings: Resource) -> Dictionary:
	return BakeRecord.settings_changes(settings)


## [method BakeRecord.settings_from]: settings made from [param changes].
static func settings_from(changes: Dictionary) -> StoreyGenerationSettings:
	return BakeRecord.settings_from(changes)


# One storey's nodes, not yet owned.
static func _storey(layout: StoreyLayout, theme: CellDefinitions, with_objects: bool) -> Node3D:
	var looks := theme if theme != null else DEFAULT_THEME
	var storey := Node3D.new()
	var kit := looks.wall_kit
	for cell_type in CellDefinitions.TYPES:
		var visual := StoreyMeshes.new_visual(cell_type)
		var per_cell := kit == null or cell_type != StoreyLayout.CellType.WALL
		var definition := looks.get_definition(cell_type) if per_cell else null
		StoreyMeshes.fill(visual, layout, cell_type, definition)
		storey.add_child(visual)
	if kit != null:
		var pieces: Dictionary[StringName, MultiMeshInstance3D] = {}
		for piece in WallKit.PIECES:
			pieces[piece] = StoreyMeshes.new_kit_visual(piece)
			storey.add_child(pieces[piece])
		StoreyMeshes.fill_wall_kit(pieces, layout, kit)
	var frame := StoreyMeshes.new_door_frame_visual()
	StoreyMeshes.fill_door_frame(frame, layout, looks)
	storey.add_child(frame)
	for group in StoreyCollision.groups(layout):
		storey.add_child(_body(group["name"], group["rects"], group["height"], group["layer"]))
	storey.add_child(_markers(layout))
	storey.add_child(_navigation(layout))
	if with_objects:
		storey.add_child(_objects(layout))
	(
		storey
		. set_meta(
			META_LAYOUT,
			{
				"seed_value": layout.seed_value,
				"storey_type": int(layout.storey_type),
				"storey_depth": layout.storey_depth,
				"outpost_level": layout.outpost_level,
				"width": layout.width,
				"height": layout.height,
				"staircase_cell": layout.staircase_cell,
			}
		)
	)
	return storey


# A static body named `name` on `layer` with one box per rectangle, `height` tall; boxes
# of one size share their shape.
static func _body(name: String, rects: Array[Rect2i], height: float, layer: int) -> StaticBody3D:
	var body := StaticBody3D.new()
	body.name = name
	body.collision_layer = layer
	body.collision_mask = 0
	var shapes: Dictionary[Vector3, BoxShape3D] = {}
	for i in rects.size():
		var box := StoreyCollision.box(rects[i], height)
		if not shapes.has(box[0]):
			shapes[box[0]] = BoxShape3D.new()
			shapes[box[0]].size = box[0]
		var shape := CollisionShape3D.new()
		shape.name = "Box%d" % i
		shape.shape = shapes[box[0]]
		shape.position = box[1]
		body.add_child(shape)
	return body


static func _markers(layout: StoreyLayout) -> Node3D:
	var markers := Node3D.new()
	markers.name = "Markers"
	for cell_type: int in MARKER_GROUPS:
		for cell in layout.get_cells_of_type(cell_type):
			var marker := Marker3D.new()
			marker.name = "%s_%d_%d" % [CellDefinitions.type_name(cell_type), cell.x, cell.y]
			marker.position = layout.cell_center(cell)
			marker.set_meta(META_CELL, cell)
			marker.add_to_group(MARKER_GROUPS[cell_type], true)
			markers.add_child(marker)
	return markers


# A region whose mesh is baked now from the floor of the walkable cells (boxes
# StoreyMeshes.FLOOR_HEIGHT tall, fed by hand: parsing needs the nodes in a tree).
static func _navigation(layout: StoreyLayout) -> NavigationRegion3D:
	if _unit_box_faces.is_empty():
		_unit_box_faces = BoxMesh.new().get_faces()
	var source := NavigationMeshSourceGeometryData3D.new()
	var floor_height := StoreyMeshes.FLOOR_HEIGHT
	for cell_type in WALKABLE_TYPES:
		for rect in layout.get_cover_rects(cell_type):
			var size := Vector3(rect.size.x, floor_height, rect.size.y)
			var centre := Vector3(rect.position.x, 0.0, rect.position.y) + size * 0.5
			source.add_faces(_unit_box_faces, Transform3D(Basis.from_scale(size), centre))
	var mesh := NavigationMesh.new()
	mesh.agent_radius = AGENT_RADIUS
	NavigationServer3D.bake_from_source_geometry_data(mesh, source)
	var region := NavigationRegion3D.new()
	region.name = "Navigation"
	region.navigation_mesh = mesh
	return region


static func _objects(layout: StoreyLayout) -> Node3D:
	var objects := Node3D.new()
	objects.name = "Objects"
	var spawner := StoreyObjectSpawner.new()
	spawner.spawn(layout)
	for node in spawner.get_spawned():
		spawner.remove_child(node)
		objects.add_child(node)
	spawner.free()
	return objects


# Parameters of the look, for META_BAKE.
static func _look(theme: CellDefinitions, with_objects: bool) -> Dictionary:
	var path := theme.resource_path if theme != null else ""
	if path.contains("::"):
		path = ""
	return {"theme": path, "with_objects": with_objects}


# Gives every node under `node` to `root`, except the insides of instanced scenes (their
# own scene owns them).
static func _own(root: Node, node: Node) -> void:
	for child in node.get_children():
		child.owner = root
		if child.scene_file_path.is_empty():
			_own(root, child)
