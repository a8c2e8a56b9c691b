extends OutpostLoop
## An OutpostLoop that counts its legality lookups, for the test that a click in build
## mode looks legality up once.

## Calls of [method check_tower] so far.
var checks := 0


func check_tower(floor_index: int, cell: Vector2i, tier: int) -> Refusal:
	checks += 1
	return super(floor_index, cell, tier)
