class_name ControlRoom
extends RefCounted
## Where the underground storey's control room and its console are, by a fixed rule of the
## layout alone (so a save game and a fresh build agree): the control room is the largest
## room by area, the first in [member StoreyLayout.rooms] order among equals; the console
## stands on the room's EMPTY cell nearest the room's centre cell (Manhattan distance,
## then the lowest column, then the lowest row).


## The control room of [param layout] (Rect2i() if it has no room).
static func room(layout: StoreyLayout) -> Rect2i:
	var best := Rect2i()
	for candidate in layout.rooms:
		if candidate.get_area() > best.get_area():
			best = candidate
	return best


## The console's cell in [param layout]; (-1, -1) if the control room has no EMPTY cell.
static func console_cell(layout: StoreyLayout) -> Vector2i:
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
