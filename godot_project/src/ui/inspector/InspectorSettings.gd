class_name InspectorSettings
extends RefCounted
## What the Seed Inspector generates: a seed, a storey depth, an outpost level, a storey
## type and an optional forced staircase, with the parsing of the panel's text fields and
## the check that the settings can give a storey.
##
## A value: [method with_text] and [method clamped] return new settings and never change
## these. Text that is no seed or no cell does not change the setting it was typed for; it
## is kept in [member input_error], which [method get_error] reports first.

## The value of [member forced_staircase] that lets the generator choose.
const NONE := ForcedStaircase.NONE
## The seeds a 64-bit integer holds, as the refusal message names them.
const SEED_RANGE := "-9223372036854775808 to 9223372036854775807"

static var _cell_pattern := RegEx.create_from_string(
	r"^\(?\s*([+-]?\d{1,9})\s*(?:,\s*|\s+)([+-]?\d{1,9})\s*\)?$"
)

## The seed (any 64-bit integer).
var seed_value: int = 1
## The generator's storey depth (1-based: grid size, entry and beacon counts), within
## [method depth_range].
var storey_depth: int = 1
## Outpost level, within [method level_range].
var outpost_level: int = 1
## The [enum StoreyLayout.StoreyType].
var storey_type: StoreyLayout.StoreyType = StoreyLayout.StoreyType.GROUND_FLOOR
## The cell the staircase is forced onto, or [constant NONE].
var forced_staircase := NONE
## Why the text last typed into a field is no setting ([code]""[/code] if it was one).
var input_error := ""


## The depths the inspector offers: [code]Vector2i(min, max)[/code], from the core
## ([constant StoreyGenerator.MIN_STOREY_DEPTH] to
## [constant StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH]).
static func depth_range() -> Vector2i:
	return Vector2i(StoreyGenerator.MIN_STOREY_DEPTH, StoreyGenerator.INSPECTOR_MAX_STOREY_DEPTH)


## The outpost levels: [code]Vector2i(min, max)[/code], from the core.
static func level_range() -> Vector2i:
	return Vector2i(StoreyGenerator.MIN_OUTPOST_LEVEL, StoreyGenerator.MAX_OUTPOST_LEVEL)


## Why [param text] is not a seed (a 64-bit integer in decimal), or [code]""[/code]: the
## words every seed field of the project uses ([method SeedText.problem]).
static func seed_error(text: String) -> String:
	return SeedText.problem(text)


## Why [param text] is not a forced staircase ("x, y", "(x y)"; empty for
## [constant NONE]), or [code]""[/code].
static func staircase_error(text: String) -> String:
	var t := text.strip_edges()
	if t.is_empty() or _cell_pattern.search(t) != null:
		return ""
	return 'Forced staircase "%s": write two integers as "x, y", or leave it empty.' % text


## The cell [param text] names ([constant NONE] when empty); [method staircase_error]
## must be [code]""[/code].
static func parse_staircase(text: String) -> Vector2i:
	var found := _cell_pattern.search(text.strip_edges())
	if found == null:
		return NONE
	return Vector2i(found.get_string(1).to_int(), found.get_string(2).to_int())


## Settings of these values (no input error).
static func of(
	new_seed: int,
	depth: int,
	level: int,
	type: StoreyLayout.StoreyType,
	staircase: Vector2i = NONE,
) -> InspectorSettings:
	var out := InspectorSettings.new()
	out.seed_value = new_seed
	out.storey_depth = depth
	out.outpost_level = level
	out.storey_type = type
	out.forced_staircase = staircase
	return out


## A copy of these settings.
func copy() -> InspectorSettings:
	var out := of(seed_value, storey_depth, outpost_level, storey_type, forced_staircase)
	out.input_error = input_error
	return out


## A copy with the depth and the level moved into [method depth_range] and
## [method level_range].
func clamped() -> InspectorSettings:
	var out := copy()
	var depths := depth_range()
	var levels := level_range()
	out.storey_depth = clampi(storey_depth, depths.x, depths.y)
	out.outpost_level = clampi(outpost_level, levels.x, levels.y)
	return out


## A copy with the panel's fields read in: the seed from [param seed_text] and the forced
## staircase from [param staircase_text] when they parse; otherwise that setting stays and
## [member input_error] says why (the seed's error first).
func with_text(
	seed_text: String, depth: int, level: int, type: StoreyLayout.StoreyType, staircase_text: String
) -> InspectorSettings:
	var out := copy()
	out.storey_depth = depth
	out.outpost_level = level
	out.storey_type = type
	var seed_problem := seed_error(seed_text)
	var staircase_problem := staircase_error(staircase_text)
	if seed_problem.is_empty():
		out.seed_value = SeedText.parse(seed_text)["value"]
	if staircase_problem.is_empty():
		out.forced_staircase = parse_staircase(staircase_text)
	out.input_error = seed_problem if not seed_problem.is_empty() else staircase_problem
	return out.clamped()


## Why these settings give no storey ([member input_error], or a forced staircase that
## [method ForcedStaircase.check] refuses), or [code]""[/code].
func get_error() -> String:
	if not input_error.is_empty():
		return input_error
	return ForcedStaircase.check(forced_staircase, storey_depth, outpost_level, storey_type)


## The storey of these settings, with the game's rooms ([method GameRooms.settings], as
## the game builds it); check [method get_error] first.
func generate() -> StoreyLayout:
	return StoreyGenerator.generate_with(
		GameRooms.settings(), seed_value, storey_depth, outpost_level, forced_staircase, storey_type
	)


## The staircase field's text for [member forced_staircase].
func staircase_text() -> String:
	return "" if forced_staircase == NONE else "%d, %d" % [forced_staircase.x, forced_staircase.y]
