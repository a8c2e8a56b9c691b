class_name WornObject
extends Node3D
## What drones wear down on a storey: a [TowerObject] or a [MachineObject] standing on a
## cell, with health, a [WorldBar] over it and the two signals its storey's list listens
## to. An attack ([method apply_damage]) takes health; at 0 it emits [signal destroyed]
## once (whoever placed it removes it). A subclass says its full health
## ([method max_health]) and adds its bar with [method add_bar] as it builds its body.

## Health reached 0.
signal destroyed
## Health changed (to [param health] of [param max_health]).
signal health_changed(health: float, max_health: float)

## The bar's colour.
const BAR_COLOR := Color(0.4, 0.9, 0.5)
## The bar's length, metres.
const BAR_LENGTH := 0.6

## The cell it stands on.
var cell := Vector2i(-1, -1)
## Health left.
var health := 0.0

var _bar: WorldBar


## Its full health (its tier's or kind's).
func max_health() -> float:
	return 0.0


## The row of the rules it was built from: a [TowerTier] or a [MachineKind] (what it cost,
## [method BuildRules.refund]).
func row() -> Resource:
	return null


## Takes [param amount] health (a drone's attack); at 0 emits [signal destroyed] once.
func apply_damage(amount: float) -> void:
	if amount <= 0.0 or health <= 0.0:
		return
	health = maxf(health - amount, 0.0)
	_bar.fraction = health / max_health()
	health_changed.emit(health, max_health())
	if health <= 0.0:
		destroyed.emit()


## Sets the health (a loaded game), without signals.
func set_health(value: float) -> void:
	health = clampf(value, 0.0, max_health())
	_bar.fraction = health / max_health()


## Adds the health bar [param height] metres over its cell, full.
func add_bar(height: float) -> void:
	_bar = WorldBar.new()
	_bar.name = "Bar"
	_bar.length = BAR_LENGTH
	_bar.fill_color = BAR_COLOR
	_bar.position.y = height
	_bar.fraction = 1.0
	add_child(_bar)
