extends SceneTree
## The sound bank's build time, and its sounds as files to listen to:
##   godot --headless --path godot_project --script res://tools/sound_bank.gd [-- --wav DIR]
## Prints, for every sound of [SoundBank] and for the whole bank, the median time to make it
## over [constant RUNS] builds from an empty cache; with [code]--wav DIR[/code] it also writes
## each sound to DIR/<name>.wav ([method AudioStreamWAV.save_to_wav]). The game never reads
## these files: it makes its sounds in code.

## Builds measured (the median is printed).
const RUNS := 5


func _initialize() -> void:
	process_frame.connect(_on_first_frame, CONNECT_ONE_SHOT)


func _on_first_frame() -> void:
	quit(0 if run() else 1)


func run() -> bool:
	var per_sound: Dictionary[StringName, Array] = {}
	var totals: Array[int] = []
	for i in RUNS:
		SoundBank.clear_cache()
		var bank_start := Time.get_ticks_usec()
		for sound: StringName in SoundBank.SOUNDS:
			var start := Time.get_ticks_usec()
			SoundBank.get_sound(sound)
			per_sound.get_or_add(sound, []).append(Time.get_ticks_usec() - start)
		totals.append(Time.get_ticks_usec() - bank_start)
	for sound: StringName in SoundBank.SOUNDS:
		var stream := SoundBank.get_sound(sound)
		print(
			(
				"sound_bank: %-16s %6d us  %.2f s at %d Hz%s"
				% [
					sound,
					_median(per_sound[sound]),
					stream.get_length(),
					stream.mix_rate,
					", loops" if SoundBank.is_loop(sound) else "",
				]
			)
		)
	print("sound_bank: the whole bank %d us (median of %d builds)" % [_median(totals), RUNS])
	var args := OS.get_cmdline_user_args()
	var at := args.find("--wav")
	if at < 0:
		return true
	if at + 1 >= args.size():
		push_error("sound_bank.gd: --wav needs a directory")
		return false
	var dir := args[at + 1]
	DirAccess.make_dir_recursive_absolute(dir)
	for sound: StringName in SoundBank.SOUNDS:
		var path := dir.path_join("%s.wav" % sound)
		var error := SoundBank.get_sound(sound).save_to_wav(path)
		if error != OK:
			push_error("sound_bank.gd: cannot write %s: %s" % [path, error_string(error)])
			return false
	print("sound_bank: wrote %d files to %s" % [SoundBank.SOUNDS.size(), dir])
	return true


static func _median(values: Array) -> int:
	var sorted := values.duplicate()
	sorted.sort()
	return sorted[sorted.size() / 2]
