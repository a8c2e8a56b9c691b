class_name WaveText
extends RefCounted
## The words of a wave coming in ([GameAlerts]' wave alert), each through
## [method Object.tr] ([GameText] holds the game's other alerts; this file keeps that one
## under the size every script keeps).

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## Wave [param number] came in through the entries of [param floors] (a list from
## [method floors]): with drones ([param drones]), aliens ([param aliens]) or both.
static func alert(number: int, floors: String, drones: bool, aliens: bool) -> String:
	if aliens and not drones:
		return _t.tr("Wave %d: aliens coming in on %s") % [number, floors]
	if aliens:
		return _t.tr("Wave %d: drones and aliens coming in on %s") % [number, floors]
	return _t.tr("Wave %d: drones coming in on %s") % [number, floors]


## Wave [param number] came in on [param floors] (a list from [method floors]) while
## Genesis is out on the surface: it calls Genesis back.
static func alert_outside(number: int, floors: String) -> String:
	return _t.tr("Wave %d inside the outpost (%s): the beacons need you") % [number, floors]


## [param names] (floor names) as one list: "Floor 1", "Floor 1 and Floor 3",
## "Underground, Floor 1 and Floor 2".
static func floors(names: PackedStringArray) -> String:
	if names.size() < 2:
		return "".join(names)
	var head := ", ".join(names.slice(0, names.size() - 1))
	return _t.tr("%s and %s") % [head, names[names.size() - 1]]
