class_name RulesWords
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
			_t.tr("Low tower"),
			_t.tr("High tower"),
			_t.tr("Smelter"),
			_t.tr("Fabricator"),
			_t.tr("drone"),
			_t.tr("alien"),
		]
	)
