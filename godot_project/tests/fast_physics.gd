extends RefCounted
## Runs physics faster than real time without changing a tick: `factor` times more
## ticks per second with `time_scale` = `factor`, so each tick still advances 1/60 s of
## game time (the physics step and `delta` are 1/60) but a test waits `factor` times less.
## Always pair `start()` with `stop()`: `stop()` goes back to the pace the running suite
## asked for (its `speed_up`, set by the runner through `set_pace()`).

## The game's ticks per second of game time.
const TICKS := 60

static var _pace := 1


## Ticks `factor` times faster than real time.
static func start(factor: int) -> void:
	Engine.physics_ticks_per_second = TICKS * factor
	Engine.time_scale = float(factor)
	Engine.max_physics_steps_per_frame = maxi(8, factor)


## Back to the running suite's pace: 1 (the project's 60 ticks per second in real time)
## outside the suites.
static func stop() -> void:
	start(_pace)


## Makes `factor` the pace `stop()` goes back to, and ticks at it now.
static func set_pace(factor: int) -> void:
	_pace = factor
	start(factor)
