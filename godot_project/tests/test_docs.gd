extends "res://tests/suite.gd"
## The docs stay true: every file and every class they name (in `code`) exists, every
## class_name of the game is in docs/api.md or docs/architecture.md, api.md's table of the
## save file's parts is the game's own list, in its order, with each part's keys,
## reference-differences.md says where every file of the reference lives, and
## SaveMigration's doc names every key a format-1 file lacks.

const PAGES: Array[String] = [
	"README.md",
	"CONTRIBUTING.md",
	"docs/api.md",
	"docs/architecture.md",
	"docs/designer.md",
	"docs/performance.md",
	"docs/playing.md",
	"docs/reference-differences.md",
	"docs/survey.md",
	"godot_project/addons/outpost_storeys/README.md",
]
# Where a path named in a page may be relative to (besides the page's own folder).
const ROOTS: Array[String] = [
	"",
	"godot_project/",
	"godot_project/addons/outpost_storeys/",
	"rust/outpost_core/",
	"rust/outpost_gdext/",
	"rust/outpost_cli/",
	"rust/outpost_core/src/",
]
# Folders the scripts make (builds, packages) and the one the Seed Inspector's first save
# makes in the project: named, never committed.
const MADE: Array[String] = ["target/", "dist/", ".cache/", LayoutSaver.PROJECT_FOLDER]
const FILE_ENDINGS := "gd|tscn|tres|rs|md|sh|py|toml|json|gdshader(inc)?|png|txt|cfg|gdextension"
## The files of the reference's "File Locations" table (its design document is not in the
## repository).
const REFERENCE_FILES: Array[String] = [
	"outpost/src/systems/generation/StoreyLayout.gd",
	"outpost/src/systems/generation/StoreyGenerator.gd",
	"outpost/src/systems/generation/StoreyValidator.gd",
	"outpost/src/systems/generation/StoreyRenderer.gd",
	"outpost/src/systems/outpost/OutpostBuilding.gd",
	"outpost/src/entities/genesis/OutpostGenesis.gd",
	"outpost/src/world/OutpostGame.gd",
	"outpost/src/ui/inspector/SeedInspector.gd",
	"outpost/scenes/outpost_test.tscn",
	"outpost/scenes/outpost_game.tscn",
]
## How SaveMigration's doc names each key a format-2 file has and a format-1 file lacks
## (`saved_at` is no game state).
const FORMAT_1_LACKS := {
	"alerts": "[code]alerts[/code]",
	"loop": "[code]loop[/code]",
	"scrap": "[code]scrap[/code]",
	"swarms": "[code]swarms[/code]",
	"view": "[code]view[/code]",
	"towers[].cooldown": "the towers' cooldowns",
	"shafts[].state": "the shafts' states",
	"genesis.on_staircase": "[code]genesis.on_staircase[/code]",
	"genesis.state": "Genesis's state",
	"waves[].drones": "the entries' drones",
	"waves[].aliens": "an entry without [code]aliens[/code] counts none",
}


## The repository's root, with a slash.
func repo() -> String:
	return ProjectSettings.globalize_path("res://").trim_suffix("/").get_base_dir() + "/"


## The `code` spans of a page.
func spans(page: String) -> PackedStringArray:
	var found := PackedStringArray()
	var text := FileAccess.get_file_as_string(repo() + page)
	# Fenced blocks are pictures of trees and commands, not names: leave them out.
	var fences := RegEx.create_from_string("(?s)```.*?```")
	text = fences.sub(text, "", true)
	for match in RegEx.create_from_string("`([^`\\n]+)`").search_all(text):
		found.append(match.get_string(1))
	return found


## Whether `span` names a file or folder that exists, from the page `page`.
func path_exists(span: String, page: String) -> bool:
	var path := span.trim_prefix("res://")
	if span.begins_with("res://"):
		path = "godot_project/" + path
	var bases := ROOTS.duplicate()
	bases.append(page.get_base_dir() + "/")
	for base: String in bases:
		var full := repo() + base + path
		if FileAccess.file_exists(full) or DirAccess.dir_exists_absolute(full):
			return true
	return false


## The type names the Rust crates declare (struct, enum and its variants, trait, type),
## the enums and script files of the game, its autoloads and Godot's Variant types.
func declared_types() -> Dictionary:
	var names := {}
	for type in TYPE_MAX:
		names[type_string(type)] = true
	for property in ProjectSettings.get_property_list():
		var setting: String = property["name"]
		if setting.begins_with("autoload/"):
			names[setting.trim_prefix("autoload/")] = true
	var variant := RegEx.create_from_string("(?m)^\\s{4}([A-Z]\\w*)\\s*[({,]")
	var decl := RegEx.create_from_string(
		"(?m)^\\s*(?:pub(?:\\([a-z]+\\))? )?(?:struct|enum|trait|type) ([A-Z]\\w*)"
	)
	var enum_decl := RegEx.create_from_string("(?m)^enum ([A-Z]\\w*)")
	var folders := ["rust/outpost_core/src", "rust/outpost_gdext/src", "rust/outpost_cli/src"]
	folders.append("godot_project/src")
	folders.append("godot_project/addons/outpost_storeys")
	while not folders.is_empty():
		var folder: String = folders.pop_back()
		for sub in DirAccess.get_directories_at(repo() + folder):
			folders.append(folder + "/" + sub)
		for file in DirAccess.get_files_at(repo() + folder):
			if file.ends_with(".gd"):
				names[file.get_basename()] = true
			if file.ends_with(".rs") or file.ends_with(".gd"):
				var text := FileAccess.get_file_as_string(repo() + folder + "/" + file)
				for regex in [decl, enum_decl, variant]:
					for match in (regex as RegEx).search_all(text):
						names[match.get_string(1)] = true
	return names


## The game's class_names (tests and tools left out), each with its script.
func game_classes() -> Dictionary:
	var out := {}
	for entry in ProjectSettings.get_global_class_list():
		var path: String = entry["path"]
		if not path.begins_with("res://tests/") and not path.begins_with("res://tools/"):
			out[entry["class"]] = path
	return out


func test_every_file_a_page_names_exists() -> bool:
	var file_like := RegEx.create_from_string(
		"^(res://)?[A-Za-z0-9_][\\w./-]*(\\.(%s)|/)$" % FILE_ENDINGS
	)
	var checked := 0
	for page in PAGES:
		for span in spans(page):
			if not span.contains("/") or file_like.search(span) == null:
				continue
			if (
				span.begins_with("user://")
				or span.contains("://") and not span.begins_with("res://")
			):
				continue
			if MADE.any(func(made: String) -> bool: return span.begins_with(made)):
				continue
			checked += 1
			expect(path_exists(span, page), "%s names `%s`, which is not there" % [page, span])
	expect(checked > 100, "paths checked: %d" % checked)
	return ok()


func test_every_class_a_page_names_exists() -> bool:
	var known := declared_types()
	known.merge(game_classes())
	var camel := RegEx.create_from_string("^([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:[.(:]|$)")
	var checked := 0
	for page in PAGES:
		for span in spans(page):
			var match := camel.search(span)
			if match == null:
				continue
			var name := match.get_string(1)
			checked += 1
			var exists := known.has(name) or ClassDB.class_exists(name)
			expect(exists, "%s names `%s`: no class or type %s" % [page, span, name])
	expect(checked > 100, "class names checked: %d" % checked)
	return ok()


func test_every_class_of_the_game_is_in_api_or_architecture() -> bool:
	var text := FileAccess.get_file_as_string(repo() + "docs/api.md")
	text += FileAccess.get_file_as_string(repo() + "docs/architecture.md")
	var classes := game_classes()
	for name: String in classes:
		var word := RegEx.create_from_string("\\b%s\\b" % name)
		expect(word.search(text) != null, "%s (%s) is in neither page" % [name, classes[name]])
	return ok()


func test_the_save_table_of_api_md_is_the_games_list_of_parts() -> bool:
	var text := FileAccess.get_file_as_string(repo() + "docs/api.md")
	var begin := text.find("<!-- save-parts: begin -->")
	var end := text.find("<!-- save-parts: end -->")
	expect(begin >= 0 and end > begin, "api.md marks its save table")
	var rows: Array[PackedStringArray] = []
	for line in text.substr(begin, end - begin).split("\n"):
		var cells := line.split("|", false)
		if cells.size() == 3 and cells[0].strip_edges().begins_with("`"):
			var row := PackedStringArray()
			for cell in cells:
				row.append(cell.strip_edges().replace("`", ""))
			rows.append(row)
	var game := outpost_game(true, null, 20260316)
	var parts := game.save_parts()
	var state := game.get_state()
	expect_eq(rows.size(), parts.size(), "a row per part")
	for i in mini(rows.size(), parts.size()):
		var key: String = parts[i][0]
		expect_eq(rows[i][0], key, "row %d is the part saved %d-th" % [i, i])
		var part: Object = parts[i][1]
		var script: Script = part.get_script()
		expect_eq(rows[i][1], String(script.get_global_name()), "%s: the part's class" % key)
		var keys := PackedStringArray((state[key] as Dictionary).keys())
		keys.sort()
		var listed := rows[i][2].split(", ")
		listed.sort()
		expect_eq(listed, keys, "%s: its keys" % key)
	end_game(game)
	return ok()


func test_the_numbers_of_playing_md_are_the_rules() -> bool:
	var table_script := load("res://tools/rules_table.gd")
	var page := FileAccess.get_file_as_string(repo() + "docs/playing.md")
	var begin: String = table_script.get(&"BEGIN")
	var end: String = table_script.get(&"END")
	var at := page.find(begin)
	var table := page.substr(at + begin.length() + 1, page.find(end) - at - begin.length() - 1)
	var want: String = table_script.call(
		&"markdown", load(table_script.get(&"RULES")), load(table_script.get(&"STATS"))
	)
	expect(at >= 0, "playing.md holds the rules' table")
	expect_eq(table, want, "the table is the rules' (tools/rules_table.gd -- --write)")
	for stale in ["Every third wave", "six times over", "every 3 waves"]:
		expect(not page.contains(stale), "no stale number: %s" % stale)
	return ok()


func test_reference_differences_says_where_every_file_of_the_reference_lives() -> bool:
	var page := "docs/reference-differences.md"
	var text := FileAccess.get_file_as_string(repo() + page)
	var begin := text.find("<!-- file-locations: begin -->")
	var end := text.find("<!-- file-locations: end -->")
	if not expect(begin >= 0 and end > begin, "%s has its file-locations table" % page):
		return ok()
	var rows := PackedStringArray()
	for line in text.substr(begin, end - begin).split("\n"):
		if line.begins_with("| outpost/"):
			rows.append(line)
	expect_eq(rows.size(), REFERENCE_FILES.size(), "a row per file of the reference")
	var path := RegEx.create_from_string("`([\\w./-]+/[\\w.-]+\\.\\w+)`")
	for file in REFERENCE_FILES:
		var found := Array(rows).filter(
			func(row: String) -> bool: return row.begins_with("| %s |" % file)
		)
		if not expect_eq(found.size(), 1, "%s: its row" % file):
			continue
		var named := path.search_all(found[0])
		expect(not named.is_empty(), "%s: the row names where it lives" % file)
		for match in named:
			var at := match.get_string(1)
			expect(path_exists(at, page), "%s: `%s` is there" % [file, at])
	return ok()


func test_save_migration_names_every_key_a_format_1_file_lacks() -> bool:
	var fixtures := "res://tests/fixtures/save_format%d.json"
	var one: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(fixtures % 1))
	var two: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(fixtures % 2))
	var lacking := PackedStringArray()
	for key: String in two:
		if not one.has(key):
			lacking.append(key)
		elif two[key] is Dictionary:
			for inner: String in two[key]:
				if not (one[key] as Dictionary).has(inner):
					lacking.append("%s.%s" % [key, inner])
		elif two[key] is Array and not (two[key] as Array).is_empty() and two[key][0] is Dictionary:
			for inner: String in two[key][0] as Dictionary:
				if one[key].is_empty() or not (one[key][0] as Dictionary).has(inner):
					lacking.append("%s[].%s" % [key, inner])
	lacking.erase("saved_at")
	var doc := FileAccess.get_file_as_string("res://src/core/save/SaveMigration.gd")
	doc = " ".join(
		Array(doc.split("\n")).map(func(l: String) -> String: return l.trim_prefix("## "))
	)
	for key in lacking:
		if expect(FORMAT_1_LACKS.has(key), "%s: format 1 lacks it; FORMAT_1_LACKS says how" % key):
			expect(doc.contains(FORMAT_1_LACKS[key]), "SaveMigration names %s" % key)
	expect(lacking.size() >= 10, "what format 1 lacks: %s" % [lacking])
	return ok()
