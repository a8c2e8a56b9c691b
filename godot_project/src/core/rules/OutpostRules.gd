class_name OutpostRules
extends Resource
## Every number of the outpost loop, in one place (res://data/outpost/outpost_rules.tres;
## docs/playing.md explains the defaults). The game only reads it: a test that changes a rule
## for one game duplicates it first ([code]duplicate(true)[/code], so that the rows of
## [member agent_kinds], [member tower_tiers] and [member machine_kinds] are copies too).

@export_group("Materials")
## Materials Genesis starts with: enough for a low tower and part of a beacon.
@export_range(0.0, 10000.0, 1.0) var starting_materials := 80.0
## The most materials a game holds: what comes in past it is not taken, and a save
## claiming more is refused ([method Ledger.check_state]).
@export_range(1000.0, 1e9, 1000.0) var max_materials := 1e9

@export_group("Beacons")
## Health of a full beacon at outpost level 1 (every beacon starts at 0: damaged).
@export_range(1.0, 10000.0, 1.0) var beacon_max_health := 100.0
## Health a full beacon has more per outpost level above the first: higher levels cost more
## materials and time to restore.
@export_range(0.0, 1000.0, 1.0) var beacon_health_per_level := 30.0
## Materials spent per second while Genesis holds interact next to a damaged beacon.
@export_range(0.1, 1000.0, 0.1, "suffix:/s") var restore_spend_rate := 12.0
## Beacon health restored per material spent.
@export_range(0.01, 100.0, 0.01) var health_per_material := 0.8
## Materials lost per second per missing health point of a beacon that was restored once
## and is damaged again (bleed).
@export_range(0.0, 10.0, 0.001, "suffix:/s") var bleed_per_missing_health := 0.02
## Yield of one fully restored beacon, in materials per second; partial progress yields in
## proportion.
@export_range(0.0, 100.0, 0.05, "suffix:/s") var beacon_yield := 0.6

@export_group("Shafts")
## Materials per second a connected shaft feeds while no agent disrupts it (a kind with
## [member AgentKindRules.disrupts_shafts]: the drone).
@export_range(0.0, 100.0, 0.05, "suffix:/s") var shaft_feed_rate := 1.5
## Materials it costs to connect a shaft.
@export_range(0.0, 1000.0, 1.0) var shaft_connect_cost := 0.0
## Disrupting agents within this distance (cells) of a connected shaft stop its feed while
## they stay.
@export_range(0.0, 10.0, 0.1, "suffix:cells") var shaft_disrupt_radius := 1.5

@export_group("Towers")
## The tower tiers, lowest first: each a [TowerTier].
@export var tower_tiers: Array[TowerTier] = []
## Share of a tower's cost refunded when it is removed.
@export_range(0.0, 1.0, 0.05) var tower_refund := 0.5

@export_group("Factory")
## The kinds of factory machine, each a [MachineKind]: they stand on the EMPTY cells of the
## UNDERGROUND storey only. Append rather than insert: a save stores a machine's kind as
## its index in this list.
@export var machine_kinds: Array[MachineKind] = []
## Share of a machine's cost refunded when it is removed.
@export_range(0.0, 1.0, 0.05) var machine_refund := 0.5

@export_group("Genesis")
## Health Genesis regains per second once nothing has attacked it for
## [member genesis_regen_delay] seconds.
@export_range(0.0, 100.0, 0.1, "suffix:/s") var genesis_regen := 3.0
## Seconds without an alien attack before Genesis regains health.
@export_range(0.0, 60.0, 0.1, "suffix:s") var genesis_regen_delay := 4.0

@export_group("Reclaim")
## Trickle bonus per connected shaft, in materials per second.
@export_range(0.0, 100.0, 0.05, "suffix:/s") var shaft_bonus := 0.4
## Trickle upkeep per tower standing, in materials per second.
@export_range(0.0, 100.0, 0.01, "suffix:/s") var tower_upkeep := 0.15

@export_group("Waves")
## The schedule of an entry point on the first storey at outpost level 1, one
## [WaveRow] per kind; deeper storeys and higher levels grow each row as the row says, and
## the interval and first delay as below ([method wave_profile_for]).
@export var base_wave: WaveProfile
## Seconds taken off the interval between waves per outpost level above the first.
@export_range(0.0, 60.0, 0.5, "suffix:s") var wave_interval_per_level := 2.0
## The shortest interval between waves the level bonus leaves.
@export_range(0.0, 600.0, 0.5, "suffix:s") var min_wave_interval := 5.0

@export_group("Levels")
## Share of a storey's entries that send waves at outpost level 1 (the first entries of
## [member StoreyLayout.entry_cells]; at least one sends). The others stay quiet openings.
@export_range(0.0, 1.0, 0.05) var sending_entry_share := 0.5
## Share of the entries added per outpost level above the first.
@export_range(0.0, 1.0, 0.05) var sending_entry_share_per_level := 0.25
## Seconds taken off the first wave's delay per outpost level above the first.
@export_range(0.0, 60.0, 0.5, "suffix:s") var first_spawn_delay_per_level := 5.0

@export_group("Agents")
## The kinds of agent, one [AgentKindRules] per row of every storey's [StoreySwarm]
## ([method StoreySwarm.set_kinds]): row 0 the drone ([constant StoreySwarm.KIND_DRONE]),
## row 1 the alien ([constant StoreySwarm.KIND_ALIEN]); entry points spawn those two. A
## row added here is a kind of the game: its goal, tunables, look, scrap and shaft rule.
@export var agent_kinds: Array[AgentKindRules] = _default_kinds()

## Alias of row 0's tunables ([member agent_kinds]), as [method StoreySwarm.set_kind_params]
## takes them; not stored (the row is). Without such a row, the aliases read a detached
## default row and their writes go nowhere.
var drone_params: Dictionary:
	get:
		return _row(0).get_params()
	set(value):
		_row(0).set_params(value)
## Alias of row 1's tunables; see [member drone_params].
var alien_params: Dictionary:
	get:
		return _row(1).get_params()
	set(value):
		_row(1).set_params(value)
## Alias of row 0's [member AgentKindRules.scrap]: materials a destroyed drone drops; not
## stored (the row is).
var drone_scrap: float:
	get:
		return _row(0).scrap
	set(value):
		_row(0).scrap = value
## Alias of row 1's [member AgentKindRules.scrap]: materials a destroyed alien drops.
var alien_scrap: float:
	get:
		return _row(1).scrap
	set(value):
		_row(1).scrap = value

## Drones a wave added per storey depth above 1: alias of the base wave's drone row's
## [member WaveRow.per_depth] (the older wave rules below are aliases the same way; not
## stored).
var drones_per_depth: int:
	get:
		return _wave_rule(&"drone", &"per_depth")
	set(value):
		_set_wave_rule(&"drone", &"per_depth", value)
## Drones a wave added per outpost level above the first (the drone row's per_level).
var drones_per_level: int:
	get:
		return _wave_rule(&"drone", &"per_level")
	set(value):
		_set_wave_rule(&"drone", &"per_level", value)
## Live drones per entry added per storey depth above 1 (the drone row's).
var live_drones_per_depth: int:
	get:
		return _wave_rule(&"drone", &"live_cap_per_depth")
	set(value):
		_set_wave_rule(&"drone", &"live_cap_per_depth", value)
## Live drones per entry added per outpost level above the first (the drone row's).
var live_drones_per_level: int:
	get:
		return _wave_rule(&"drone", &"live_cap_per_level")
	set(value):
		_set_wave_rule(&"drone", &"live_cap_per_level", value)
## The first wave (0-based) that also sends aliens (the alien row's first_wave).
var alien_first_wave: int:
	get:
		return _wave_rule(&"alien", &"first_wave")
	set(value):
		_set_wave_rule(&"alien", &"first_wave", value)
## Aliens per wave, before the level bonus (the alien row's per_wave).
var aliens_per_wave: int:
	get:
		return _wave_rule(&"alien", &"per_wave")
	set(value):
		_set_wave_rule(&"alien", &"per_wave", value)
## Aliens per wave added per two outpost levels (the alien row's).
var aliens_per_two_levels: int:
	get:
		return _wave_rule(&"alien", &"per_two_levels")
	set(value):
		_set_wave_rule(&"alien", &"per_two_levels", value)
## Waves earlier the aliens come per outpost level above the first (the alien row's).
var alien_waves_earlier_per_level: int:
	get:
		return _wave_rule(&"alien", &"first_wave_earlier_per_level")
	set(value):
		_set_wave_rule(&"alien", &"first_wave_earlier_per_level", value)


## The wave schedule of an entry point on a storey of [param depth] (1-based) at
## [param outpost_level]: [member base_wave] (with its escalation), each row grown by its
## depth and level bonuses ([method WaveRow.grown]), the first delay and the interval
## shortened by the level.
func wave_profile_for(depth: int, outpost_level: int) -> WaveProfile:
	var profile: WaveProfile = base_wave.duplicate() if base_wave != null else WaveProfile.new()
	var deeper := maxi(depth - 1, 0)
	var higher := _above_first(outpost_level)
	var grown: Array[WaveRow] = []
	for row in profile.rows:
		if row != null:
			grown.append(row.grown(deeper, higher))
	profile.rows = grown
	profile.first_spawn_delay = maxf(
		profile.first_spawn_delay - first_spawn_delay_per_level * higher, 0.0
	)
	profile.wave_interval = maxf(
		profile.wave_interval - wave_interval_per_level * higher, min_wave_interval
	)
	return profile


## Health of a full beacon at [param outpost_level].
func beacon_health_at(outpost_level: int) -> float:
	return beacon_max_health + beacon_health_per_level * _above_first(outpost_level)


## How many of a storey's [param entries] entries send waves at [param outpost_level]:
## [member sending_entry_share] plus [member sending_entry_share_per_level] per level above
## the first, rounded up, at least one (none of none).
func sending_entries(entries: int, outpost_level: int) -> int:
	if entries <= 0:
		return 0
	var higher := _above_first(outpost_level)
	var share := clampf(sending_entry_share + sending_entry_share_per_level * higher, 0.0, 1.0)
	return clampi(ceili(share * entries - 0.001), 1, entries)


## The tier with [param index], or null.
func tier(index: int) -> TowerTier:
	return tower_tiers[index] if index >= 0 and index < tower_tiers.size() else null


## The machine kind with [param index] in [member machine_kinds], or null.
func machine_kind(index: int) -> MachineKind:
	return machine_kinds[index] if index >= 0 and index < machine_kinds.size() else null


## The rules of agent kind [param kind] (a [StoreySwarm] kind value), or null.
func agent_kind(kind: int) -> AgentKindRules:
	return agent_kinds[kind] if kind >= 0 and kind < agent_kinds.size() else null


# The drone and the alien, as a fresh OutpostRules has them (the .tres states its own).
static func _default_kinds() -> Array[AgentKindRules]:
	var drone_params := {
		"speed": 1.2, "health": 20.0, "attack_damage": 1.0, "attack_rate": 1.0, "follow": 0.7
	}
	var alien_params := {
		"speed": 1.6, "health": 40.0, "attack_damage": 2.0, "attack_rate": 1.0, "follow": 0.85
	}
	return [
		_kind("drone", SwarmKind.Goal.POWER, drone_params, [1.1, Color(1.0, 0.45, 0.1)], 3.0, true),
		_kind(
			"alien", SwarmKind.Goal.HEAT, alien_params, [0.35, Color(0.35, 0.95, 0.3)], 6.0, false
		),
	]


# A row: its name, goal, tunables, look ([height, colour]), scrap and shaft rule.
static func _kind(
	kind_name: String,
	goal: SwarmKind.Goal,
	params: Dictionary,
	look: Array,
	scrap: float,
	disrupts_shafts: bool
) -> AgentKindRules:
	var row := AgentKindRules.new()
	row.name = kind_name
	row.goal = goal
	row.set_params(params)
	row.height = look[0]
	row.color = look[1]
	row.scrap = scrap
	row.disrupts_shafts = disrupts_shafts
	return row


# Row [param index] of [member agent_kinds], or a detached default row where there is none.
func _row(index: int) -> AgentKindRules:
	return agent_kinds[index] if index < agent_kinds.size() else AgentKindRules.new()


# Outpost levels above the first (0 at level 1 and below): what every level bonus counts.
static func _above_first(outpost_level: int) -> int:
	return maxi(outpost_level - 1, 0)


func _wave_rule(kind: StringName, property: StringName) -> int:
	var row := base_wave.row(kind) if base_wave != null else null
	return row.get(property) if row != null else 0


func _set_wave_rule(kind: StringName, property: StringName, value: int) -> void:
	if base_wave == null:
		base_wave = WaveProfile.new()
	var row := base_wave.row(kind)
	if row == null:
		row = WaveRow.new()
		row.kind = kind
		base_wave.rows.append(row)
	row.set(property, value)
