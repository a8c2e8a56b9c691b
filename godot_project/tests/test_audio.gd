extends "res://tests/suite.gd"
## The sounds (SoundBank): every one made, 16-bit mono PCM of its documented length,
## audible at its documented peak, the loops looping seamlessly, the others starting and
## ending in silence, the same bytes every time, the two tower tiers telling apart; the
## audio buses (default_bus_layout.tres); the autoloads (GameSettings, SoundSystem) naming no
## extension class; every button clicking on the UI bus.

const MENU_SCENE := preload("res://src/game/main_menu.tscn")
## The quietest peak a sound may have, of full scale.
const AUDIBLE_PEAK := 0.1


## The samples of a 16-bit mono stream, -1..1.
func _samples(stream: AudioStreamWAV) -> PackedFloat32Array:
	var out := PackedFloat32Array()
	out.resize(stream.data.size() / 2)
	for i in out.size():
		out[i] = stream.data.decode_s16(i * 2) / 32768.0
	return out


## Sign changes per second: a rough measure of how bright a sound is.
func _crossings_per_second(stream: AudioStreamWAV) -> float:
	var values := _samples(stream)
	var count := 0
	for i in range(1, values.size()):
		count += int(signf(values[i]) != signf(values[i - 1]))
	return count / stream.get_length()


func test_every_sound_is_16_bit_mono_pcm_of_its_documented_length() -> bool:
	for sound: StringName in SoundBank.SOUNDS:
		var stream := SoundBank.get_sound(sound)
		if not expect(stream != null, "%s made" % sound):
			continue
		expect_eq(stream.format, AudioStreamWAV.FORMAT_16_BITS, "%s format" % sound)
		expect(not stream.stereo, "%s is mono" % sound)
		expect_eq(stream.mix_rate, SoundBank.rate_of(sound), "%s rate" % sound)
		var frames := roundi(SoundBank.SOUNDS[sound] * stream.mix_rate)
		expect_eq(stream.data.size(), frames * 2, "%s: bytes of %d frames" % [sound, frames])
		expect(
			absf(stream.get_length() - SoundBank.SOUNDS[sound]) <= 1.0 / stream.mix_rate,
			"%s lasts %s s, documented %s s" % [sound, stream.get_length(), SoundBank.SOUNDS[sound]]
		)
	return ok()


func test_every_sound_is_audible() -> bool:
	for sound: StringName in SoundBank.SOUNDS:
		var peak := 0.0
		for value in _samples(SoundBank.get_sound(sound)):
			peak = maxf(peak, absf(value))
		expect(peak >= AUDIBLE_PEAK, "%s peaks at %s" % [sound, peak])
		expect(
			absf(peak - SoundBank.PEAKS[sound]) < 0.01,
			"%s peaks at %s, its documented peak is %s" % [sound, peak, SoundBank.PEAKS[sound]]
		)
	return ok()


func test_the_loops_loop_over_their_whole_length_and_the_others_do_not() -> bool:
	for sound: StringName in SoundBank.SOUNDS:
		var stream := SoundBank.get_sound(sound)
		if SoundBank.is_loop(sound):
			expect_eq(stream.loop_mode, AudioStreamWAV.LOOP_FORWARD, "%s loops" % sound)
			expect_eq(stream.loop_begin, 0, "%s loops from the start" % sound)
			expect_eq(stream.loop_end, stream.data.size() / 2, "%s loops to its end" % sound)
		else:
			expect_eq(stream.loop_mode, AudioStreamWAV.LOOP_DISABLED, "%s plays once" % sound)
	expect(SoundBank.LOOPS.has(&"restore_loop") and SoundBank.LOOPS.has(&"ambient"), "loops")
	return ok()


func test_a_loop_seam_is_no_bigger_a_step_than_any_inside_the_loop() -> bool:
	for sound in SoundBank.LOOPS:
		var values := _samples(SoundBank.get_sound(sound))
		var largest := 0.0
		for i in range(1, values.size()):
			largest = maxf(largest, absf(values[i] - values[i - 1]))
		var seam := absf(values[0] - values[values.size() - 1])
		expect(seam <= largest, "%s: seam step %s, largest inside %s" % [sound, seam, largest])
	return ok()


func test_a_sound_that_does_not_loop_starts_and_ends_in_silence() -> bool:
	for sound: StringName in SoundBank.SOUNDS:
		if SoundBank.is_loop(sound):
			continue
		var values := _samples(SoundBank.get_sound(sound))
		expect_eq(values[0], 0.0, "%s starts at 0" % sound)
		expect_eq(values[values.size() - 1], 0.0, "%s ends at 0" % sound)
	return ok()


func test_the_bank_is_deterministic_and_made_once() -> bool:
	for sound: StringName in SoundBank.SOUNDS:
		var cached := SoundBank.get_sound(sound)
		expect(SoundBank.get_sound(sound) == cached, "%s: the same stream again" % sound)
		expect(SoundBank.synthesize(sound) != cached, "%s: synthesize makes a new one" % sound)
		expect(SoundBank.synthesize(sound).data == cached.data, "%s: the same bytes" % sound)
	return ok()


func test_a_low_and_a_high_tower_shot_sound_different() -> bool:
	var low := SoundBank.get_sound(&"shot_low")
	var high := SoundBank.get_sound(&"shot_high")
	expect(high.get_length() >= 2.0 * low.get_length(), "the high tower's shot rings longer")
	var low_crossings := _crossings_per_second(low)
	var high_crossings := _crossings_per_second(high)
	expect(
		low_crossings >= 2.0 * high_crossings,
		"the low tower's shot is brighter: %s vs %s crossings/s" % [low_crossings, high_crossings]
	)
	return ok()


func test_an_unknown_sound_is_an_error_naming_it() -> bool:
	expect_error("no sound named 'bell'")
	expect(SoundBank.get_sound(&"bell") == null, "null")
	return ok()


func test_the_bus_layout_has_sfx_ui_and_ambience_sending_to_master() -> bool:
	var layout_path: String = ProjectSettings.get_setting("audio/buses/default_bus_layout")
	expect_eq(layout_path, "res://default_bus_layout.tres", "the default layout path")
	expect(ResourceLoader.exists(layout_path), "the layout exists")
	expect_eq(AudioServer.get_bus_name(0), "Master", "bus 0")
	for bus: StringName in [&"SFX", &"UI", &"Ambience"]:
		var index := AudioServer.get_bus_index(bus)
		if expect(index > 0, "bus %s" % bus):
			expect_eq(AudioServer.get_bus_send(index), &"Master", "%s sends to" % bus)
	expect_eq(AudioServer.bus_count, 4, "four buses")
	return ok()


func test_the_audio_and_settings_autoloads_name_no_extension_class() -> bool:
	var extension_classes := PackedStringArray()
	for name in ClassDB.get_class_list():
		if ClassDB.class_get_api_type(name) == ClassDB.API_EXTENSION:
			extension_classes.append(name)
	expect(extension_classes.has("StoreySwarm"), "the extension's classes are listed")
	var pattern := RegEx.create_from_string("\\b(%s)\\b" % "|".join(extension_classes))
	# The autoloads and the scripts they use.
	for path in [
		"res://src/core/settings/GameSettings.gd",
		"res://src/core/audio/SoundSystem.gd",
		"res://src/core/audio/AudioGate.gd",
		"res://src/core/audio/SoundBank.gd",
	]:
		var found := pattern.search(FileAccess.get_file_as_string(path))
		expect(found == null, "%s names %s" % [path, found.get_string() if found else ""])
	for autoload in ["GameSettings", "SoundSystem"]:
		expect(tree.root.has_node(autoload), "%s is an autoload" % autoload)
	return ok()


func test_every_button_clicks_on_the_ui_bus() -> bool:
	var sound_system := tree.root.get_node(^"SoundSystem")
	var before: int = sound_system.clicks
	var menu: MainMenu = add(MENU_SCENE.instantiate())
	(menu.get_node(^"%RandomButton") as Button).pressed.emit()
	var button: Button = add(Button.new())
	button.pressed.emit()
	expect_eq(sound_system.clicks - before, 2, "a click per press")
	for player in sound_system.find_children("*", "AudioStreamPlayer", false, false):
		expect_eq((player as AudioStreamPlayer).bus, &"UI", "on the UI bus")
	menu.free()
	button.free()
	return ok()


func test_the_sound_system_makes_the_bank_ahead_one_sound_a_frame() -> bool:
	var sound_system := tree.root.get_node(^"SoundSystem")
	# Start where a frame starts, before the nodes' _process: the tests before may have left
	# off after a physics tick, whose frame's process_frame is still to come.
	await process_frames(1)
	SoundBank.clear_cache()
	sound_system.call(&"make_bank_ahead")
	expect_eq(_built_count(), 0, "none made yet")
	await process_frames(1)
	expect_eq(_built_count(), 1, "one after a frame")
	await process_frames(SoundBank.SOUNDS.size())
	expect_eq(_built_count(), SoundBank.SOUNDS.size(), "all after a frame each")
	return ok()


func _built_count() -> int:
	var count := 0
	for sound: StringName in SoundBank.SOUNDS:
		count += int(SoundBank.is_built(sound))
	return count
