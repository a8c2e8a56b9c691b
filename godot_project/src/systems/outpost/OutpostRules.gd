class_name OutpostRules
extends Resource
## Every number of the outpost loop, in one place (res://data/outpost/outpost_rules.tres;
## the README explains the defaults). The game only reads it: a test that changes a rule
## for one game [method Resource.duplicate]s it first.

@export_group("Materials")
## Materials Genesis starts with: enough for a low tower and part of a beacon.
@export_range(0.0, 10000.0, 1.0) var starting_materials := 80.0
## Materials dropped as scrap by a destroyed drone (collected by flying over its cell).
@export_range(0.0, 100.0, 0.5) var drone_scrap := 3.0
## Materials dropped as scrap by a destroyed alien.
@export_range(0.0, 100.0, 0.5) var alien_scrap := 6.0

@export_group("Beacons")
## Health of a full beacon (every beacon starts at 0: damaged).
@export_range(1.0, 10000.0, 1.0) var beacon_max_health := 100.0
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
## Materials per second a connected shaft feeds while no drone disrupts it.
@export_range(0.0, 100.0, 0.05, "suffix:/s") var shaft_feed_rate := 1.5
## Materials it costs to connect a shaft.
@export_range(0.0, 1000.0, 1.0) var shaft_connect_cost := 0.0
## Drones within this distance (cells) of a connected shaft stop its feed while they stay.
@export_range(0.0, 10.0, 0.1, "suffix:cells") var shaft_disrupt_radius := 1.5

@export_group("Towers")
## The tower tiers, lowest first: each a [TowerTier].
@export var tower_tiers: Array[TowerTier] = []
## Share of a tower's cost refunded when it is removed.
@export_range(0.0, 1.0, 0.05) var tower_refund := 0.5

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
## The schedule of an entry point on the first storey at outpost level 1; deeper storeys
## and higher levels add to it ([method wave_profile_for]).
@export var base_wave: WaveProfile
## Drones per wave added per storey depth below the first.
@export_range(0, 20, 1) var drones_per_depth := 1
## Drones per wave added per outpost level above the first.
@export_range(0, 20, 1) var drones_per_level := 0
## Live drones allowed per entry added per storey depth below the first.
@export_range(0, 20, 1) var live_drones_per_depth := 0
## Seconds taken off the interval between waves per outpost level above the first.
@export_range(0.0, 60.0, 0.5, "suffix:s") var wave_interval_per_level := 2.0
## The first wave (0-based) that also sends aliens.
@export_range(0, 100, 1) var alien_first_wave := 2
## Aliens per wave from [member alien_first_wave] on, before the level bonus.
@export_range(0, 20, 1) var aliens_per_wave := 1
## Aliens per wave added per two outpost levels.
@export_range(0, 20, 1) var aliens_per_two_levels := 1

@export_group("Agents")
## Drone tunables for [method StoreySwarm.set_kind_params].
@export var drone_params := {
	"speed": 1.2, "health": 20.0, "attack_damage": 1.0, "attack_rate": 1.0, "follow": 0.7
}
## Alien tunables for [method StoreySwarm.set_kind_params].
@export var alien_params := {
	"speed": 1.6, "health": 40.0, "attack_damage": 3.0, "attack_rate": 1.0, "follow": 0.85
}


## The wave schedule of an entry point on a storey of [param depth] (1-based) at
## [param outpost_level]: [member base_wave] plus the depth and level bonuses.
func wave_profile_for(depth: int, outpost_level: int) -> WaveProfile:
	var profile: WaveProfile = base_wave.duplicate() if base_wave != null else WaveProfile.new()
	var deeper := maxi(depth - 1, 0)
	var higher := maxi(outpost_level - 1, 0)
	profile.drones_per_wave += drones_per_depth * deeper + drones_per_level * higher
	profile.max_live_drones += live_drones_per_depth * deeper
	profile.wave_interval = maxf(profile.wave_interval - wave_interval_per_level * higher, 5.0)
	profile.alien_first_wave = alien_first_wave
	profile.aliens_per_wave = aliens_per_wave + aliens_per_two_levels * (higher / 2)
	return profile


## The tier with [param index], or null.
func tier(index: int) -> TowerTier:
	return tower_tiers[index] if index >= 0 and index < tower_tiers.size() else null
