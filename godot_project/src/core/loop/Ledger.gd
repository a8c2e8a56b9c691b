class_name Ledger
extends RefCounted
## The materials of a game and their accounts: [member materials] is always
## [member earned] - [member spent] - [member lost], never below 0 and never above
## [member cap] ([member OutpostRules.max_materials]). What comes in is earned (the starting
## materials, shafts, scrap, refunds, the trickle), what pays for something is spent
## (towers, restoring, connecting shafts), what bleeding beacons take is lost. An amount
## that would go past [member cap] is earned only up to it. A part of the loop
## ([OutpostLoop]); its state is saved with the game ([method get_state]).

## Materials carried: earned - spent - lost.
var materials := 0.0
## Materials that came in.
var earned := 0.0
## Materials paid for something.
var spent := 0.0
## Materials the bleeding beacons took.
var lost := 0.0
## The most materials the ledger holds.
var cap := 1e9


## Starts the accounts afresh with [param starting] materials, held up to [param limit].
func open(starting: float, limit: float) -> void:
	cap = limit
	materials = 0.0
	earned = 0.0
	spent = 0.0
	lost = 0.0
	earn(starting)


## Adds [param amount] (at least 0) to what came in, up to [member cap]; returns what was
## taken.
func earn(amount: float) -> float:
	var taken := clampf(amount, 0.0, maxf(cap - materials, 0.0))
	materials += taken
	earned += taken
	return taken


## Pays [param amount]: false (nothing paid) if the materials do not cover it.
func spend(amount: float) -> bool:
	if amount < 0.0 or amount > materials:
		return false
	materials -= amount
	spent += amount
	return true


## Loses up to [param amount] to bleeding; returns what was lost (never more than carried).
func lose(amount: float) -> float:
	var taken := clampf(amount, 0.0, materials)
	materials -= taken
	lost += taken
	return taken


## Whether [param amount] can be paid now.
func can_pay(amount: float) -> bool:
	return amount <= materials


## The state for a save game: the materials and the three accounts.
func get_state() -> Dictionary:
	return {"materials": materials, "earned": earned, "spent": spent, "lost": lost}


## "" if [param data] is a ledger [param context]'s rules allow ([code]rules[/code]: an
## [OutpostRules]), else what is wrong: a number not finite, below 0 or above
## [member OutpostRules.max_materials]. The accounts are optional (a save written before
## them counts what it carries as earned).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var check := StateCheck.new()
	var rules: OutpostRules = context.get("rules")
	var limit := rules.max_materials if rules != null else StateCheck.HUGE
	check.number(data, "materials", "ledger", 0.0, limit)
	for key in ["earned", "spent", "lost"]:
		if data.has(key):
			check.number(data, key, "ledger", 0.0, StateCheck.HUGE)
	return check.problem()


## Restores [method get_state]'s state (checked by [method check_state]).
func set_state(data: Dictionary) -> void:
	materials = data["materials"]
	spent = data.get("spent", 0.0)
	lost = data.get("lost", 0.0)
	earned = data.get("earned", materials + spent + lost)
