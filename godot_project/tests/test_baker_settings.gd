extends "res://tests/suite.gd"
## StoreyBaker with generation settings ([StoreyGenerationSettings]): a building baked with
## settings is the bake of [method StoreyGenerator.generate_building_with]'s layouts; the
## settings that differ from the reference's are recorded as plain values (the scene
## still references no script and no extension resource); a re-bake of such a bake is the
## same bake; settings out of range are refused with null and an error naming them;
## [StoreyDraft] follows its settings.

const BakerTests := preload("res://tests/test_baker.gd")
const RUSTY := preload("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres")


## Settings that differ from the reference's in [code]min_partition[/code] (4: bigger
## rooms; every seed of the survey's sweep can be made).
func bigger_rooms() -> StoreyGenerationSettings:
	var settings := StoreyGenerationSettings.new()
	settings.min_partition = 4
	return settings


func test_a_building_baked_with_settings_is_generate_building_with_of_them() -> bool:
	var settings := bigger_rooms()
	var layouts := StoreyGenerator.generate_building_with(settings, 77, 3, 2, true)
	var defaults := StoreyGenerator.generate_building(77, 3, 2, true)
	var building := StoreyBaker.bake_building(77, 2, 3, true, settings)
	if not expect(building != null, "baked"):
		return ok()
	expect_eq(building.get_child_count(), layouts.size(), "one node per storey")
	var differs := false
	for index in layouts.size():
		var alone := StoreyBaker.bake_storey(layouts[index])
		expect_eq(
			BakerTests.fingerprint(building.get_node("Storey%d" % index)),
			BakerTests.fingerprint(alone),
			"storey %d is the bake of generate_building_with's layout" % index
		)
		alone.free()
		differs = differs or not layouts[index].is_equal_to(defaults[index])
	expect(differs, "the settings change the building")
	building.free()
	return ok()


func test_a_bake_records_the_changed_settings_as_plain_values() -> bool:
	var building := StoreyBaker.bake_building(77, 2, 1, false, bigger_rooms())
	var bake: Dictionary = building.get_meta(StoreyBaker.META_BAKE)
	expect_eq(bake.get("settings"), {"min_partition": 4}, "the changed setting only")
	building.free()
	var layout := StoreyGenerator.generate_with(bigger_rooms(), 9, 2, 3)
	var storey_bake := StoreyBaker.bake_storey(layout, null, false, bigger_rooms())
	var storey_meta: Dictionary = storey_bake.get_meta(StoreyBaker.META_BAKE)
	expect_eq(storey_meta.get("kind"), "storey", "a storey of the generator")
	expect_eq(storey_meta.get("settings"), {"min_partition": 4}, "a storey's settings")
	storey_bake.free()
	var plain := StoreyBaker.bake_building(77, 2, 1, false)
	var with_defaults := StoreyBaker.bake_building(77, 2, 1, false, StoreyGenerationSettings.new())
	expect(not plain.get_meta(StoreyBaker.META_BAKE).has("settings"), "no settings: none kept")
	expect_eq(
		with_defaults.get_meta(StoreyBaker.META_BAKE),
		plain.get_meta(StoreyBaker.META_BAKE),
		"the reference's settings are recorded as no settings"
	)
	plain.free()
	with_defaults.free()
	return ok()


func test_a_rebake_of_a_bake_with_settings_is_the_same_bake() -> bool:
	var settings := bigger_rooms()
	settings.oob_probability_ground = 80
	var layout := StoreyGenerator.generate_with(settings, 31, 3, 2)
	for baked: Node3D in [
		StoreyBaker.bake_storey(layout, RUSTY, false, settings),
		StoreyBaker.bake_building(31, 2, 3, true, settings, RUSTY),
	]:
		var again := StoreyBaker.rebake(baked)
		if expect(again != null, "re-baked"):
			expect_eq(
				again.get_meta(StoreyBaker.META_BAKE), baked.get_meta(StoreyBaker.META_BAKE), "meta"
			)
			expect_eq(
				BakerTests.fingerprint(again), BakerTests.fingerprint(baked), "the same nodes"
			)
			again.free()
		baked.free()
	return ok()


func test_settings_out_of_range_are_refused_with_null_naming_them() -> bool:
	var bad := StoreyGenerationSettings.new()
	bad.min_partition = 99
	var says := "min_partition = 99 is outside its range"
	expect_error("StoreyBaker.bake_building: " + says)
	expect(StoreyBaker.bake_building(1, 1, 2, false, bad) == null, "bake_building")
	expect_error("StoreyBaker.bake_storey: " + says)
	expect(
		StoreyBaker.bake_storey(StoreyGenerator.generate(5, 3, 2), null, false, bad) == null,
		"bake_storey"
	)
	var forged := StoreyBaker.bake_building(1, 1, 1, false)
	forged.set_meta(StoreyBaker.META_BAKE, {"kind": "building", "settings": {"min_roomz": 4}})
	expect_error("StoreyBaker: no setting min_roomz = 4")
	expect(StoreyBaker.rebake(forged) == null, "an unknown recorded setting")
	forged.free()
	return ok()


func test_a_bake_with_settings_saves_without_any_script_or_extension_resource() -> bool:
	var building := StoreyBaker.bake_building(5, 2, 2, true, bigger_rooms())
	var packed := PackedScene.new()
	packed.pack(building)
	building.free()
	var path := "user://test_baker_settings_building.tscn"
	expect_eq(ResourceSaver.save(packed, path), OK, "saved")
	var text := FileAccess.get_file_as_string(path)
	expect(not text.contains("Script"), "no Script resource")
	expect(not text.contains("script"), "no script property")
	expect(not text.contains("StoreyGenerationSettings"), "no settings resource")
	expect(text.contains('"settings": {\n"min_partition": 4'), "the settings as plain values")
	DirAccess.remove_absolute(path)
	return ok()


func test_a_draft_with_settings_shows_generate_with_of_them() -> bool:
	var draft := StoreyDraft.new()
	draft.seed_value = 21
	draft.storey_depth = 2
	draft.settings = bigger_rooms()
	add(draft)
	var want := StoreyGenerator.generate_with(bigger_rooms(), 21, 2, 1)
	expect(draft.layout != null and draft.layout.is_equal_to(want), "generate_with's storey")
	expect(not draft.layout.is_equal_to(StoreyGenerator.generate(21, 2, 1)), "not the defaults")
	var baked := draft.bake()
	expect_eq(baked.get_meta(StoreyBaker.META_BAKE).get("settings"), {"min_partition": 4}, "kept")
	baked.free()
	draft.settings.min_partition = 99
	draft.regenerate()
	expect(draft.layout == null, "settings out of range: no storey")
	expect(draft._get_configuration_warnings()[0].contains("min_partition = 99"), "the warning")
	draft.free()
	return ok()
