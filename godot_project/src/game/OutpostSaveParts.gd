class_name OutpostSaveParts
extends RefCounted
## The parts of the game's save as classes, under the keys and in the order of
## [method OutpostGame.save_parts] (a test holds the two lists equal): what checks a save
## file where there is no game to load it into (the main menu's saves screen). Each
## class's static [code]check_state[/code] is the part's check.


## [code][[key, class], ...][/code], in the order the parts are checked and applied.
static func classes() -> Array:
	return [
		["building", OutpostBuilding],
		["surface", OutpostSurface],
		["genesis", OutpostGenesis],
		["ledger", Ledger],
		["loop", OutpostLoop],
		["interaction", Interaction],
		["outcome", Outcome],
		["alerts", GameAlerts],
		["view", OutpostCamera],
	]


## Why the save at [param path] cannot be loaded into a game of [param rules] ("" if it
## can): [method OutpostGame.check_save] without a game ([method SaveGame.verdict]).
static func check_file(path: String, rules: OutpostRules) -> String:
	return SaveGame.verdict(classes(), path, {"rules": rules})
