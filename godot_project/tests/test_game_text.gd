extends "res://tests/suite.gd"
## The player's words are translatable: every sentence goes through tr() in a script of
## src/core/text/ (GameText, SaveText, MenuText, FactoryText, SurfaceText, WaveText, and
## RulesWords, the rules' names that Godot's POT generation cannot read in the .tres) and
## is in src/core/text/game_text.pot, the template Godot's own POT generation makes of the
## project (scripts/pot.sh; `scripts/pot.sh --check` proves the committed file is exactly
## that); every script of the game is read, so a script that holds words of its own (the
## mouse buttons' names did) is found; a translation loaded for a locale changes what the
## HUD and the saves screen say, with the numbers still in.

## Where the game's scripts live.
const SOURCE_FOLDER := "res://src/"
const TEXT_FOLDER := "res://src/core/text/"
const TEMPLATE := "res://src/core/text/game_text.pot"
## The project setting listing the files Godot's POT generation reads.
const POT_FILES := "internationalization/locale/translations_pot_files"
## Scripts of the game whose words no player reads, and why: the Seed Inspector is the
## developers' workbench (its words are English on purpose), and a node's configuration
## warnings are the editor's.
const NOT_THE_PLAYERS := {
	"res://src/game/SeedInspector.gd": "the Seed Inspector, a developers' workbench",
	"res://src/ui/inspector/LayoutSaver.gd": "the Seed Inspector's Save",
	"res://src/ui/inspector/SeedInspectorPanel.gd": "the Seed Inspector's panel",
	"res://src/world/render/StoreyRenderer.gd": "its configuration warning, the editor's",
	"res://src/world/render/StoreyPreview.gd": "its configuration warning, the editor's",
}
const RULES := "res://data/outpost/outpost_rules.tres"
const RULES_WORDS := "res://src/core/text/RulesWords.gd"


## Every script under `folder`, recursively, in name order.
func scripts_under(folder: String) -> Array[String]:
	var found: Array[String] = []
	for file in DirAccess.get_files_at(folder):
		if file.get_extension() == "gd":
			found.append(folder + file)
	for sub in DirAccess.get_directories_at(folder):
		found.append_array(scripts_under(folder + sub + "/"))
	found.sort()
	return found


## Every script of the game that passes words to tr(): those of [constant TEXT_FOLDER],
## and any other that does.
func sources() -> Array[String]:
	var found: Array[String] = []
	for path in scripts_under(SOURCE_FOLDER):
		if path.begins_with(TEXT_FOLDER) or not sentences(path).is_empty():
			found.append(path)
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
	expect(scripts.has(RULES_WORDS), "the text folder's scripts were found: %s" % [scripts])
	for path in scripts:
		expect(listed.has(path), "%s lists %s" % [POT_FILES, path])
	return ok()


func test_no_script_of_the_game_writes_a_sentence_of_its_own() -> bool:
	# The HUD, the loop's parts, the alerts and the objects' prompts used to write theirs,
	# and ActionKeys the mouse buttons' names: every script of the game is read.
	var read := 0
	for path in scripts_under(SOURCE_FOLDER):
		if path.begins_with(TEXT_FOLDER) or NOT_THE_PLAYERS.has(path):
			continue
		read += 1
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
	expect(read > 50, "the game's scripts were read (%d)" % read)
	for path: String in NOT_THE_PLAYERS:
		expect(
			FileAccess.file_exists(path), "%s (left out: %s) exists" % [path, NOT_THE_PLAYERS[path]]
		)
	return ok()


func test_the_rules_names_are_translatable_words_exactly_as_the_rules_give_them() -> bool:
	# Godot's POT generation never reads a .tres: RulesWords holds the names as literals.
	var rules: OutpostRules = load(RULES)
	var tool := load("res://tools/rules_words.gd")
	var want: PackedStringArray = tool.names(rules)
	expect(want.has("Low tower") and want.has("Smelter") and want.has("drone"), "%s" % [want])
	expect_eq(sentences(RULES_WORDS), want, "RulesWords' literals are the rules' names")
	expect_eq(
		FileAccess.get_file_as_string(RULES_WORDS),
		tool.script_text(rules),
		"RulesWords.gd is what tools/rules_words.gd writes (run it with -- --write)"
	)
	var ids := template_ids()
	for name in want:
		expect(ids.has(name), "'%s' is in %s" % [name, TEMPLATE])
	return ok()


## A translation of `messages` (the game's words: theirs) for a locale of its own, made the
## current one; give it to `untranslate` after.
func translate(messages: Dictionary) -> Translation:
	var translation := Translation.new()
	translation.locale = "xx"
	for message: String in messages:
		translation.add_message(message, messages[message])
	translation.set_meta(&"before", TranslationServer.get_locale())
	TranslationServer.add_translation(translation)
	TranslationServer.set_locale("xx")
	return translation


## Back to the locale before `translation` and without it.
func untranslate(translation: Translation) -> void:
	TranslationServer.set_locale(translation.get_meta(&"before"))
	TranslationServer.remove_translation(translation)


func test_a_translation_changes_the_rules_names_and_the_mouse_buttons() -> bool:
	var translation := translate(
		{"Low tower": "Tour basse", "Smelter": "Fonderie", "Left click": "Clic gauche"}
	)
	var game := outpost_game(true, null, 20260316)
	var controls := game.hud.controls_text()
	expect(controls.contains("Tour basse: "), "a tier's name in the controls: %s" % controls)
	expect(controls.contains("Clic gauche"), "the mouse button's name: %s" % controls)
	expect_eq(ActionKeys.describe(&"click_move"), "Clic gauche", "the key hints' name")
	expect_eq(RulesWords.of("Smelter"), "Fonderie", "a machine's name")
	untranslate(translation)
	expect_eq(ActionKeys.describe(&"click_move"), "Left click", "back to the game's own words")
	end_game(game)
	return ok()


func test_a_translation_changes_what_the_hud_says() -> bool:
	var translation := translate(
		{"Materials %d": "Matériaux : %d", "Quick slot": "Emplacement rapide"}
	)
	var game := outpost_game(true, null, 20260316)
	game.loop.materials = 42.0
	game.hud.show_materials(42.0, 0.0, 0.0, 0.0)
	var label := game.hud.get_node(^"%MaterialsLabel") as Label
	expect_eq(label.text, "Matériaux : 42", "the HUD in the translation")
	expect_eq(SaveSlots.slot_name(SaveSlots.QUICK), "Emplacement rapide", "the saves' words too")
	untranslate(translation)
	expect_eq(GameText.materials(42.0), "Materials 42", "back to the game's own words")
	end_game(game)
	return ok()


func test_a_count_of_one_takes_the_singular() -> bool:
	expect_eq(
		FactoryText.factory_line(1, 1.5, false), "Factory: 1 machine, +1.5 materials/s", "one"
	)
	expect_eq(
		FactoryText.factory_line(2, 3.0, false), "Factory: 2 machines, +3.0 materials/s", "two"
	)
	expect_eq(
		FactoryText.factory_line(1, 1.5, true), "Factory: 1 machine, 1.5/s in the trickle", "won"
	)
	return ok()
