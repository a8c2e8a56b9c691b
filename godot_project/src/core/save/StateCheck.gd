class_name StateCheck
extends RefCounted
## Reads a part's saved state with checks, for the parts' [code]check_state[/code]: each
## read returns the value (or a harmless default) and records the first problem, naming
## the key with its path ([code]floors[1].towers[0].health is -3, below 0[/code]) and the
## value as the file holds it, printed exactly ([method exact]: a huge number is never
## shown as what [code]int()[/code] makes of it). JSON numbers come back as floats: a whole
## number is accepted as a float that holds one. [method problem] is "" while everything
## read was fine.

## The largest magnitude a saved number may have anywhere (a bound against absurd files:
## a part that knows a tighter bound checks it too).
const HUGE := 1e12
## The latest tick a saved clock may show (2^52: every tick up to it is exact in the
## double JSON reads it as, and the game would take 2 million years to get there).
const MAX_TICK := 1 << 52

var _problem := ""


## The first problem found ("" if none).
func problem() -> String:
	return _problem


## Whether nothing was wrong so far.
func is_ok() -> bool:
	return _problem.is_empty()


## Records [param message] unless a problem was found before.
func fail(message: String) -> void:
	if _problem.is_empty():
		_problem = message


## The object at [param key] of [param d] ([param where] prefixes the key in messages).
func object(d: Dictionary, key: String, where: String = "") -> Dictionary:
	var v: Variant = d.get(key)
	if not v is Dictionary:
		fail("%s is %s, not an object" % [_name(where, key), exact(v)])
		return {}
	return v


## The list at [param key].
func list(d: Dictionary, key: String, where: String = "") -> Array:
	var v: Variant = d.get(key)
	if not v is Array:
		fail("%s is %s, not a list" % [_name(where, key), exact(v)])
		return []
	return v


## The objects of the list at [param key]: each must be an object.
func objects(d: Dictionary, key: String, where: String = "") -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var items := list(d, key, where)
	for i in items.size():
		if not items[i] is Dictionary:
			fail("%s[%d] is %s, not an object" % [_name(where, key), i, exact(items[i])])
			return []
		out.append(items[i])
	return out


## The finite number at [param key], within [param at_least]..[param at_most].
func number(
	d: Dictionary, key: String, where: String = "", at_least: float = -HUGE, at_most: float = HUGE
) -> float:
	var v: Variant = d.get(key)
	if not v is float or not is_finite(v):
		fail("%s is %s, not a number" % [_name(where, key), exact(v)])
		return maxf(at_least, 0.0)
	if v < at_least:
		fail("%s is %s, below %s" % [_name(where, key), exact(v), exact(at_least)])
		return at_least
	if v > at_most:
		fail("%s is %s, above %s" % [_name(where, key), exact(v), exact(at_most)])
		return at_most
	return v


## The whole number at [param key], within [param lo]..[param hi].
func whole(d: Dictionary, key: String, where: String, lo: int, hi: int) -> int:
	return whole_value(d.get(key), _name(where, key), lo, hi)


## [param v] (a value read from a file, named [param what] in a message) as a whole number
## within [param lo]..[param hi]; [param lo] and a problem otherwise. A count, an index or
## a tick read this way never reaches [code]int()[/code] out of its range.
func whole_value(v: Variant, what: String, lo: int, hi: int) -> int:
	if not v is float or not is_finite(v) or v != floorf(v):
		fail("%s is %s, not a whole number" % [what, exact(v)])
		return lo
	if v < lo or v > hi:
		fail("%s is %s, not in %d..%d" % [what, exact(v), lo, hi])
		return lo
	return int(v)


## The flag at [param key].
func flag(d: Dictionary, key: String, where: String = "") -> bool:
	var v: Variant = d.get(key)
	if not v is bool:
		fail("%s is %s, not true or false" % [_name(where, key), exact(v)])
		return false
	return v


## The cell [code][x, y][/code] at [param key].
func cell(d: Dictionary, where: String, key: String = "cell") -> Vector2i:
	var v: Variant = d.get(key)
	if not is_cell(v):
		fail("%s is %s, not [x, y]" % [_name(where, key), exact(v)])
		return Vector2i(-1, -1)
	return Vector2i(int(v[0]), int(v[1]))


## The list of cells at [param key].
func cells(d: Dictionary, key: String, where: String = "") -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for i in list(d, key, where).size():
		out.append(cell({"c": d[key][i]}, "%s[%d]" % [_name(where, key), i], "c"))
	return out


## The list of whole numbers at [param key], each within 0..[param most] (a list of ids:
## the swarm's agent ids are 32-bit).
func whole_numbers(
	d: Dictionary, key: String, where: String = "", most: int = int(HUGE)
) -> PackedInt64Array:
	var out := PackedInt64Array()
	var v: Variant = d.get(key)
	if not v is Array:
		fail("%s is %s, not a list of whole numbers" % [_name(where, key), exact(v)])
		return out
	var items: Array = v
	for i in items.size():
		out.append(whole_value(items[i], "%s[%d]" % [_name(where, key), i], 0, most))
	return out


## The vector [code][x, y, z][/code] of finite numbers at [param key].
func vector3(d: Dictionary, key: String, where: String = "") -> Vector3:
	var v: Variant = d.get(key)
	var ok: bool = v is Array and (v as Array).size() == 3
	for c: Variant in v if ok else []:
		ok = ok and c is float and is_finite(c) and absf(c) < HUGE
	if not ok:
		fail("%s is %s, not [x, y, z]" % [_name(where, key), exact(v)])
		return Vector3.ZERO
	return Vector3(v[0], v[1], v[2])


## Whether [param v] is a cell as JSON holds one: two whole numbers.
static func is_cell(v: Variant) -> bool:
	var ok: bool = v is Array and (v as Array).size() == 2
	for c: Variant in v if ok else []:
		ok = ok and c is float and c == floorf(c) and absf(c) < 1e6
	return ok


## [param cell] as JSON holds it: [code][x, y][/code].
static func list_of(cell_value: Vector2i) -> Array:
	return [cell_value.x, cell_value.y]


## A cell read back from JSON ([code][x, y][/code] of floats).
static func cell_of(list_value: Array) -> Vector2i:
	return Vector2i(int(list_value[0]), int(list_value[1]))


## [param cell] in a message: "[x, y]".
static func text_of(cell_value: Vector2i) -> String:
	return "[%d, %d]" % [cell_value.x, cell_value.y]


## [param v] (a value read from a file) printed exactly: a number as the shortest text
## that reads back as the same double ([code]700[/code], [code]12.25[/code],
## [code]1e+30[/code]), a missing value as "missing", anything else as GDScript prints it.
## (GDScript's [code]str()[/code] keeps 14 digits of a fraction, and [code]int()[/code] of
## a double beyond 64 bits is no value the file holds.)
static func exact(v: Variant) -> String:
	if v == null:
		return "missing"
	return String.num_scientific(v) if v is float else str(v)


static func _name(where: String, key: String) -> String:
	return key if where.is_empty() else "%s.%s" % [where, key]
