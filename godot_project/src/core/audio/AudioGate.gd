class_name AudioGate
extends RefCounted
## Whether sounds may start: open for the whole run until [method close] (before quitting)
## stops every sound in the tree and keeps new ones from starting. [AudioDirector] and the
## [code]SoundSystem[/code] autoload ask [method is_open] before they start a sound.
##
## Why: Godot 4.6 takes a stopped sound's playback off the [AudioServer]'s list only in a
## frame after a mix step (godotengine/godot#76745), so a sound still playing, or stopped
## less than a mix before, when the engine stops is reported as "ObjectDB instances leaked
## at exit". [method is_drained] tells when the last stop is safely behind.

static var _closed := false
static var _closed_at_usec := 0


## Whether sounds may start.
static func is_open() -> bool:
	return not _closed


## Stops every [AudioStreamPlayer], [AudioStreamPlayer2D] and [AudioStreamPlayer3D] under
## [param tree]'s root and keeps sounds from starting for the rest of the run.
static func close(tree: SceneTree) -> void:
	if not _closed:
		_closed = true
		_closed_at_usec = Time.get_ticks_usec()
	for type in ["AudioStreamPlayer", "AudioStreamPlayer2D", "AudioStreamPlayer3D"]:
		for player in tree.root.find_children("*", type, true, false):
			player.call(&"stop")


## Opens the gate again (a test that closed it).
static func reopen() -> void:
	_closed = false


## Whether the gate is closed and a mix step has run since (the sounds it stopped are off
## the [AudioServer]'s list after the next frame), or [param timeout] seconds passed (a
## driver that does not mix).
static func is_drained(timeout: float = 0.5) -> bool:
	if not _closed:
		return false
	var since_close := (Time.get_ticks_usec() - _closed_at_usec) / 1.0e6
	return AudioServer.get_time_since_last_mix() < since_close or since_close >= timeout
