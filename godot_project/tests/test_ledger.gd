extends "res://tests/suite.gd"
## The Ledger (the loop's materials and accounts), on its own: materials are always
## earned - spent - lost, never below 0 and never above the cap; a payment it cannot cover
## changes nothing; its saved state is checked against the rules' bound.


func ledger(starting: float = 50.0, cap: float = 1000.0) -> Ledger:
	var l := Ledger.new()
	l.open(starting, cap)
	return l


func adds_up(l: Ledger) -> bool:
	return is_equal_approx(l.materials, l.earned - l.spent - l.lost)


func test_materials_are_always_earned_less_spent_less_lost() -> bool:
	var l := ledger()
	expect(l.spend(20.0), "a payment covered")
	l.earn(7.5)
	expect_eq(l.lose(1000.0), 37.5, "bleeding takes what there is, no more")
	l.earn(3.0)
	expect(adds_up(l), "%s = %s - %s - %s" % [l.materials, l.earned, l.spent, l.lost])
	expect_eq(l.materials, 3.0, "what is left")
	return ok()


func test_a_payment_it_cannot_cover_changes_nothing() -> bool:
	var l := ledger(10.0)
	expect(not l.spend(10.5), "refused")
	expect(not l.spend(-1.0), "a negative payment refused")
	expect_eq(
		l.get_state(), {"materials": 10.0, "earned": 10.0, "spent": 0.0, "lost": 0.0}, "as before"
	)
	return ok()


func test_what_comes_in_past_the_cap_is_not_taken() -> bool:
	var l := ledger(900.0, 1000.0)
	expect_eq(l.earn(250.0), 100.0, "only up to the cap")
	expect_eq(l.materials, 1000.0, "at the cap")
	expect(adds_up(l), "the accounts still add up")
	return ok()


func test_a_saved_ledger_is_checked_against_the_rules_bound() -> bool:
	var rules := OutpostRules.new()
	var context := {"rules": rules}
	expect_eq(Ledger.check_state({"materials": 12.0}, context), "", "accounts are optional")
	for bad: Array in [
		[{"materials": -1.0}, "ledger.materials is -1.*below 0"],
		[{"materials": 1e308}, "ledger.materials is 1e\\+308, above"],
		[{"materials": "many"}, "ledger.materials is many, not a number"],
		[{"materials": 5.0, "earned": -3.0}, "ledger.earned is -3.*below 0"],
	]:
		var problem := Ledger.check_state(bad[0], context)
		var pattern := RegEx.create_from_string(bad[1])
		expect(pattern.search(problem) != null, "%s: '%s' names it" % [bad[0], problem])
	return ok()


func test_a_save_without_accounts_counts_what_it_carries_as_earned() -> bool:
	var l := ledger()
	l.set_state({"materials": 64.0})
	expect_eq(l.get_state(), {"materials": 64.0, "earned": 64.0, "spent": 0.0, "lost": 0.0}, "")
	return ok()
