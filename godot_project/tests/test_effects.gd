extends "res://tests/suite.gd"
## The game's effects (src/effects/): every storey gets its StoreyEffects after each build;
## a death burst starts where an agent dies, in its kind's colour, pooled and capped per
## tick, fading out, and only on a storey that is drawn; a tower destroyed bursts; scrap
## collected sparkles; a beacon being restored shows rising rings that stop with
## restoring; Genesis flashes and the screen's edge reddens (more at low health) when it is
## hit, not when it heals, and both fade; the red edge lies under the HUD and ignores the
## mouse; and the effects change no game state: a game without them plays the same 300
## ticks.

const GAME_SCENE := preload("res://src/game/outpost_game.tscn")
const DRONE := StoreySwarm.KIND_DRONE
const ALIEN := StoreySwarm.KIND_ALIEN


func _effects_of(game: OutpostGame) -> EffectsDirector:
	return game.get_node(^"Effects") as EffectsDirector


## The colour of shard `i` in `bursts`' buffer (ShardBursts.FLOATS an instance:
## transform, colour, custom data).
func _shard_color(bursts: ShardBursts, i: int) -> Color:
	var b := bursts.multimesh.buffer
	var at := i * ShardBursts.FLOATS
	return Color(b[at + 12], b[at + 13], b[at + 14], b[at + 15])


func _shard_origin(bursts: ShardBursts, i: int) -> Vector3:
	var b := bursts.multimesh.buffer
	var at := i * ShardBursts.FLOATS
	return Vector3(b[at + 3], b[at + 7], b[at + 11])


func _shard_velocity(bursts: ShardBursts, i: int) -> Vector3:
	var b := bursts.multimesh.buffer
	var at := i * ShardBursts.FLOATS
	return Vector3(b[at + 16], b[at + 17], b[at + 18])


func test_every_storey_and_beacon_gets_its_effects_after_each_build() -> bool:
	var game := outpost_game(true)
	var effects := _effects_of(game)
	for round in 2:
		for index in game.building.get_storey_count():
			var storey := game.building.get_storey(index)
			expect(effects.get_storey_effects(index) != null, "round %d floor %d" % [round, index])
			expect_eq(storey.get_node(^"Effects").get_parent(), storey, "under the storey's node")
			for beacon in storey.get_beacons():
				expect(beacon.get_node_or_null(^"RestoreEffect") is RestoreEffect, "on a beacon")
		game.rebuild(game.building_seed + 1)
	end_game(game)
	return ok()


func test_a_death_burst_starts_where_an_agent_dies_in_its_kind_colour() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.viewed_floor
	var swarm := game.building.get_swarm(floor_index)
	var debris := _effects_of(game).get_storey_effects(floor_index).debris
	var cell := game.building.layouts[floor_index].entry_cells[0]
	var id := swarm.spawn(ALIEN, cell)
	expect_eq(debris.active_count(), 0, "no burst before")
	swarm.damage_agent(id, 1e6)
	expect_eq(debris.active_count(), 1, "one burst for one death")
	expect(debris.visible, "drawn")
	var alien := swarm.get_kind_color(ALIEN)
	var centre := Vector3(cell.x + 0.5, StoreyEffects.BURST_HEIGHT, cell.y + 0.5)
	for i in debris.shards:
		var colour := _shard_color(debris, i)
		expect(colour.is_equal_approx(Color(alien, 1.0)), "in the alien's colour: %s" % colour)
		expect(_shard_origin(debris, i).is_equal_approx(centre), "from the agent's cell")
		expect(_shard_velocity(debris, i).length() > 0.1, "flying off")
	end_game(game)
	return ok()


func test_200_deaths_in_one_tick_start_at_most_the_cap_and_make_no_node() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.viewed_floor
	var swarm := game.building.get_swarm(floor_index)
	var debris := _effects_of(game).get_storey_effects(floor_index).debris
	var entries := game.building.layouts[floor_index].entry_cells
	for i in 200:
		swarm.spawn_drone(entries[i % entries.size()])
	await physics_frames(1)
	var nodes := game.get_tree().get_node_count()
	var died := swarm.damage_radius(Vector3(14, 0, 10), 100.0, 1e6)
	expect_eq(died, 200, "all 200 died in one call")
	expect_eq(debris.active_count(), debris.per_tick, "bursts started: the cap")
	expect(debris.per_tick < 200 and debris.per_tick <= debris.slots, "a cap below the deaths")
	expect_eq(game.get_tree().get_node_count(), nodes, "no node made for a burst")
	expect_eq(debris.multimesh.instance_count, debris.slots * debris.shards, "the pool's size")
	await physics_frames(1)
	var more := swarm.spawn_drone(entries[0])
	swarm.damage_agent(more, 1e6)
	expect_eq(debris.active_count(), debris.per_tick + 1, "the next tick starts bursts again")
	end_game(game)
	return ok()


func test_a_full_pool_gives_the_oldest_slot_up() -> bool:
	var bursts := ShardBursts.new()
	bursts.slots = 3
	bursts.per_tick = 10
	add(bursts)
	for i in 5:
		expect(bursts.burst(Vector3(i, 0, 0), Color.RED), "burst %d started" % i)
	expect_eq(bursts.active_count(), 3, "no more than the pool")
	bursts.free()
	return ok()


func test_a_burst_fades_out_over_its_lifetime() -> bool:
	var bursts := ShardBursts.new()
	add(bursts)
	bursts.burst(Vector3.ZERO, Color.ORANGE)
	var material := bursts.multimesh.mesh.surface_get_material(0) as ShaderMaterial
	bursts.advance(bursts.lifetime * 0.5)
	expect_eq(bursts.active_count(), 1, "alive half way")
	expect(
		is_equal_approx(material.get_shader_parameter(&"now"), bursts.lifetime * 0.5),
		"the shader's clock moves the shards"
	)
	expect(bursts.visible and _shard_color(bursts, 0).a == 1.0, "drawn")
	bursts.advance(bursts.lifetime * 0.5)
	expect_eq(bursts.active_count(), 0, "gone after its lifetime")
	for i in bursts.shards:
		expect_eq(_shard_color(bursts, i).a, 0.0, "shard %d: its slot is free (not drawn)" % i)
	expect(not bursts.visible, "nothing left to draw: hidden")
	expect(bursts.burst(Vector3.ONE, Color.RED), "a hidden node with nothing alive bursts again")
	bursts.free()
	return ok()


func test_no_burst_on_a_storey_that_is_not_drawn() -> bool:
	var game := outpost_game(true)
	var building := game.building
	var hidden := -1
	for index in building.get_storey_count():
		if not building.get_storey(index).is_visible_in_tree():
			hidden = index
	expect(hidden >= 0, "a storey is hidden")
	var swarm := building.get_swarm(hidden)
	var id := swarm.spawn_drone(building.layouts[hidden].entry_cells[0])
	swarm.damage_agent(id, 1e6)
	expect_eq(_effects_of(game).get_storey_effects(hidden).debris.active_count(), 0, "no burst")
	end_game(game)
	return ok()


func test_a_destroyed_tower_bursts_on_its_cell() -> bool:
	var game := outpost_game(true)
	game.loop.materials = 1000.0
	var floor_index := game.building.viewed_floor
	var navigator := game.building.get_navigator(floor_index)
	var legal := navigator.placement_mask()
	var i := legal.find(1)
	var cell := Vector2i(i / navigator.get_height(), i % navigator.get_height())
	expect(game.place_tower(floor_index, cell), "tower built")
	var tower := game.building.get_storey(floor_index).get_towers().at(cell)
	tower.apply_damage(1e6)
	var debris := _effects_of(game).get_storey_effects(floor_index).debris
	expect_eq(debris.active_count(), 1, "a burst")
	var colour := _shard_color(debris, 0)
	expect(colour.is_equal_approx(StoreyEffects.TOWER_COLOR), "in the tower's grey")
	end_game(game)
	return ok()


func test_collected_scrap_sparkles_at_its_cell() -> bool:
	var game := outpost_game(true)
	var floor_index := game.building.viewed_floor
	var scrap := game.building.get_storey(floor_index).get_scrap()
	var sparkles := _effects_of(game).get_storey_effects(floor_index).sparkles
	var cell := Vector2i(3, 4)
	scrap.drop(cell, 5.0)
	expect_eq(sparkles.active_count(), 0, "nothing while it lies there")
	scrap.collect(cell)
	expect_eq(sparkles.active_count(), 1, "a sparkle when collected")
	var at := _shard_origin(sparkles, 0)
	expect(is_equal_approx(at.x, 3.5) and is_equal_approx(at.z, 4.5), "on the cell: %s" % at)
	expect(_shard_velocity(sparkles, 0).y > 0.0 and sparkles.gravity <= 0.0, "floating up")
	end_game(game)
	return ok()


func test_a_beacon_being_restored_shows_rings_that_stop_with_restoring() -> bool:
	var game := outpost_game(true)
	var beacon := game.building.get_storey(game.building.viewed_floor).get_beacons()[0]
	var rings := beacon.get_node(^"RestoreEffect") as RestoreEffect
	expect(not rings.is_active() and not rings.visible, "still before")
	beacon.apply_damage(1.0)
	expect(not rings.is_active(), "damage does not start them")
	beacon.restore(5.0)
	expect(rings.is_active() and rings.visible, "rising while restored")
	var y := (rings.get_node(^"Ring0") as Node3D).position.y
	rings.advance(0.05)
	expect((rings.get_node(^"Ring0") as Node3D).position.y > y, "the rings rise")
	rings.advance(rings.hold_seconds)
	expect(not rings.is_active() and not rings.visible, "stopped when restoring stops")
	beacon.restore(5.0)
	expect(rings.is_active(), "again with restoring")
	beacon.restore(beacon.max_health)
	expect(not rings.is_active() and not rings.visible, "stopped at once when full")
	end_game(game)
	return ok()


func test_genesis_flashes_and_the_edge_reddens_when_hit_then_both_fade() -> bool:
	var game := outpost_game(true)
	var effects := _effects_of(game)
	var core := game.genesis.get_node(^"Visual/Core") as MeshInstance3D
	var vignette := effects.damage_edge.get_node(^"Vignette") as ColorRect
	expect(core.material_overlay == null and not vignette.visible, "nothing before")
	game.genesis.apply_damage(5.0)
	expect_eq(effects.genesis_flash.get_strength(), 1.0, "a flash at the hit")
	expect(core.material_overlay != null, "Genesis's meshes tinted")
	expect(effects.damage_edge.get_strength() > 0.0 and vignette.visible, "the edge reddens")
	effects.genesis_flash.advance(effects.genesis_flash.flash_seconds)
	effects.damage_edge.advance(effects.damage_edge.fade_seconds)
	expect_eq(effects.genesis_flash.get_strength(), 0.0, "the flash is over")
	expect(core.material_overlay == null, "Genesis's meshes as they were")
	expect_eq(effects.damage_edge.get_strength(), 0.0, "the edge faded")
	expect(not vignette.visible, "and hidden")
	end_game(game)
	return ok()


func test_the_edge_is_redder_for_a_hit_at_low_health() -> bool:
	var game := outpost_game(true)
	var edge := _effects_of(game).damage_edge
	var max_health := game.genesis.stats.max_health
	game.genesis.apply_damage(1.0)
	var at_full := edge.get_strength()
	edge.advance(edge.fade_seconds)
	game.genesis.apply_damage(max_health * 0.8)
	var at_low := edge.get_strength()
	expect(at_low > at_full + 0.3, "low health %.2f against full %.2f" % [at_low, at_full])
	end_game(game)
	return ok()


func test_a_heal_neither_flashes_nor_reddens() -> bool:
	var game := outpost_game(true)
	var effects := _effects_of(game)
	game.genesis.apply_damage(10.0)
	effects.genesis_flash.advance(10.0)
	effects.damage_edge.advance(10.0)
	game.genesis.heal(5.0)
	expect_eq(effects.genesis_flash.get_strength(), 0.0, "no flash")
	expect_eq(effects.damage_edge.get_strength(), 0.0, "no red edge")
	end_game(game)
	return ok()


func test_the_red_edge_lies_under_the_hud_and_ignores_the_mouse() -> bool:
	var game := outpost_game(true)
	var edge := _effects_of(game).damage_edge
	expect(edge.layer < game.hud.layer, "under the HUD (%d < %d)" % [edge.layer, game.hud.layer])
	var vignette := edge.get_node(^"Vignette") as ColorRect
	expect_eq(vignette.mouse_filter, Control.MOUSE_FILTER_IGNORE, "ignores the mouse")
	expect_eq(vignette.get_anchor(SIDE_RIGHT), 1.0, "covers the screen")
	end_game(game)
	return ok()


func test_agents_of_every_storey_flash_through_their_swarm() -> bool:
	var game := outpost_game(true)
	for index in game.building.get_storey_count():
		var swarm := game.building.get_swarm(index)
		var id := swarm.spawn_drone(game.building.layouts[index].entry_cells[0])
		swarm.damage_agent(id, 0.5)
		expect_eq(swarm.get_flash(id), 1.0, "floor %d: the hit agent flashes" % index)
	end_game(game)
	return ok()


## Plays `game` for 300 of its swarms' ticks with scripted calls (towers, a wave on the
## ground floor with aliens after Genesis, a blast); returns what the game state is then.
func _play_scripted(games: Array[OutpostGame]) -> Array[Dictionary]:
	for game in games:
		var building := game.building
		var ground := building.get_ground_floor()
		game.loop.materials = 2000.0
		var navigator := building.get_navigator(ground)
		for k in 4:
			var legal := navigator.placement_mask()
			var i := legal.find(1, (k * 131) % legal.size())
			if i >= 0:
				game.place_tower(
					ground, Vector2i(i / navigator.get_height(), i % navigator.get_height()), k % 2
				)
		var swarm := building.get_swarm(ground)
		var entries := building.layouts[ground].entry_cells
		building.place_genesis(ground, entries[0])  # where the aliens come in (was its start)
		for i in 40:
			swarm.spawn(ALIEN if i % 10 == 0 else DRONE, entries[i % entries.size()])
	var clock := games[0].building.get_swarm(games[0].building.get_ground_floor())
	# (Bounded: a lost game pauses the tree and its swarms stop.)
	for frame in 400:
		if clock.get_tick() >= 300:
			break
		if clock.get_tick() == 150:
			for game in games:
				var swarm := game.building.get_swarm(game.building.get_ground_floor())
				swarm.damage_radius(Vector3(8, 0, 6), 3.0, 20.0)
		await tree.physics_frame
	var out: Array[Dictionary] = []
	for game in games:
		var state := {
			"materials": game.loop.materials,
			"genesis": game.genesis.health,
			"ticks": [],
			"hashes": [],
		}
		for index in game.building.get_storey_count():
			state["hashes"].append(game.building.get_swarm(index).state_hash())
			state["ticks"].append(game.building.get_swarm(index).get_tick())
		out.append(state)
	return out


func test_effects_change_no_game_state_over_300_ticks() -> bool:
	var with_effects: OutpostGame = GAME_SCENE.instantiate()
	var without: OutpostGame = GAME_SCENE.instantiate()
	without.get_node(^"Effects").free()
	for game in [with_effects, without]:
		game.menu_scene = ""
		game.start_outside = false
		game.building_seed = 424242
		add(game)
	var ground := with_effects.building.get_ground_floor()
	var deaths := record(with_effects.building.get_swarm(ground).agent_destroyed)
	var hits := record(with_effects.genesis.health_changed)
	var states := await _play_scripted([with_effects, without])
	expect(not deaths.is_empty(), "agents died (debris burst)")
	expect(not hits.is_empty(), "Genesis was hit (it flashed)")
	expect_eq(states[0]["ticks"][ground], 300, "300 ticks played")
	expect(not with_effects.loop.is_defeated(), "Genesis held")
	expect_eq(states[0], states[1], "the same game with and without effects")
	end_game(with_effects)
	end_game(without)
	return ok()


func test_the_effects_scenes_run_alone() -> bool:
	for path in [
		"res://src/world/effects/EffectsDirector.tscn",
		"res://src/world/effects/StoreyEffects.tscn",
		"res://src/world/effects/RestoreEffect.tscn",
	]:
		var node := (load(path) as PackedScene).instantiate()
		add(node)
		await process_frames(5)
		expect(node.is_inside_tree(), "%s runs alone" % path)
		node.free()
	return ok()
