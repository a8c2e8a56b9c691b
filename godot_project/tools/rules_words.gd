extends SceneTree
## Writes src/core/text/RulesWords.gd: the names the rules give their tower tiers, machine
## kinds and agent kinds (data/outpost/outpost_rules.tres), each a tr() literal. Godot's POT
## generation reads scripts and scenes, never the names inside a .tres, so without this
## script no translator would see them. tests/test_game_text.gd checks that the committed
## script is exactly [method script_text] of the rules; after a change of the rules' names,
## write it again (then scripts/pot.sh):
##   godot --headless --path godot_project --script res://tools/rules_words.gd -- --write
## (without --write it prints the script).

const RULES := "res://data/outpost/outpost_rules.tres"
const SCRIPT := "res://src/core/text/RulesWords.gd"


func _initialize() -> void:
	var text := script_text(load(RULES))
	if not "--write" in OS.get_cmdline_user_args():
		print(text)
		quit(0)
		return
	var file := FileAccess.open(ProjectSettings.globalize_path(SCRIPT), FileAccess.WRITE)
	if file == null:
		push_error("rules_words.gd: cannot write %s" % SCRIPT)
		quit(1)
		return
	file.store_string(text)
	file.close()
	quit(0)


## The names of [param rules], in the rules' order: the tower tiers', the machine kinds'
## ([code]display_name[/code]), then the agent kinds' ([code]name[/code]), each once.
static func names(rules: OutpostRules) -> PackedStringArray:
	var out := PackedStringArray()
	for tier in rules.tower_tiers:
		out.append(tier.display_name)
	for kind in rules.machine_kinds:
		out.append(kind.display_name)
	for kind in rules.agent_kinds:
		out.append(String(kind.name))
	var once := PackedStringArray()
	for name in out:
		if not once.has(name):
			once.append(name)
	return once


## The script: [method names] of [param rules] as tr() literals, and the one call that
## translates a rules' name.
static func script_text(rules: OutpostRules) -> String:
	var lines := PackedStringArray()
	for name in names(rules):
		lines.append("\t\t\t_t.tr(%s)," % JSON.stringify(name))
	return (
		"""class_name RulesWords
extends RefCounted
## The names the rules give their tower tiers, machine kinds and agent kinds, in the
## player's language. Written by tools/rules_words.gd from data/outpost/outpost_rules.tres
## (do not edit it by hand: write it again after a change of the rules' names): Godot's POT
## generation never reads the names inside a .tres, so each is a tr() literal here.

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## [param rules_name] (a tier's or a machine kind's [code]display_name[/code], an agent
## kind's [code]name[/code]) in the player's language.
static func of(rules_name: String) -> String:
	return _t.tr(rules_name)


## Every name of the rules, in the player's language: the tower tiers', the machine kinds',
## the agent kinds'.
static func names() -> PackedStringArray:
	return PackedStringArray(
		[
%s
		]
	)
"""
		% "\n".join(lines)
	)
