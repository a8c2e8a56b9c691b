extends RefCounted
## Runs physics faster than real time without changing a tick: `factor` times more
## ticks per second with `time_scale` = `factor`, so each tick still advances 1/60 s of
## game time (the physics step and `delta` are 1/60) but a test waits `factor` times less.
## Always pair `start()` with `stop()`.

const TICKS := 60


## Ticks `factor` times faster than real time.
static func start(factor: int) -> void:
	Engine.physics_ticks_per_second = TICKS * factor
	Engine.time_scale = float(factor)
	Engine.max_physics_steps_per_frame = maxi(8, factor)


## Back to the project's 60 ticks per second in real time.
static func stop() -> void:
	Engine.physics_ticks_per_second = TICKS
	Engine.time_scale = 1.0
	Engine.max_physics_steps_per_frame = 8
