class_name TowerTier
extends Resource
## One tier of tower: what it costs, how far and how hard it shoots, how much it takes.
## Whether walls stop its shots is [member needs_line_of_sight] alone; [member height] only
## shapes the tower as drawn and as Genesis bumps into it.

## Shown in the HUD and the build ghost's text.
@export var display_name := "Tower"
## Materials it costs to build.
@export_range(0.0, 10000.0, 1.0) var cost := 25.0
## Reach, in cells between cell centres.
@export_range(0.5, 30.0, 0.1, "suffix:cells") var shot_range := 3.5
## Damage of one shot.
@export_range(0.0, 1000.0, 0.5) var damage := 8.0
## Shots per second.
@export_range(0.05, 30.0, 0.05, "suffix:/s") var fire_rate := 1.5
## Health; drones next to it wear it down, and at 0 it is destroyed.
@export_range(1.0, 10000.0, 1.0) var max_health := 60.0
## Height of the tower's body and of its build ghost, in metres: its gun sits on top, its
## shots are drawn from there and its solid body is this tall. It does not decide what the
## tower can hit (a tier taller than the walls still needs a clear line if
## [member needs_line_of_sight]).
@export_range(0.3, 6.0, 0.05, "suffix:m") var height := 1.1
## Whether WALL cells between the tower and its target stop its shot: if false it fires
## over them. The one setting that decides it: the tower's targeting
## ([method StoreySwarm.pick_target]) and the build overlay's advice
## ([method StoreyNavigator.recommend_tower_tiers], through [method reach]) read it, and a
## tier without it is drawn as a slim mast.
@export var needs_line_of_sight := true
## The tint of the rooms this tier covers in the build overlay.
@export var zone_color := Color(0.3, 0.85, 0.45, 0.35)


## The tier as [method StoreyNavigator.recommend_tower_tiers] takes it.
func reach() -> Dictionary:
	return {"range": shot_range, "needs_line_of_sight": needs_line_of_sight}
