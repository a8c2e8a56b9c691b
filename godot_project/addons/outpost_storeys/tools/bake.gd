extends SceneTree
## Bakes a building or one storey into a scene file, from the command line:
## [codeblock]
## godot --headless --path <project> --script res://addons/outpost_storeys/tools/bake.gd -- \
##     --seed 7 --storeys 3 --underground --out res://baked/outpost_7.tscn
## [/codeblock]
## A building ([method StoreyBaker.bake_building]): [code]--seed S[/code] (required),
## [code]--level L[/code] (1 to 4, default 1), [code]--storeys N[/code] (default 3),
## [code]--underground[/code]. One storey instead ([method StoreyBaker.bake_storey]):
## [code]--depth D[/code] with [code]--type NAME[/code] (a [enum StoreyLayout.StoreyType]
## name, default GROUND_FLOOR) and [code]--staircase X,Y[/code] (a forced staircase).
## Both: [code]--settings PATH[/code] (a saved [StoreyGenerationSettings] resource) and
## [code]--set NAME=VALUE[/code] (repeatable, over those settings or the reference's: the
## generator's settings, as [code]outpost survey --set[/code]),
## [code]--theme PATH[/code] (a [CellDefinitions] resource), [code]--objects[/code]
## (the object scenes too), [code]--out PATH[/code] (required: a [code].tscn[/code] or
## [code].scn[/code], res:// or a file path; its folder is made). [code]--help[/code] prints
## this. Exit status: 0 when the scene was written, 1 when baking or saving failed, 2 for
## bad arguments (each named on stderr).

## Exit status for bad arguments.
const EXIT_USAGE := 2
## Exit status when the bake or the save failed.
const EXIT_FAILED := 1
const USAGE := (
	"usage: godot --headless --path <project> --script "
	+ "res://addons/outpost_storeys/tools/bake.gd -- --seed S [--level L] "
	+ "[--storeys N] [--underground] | [--depth D [--type NAME] [--staircase X,Y]] "
	+ "[--settings PATH.tres] [--set NAME=VALUE]... [--theme PATH] [--objects] --out PATH.tscn"
)
const _VALUED := [
	"--seed",
	"--level",
	"--storeys",
	"--depth",
	"--type",
	"--staircase",
	"--settings",
	"--set",
	"--theme",
	"--out",
]
const _FLAGS := ["--underground", "--objects", "--help"]


func _initialize() -> void:
	quit(run(OS.get_cmdline_user_args()))


## Bakes what [param args] ask for and writes it; returns the exit status.
func run(args: PackedStringArray) -> int:
	var options := {}
	var errors := parse(args, options)
	if options.has("--help"):
		print(USAGE)
		return 0 if errors.is_empty() else EXIT_USAGE
	if not errors.is_empty():
		for e in errors:
			printerr("bake: ", e)
		printerr(USAGE)
		return EXIT_USAGE
	var started := Time.get_ticks_usec()
	var baked: Node3D = (
		StoreyBaker.bake_storey(
			StoreyGenerator.generate_with(
				options["settings"],
				options["seed"],
				options["depth"],
				options["level"],
				options["staircase"],
				options["type"]
			),
			options["theme"],
			options["objects"],
			options["settings"]
		)
		if options.has("depth")
		else StoreyBaker.bake_building(
			options["seed"],
			options["level"],
			options["storeys"],
			options["underground"],
			options["settings"],
			options["theme"],
			options["objects"]
		)
	)
	if baked == null:
		printerr("bake: nothing was baked (see the errors above)")
		return EXIT_FAILED
	var out: String = options["out"]
	var packed := PackedScene.new()
	var err := packed.pack(baked)
	var nodes := _count(baked)
	baked.free()
	if err == OK:
		DirAccess.make_dir_recursive_absolute(out.get_base_dir())
		err = ResourceSaver.save(packed, out)
	if err != OK:
		printerr("bake: cannot write %s: %s" % [out, error_string(err)])
		return EXIT_FAILED
	print(
		(
			"bake: wrote %s (%d nodes, %.1f ms)"
			% [out, nodes, (Time.get_ticks_usec() - started) / 1000.0]
		)
	)
	return 0


## Reads [param args] into [param options] (defaults filled in) and returns the problems,
## each naming the argument and its value; empty when the arguments are good.
static func parse(args: PackedStringArray, options: Dictionary) -> PackedStringArray:
	var errors := PackedStringArray()
	var raw := {}
	var i := 0
	while i < args.size():
		var arg := args[i]
		if arg in _FLAGS:
			raw[arg] = true
		elif arg in _VALUED:
			if i + 1 >= args.size() or args[i + 1].begins_with("--"):
				errors.append("%s needs a value" % arg)
			else:
				i += 1
				if arg == "--set":
					var words: PackedStringArray = raw.get(arg, PackedStringArray())
					words.append(args[i])
					raw[arg] = words
				else:
					raw[arg] = args[i]
		else:
			errors.append("unknown argument %s" % arg)
		i += 1
	if raw.has("--help"):
		options["--help"] = true
		return errors
	options["seed"] = _int(raw, "--seed", null, errors)
	options["level"] = _int(raw, "--level", 1, errors)
	options["storeys"] = _int(raw, "--storeys", 3, errors)
	options["underground"] = raw.has("--underground")
	options["objects"] = raw.has("--objects")
	options["staircase"] = Vector2i(-1, -1)
	options["type"] = StoreyLayout.StoreyType.GROUND_FLOOR
	_check_range(
		options["level"],
		"--level",
		StoreyGenerator.MIN_OUTPOST_LEVEL,
		StoreyGenerator.MAX_OUTPOST_LEVEL,
		errors
	)
	_check_range(
		options["storeys"],
		"--storeys",
		StoreyGenerator.MIN_STOREYS,
		StoreyGenerator.MAX_STOREYS,
		errors
	)
	if raw.has("--depth"):
		options["depth"] = _int(raw, "--depth", 1, errors)
		_check_range(options["depth"], "--depth", StoreyGenerator.MIN_STOREY_DEPTH, -1, errors)
		for building_only in ["--storeys", "--underground"]:
			if raw.has(building_only):
				errors.append("%s is for buildings; --depth bakes one storey" % building_only)
		_storey_options(raw, options, errors)
	else:
		for storey_only in ["--type", "--staircase"]:
			if raw.has(storey_only):
				errors.append("%s needs --depth (one storey)" % storey_only)
	options["settings"] = _settings(raw, errors)
	options["theme"] = null
	if raw.has("--theme"):
		var theme := (
			load(raw["--theme"]) as CellDefinitions
			if ResourceLoader.exists(raw["--theme"])
			else null
		)
		if theme == null:
			errors.append("--theme %s is not a CellDefinitions resource" % raw["--theme"])
		options["theme"] = theme
	var out: String = raw.get("--out", "")
	if out.is_empty():
		errors.append("--out is missing (a .tscn or .scn path)")
	elif not (out.get_extension() in ["tscn", "scn"]):
		errors.append("--out %s is not a .tscn or .scn path" % out)
	options["out"] = out
	return errors


static func _storey_options(
	raw: Dictionary, options: Dictionary, errors: PackedStringArray
) -> void:
	if raw.has("--type"):
		var names := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType")
		var index := names.find(String(raw["--type"]).to_upper())
		if index < 0:
			errors.append("--type %s is not one of %s" % [raw["--type"], ", ".join(names)])
		else:
			options["type"] = index
	if raw.has("--staircase"):
		var parts := String(raw["--staircase"]).split(",")
		if (
			parts.size() != 2
			or not parts[0].strip_edges().is_valid_int()
			or not parts[1].strip_edges().is_valid_int()
		):
			errors.append("--staircase %s is not X,Y" % raw["--staircase"])
			return
		var cell := Vector2i(parts[0].strip_edges().to_int(), parts[1].strip_edges().to_int())
		var problem := ForcedStaircase.check(
			cell, options["depth"], options["level"], options["type"]
		)
		if not problem.is_empty():
			errors.append("--staircase %s: %s" % [raw["--staircase"], problem])
		options["staircase"] = cell


# The settings of --settings and --set (null when neither is given), each problem named.
static func _settings(raw: Dictionary, errors: PackedStringArray) -> StoreyGenerationSettings:
	if not raw.has("--settings") and not raw.has("--set"):
		return null
	var settings := StoreyGenerationSettings.new()
	if raw.has("--settings"):
		var path: String = raw["--settings"]
		var loaded := (
			load(path) as StoreyGenerationSettings if ResourceLoader.exists(path) else null
		)
		if loaded == null:
			errors.append("--settings %s is not a StoreyGenerationSettings resource" % path)
		else:
			settings = loaded.duplicate() as StoreyGenerationSettings
	var names := {}
	for info: Dictionary in StoreyGenerationSettings.describe():
		names[info["name"]] = true
	for word: String in raw.get("--set", PackedStringArray()):
		var parts := word.split("=")
		var setting := parts[0].strip_edges()
		if parts.size() != 2 or not parts[1].strip_edges().is_valid_int():
			errors.append("--set %s is not NAME=VALUE (a whole number)" % word)
		elif not names.has(setting):
			errors.append("--set %s: no setting %s" % [word, setting])
		else:
			settings.set(setting, parts[1].strip_edges().to_int())
	var problem := settings.get_data_error()
	if not problem.is_empty():
		errors.append("settings refused: %s" % problem)
	return settings


static func _int(
	raw: Dictionary, name: String, default: Variant, errors: PackedStringArray
) -> Variant:
	if not raw.has(name):
		if default == null:
			errors.append("%s is missing" % name)
		return default
	var text := String(raw[name]).strip_edges()
	if not text.is_valid_int():
		errors.append("%s %s is not a whole number" % [name, text])
		return default
	return text.to_int()


static func _check_range(
	value: Variant, name: String, low: int, high: int, errors: PackedStringArray
) -> void:
	if value == null or typeof(value) != TYPE_INT:
		return
	if value < low or (high >= low and value > high):
		var allowed := "%d to %d" % [low, high] if high >= low else "at least %d" % low
		errors.append("%s %d is out of range (%s)" % [name, value, allowed])


static func _count(node: Node) -> int:
	var n := 1
	for child in node.get_children():
		n += _count(child)
	return n
