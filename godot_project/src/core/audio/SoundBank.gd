class_name SoundBank
extends RefCounted
## Every sound of the game, synthesised in code: no audio file is shipped or loaded. Each
## sound is a mono 16-bit PCM [AudioStreamWAV] at [constant MIX_RATE] Hz (the bytes written
## with [method PackedByteArray.encode_s16]), made the first time [method get_sound] asks
## for it and cached for the rest of the run ([method build_all] makes them all at once;
## the [code]SoundSystem[/code] autoload makes them ahead, one per frame, from the start).
##
## Deterministic: noise comes from a [RandomNumberGenerator] with a fixed seed per sound,
## never from the global generator, so the same build gives the same bytes on every run.
## Each sound is normalised to its own peak ([constant PEAKS]), which sets its loudness
## against the others at equal bus volumes: the frequent ones (shots, hits) are the softest,
## the rare ones (a tower destroyed, the stingers) the loudest, the alarm's sustained beeps
## low in peak, the ambient bed quietest.
## [br]- [code]shot_low[/code]: a low tower's shot (it needs a clear line): a short bright
##   zap falling from 1.6 kHz.
## [br]- [code]shot_high[/code]: a high tower's shot (it fires over walls): a longer dark
##   thump falling from 210 Hz, with a whoosh.
## [br]- [code]hit[/code]: a shot landing: a short bright tick.
## [br]- [code]death[/code]: an agent destroyed: a pop falling from 520 Hz and a puff.
## [br]- [code]pickup[/code]: scrap collected: a two-note chime (C6 then G6).
## [br]- [code]restore_loop[/code]: a beacon filling (looped): a humming fifth (220 and
##   330 Hz) with a tremolo and a shimmer.
## [br]- [code]alarm[/code]: a restored beacon under attack: four beeps alternating 880 and
##   660 Hz.
## [br]- [code]wave_alarm[/code]: a wave coming in: a low horn, two calls rising from Eb4 to
##   Ab4 over an octave below, warm rather than shrill.
## [br]- [code]tower_destroyed[/code]: a crunch: a falling thump, a clang and crackle.
## [br]- [code]ui_click[/code]: a button pressed: a tiny click.
## [br]- [code]win[/code]: the building reclaimed: a rising major arpeggio (C E G C).
## [br]- [code]defeat[/code]: Genesis lost: a falling minor line (G Eb C, then low C).
## [br]- [code]ambient[/code]: the bed under a running game (looped, quiet): a low drone
##   (50, 75 and 100 Hz) that swells, and a band of air that breathes.
## [br]The looping sounds ([constant LOOPS]) contain only whole cycles of every frequency
## and modulation in their length, and their noise is filtered circularly, so the loop's
## seam is as smooth as any other pair of samples.

## Sample rate of the sounds, in Hz.
const MIX_RATE := 22050
## Sample rate of the sounds with no content above a few kHz ([constant LOW_RATE_SOUNDS]),
## in Hz: half the samples to make.
const LOW_MIX_RATE := 11025
## The sounds made at [constant LOW_MIX_RATE].
const LOW_RATE_SOUNDS: Array[StringName] = [&"restore_loop", &"win", &"defeat", &"ambient"]
## Every sound and its length in seconds.
const SOUNDS: Dictionary[StringName, float] = {
	&"shot_low": 0.14,
	&"shot_high": 0.34,
	&"hit": 0.08,
	&"death": 0.22,
	&"pickup": 0.36,
	&"restore_loop": 1.0,
	&"alarm": 0.9,
	&"wave_alarm": 0.72,
	&"tower_destroyed": 0.75,
	&"ui_click": 0.04,
	&"win": 1.4,
	&"defeat": 1.7,
	&"ambient": 4.0,
}
## The sounds that loop (forward, over their whole length).
const LOOPS: Array[StringName] = [&"restore_loop", &"ambient"]
## The peak (linear, of full scale) each sound is normalised to.
const PEAKS: Dictionary[StringName, float] = {
	&"shot_low": 0.35,
	&"shot_high": 0.5,
	&"hit": 0.3,
	&"death": 0.5,
	&"pickup": 0.45,
	&"restore_loop": 0.35,
	&"alarm": 0.32,
	&"wave_alarm": 0.45,
	&"tower_destroyed": 0.8,
	&"ui_click": 0.35,
	&"win": 0.6,
	&"defeat": 0.6,
	&"ambient": 0.2,
}

# Seconds of the linear fade-in of every layer and of the fade-out that ends a sound that
# does not loop (no click at either end).
const _RAMP := 0.002
const _TAIL := 0.004

static var _cache: Dictionary[StringName, AudioStreamWAV] = {}


## The sound named [param sound] (one of [constant SOUNDS]), made on the first call and the
## same object afterwards. An unknown name: [method @GlobalScope.push_error] naming it and
## null.
static func get_sound(sound: StringName) -> AudioStreamWAV:
	var cached: AudioStreamWAV = _cache.get(sound)
	if cached != null:
		return cached
	if not SOUNDS.has(sound):
		push_error(
			(
				"SoundBank.get_sound: no sound named '%s' (known: %s)"
				% [sound, ", ".join(PackedStringArray(SOUNDS.keys()))]
			)
		)
		return null
	var stream := synthesize(sound)
	_cache[sound] = stream
	return stream


## Makes every sound not made yet; returns how many it made.
static func build_all() -> int:
	var made := 0
	for sound: StringName in SOUNDS:
		if not _cache.has(sound):
			get_sound(sound)
			made += 1
	return made


## Whether [param sound] is made and cached.
static func is_built(sound: StringName) -> bool:
	return _cache.has(sound)


## Forgets every cached sound (the next [method get_sound] makes it again).
static func clear_cache() -> void:
	_cache.clear()


## Whether [param sound] loops.
static func is_loop(sound: StringName) -> bool:
	return LOOPS.has(sound)


## A new stream of [param sound], made now and not cached (see [method get_sound]); null
## (after [method @GlobalScope.push_error]) for an unknown name.
static func synthesize(sound: StringName) -> AudioStreamWAV:
	if not SOUNDS.has(sound):
		push_error("SoundBank.synthesize: no sound named '%s'" % sound)
		return null
	var synth := Synth.new(rate_of(sound), SOUNDS[sound], hash(String(sound)))
	_render(sound, synth)
	var looped := is_loop(sound)
	if not looped:
		synth.fade(float(synth.samples.size()) / synth.rate - _TAIL, _TAIL)
	return synth.to_stream(PEAKS[sound], looped)


## The sample rate of [param sound], in Hz: [constant MIX_RATE], or
## [constant LOW_MIX_RATE] for those of [constant LOW_RATE_SOUNDS].
static func rate_of(sound: StringName) -> int:
	return LOW_MIX_RATE if LOW_RATE_SOUNDS.has(sound) else MIX_RATE


# Layers: tone(start s, length s, from Hz, to Hz, amplitude, decay s, FM index, FM ratio)
# and noise(start s, length s, amplitude, decay s, smoothing).
static func _render(sound: StringName, synth: Synth) -> void:
	match sound:
		&"shot_low":
			synth.tone(0.0, 0.13, 1600.0, 420.0, 0.6, 0.05, 1.2, 1.0)
			synth.noise(0.0, 0.015, 0.5, 0.004, 0.3)
		&"shot_high":
			synth.tone(0.0, 0.34, 210.0, 48.0, 1.0, 0.12, 0.6, 1.0)
			synth.noise(0.0, 0.3, 0.6, 0.07, 0.85)
			synth.noise(0.0, 0.01, 0.4, 0.003, 0.0)
		&"hit":
			synth.noise(0.0, 0.06, 0.7, 0.012, 0.2)
			synth.tone(0.0, 0.08, 2400.0, 1100.0, 0.4, 0.02, 0.0, 1.0)
		&"death":
			synth.tone(0.0, 0.22, 520.0, 70.0, 1.0, 0.06, 0.8, 1.0)
			synth.noise(0.0, 0.2, 0.5, 0.04, 0.7)
			synth.tone(0.0, 0.1, 3000.0, 1500.0, 0.15, 0.03, 0.0, 1.0)
		&"pickup":
			synth.tone(0.0, 0.36, 1046.5, 1046.5, 0.7, 0.09, 0.5, 2.0)
			synth.tone(0.07, 0.29, 1568.0, 1568.0, 0.8, 0.14, 0.5, 2.0)
		&"restore_loop":
			_render_restore(synth)
		&"alarm":
			for beep in 4:
				var freq := 880.0 if beep % 2 == 0 else 660.0
				synth.tone(beep * 0.225, 0.18, freq, freq, 0.6, 10.0, 1.5, 2.0)
				synth.fade(beep * 0.225 + 0.17, 0.01)
		&"wave_alarm":
			for call in 2:
				var at := call * 0.36
				synth.tone(at, 0.32, 311.13, 415.3, 0.7, 0.5, 1.0, 1.0)
				synth.tone(at, 0.32, 155.56, 207.65, 0.45, 0.5, 0.6, 1.0)
				synth.fade(at + 0.29, 0.03)
		&"tower_destroyed":
			synth.tone(0.0, 0.75, 120.0, 35.0, 1.0, 0.18, 0.5, 1.0)
			for partial: Vector2 in [
				Vector2(317.0, 0.35),
				Vector2(489.0, 0.25),
				Vector2(761.0, 0.2),
				Vector2(1130.0, 0.15)
			]:
				synth.tone(0.0, 0.35, partial.x, partial.x, partial.y, 0.08, 0.0, 1.0)
			synth.noise(0.0, 0.7, 0.8, 0.2, 0.6)
			for grain in 40:
				var at := synth.rng.randf_range(0.02, 0.5)
				synth.noise(at, 0.004, 0.6 * (1.0 - at / 0.6), 0.002, 0.2)
		&"ui_click":
			synth.tone(0.0, 0.04, 1800.0, 1800.0, 0.6, 0.006, 0.0, 1.0)
			synth.noise(0.0, 0.01, 0.3, 0.002, 0.1)
		&"win":
			var notes: Array[float] = [523.25, 659.25, 783.99, 1046.5]
			for i in notes.size():
				var at := i * 0.11
				var decay := 0.6 if i == notes.size() - 1 else 0.4
				synth.tone(at, 1.4 - at, notes[i], notes[i], 0.6, decay, 0.8, 1.0)
			synth.tone(0.33, 1.07, 261.63, 261.63, 0.3, 0.7, 0.3, 1.0)
		&"defeat":
			var line: Array[float] = [392.0, 311.13, 261.63]
			for i in line.size():
				synth.tone(i * 0.28, 0.5, line[i], line[i] * 0.985, 0.55, 0.3, 1.6, 1.0)
			synth.tone(0.84, 0.86, 130.81, 127.0, 0.8, 0.6, 1.4, 1.0)
			synth.noise(0.84, 0.86, 0.3, 0.6, 0.95)
		&"ambient":
			_render_ambient(synth)


# 1 s: whole cycles of 220, 330, 440 and 1760 Hz and of the 8 Hz and 4 Hz modulations.
static func _render_restore(synth: Synth) -> void:
	var out := synth.samples
	var w := TAU / synth.rate
	for i in out.size():
		var hum := sin(w * 220.0 * i) + 0.7 * sin(w * 330.0 * i) + 0.2 * sin(w * 440.0 * i)
		var shimmer := 0.35 * sin(w * 1760.0 * i) * (0.5 - 0.5 * cos(w * 4.0 * i))
		out[i] = hum * (0.75 + 0.25 * sin(w * 8.0 * i)) + shimmer


# 4 s: the drone is one period of 25 Hz (partials 2, 3 and 4: 50, 75 and 100 Hz) repeated,
# its swell (0.25 Hz) and the air's breath (0.5 Hz) stepped once a period and glided in
# between; all make whole cycles in the loop.
static func _render_ambient(synth: Synth) -> void:
	var out := synth.samples
	var period := synth.rate / 25
	var w := TAU / period
	var drone := PackedFloat32Array()
	drone.resize(period)
	for i in period:
		drone[i] = sin(w * 2.0 * i) + 0.6 * sin(w * 3.0 * i) + 0.35 * sin(w * 4.0 * i)
	var air := synth.loop_noise(0.93)
	var slow := TAU / synth.rate
	for block in range(0, out.size(), period):
		var swell := 0.75 + 0.25 * sin(slow * 0.25 * block)
		var breath := 0.3 + 0.2 * sin(slow * 0.5 * block + 1.0)
		var swell_step := (0.75 + 0.25 * sin(slow * 0.25 * (block + period)) - swell) / period
		var breath_step := (0.3 + 0.2 * sin(slow * 0.5 * (block + period) + 1.0) - breath) / period
		for i in period:
			out[block + i] = drone[i] * swell + air[block + i] * breath
			swell += swell_step
			breath += breath_step


## Mixes layers into a buffer of samples at one rate (one sound being made).
class Synth:
	extends RefCounted

	## The samples (float, mixed).
	var samples := PackedFloat32Array()
	## Samples per second.
	var rate: int
	## The sound's own noise generator (seeded by [SoundBank]).
	var rng := RandomNumberGenerator.new()

	func _init(sample_rate: int, seconds: float, noise_seed: int) -> void:
		rate = sample_rate
		samples.resize(roundi(seconds * sample_rate))
		rng.seed = noise_seed

	## Adds a tone from [param from] to [param to] Hz (an exponential sweep over its
	## length), with a fade-in of _RAMP and an exponential decay (time constant
	## [param decay] s); a frequency modulator at [param ratio] (an integer) times the
	## frequency with [param index] brightens it.
	func tone(
		start: float,
		length: float,
		from: float,
		to: float,
		amplitude: float,
		decay: float,
		index: float,
		ratio: float
	) -> void:
		var out := samples
		var first := roundi(start * rate)
		var count := mini(roundi(length * rate), out.size() - first)
		if count <= 0:
			return
		var step := TAU * from / rate
		var glide := pow(to / from, 1.0 / count)
		var fall := exp(-1.0 / (decay * rate))
		var ramp := mini(roundi(_RAMP * rate), count)
		var phase := 0.0
		var envelope := amplitude
		for i in ramp:
			out[first + i] += sin(phase + index * sin(phase * ratio)) * envelope * i / ramp
			phase += step
			step *= glide
			envelope *= fall
		if index == 0.0 and from == to:
			for i in range(first + ramp, first + count):
				out[i] += sin(phase) * envelope
				phase += step
				envelope *= fall
		elif index == 0.0:
			for i in range(first + ramp, first + count):
				out[i] += sin(phase) * envelope
				phase += step
				step *= glide
				envelope *= fall
		else:
			for i in range(first + ramp, first + count):
				out[i] += sin(phase + index * sin(phase * ratio)) * envelope
				phase += step
				step *= glide
				envelope *= fall

	## Adds noise, low-passed by a one-pole filter ([param smoothing] 0: white, towards 1:
	## darker; the level is compensated), with a fade-in of _RAMP and an exponential decay.
	func noise(
		start: float, length: float, amplitude: float, decay: float, smoothing: float
	) -> void:
		var out := samples
		var first := roundi(start * rate)
		var count := mini(roundi(length * rate), out.size() - first)
		var fall := exp(-1.0 / (decay * rate))
		var ramp := float(maxi(roundi(_RAMP * rate), 1))
		var gain := amplitude * sqrt((1.0 + smoothing) / (1.0 - smoothing)) * (1.0 - smoothing)
		var level := 0.0
		for i in count:
			level = level * smoothing + rng.randf_range(-1.0, 1.0) * gain
			out[first + i] += level * minf(i / ramp, 1.0)
			gain *= fall

	## Low-passed noise as long as the sound that loops: the filter runs over the noise
	## twice, the second pass starting from the state the first one ended in.
	func loop_noise(smoothing: float) -> PackedFloat32Array:
		var white := PackedFloat32Array()
		white.resize(samples.size())
		for i in white.size():
			white[i] = rng.randf_range(-1.0, 1.0)
		var gain := sqrt((1.0 + smoothing) / (1.0 - smoothing)) * (1.0 - smoothing)
		var level := 0.0
		for value in white:
			level = level * smoothing + value * gain
		for i in white.size():
			level = level * smoothing + white[i] * gain
			white[i] = level
		return white

	## Fades what is mixed so far to silence over [param length] seconds from [param at]
	## (the end of a beep, the end of the sound).
	func fade(at: float, length: float) -> void:
		var first := roundi(at * rate)
		var count := mini(roundi(length * rate), samples.size() - first)
		for i in count:
			samples[first + i] *= float(count - 1 - i) / count

	## The samples scaled so that their peak is [param peak], as a 16-bit PCM stream.
	func to_stream(peak: float, looped: bool) -> AudioStreamWAV:
		var values := Array(samples)
		var highest := (
			maxf(absf(values.max()), absf(values.min())) if not values.is_empty() else 0.0
		)
		# The peak is at most full scale: no sample needs clamping.
		var scale := clampf(peak, 0.0, 1.0) * 32767.0 / highest if highest > 0.0 else 0.0
		var data := PackedByteArray()
		data.resize(samples.size() * 2)
		for i in samples.size():
			data.encode_s16(i * 2, roundi(samples[i] * scale))
		var stream := AudioStreamWAV.new()
		stream.format = AudioStreamWAV.FORMAT_16_BITS
		stream.mix_rate = rate
		stream.stereo = false
		stream.data = data
		if looped:
			stream.loop_mode = AudioStreamWAV.LOOP_FORWARD
			stream.loop_begin = 0
			stream.loop_end = samples.size()
		return stream
