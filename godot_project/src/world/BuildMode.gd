class_name BuildMode
extends Node3D
## Build mode: towers go up where the player clicks. While [member active], a ghost stands
## on the viewed storey's cell under the mouse, green where a tower of [member tier] may
## go and red, with the reason, where not ("would seal a path", "not an EMPTY cell",
## "not enough materials": [method OutpostLoop.tower_refusal], which asks the storey's
## [StoreyNavigator]); a click builds there (instead of moving Genesis) and the remove
## action takes a tower down (a partial refund). The storey's rooms are tinted with the
## tower tier their zone needs ([TowerZoneOverlay]).
##
## Place this node after Genesis in the tree: input reaches later nodes first, so its
## clicks are taken before Genesis's click-to-move sees them.

## [member active] changed.
signal toggled(on: bool)
## [member tier] changed.
signal tier_changed(tier: int)

## Whether build mode is on.
var active := false:
	set = set_active
## The tier the next tower is built with (an index into the rules' tower tiers).
var tier := 0:
	set = set_tier
## The loop that pays for towers and says where they may go (set by the game).
var loop: OutpostLoop
## The cell under the mouse on the viewed storey, (-1, -1) off it.
var hover_cell := Vector2i(-1, -1)
## Why a tower may not go on [member hover_cell] ("" if it may).
var hover_refusal := ""
## What the ghost's label says (the HUD repeats it).
var hover_text := ""

var _ghost: MeshInstance3D
var _ghost_material := StandardMaterial3D.new()
var _label: Label3D
var _zones: TowerZoneOverlay
var _mouse := Vector2(-1, -1)


func _ready() -> void:
	_ghost_material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	_ghost_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_ghost = MeshInstance3D.new()
	_ghost.name = "Ghost"
	var mesh := CylinderMesh.new()
	mesh.top_radius = 0.28
	mesh.bottom_radius = 0.34
	mesh.height = 1.0
	mesh.material = _ghost_material
	_ghost.mesh = mesh
	_ghost.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(_ghost)
	_label = Label3D.new()
	_label.name = "Reason"
	_label.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	_label.no_depth_test = true
	_label.font_size = 48
	_label.pixel_size = 0.012
	_label.outline_size = 12
	add_child(_label)
	_zones = TowerZoneOverlay.new()
	_zones.name = "Zones"
	add_child(_zones)
	set_active(false)


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"build_mode"):
		set_active(not active)
	elif not active:
		return
	elif event is InputEventMouseMotion:
		_mouse = (event as InputEventMouseMotion).position
		return
	elif event.is_action_pressed(&"tower_tier_1"):
		set_tier(0)
	elif event.is_action_pressed(&"tower_tier_2"):
		set_tier(1)
	elif event.is_action_pressed(&"click_move"):
		var click := event as InputEventMouseButton
		if click != null:
			_mouse = click.position
		_update_hover()
		build_at_hover()
	elif event.is_action_pressed(&"remove_tower"):
		var click := event as InputEventMouseButton
		if click != null:
			_mouse = click.position
		_update_hover()
		remove_at_hover()
	else:
		return
	get_viewport().set_input_as_handled()


func _process(_delta: float) -> void:
	if active:
		_update_hover()


## Turns build mode on or off (off while the building is locked).
func set_active(on: bool) -> void:
	active = on and loop != null and not loop.is_reclaimed()
	if _ghost == null:
		return
	_ghost.visible = false
	_label.visible = false
	if active:
		_zones.show_floor(loop.building, loop.building.viewed_floor, loop.rules)
	else:
		_zones.hide_zones()
	toggled.emit(active)


## Sets [member tier] (kept within the rules' tiers).
func set_tier(value: int) -> void:
	if loop != null:
		value = clampi(value, 0, loop.rules.tower_tiers.size() - 1)
	if value != tier:
		tier = value
		tier_changed.emit(value)


## Builds a tower of [member tier] on [member hover_cell]; false where refused.
func build_at_hover() -> bool:
	if hover_cell.x < 0:
		return false
	return loop.place_tower(loop.building.viewed_floor, hover_cell, tier)


## Removes the tower on [member hover_cell]; false if there is none.
func remove_at_hover() -> bool:
	if hover_cell.x < 0:
		return false
	return loop.remove_tower(loop.building.viewed_floor, hover_cell)


## Points the ghost at [param cell] of the viewed storey (what the mouse does), for tests
## and tools.
func hover(cell: Vector2i) -> void:
	_show_ghost(cell)


func _update_hover() -> void:
	var camera := get_viewport().get_camera_3d()
	if camera == null or loop == null or _mouse.x < 0:
		return
	var floor_index := loop.building.viewed_floor
	var origin := loop.building.storey_origin(floor_index)
	var plane := Plane(Vector3.UP, origin.y + StoreyRenderer.FLOOR_HEIGHT)
	var hit: Variant = plane.intersects_ray(
		camera.project_ray_origin(_mouse), camera.project_ray_normal(_mouse)
	)
	if hit == null:
		_show_ghost(Vector2i(-1, -1))
		return
	var local: Vector3 = (hit as Vector3) - origin
	_show_ghost(Vector2i(floori(local.x), floori(local.z)))


func _show_ghost(cell: Vector2i) -> void:
	var floor_index := loop.building.viewed_floor
	var layout := loop.building.layouts[floor_index]
	if not layout.in_bounds(cell):
		hover_cell = Vector2i(-1, -1)
		hover_refusal = ""
		hover_text = ""
		_ghost.visible = false
		_label.visible = false
		return
	hover_cell = cell
	var towers := loop.building.get_storey(floor_index).get_towers()
	var removable := towers.at(cell) != null
	hover_refusal = loop.tower_refusal(floor_index, cell, tier)
	var ok := hover_refusal.is_empty()
	var tower_tier := loop.rules.tier(tier)
	var height := tower_tier.height if tower_tier != null else 1.0
	(_ghost.mesh as CylinderMesh).height = height
	_ghost_material.albedo_color = Color(0.2, 1.0, 0.35, 0.55) if ok else Color(1.0, 0.2, 0.2, 0.55)
	var centre := loop.building.storey_origin(floor_index) + layout.cell_center(cell)
	_ghost.global_position = centre + Vector3(0.0, height * 0.5, 0.0)
	_ghost.visible = not removable
	_label.global_position = centre + Vector3(0.0, height + 0.6, 0.0)
	if removable:
		_label.text = (
			"%s: remove (refund %d)"
			% [
				ActionKeys.describe(&"remove_tower"),
				roundi(towers.at(cell).tier.cost * loop.rules.tower_refund)
			]
		)
	elif ok:
		_label.text = "%s: %d" % [tower_tier.display_name, roundi(tower_tier.cost)]
	else:
		_label.text = hover_refusal
	_label.modulate = Color(0.6, 1.0, 0.7) if ok or removable else Color(1.0, 0.55, 0.5)
	_label.visible = true
	hover_text = _label.text
