class_name FactoryText
extends RefCounted
## The words of the underground factory: why a machine may not go somewhere, the build
## ghost's and the build line's sentences on the factory floor, the HUD's factory line and
## the alert of a machine destroyed. Like [GameText] and [SaveText], each through
## [method Object.tr].

# The translator: tr() needs an Object, and these are static functions.
static var _t := RefCounted.new()


## Why a machine may not be built ([enum BuildRules.Refusal]; "" for NONE); for
## NOT_EMPTY, [param cell_type_name] names what stands there. The reasons it shares with
## towers are said as for towers ([method GameText.tower_refusal]).
static func machine_refusal(refusal: int, cell_type_name: String = "") -> String:
	match refusal:
		BuildRules.Refusal.NO_KIND:
			return _t.tr("no such machine")
		BuildRules.Refusal.NOT_FACTORY:
			return _t.tr("machines stand on the Underground floor only")
		BuildRules.Refusal.MACHINE:
			return _t.tr("a machine stands there")
	if refusal >= BuildRules.Refusal.NONE and refusal <= BuildRules.Refusal.MATERIALS:
		return GameText.tower_refusal(refusal, cell_type_name)
	return _t.tr("refused (%d)") % refusal


## The build ghost's sentence where a machine of [param kind_name] may go.
static func machine_buildable(kind_name: String, cost: float, output: float) -> String:
	return _t.tr("%s: %d (+%.1f materials/s)") % [kind_name, GameText.amount(cost), output]


## The build ghost's sentence over a machine that may be removed.
static func machine_removable(key: String, kind_name: String, refund: float) -> String:
	return _t.tr("%s: remove the %s (refund %d)") % [key, kind_name, GameText.amount(refund)]


## The build-mode line on the factory floor: what the next click builds ([param what]:
## a tower tier's name, or a machine's with its output), its cost and the keys
## ([param keys]: the tower tiers', the machines', build, remove, leave).
static func factory_build_line(here: String, what: String, cost: float, keys: Array) -> String:
	var picks := (
		_t.tr("BUILD MODE: %s (%d materials) - %s: tower, %s: machine")
		% [what, GameText.amount(cost), keys[0], keys[1]]
	)
	var line := (
		picks + ", " + _t.tr("%s: build, %s: remove, %s: leave") % [keys[2], keys[3], keys[4]]
	)
	return line if here.is_empty() else _t.tr("Here: %s") % here + "\n" + line


## A machine's name with what it produces, for the build line.
static func machine_choice(kind_name: String, output: float) -> String:
	return _t.tr("%s, +%.1f/s") % [kind_name, output]


## The HUD's factory line: [param machines] standing, producing [param output] materials
## per second (fed into the ledger; after the reclaim, part of the trickle, and the locked
## building takes no more machines).
static func factory_line(machines: int, output: float, reclaimed: bool) -> String:
	if machines == 0 and reclaimed:
		return _t.tr("Factory: no machines (the reclaimed building is locked)")
	if machines == 0:
		return _t.tr("Factory: no machines (build them on the Underground floor)")
	if reclaimed:
		return (
			_t.tr_n(
				"Factory: %d machine, %.1f/s in the trickle",
				"Factory: %d machines, %.1f/s in the trickle",
				machines
			)
			% [machines, output]
		)
	return (
		_t.tr_n(
			"Factory: %d machine, +%.1f materials/s",
			"Factory: %d machines, +%.1f materials/s",
			machines
		)
		% [machines, output]
	)


## A factory machine was destroyed at [param where].
static func alert_machine_destroyed(where: String) -> String:
	return _t.tr("Machine destroyed: %s") % where
