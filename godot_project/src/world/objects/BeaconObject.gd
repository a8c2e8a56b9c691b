class_name BeaconObject
extends StoreyObject
## A BEACON cell: damaged communications infrastructure that Genesis restores and enemies
## attack.
##
## One quantity drives the beacon: its health, from 0 to [member max_health].
## [method get_restoration_progress] is health / [member max_health] (0..1), and the beacon
## is restored exactly when its health is full. So:
## [br]- A beacon starts damaged, at [member initial_progress] x [member max_health] health
##   (0 by default), with its damage particles on.
## [br]- [method restore] adds health points; the call that fills the beacon emits
##   [signal restored] once and stops the particles. Restoring a full beacon does nothing.
## [br]- [method apply_damage] removes health points and emits [signal damaged]; a restored
##   beacon that takes damage is damaged again (particles on), and [signal restored] fires
##   again when it is filled once more.
## [br]- Amounts <= 0, and calls that change nothing (damage at 0 health), emit nothing.
## [br]- [member restored_once] turns true the first time the beacon is full and stays true:
##   a beacon restored once and then damaged [method is_bleeding] (the game's bleed), one
##   never filled does not.
## [br]The bar above the pillar ([code]Bar[/code], a [WorldBar]) shows the progress in the
## world: magenta while it fills, red while it bleeds.
## [br]Every beacon is in the group [constant GROUP]; [method in_storey] lists those under a
## storey's node, for a HUD. Needs no layout: run alone (F6), it is a beacon at the origin.

## Emitted by [method apply_damage] when the beacon lost health: [param amount] is the health
## actually lost (at most what it had), [param health] what is left.
signal damaged(amount: float, health: float)
## Emitted once each time the beacon becomes fully restored (its health reaches
## [member max_health] through [method restore]).
signal restored
## Emitted whenever the health changes, with the new [method get_restoration_progress].
signal progress_changed(progress: float)

## The StoreyLayout.CellType this object stands on.
const CELL_TYPE: int = StoreyLayout.CellType.BEACON
## The group every beacon joins (count a storey's beacons with [method in_storey]).
const GROUP := &"beacons"
## The reference's beacon colour ("vivid magenta glowing pillar").
const COLOR := Color("ff4dcc")
## The progress bar's colour while the beacon bleeds.
const BLEED_COLOR := Color("ff3b30")

## Full health: the health of a restored beacon (> 0).
@export_range(1.0, 1000.0, 1.0, "or_greater") var max_health: float = 100.0
## Restoration progress the beacon starts with; below 1.0 it starts damaged. Read once, when
## the beacon enters the tree (or is first used): set it before.
@export_range(0.0, 1.0, 0.01) var initial_progress: float = 0.0

## True once the beacon has been full at least once (it then bleeds while damaged).
var restored_once := false

# NAN until first read, so that exports set after _init() (scene, inspector) count.
var _health: float = NAN

@onready var _particles: CPUParticles3D = $DamageParticles
@onready var _bar: WorldBar = $Bar


func _init() -> void:
	add_to_group(GROUP)


func _ready() -> void:
	_update_particles()


## The beacons under [param storey] (e.g. a storey's [StoreyObjectSpawner]), in the group's
## order; empty if [param storey] is not in the tree.
static func in_storey(storey: Node) -> Array[BeaconObject]:
	var out: Array[BeaconObject] = []
	if storey == null or not storey.is_inside_tree():
		return out
	for node in storey.get_tree().get_nodes_in_group(GROUP):
		if node is BeaconObject and storey.is_ancestor_of(node):
			out.append(node)
	return out


## Current health, 0..[member max_health].
func get_health() -> float:
	if is_nan(_health):
		_health = clampf(initial_progress, 0.0, 1.0) * max_health
		restored_once = _health >= max_health
	return _health


## Restoration progress, 0..1 (health / [member max_health]).
func get_restoration_progress() -> float:
	return get_health() / max_health


## True when the health is full; otherwise the beacon is damaged (particles on).
func is_restored() -> bool:
	return get_health() >= max_health


## True while a beacon that was full once is damaged: the building bleeds materials.
func is_bleeding() -> bool:
	return restored_once and not is_restored()


## Health missing to full, 0..[member max_health].
func get_missing_health() -> float:
	return max_health - get_health()


## The state for a save game: health, full health and whether it was ever full.
func get_state() -> Dictionary:
	return {"health": get_health(), "max_health": max_health, "restored_once": restored_once}


## "" if [param data] is a beacon's state, else what is wrong: full health below 1 or
## absurd, health below 0 or above full. [code]context.where[/code] names it.
static func check_state(data: Dictionary, context: Dictionary) -> String:
	var where: String = context.get("where", "beacon")
	var check := StateCheck.new()
	var full := check.number(data, "max_health", where, 1.0)
	check.number(data, "health", where, 0.0, full)
	check.flag(data, "restored_once", where)
	return check.problem()


## Restores [method get_state]'s state (a loaded game), without signals. The older form,
## [code]set_state(health, was_restored)[/code], sets the health and
## [member restored_once] and keeps [member max_health].
func set_state(data: Variant, was_restored: bool = false) -> void:
	var health := 0.0
	if data is Dictionary:
		max_health = data.get("max_health", max_health)
		health = data.get("health", 0.0)
		was_restored = data.get("restored_once", false)
	else:
		health = data
	_health = clampf(health, 0.0, max_health)
	restored_once = was_restored or _health >= max_health
	_update_particles()


## Removes [param amount] health points (an enemy attack) and emits [signal damaged] with
## what was lost; a restored beacon becomes damaged. Does nothing if [param amount] <= 0 or
## the health is already 0.
func apply_damage(amount: float) -> void:
	var before := get_health()
	if amount <= 0.0 or before <= 0.0:
		return
	_health = maxf(before - amount, 0.0)
	_update_particles()
	damaged.emit(before - _health, _health)
	progress_changed.emit(get_restoration_progress())


## Adds [param amount] health points (Genesis's repair), raising the restoration progress by
## amount / [member max_health]; the call that fills the beacon emits [signal restored].
## Does nothing if [param amount] <= 0 or the beacon is already restored.
func restore(amount: float) -> void:
	var before := get_health()
	if amount <= 0.0 or before >= max_health:
		return
	_health = minf(before + amount, max_health)
	# Sums of fractions (0.1 x 10) land a hair below full: snap them.
	if is_equal_approx(_health, max_health):
		_health = max_health
	if is_restored():
		restored_once = true
	_update_particles()
	progress_changed.emit(get_restoration_progress())
	if is_restored():
		restored.emit()


func _update_particles() -> void:
	if _particles != null:
		_particles.emitting = not is_restored()
	if _bar != null:
		_bar.fraction = get_restoration_progress()
		_bar.fill_color = BLEED_COLOR if is_bleeding() else COLOR
