class_name ScrapField
extends Node3D
## The scrap lying on a storey's cells: destroyed agents drop materials on their cell, and
## Genesis collects a cell's scrap by flying over it. Per-cell data (no node, no Area3D per
## drop: thousands of Area3Ds cost too much of a physics tick under Jolt, see
## docs/performance.md), drawn by one
## [MultiMeshInstance3D], one small crate per cell that holds scrap, redrawn only when the
## scrap changes.

## Emitted when [param amount] scrap was collected from [param cell].
signal collected(cell: Vector2i, amount: float)

## Height of a crate's centre above the floor, in metres.
const CRATE_HEIGHT := 0.2

var _amounts: Dictionary[Vector2i, float] = {}
var _multimesh := MultiMesh.new()
var _stale := false


func _init() -> void:
	_multimesh.transform_format = MultiMesh.TRANSFORM_3D
	var material := StandardMaterial3D.new()
	material.albedo_color = Color(0.72, 0.58, 0.34)
	material.metallic = 0.6
	material.roughness = 0.45
	var mesh := BoxMesh.new()
	mesh.size = Vector3(0.26, 0.18, 0.26)
	mesh.material = material
	_multimesh.mesh = mesh
	var instance := MultiMeshInstance3D.new()
	instance.name = "Crates"
	instance.multimesh = _multimesh
	instance.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(instance)


func _process(_delta: float) -> void:
	if _stale:
		_redraw()


## Drops [param amount] scrap on [param cell] (added to what lies there).
func drop(cell: Vector2i, amount: float) -> void:
	if amount <= 0.0:
		return
	_amounts[cell] = _amounts.get(cell, 0.0) + amount
	_stale = true


## Takes all the scrap of [param cell] and returns it (0 if none); emits [signal collected].
func collect(cell: Vector2i) -> float:
	if not _amounts.has(cell):
		return 0.0
	var amount: float = _amounts[cell]
	_amounts.erase(cell)
	_stale = true
	collected.emit(cell, amount)
	return amount


## All the scrap on the storey.
func total() -> float:
	var sum := 0.0
	for amount: float in _amounts.values():
		sum += amount
	return sum


## The scrap lying on the storey, for a save game: [code]{"scrap": [[x, y, amount],
## ...]}[/code], one item per cell that holds some, in the order it was dropped.
func get_state() -> Dictionary:
	var out: Array = []
	for cell: Vector2i in _amounts:
		out.append([cell.x, cell.y, _amounts[cell]])
	return {"scrap": out}


## "" if [param data]'s scrap lies on walkable cells of [code]context.layout[/code] in
## amounts above 0, else what is wrong. Scrap may be missing from an older save (none).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "scrap")
	var layout: StoreyLayout = context["layout"]
	var check := StateCheck.new()
	if not data.has("scrap") and context.get("format", 3) < 2:
		return ""
	for item: Variant in check.list(data, "scrap", where):
		var ok: bool = item is Array and (item as Array).size() == 3
		for c: Variant in item if ok else []:
			ok = ok and c is float and is_finite(c) and absf(c) < StateCheck.HUGE
		if (
			not ok
			or item[2] <= 0.0
			or not StateCheck.is_cell([item[0], item[1]])
			or not layout.is_walkable(Vector2i(int(item[0]), int(item[1])))
		):
			check.fail("%s.scrap: %s is not [x, y, amount] on a walkable cell" % [where, item])
	return check.problem()


## Replaces the scrap with [param data] ([method get_state]'s form, or its older form: the
## bare list; numbers may be floats, as JSON gives them back).
func set_state(data: Variant) -> void:
	var items: Array = data.get("scrap", []) if data is Dictionary else data
	_amounts.clear()
	for item: Array in items:
		_amounts[Vector2i(int(item[0]), int(item[1]))] = float(item[2])
	_stale = true


## Removes all scrap.
func clear() -> void:
	_amounts.clear()
	_stale = true


func _redraw() -> void:
	_stale = false
	var buffer := PackedFloat32Array()
	buffer.resize(_amounts.size() * 12)
	var i := 0
	for cell: Vector2i in _amounts:
		var values := [1.0, 0.0, 0.0, cell.x + 0.5, 0.0, 1.0, 0.0, CRATE_HEIGHT]
		values.append_array([0.0, 0.0, 1.0, cell.y + 0.5])
		for k in 12:
			buffer[i * 12 + k] = values[k]
		i += 1
	_multimesh.instance_count = _amounts.size()
	_multimesh.buffer = buffer
