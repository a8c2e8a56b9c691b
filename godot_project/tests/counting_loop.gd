extends OutpostLoop
## An OutpostLoop that counts its legality lookups ([method Construction.check], whichever
## way they come: [method OutpostLoop.check_tower] or a build), for the test that a click in
## build mode looks legality up once.

## Legality lookups so far.
var checks: int:
	get:
		return (construction as CountingConstruction).checks


func _init() -> void:
	construction = CountingConstruction.new(self)


## A [Construction] that counts its [method Construction.check] calls.
class CountingConstruction:
	extends Construction
	## Calls of [method check] so far.
	var checks := 0

	func check(floor_index: int, cell: Vector2i, tier: int) -> int:
		checks += 1
		return super(floor_index, cell, tier)
