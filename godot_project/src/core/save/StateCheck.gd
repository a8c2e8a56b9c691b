class_name StateCheck
extends RefCounted
## Reads a part's saved state with checks, for the parts' [code]check_state[/code]: each
## read returns the value (or a harmless default) and records the first problem, naming
## the key with its path ([code]floors[1].towers[0].health is -3, below 0[/code]). JSON
## numbers come back as floats: a whole number is accepted as a float that holds one.
## [method problem] is "" while everything read was fine.

## The largest magnitude a saved number may have anywhere (a bound against absurd files:
## a part that knows a tighter bound checks it too).
const HUGE := 1e12

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
		fail("%s is %s, not an object" % [_name(where, key), _text(v)])
		return {}
	return v


## The list at [param key].
func list(d: Dictionary, key: String, where: String = "") -> Array:
	var v: Variant = d.get(key)
	if not v is Array:
		fail("%s is %s, not a list" % [_name(where, key), _text(v)])
		return []
	return v


## The objects of the list at [param key]: each must be an object.
func objects(d: Dictionary, key: String, where: String = "") -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	var items := list(d, key, where)
	for i in items.size():
		if not items[i] is Dictionary:
			fail("%s[%d] is %s, not an object" % [_name(where, key), i, _text(items[i])])
			return []
		out.append(items[i])
	return out


## The finite number at [param key], within [param at_least]..[param at_most].
func number(
	d: Dictionary, key: String, where: String = "", at_least: float = -HUGE, at_most: float = HUGE
) -> float:
	var v: Variant = d.get(key)
	if not v is float or not is_finite(v):
		fail("%s is %s, not a number" % [_name(where, key), _text(v)])
		return maxf(at_least, 0.0)
	if v < at_least:
		fail("%s is %s, below %s" % [_name(where, key), _num(v), _num(at_least)])
		return at_least
	if v > at_most:
		fail("%s is %s, above %s" % [_name(where, key), _num(v), _num(at_most)])
		return at_most
	return v


## The whole number at [param key], within [param lo]..[param hi].
func whole(d: Dictionary, key: String, where: String, lo: int, hi: int) -> int:
	var v: Variant = d.get(key)
	if not v is float or not is_finite(v) or v != floorf(v):
		fail("%s is %s, not a whole number" % [_name(where, key), _text(v)])
		return lo
	if v < lo or v > hi:
		fail("%s is %d, not in %d..%d" % [_name(where, key), int(v), lo, hi])
		return lo
	return int(v)


## The flag at [param key].
func flag(d: Dictionary, key: String, where: String = "") -> bool:
	var v: Variant = d.get(key)
	if not v is bool:
		fail("%s is %s, not true or false" % [_name(where, key), _text(v)])
		return false
	return v


## The cell [code][x, y][/code] at [param key].
func cell(d: Dictionary, where: String, key: String = "cell") -> Vector2i:
	var v: Variant = d.get(key)
	if not is_cell(v):
		fail("%s is %s, not [x, y]" % [_name(where, key), _text(v)])
		return Vector2i(-1, -1)
	return Vector2i(int(v[0]), int(v[1]))


## The list of cells at [param key].
func cells(d: Dictionary, key: String, where: String = "") -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for i in list(d, key, where).size():
		out.append(cell({"c": d[key][i]}, "%s[%d]" % [_name(where, key), i], "c"))
	return out


## The list of whole numbers (at least 0) at [param key].
func whole_numbers(d: Dictionary, key: String, where: String = "") -> PackedInt64Array:
	var out := PackedInt64Array()
	var v: Variant = d.get(key)
	var ok := v is Array
	for n: Variant in v if ok else []:
		ok = ok and n is float and n == floorf(n) and n >= 0.0 and n < HUGE
		out.append(int(n) if ok else 0)
	if not ok:
		fail("%s is %s, not a list of whole numbers" % [_name(where, key), _text(v)])
	return out


## The vector [code][x, y, z][/code] of finite numbers at [param key].
func vector3(d: Dictionary, key: String, where: String = "") -> Vector3:
	var v: Variant = d.get(key)
	var ok: bool = v is Array and (v as Array).size() == 3
	for c: Variant in v if ok else []:
		ok = ok and c is float and is_finite(c) and absf(c) < HUGE
	if not ok:
		fail("%s is %s, not [x, y, z]" % [_name(where, key), _text(v)])
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


static func _name(where: String, key: String) -> String:
	return key if where.is_empty() else "%s.%s" % [where, key]


# A number in a message: as GDScript prints it, or in scientific notation when huge.
static func _num(v: float) -> String:
	return String.num_scientific(v) if absf(v) >= 1e15 else str(v)


static func _text(v: Variant) -> String:
	return "missing" if v == null else str(v)
