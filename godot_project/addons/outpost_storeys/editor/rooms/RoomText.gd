@tool
extends RefCounted
## The text of a `.room` file as the room painter edits it: the text is the source of
## truth, and every edit changes only the characters it is about (a map cell, a header
## line, the rows of a resize), keeping the file's line ends (LF or CRLF), its other lines
## and its end, so an unedited file is written back byte for byte and an edited one diffs
## as little as the edit. Reads what the core's parser reads (docs/designer.md); it never
## decides what is valid: [method StoreyRoomSet.check_texts] does.

## Emitted after every change of [member text] ([method set_text] and the edits).
signal changed

## The header keys, in the order the format lists them (the core's `KEYS`).
const KEYS: Array[String] = [
	"name", "storeys", "depth", "level", "weight", "chance", "count", "unique", "rotate"
]
## The glyphs the painter offers, with what they become.
const GLYPHS := {
	"#": "wall",
	".": "floor",
	"B": "beacon",
	"O": "shaft",
	"+": "doorway",
	"?": "open (the BSP pass decides)",
}

## The file's whole text.
var text := ""


func _init(initial := "") -> void:
	text = initial


## Replaces the whole text (what undo and redo call).
func set_text(value: String) -> void:
	if value == text:
		return
	text = value
	changed.emit()


## The map's rows, without line ends (empty without a `map:` line).
func get_rows() -> PackedStringArray:
	var lines := _lines()
	var span := _map_span(lines)
	var rows := PackedStringArray()
	for i in range(span.x, span.y):
		rows.append(_strip_cr(lines[i]))
	return rows


## The map's size in cells (columns of its first row, rows).
func get_size() -> Vector2i:
	var rows := get_rows()
	return Vector2i(rows[0].length() if not rows.is_empty() else 0, rows.size())


## The glyph at map cell [param cell] ("" outside the map).
func get_glyph(cell: Vector2i) -> String:
	var rows := get_rows()
	if cell.y < 0 or cell.y >= rows.size() or cell.x < 0 or cell.x >= rows[cell.y].length():
		return ""
	return rows[cell.y][cell.x]


## Puts [param glyph] (one character) at map cell [param cell]. False (nothing changed)
## outside the map or when the cell holds it already.
func set_glyph(cell: Vector2i, glyph: String) -> bool:
	var lines := _lines()
	var span := _map_span(lines)
	var index := span.x + cell.y
	if glyph.length() != 1 or cell.y < 0 or index >= span.y or cell.x < 0:
		return false
	var row := _strip_cr(lines[index])
	if cell.x >= row.length() or row[cell.x] == glyph:
		return false
	row[cell.x] = glyph
	lines[index] = row + _cr(lines[index])
	set_text("\n".join(lines))
	return true


## Resizes the map to [param size] (at least 3 x 3), its wall moving with its edges: the
## outer ring keeps its glyphs (a doorway in the right wall stays in the right wall), the
## cells inside keep theirs, new cells inside are floor and new ring cells wall. False when
## nothing changed.
func resize(size: Vector2i) -> bool:
	size = size.max(Vector2i(3, 3))
	var old := get_rows()
	if old.is_empty() or size == get_size():
		return false
	var lines := _lines()
	var span := _map_span(lines)
	var eol := _eol(lines)
	var rows := PackedStringArray()
	for y in size.y:
		var row := ""
		for x in size.x:
			row += _resized_glyph(old, size, Vector2i(x, y))
		rows.append(row + eol)
	var out := lines.slice(0, span.x)
	out.append_array(rows)
	out.append_array(lines.slice(span.y))
	set_text("\n".join(out))
	return true


## The value of header key [param key] as written ("" when the line is absent).
func get_value(key: String) -> String:
	var index := _key_line(_lines(), key)
	if index < 0:
		return ""
	var line := _strip_cr(_lines()[index])
	return line.substr(line.find(":") + 1).strip_edges()


## Sets header key [param key] to [param value]: its line is rewritten in place, or added
## just before `map:`; an empty [param value] removes the line (the key's default). False
## when nothing changed (an unknown key, or the same value).
func set_value(key: String, value: String) -> bool:
	value = value.strip_edges()
	if key not in KEYS or value == get_value(key) and (value != "" or _key_line(_lines(), key) < 0):
		return false
	var lines := _lines()
	var index := _key_line(lines, key)
	var eol := _eol(lines)
	if value.is_empty():
		lines.remove_at(index)
	elif index >= 0:
		lines[index] = "%s: %s%s" % [key, value, _cr(lines[index])]
	else:
		var at := _map_span(lines).x - 1
		if at < 0:
			at = lines.size()
		lines.insert(at, "%s: %s%s" % [key, value, eol])
	set_text("\n".join(lines))
	return true


## The text of a new room called [param room_name]: on UPPER_FLOOR and UNDERGROUND
## storeys from depth 2, a 7 x 5 map of floor with one doorway; it passes the checks.
static func new_room_text(room_name: String) -> String:
	var rows := ["###+###", "#.....#", "#.....#", "#.....#", "#######"]
	return (
		"name: %s\nstoreys: UPPER_FLOOR, UNDERGROUND\ndepth: 2-\nmap:\n%s\n"
		% [room_name, "\n".join(rows)]
	)


# The glyph at `cell` of the map `old` resized to `size`: the right column and the
# bottom row are the old ones, moved; every other cell keeps its place while it lies
# within the old map's span; corners are wall, new ring cells wall, new inside floor.
static func _resized_glyph(old: PackedStringArray, size: Vector2i, cell: Vector2i) -> String:
	var old_size := Vector2i(old[0].length(), old.size())
	var right := cell.x == size.x - 1
	var bottom := cell.y == size.y - 1
	if (cell.x == 0 or right) and (cell.y == 0 or bottom):
		return "#"
	var at := Vector2i(old_size.x - 1 if right else cell.x, old_size.y - 1 if bottom else cell.y)
	if (right or cell.x < old_size.x - 1) and (bottom or cell.y < old_size.y - 1):
		return old[at.y][at.x]
	return "#" if cell.x == 0 or cell.y == 0 or right or bottom else "."


func _lines() -> PackedStringArray:
	return text.split("\n")


# The map's rows as [first, end) line indices: the lines after `map:`, up to the last
# line that is not blank; (0, 0) without a `map:` line.
func _map_span(lines: PackedStringArray) -> Vector2i:
	var map_index := _key_line(lines, "map")
	if map_index < 0:
		return Vector2i.ZERO
	var end := lines.size()
	while end > map_index + 1 and _strip_cr(lines[end - 1]).strip_edges().is_empty():
		end -= 1
	return Vector2i(map_index + 1, end)


# The index of the header line of `key` (or of `map:`), -1 if none.
func _key_line(lines: PackedStringArray, key: String) -> int:
	for i in lines.size():
		var line := _strip_cr(lines[i])
		var colon := line.find(":")
		if colon < 0:
			continue
		var name := line.substr(0, colon).strip_edges()
		if name == key:
			return i
		if name == "map":
			return -1
	return -1


# The file's line end after the "\n": "\r" for a CRLF file.
func _eol(lines: PackedStringArray) -> String:
	return "\r" if not lines.is_empty() and lines[0].ends_with("\r") else ""


static func _strip_cr(line: String) -> String:
	return line.trim_suffix("\r")


static func _cr(line: String) -> String:
	return "\r" if line.ends_with("\r") else ""
