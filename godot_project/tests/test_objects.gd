extends "res://tests/suite.gd"
## The interactive objects: BeaconObject (damage, restore, signals, particles, group).

const BEACON_SCENE := preload("res://scenes/objects/BeaconObject.tscn")


## Records every emission of `sig` as an Array of its arguments.
func _record(sig: Signal) -> Array[Array]:
	var out: Array[Array] = []
	sig.connect(func(a: Variant = null, b: Variant = null) -> void: out.append([a, b]))
	return out


func test_beacon_starts_damaged_with_particles_and_in_the_beacons_group() -> bool:
	var beacon: BeaconObject = add(BEACON_SCENE.instantiate())
	var particles: CPUParticles3D = beacon.get_node("DamageParticles")
	expect(not beacon.is_restored(), "a new beacon is damaged")
	expect_eq(beacon.get_restoration_progress(), 0.0, "initial progress")
	expect_eq(beacon.get_health(), 0.0, "initial health")
	expect(particles.emitting, "damage particles on")
	expect(beacon.is_in_group(BeaconObject.GROUP), "in the beacons group")
	expect_eq(BeaconObject.GROUP, &"beacons", "group name")
	beacon.free()
	return ok()


func test_beacon_restore_emits_restored_once_at_full_progress() -> bool:
	var beacon: BeaconObject = add(BEACON_SCENE.instantiate())
	var particles: CPUParticles3D = beacon.get_node("DamageParticles")
	var restored := _record(beacon.restored)
	var progress := _record(beacon.progress_changed)
	beacon.restore(40.0)
	expect_eq(beacon.get_restoration_progress(), 0.4, "progress after 40 of 100")
	expect_eq(restored.size(), 0, "not restored at 0.4")
	expect(particles.emitting, "particles on while damaged")
	for i in 6:
		beacon.restore(10.0)
	expect_eq(beacon.get_restoration_progress(), 1.0, "progress at full")
	expect(beacon.is_restored(), "restored at full health")
	expect_eq(restored.size(), 1, "restored emitted once")
	expect(not particles.emitting, "particles off once restored")
	beacon.restore(25.0)
	beacon.restore(0.0)
	expect_eq(restored.size(), 1, "restoring a full beacon emits nothing")
	expect_eq(progress.size(), 7, "one progress_changed per effective restore")
	expect_eq(progress.back(), [1.0, null], "last progress")
	beacon.free()
	return ok()


func test_beacon_restore_by_fractions_reaches_exactly_full() -> bool:
	var beacon: BeaconObject = add(BEACON_SCENE.instantiate())
	beacon.max_health = 1.0
	var restored := _record(beacon.restored)
	for i in 10:
		beacon.restore(0.1)
	expect(beacon.is_restored(), "ten tenths restore the beacon")
	expect_eq(restored.size(), 1, "restored emitted once")
	beacon.free()
	return ok()


func test_beacon_damage_emits_damaged_with_the_health_lost_and_left() -> bool:
	var beacon: BeaconObject = BEACON_SCENE.instantiate()
	beacon.initial_progress = 0.5
	add(beacon)
	var damaged := _record(beacon.damaged)
	beacon.apply_damage(20.0)
	beacon.apply_damage(100.0)
	beacon.apply_damage(5.0)
	beacon.apply_damage(-3.0)
	expect_eq(damaged, [[20.0, 30.0], [30.0, 0.0]], "damaged(amount, health)")
	expect_eq(beacon.get_health(), 0.0, "health floors at 0")
	beacon.free()
	return ok()


func test_damaging_a_restored_beacon_makes_it_damaged_again() -> bool:
	var beacon: BeaconObject = add(BEACON_SCENE.instantiate())
	var particles: CPUParticles3D = beacon.get_node("DamageParticles")
	var restored := _record(beacon.restored)
	var damaged := _record(beacon.damaged)
	beacon.restore(100.0)
	beacon.apply_damage(30.0)
	expect(not beacon.is_restored(), "damaged again")
	expect_eq(beacon.get_restoration_progress(), 0.7, "progress drops with health")
	expect(particles.emitting, "particles back on")
	expect_eq(damaged, [[30.0, 70.0]], "damaged(30, 70)")
	beacon.restore(30.0)
	expect(beacon.is_restored() and not particles.emitting, "restored once more")
	expect_eq(restored.size(), 2, "restored emitted on each return to full")
	beacon.free()
	return ok()


func test_beacon_starting_at_full_progress_is_restored_without_a_signal() -> bool:
	var beacon: BeaconObject = BEACON_SCENE.instantiate()
	beacon.initial_progress = 1.0
	var restored := _record(beacon.restored)
	add(beacon)
	expect(beacon.is_restored(), "restored from the start")
	expect(not (beacon.get_node("DamageParticles") as CPUParticles3D).emitting, "no particles")
	expect_eq(restored.size(), 0, "no restored signal for the initial state")
	beacon.free()
	return ok()


func test_beacons_in_storey_lists_the_beacons_under_a_node_only() -> bool:
	var storey_a := Node3D.new()
	var storey_b := Node3D.new()
	for i in 3:
		storey_a.add_child(BEACON_SCENE.instantiate())
	storey_b.add_child(BEACON_SCENE.instantiate())
	add(storey_a)
	add(storey_b)
	expect_eq(BeaconObject.in_storey(storey_a).size(), 3, "beacons under storey A")
	expect_eq(BeaconObject.in_storey(storey_b).size(), 1, "beacons under storey B")
	expect_eq(tree.get_nodes_in_group(BeaconObject.GROUP).size(), 4, "beacons in the group")
	storey_a.free()
	storey_b.free()
	return ok()
