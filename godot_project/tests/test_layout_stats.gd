extends "res://tests/suite.gd"
## StoreyLayout.get_stats(): a storey's figures, measured once by the core, for every tool
## that shows them (the Seed Inspector, the Outpost dock): they agree with the layout's own
## fields, the survey's measures are there, and a malformed layout gives an error and none.

const OutpostChoice := preload("res://addons/outpost_storeys/editor/OutpostChoice.gd")


func test_the_stats_agree_with_the_layout() -> bool:
	var l := StoreyGenerator.generate(
		20260316, 3, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND
	)
	var stats := l.get_stats()
	var oob := 0
	for column: PackedByteArray in l.cells:
		oob += column.count(StoreyLayout.CellType.OUT_OF_BOUNDS)
	expect_eq(stats["oob_cells"], oob, "OUT_OF_BOUNDS cells")
	expect(is_equal_approx(stats["oob_share"], float(oob) / (l.width * l.height)), "their share")
	expect_eq(stats["rooms"], l.rooms.size(), "rooms")
	expect_eq(stats["entries"], l.entry_cells.size(), "entries")
	expect_eq(stats["beacons"], l.beacon_cells.size(), "beacons")
	expect_eq(stats["path_lengths"].size(), l.enemy_paths.size(), "a length per path")
	expect_eq(stats["path_lengths"][0], l.enemy_paths[0].size(), "the first path's cells")
	expect_eq(stats["attempts"], l.generation_attempts, "attempts")
	for key in [
		"open_fraction", "room_area_max", "dead_ends", "loops", "choke_cells", "path_detour"
	]:
		expect(stats.has(key), "the survey's measure %s" % key)
	return ok()


func test_a_malformed_layout_has_no_stats_and_says_why() -> bool:
	var l := StoreyLayout.new()
	l.width = 3
	expect_error("StoreyLayout.get_stats: ")
	expect_eq(l.get_stats(), {}, "no stats")
	return ok()


func test_the_tools_show_the_cores_figures() -> bool:
	var l := StoreyGenerator.generate(7, 2, 1)
	var dock := OutpostChoice.stats_of(l, 123)
	for key: String in l.get_stats():
		expect_eq(dock[key], l.get_stats()[key], "the dock's %s" % key)
	expect_eq(dock["size"], "%d x %d" % [l.width, l.height], "and its size line")
	return ok()
