class_name WaveProfile
extends Resource
## How an [EntryPoint] sends drones (and aliens): waves of [member drones_per_wave] drones,
## followed from wave [member alien_first_wave] on by [member aliens_per_wave] aliens, one every
## [member spawn_interval] seconds, [member wave_interval] seconds between the last drone of
## a wave and the first of the next, and never more than [member max_live_drones] alive at
## once per entry point (a drone due at the cap is not sent: the wave goes on without it;
## aliens have a cap of their own, [member max_live_aliens]). At most one drone
## spawns per physics tick. Every [member escalate_every] waves the schedule grows: more
## drones and aliens a wave and a higher cap ([method drones_in], [method aliens_in],
## [method live_cap]). Entry points only read it, so one profile may be shared.
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
## Cap on the aliens of one entry point alive at once; 0: no cap.
@export_range(0, 100, 1, "or_greater") var max_live_aliens: int = 0

@export_group("Escalation")
## Waves between two escalations: wave [code]n[/code] (0-based) has grown
## [code]n / escalate_every[/code] times. 0: the schedule never grows.
@export_range(0, 100, 1, "or_greater") var escalate_every: int = 0
## Drones per wave added at each escalation.
@export_range(0, 20, 1, "or_greater") var drones_per_escalation: int = 0
## Aliens per wave added at each escalation, once aliens come.
@export_range(0, 20, 1, "or_greater") var aliens_per_escalation: int = 0
## Live drones allowed per entry point added at each escalation.
@export_range(0, 20, 1, "or_greater") var live_drones_per_escalation: int = 0
## Live aliens allowed per entry point added at each escalation (with a cap).
@export_range(0, 20, 1, "or_greater") var live_aliens_per_escalation: int = 0
## The most escalations the schedule takes: from then on every wave is the same. 0: no
## limit.
@export_range(0, 100, 1, "or_greater") var max_escalations: int = 0


## How many times the schedule has grown by wave [param wave] (0-based).
func escalations(wave: int) -> int:
	if escalate_every <= 0 or wave <= 0:
		return 0
	var grown := wave / escalate_every
	return mini(grown, max_escalations) if max_escalations > 0 else grown


## Drones in wave [param wave] (0-based).
func drones_in(wave: int) -> int:
	return drones_per_wave + drones_per_escalation * escalations(wave)


## Aliens in wave [param wave] (0-based): none before [member alien_first_wave].
func aliens_in(wave: int) -> int:
	if wave < alien_first_wave or aliens_per_wave <= 0:
		return 0
	return aliens_per_wave + aliens_per_escalation * escalations(wave)


## The cap on an entry point's live drones during wave [param wave] (0-based).
func live_cap(wave: int) -> int:
	if max_live_drones <= 0:
		return 0
	return max_live_drones + live_drones_per_escalation * escalations(wave)


## The cap on an entry point's live aliens during wave [param wave] (0-based); 0: no cap.
func alien_cap(wave: int) -> int:
	if max_live_aliens <= 0:
		return 0
	return max_live_aliens + live_aliens_per_escalation * escalations(wave)


## Agents in wave [param wave] (0-based): its drones, then its aliens.
func wave_size(wave: int) -> int:
	return drones_in(wave) + aliens_in(wave)
