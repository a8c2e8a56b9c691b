class_name BuildMode
extends Node3D
## Build mode: towers go up where the player clicks. While [member active], a ghost stands
## on the viewed storey's cell under the mouse, green where a tower of [member tier] may
## go and red where not, with a short tag over it (the cost, the refund of a tower there,
## or [method GameText.tower_refused_tag]) and the whole sentence in [member hover_text] for the HUD
## (the reason: "would seal a path", "not an EMPTY cell", "not enough materials":
## [method OutpostLoop.check_tower], which asks the storey's [StoreyNavigator], in words
## by [method OutpostLoop.describe_refusal]); a click builds
## there (instead of moving Genesis) and the remove action takes a tower down (a partial
## refund). The storey's rooms are tinted with the tower tier their zone needs
## ([TowerZoneOverlay]). The tiers are the rules' [member OutpostRules.tower_tiers]: the
## action [code]tower_tier_N[/code] ([method tier_action]) picks the N-th, for as many
## tiers as the rules list (project.godot declares nine).
## [br]On the factory floor (the UNDERGROUND storey: [method on_factory_floor]) the keys
## after the tiers' pick the factory machines ([member OutpostRules.machine_kinds]: with two
## tiers, [code]tower_tier_3[/code] the first machine): the ghost then shows where a
## machine of [member machine] may go ([method Factory.check], the same legality as a
## tower's plus the factory's own reasons) and a click builds it; the tier keys go back to
## towers. Over a machine the ghost offers its removal, whatever is picked.
##
## Place this node after Genesis in the tree: input reaches later nodes first, so its
## clicks are taken before Genesis's click-to-move sees them.

## [member active] changed.
signal toggled(on: bool)
## [member tier] changed.
signal tier_changed(tier: int)
## [member machine] changed.
signal machine_changed(machine: int)
## The cell under the mouse, or what the ghost says of it, changed ([member hover_text]).
signal hover_changed(text: String)
## The build_mode key was pressed while the building is locked (reclaimed): build mode
## stays off, and the game says why.
signal locked

## The ghost's tag where no tower of the tier may go, untranslated (the ghost shows
## [method GameText.tower_refused_tag]).
const REFUSED_TAG := "no"

## Whether build mode is on.
var active := false:
	set = set_active
## The tier the next tower is built with (an index into the rules' tower tiers).
var tier := 0:
	set = set_tier
## The machine kind the next click builds on the factory floor (an index into the rules'
## machine kinds), or -1: a tower of [member tier]. Back to -1 off the factory floor.
var machine := -1:
	set = set_machine
## The loop that pays for towers and says where they may go (set by the game). Build mode
## follows its building's viewed floor and turns off for good once the game is won or
## lost.
var loop: OutpostLoop:
	set = set_loop
## The cell under the mouse on the viewed storey, (-1, -1) off it.
var hover_cell := Vector2i(-1, -1)
## Why a tower may not go on [member hover_cell] ("" if it may).
var hover_refusal := ""
## Whether [member hover_text] is a refusal (nothing may be built or removed there).
var hover_refused := false
## What the ghost says of [member hover_cell], in a sentence (the HUD shows it; the ghost
## itself shows a short tag).
var hover_text := ""

# What the ghost last showed: [floor, cell, tier, the navigator's towers and required
# cells, whether the tier is affordable, locked]; the legality is looked up again only
# when one of them changes.
var _shown: Array = []
var _ghost: MeshInstance3D
var _ghost_material := StandardMaterial3D.new()
var _tower_mesh := CylinderMesh.new()
var _machine_mesh := BoxMesh.new()
var _label: Label3D
var _zones: TowerZoneOverlay
var _mouse := Vector2(-1, -1)


func _ready() -> void:
	_ghost_material.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	_ghost_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_ghost = MeshInstance3D.new()
	_ghost.name = "Ghost"
	_tower_mesh.top_radius = 0.28
	_tower_mesh.bottom_radius = 0.34
	_tower_mesh.height = 1.0
	_tower_mesh.material = _ghost_material
	_machine_mesh.size = Vector3(0.78, 0.8, 0.78)
	_machine_mesh.material = _ghost_material
	_ghost.mesh = _tower_mesh
	_ghost.cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	add_child(_ghost)
	_label = Label3D.new()
	_label.name = "Tag"
	_label.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	_label.no_depth_test = true
	_label.fixed_size = true
	_label.font_size = 32
	_label.pixel_size = 0.0008
	_label.outline_size = 8
	add_child(_label)
	_zones = TowerZoneOverlay.new()
	_zones.name = "Zones"
	add_child(_zones)
	set_active(false)


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed(&"build_mode"):
		if not active and loop != null and loop.is_reclaimed():
			locked.emit()
		set_active(not active)
	elif not active:
		return
	elif event is InputEventMouseMotion:
		_mouse = (event as InputEventMouseMotion).position
		return
	elif _tier_pressed(event) >= 0:
		pick(_tier_pressed(event))
	elif event.is_action_pressed(&"click_move"):
		var click := event as InputEventMouseButton
		if click != null:
			_mouse = click.position
		hover_cell = _cell_under_mouse()
		build_at_hover()
	elif event.is_action_pressed(&"remove_tower"):
		var click := event as InputEventMouseButton
		if click != null:
			_mouse = click.position
		hover_cell = _cell_under_mouse()
		remove_at_hover()
	else:
		return
	get_viewport().set_input_as_handled()


func _process(_delta: float) -> void:
	if active:
		_update_hover()


## Turns build mode on or off (off while the building is locked, and while Genesis is out
## on the surface, where there is nothing to build on).
func set_active(on: bool) -> void:
	var outside := loop != null and loop.building != null and loop.building.genesis_outside
	active = on and loop != null and not loop.is_reclaimed() and not outside
	if _ghost == null:
		return
	_ghost.visible = false
	_label.visible = false
	_shown = []
	if active:
		_zones.show_floor(loop.building, loop.building.viewed_floor, loop.rules)
	else:
		_zones.hide_zones()
	toggled.emit(active)


## Sets [member loop] and follows its building and its end.
func set_loop(value: OutpostLoop) -> void:
	loop = value
	if loop == null:
		return
	loop.building.active_floor_changed.connect(_on_floor_changed.unbind(1))
	loop.reclaimed.connect(set_active.bind(false).unbind(1))
	loop.defeated.connect(set_active.bind(false))


## Sets [member tier] (kept within the rules' tiers).
func set_tier(value: int) -> void:
	if loop != null:
		value = clampi(value, 0, loop.rules.tower_tiers.size() - 1)
	if value != tier:
		tier = value
		tier_changed.emit(value)


## Sets [member machine] (-1, or one of the rules' machine kinds while the factory floor
## is viewed; anything else is -1).
func set_machine(value: int) -> void:
	if loop != null and (not on_factory_floor() or loop.rules.machine_kind(value) == null):
		value = -1
	value = maxi(value, -1)
	if value != machine:
		machine = value
		machine_changed.emit(value)


## What the [param index]-th tier key picks: the tower tier [param index] while there is
## one, else, on the factory floor, the machine kind after the tiers; nothing otherwise.
func pick(index: int) -> void:
	var tiers := loop.rules.tower_tiers.size()
	if index < tiers:
		set_machine(-1)
		set_tier(index)
	elif on_factory_floor():
		set_machine(index - tiers)


## Whether the viewed floor is the factory floor, where machines may be built
## ([method Factory.factory_floor]).
func on_factory_floor() -> bool:
	return loop != null and loop.building.viewed_floor == loop.factory.factory_floor()


## The input action that picks tier [param index] (0-based): [code]tower_tier_1[/code]
## for the first.
static func tier_action(index: int) -> StringName:
	return StringName("tower_tier_%d" % (index + 1))


## Builds a tower of [member tier] (or, with a [member machine] picked, that machine) on
## [member hover_cell]; false where refused.
func build_at_hover() -> bool:
	if hover_cell.x < 0:
		return false
	if machine >= 0:
		return (
			loop.factory.build(loop.building.viewed_floor, hover_cell, machine)
			== Factory.Refusal.NONE
		)
	return loop.place_tower(loop.building.viewed_floor, hover_cell, tier)


## Removes the tower (or the machine) on [member hover_cell]; false if there is none.
func remove_at_hover() -> bool:
	if hover_cell.x < 0:
		return false
	if loop.factory.machine_at(loop.building.viewed_floor, hover_cell) != null:
		return loop.factory.remove(loop.building.viewed_floor, hover_cell)
	return loop.remove_tower(loop.building.viewed_floor, hover_cell)


## Points the ghost at [param cell] of the viewed storey (what the mouse does), for tests
## and tools.
func hover(cell: Vector2i) -> void:
	_show_ghost(cell)


func _update_hover() -> void:
	if loop != null and _mouse.x >= 0:
		_show_ghost(_cell_under_mouse())


# The viewed storey's cell under the mouse ((-1, -1) off the floor's plane).
func _cell_under_mouse() -> Vector2i:
	var camera := get_viewport().get_camera_3d()
	if camera == null or loop == null or _mouse.x < 0:
		return Vector2i(-1, -1)
	var origin := loop.building.storey_origin(loop.building.viewed_floor)
	var plane := Plane(Vector3.UP, origin.y + StoreyRenderer.FLOOR_HEIGHT)
	var hit: Variant = plane.intersects_ray(
		camera.project_ray_origin(_mouse), camera.project_ray_normal(_mouse)
	)
	if hit == null:
		return Vector2i(-1, -1)
	var local: Vector3 = (hit as Vector3) - origin
	return Vector2i(floori(local.x), floori(local.z))


# The index of the tier action [param event] presses (past the tiers: the machines'), or -1.
func _tier_pressed(event: InputEvent) -> int:
	if loop == null:
		return -1
	for index in loop.rules.tower_tiers.size() + loop.rules.machine_kinds.size():
		if event.is_action_pressed(tier_action(index)):
			return index
	return -1


func _show_ghost(cell: Vector2i) -> void:
	var floor_index := loop.building.viewed_floor
	var layout := loop.building.layouts[floor_index]
	var towers := loop.building.get_storey(floor_index).get_towers()
	var tower_tier := loop.rules.tier(tier)
	var affordable := tower_tier != null and loop.materials >= tower_tier.cost
	var shown := [
		floor_index,
		cell,
		tier,
		towers.navigator.get_revision(),
		towers.navigator.get_required_cells(),
		affordable,
		loop.is_reclaimed(),
		machine,
		loop.materials >= _machine_cost(),
	]
	if shown == _shown:
		return
	_shown = shown
	if not layout.in_bounds(cell):
		hover_cell = Vector2i(-1, -1)
		hover_refusal = ""
		hover_refused = false
		_ghost.visible = false
		_label.visible = false
		_set_hover_text("")
		return
	hover_cell = cell
	if machine >= 0 or loop.factory.machine_at(floor_index, cell) != null:
		_show_machine_ghost(floor_index, cell)
		return
	_ghost.mesh = _tower_mesh
	var removable := towers.at(cell) != null
	var refusal := loop.check_tower(floor_index, cell, tier)
	hover_refusal = OutpostLoop.describe_refusal(refusal, layout.get_cell(cell))
	var ok := refusal == OutpostLoop.Refusal.NONE
	var height := tower_tier.height if tower_tier != null else 1.0
	(_ghost.mesh as CylinderMesh).height = height
	_ghost_material.albedo_color = Color(0.2, 1.0, 0.35, 0.55) if ok else Color(1.0, 0.2, 0.2, 0.55)
	var centre := loop.building.storey_origin(floor_index) + layout.cell_center(cell)
	_ghost.global_position = centre + Vector3(0.0, height * 0.5, 0.0)
	_ghost.visible = not removable
	_label.global_position = centre + Vector3(0.0, height + 0.6, 0.0)
	var text := hover_refusal
	if removable:
		var refund := roundi(BuildRules.refund(towers.at(cell).tier, loop.rules.tower_refund))
		text = GameText.tower_removable(ActionKeys.describe(&"remove_tower"), refund)
		_label.text = "+%d" % refund
	elif ok:
		text = GameText.tower_buildable(RulesWords.of(tower_tier.display_name), tower_tier.cost)
		_label.text = str(roundi(tower_tier.cost))
	else:
		_label.text = GameText.tower_refused_tag()
	_label.modulate = Color(0.6, 1.0, 0.7) if ok or removable else Color(1.0, 0.55, 0.5)
	hover_refused = not (ok or removable)
	_label.visible = true
	_set_hover_text(text)


# The ghost of a machine of [member machine] on [param cell], or the offer to remove the
# machine standing there.
func _show_machine_ghost(floor_index: int, cell: Vector2i) -> void:
	var layout := loop.building.layouts[floor_index]
	var standing := loop.factory.machine_at(floor_index, cell)
	var kind := loop.rules.machine_kind(machine)
	var refusal := loop.factory.check(floor_index, cell, machine)
	hover_refusal = loop.factory.refusal_text(floor_index, cell, machine) if kind != null else ""
	var ok := refusal == Factory.Refusal.NONE
	var height := kind.height if kind != null else 0.8
	_ghost.mesh = _machine_mesh
	_machine_mesh.size.y = height
	_ghost_material.albedo_color = Color(0.2, 1.0, 0.35, 0.55) if ok else Color(1.0, 0.2, 0.2, 0.55)
	var centre := loop.building.storey_origin(floor_index) + layout.cell_center(cell)
	_ghost.global_position = centre + Vector3(0.0, height * 0.5, 0.0)
	_ghost.visible = standing == null
	_label.global_position = centre + Vector3(0.0, height + 0.6, 0.0)
	var text := hover_refusal
	if standing != null:
		var refund := roundi(BuildRules.refund(standing.kind, loop.rules.machine_refund))
		var key := ActionKeys.describe(&"remove_tower")
		text = FactoryText.machine_removable(key, RulesWords.of(standing.kind.display_name), refund)
		_label.text = "+%d" % refund
	elif ok:
		text = FactoryText.machine_buildable(
			RulesWords.of(kind.display_name), kind.cost, kind.output
		)
		_label.text = str(roundi(kind.cost))
	else:
		_label.text = GameText.tower_refused_tag()
	_label.modulate = Color(0.6, 1.0, 0.7) if ok or standing != null else Color(1.0, 0.55, 0.5)
	hover_refused = not (ok or standing != null)
	_label.visible = true
	_set_hover_text(text)


# The cost of the machine picked (0 with none).
func _machine_cost() -> float:
	var kind := loop.rules.machine_kind(machine) if loop != null else null
	return kind.cost if kind != null else 0.0


func _set_hover_text(text: String) -> void:
	if text != hover_text:
		hover_text = text
		hover_changed.emit(text)


func _on_floor_changed() -> void:
	if not on_factory_floor():
		set_machine(-1)
	if active:
		set_active(true)
