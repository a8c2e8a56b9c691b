@tool
extends VBoxContainer
## The room painter's preview: a quick survey of one room, run on a copy of its text off
## the main thread (a [WorkerThreadPool] task calling
## [method StoreyGenerator.generate_with] with a [StoreyRoomSet] of that text alone). It
## generates [constant SURVEY_COUNT] storeys of the room's band (its storey types, up to
## [constant DEPTHS] depths from the band's first and its levels, seeds 0, 1, 2...), and
## shows the room's fit rate (the share of them it was placed in, its chance roll
## included) and the first [constant SHOWN] storeys holding it, the room outlined.
## [method start] while a survey runs cancels it (at its next storey) and starts again
## with the new text once it has stopped: a stroke restarts the preview.

## A survey ended and its result is shown ([method get_result]).
signal previewed(result: Dictionary)

const RoomText := preload("res://addons/outpost_storeys/editor/rooms/RoomText.gd")
## Storeys a preview generates.
const SURVEY_COUNT := 200
## Depths of the band surveyed, from its first.
const DEPTHS := 3
## Storeys holding the room that are shown.
const SHOWN := 3
## Pixels per cell of the storeys shown.
const CELL_PX := 5
## The colour of the room's outline in the storeys shown.
const OUTLINE := Color.WHITE

## Surveys started, cancelled ones included.
var started := 0
## Surveys cancelled by a newer [method start].
var cancelled := 0

var _job: Dictionary = {}
var _task := -1
var _waited := false
var _pending: Array = []
var _result: Dictionary = {}
var _status: Label
var _pictures: HFlowContainer


func _init() -> void:
	name = "RoomPreview"
	_status = Label.new()
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_status.text = "The preview follows the room once it has no error."
	add_child(_status)
	_pictures = HFlowContainer.new()
	_pictures.name = "Storeys"
	add_child(_pictures)
	set_process(false)


func _process(_delta: float) -> void:
	poll()


func _exit_tree() -> void:
	_pending = []
	if not _job.is_empty():
		_cancel(_job)
		if not _waited:
			WorkerThreadPool.wait_for_task_completion(_task)
		_job = {}


## Surveys the room of [param text] (its file name [param file], as the check messages
## name it) off the main thread; a survey running is cancelled first and this one starts
## when it has stopped.
func start(file: String, text: String) -> void:
	if not _job.is_empty():
		_cancel(_job)
		cancelled += 1
		_pending = [file, text]
		_status.text = "Surveying again (the room changed)..."
		return
	_launch(file, text)


## Says [param why] there is no new preview (a room with errors), dropping any survey;
## the storeys of the last survey stay, said to be of the room before.
func clear(why: String) -> void:
	if not _job.is_empty():
		_cancel(_job)
		cancelled += 1
	_pending = []
	if _pictures.get_child_count() > 0:
		why += " The storeys below hold the room as it was before."
	_status.text = why


## Whether a survey runs (or waits to start).
func is_running() -> bool:
	return not _job.is_empty() or not _pending.is_empty()


## The last finished survey: [code]text[/code] (what was surveyed), [code]surveyed[/code]
## (storeys), [code]placed[/code] (those holding the room), [code]failed[/code] (storeys
## that could not be made), [code]fit_rate[/code] (placed / surveyed), [code]usec[/code]
## (the survey's time) and [code]layouts[/code] (the first storeys holding it). Empty
## before one.
func get_result() -> Dictionary:
	return _result


## What the preview says.
func get_status() -> String:
	return _status.text


## Main thread, every frame while a survey runs: once it has ended, shows it (or starts
## the pending one). True when a result was shown.
func poll() -> bool:
	if _job.is_empty() or not (_waited or WorkerThreadPool.is_task_completed(_task)):
		return false
	if not _waited:
		WorkerThreadPool.wait_for_task_completion(_task)
	var job := _job
	_job = {}
	if not _pending.is_empty():
		var next: Array = _pending
		_pending = []
		_launch(next[0], next[1])
		return false
	set_process(false)
	if job.cancelled:
		return false
	_result = {
		"text": job.text,
		"surveyed": job.surveyed,
		"placed": job.placed,
		"failed": job.failed,
		"fit_rate": float(job.placed) / maxi(job.surveyed, 1),
		"usec": job.usec,
		"layouts": job.layouts,
	}
	_status.text = (
		"Fit: placed in %d of %d storeys of its band (%d %%, its chance roll included)%s; %.2f s."
		% [
			job.placed,
			job.surveyed,
			roundi(100.0 * _result.fit_rate),
			", %d could not be made" % job.failed if job.failed > 0 else "",
			job.usec / 1e6,
		]
	)
	_show_pictures(job.layouts)
	previewed.emit(_result)
	return true


## Blocks until the running survey (and a pending one) has ended, then shows it (for
## tests and for leaving the editor).
func wait() -> void:
	while not _job.is_empty():
		if not _waited:
			WorkerThreadPool.wait_for_task_completion(_task)
			_waited = true
		poll()


## The storeys a survey of [param room] generates: [code][seed, depth, level, type][/code]
## over the band of its header ([constant SURVEY_COUNT] of them; none without a storey
## type).
static func requests_of(room: RoomText) -> Array[Array]:
	var types: Array[int] = []
	var type_names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
	for item in room.get_value("storeys").split(","):
		var index := type_names.find(item.strip_edges())
		if index >= 0:
			types.append(index)
	var depth := _band(room.get_value("depth"), 1, 1 + DEPTHS - 1)
	var level := _band(room.get_value("level"), 1, 4)
	var combos: Array[Array] = []
	for t in types:
		for d in range(depth.x, mini(depth.y, depth.x + DEPTHS - 1) + 1):
			for l in range(level.x, mini(level.y, 4) + 1):
				combos.append([d, l, t])
	var out: Array[Array] = []
	if combos.is_empty():
		return out
	for i in SURVEY_COUNT:
		var combo: Array = combos[i % combos.size()]
		out.append([i, combo[0], combo[1], combo[2]])
	return out


## A survey of the room of [param text] (its file name [param file]), ready for
## [method run_job]: the settings with a [StoreyRoomSet] of that text alone, the requests
## of [method requests_of], and its counts at zero.
static func make_job(file: String, text: String) -> Dictionary:
	var settings := StoreyGenerationSettings.new()
	settings.room_set = StoreyRoomSet.from_texts({file: text})
	var names := settings.room_set.get_names()
	return {
		"text": text,
		"room_name": names[0] if not names.is_empty() else "",
		"settings": settings,
		"requests": requests_of(RoomText.new(text)),
		"mutex": Mutex.new(),
		"cancelled": false,
		"surveyed": 0,
		"placed": 0,
		"failed": 0,
		"usec": 0,
		"layouts": [],
	}


func _launch(file: String, text: String) -> void:
	var job := make_job(file, text)
	started += 1
	_status.text = "Surveying %d storeys of its band..." % job.requests.size()
	_job = job
	_waited = false
	_task = WorkerThreadPool.add_task(run_job.bind(job), false, "Outpost room preview")
	set_process(true)


## Generates the storeys of [param job] ([method make_job]) until done or cancelled,
## counting those holding the room: the worker task's body (the main thread reads the
## counts after it has ended), or a survey on the calling thread.
static func run_job(job: Dictionary) -> void:
	var begun := Time.get_ticks_usec()
	for request: Array in job.requests:
		job.mutex.lock()
		var stop: bool = job.cancelled
		job.mutex.unlock()
		if stop:
			return
		var layout := StoreyGenerator.generate_with(
			job.settings, request[0], request[1], request[2], Vector2i(-1, -1), request[3]
		)
		var holds := false
		for placed: Dictionary in layout.placed_rooms if layout != null else []:
			holds = holds or placed.get("name") == job.room_name
		job.mutex.lock()
		job.surveyed += 1
		job.failed += 1 if layout == null else 0
		if holds:
			job.placed += 1
			if job.layouts.size() < SHOWN:
				job.layouts.append(layout)
		job.mutex.unlock()
	job.mutex.lock()
	job.usec = Time.get_ticks_usec() - begun
	job.mutex.unlock()


static func _cancel(job: Dictionary) -> void:
	job.mutex.lock()
	job.cancelled = true
	job.mutex.unlock()


# A band "3", "2-4", "2-" or "" as (first, last); [param open_end] is the last of an open
# band, [param lo] the first of an empty one.
static func _band(value: String, lo: int, open_end: int) -> Vector2i:
	if value.is_empty():
		return Vector2i(lo, open_end)
	var parts := value.split("-")
	var first := maxi(int(parts[0]), lo)
	if parts.size() == 1:
		return Vector2i(first, first)
	var last: int = (
		int(parts[1]) if not parts[1].strip_edges().is_empty() else first + open_end - lo
	)
	return Vector2i(first, maxi(last, first))


func _show_pictures(layouts: Array) -> void:
	for child in _pictures.get_children():
		_pictures.remove_child(child)
		child.queue_free()
	for layout: StoreyLayout in layouts:
		var picture := StoreyPicture.image(layout, CELL_PX)
		if picture == null:
			continue
		for placed: Dictionary in layout.placed_rooms:
			var rect: Rect2i = placed.get("rect", Rect2i())
			var r := Rect2i(rect.position * CELL_PX, rect.size * CELL_PX)
			for edge in [
				Rect2i(r.position, Vector2i(r.size.x, 1)),
				Rect2i(r.position + Vector2i(0, r.size.y - 1), Vector2i(r.size.x, 1)),
				Rect2i(r.position, Vector2i(1, r.size.y)),
				Rect2i(r.position + Vector2i(r.size.x - 1, 0), Vector2i(1, r.size.y)),
			]:
				picture.fill_rect(edge, OUTLINE)
		var view := TextureRect.new()
		view.texture = ImageTexture.create_from_image(picture)
		view.tooltip_text = (
			"seed %d, depth %d, level %d, %s"
			% [
				layout.seed_value,
				layout.storey_depth,
				layout.outpost_level,
				ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")[
					layout.storey_type
				],
			]
		)
		_pictures.add_child(view)
