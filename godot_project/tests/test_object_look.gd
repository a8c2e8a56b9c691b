extends "res://tests/suite.gd"
## The objects' look in the modelled themes' style: every object's body (beacon, entry,
## staircase, shaft, console, both tower tiers, Genesis) is the painted metal of
## assets/shaders/object_metal*.gdshader ([ObjectLook]), the special cells keep the
## reference's colour as their key colour (so the legend holds), a tower's gun glows in its
## tier's zone colour, and the bodies that showed a silhouette behind walls still do.

const RULES := preload("res://data/outpost/outpost_rules.tres")
const GENESIS_SCENE := preload("res://src/world/genesis/OutpostGenesis.tscn")
const TOWER_SCENE := preload("res://src/world/objects/TowerObject.tscn")
## Each object scene and the meshes of its body, which must be painted metal (what is not
## listed is a glow, a screen, a label, a bar or an effect).
const BODIES := {
	"res://src/world/objects/BeaconObject.tscn": ["Pillar", "Base", "Collar", "Cap"],
	"res://src/world/objects/EntryPoint.tscn": ["Mesh", "Hatch"],
	"res://src/world/objects/StaircaseObject.tscn": ["Mesh"],
	"res://src/world/objects/ShaftConnector.tscn": ["Mesh"],
	"res://src/world/objects/ConsoleObject.tscn": ["Desk"],
	"res://src/world/genesis/OutpostGenesis.tscn": ["Visual/Ring", "Visual/Eye"],
}
## Each special cell's object scene, the mesh carrying its key colour, and the shader
## parameter the colour is in.
const KEYS := [
	[
		StoreyLayout.CellType.BEACON,
		"res://src/world/objects/BeaconObject.tscn",
		"Pillar",
		"emission"
	],
	[StoreyLayout.CellType.ENTRY, "res://src/world/objects/EntryPoint.tscn", "Mesh", "albedo"],
	[StoreyLayout.CellType.ENTRY, "res://src/world/objects/EntryPoint.tscn", "Mesh", "emission"],
	[
		StoreyLayout.CellType.STAIRCASE,
		"res://src/world/objects/StaircaseObject.tscn",
		"Mesh",
		"albedo"
	],
	[StoreyLayout.CellType.SHAFT, "res://src/world/objects/ShaftConnector.tscn", "Mesh", "albedo"],
]


## The first surface's material of the mesh at [param path] under [param node] (its
## override if it has one); null if there is none.
func material_at(node: Node, path: String) -> Material:
	var mesh := node.get_node_or_null(path) as MeshInstance3D
	if mesh == null or mesh.mesh == null:
		return null
	var override := mesh.get_surface_override_material(0)
	return override if override != null else mesh.mesh.surface_get_material(0)


## A tower of tier [param index] of the game's rules, set up (not in the tree).
func tower(index: int) -> TowerObject:
	var out := TOWER_SCENE.instantiate() as TowerObject
	out.setup(RULES.tier(index), index, Vector2i.ZERO, null)
	return out


## Whether [param a] and [param b] agree in red, green and blue within a 1/255 step.
func same_rgb(a: Color, b: Color) -> bool:
	return (
		absf(a.r - b.r) <= 1.0 / 255.0
		and absf(a.g - b.g) <= 1.0 / 255.0
		and absf(a.b - b.b) <= 1.0 / 255.0
	)


func test_every_object_body_is_painted_metal() -> bool:
	for scene_path: String in BODIES:
		var node := (load(scene_path) as PackedScene).instantiate()
		for path: String in BODIES[scene_path]:
			var material := material_at(node, path)
			expect(ObjectLook.is_metal(material), "%s: %s is painted metal" % [scene_path, path])
		node.free()
	return ok()


func test_both_tower_tiers_are_painted_metal() -> bool:
	expect(RULES.tower_tiers.size() >= 2, "the rules have two tower tiers")
	for index in RULES.tower_tiers.size():
		var built := tower(index)
		for path in ["Base", "Body", "Gun"]:
			expect(ObjectLook.is_metal(material_at(built, path)), "tier %d: %s" % [index, path])
		built.free()
	return ok()


func test_the_special_cells_keep_the_reference_colour_as_key_colour() -> bool:
	for key: Array in KEYS:
		var node := (load(key[1]) as PackedScene).instantiate()
		var material := material_at(node, key[2]) as ShaderMaterial
		var got: Variant = material.get_shader_parameter(key[3]) if material != null else null
		var want := StoreyPicture.colour_of(key[0])
		expect(
			got is Color and same_rgb(got, want),
			"%s's %s %s is %s, the legend's %s" % [key[1], key[2], key[3], got, want]
		)
		node.free()
	return ok()


func test_a_towers_gun_glows_in_its_tiers_zone_colour() -> bool:
	for index in RULES.tower_tiers.size():
		var built := tower(index)
		var material := material_at(built, "Gun") as ShaderMaterial
		var glow: Variant = material.get_shader_parameter(&"emission") if material != null else null
		var want := RULES.tier(index).zone_color.lightened(0.2) as Color
		expect(glow is Color and same_rgb(glow, want), "tier %d's gun glows %s" % [index, want])
		built.free()
	return ok()


func test_bodies_with_a_silhouette_behind_walls_keep_it() -> bool:
	var genesis := GENESIS_SCENE.instantiate()
	var cyan := Color(0.35, 0.9, 1.0)
	for path in ["Visual/Core", "Visual/Ring", "Visual/Eye"]:
		var colour := ObjectLook.silhouette_of(material_at(genesis, path))
		expect(same_rgb(colour, cyan) and colour.a > 0.0, "Genesis's %s: %s" % [path, colour])
	genesis.free()
	for index in RULES.tower_tiers.size():
		var built := tower(index)
		for path in ["Body", "Gun"]:
			var colour := ObjectLook.silhouette_of(material_at(built, path))
			expect(colour == TowerObject.SILHOUETTE_COLOR, "tier %d's %s" % [index, path])
		built.free()
	return ok()


func test_a_material_without_the_xray_pass_shows_no_silhouette() -> bool:
	var plain := ObjectLook.metal(Color.GRAY)
	expect(ObjectLook.silhouette_of(plain).a == 0.0, "the plain metal shows none")
	var broken := ObjectLook.metal_xray(Color.GRAY, Color.WHITE)
	(broken.next_pass as BaseMaterial3D).no_depth_test = false
	expect(ObjectLook.silhouette_of(broken).a == 0.0, "a pass hidden by depth shows none")
	return ok()
