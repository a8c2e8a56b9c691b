# gdlint:ignore = max-public-methods
# (A suite: one public method per test.)
@tool
extends "res://tests/editor/editor_suite_base.gd"
## The room painter's tests (the Outpost dock's Rooms section), run inside a headless
## editor by editor_test_plugin.gd (scripts/editor_tests.sh): a drag is one step of the
## editor's history that Ctrl+Z and Ctrl+Shift+Z undo and redo; saving writes NAME.tmp and
## renames it over the file (an unedited file comes back byte for byte, a failed save
## leaves the old one); the check messages follow the paint, on their cells; the preview's
## fit rate is the edited text's, and a stroke restarts it. Each test works in a folder of
## its own.

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
const RoomPreview := preload("res://addons/outpost_storeys/editor/rooms/RoomPreview.gd")
const RoomFiles := preload("res://addons/outpost_storeys/editor/rooms/RoomFiles.gd")
## Where the tests' rooms are written (in the copy of the project).
const ROOMS_DIR := "res://editor_test_rooms/"
## A room that passes the checks: optional, on UNDERGROUND storeys from depth 2.
const VAULT := (
	"name: vault\nstoreys: UNDERGROUND\ndepth: 2-\nmap:\n" + "###+###\n#.....#\n#.....#\n#######\n"
)

var _folder_count := 0


## The dock's Rooms section, showing a fresh folder holding [param files] (name -> text);
## the first file opened.
func _view(files: Dictionary) -> Node:
	var dock := _find_dock(EditorInterface.get_base_control())
	var view: Node = dock.find_child("RoomsView", true, false) if dock != null else null
	if not expect(view != null, "the dock has a Rooms section"):
		return null
	_folder_count += 1
	var folder := "%s%d_%d/" % [ROOMS_DIR, Time.get_ticks_msec(), _folder_count]
	DirAccess.make_dir_recursive_absolute(folder)
	for file: String in files:
		var out := FileAccess.open(folder.path_join(file), FileAccess.WRITE)
		out.store_buffer((files[file] as String).to_utf8_buffer())
		out.close()
	view.set_folder(folder)
	if not files.is_empty():
		view.open(folder.path_join(files.keys()[0]))
		view.preview.wait()
	return view


## The editor's global history (where the painter's actions go).
func _history() -> UndoRedo:
	var manager := EditorInterface.get_editor_undo_redo()
	return manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY)


## Drags over [param cells] of the painter with the left button, as a user does: a press
## on the first, motion over the rest, a release.
func _drag(view: Node, cells: Array[Vector2i]) -> void:
	var painter: Control = view.painter
	var press := InputEventMouseButton.new()
	press.button_index = MOUSE_BUTTON_LEFT
	press.pressed = true
	press.position = painter.point_of(cells[0])
	painter._gui_input(press)
	for cell in cells.slice(1):
		var motion := InputEventMouseMotion.new()
		motion.button_mask = MOUSE_BUTTON_MASK_LEFT
		motion.position = painter.point_of(cell)
		painter._gui_input(motion)
	var release := press.duplicate()
	release.pressed = false
	release.position = painter.point_of(cells[-1])
	painter._gui_input(release)


## The messages of [param view] about [param cell].
func _messages_on(view: Node, cell: Vector2i) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	for message: Dictionary in view.get_messages():
		if message.cell == cell:
			out.append(message)
	return out


func test_the_rooms_section_lists_a_folders_room_files_and_opens_one() -> bool:
	var view := await _view({"vault.room": VAULT, "b.room": VAULT.replace("vault", "b")})
	if view == null:
		return ok()
	expect_eq(view.get_files(), PackedStringArray(["b.room", "vault.room"]), "the .room files")
	expect(view.path.ends_with("/vault.room"), "vault.room is open: %s" % view.path)
	expect_eq(view.room.get_rows()[0], "###+###", "its map")
	expect_eq(view.get_header().control_of("name").text, "vault", "its name in the header")
	expect(view.get_messages().is_empty(), "no message: %s" % [view.get_messages()])
	return ok()


func test_the_default_folder_is_the_projects_folder_of_room_files() -> bool:
	expect_eq(RoomFiles.find_rooms_folder(), "res://data/outpost/rooms/", "the game's rooms")
	var empty := "%sempty_%d/" % [ROOMS_DIR, Time.get_ticks_msec()]
	DirAccess.make_dir_recursive_absolute(empty)
	expect_eq(RoomFiles.find_rooms_folder(empty), RoomFiles.DEFAULT_FOLDER, "none: the default")
	return ok()


func test_a_drag_paints_every_cell_it_crosses_and_is_one_undo_step() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	var history := _history()
	var count := history.get_history_count()
	view.set_glyph("?")
	_drag(view, [Vector2i(1, 1), Vector2i(2, 1), Vector2i(3, 1), Vector2i(3, 2)])
	var painted: String = view.room.text
	expect_eq(view.room.get_rows()[1], "#???..#", "row 1 painted")
	expect_eq(view.room.get_rows()[2], "#..?..#", "row 2 painted")
	expect_eq(history.get_history_count(), count + 1, "the drag is one step")
	expect_eq(history.get_current_action_name(), "Outpost: paint room", "its name")
	history.undo()
	expect_eq(view.room.text, VAULT, "undo: the text as it was")
	history.redo()
	expect_eq(view.room.text, painted, "redo: the paint again")
	return ok()


func test_a_fast_drag_paints_the_cells_between_two_motion_events() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	view.set_glyph("?")
	_drag(view, [Vector2i(1, 1), Vector2i(5, 2)])
	expect_eq(view.room.get_rows()[1], "#??...#", "row 1: the line's first cells")
	expect_eq(view.room.get_rows()[2], "#..???#", "row 2: its last cells")
	return ok()


func test_ctrl_z_and_ctrl_shift_z_undo_and_redo_a_stroke() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	# A header field holding the focus would take Ctrl+Z as its own undo: a stroke takes
	# the focus.
	var weight: LineEdit = view.get_header().control_of("weight")
	weight.grab_focus()
	expect(weight.has_focus(), "the weight field has the focus")
	view.set_glyph("B")
	_drag(view, [Vector2i(5, 2)])
	expect_eq(view.room.get_glyph(Vector2i(5, 2)), "B", "painted")
	expect(not weight.has_focus(), "the stroke took the focus")
	await _press_ctrl_z()
	expect_eq(view.room.text, VAULT, "Ctrl+Z")
	await _press_ctrl_z(true)
	expect_eq(view.room.get_glyph(Vector2i(5, 2)), "B", "Ctrl+Shift+Z")
	return ok()


func test_a_header_field_and_a_resize_are_each_one_undo_step() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	var history := _history()
	var count := history.get_history_count()
	var weight: LineEdit = view.get_header().control_of("weight")
	weight.text = "5"
	weight.text_submitted.emit("5")
	expect(view.room.text.contains("depth: 2-\nweight: 5\nmap:\n"), "weight: %s" % view.room.text)
	(view.get_header().control_of("GROUND_FLOOR") as CheckBox).button_pressed = true
	expect_eq(view.room.get_value("storeys"), "GROUND_FLOOR, UNDERGROUND", "storeys")
	view.resize_map(Vector2i(9, 5))
	expect_eq(
		view.room.get_rows(),
		PackedStringArray(["###+#####", "#.......#", "#.......#", "#.......#", "#########"]),
		"resized: old cells kept, new floor inside a new wall"
	)
	expect_eq(history.get_history_count(), count + 3, "three steps")
	history.undo()
	history.undo()
	expect(not view.room.text.contains("GROUND_FLOOR"), "undo: the storeys as they were")
	history.undo()
	expect_eq(view.room.text, VAULT, "undo: the text as it was")
	return ok()


func test_saving_writes_a_tmp_file_then_renames_it_over_the_file() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	var file: String = view.path
	# A hard link keeps the old file's bytes when a new file is renamed over the path; a
	# file rewritten in place would change both names.
	var link := ProjectSettings.globalize_path(file + ".link")
	var linked := OS.execute("ln", [ProjectSettings.globalize_path(file), link])
	view.set_glyph("B")
	view.paint([Vector2i(5, 2)] as Array[Vector2i])
	expect(view.is_dirty(), "edited")
	expect(view.save(), "saved: %s" % view.get_status())
	expect_eq(FileAccess.get_file_as_string(file), view.room.text, "the file holds the paint")
	expect(not FileAccess.file_exists(file + RoomFiles.TMP_SUFFIX), "no tmp file is left")
	if expect_eq(linked, 0, "ln"):
		expect_eq(FileAccess.get_file_as_string(link), VAULT, "a new file was renamed over it")
	expect(not view.is_dirty(), "clean after the save")
	return ok()


func test_an_unedited_file_is_saved_byte_for_byte() -> bool:
	# CRLF, a blank header line, spaces around a value and blank lines after the map: none
	# of it is the painter's to change.
	var odd := (
		"name:  vault\r\n\r\nstoreys: UNDERGROUND\r\ndepth: 2-\r\nmap:\r\n"
		+ "###+###\r\n#.....#\r\n#######\r\n\r\n\r\n"
	)
	var view := await _view({"vault.room": odd})
	if view == null:
		return ok()
	expect(not view.is_dirty(), "opened clean")
	expect(view.save(), "saved")
	expect_eq(FileAccess.get_file_as_bytes(view.path), odd.to_utf8_buffer(), "the same bytes")
	view.set_glyph("?")
	view.paint([Vector2i(2, 1)] as Array[Vector2i])
	expect(view.save(), "saved again")
	var want := odd.replace("#.....#", "#.?...#")
	expect_eq(FileAccess.get_file_as_string(view.path), want, "one cell changed, CRLF kept")
	view.set_value("weight", "5")
	view.resize_map(Vector2i(8, 3))
	expect(view.save(), "saved a third time")
	want = want.replace("depth: 2-\r\n", "depth: 2-\r\nweight: 5\r\n")
	want = want.replace("###+###\r\n#.?...#\r\n", "###+####\r\n#.?....#\r\n")
	want = want.replace("#######\r\n\r\n", "########\r\n\r\n")
	expect_eq(FileAccess.get_file_as_string(view.path), want, "a header line and a resize, CRLF")
	return ok()


func test_a_failed_save_leaves_the_old_file_whole() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	# A folder where the tmp file would go: it cannot be written.
	DirAccess.make_dir_recursive_absolute(view.path + RoomFiles.TMP_SUFFIX)
	view.set_glyph("?")
	view.paint([Vector2i(1, 1)] as Array[Vector2i])
	expect(not view.save(), "the save fails")
	expect(view.get_status().begins_with("Not saved"), "the status says so: %s" % view.get_status())
	expect_eq(FileAccess.get_file_as_string(view.path), VAULT, "the old file is whole")
	expect(view.is_dirty(), "the edit is still there to save")
	return ok()


func test_the_check_messages_follow_the_paint_each_on_its_cell() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	view.set_glyph("+")
	view.paint([Vector2i(0, 0)] as Array[Vector2i])
	var corner := _messages_on(view, Vector2i(0, 0))
	expect(
		corner.size() == 1 and corner[0].message.contains("is on a corner"),
		"a doorway on the corner, on its cell: %s" % [view.get_messages()]
	)
	expect_eq(corner[0].get("severity") if not corner.is_empty() else "", "error", "an error")
	expect(view.painter.messages == view.get_messages(), "the painter frames them")
	view.set_glyph("B")
	view.paint([Vector2i(6, 2)] as Array[Vector2i])
	expect_eq(_messages_on(view, Vector2i(6, 2)).size(), 1, "a beacon on the ring, on its cell")
	var shown: Node = view.find_child("RoomMessages", true, false)
	var texts := shown.get_children().map(func(l: Label) -> String: return l.text)
	expect(
		texts.any(func(t: String) -> bool: return t.begins_with("error at (0, 0): ")),
		"the list names the cell: %s" % [texts]
	)
	expect(view.preview.get_status().begins_with("No new preview"), "none with errors")
	_history().undo()
	_history().undo()
	expect(view.get_messages().is_empty(), "undo: no message again")
	view.preview.wait()
	return ok()


func test_a_name_given_twice_in_the_folder_is_shown() -> bool:
	var view := await _view({"vault.room": VAULT, "z.room": VAULT})
	if view == null:
		return ok()
	view.open(view.folder.path_join("z.room"))
	var names: Array = view.get_messages().filter(
		func(m: Dictionary) -> bool: return m.message.contains("is also the name of")
	)
	expect_eq(names.size(), 1, "the duplicate name: %s" % [view.get_messages()])
	expect_eq(names[0].cell if not names.is_empty() else null, Vector2i(-1, -1), "on no cell")
	return ok()


func test_a_folder_that_does_not_exist_lists_nothing_and_logs_nothing() -> bool:
	# A fresh project without rooms: the default folder is not there yet (an error line
	# in the editor's log before; the packaged addon's fresh-project check caught it).
	var view := await _view({})
	if view == null:
		return ok()
	var missing := "%smissing_%d/" % [ROOMS_DIR, Time.get_ticks_msec()]
	view.set_folder(missing)
	expect_eq(view.get_files(), PackedStringArray(), "no file")
	var path: String = view.new_room("first")
	expect(path == missing + "first.room" and FileAccess.file_exists(path), "New room makes it")
	view.preview.wait()
	return ok()


func test_new_room_writes_a_room_that_passes_the_checks() -> bool:
	var view := await _view({})
	if view == null:
		return ok()
	var path: String = view.new_room("lab")
	expect(path.ends_with("/lab.room") and FileAccess.file_exists(path), "written: %s" % path)
	expect_eq(view.path, path, "and opened")
	expect(view.get_messages().is_empty(), "no message: %s" % [view.get_messages()])
	expect_eq(view.new_room("Lab Two"), "", "a bad name is refused")
	expect(view.get_status().contains("a-z, 0-9"), "and named: %s" % view.get_status())
	expect_eq(view.new_room("lab"), "", "an existing file is not overwritten")
	view.preview.wait()
	return ok()


func test_the_preview_fit_rate_is_computed_from_the_edited_text() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	var first: Dictionary = view.preview.get_result()
	expect(first.get("surveyed", 0) == RoomPreview.SURVEY_COUNT, "a survey: %s" % [first])
	expect(first.get("fit_rate", 0.0) > 0.5, "the vault fits most storeys: %s" % [first])
	view.set_value("chance", "0")
	view.preview.wait()
	var edited: Dictionary = view.preview.get_result()
	expect_eq(edited.get("text"), view.room.text, "the survey is of the edited text")
	expect_eq(edited.get("fit_rate"), 0.0, "chance 0: never placed")
	view.resize_map(Vector2i(11, 6))
	view.set_value("chance", "")
	view.preview.wait()
	var job := RoomPreview.make_job("vault.room", view.room.text)
	RoomPreview.run_job(job)
	var result: Dictionary = view.preview.get_result()
	expect_eq(result.get("text"), view.room.text, "the survey is of the resized text")
	expect_eq(result.get("placed"), job.placed, "the same count as a survey of the text now")
	expect_eq(result.get("failed"), 0, "every storey of the band made (a tall room too)")
	var pictures: Node = view.preview.find_child("Storeys", true, false)
	expect_eq(pictures.get_child_count(), mini(job.placed, RoomPreview.SHOWN), "storeys shown")
	return ok()


func test_a_stroke_cancels_and_restarts_a_running_preview() -> bool:
	var view := await _view({"vault.room": VAULT})
	if view == null:
		return ok()
	var preview: Node = view.preview
	var started: int = preview.started
	var cancelled: int = preview.cancelled
	view.set_value("weight", "3")
	expect(preview.is_running(), "the header change started a survey")
	view.set_glyph("?")
	_drag(view, [Vector2i(1, 1), Vector2i(1, 2)])
	expect_eq(preview.cancelled, cancelled + 1, "the stroke cancelled the running survey")
	preview.wait()
	expect_eq(preview.started, started + 2, "and started one of its own")
	expect_eq(preview.get_result().get("text"), view.room.text, "shown: the stroke's text")
	return ok()
