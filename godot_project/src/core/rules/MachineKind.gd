class_name MachineKind
extends Resource
## One kind of factory machine, a row of data as a [TowerTier] is: what it costs, what it
## produces, how much it takes and how it looks. A machine stands on one EMPTY cell of the
## UNDERGROUND storey (its footprint is always that one cell) and blocks the storey's
## agents there as a tower does, so it may never seal a path ([BuildRules]). While it
## stands it feeds [member output] materials per second into the ledger, and its output is
## part of the building's yield, so the trickle fixed at the reclaim carries it on
## ([Factory]). Drones take it for a power source and wear it down; at 0 health it is gone.
## The game's kinds are [member OutpostRules.machine_kinds].

## Shown in the HUD, the build ghost's text and the alerts.
@export var display_name := "Machine"
## Materials it costs to build.
@export_range(0.0, 10000.0, 1.0) var cost := 40.0
## Materials it produces per second while it stands (before the reclaim into the ledger,
## after it as part of the trickle).
@export_range(0.0, 100.0, 0.05, "suffix:/s") var output := 0.5
## Health; drones next to it wear it down, and at 0 it is destroyed.
@export_range(1.0, 10000.0, 1.0) var max_health := 120.0
## Height of its body in metres (its look, and how Genesis bumps into it).
@export_range(0.3, 2.5, 0.05, "suffix:m") var height := 0.8
## The key colour of its body's glowing parts and of its silhouette behind walls.
@export var color := Color(1.0, 0.55, 0.2)
