extends "res://tests/suite.gd"
## Hand edits of a storey through the extension: StoreyLayout.paint, rederive, assign,
## to_json and from_json, and StoreyValidator.validate_all naming every broken rule with
## its cells; bad input refused with an error, never a crash.

const WALL := StoreyLayout.CellType.WALL
const EMPTY := StoreyLayout.CellType.EMPTY
const BEACON := StoreyLayout.CellType.BEACON
const OUTSIDE := StoreyLayout.CellType.OUT_OF_BOUNDS


func storey() -> StoreyLayout:
	return StoreyGenerator.generate(5, 3, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UPPER_FLOOR)


## A WALL cell whose four neighbours are walls too (painting it touches nothing else).
func buried_wall(layout: StoreyLayout) -> Vector2i:
	for cell in layout.get_cells_of_type(WALL):
		var buried := true
		for step: Vector2i in [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]:
			buried = buried and layout.get_cell(cell + step) == WALL
		if buried:
			return cell
	return Vector2i(-1, -1)


func test_a_generated_storey_breaks_no_rule() -> bool:
	expect_eq(StoreyValidator.validate_all(storey(), null), [] as Array[Dictionary], "none")
	return ok()


func test_paint_changes_the_cells_and_counts_them() -> bool:
	var layout := storey()
	var wall := buried_wall(layout)
	var changed := layout.paint([wall, wall, Vector2i(-3, 2)], EMPTY)
	expect_eq(changed, 1, "one cell changed (twice listed, one off the grid)")
	expect_eq(layout.get_cell(wall), EMPTY, "painted")
	expect_eq(layout.open_zone_count, 1, "the zones wait for rederive()")
	return ok()


func test_rederive_counts_the_cut_off_cell_and_validate_all_names_it() -> bool:
	var layout := storey()
	var wall := buried_wall(layout)
	layout.paint([wall], EMPTY)
	expect(layout.rederive(), "rederived")
	expect_eq(layout.open_zone_count, 2, "two zones")
	var broken := StoreyValidator.validate_all(layout, null)
	expect_eq(broken.size(), 1, "one rule: %s" % [broken])
	expect_eq(broken[0]["rule"], "connected", "the rule's name")
	expect_eq(broken[0]["cells"], [wall] as Array[Vector2i], "its cell")
	expect(String(broken[0]["detail"]).contains("2 walkable regions"), broken[0]["detail"])
	return ok()


func test_validate_all_names_several_rules_in_order() -> bool:
	var layout := storey()
	layout.paint([buried_wall(layout)], OUTSIDE)
	layout.rederive()
	layout.open_zone_count = 5
	var rules: Array[String] = []
	for broken in StoreyValidator.validate_all(layout, null):
		rules.append(broken["rule"])
	expect_eq(rules, ["connected", "upper_floor_filled"] as Array[String], "both, in order")
	var lenient := StoreyGenerationSettings.new()
	lenient.oob_probability_upper = 20
	rules.clear()
	for broken in StoreyValidator.validate_all(layout, lenient):
		rules.append(broken["rule"])
	expect_eq(rules, ["connected"] as Array[String], "the settings' rules")
	return ok()


func test_a_new_beacon_is_appended_after_the_old_ones() -> bool:
	var layout := storey()
	var old := layout.beacon_cells.duplicate()
	var wall := buried_wall(layout)
	layout.paint([wall], BEACON)
	layout.rederive()
	expect_eq(layout.beacon_cells.slice(0, old.size()), old, "the old order kept")
	expect_eq(layout.beacon_cells.back(), wall, "the new one last")
	expect_eq(layout.primary_beacon, old[0], "the same primary")
	return ok()


func test_assign_restores_every_field() -> bool:
	var layout := storey()
	var before := StoreyLayout.new()
	expect(before.assign(layout), "copied")
	layout.paint([layout.beacon_cells[0]], EMPTY)
	layout.rederive()
	expect(not layout.is_equal_to(before), "edited")
	expect(layout.assign(before), "restored")
	expect(layout.is_equal_to(storey()), "exactly the generated storey again")
	return ok()


func test_json_round_trips_an_edited_storey() -> bool:
	var layout := storey()
	layout.paint([buried_wall(layout)], OUTSIDE)
	layout.rederive()
	var again := StoreyLayout.from_json(layout.to_json())
	expect(again != null and again.is_equal_to(layout), "the same storey back")
	return ok()


func test_bad_input_is_refused_with_an_error() -> bool:
	var layout := storey()
	expect_error("cell_type = 7 is not a CellType a cell can hold")
	expect_eq(layout.paint([Vector2i(1, 1)], 7), 0, "PATH is no cell")
	expect_error("StoreyLayout.assign: other is null")
	expect(not layout.assign(null), "null")
	expect_error("StoreyLayout.from_json: not a storey's JSON")
	expect(StoreyLayout.from_json("[1, 2]") == null, "not a storey")
	expect_error("StoreyValidator.validate_all: layout is null")
	var refused := StoreyValidator.validate_all(null, null)
	expect_eq(refused.size(), 1, "one entry, never an empty (valid) list")
	expect_eq(refused[0]["rule"], "", "no rule: the data")
	var bad := StoreyGenerationSettings.new()
	bad.min_partition = 99
	expect_error("min_partition")
	expect_eq(StoreyValidator.validate_all(layout, bad)[0]["rule"], "", "settings out of range")
	return ok()
