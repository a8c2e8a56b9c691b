class_name BakeRecord
extends RefCounted
## What a bake records of how it was made, so that it can be made again
## ([method StoreyBaker.rebake]): the generation that gives a layout again, and the
## generation settings that differ from the reference's, as plain values (a baked scene
## references no extension resource). [StoreyBaker] keeps each call under its old name.


## The arguments of [method StoreyGenerator.generate_with] after [param settings] (the
## settings [param layout] was made with; null: the reference's) that make
## [param layout] again ([code]seed_value[/code], [code]storey_depth[/code],
## [code]outpost_level[/code], [code]forced_staircase[/code], [code]storey_type[/code]),
## plus [code]settings[/code] ([method settings_changes]) when they differ from the
## reference's: the generator's own staircase ([code](-1, -1)[/code]) if that gives the
## same layout, else its staircase cell forced; empty if neither does (the layout was
## edited, or made with other settings) or the settings are out of range.
static func generation_of(layout: StoreyLayout, settings: Resource = null) -> Dictionary:
	if not settings_problem(settings).is_empty():
		return {}
	for staircase: Vector2i in [Vector2i(-1, -1), layout.staircase_cell]:
		if staircase != Vector2i(-1, -1) and not _interior(layout, staircase):
			continue
		var again := StoreyGenerator.generate_with(
			settings as StoreyGenerationSettings,
			layout.seed_value,
			layout.storey_depth,
			layout.outpost_level,
			staircase,
			layout.storey_type
		)
		if again != null and again.is_equal_to(layout):
			var generation := {
				"seed_value": layout.seed_value,
				"storey_depth": layout.storey_depth,
				"outpost_level": layout.outpost_level,
				"forced_staircase": staircase,
				"storey_type": int(layout.storey_type),
			}
			var changes := settings_changes(settings)
			if not changes.is_empty():
				generation["settings"] = changes
			return generation
	return {}


## What a bake of the storey [param layout] records of how it was made
## ([constant StoreyBaker.META_BAKE]'s storey part): [code]kind[/code]
## [code]"storey"[/code] and its generation ([method generation_of]) when the generator
## makes it again from its fields; else (a storey edited by hand) [code]kind[/code]
## [code]"layout"[/code] with the whole layout as JSON text in [code]layout_json[/code]
## ([method StoreyLayout.to_json]: plain text, the CLI's form), and the settings changed,
## so that [method layout_of] gives the edited storey again.
static func record_of(layout: StoreyLayout, settings: Resource = null) -> Dictionary:
	var generation := generation_of(layout, settings)
	if not generation.is_empty():
		var storey := {"kind": "storey"}
		storey.merge(generation)
		return storey
	var edited := {"kind": "layout", "layout_json": layout.to_json()}
	var changes := settings_changes(settings)
	if not changes.is_empty():
		edited["settings"] = changes
	return edited


## The storey a [method record_of] record makes again, with [param settings] (the
## record's settings, [method settings_from]): generated from its fields, or read from its
## [code]layout_json[/code]; null (after an error) for any other record.
static func layout_of(record: Dictionary, settings: StoreyGenerationSettings) -> StoreyLayout:
	match record.get("kind", ""):
		"storey":
			return StoreyGenerator.generate_with(
				settings,
				record["seed_value"],
				record["storey_depth"],
				record["outpost_level"],
				record["forced_staircase"],
				record["storey_type"]
			)
		"layout":
			return StoreyLayout.from_json(record.get("layout_json", ""))
	push_error("BakeRecord.layout_of: %s is no storey's record" % [record.get("kind", "")])
	return null


## Why [param settings] cannot generate: not a [StoreyGenerationSettings], or every
## setting out of its range (each one's name, value and range, in the order of
## [method StoreyGenerationSettings.describe]), or else the first inconsistency
## ([method StoreyGenerationSettings.get_data_error]); [code]""[/code] for null (the
## reference's settings) and for good settings.
static func settings_problem(settings: Resource) -> String:
	if settings == null:
		return ""
	if not settings is StoreyGenerationSettings:
		return "settings must be a StoreyGenerationSettings, not %s" % settings
	var problems := PackedStringArray()
	for info: Dictionary in StoreyGenerationSettings.describe():
		var value: int = settings.get(info["name"])
		if value < int(info["min"]) or value > int(info["max"]):
			problems.append(
				(
					"%s = %d is outside its range %d..=%d"
					% [info["name"], value, info["min"], info["max"]]
				)
			)
	if problems.is_empty():
		return (settings as StoreyGenerationSettings).get_data_error()
	return "; ".join(problems)


## The settings of [param settings] that differ from the reference's, as
## [code]{name: value}[/code] in [method StoreyGenerationSettings.describe]'s order;
## empty for null or the reference's settings.
static func settings_changes(settings: Resource) -> Dictionary:
	var changes := {}
	if not settings is StoreyGenerationSettings:
		return changes
	for info: Dictionary in StoreyGenerationSettings.describe():
		var value: int = settings.get(info["name"])
		if value != int(info["default"]):
			changes[info["name"]] = value
	return changes


## New [StoreyGenerationSettings] with the reference's values but those of
## [param changes] ([method settings_changes]'s form). Null and an error naming the entry
## for a name that is no setting or a value that is no whole number.
static func settings_from(changes: Dictionary) -> StoreyGenerationSettings:
	var settings := StoreyGenerationSettings.new()
	var names := {}
	for info: Dictionary in StoreyGenerationSettings.describe():
		names[info["name"]] = true
	for key: Variant in changes:
		var value: Variant = changes[key]
		if not names.has(str(key)) or typeof(value) != TYPE_INT:
			push_error("StoreyBaker: no setting %s = %s" % [key, value])
			return null
		settings.set(str(key), value)
	return settings


# Whether `cell` is inside the grid's outer ring.
static func _interior(layout: StoreyLayout, cell: Vector2i) -> bool:
	return Rect2i(1, 1, layout.width - 2, layout.height - 2).has_point(cell)
