extends Node3D
## The reference's StoreyRenderer.gd, rebuilt for comparison in benchmarks only: one
## StaticBody3D + CollisionShape3D (BoxShape3D) + MeshInstance3D per WALL cell and one
## MeshInstance3D per floor and PATH overlay cell. Meshes and materials are shared per cell
## type (kinder to it than one BoxMesh per cell).

const WALL_HEIGHT := 2.0
const FLOOR_HEIGHT := 0.1

var _meshes: Dictionary[int, BoxMesh] = {}
var _materials: Dictionary[int, StandardMaterial3D] = {}
var _definitions: CellDefinitions = preload(
	"res://addons/outpost_storeys/themes/cell_definitions.tres"
)


## Frees what the previous call built, then builds `layout` node by node.
func render(layout: StoreyLayout) -> void:
	for child in get_children():
		child.free()
	for x in layout.width:
		for y in layout.height:
			var cell := Vector2i(x, y)
			var t := layout.get_cell(cell)
			if t == StoreyLayout.CellType.OUT_OF_BOUNDS:
				continue
			var centre := layout.cell_center(cell)
			if t == StoreyLayout.CellType.WALL:
				var body := StaticBody3D.new()
				body.position = centre + Vector3(0, WALL_HEIGHT * 0.5, 0)
				var shape := CollisionShape3D.new()
				var box := BoxShape3D.new()
				box.size = Vector3(1, WALL_HEIGHT, 1)
				shape.shape = box
				body.add_child(shape)
				body.add_child(_mesh_instance(t, Vector3.ZERO))
				add_child(body)
			else:
				add_child(_mesh_instance(t, centre + Vector3(0, FLOOR_HEIGHT * 0.5, 0)))
	for cell in layout.get_cells_of_type(StoreyLayout.CellType.PATH):
		var at := layout.cell_center(cell) + Vector3(0, FLOOR_HEIGHT + 0.01, 0)
		add_child(_mesh_instance(StoreyLayout.CellType.PATH, at))


## Nodes and collision shapes this renderer holds.
func counts() -> Vector2i:
	var nodes := 0
	var shapes := 0
	for child in get_children():
		nodes += 1 + child.get_child_count()
		if child is StaticBody3D:
			shapes += 1
	return Vector2i(nodes, shapes)


func _mesh_instance(cell_type: int, at: Vector3) -> MeshInstance3D:
	if not _meshes.has(cell_type):
		var mesh := BoxMesh.new()
		var height := WALL_HEIGHT if cell_type == StoreyLayout.CellType.WALL else FLOOR_HEIGHT
		mesh.size = Vector3(1, height if cell_type != StoreyLayout.CellType.PATH else 0.02, 1)
		_meshes[cell_type] = mesh
		var material := StandardMaterial3D.new()
		material.albedo_color = _definitions.get_definition(cell_type).color
		_materials[cell_type] = material
	var instance := MeshInstance3D.new()
	instance.mesh = _meshes[cell_type]
	instance.material_override = _materials[cell_type]
	instance.position = at
	return instance
