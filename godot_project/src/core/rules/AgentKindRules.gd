class_name AgentKindRules
extends SwarmKind
## One kind of agent in the outpost game: a [SwarmKind] row (goal, tunables, look) plus the
## game's rules for it. [member OutpostRules.agent_kinds] holds one per kind, in the
## swarm's row order; [OutpostLoop] gives that table to every storey's [StoreySwarm].

## Materials dropped as scrap where one of these is destroyed (collected by flying over
## its cell).
@export_range(0.0, 100.0, 0.5) var scrap := 0.0
## Whether one of these within [member OutpostRules.shaft_disrupt_radius] of a connected
## shaft stops its feed while it stays.
@export var disrupts_shafts := false


## The tunables as [method StoreySwarm.set_kind_params] takes them.
func get_params() -> Dictionary:
	return {
		"speed": speed,
		"health": health,
		"attack_damage": attack_damage,
		"attack_rate": attack_rate,
		"follow": follow,
	}


## Sets the tunables [param params] names (the keys of [method get_params]); other keys are
## ignored.
func set_params(params: Dictionary) -> void:
	for key: String in get_params():
		if params.has(key):
			set(key, float(params[key]))
