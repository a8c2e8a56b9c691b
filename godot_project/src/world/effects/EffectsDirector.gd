class_name EffectsDirector
extends Node
## The game's visual feedback, wired to the game by exported references (set in
## src/game/outpost_game.tscn) and connecting itself in [method Node._ready]:
## [br]- every storey gets a [StoreyEffects] ([member storey_effects_scene]) under its node
##   after each [signal OutpostBuilding.built]: debris where agents die and towers and
##   machines fall ([signal OutpostLoop.tower_destroyed],
##   [signal Factory.machine_destroyed]), sparkles where scrap is collected, rings on a
##   beacon being restored;
## [br]- Genesis flashes ([code]GenesisFlash[/code]) and the screen's edge reddens
##   ([code]DamageEdge[/code]) when its health goes down
##   ([signal OutpostGenesis.health_changed]).
## [br]Agents hit by a shot flash through their swarm ([member StoreySwarm.flash_seconds]).
## Everything here is drawn only: it reads the game's signals and changes no game state,
## so a game without this node plays the same. A reference left empty leaves its effects
## out (the scene runs alone).

# The default of [member storey_effects_scene].
const _STOREY_EFFECTS := preload("res://src/world/effects/StoreyEffects.tscn")

## The building whose storeys get effects.
@export var building: OutpostBuilding
## Genesis, whose hits flash it and redden the screen's edge.
@export var genesis: OutpostGenesis
## The loop, whose destroyed factory machines burst (as destroyed towers do).
@export var loop: OutpostLoop
## Instantiated under every storey's node.
@export var storey_effects_scene: PackedScene = _STOREY_EFFECTS

var _last_health := 0.0

## Genesis's flash.
@onready var genesis_flash: GenesisFlash = $GenesisFlash
## The screen's red edge.
@onready var damage_edge: DamageEdge = $DamageEdge


func _ready() -> void:
	if building != null:
		building.built.connect(_on_built.unbind(1))
		building.agent_destroyed.connect(_on_agent_destroyed)
		building.scrap_collected.connect(_on_scrap_collected)
		building.tower_destroyed.connect(_on_tower_destroyed)
		_on_built()
	if loop != null:
		loop.factory.machine_destroyed.connect(_on_tower_destroyed)
	if genesis != null:
		genesis.health_changed.connect(_on_genesis_health_changed)
		genesis_flash.target = genesis
		_last_health = genesis.health


## The effects of floor [param index] (null if there is no such storey).
func get_storey_effects(index: int) -> StoreyEffects:
	var storey := building.get_storey(index) if building != null else null
	return storey.get_node_or_null(^"Effects") as StoreyEffects if storey != null else null


func _on_built() -> void:
	for index in building.get_storey_count():
		var storey := building.get_storey(index)
		if storey.has_node(^"Effects"):
			continue
		var effects: StoreyEffects = storey_effects_scene.instantiate()
		effects.name = "Effects"
		storey.add_child(effects)
		effects.watch(storey)


func _on_tower_destroyed(floor_index: int, cell: Vector2i) -> void:
	var effects := get_storey_effects(floor_index)
	if effects != null:
		effects.tower_destroyed(cell)


func _on_agent_destroyed(floor_index: int, _id: int, kind: int, cell: Vector2i) -> void:
	var effects := get_storey_effects(floor_index)
	if effects != null:
		effects.agent_destroyed(kind, cell)


func _on_scrap_collected(floor_index: int, cell: Vector2i, _amount: float) -> void:
	var effects := get_storey_effects(floor_index)
	if effects != null:
		effects.scrap_collected(cell)


func _on_genesis_health_changed(health: float, max_health: float) -> void:
	if health < _last_health:
		genesis_flash.flash()
		damage_edge.hit(health / max_health if max_health > 0.0 else 0.0)
	_last_health = health
