class_name ShardBursts
extends MultiMeshInstance3D
## Short bursts of small shards from a point (debris, sparkles), every burst of the node
## drawn by its one [MultiMesh]: a fixed pool of [member slots] bursts of [member shards]
## shards each, no node per burst. [method burst] starts one at a point in this node's frame
## in a colour; when every slot is busy the oldest burst gives its slot up, and at most
## [member per_tick] bursts start per physics tick (the rest are not drawn), so a tick with
## hundreds of events costs what [member per_tick] bursts cost.
##
## A shard leaves the point along its own direction of a fixed fan (no random draw) at up
## to [member speed], with [member lift] upwards, falls with [member gravity] (negative:
## it floats up) and shrinks to nothing over [member lifetime]. The shader
## (shard_bursts.gdshader) moves the shards: a burst writes its shards' point, colour and
## velocity into the buffer once, and each frame only the node's clock goes to the
## material ([method advance]); nothing here changes game state. Bursts start only while
## the parent is visible in the tree (a hidden storey shows none); the node hides itself
## while no burst is alive.

## Seconds on the node's clock the shader wraps at (a burst's start is stored modulo this,
## so that custom data of half precision keeps it to a few milliseconds).
const WRAP := 16.0
## Floats per instance: the transform's 12, the colour's 4, the custom data's 4.
const FLOATS := 20
const _SHADER := preload("res://src/world/effects/shard_bursts.gdshader")

## Bursts alive at once (the pool).
@export_range(1, 256) var slots := 24
## Shards per burst.
@export_range(1, 64) var shards := 12
## Seconds a burst lasts.
@export_range(0.05, 5.0, 0.01) var lifetime := 0.55
## Outward speed of the fastest shard, in metres per second.
@export_range(0.0, 20.0, 0.1) var speed := 2.6
## Initial upward speed added to every shard, in metres per second.
@export_range(-10.0, 10.0, 0.1) var lift := 1.4
## Vertical acceleration, in metres per second squared (negative: shards float up).
@export_range(-30.0, 30.0, 0.1) var gravity := 9.0
## Edge of a shard at its start, in metres.
@export_range(0.01, 1.0, 0.01) var shard_size := 0.12
## Most bursts started in one physics tick.
@export_range(1, 64) var per_tick := 6
## How far up the fan opens: 0 a flat ring, 1 a half sphere.
@export_range(0.0, 1.0, 0.05) var spread_up := 0.6

var _starts := PackedFloat32Array()
var _next := 0
var _active := 0
var _started := 0
var _started_tick := -1
var _clock := 0.0
var _fan := PackedVector3Array()
var _buffer := PackedFloat32Array()
var _material := ShaderMaterial.new()


func _ready() -> void:
	cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	# The shards fly from their instance's point: keep them drawn near the edge.
	extra_cull_margin = speed * lifetime + absf(lift) * lifetime + 1.0
	_starts.resize(slots)
	_starts.fill(-INF)
	_fan = _make_fan()
	_material.shader = _SHADER
	_material.set_shader_parameter(&"lifetime", lifetime)
	_material.set_shader_parameter(&"gravity", gravity)
	var box := BoxMesh.new()
	box.size = Vector3.ONE * shard_size
	box.material = _material
	multimesh = MultiMesh.new()
	multimesh.transform_format = MultiMesh.TRANSFORM_3D
	multimesh.use_colors = true
	multimesh.use_custom_data = true
	multimesh.mesh = box
	multimesh.instance_count = slots * shards
	_buffer.resize(slots * shards * FLOATS)
	for i in slots * shards:
		_buffer[i * FLOATS] = 1.0
		_buffer[i * FLOATS + 5] = 1.0
		_buffer[i * FLOATS + 10] = 1.0
	multimesh.buffer = _buffer
	visible = false


func _process(delta: float) -> void:
	if _active > 0:
		advance(delta)


## Starts a burst at [param at] (this node's frame) in [param color]; false (nothing
## started) while the node is hidden or when [member per_tick] bursts already started
## this physics tick.
func burst(at: Vector3, color: Color) -> bool:
	var parent := get_parent() as Node3D
	if _starts.is_empty() or (parent != null and not parent.is_visible_in_tree()):
		return false
	var tick := Engine.get_physics_frames()
	if tick != _started_tick:
		_started_tick = tick
		_started = 0
	if _started >= per_tick:
		return false
	_started += 1
	var slot := _next
	_next = (_next + 1) % slots
	if not _alive(slot):
		_active += 1
	_starts[slot] = _clock
	var turn := Basis(Vector3.UP, fmod(float(tick) * 2.399963 + slot * 0.7, TAU))
	for i in shards:
		var velocity := turn * _fan[i] * speed + Vector3.UP * lift
		var at_float := (slot * shards + i) * FLOATS
		_buffer[at_float + 3] = at.x
		_buffer[at_float + 7] = at.y
		_buffer[at_float + 11] = at.z
		_buffer[at_float + 12] = color.r
		_buffer[at_float + 13] = color.g
		_buffer[at_float + 14] = color.b
		_buffer[at_float + 15] = 1.0
		_buffer[at_float + 16] = velocity.x
		_buffer[at_float + 17] = velocity.y
		_buffer[at_float + 18] = velocity.z
		_buffer[at_float + 19] = fmod(_clock, WRAP)
	multimesh.buffer = _buffer
	visible = true
	return true


## Bursts drawn now.
func active_count() -> int:
	return _active


## Advances the node's clock by [param delta] seconds (what [method Node._process] does
## while a burst is alive): the shader moves the shards; a burst whose lifetime is over
## gives its slot back, and with none left the node hides and its clock starts again.
func advance(delta: float) -> void:
	_clock += delta
	var dead := false
	for slot in slots:
		if _starts[slot] > -INF and not _alive(slot):
			_starts[slot] = -INF
			_active -= 1
			dead = true
			for i in shards:
				_buffer[(slot * shards + i) * FLOATS + 15] = 0.0
	if dead:
		multimesh.buffer = _buffer
	if _active == 0:
		_clock = 0.0
		visible = false
	_material.set_shader_parameter(&"now", fmod(_clock, WRAP))


func _alive(slot: int) -> bool:
	return _clock - _starts[slot] < lifetime


# `shards` directions spread evenly around the vertical (the golden angle) and upwards,
# each a little slower than the last, so a burst looks scattered without a random draw.
func _make_fan() -> PackedVector3Array:
	var fan := PackedVector3Array()
	for i in shards:
		var up := spread_up * (float(i % 3) / 2.0)
		var angle := i * 2.399963
		var flat := Vector3(cos(angle), 0.0, sin(angle)) * sqrt(1.0 - up * up)
		fan.append((flat + Vector3.UP * up) * (1.0 - 0.4 * float(i) / shards))
	return fan
