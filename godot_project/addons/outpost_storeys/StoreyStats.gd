class_name StoreyStats
extends RefCounted
## A storey's figures as the tools show them, the Outpost dock's Statistics and the Seed
## Inspector's panel alike: the rows and their labels ([constant ROWS]) and each figure in
## words ([method format]). The figures are [method StoreyLayout.get_stats]'s (the core's),
## plus the tools' own timings.

## The rows shown: [code][key, label][/code], in order (the tools that have no timing of
## a row leave it out).
const ROWS: Array[Array] = [
	["size", "Size"],
	["rooms", "Rooms"],
	["oob_share", "Out of bounds"],
	["entries", "Entries"],
	["beacons", "Beacons"],
	["path_lengths", "Path lengths"],
	["open_zones", "Open zones"],
	["attempts", "Generation attempts"],
	["generation_usec", "Generation"],
	["render_msec", "Render"],
	["spawn_msec", "Spawn"],
	["regenerate_msec", "Regenerate"],
]


## The text of figure [param key] of [param stats] ("-" when there are no figures or no
## such figure).
static func format(stats: Dictionary, key: String) -> String:
	if stats.is_empty():
		return "-"
	match key:
		"size":
			return "%d x %d" % [stats["width"], stats["height"]]
		"oob_share":
			return "%.1f %% (%d cells)" % [stats["oob_share"] * 100.0, stats["oob_cells"]]
		"path_lengths":
			var lengths := PackedStringArray()
			for n in stats["path_lengths"]:
				lengths.append(str(n))
			return ", ".join(lengths) + " cells"
		"generation_usec":
			return "%d µs" % stats["generation_usec"] if stats.has(key) else "-"
		"render_msec", "spawn_msec", "regenerate_msec":
			return "%.2f ms" % stats[key] if stats.has(key) else "-"
	return str(stats.get(key, "-"))


## The rows of [constant ROWS] whose key is one of [param keys].
static func rows_of(keys: Array) -> Array[Array]:
	var out: Array[Array] = []
	for row in ROWS:
		if keys.has(row[0]) or row[0] == "size":
			out.append(row)
	return out
