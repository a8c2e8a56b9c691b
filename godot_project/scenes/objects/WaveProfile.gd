class_name WaveProfile
extends Resource
## How an [EntryPoint] sends drones (and aliens): waves of [member drones_per_wave] drones,
## followed from wave [member alien_first_wave] on by [member aliens_per_wave] aliens, one every
## [member spawn_interval] seconds, [member wave_interval] seconds between the last drone of
## a wave and the first of the next, and never more than [member max_live_drones] alive at
## once per entry point (a spawn due at the cap waits for a free slot). At most one drone
## spawns per physics tick. Entry points only read it, so one profile may be shared.
## (How fast drones fly is the swarm's: [method StoreySwarm.set_kind_params].)
## Defaults: res://data/outpost/wave_profile_default.tres.

## Seconds from the first processed physics tick to the first drone.
@export_range(0.0, 60.0, 0.05, "or_greater", "suffix:s") var first_spawn_delay: float = 2.0
## Seconds between two drones of the same wave.
@export_range(0.0, 60.0, 0.05, "or_greater", "suffix:s") var spawn_interval: float = 1.5
## Drones per wave.
@export_range(1, 100, 1, "or_greater") var drones_per_wave: int = 4
## Seconds between the last drone of a wave and the first drone of the next.
@export_range(0.0, 600.0, 0.5, "or_greater", "suffix:s") var wave_interval: float = 15.0
## Number of waves; 0 means endless.
@export_range(0, 100, 1, "or_greater") var wave_count: int = 0
## Cap on the drones of one entry point alive at once (0 spawns none).
@export_range(0, 100, 1, "or_greater") var max_live_drones: int = 6
## The first wave (0-based) that also sends aliens, after its drones.
@export_range(0, 100, 1, "or_greater") var alien_first_wave: int = 0
## Aliens per wave from [member alien_first_wave] on (0: drones only). Aliens do not count
## towards [member max_live_drones].
@export_range(0, 100, 1, "or_greater") var aliens_per_wave: int = 0


## Agents in wave [param wave] (0-based): its drones, then its aliens.
func wave_size(wave: int) -> int:
	return drones_per_wave + (aliens_per_wave if wave >= alien_first_wave else 0)
