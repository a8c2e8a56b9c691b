class_name SurfaceText
extends RefCounted
## The words of the surface around the building: where Genesis is, salvaging and the door,
## each through [method Object.tr] ([GameText] holds the rest of the game's; this file
## keeps that one under the size every script keeps).

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## Where Genesis is while it is out of the building, for "Genesis on %s".
static func surface() -> String:
	return _t.tr("the surface")


## A salvage kind's name ([code]"SCRAP"[/code], [code]"ALLOY"[/code],
## [code]"CIRCUITS"[/code]).
static func kind_name(kind: String) -> String:
	match kind:
		"ALLOY":
			return _t.tr("alloy")
		"CIRCUITS":
			return _t.tr("circuits")
	return _t.tr("scrap")


## The prompt beside a salvage node: hold [param key] to take its [param kind], [param left]
## units left.
static func salvage(key: String, kind: String, left: int) -> String:
	return _t.tr("Hold %s to salvage %s (%d left)") % [key, kind_name(kind), left]


## A node of [param kind] is [param away] cells off: salvage takes one beside it.
static func come_closer(kind: String, away: int) -> String:
	return (
		_t.tr_n(
			"Come beside the %s heap to salvage it: it is %d cell away",
			"Come beside the %s heap to salvage it: it is %d cells away",
			away
		)
		% [kind_name(kind), away]
	)


## The prompt on the surface away from any node.
static func door_hint() -> String:
	return _t.tr("Salvage the heaps beside you, or fly into the green door to enter the outpost")


## The hint as Genesis comes out onto the surface.
static func came_out() -> String:
	return _t.tr("Out on the surface: the outpost's agents stay inside")


## The hint as Genesis goes into the building.
static func went_in() -> String:
	return _t.tr("Inside the outpost: step back onto the door to leave")


## The words of the surface's first minutes' hint [param id] ([HintCoach]:
## [code]salvage_heaps[/code], [code]enter_outpost[/code]), with [param key] the interact
## key's name.
static func hint(id: StringName, key: String) -> String:
	match id:
		&"salvage_heaps":
			return _t.tr("Hold %s beside a heap: its salvage goes into your materials.") % key
		&"enter_outpost":
			return _t.tr("The green door leads into the outpost: its beacons need restoring.")
	return ""
