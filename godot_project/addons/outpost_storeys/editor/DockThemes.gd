@tool
extends RefCounted
## The Look section's list of shipped themes: one pick puts a theme of the addon's
## [code]themes/[/code] folder (the game's look, [constant GAME_THEME], first) in the
## dock's Theme slot, with no trip through Quick Load (which hides the addon's files until
## its Addons toggle is on).

## The folder the shipped themes are read from.
const THEMES_DIR := "res://addons/outpost_storeys/themes/"
## The theme the game draws its storeys with (the game scene's [code]cell_definitions[/code]).
const GAME_THEME := "res://addons/outpost_storeys/themes/cell_definitions_rusty.tres"


## The shipped themes' files: [constant GAME_THEME] first, then the others by file name.
static func theme_paths() -> PackedStringArray:
	var paths := PackedStringArray()
	for file in DirAccess.get_files_at(THEMES_DIR):
		var path := THEMES_DIR + file.trim_suffix(".remap")
		if path.ends_with(".tres") and path != GAME_THEME and not paths.has(path):
			paths.append(path)
	paths.sort()
	if ResourceLoader.exists(GAME_THEME):
		paths.insert(0, GAME_THEME)
	return paths


## An [OptionButton] named "ThemeList" listing [method theme_paths] by theme name (the
## game's marked as such); choosing one calls [param pick] with the loaded theme.
static func list(pick: Callable) -> OptionButton:
	var button := OptionButton.new()
	button.name = "ThemeList"
	button.tooltip_text = "Put a shipped theme in the Theme slot (the game's look first)."
	button.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	button.add_item("Shipped themes…")
	button.set_item_disabled(0, true)
	var paths := theme_paths()
	for path in paths:
		var theme := load(path) as CellDefinitions
		var label := (
			theme.theme_name
			if theme != null and not theme.theme_name.is_empty()
			else path.get_file()
		)
		if path == GAME_THEME:
			label += " (the game's look)"
		button.add_item(label)
		button.set_item_metadata(button.item_count - 1, path)
	button.select(0)  # the prompt, not a theme the slot does not hold
	button.item_selected.connect(
		func(index: int) -> void:
			pick.call(load(button.get_item_metadata(index)) as CellDefinitions)
			button.select(0)
	)
	return button
