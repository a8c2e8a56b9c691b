extends "res://tests/suite.gd"
## The player's words are translatable: every sentence of src/core/text/ (GameText,
## SaveText, MenuText, FactoryText) goes through tr() and is in
## src/core/text/game_text.pot, the template Godot's own POT generation makes of the
## project (scripts/pot.sh;
## `scripts/pot.sh --check` proves the committed file is exactly that); a translation
## loaded for a locale changes what the HUD and the saves screen say, with the numbers
## still in.

## Where the sentences live: every script of this folder.
const TEXT_FOLDER := "res://src/core/text/"
const TEMPLATE := "res://src/core/text/game_text.pot"
## The project setting listing the files Godot's POT generation reads.
const POT_FILES := "internationalization/locale/translations_pot_files"


## The scripts of [constant TEXT_FOLDER], in name order.
func sources() -> Array[String]:
	var found: Array[String] = []
	for file in DirAccess.get_files_at(TEXT_FOLDER):
		if file.get_extension() == "gd":
			found.append(TEXT_FOLDER + file)
	found.sort()
	return found


## The string literals passed to tr() in `path`.
func sentences(path: String) -> PackedStringArray:
	var found := PackedStringArray()
	var regex := RegEx.create_from_string('\\btr\\(\\s*"((?:[^"\\\\]|\\\\.)*)"')
	for match in regex.search_all(FileAccess.get_file_as_string(path)):
		found.append(match.get_string(1).c_unescape())
	return found


## The msgids of the template (a msgid may go on over several quoted lines).
func template_ids() -> PackedStringArray:
	var ids := PackedStringArray()
	var current := ""
	var reading := false
	for line in FileAccess.get_file_as_string(TEMPLATE).split("\n"):
		if line.begins_with('msgid "'):
			current = line.trim_prefix('msgid "').trim_suffix('"').c_unescape()
			reading = true
		elif reading and line.begins_with('"'):
			current += line.trim_prefix('"').trim_suffix('"').c_unescape()
		elif reading:
			ids.append(current)
			reading = false
	return ids


func test_every_sentence_of_the_game_is_in_the_template() -> bool:
	var ids := template_ids()
	var count := 0
	for path in sources():
		for sentence in sentences(path):
			count += 1
			expect(ids.has(sentence), "%s: '%s' is in %s" % [path.get_file(), sentence, TEMPLATE])
	expect(count > 100, "the game's sentences were read (%d)" % count)
	return ok()


func test_godots_pot_generation_reads_every_text_script() -> bool:
	# A text script missing from the list would leave its sentences out of the template.
	var listed: PackedStringArray = ProjectSettings.get_setting(POT_FILES, PackedStringArray())
	var scripts := sources()
	expect(scripts.size() >= 3, "the text folder's scripts were found: %s" % [scripts])
	for path in scripts:
		expect(listed.has(path), "%s lists %s" % [POT_FILES, path])
	return ok()


func test_no_script_of_the_game_writes_a_sentence_of_its_own() -> bool:
	# The HUD, the loop's parts, the alerts and the objects' prompts used to write theirs.
	for path in [
		"res://src/ui/hud/OutpostHud.gd",
		"res://src/world/loop/Interaction.gd",
		"res://src/world/loop/OutpostLoop.gd",
		"res://src/world/alerts/GameAlerts.gd",
		"res://src/world/objects/StaircaseObject.gd",
		"res://src/world/build/BuildMode.gd",
		"res://src/ui/saves/SaveSlots.gd",
		"res://src/ui/saves/SavesScreen.gd",
		"res://src/ui/menu/LevelSummary.gd",
		"res://src/ui/options/OptionsMenu.gd",
		"res://src/ui/hints/HintCoach.gd",
		"res://src/ui/end/EndScreen.gd",
		"res://src/ui/pause/PauseMenu.gd",
		"res://src/world/building/OutpostBuilding.gd",
		"res://src/game/MainMenu.gd",
		"res://src/game/OutpostGame.gd",
	]:
		var code := FileAccess.get_file_as_string(path)
		var lines := PackedStringArray()
		for line in code.split("\n"):
			var code_line := line.strip_edges()
			# Comments, and the editor's own labels (export groups), are no player's words.
			if not code_line.begins_with("#") and not code_line.begins_with("@export_group"):
				lines.append(line)
		var words := RegEx.create_from_string('"[A-Z][a-z]+ [a-z]+[^"]*"')
		for match in words.search_all("\n".join(lines)):
			expect(false, "%s writes %s itself" % [path.get_file(), match.get_string()])
	return ok()


func test_a_translation_changes_what_the_hud_says() -> bool:
	var translation := Translation.new()
	translation.locale = "xx"
	translation.add_message("Materials %d", "Matériaux : %d")
	translation.add_message("Quick slot", "Emplacement rapide")
	TranslationServer.add_translation(translation)
	var before := TranslationServer.get_locale()
	TranslationServer.set_locale("xx")
	var game := outpost_game(true, null, 20260316)
	game.loop.materials = 42.0
	game.hud.show_materials(42.0, 0.0, 0.0, 0.0)
	var label := game.hud.get_node(^"%MaterialsLabel") as Label
	expect_eq(label.text, "Matériaux : 42", "the HUD in the translation")
	expect_eq(SaveSlots.slot_name(SaveSlots.QUICK), "Emplacement rapide", "the saves' words too")
	TranslationServer.set_locale(before)
	TranslationServer.remove_translation(translation)
	expect_eq(GameText.materials(42.0), "Materials 42", "back to the game's own words")
	end_game(game)
	return ok()
