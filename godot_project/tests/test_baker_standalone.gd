extends "res://tests/suite.gd"
## What a bake in a modelled theme needs beside it is what docs/designer.md says it needs:
## every file the saved scene references (the addon's shaders) and every file and shader
## global those include, by name; and the page says what the dock's survey table shows.

const PAGE := "docs/designer.md"
const MODELLED := [
	"res://addons/outpost_storeys/themes/cell_definitions_rusty.tres",
	"res://addons/outpost_storeys/themes/cell_definitions_clean.tres",
]


func test_designer_md_names_everything_a_modelled_bake_needs() -> bool:
	var repo := ProjectSettings.globalize_path("res://").trim_suffix("/").get_base_dir() + "/"
	var page := FileAccess.get_file_as_string(repo + PAGE)
	expect(not page.is_empty(), "read %s" % PAGE)
	var needed := {}
	for theme_path: String in MODELLED:
		var bake := StoreyBaker.bake_storey(StoreyGenerator.generate(21, 2, 1), load(theme_path))
		var packed := PackedScene.new()
		packed.pack(bake)
		bake.free()
		var path := "user://test_baker_standalone.tscn"
		ResourceSaver.save(packed, path)
		var scene := FileAccess.get_file_as_string(path)
		DirAccess.remove_absolute(path)
		var refs := RegEx.create_from_string('\\[ext_resource [^\\]]*path="(res://[^"]+)"')
		for found in refs.search_all(scene):
			_need(found.get_string(1), needed)
	expect(needed.size() >= 3, "a modelled bake needs the addon's shaders: %s" % [needed.keys()])
	for what: String in needed:
		var name := what.trim_prefix("res://addons/outpost_storeys/")
		expect(page.contains(name), "%s names %s (%s)" % [PAGE, name, needed[what]])
	return ok()


# Adds `path` and, for a shader, what it includes and the globals it reads to `needed`.
func _need(path: String, needed: Dictionary) -> void:
	if needed.has(path):
		return
	needed[path] = "a file"
	var text := FileAccess.get_file_as_string(path)
	var includes := RegEx.create_from_string('#include\\s+"(res://[^"]+)"')
	for found in includes.search_all(text):
		_need(found.get_string(1), needed)
	var globals := RegEx.create_from_string("global\\s+uniform\\s+\\w+\\s+(\\w+)")
	for found in globals.search_all(text):
		needed[found.get_string(1)] = "a shader global of " + path.get_file()


func test_designer_md_describes_the_survey_table_the_dock_shows() -> bool:
	var repo := ProjectSettings.globalize_path("res://").trim_suffix("/").get_base_dir() + "/"
	var page := FileAccess.get_file_as_string(repo + PAGE)
	var survey: GDScript = load("res://addons/outpost_storeys/editor/DockSurvey.gd")
	var headings: Array = survey.get_script_constant_map()["TABLE_HEADINGS"]
	var line := "the table's columns: %s" % ", ".join(headings.slice(1))
	expect(page.contains(line), "%s says '%s'" % [PAGE, line])
	return ok()
