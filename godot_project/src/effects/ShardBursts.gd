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
## it floats up) and shrinks to nothing over [member lifetime]. Drawn only: animated in
## [method advance] (from [method Node._process]), which changes nothing but this node's
## buffer. Bursts are started only while the node is visible in the tree: a hidden storey
## shows none.

## Bursts alive at once (the pool).
@export_range(1, 256) var slots := 24
## Shards per burst.
@export_range(1, 64) var shards := 10
## Seconds a burst lasts.
@export_range(0.05, 5.0, 0.01) var lifetime := 0.55
## Outward speed of the fastest shard, in metres per second.
@export_range(0.0, 20.0, 0.1) var speed := 2.6
## Initial upward speed added to every shard, in metres per second.
@export_range(-10.0, 10.0, 0.1) var lift := 1.4
## Vertical acceleration, in metres per second squared (negative: shards float up).
@export_range(-30.0, 30.0, 0.1) var gravity := 9.0
## Edge of a shard at its start, in metres.
@export_range(0.01, 1.0, 0.01) var shard_size := 0.09
## Most bursts started in one physics tick.
@export_range(1, 64) var per_tick := 6
## How far up the fan opens: 0 a flat ring, 1 a half sphere.
@export_range(0.0, 1.0, 0.05) var spread_up := 0.6

var _origins := PackedVector3Array()
var _colors := PackedColorArray()
var _ages := PackedFloat32Array()
var _turns := PackedFloat32Array()
var _next := 0
var _active := 0
var _started := 0
var _started_tick := -1
var _fan := PackedVector3Array()
var _buffer := PackedFloat32Array()


func _ready() -> void:
	cast_shadow = GeometryInstance3D.SHADOW_CASTING_SETTING_OFF
	_origins.resize(slots)
	_colors.resize(slots)
	_ages.resize(slots)
	_ages.fill(INF)
	_turns.resize(slots)
	_fan = _make_fan()
	var material := StandardMaterial3D.new()
	material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	material.vertex_color_use_as_albedo = true
	var box := BoxMesh.new()
	box.size = Vector3.ONE * shard_size
	box.material = material
	multimesh = MultiMesh.new()
	multimesh.transform_format = MultiMesh.TRANSFORM_3D
	multimesh.use_colors = true
	multimesh.mesh = box
	multimesh.instance_count = slots * shards
	multimesh.visible_instance_count = 0
	_buffer.resize(slots * shards * 16)


func _process(delta: float) -> void:
	if _active > 0:
		advance(delta)


## Starts a burst at [param at] (this node's frame) in [param color]; false (nothing
## started) while the node is hidden or when [member per_tick] bursts already started
## this physics tick.
func burst(at: Vector3, color: Color) -> bool:
	if not is_visible_in_tree() or _ages.is_empty():
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
	if _ages[slot] >= lifetime:
		_active += 1
	_origins[slot] = at
	_colors[slot] = color
	_ages[slot] = 0.0
	_turns[slot] = fmod(float(tick) * 2.399963 + slot * 0.7, TAU)
	advance(0.0)
	return true


## Bursts drawn now.
func active_count() -> int:
	return _active


## Ages every burst by [param delta] seconds and writes the shards into the MultiMesh
## (what [method Node._process] does each frame while a burst is alive).
func advance(delta: float) -> void:
	var written := 0
	_active = 0
	for slot in slots:
		if _ages[slot] >= lifetime:
			continue
		_ages[slot] += delta
		var age := _ages[slot]
		if age >= lifetime:
			continue
		_active += 1
		var left := 1.0 - age / lifetime
		var color := _colors[slot]
		var turn := Basis(Vector3.UP, _turns[slot])
		for i in shards:
			var direction := turn * _fan[i]
			var velocity := direction * speed + Vector3.UP * lift
			var p := _origins[slot] + velocity * age + Vector3.DOWN * (0.5 * gravity * age * age)
			var s := left
			var at := written * 16
			_buffer[at] = s
			_buffer[at + 1] = 0.0
			_buffer[at + 2] = 0.0
			_buffer[at + 3] = p.x
			_buffer[at + 4] = 0.0
			_buffer[at + 5] = s
			_buffer[at + 6] = 0.0
			_buffer[at + 7] = p.y
			_buffer[at + 8] = 0.0
			_buffer[at + 9] = 0.0
			_buffer[at + 10] = s
			_buffer[at + 11] = p.z
			_buffer[at + 12] = color.r
			_buffer[at + 13] = color.g
			_buffer[at + 14] = color.b
			_buffer[at + 15] = color.a
			written += 1
	multimesh.buffer = _buffer
	multimesh.visible_instance_count = written


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
