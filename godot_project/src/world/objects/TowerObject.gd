class_name TowerObject
extends WornObject
## A tower on an EMPTY cell of a storey: every [member TowerTier.fire_rate]-th of a second
## it shoots the agent its storey's [StoreySwarm] picks for it
## ([method StoreySwarm.pick_target]: the nearest agent on a cell in its reach, through a
## clear line if the tier's [member TowerTier.needs_line_of_sight]) with a visible shot,
## and drones next to it wear it down ([method apply_damage]); at 0 health it emits
## [signal destroyed] (whoever placed it removes it). It blocks the swarm's agents through
## the storey's [StoreyNavigator], where it is placed, and Genesis with a solid body on the
## walls' layer.
##
## The parent calls [method setup] before it enters the tree, and places it at the cell's
## centre in the storey's frame (the swarm's frame). Its body is built from the tier,
## [member TowerTier.height] tall with the gun on top: a tier that fires over the walls
## (no [member TowerTier.needs_line_of_sight]) is a slim mast, one that needs a clear line
## a squat turret, on a low plinth, in painted metal ([ObjectLook]; the gun glows in the
## tier's [member TowerTier.zone_color]). Behind a wall, its body and gun show as a
## silhouette of [constant SILHOUETTE_COLOR] ([method ObjectLook.metal_xray]).

## Shot agent [param id] at [param target] (a position in the storey's frame).
signal fired(id: int, target: Vector3)

## Seconds a shot stays visible.
const SHOT_SECONDS := 0.09
## Seconds between two looks for a target while none is in reach.
const IDLE_LOOK := 0.1
## The colour of its silhouette where walls hide it.
const SILHOUETTE_COLOR := Color(1.0, 0.92, 0.6)
## The colour of its plinth's painted metal.
const BASE_COLOR := Color(0.2, 0.21, 0.23)
## How tall its plinth is, in metres.
const BASE_HEIGHT := 0.12

## The tier: cost, reach, damage, rate, health, height (read only).
var tier: TowerTier
## The index of [member tier] in [member OutpostRules.tower_tiers] (saved with the game).
var tier_index := 0
## The swarm it shoots at (its storey's).
var swarm: StoreySwarm

var _cooldown := 0.0
var _shot_left := 0.0
var _shot: MeshInstance3D


## Sets the tower up: its tier (and index), cell and swarm; full health. Call before it
## enters the tree.
func setup(
	tower_tier: TowerTier, index: int, tower_cell: Vector2i, target_swarm: StoreySwarm
) -> void:
	tier = tower_tier
	tier_index = index
	cell = tower_cell
	swarm = target_swarm
	health = tier.max_health
	_build_body()


func _physics_process(delta: float) -> void:
	if tier == null or swarm == null or health <= 0.0:
		return
	_cooldown -= delta
	if _cooldown > 0.0:
		return
	var id := swarm.pick_target(cell, tier.shot_range, tier.needs_line_of_sight)
	if id < 0:
		_cooldown = IDLE_LOOK
		return
	var target := swarm.get_agent_position(id)
	swarm.damage_agent(id, tier.damage)
	_cooldown = 1.0 / tier.fire_rate
	_show_shot(target)
	fired.emit(id, target)


## Seconds to the tower's next shot (or its next look for a target), for a save game.
func get_cooldown() -> float:
	return _cooldown


## Sets [method get_cooldown] (a loaded game).
func set_cooldown(seconds: float) -> void:
	_cooldown = seconds


func _process(delta: float) -> void:
	if _shot_left > 0.0:
		_shot_left -= delta
		_shot.visible = _shot_left > 0.0


## Its tier's full health.
func max_health() -> float:
	return tier.max_health


## Its tier.
func row() -> Resource:
	return tier


## The state for a save game: the tier's index, health and cooldown (its cell is its
## storey's business: [StoreyTowers]).
func get_state() -> Dictionary:
	return {"tier": tier_index, "health": health, "cooldown": _cooldown}


## "" if [param data] is a tower's state for [code]context.rules[/code] ([OutpostRules]),
## else what is wrong: no such tier, health not in (0, the tier's], an absurd cooldown.
## A cooldown may be missing from an older save (then the tower is ready to fire).
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "tower")
	var rules: OutpostRules = context["rules"]
	var check := StateCheck.new()
	var index := check.whole(data, "tier", where, 0, rules.tower_tiers.size() - 1)
	var saved := check.number(data, "health", where, 0.0)
	if check.is_ok() and (saved <= 0.0 or saved > rules.tier(index).max_health):
		check.fail("%s.health is %s, not in (0, %s]" % [where, saved, rules.tier(index).max_health])
	if data.has("cooldown") or context.get("format", 3) >= 2:
		check.number(data, "cooldown", where, -1e6, 1e6)
	return check.problem()


## Restores [method get_state]'s health and cooldown (the tier is set up already).
func set_state(data: Dictionary) -> void:
	set_health(data.get("health", health))
	set_cooldown(data.get("cooldown", 0.0))


func _show_shot(target: Vector3) -> void:
	var from := Vector3(0.0, tier.height, 0.0)
	var to := target - position
	var length := from.distance_to(to)
	if length < 0.01:
		return
	var direction := (to - from) / length
	var up := Vector3.UP if absf(direction.y) < 0.99 else Vector3.RIGHT
	var basis := Basis.looking_at(direction, up) * Basis.from_scale(Vector3(1.0, 1.0, length))
	_shot.transform = Transform3D(basis, (from + to) * 0.5)
	_shot.visible = true
	_shot_left = SHOT_SECONDS


func _build_body() -> void:
	var tall := not tier.needs_line_of_sight
	# A low plinth of dark painted metal the body stands on.
	var base := MeshInstance3D.new()
	base.name = "Base"
	var base_mesh := CylinderMesh.new()
	base_mesh.top_radius = 0.36
	base_mesh.bottom_radius = 0.4
	base_mesh.height = BASE_HEIGHT
	base_mesh.radial_segments = 8
	base_mesh.rings = 1
	base_mesh.material = ObjectLook.metal(BASE_COLOR)
	base.mesh = base_mesh
	base.position.y = BASE_HEIGHT * 0.5
	add_child(base)
	var body := MeshInstance3D.new()
	body.name = "Body"
	var mesh := CylinderMesh.new()
	mesh.top_radius = 0.12 if tall else 0.26
	mesh.bottom_radius = 0.3 if tall else 0.34
	mesh.height = tier.height
	mesh.radial_segments = 8
	mesh.rings = 1
	mesh.material = ObjectLook.metal_xray(
		Color(0.55, 0.6, 0.66) if not tall else Color(0.62, 0.55, 0.4), SILHOUETTE_COLOR
	)
	body.mesh = mesh
	body.position.y = tier.height * 0.5
	add_child(body)
	# Solid to Genesis, like a wall (layer 1); the swarm's agents are kept off its cell by
	# the navigator instead. The shape is in place before the body enters the tree.
	var solid := StaticBody3D.new()
	solid.name = "Solid"
	solid.collision_layer = 1
	solid.collision_mask = 0
	var shape := CollisionShape3D.new()
	var cylinder := CylinderShape3D.new()
	cylinder.radius = 0.32
	cylinder.height = tier.height
	shape.shape = cylinder
	shape.position.y = tier.height * 0.5
	solid.add_child(shape)
	add_child(solid)
	var gun := MeshInstance3D.new()
	gun.name = "Gun"
	var gun_mesh := SphereMesh.new()
	gun_mesh.radius = 0.16
	gun_mesh.height = 0.32
	gun_mesh.radial_segments = 8
	gun_mesh.rings = 4
	# The tier's key colour, glowing through the panel lines.
	var key := Color(tier.zone_color.lightened(0.2), 1.0)
	gun_mesh.material = ObjectLook.metal_xray(key, SILHOUETTE_COLOR, key, 0.4)
	gun.mesh = gun_mesh
	gun.position.y = tier.height
	add_child(gun)
	_shot = MeshInstance3D.new()
	_shot.name = "Shot"
	var shot_mesh := BoxMesh.new()
	shot_mesh.size = Vector3(0.05, 0.05, 1.0)
	var shot_material := StandardMaterial3D.new()
	shot_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	shot_material.albedo_color = Color(1.0, 0.95, 0.55)
	shot_mesh.material = shot_material
	_shot.mesh = shot_mesh
	_shot.visible = false
	_shot.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(_shot)
	add_bar(tier.height + 0.35)
