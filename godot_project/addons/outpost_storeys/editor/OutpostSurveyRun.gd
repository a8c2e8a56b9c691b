@tool
extends RefCounted
## A survey of the generator ([StoreySurvey]) run off the main thread, for the Outpost
## dock's Survey section: [method start] hands it to a [WorkerThreadPool] task that
## surveys [constant STEP] layouts at a time; the main thread calls [method poll] every
## frame (it reads the progress and, once the task has ended, emits [signal finished]);
## [method cancel] stops it at the next step. The [StoreySurvey] is touched by the task
## alone while it runs and by the main thread alone after it.

## The survey ended ([param cancelled]: stopped by [method cancel] before [member count]
## layouts). Emitted by [method poll], on the main thread.
signal finished(cancelled: bool)

## Layouts the task surveys between two looks at [method cancel].
const STEP := 20

## Layouts asked for by the last [method start].
var count := 0
## The settings' changes ([method StoreyGenerationSettings.get_changes]) of the last
## [method start], for the table's caption.
var settings_text := ""
## The survey of the last run, once it has finished (null before, and while it runs).
var survey: StoreySurvey

var _running: StoreySurvey
var _task := -1
var _waited := false
var _mutex := Mutex.new()
var _done := 0
var _cancelled := false


## Starts surveying [param layouts] layouts of the sweep from [param seed_value] with
## [param settings] (null: the reference's) on a worker thread. False (and nothing
## started) while a survey runs, or for settings out of range (the binding's error).
func start(settings: StoreyGenerationSettings, layouts: int, seed_value: int = 0) -> bool:
	if is_running() or layouts <= 0:
		return false
	var created := StoreySurvey.create(settings, seed_value)
	if created == null:
		return false
	_running = created
	survey = null
	count = layouts
	settings_text = "defaults" if settings == null else settings.get_changes()
	_mutex.lock()
	_done = 0
	_cancelled = false
	_mutex.unlock()
	_waited = false
	_task = WorkerThreadPool.add_task(_work.bind(created, layouts), false, "Outpost survey")
	return true


## True from [method start] until [method poll] has seen the task end.
func is_running() -> bool:
	return _task >= 0


## Layouts surveyed so far by the running (or last) survey.
func get_done() -> int:
	_mutex.lock()
	var done := _done
	_mutex.unlock()
	return done


## Asks the running survey to stop after its current step.
func cancel() -> void:
	_mutex.lock()
	_cancelled = true
	_mutex.unlock()


## Whether the last survey was cancelled.
func was_cancelled() -> bool:
	_mutex.lock()
	var cancelled := _cancelled
	_mutex.unlock()
	return cancelled


## Main thread, every frame while [method is_running]: once the task has ended, takes its
## survey into [member survey] (unless cancelled) and emits [signal finished]. Returns
## true on that call.
func poll() -> bool:
	if _task < 0 or not (_waited or WorkerThreadPool.is_task_completed(_task)):
		return false
	wait()
	_task = -1
	var cancelled := was_cancelled()
	survey = null if cancelled else _running
	_running = null
	finished.emit(cancelled)
	return true


## Blocks until the task has ended (for the dock leaving the editor); [method poll] still
## reports it.
func wait() -> void:
	if _task >= 0 and not _waited:
		WorkerThreadPool.wait_for_task_completion(_task)
		_waited = true


# The worker task: surveys `layouts` layouts STEP at a time, stopping when cancelled.
func _work(running: StoreySurvey, layouts: int) -> void:
	var done := 0
	while done < layouts and not was_cancelled():
		var step := mini(STEP, layouts - done)
		running.run(step)
		done += step
		_mutex.lock()
		_done = done
		_mutex.unlock()
