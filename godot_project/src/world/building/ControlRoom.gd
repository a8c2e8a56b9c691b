class_name ControlRoom
extends RefCounted
## Where the underground storey's control room and its console are, by a fixed rule of the
## layout alone (so a save game and a fresh build agree). The designed control room first:
## the placed room named [method StoreyRoomSet.get_control_room_name] (the game's
## `control_room.room`), whose console stands on its one console marker `c`. Without one
## (a set without a usable control room, a save of a format before rooms), the largest
## room by area, the first in [member StoreyLayout.rooms] order among equals, with the
## console on the room's EMPTY cell nearest the room's centre cell (Manhattan distance,
## then the lowest column, then the lowest row).


## The placed control room of [param layout] ([member StoreyLayout.placed_rooms]'s entry),
## or an empty Dictionary.
static func designed(layout: StoreyLayout) -> Dictionary:
	var name := StoreyRoomSet.get_control_room_name()
	for placed: Dictionary in layout.placed_rooms:
		if placed.get("name", "") == name:
			return placed
	return {}


## The control room of [param layout] (Rect2i() if it has no room).
static func room(layout: StoreyLayout) -> Rect2i:
	var placed := designed(layout)
	if not placed.is_empty():
		return placed["rect"]
	var best := Rect2i()
	for candidate in layout.rooms:
		if candidate.get_area() > best.get_area():
			best = candidate
	return best


## The console's cell in [param layout]; (-1, -1) if the control room has no EMPTY cell.
static func console_cell(layout: StoreyLayout) -> Vector2i:
	var placed := designed(layout)
	var markers: Dictionary = placed.get("markers", {})
	var consoles: Array = markers.get(StoreyRoomSet.get_console_marker(), [])
	if consoles.size() == 1:
		return consoles[0]
	var control := room(layout)
	var centre := control.position + (control.size - Vector2i.ONE) / 2
	var best := Vector2i(-1, -1)
	var best_distance := 1 << 30
	for x in range(control.position.x, control.end.x):
		for y in range(control.position.y, control.end.y):
			var c := Vector2i(x, y)
			var distance := absi(c.x - centre.x) + absi(c.y - centre.y)
			if layout.get_cell(c) == StoreyLayout.CellType.EMPTY and distance < best_distance:
				best = c
				best_distance = distance
	return best
