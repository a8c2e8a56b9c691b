@tool
class_name CellDefinition
extends Resource
## How one cell type looks: a colour, an optional mesh and an optional material.
##
## Without a [member mesh], cells are drawn as boxes one cell wide and [member height] tall,
## standing on the floor. Without a [member material], a
## [StandardMaterial3D] of [member color] is made once and shared. Looks only: what a
## cell does belongs to its object scene, never here.

## The cell's colour: the default material's albedo, and the colour shown in legends.
@export var color := Color.WHITE:
	set(value):
		color = value
		_default_material = null
		emit_changed()
## Height of the default box, in metres (ignored when [member mesh] is set).
@export_range(0.01, 4.0, 0.01, "suffix:m") var height := 0.1:
	set(value):
		height = value
		_default_mesh = null
		emit_changed()
## A mesh drawn once per cell, unscaled, with its origin at the cell's floor centre plus
## [member mesh_offset]. Leave empty for the default box.
@export var mesh: Mesh:
	set(value):
		mesh = value
		emit_changed()
## Where [member mesh]'s origin sits relative to the cell's floor centre.
@export var mesh_offset := Vector3.ZERO:
	set(value):
		mesh_offset = value
		emit_changed()
## The material every cell of this type is drawn with. Leave empty for a plain material
## of [member color].
@export var material: Material:
	set(value):
		material = value
		emit_changed()
## Glow of the default material (0 for none), e.g. for the beacon's vivid magenta.
@export_range(0.0, 4.0, 0.05) var emission_energy := 0.0:
	set(value):
		emission_energy = value
		_default_material = null
		emit_changed()

var _default_mesh: BoxMesh
var _default_material: StandardMaterial3D


## The mesh to draw: [member mesh], or a shared box of [member height].
func get_mesh() -> Mesh:
	if mesh != null:
		return mesh
	if _default_mesh == null:
		_default_mesh = BoxMesh.new()
		_default_mesh.size = Vector3(1.0, height, 1.0)
	return _default_mesh


## Offset of the drawn mesh's origin from the cell's floor centre.
func get_mesh_offset() -> Vector3:
	return mesh_offset if mesh != null else Vector3(0.0, height * 0.5, 0.0)


## The material to draw with: [member material], or a shared one of [member color].
func get_material() -> Material:
	if material != null:
		return material
	if _default_material == null:
		_default_material = StandardMaterial3D.new()
		_default_material.albedo_color = color
		if emission_energy > 0.0:
			_default_material.emission_enabled = true
			_default_material.emission = color
			_default_material.emission_energy_multiplier = emission_energy
	return _default_material
