class_name SaveEnvelope
extends RefCounted
## What the building of a save is made of, read once and checked, and what is generated
## from it once. A load reads a file in this format ([SaveGame]), then [method open]s its
## envelope before any part's check: the building's seed (a string of digits with an
## optional [code]-[/code] that fits a signed 64-bit integer, read exactly: never clamped),
## its outpost level and its storeys above ground; it generates the storeys' layouts (with
## the UNDERGROUND storey unless [code]context.underground[/code] is false) and the surface
## around the ground floor, and hands them to the parts in the load's context
## ([code]context.envelope[/code], the layouts also as [code]context.layouts[/code]). The
## building's and the surface's checks read them there, and the game is built from those
## very layouts and that surface: nothing parses the seed or generates a layout again.
## A later format that stores more of what the building is made of reads it here.

## The building's master seed, as the file holds it.
var seed_value := 0
## Its outpost level.
var level := 1
## Its storeys above ground (the UNDERGROUND storey comes with them).
var storeys := 1
## Whether its layouts include the UNDERGROUND storey (as floor 0).
var underground := true
## The authored rooms its layouts were made with (format 4: [code]building.rooms[/code],
## template name -> text), read and checked here and generated with, never the game's
## folder: editing a room later changes no saved game. Empty for a save of before rooms
## (format 3 and older), whose layouts are generated without rooms, as they were.
var rooms := {}
## The settings the layouts are generated with: null without rooms, else the reference's
## with the room set of [member rooms].
var settings: StoreyGenerationSettings
## Its storeys' layouts, bottom first, as [method StoreyGenerator.generate_building_with]
## makes them.
var layouts: Array[StoreyLayout] = []
## The surface around it ([method SurfaceGenerator.generate_around] its ground floor:
## the chunk [method SurfaceGenerator.generate] makes of the seed and level).
var surface: SurfaceLayout


## Reads the envelope of [param data] (a save file in this format: its
## [code]building[/code]'s [code]seed[/code], [code]level[/code] and [code]storeys[/code]),
## generates the layouts and the surface, and puts them into [param context]
## ([code]envelope[/code], [code]layouts[/code]). "" when done, else what is wrong (the
## context then holds no envelope).
static func open(data: Dictionary, context: Dictionary) -> String:
	var b: Variant = data.get("building")
	if not b is Dictionary:
		return "building is missing" if b == null else "building is %s, not an object" % [b]
	var building: Dictionary = b
	var seed_text: Variant = building.get("seed")
	if not seed_text is String:
		return "building.seed is %s, not a string of digits" % StateCheck.exact(seed_text)
	var read := SeedText.parse_exact(seed_text)
	if not (read["problem"] as String).is_empty():
		return (
			"building.seed is %s, not digits (with an optional -) that fit a signed 64-bit integer"
			% JSON.stringify(seed_text)
		)
	var check := StateCheck.new()
	var envelope := SaveEnvelope.new()
	envelope.seed_value = read["value"]
	envelope.level = check.whole(
		building,
		"level",
		"building",
		StoreyGenerator.MIN_OUTPOST_LEVEL,
		StoreyGenerator.MAX_OUTPOST_LEVEL
	)
	envelope.storeys = check.whole(
		building, "storeys", "building", StoreyGenerator.MIN_STOREYS, StoreyGenerator.MAX_STOREYS
	)
	if not check.is_ok():
		return check.problem()
	var rooms_problem := envelope._read_rooms(building, int(context.get("format", SaveGame.FORMAT)))
	if not rooms_problem.is_empty():
		return rooms_problem
	envelope.underground = context.get("underground", true)
	var problem := envelope._generate()
	if not problem.is_empty():
		return problem
	context["envelope"] = envelope
	context["layouts"] = envelope.layouts
	return ""


## The envelope of the load of [param context]: [code]context.envelope[/code], opened from
## [code]context.data[/code] if nothing opened it yet (a part's check called on its own);
## null if it cannot be read.
static func of(context: Dictionary) -> SaveEnvelope:
	if not context.has("envelope"):
		open(context.get("data", {}), context)
	return context.get("envelope")


## The floor of the GROUND_FLOOR among [member layouts] (-1 without one).
func ground_floor() -> int:
	for index in layouts.size():
		if layouts[index].storey_type == StoreyLayout.StoreyType.GROUND_FLOOR:
			return index
	return -1


# The building's rooms of a file of [param format]: "" and [member rooms] and
# [member settings] set, or what is wrong. A format-4 file must hold them (an empty object
# for a building without rooms); each text must pass every check of `outpost rooms check`
# and be the template its key names.
func _read_rooms(building: Dictionary, format: int) -> String:
	if not building.has("rooms"):
		return "" if format < 4 else "building.rooms is missing"
	var texts: Variant = building["rooms"]
	if not texts is Dictionary:
		return "building.rooms is %s, not an object of room name -> text" % StateCheck.exact(texts)
	for name: Variant in texts:
		if not texts[name] is String:
			return (
				"building.rooms.%s is %s, not a room's text" % [name, StateCheck.exact(texts[name])]
			)
	for message: Dictionary in StoreyRoomSet.check_texts(texts):
		if message["severity"] == "error":
			return (
				"building.rooms.%s, line %d: %s"
				% [message["file"], message["line"], message["message"]]
			)
	var room_set := StoreyRoomSet.from_texts(texts)
	var keys := PackedStringArray(texts.keys())
	keys.sort()
	if room_set.get_names() != keys:
		return (
			"building.rooms names %s but holds the rooms %s"
			% [", ".join(keys), ", ".join(room_set.get_names())]
		)
	rooms = texts
	if not texts.is_empty():
		settings = StoreyGenerationSettings.new()
		settings.room_set = room_set
	return ""


# The layouts and the surface, each generated once; "" or why there is no building.
func _generate() -> String:
	layouts.assign(
		StoreyGenerator.generate_building_with(settings, seed_value, storeys, level, underground)
	)
	var ground := ground_floor()
	if layouts.size() == storeys + int(underground) and ground >= 0:
		surface = SurfaceGenerator.generate_around(null, seed_value, layouts[ground])
	if surface == null:
		return (
			"building: no building for seed %d, level %d, %d storeys" % [seed_value, level, storeys]
		)
	return ""
