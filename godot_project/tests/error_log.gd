extends Logger
## Records every error and warning the engine logs (push_error, push_warning, script
## errors, errors from the extension), so the test runner can fail a test on one it did
## not expect. Loggers are called from any thread, hence the mutex.

var _mutex := Mutex.new()
var _entries := PackedStringArray()


func _log_error(
	_function: String,
	_file: String,
	_line: int,
	code: String,
	rationale: String,
	_editor_notify: bool,
	error_type: int,
	_script_backtraces: Array[ScriptBacktrace]
) -> void:
	# The engine's own log line shows the rationale if there is one, else the code.
	var text := rationale if not rationale.is_empty() else code
	var kind := "WARNING" if error_type == ERROR_TYPE_WARNING else "ERROR"
	if error_type == ERROR_TYPE_SCRIPT:
		kind = "SCRIPT ERROR"
	_mutex.lock()
	_entries.append("%s: %s" % [kind, text.get_slice("\n", 0)])
	_mutex.unlock()


## Returns the entries logged since the last call and forgets them. Each reads like the
## engine's own log line: "ERROR: <message>", "WARNING: ..." or "SCRIPT ERROR: ...".
func take() -> PackedStringArray:
	_mutex.lock()
	var out := _entries
	_entries = PackedStringArray()
	_mutex.unlock()
	return out
