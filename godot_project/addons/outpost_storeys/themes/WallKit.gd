@tool
class_name WallKit
extends Resource
## A theme's walls drawn as a dual-grid kit: five pieces, each generated from one wall
## cross-section ([member profile]) swept along the wall's outline, plus their material.
##
## [method StoreyLayout.get_wall_kit_buffers] puts one tile on every grid vertex whose four
## cells hold a WALL, with its piece ([constant PIECES]) turned to cover exactly the wall
## quarters of those cells. A piece is modelled for a tile one cell wide centred on the
## origin: the faces run along the edges between wall and floor quarters, the profile's
## outward offsets mitred at corners, the cap closes the top and a base the bottom. Every
## face meets a tile edge square with the same cross-section, so neighbouring pieces join
## without a seam.
## The meshes are generated on first use (and again when [member profile] changes); no
## file holds them.

## The pieces, in the order of [method StoreyLayout.get_wall_kit_buffers]' keys.
const PIECES: Array[StringName] = [
	&"outer_corner", &"straight", &"saddle", &"inner_corner", &"full"
]
## The cross-section used when [member profile] is empty: a skirting at the floor, the
## body set back, a cap lip standing out again at the top.
const DEFAULT_PROFILE: Array[Vector2] = [
	Vector2(0.0, 0.0),
	Vector2(0.0, 0.12),
	Vector2(0.05, 0.17),
	Vector2(0.05, 1.8),
	Vector2(0.0, 1.86),
	Vector2(0.0, 2.0),
]
## Half a tile (tiles are one cell, one metre, wide).
const HALF := 0.5

## The wall's cross-section, bottom to top: each point is (inset, height) in metres, the
## inset measured from the cell's edge into the wall (0 is the edge; never negative, so a
## piece stays over its wall quarters). The cap closes the top at the last point. Empty:
## [constant DEFAULT_PROFILE].
@export var profile := PackedVector2Array():
	set(value):
		profile = value
		_meshes.clear()
		emit_changed()
## The material of every piece. A [ShaderMaterial] including
## [code]res://addons/outpost_storeys/themes/shaders/cutaway.gdshaderinc[/code] keeps its
## look when the renderer's wall cut-away is on (the renderer then draws with a copy of it,
## the cut turned on); any other material is replaced by the plain cut-away material then.
@export var material: Material:
	set(value):
		material = value
		emit_changed()

var _meshes: Dictionary[StringName, ArrayMesh] = {}


static func _static_init() -> void:
	# The cut-away's shader globals, before any of the theme's materials draws.
	CutawayGlobals.ensure()


## The mesh of [param piece] (one of [constant PIECES]), generated on first use; null
## (with an error) for another name.
func get_mesh(piece: StringName) -> ArrayMesh:
	if not piece in PIECES:
		push_error("WallKit.get_mesh: %s is not a piece (%s)" % [piece, ", ".join(PIECES)])
		return null
	if not _meshes.has(piece):
		_meshes[piece] = build_piece(piece, get_profile())
	return _meshes[piece]


## [member profile], or [constant DEFAULT_PROFILE] when it has fewer than two points or
## cannot be swept ([method get_profile_error] says why, reported with
## [method @GlobalScope.push_error]).
func get_profile() -> PackedVector2Array:
	if profile.size() < 2:
		return PackedVector2Array(DEFAULT_PROFILE)
	var error := get_profile_error()
	if not error.is_empty():
		push_error("WallKit: %s; drawing the default profile" % error)
		return PackedVector2Array(DEFAULT_PROFILE)
	return profile


## Why [member profile] cannot be swept (a negative inset, which would stand over a floor
## quarter; an inset of half a tile or more; a height going down; a top at or below the
## floor), or [code]""[/code].
func get_profile_error() -> String:
	for i in profile.size():
		var point := profile[i]
		if point.x < 0.0 or point.x >= HALF:
			return "profile[%d] = %s: its inset must be in [0, %s)" % [i, point, HALF]
		if i > 0 and point.y < profile[i - 1].y:
			return "profile[%d] = %s is lower than the point before it" % [i, point]
	if not profile.is_empty() and profile[profile.size() - 1].y <= 0.0:
		return "the profile's top, %s, is not above the floor" % profile[profile.size() - 1]
	return ""


## Height of the walls: the top of the profile, in metres.
func get_height() -> float:
	var points := get_profile()
	return points[points.size() - 1].y


## The box every piece fits in, in its own frame (a tile one cell wide, as tall as the
## walls): what the cut-away tests against the line of sight.
func get_tile_box() -> AABB:
	return AABB(Vector3(-HALF, 0.0, -HALF), Vector3(2.0 * HALF, get_height(), 2.0 * HALF))


## The mesh of [param piece] swept from [param section] ((inset, height) points, bottom to
## top): the faces of its outline, then its cap and its base. Front faces wind clockwise,
## as Godot draws them.
static func build_piece(piece: StringName, section: PackedVector2Array) -> ArrayMesh:
	var tool := SurfaceTool.new()
	tool.begin(Mesh.PRIMITIVE_TRIANGLES)
	var top := section[section.size() - 1]
	for chain in _chains(piece):
		var face: PackedVector2Array = chain[0]
		for i in section.size() - 1:
			_sweep(tool, face, section[i], section[i + 1])
		var cap := _offset(face, top.x)
		cap.append_array(chain[1])
		_cap(tool, cap, top.y, Vector3.UP)
		# The base, facing down: never seen from outside, but through the cut-away's cut it
		# is what closes the stub (drawn from inside, as the stub's top).
		var base := _offset(face, section[0].x)
		base.append_array(chain[1])
		_cap(tool, base, section[0].y, Vector3.DOWN)
	tool.index()
	return tool.commit()


# The outline chains of a piece in its canonical orientation: per chain the face polyline
# (the wall on its right seen from above, so its outward normal is (-t.y, t.x) for a
# direction t) and the tile corners that close its cap. x is east, y (z in 3D) south.
static func _chains(piece: StringName) -> Array:
	var h := HALF
	var north_west := [
		PackedVector2Array([Vector2(-h, 0), Vector2(0, 0), Vector2(0, -h)]),
		PackedVector2Array([Vector2(-h, -h)]),
	]
	match piece:
		&"outer_corner":
			return [north_west]
		&"straight":
			return [
				[
					PackedVector2Array([Vector2(-h, 0), Vector2(h, 0)]),
					PackedVector2Array([Vector2(h, -h), Vector2(-h, -h)]),
				]
			]
		&"saddle":
			return [
				north_west,
				[
					PackedVector2Array([Vector2(h, 0), Vector2(0, 0), Vector2(0, h)]),
					PackedVector2Array([Vector2(h, h)]),
				],
			]
		&"inner_corner":
			return [
				[
					PackedVector2Array([Vector2(-h, 0), Vector2(0, 0), Vector2(0, h)]),
					PackedVector2Array([Vector2(h, h), Vector2(h, -h), Vector2(-h, -h)]),
				]
			]
	return [
		[
			PackedVector2Array(),
			PackedVector2Array([Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)]),
		]
	]


# `face` moved `inset` into the wall, mitred at its corners; its ends move along their
# edge's normal only, so they stay on the tile's edges.
static func _offset(face: PackedVector2Array, inset: float) -> PackedVector2Array:
	var out := PackedVector2Array()
	var n := face.size()
	for i in n:
		var normals: Array[Vector2] = []
		if i > 0:
			normals.append(_normal(face[i - 1], face[i]))
		if i < n - 1:
			normals.append(_normal(face[i], face[i + 1]))
		var mitre := normals[0]
		if normals.size() == 2:
			mitre = (normals[0] + normals[1]) / (1.0 + normals[0].dot(normals[1]))
		out.append(face[i] - mitre * inset)
	return out


# Outward normal (away from the wall) of the face edge a -> b.
static func _normal(a: Vector2, b: Vector2) -> Vector2:
	var t := (b - a).normalized()
	return Vector2(-t.y, t.x)


# The faces between two rings of the profile along `face`.
static func _sweep(tool: SurfaceTool, face: PackedVector2Array, lo: Vector2, hi: Vector2) -> void:
	if face.size() < 2 or lo.is_equal_approx(hi):
		return
	var below := _offset(face, lo.x)
	var above := _offset(face, hi.x)
	for i in face.size() - 1:
		var n := _normal(face[i], face[i + 1])
		# Across the profile: outward by the inset's decrease, up by the height's increase.
		var out := lo.x - hi.x
		var up := hi.y - lo.y
		var normal := (Vector3(n.x, 0.0, n.y) * up - Vector3.UP * out).normalized()
		var a := Vector3(below[i].x, lo.y, below[i].y)
		var b := Vector3(below[i + 1].x, lo.y, below[i + 1].y)
		var c := Vector3(above[i + 1].x, hi.y, above[i + 1].y)
		var d := Vector3(above[i].x, hi.y, above[i].y)
		_triangle(tool, a, b, c, normal)
		_triangle(tool, a, c, d, normal)


# The flat polygon `polygon` at `height`, facing `normal` (up or down).
static func _cap(
	tool: SurfaceTool, polygon: PackedVector2Array, height: float, normal: Vector3
) -> void:
	var triangles := Geometry2D.triangulate_polygon(polygon)
	for i in range(0, triangles.size(), 3):
		var p := [polygon[triangles[i]], polygon[triangles[i + 1]], polygon[triangles[i + 2]]]
		_triangle(
			tool,
			Vector3(p[0].x, height, p[0].y),
			Vector3(p[1].x, height, p[1].y),
			Vector3(p[2].x, height, p[2].y),
			normal
		)


# One triangle facing `normal`, wound clockwise seen from that side.
static func _triangle(
	tool: SurfaceTool, a: Vector3, b: Vector3, c: Vector3, normal: Vector3
) -> void:
	var order := [a, b, c] if (b - a).cross(c - a).dot(normal) < 0.0 else [a, c, b]
	for v: Vector3 in order:
		tool.set_normal(normal)
		tool.set_uv(Vector2(v.x + v.y, v.z + v.y))
		tool.add_vertex(v)
