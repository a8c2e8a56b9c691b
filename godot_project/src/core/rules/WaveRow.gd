class_name WaveRow
extends Resource
## One kind of agent in a [WaveProfile]: which kind ([member kind], the name of a row of
## [member OutpostRules.agent_kinds]), from which wave, how many a wave, how many of an
## entry's may live at once, and how the row grows when the schedule escalates, when the
## storey is deeper and when the outpost level is higher
## ([method OutpostRules.wave_profile_for]). A kind is a row: adding one to a profile's
## [member WaveProfile.rows] (and its [AgentKindRules] to the rules) makes entries send it,
## with no code changed.

## The kind's name ([member SwarmKind.name] of a row of the swarm's kind table).
@export var kind: StringName = &"drone"
## The first wave (0-based) that sends this kind.
@export_range(0, 100, 1, "or_greater") var first_wave: int = 0
## Agents of this kind a wave (0: none).
@export_range(0, 100, 1, "or_greater") var per_wave: int = 0
## Cap on an entry point's agents of this kind alive at once; 0: no cap.
@export_range(0, 100, 1, "or_greater") var live_cap: int = 0

@export_group("Growth")
## Agents a wave added at each escalation ([member WaveProfile.escalate_every]).
@export_range(0, 20, 1, "or_greater") var per_escalation: int = 0
## Live cap added at each escalation (a capped row only).
@export_range(0, 20, 1, "or_greater") var live_cap_per_escalation: int = 0
## Agents a wave added per storey depth above 1.
@export_range(0, 20, 1, "or_greater") var per_depth: int = 0
## Agents a wave added per outpost level above the first.
@export_range(0, 20, 1, "or_greater") var per_level: int = 0
## Agents a wave added per two outpost levels above the first.
@export_range(0, 20, 1, "or_greater") var per_two_levels: int = 0
## Live cap added per storey depth above 1 (a capped row only).
@export_range(0, 20, 1, "or_greater") var live_cap_per_depth: int = 0
## Live cap added per outpost level above the first (a capped row only).
@export_range(0, 20, 1, "or_greater") var live_cap_per_level: int = 0
## Waves earlier the row starts per outpost level above the first (never before wave 0).
@export_range(0, 20, 1, "or_greater") var first_wave_earlier_per_level: int = 0


## Agents of this kind in wave [param wave] after [param escalations] escalations.
func count_in(wave: int, escalations: int) -> int:
	if wave < first_wave or per_wave <= 0:
		return 0
	return per_wave + per_escalation * escalations


## The cap on an entry's live agents of this kind after [param escalations]; 0: no cap.
func cap_after(escalations: int) -> int:
	if live_cap <= 0:
		return 0
	return live_cap + live_cap_per_escalation * escalations


## This row on a storey [param deeper] depths below the first at [param higher] levels
## above the first: a copy with the depth and level growth added.
func grown(deeper: int, higher: int) -> WaveRow:
	var row: WaveRow = duplicate()
	row.per_wave += per_depth * deeper + per_level * higher + per_two_levels * (higher / 2)
	if live_cap > 0:
		row.live_cap += live_cap_per_depth * deeper + live_cap_per_level * higher
	row.first_wave = maxi(first_wave - first_wave_earlier_per_level * higher, 0)
	return row
