extends "res://tests/suite.gd"
## StoreyGenerationSettings and the generator with settings from GDScript: one property per
## setting of the core's table, each defaulting to the reference's value; the defaults
## give what generate() gives; every setting out of its range is refused naming it, its
## value and its range; settings that cannot make a storey give null with the attempts and
## the reason, never a broken layout; settings survive a .tres; the survey in steps equals
## the survey at once and has the documented shape.


func test_every_setting_of_the_core_is_a_property_with_the_reference_default() -> bool:
	var settings := StoreyGenerationSettings.new()
	var described := StoreyGenerationSettings.describe()
	expect(described.size() >= 30, "%d settings" % described.size())
	var names := {}
	for info: Dictionary in described:
		var name: String = info["name"]
		expect(name in settings, "a property %s" % name)
		expect_eq(settings.get(name), info["default"], "%s's default" % name)
		expect(int(info["min"]) <= int(info["default"]), "%s's default in range" % name)
		expect(int(info["default"]) <= int(info["max"]), "%s's default in range" % name)
		expect(not (info["doc"] as String).is_empty(), "%s is documented" % name)
		names[name] = true
	for name in ["min_partition", "room_shrink", "min_shaft_separation", "min_beacon_separation"]:
		expect(names.has(name), "the reference's %s" % name)
	expect_eq(settings.get_data_error(), "", "the defaults are valid")
	expect_eq(settings.get_changes(), "defaults", "nothing changed")
	return ok()


func test_default_settings_give_exactly_what_generate_gives() -> bool:
	var settings := StoreyGenerationSettings.new()
	var storey_types := ClassDB.class_get_enum_constants(&"StoreyLayout", &"StoreyType").size()
	for i in 60:
		var args := [i * 7919, 1 + i % 6, 1 + i % 4, Vector2i(-1, -1), i % storey_types]
		var plain := StoreyGenerator.generate(args[0], args[1], args[2], args[3], args[4])
		var with := StoreyGenerator.generate_with(
			settings, args[0], args[1], args[2], args[3], args[4]
		)
		var with_null := StoreyGenerator.generate_with(
			null, args[0], args[1], args[2], args[3], args[4]
		)
		expect(with != null and plain.is_equal_to(with), "generate_with(defaults) %s" % [args])
		expect(
			with_null != null and plain.is_equal_to(with_null), "generate_with(null) %s" % [args]
		)
	var building := StoreyGenerator.generate_building(77, 3, 2, true)
	var building_with := StoreyGenerator.generate_building_with(settings, 77, 3, 2, true)
	expect_eq(building_with.size(), building.size(), "the same storeys")
	for i in building.size():
		expect(building[i].is_equal_to(building_with[i]), "storey %d" % i)
	return ok()


func test_every_setting_out_of_its_range_is_refused_naming_it() -> bool:
	for info: Dictionary in StoreyGenerationSettings.describe():
		for value: int in [int(info["min"]) - 1, int(info["max"]) + 1]:
			var settings := StoreyGenerationSettings.new()
			settings.set(info["name"], value)
			expect_eq(settings.get(info["name"]), value, "%s stores %d" % [info["name"], value])
			var says := (
				"%s = %d is outside its range %d..=%d"
				% [info["name"], value, info["min"], info["max"]]
			)
			expect_eq(settings.get_data_error(), says, "the data error")
			expect_error("StoreyGenerator.generate_with: .*%s" % says.replace(".", "\\."))
			expect(
				StoreyGenerator.generate_with(settings, 1, 2, 2) == null,
				"%s = %d refused" % [info["name"], value]
			)
	return ok()


func test_settings_that_cannot_make_a_storey_give_null_with_the_attempts_and_the_reason() -> bool:
	var settings := StoreyGenerationSettings.new()
	settings.min_partition = 2
	settings.room_shrink = 3
	var made := 0
	var refused := 0
	var exhausted := "no valid layout for seed .* after \\d+ attempts \\(\\d+ retries\\)"
	expect_error("StoreyGenerator.generate_with: %s; last failure: " % exhausted)
	for seed_value in 40:
		var layout := StoreyGenerator.generate_with(settings, seed_value, 1, 1)
		if layout == null:
			refused += 1
		else:
			made += 1
			var check := StoreyValidator.validate(layout)
			expect(check.ok, "a made layout keeps the rules: %s" % check.message)
	expect(refused > 0, "some seeds cannot be made with these settings (%d made)" % made)
	return ok()


func test_settings_survive_a_tres() -> bool:
	var settings := StoreyGenerationSettings.new()
	settings.min_partition = 4
	settings.oob_probability_ground = 60
	var path := "user://test_generation_settings.tres"
	expect_eq(ResourceSaver.save(settings, path), OK, "saved")
	var loaded := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	expect(loaded is StoreyGenerationSettings, "loads as settings")
	expect_eq(loaded.min_partition, 4, "min_partition")
	expect_eq(loaded.oob_probability_ground, 60, "oob_probability_ground")
	expect_eq(loaded.get_changes(), settings.get_changes(), "the same changes")
	loaded.reset()
	expect_eq(loaded.get_changes(), "defaults", "reset")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return ok()


func test_a_survey_in_steps_equals_a_survey_at_once_and_has_the_documented_shape() -> bool:
	var survey := StoreySurvey.create(null, 5)
	for i in 4:
		survey.run(30)
	expect_eq(survey.get_count(), 120, "surveyed")
	var at_once := StoreyGenerator.survey(null, 120, 5)
	var report := survey.report()
	expect_eq(report, at_once, "in steps as at once")
	expect_eq(report.keys(), ["GROUND_FLOOR", "UPPER_FLOOR", "UNDERGROUND"], "by type")
	var metrics := StoreySurvey.get_metric_names()
	expect_eq(metrics.size(), 12, "twelve metrics")
	for metric in metrics:
		# GROUND_FLOOR: the one type with a value of every metric (entrance_path included).
		var summary: Dictionary = report["GROUND_FLOOR"][metric]
		expect_eq(summary.keys(), ["min", "p10", "median", "p90", "max", "mean"], metric)
		expect(summary["min"] <= summary["median"] and summary["median"] <= summary["max"], metric)
	var values := survey.get_values("loops", StoreyLayout.StoreyType.UNDERGROUND)
	expect_eq(values.size(), 40, "a value per underground layout")
	expect_eq(survey.report("level")["UNDERGROUND"].keys().size(), 4, "by level")
	var bad := StoreyGenerationSettings.new()
	bad.min_partition = 99
	expect_error("StoreySurvey.create: min_partition = 99")
	expect(StoreySurvey.create(bad) == null, "settings out of range: no survey")
	return ok()
