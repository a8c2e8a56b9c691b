class_name LevelSummary
extends RefCounted
## What an outpost level means for a building, in the main menu's words: its storeys and
## entries (the layouts of [method StoreyGenerator.generate_building_with] for the seed,
## with the UNDERGROUND storey and the game's rooms ([method GameRooms.settings]), as the
## game builds them), how many entries send waves
## ([method OutpostRules.sending_entries]) and the waves they send (each storey's
## [method OutpostRules.wave_profile_for] at its depth and the level), and how the waves
## grow. Computed from the rules, so a retuned rule shows at once.


## The storeys, entries and wave figures of the building [param master_seed] at
## [param level] with [param storeys] storeys above ground, under [param rules]:
## [code]storeys[/code], [code]entries[/code], [code]sending[/code] (the entries that send
## waves), [code]first_wave[/code] and [code]interval[/code] (seconds, shortest over the
## storeys), [code]wave_count[/code] (0: endless), [code]drones[/code] and
## [code]aliens[/code] (the first wave's agents from every sending entry together, aliens
## once they come), [code]drones_min[/code] / [code]drones_max[/code] (an entry's drones
## in the first wave), [code]alive_max[/code] (an entry's live drones at most, at first),
## [code]alien_wave[/code] (the first wave with aliens, 1-based), [code]escalate_every[/code]
## (waves between two escalations, 0: never) and [code]drones_grow[/code] (drones an entry
## adds to its waves at each).
## Empty if the generator refuses the arguments.
static func measure(master_seed: int, level: int, storeys: int, rules: OutpostRules) -> Dictionary:
	var layouts := GameRooms.building(master_seed, storeys, level)
	if layouts.is_empty():
		return {}
	var figures := {
		"storeys": layouts.size(),
		"entries": 0,
		"sending": 0,
		"first_wave": INF,
		"interval": INF,
		"wave_count": 0,
		"drones": 0,
		"aliens": 0,
		"drones_min": 1 << 30,
		"drones_max": 0,
		"alive_max": 0,
		"alien_wave": 1 << 30,
		"escalate_every": 0,
		"drones_grow": 0,
	}
	for layout: StoreyLayout in layouts:
		var entries := layout.entry_cells.size()
		if entries == 0:
			continue
		var wave := rules.wave_profile_for(layout.storey_depth, level)
		var sending := rules.sending_entries(entries, level)
		figures.entries += entries
		figures.sending += sending
		figures.first_wave = minf(figures.first_wave, wave.first_spawn_delay)
		figures.interval = minf(figures.interval, wave.wave_interval)
		figures.wave_count = maxi(figures.wave_count, wave.wave_count)
		figures.drones += sending * wave.drones_in(0)
		figures.aliens += sending * wave.aliens_in(wave.alien_first_wave)
		figures.drones_min = mini(figures.drones_min, wave.drones_per_wave)
		figures.drones_max = maxi(figures.drones_max, wave.drones_per_wave)
		figures.alive_max = maxi(figures.alive_max, wave.max_live_drones)
		figures.alien_wave = mini(figures.alien_wave, wave.alien_first_wave + 1)
		figures.escalate_every = wave.escalate_every
		figures.drones_grow = wave.drones_per_escalation
	return figures


## [method measure] in three lines: storeys and entries, the rhythm of the waves, and
## what a wave sends. "" if the generator refuses the arguments.
static func describe(master_seed: int, level: int, storeys: int, rules: OutpostRules) -> String:
	var f := measure(master_seed, level, storeys, rules)
	if f.is_empty():
		return ""
	var lines := PackedStringArray()
	lines.append(MenuText.level_storeys(level, f.storeys, f.entries, f.sending))
	if f.entries == 0:
		lines.append(MenuText.no_entry_sends())
		return "\n".join(lines)
	var grown: int = 0 if f.escalate_every <= 0 else f.drones_grow
	lines.append(
		MenuText.wave_rhythm(f.interval, f.first_wave, f.wave_count, f.escalate_every, grown)
	)
	lines.append(
		MenuText.first_wave(
			f.drones, f.drones_min, f.drones_max, f.alive_max, f.alien_wave, f.aliens
		)
	)
	return "\n".join(lines)
