extends SceneTree
## Writes baked buildings for the check without the extension (scripts/editor_tests.sh):
## [codeblock]
## godot --headless --path godot_project --script res://tests/baked_export.gd -- DIR
## [/codeblock]
## For each building of [constant BUILDINGS], DIR/baked/<name>.tscn (a
## [method StoreyBaker.bake_building] with the defaults: no object scenes) and beside it
## DIR/baked/<name>.json, the layouts' cells as the baking side knows them: per storey, its
## height y, its WALL cells, its walkable cells, its ENTRY and BEACON cells. Prints
## "baked-export: wrote N buildings" and exits 0, or 1 when a bake or a write failed.

## The buildings baked: name, seed, level, storeys, underground.
const BUILDINGS: Array[Array] = [
	["outpost_7", 7, 2, 3, true],
	["outpost_20260316", 20260316, 4, 3, true],
	["outpost_99_flat", 99, 1, 1, false],
]


func _initialize() -> void:
	var args := OS.get_cmdline_user_args()
	quit(0 if not args.is_empty() and export_all(args[0].path_join("baked")) else 1)


## Bakes and writes every building into [param dir]; false if anything failed.
func export_all(dir: String) -> bool:
	DirAccess.make_dir_recursive_absolute(dir)
	for entry in BUILDINGS:
		var building := StoreyBaker.bake_building(entry[1], entry[2], entry[3], entry[4])
		if building == null:
			printerr("baked-export: %s was not baked" % entry[0])
			return false
		var packed := PackedScene.new()
		var err := packed.pack(building)
		building.free()
		if err == OK:
			err = ResourceSaver.save(packed, dir.path_join(entry[0] + ".tscn"))
		var layouts := StoreyGenerator.generate_building(entry[1], entry[3], entry[2], entry[4])
		var file := FileAccess.open(dir.path_join(entry[0] + ".json"), FileAccess.WRITE)
		if err != OK or file == null:
			printerr("baked-export: cannot write %s" % entry[0])
			return false
		file.store_string(JSON.stringify(_describe(layouts), " "))
		file.close()
	print("baked-export: wrote %d buildings" % BUILDINGS.size())
	return true


func _describe(layouts: Array[StoreyLayout]) -> Dictionary:
	var storeys := []
	for index in layouts.size():
		var layout := layouts[index]
		var walls := []
		var walkable := []
		for x in layout.width:
			for y in layout.height:
				var cell := Vector2i(x, y)
				if layout.get_cell(cell) == StoreyLayout.CellType.WALL:
					walls.append([x, y])
				elif layout.is_walkable(cell):
					walkable.append([x, y])
		storeys.append(
			{
				"y": index * StoreyBaker.STOREY_HEIGHT,
				"walls": walls,
				"walkable": walkable,
				"entries": layout.entry_cells.map(func(c: Vector2i) -> Array: return [c.x, c.y]),
				"beacons": layout.beacon_cells.map(func(c: Vector2i) -> Array: return [c.x, c.y]),
			}
		)
	return {"storeys": storeys}
