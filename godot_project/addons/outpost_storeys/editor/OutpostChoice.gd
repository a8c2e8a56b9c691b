@tool
extends RefCounted
## What the Outpost dock has chosen: one storey (seed, depth, level, type, forced
## staircase), the building around it (storey count, underground), the generator's
## settings, the theme and whether bakes carry the object scenes; and what the choice
## makes: the storey, its numbers, its bakes.
##
## The dock's controls write here and read back from here, so every part of the dock (the
## preview, the buttons, the survey) reads the same choice.

## Emitted when a field changes (through [method set_field] or [method assign]).
signal changed

## The fields [method set_field] and [method to_dictionary] know, in the dock's order.
const FIELDS: Array[StringName] = [
	&"seed_value",
	&"storey_depth",
	&"outpost_level",
	&"storey_type",
	&"forced_staircase",
	&"storeys",
	&"underground",
	&"settings",
	&"theme",
	&"with_objects",
]
## The value of [member forced_staircase] that lets the generator choose.
const NO_STAIRCASE := Vector2i(-1, -1)

## The seed (any 64-bit integer).
var seed_value: int = 1
## The storey's depth, 1-based.
var storey_depth: int = 1
## The outpost level, 1 to 4.
var outpost_level: int = 1
## The [enum StoreyLayout.StoreyType].
var storey_type: int = StoreyLayout.StoreyType.GROUND_FLOOR
## The forced staircase, or [constant NO_STAIRCASE].
var forced_staircase := NO_STAIRCASE
## Storeys above ground of a baked building.
var storeys: int = 3
## Whether a baked building has an UNDERGROUND storey below them (the game's buildings do).
var underground := true
## The theme of previews and bakes (null: [constant StoreyBaker.DEFAULT_THEME]).
var theme: CellDefinitions
## Whether bakes carry the object scenes ([method StoreyBaker.bake_storey]).
var with_objects := false
## The generator's settings (null: the reference's): every generation, bake and survey
## of the dock uses them ([method StoreyGenerator.generate_with]).
var settings: StoreyGenerationSettings = null


## Sets [param field] (one of [constant FIELDS]) and emits [signal changed] if it changed.
func set_field(field: StringName, value: Variant) -> void:
	if get(field) == value:
		return
	set(field, value)
	changed.emit()


## Sets every field [param fields] names (keys of [constant FIELDS]), then emits
## [signal changed] once.
func assign(fields: Dictionary) -> void:
	for field: StringName in fields:
		if FIELDS.has(field):
			set(field, fields[field])
	changed.emit()


## The fields as a [Dictionary] (for tests and for restoring the dock).
func to_dictionary() -> Dictionary:
	var out := {}
	for field in FIELDS:
		out[field] = get(field)
	return out


## The choice as plain values, for the editor's project metadata: every field but the
## resources; the theme's file ([code]theme_path[/code]); the settings' file
## ([code]settings_path[/code], when saved as one) and the settings that differ from the
## reference's ([code]settings[/code], [method StoreyBaker.settings_changes]; null
## without settings).
func to_metadata() -> Dictionary:
	var saved := to_dictionary()
	saved.erase(&"theme")
	saved.erase(&"settings")
	saved["theme_path"] = _file_of(theme)
	saved["settings_path"] = _file_of(settings)
	saved["settings"] = StoreyBaker.settings_changes(settings) if settings != null else null
	return saved


## Restores a choice [method to_metadata] made (once, then emits [signal changed]). A
## theme or settings file that no longer loads is dropped; settings saved in no file are
## made again from their changes.
func from_metadata(saved: Dictionary) -> void:
	var fields := {}
	for field in FIELDS:
		if saved.has(field) and typeof(saved[field]) == typeof(get(field)):
			fields[field] = saved[field]
	var theme_path: String = saved.get("theme_path", "")
	fields[&"theme"] = _load_file(theme_path) as CellDefinitions
	var settings_path: String = saved.get("settings_path", "")
	var restored := _load_file(settings_path) as StoreyGenerationSettings
	if restored == null and saved.get("settings") is Dictionary:
		restored = StoreyBaker.settings_from(saved["settings"])
	fields[&"settings"] = restored
	assign(fields)


## Why the chosen storey cannot be generated (a setting out of range, or the forced
## staircase's problem), or [code]""[/code].
func get_problem() -> String:
	var refused := get_settings_problem()
	if not refused.is_empty():
		return refused
	return ForcedStaircase.check(forced_staircase, storey_depth, outpost_level, storey_type)


## Why the generator refuses [member settings] (the setting out of range: its name, value
## and range), or [code]""[/code].
func get_settings_problem() -> String:
	var problem := StoreyBaker.settings_problem(settings)
	return "" if problem.is_empty() else "Settings refused: %s." % problem


## The settings that differ from the reference's, as [code]name=value[/code] words
## ([code]"defaults"[/code] when none does).
func describe_settings() -> String:
	return "defaults" if settings == null else settings.get_changes()


## What the settings are now, which resource and its values ("defaults" without one):
## it changes with an Inspector edit of the settings as with a new resource.
func settings_fingerprint() -> String:
	if settings == null:
		return "defaults"
	return "%d %s" % [settings.get_instance_id(), settings.get_changes()]


## The chosen storey ([method StoreyGenerator.generate_with] with [member settings]);
## null when [method get_problem] is not empty.
func generate_storey() -> StoreyLayout:
	if not get_problem().is_empty():
		return null
	return StoreyGenerator.generate_with(
		settings, seed_value, storey_depth, outpost_level, forced_staircase, storey_type
	)


## The chosen storey baked ([method StoreyBaker.bake_storey]); null when it cannot be made.
func bake_storey() -> Node3D:
	var layout := generate_storey()
	if layout == null:
		return null
	return StoreyBaker.bake_storey(layout, theme, with_objects, settings)


## The chosen building baked ([method StoreyBaker.bake_building] with
## [member settings]).
func bake_building() -> Node3D:
	return StoreyBaker.bake_building(
		seed_value, outpost_level, storeys, underground, settings, theme, with_objects
	)


## The Seed Inspector's numbers of [param layout] generated in [param generation_usec]
## ([method StoreyLayout.get_stats], measured by the core, plus these two):
## [code]size[/code] ("28 x 20"), [code]rooms[/code], [code]oob_share[/code] (OUT_OF_BOUNDS
## cells / all cells), [code]oob_cells[/code], [code]entries[/code],
## [code]beacons[/code], [code]path_lengths[/code] (cells of each enemy path, in
## [member StoreyLayout.entry_cells] order), [code]open_zones[/code],
## [code]attempts[/code], [code]generation_usec[/code].
static func stats_of(layout: StoreyLayout, generation_usec: int) -> Dictionary:
	var stats := layout.get_stats()
	stats["size"] = "%d x %d" % [layout.width, layout.height]
	stats["generation_usec"] = generation_usec
	return stats


# The file `resource` is saved as, or "" (none, or built into a scene).
static func _file_of(resource: Resource) -> String:
	if resource == null or resource.resource_path.contains("::"):
		return ""
	return resource.resource_path


static func _load_file(path: String) -> Resource:
	return load(path) if not path.is_empty() and ResourceLoader.exists(path) else null
