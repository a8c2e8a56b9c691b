extends "res://tests/suite.gd"
## Outcome (the reclaim and the defeat), a part of the loop: no reclaim before every beacon
## is full; the reclaim locks the building (entries stop, the agents retreat) and fixes the
## trickle; the defeat comes only before it; its saved state is checked (a trickle without
## a reclaim, a game won and lost, a reclaim with a damaged beacon are refused).


func test_the_reclaim_waits_for_every_beacon_then_locks_the_building() -> bool:
	var game := outpost_game(true, null, 20260316)
	var outcome := game.loop.outcome
	var beacons := BuildingCensus.beacons(game.building)
	for beacon in beacons.slice(1):
		beacon.restore(beacon.max_health)
	expect(not outcome.can_reclaim(), "one beacon still damaged")
	expect(not outcome.reclaim(), "so no reclaim")
	beacons[0].restore(beacons[0].max_health)
	var rules := game.loop.rules
	var want := maxf(
		(
			outcome.get_yield()
			+ rules.shaft_bonus * BuildingCensus.connected_shafts(game.building)
			- rules.tower_upkeep * BuildingCensus.towers(game.building)
		),
		0.0
	)
	var won := record(outcome.reclaimed)
	expect(outcome.reclaim(), "reclaimed")
	expect_eq(won.size(), 1, "reclaimed emitted once")
	expect(is_equal_approx(outcome.trickle, want), "trickle %s, want %s" % [outcome.trickle, want])
	for index in game.building.get_storey_count():
		expect(game.building.get_swarm(index).is_retreating(), "floor %d's agents leave" % index)
		for entry in game.building.get_storey(index).get_entries():
			expect(not entry.spawning_enabled, "floor %d's entries stopped" % index)
	expect(not outcome.reclaim(), "once only")
	end_game(game)
	return ok()


func test_no_defeat_after_the_reclaim() -> bool:
	var game := outpost_game(true, null, 20260316)
	var outcome := game.loop.outcome
	for beacon in BuildingCensus.beacons(game.building):
		beacon.restore(beacon.max_health)
	expect(outcome.reclaim(), "reclaimed")
	game.genesis.health = 0.0
	expect(not outcome.check_defeat(), "the win is final")
	end_game(game)
	var lost_game := outpost_game(true, null, 20260316)
	lost_game.genesis.health = 0.0
	var lost := record(lost_game.loop.outcome.defeated)
	expect(lost_game.loop.outcome.check_defeat(), "at 0 health before the reclaim: lost")
	expect(lost_game.loop.outcome.check_defeat(), "and stays lost")
	expect_eq(lost.size(), 1, "defeated emitted once")
	end_game(lost_game)
	return ok()


func test_a_saved_outcome_that_cannot_be_is_refused() -> bool:
	var good := {"reclaimed": false, "reclaim_time": -1.0, "trickle": 0.0, "defeated": false}
	expect_eq(Outcome.check_state(good, {}), "", "a game going on")
	var cases := {
		"a trickle before the reclaim": [{"trickle": 2.0}, {}, "not reclaimed"],
		"won and lost": [{"reclaimed": true, "defeated": true}, {}, "both reclaimed and defeated"],
		"a damaged beacon": [{"reclaimed": true}, {"beacons_full": false}, "not every beacon"],
		"a negative trickle": [{"reclaimed": true, "trickle": -1.0}, {}, "below 0"],
	}
	for name: String in cases:
		var data := good.merged(cases[name][0], true)
		var problem := Outcome.check_state(data, cases[name][1])
		expect(problem.contains(cases[name][2]), "%s: '%s'" % [name, problem])
	return ok()
