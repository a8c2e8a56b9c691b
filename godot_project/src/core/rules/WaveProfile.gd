class_name WaveProfile
extends Resource
## How an [EntryPoint] sends agents: waves, one agent every [member spawn_interval]
## seconds, [member wave_interval] seconds between the last agent of a wave and the first
## of the next. A wave sends, row by row ([member rows], one [WaveRow] per kind of agent),
## each row's agents for that wave; a row caps how many of an entry's agents of its kind
## live at once (an agent due at the cap is not sent: the wave goes on without it). At most
## one agent spawns per physics tick. Every [member escalate_every] waves the schedule
## grows ([method escalations]), at most [member max_escalations] times. Entry points only
## read it, so one profile may be shared.
## [br]The drone and alien properties ([member drones_per_wave], [member aliens_per_wave],
## ...) are aliases of the rows named [code]drone[/code] and [code]alien[/code], kept for
## older callers; they are not stored (the rows are).
## Defaults: res://data/outpost/wave_profile_default.tres.

## Seconds from the first processed physics tick to the first agent.
@export_range(0.0, 60.0, 0.05, "or_greater", "suffix:s") var first_spawn_delay: float = 2.0
## Seconds between two agents of the same wave.
@export_range(0.0, 60.0, 0.05, "or_greater", "suffix:s") var spawn_interval: float = 1.5
## Seconds between the last agent of a wave and the first agent of the next.
@export_range(0.0, 600.0, 0.5, "or_greater", "suffix:s") var wave_interval: float = 15.0
## Number of waves; 0 means endless.
@export_range(0, 100, 1, "or_greater") var wave_count: int = 0
## One row per kind of agent, sent in this order within a wave.
@export var rows: Array[WaveRow] = _default_rows()

@export_group("Escalation")
## Waves between two escalations: wave [code]n[/code] (0-based) has grown
## [code]n / escalate_every[/code] times. 0: the schedule never grows.
@export_range(0, 100, 1, "or_greater") var escalate_every: int = 0
## The most escalations the schedule takes: from then on every wave is the same. 0: no
## limit.
@export_range(0, 100, 1, "or_greater") var max_escalations: int = 0

@export_group("")
## Drones per wave (alias of the drone row's [member WaveRow.per_wave]).
var drones_per_wave: int:
	get:
		return _read(&"drone", &"per_wave")
	set(value):
		_write(&"drone", &"per_wave", value)
## Cap on an entry's live drones (the drone row's [member WaveRow.live_cap]).
var max_live_drones: int:
	get:
		return _read(&"drone", &"live_cap")
	set(value):
		_write(&"drone", &"live_cap", value)
## The first wave with aliens (the alien row's [member WaveRow.first_wave]).
var alien_first_wave: int:
	get:
		return _read(&"alien", &"first_wave")
	set(value):
		_write(&"alien", &"first_wave", value)
## Aliens per wave (the alien row's [member WaveRow.per_wave]).
var aliens_per_wave: int:
	get:
		return _read(&"alien", &"per_wave")
	set(value):
		_write(&"alien", &"per_wave", value)
## Cap on an entry's live aliens, 0: none (the alien row's [member WaveRow.live_cap]).
var max_live_aliens: int:
	get:
		return _read(&"alien", &"live_cap")
	set(value):
		_write(&"alien", &"live_cap", value)
## Drones a wave added at each escalation (the drone row's).
var drones_per_escalation: int:
	get:
		return _read(&"drone", &"per_escalation")
	set(value):
		_write(&"drone", &"per_escalation", value)
## Aliens a wave added at each escalation (the alien row's).
var aliens_per_escalation: int:
	get:
		return _read(&"alien", &"per_escalation")
	set(value):
		_write(&"alien", &"per_escalation", value)
## Live drones added at each escalation (the drone row's).
var live_drones_per_escalation: int:
	get:
		return _read(&"drone", &"live_cap_per_escalation")
	set(value):
		_write(&"drone", &"live_cap_per_escalation", value)
## Live aliens added at each escalation (the alien row's).
var live_aliens_per_escalation: int:
	get:
		return _read(&"alien", &"live_cap_per_escalation")
	set(value):
		_write(&"alien", &"live_cap_per_escalation", value)


## The row for [param kind], or null.
func row(kind: StringName) -> WaveRow:
	for item in rows:
		if item != null and item.kind == kind:
			return item
	return null


## How many times the schedule has grown by wave [param wave] (0-based).
func escalations(wave: int) -> int:
	if escalate_every <= 0 or wave <= 0:
		return 0
	var grown := wave / escalate_every
	return mini(grown, max_escalations) if max_escalations > 0 else grown


## Agents of [param kind] in wave [param wave] (0-based).
func count_in(kind: StringName, wave: int) -> int:
	var found := row(kind)
	return found.count_in(wave, escalations(wave)) if found != null else 0


## The cap on an entry's live agents of [param kind] during wave [param wave]; 0: no cap.
func cap_in(kind: StringName, wave: int) -> int:
	var found := row(kind)
	return found.cap_after(escalations(wave)) if found != null else 0


## Agents in wave [param wave] (0-based), every row's.
func wave_size(wave: int) -> int:
	var size := 0
	for item in rows:
		size += item.count_in(wave, escalations(wave)) if item != null else 0
	return size


## The kind of the [param index]-th agent (0-based) of wave [param wave]: rows in order;
## &"" past the wave's end.
func kind_at(wave: int, index: int) -> StringName:
	var grown := escalations(wave)
	var left := index
	for item in rows:
		if item == null:
			continue
		var count := item.count_in(wave, grown)
		if left < count:
			return item.kind
		left -= count
	return &""


## Drones in wave [param wave] (0-based).
func drones_in(wave: int) -> int:
	return count_in(&"drone", wave)


## Aliens in wave [param wave] (0-based): none before the alien row's first wave.
func aliens_in(wave: int) -> int:
	return count_in(&"alien", wave)


## The cap on an entry point's live drones during wave [param wave] (0-based).
func live_cap(wave: int) -> int:
	return cap_in(&"drone", wave)


## The cap on an entry point's live aliens during wave [param wave] (0-based); 0: no cap.
func alien_cap(wave: int) -> int:
	return cap_in(&"alien", wave)


func _read(kind: StringName, property: StringName) -> int:
	var found := row(kind)
	return found.get(property) if found != null else 0


# Writes a row's property, adding the row (after the others) where there is none.
func _write(kind: StringName, property: StringName, value: int) -> void:
	var found := row(kind)
	if found == null:
		found = WaveRow.new()
		found.kind = kind
		rows.append(found)
	found.set(property, value)


# A fresh profile's rows: four drones a wave, at most six alive an entry.
static func _default_rows() -> Array[WaveRow]:
	var drone := WaveRow.new()
	drone.kind = &"drone"
	drone.per_wave = 4
	drone.live_cap = 6
	return [drone]
