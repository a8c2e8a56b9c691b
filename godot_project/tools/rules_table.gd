extends SceneTree
## The table of the game's numbers in docs/playing.md, made from the rules themselves
## (data/outpost/outpost_rules.tres and Genesis's genesis_stats.tres), so that the page
## cannot say other numbers than the game plays with. tests/test_docs.gd checks that the
## page holds exactly [method markdown]; after a change of the rules, write it again:
##   godot --headless --path godot_project --script res://tools/rules_table.gd -- --write
## (without --write it prints the table).

const RULES := "res://data/outpost/outpost_rules.tres"
const STATS := "res://src/world/genesis/genesis_stats.tres"
const PAGE := "docs/playing.md"
const BEGIN := "<!-- rules-table: begin (tools/rules_table.gd) -->"
const END := "<!-- rules-table: end -->"


func _initialize() -> void:
	var text := markdown(load(RULES), load(STATS))
	if not "--write" in OS.get_cmdline_user_args():
		print(text)
		quit(0)
		return
	var path := ProjectSettings.globalize_path("res://").path_join("../" + PAGE)
	var page := FileAccess.get_file_as_string(path)
	var begin := page.find(BEGIN)
	var end := page.find(END)
	if begin < 0 or end < begin:
		push_error("rules_table.gd: %s has no %s ... %s block" % [PAGE, BEGIN, END])
		quit(1)
		return
	page = page.left(begin + BEGIN.length()) + "\n" + text + page.substr(end)
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(page)
	file.close()
	quit(0)


## The table, one row per rule: its name, its value in the rules, and why.
static func markdown(rules: OutpostRules, stats: GenesisStats) -> String:
	var low := rules.tier(0)
	var drone := rules.agent_kind(0)
	var alien := rules.agent_kind(1)
	var wave := rules.base_wave
	var drones := wave.row(&"drone")
	var aliens := wave.row(&"alien")
	var rows: Array[Array] = [
		[
			"starting materials",
			_n(rules.starting_materials),
			"a low tower (%s) and half a beacon: the first choice is yours" % _n(low.cost)
		],
		[
			"materials",
			"never below 0, at most %s" % _n(rules.max_materials),
			"a save claiming more is refused"
		],
		[
			"shaft feed",
			(
				"%s/s each, stopped by a drone within %s cells"
				% [_n(rules.shaft_feed_rate), _n(rules.shaft_disrupt_radius)]
			),
			"two shafts restore the first beacon in about 40 s; guarding them matters"
		],
		[
			"scrap",
			"%s per drone, %s per alien" % [_n(drone.scrap), _n(alien.scrap)],
			"killing pays, and draws Genesis out"
		],
		[
			"restoring",
			(
				"%s materials/s, %s health each; beacons have %s at level 1, %s more per level"
				% [
					_n(rules.restore_spend_rate),
					_n(rules.health_per_material),
					_n(rules.beacon_max_health),
					_n(rules.beacon_health_per_level),
				]
			),
			"about 10 s of holding per beacon at level 1 when you can pay; higher levels cost more"
		],
		[
			"bleed",
			"%s/s per missing health point" % _n(rules.bleed_per_missing_health),
			"a half-dead restored beacon costs a shaft's feed"
		],
		[
			"yield",
			"%s/s per full beacon" % _n(rules.beacon_yield),
			"the building's yield is what the reclaim pays out"
		],
	]
	var why_tier := [
		"cheap, kills a drone in ~1.5 s where it can see", "covers the zones a low one cannot"
	]
	for index in rules.tower_tiers.size():
		var tier := rules.tier(index)
		rows.append([_tier_name(tier), _tier(tier), why_tier[index] if index < 2 else ""])
	(
		rows
		. append_array(
			[
				["refund", "%d%%" % roundi(rules.tower_refund * 100.0), "moving towers costs"],
				["drones", _kind(drone), "a trickle of damage that punishes an unguarded beacon"],
				[
					"aliens",
					_kind(alien),
					(
						"faster than drones, slower than Genesis (%s m/s): keep moving"
						% _n(stats.speed)
					)
				],
				[
					"waves",
					(
						(
							"first at %s s, %s s sooner per level; %d drone(s) per wave per entry, +%d"
							+ " per depth above 1 and +%d per level above 1; %d drones and %d alien(s)"
							+ " alive per entry, +%d drone per level; %s s apart, %s s less per level"
							+ " (never under %s s); aliens from wave %d (counting from 1), one wave"
							+ " earlier per level, %d per entry (+%d per two levels)"
						)
						% [
							_n(wave.first_spawn_delay),
							_n(rules.first_spawn_delay_per_level),
							drones.per_wave,
							drones.per_depth,
							drones.per_level,
							drones.live_cap,
							aliens.live_cap,
							drones.live_cap_per_level,
							_n(wave.wave_interval),
							_n(rules.wave_interval_per_level),
							_n(rules.min_wave_interval),
							aliens.first_wave + 1,
							aliens.per_wave,
							aliens.per_two_levels,
						]
					),
					"the storeys of greater depth, with more entries, are the hard ones"
				],
				[
					"escalation",
					(
						"every %d waves: +%d drone a wave and +%d drone alive per entry, %d times at most"
						% [
							wave.escalate_every,
							drones.per_escalation,
							drones.live_cap_per_escalation,
							wave.max_escalations,
						]
					),
					"a game left alone gets harder; killing keeps the count down"
				],
				[
					"sending entries",
					(
						"%d%% of a storey's entries at level 1, +%d%% per level (rounded up, at least one)"
						% [
							roundi(rules.sending_entry_share * 100.0),
							roundi(rules.sending_entry_share_per_level * 100.0)
						]
					),
					"the level decides how many doors you must watch"
				],
				[
					"Genesis",
					(
						"%s health, %s m/s; %s health/s back after %s s without a bite"
						% [
							_n(stats.max_health),
							_n(stats.speed),
							_n(rules.genesis_regen),
							_n(rules.genesis_regen_delay),
						]
					),
					"hit and run works; standing still among aliens does not"
				],
				[
					"reclaim",
					(
						(
							"trickle = yield (the beacons' and the machines') + %s/s per"
							+ " connected shaft − %s/s per tower, never below 0"
						)
						% [_n(rules.shaft_bonus), _n(rules.tower_upkeep)]
					),
					"every tower you leave standing costs you after the win; the factory keeps paying"
				],
			]
		)
	)
	# The factory's machines, a row per kind, after the towers' refund.
	var machines: Array[Array] = []
	for kind in rules.machine_kinds:
		machines.append([kind.display_name.to_lower(), _machine(kind), _payback(kind)])
	machines.append(
		[
			"machine refund",
			"%d%%" % roundi(rules.machine_refund * 100.0),
			"a factory moved is a factory rebuilt"
		]
	)
	var at := rows.find_custom(func(row: Array) -> bool: return row[0] == "refund") + 1
	rows = rows.slice(0, at) + machines + rows.slice(at)
	var lines := PackedStringArray(["| rule | default | why |", "|---|---|---|"])
	for row in rows:
		lines.append("| %s | %s | %s |" % row)
	return "\n".join(lines) + "\n"


static func _tier_name(tier: TowerTier) -> String:
	return tier.display_name.to_lower()


static func _tier(tier: TowerTier) -> String:
	return (
		"%s; range %s; %s damage, %s/s; %s health; %s"
		% [
			_n(tier.cost),
			_n(tier.shot_range),
			_n(tier.damage),
			_n(tier.fire_rate),
			_n(tier.max_health),
			"needs a clear line" if tier.needs_line_of_sight else "over the walls",
		]
	)


static func _kind(kind: AgentKindRules) -> String:
	return (
		"%s cells/s, %s health, %s damage/s, %d%% on the field's step"
		% [
			_n(kind.speed),
			_n(kind.health),
			_n(kind.attack_damage * kind.attack_rate),
			roundi(kind.follow * 100.0)
		]
	)


# A number as the page writes it: whole numbers without a point, others as they are.
static func _n(value: float) -> String:
	if value >= 1e6:
		return String.num_scientific(value)
	return str(roundi(value)) if is_equal_approx(value, roundf(value)) else str(value)


static func _machine(kind: MachineKind) -> String:
	return (
		"%s; +%s materials/s; %s health; on the Underground floor only"
		% [_n(kind.cost), _n(kind.output), _n(kind.max_health)]
	)


# Why a machine kind: how long it takes to pay for itself.
static func _payback(kind: MachineKind) -> String:
	if kind.output <= 0.0:
		return "it produces nothing"
	return "pays for itself in %d s, if the drones leave it alone" % roundi(kind.cost / kind.output)
