//! The swarm (`outpost_core::swarm`): movement, attacks, damage, towers, the cap, and
//! determinism pinned by golden state hashes of the scripted scenario that
//! `outpost simulate` runs.

mod sample;

use outpost_core::nav::Navigator;
use outpost_core::swarm::fixed::{FixedPos, MILLI, SUBCELL};
use outpost_core::swarm::scenario::{Scenario, ScenarioRun};
use outpost_core::swarm::{AgentKind, KindParams, Swarm, SwarmError, SwarmEvent};
use outpost_core::{CellType, Grid, Pos, StoreyLayout, StoreyRequest, StoreyType, generate};
use std::collections::BTreeSet;

const TPS: u32 = 60;

fn layout(seed: i64, depth: i64, level: i64, storey_type: StoreyType) -> StoreyLayout {
    generate(&StoreyRequest::new(seed, depth, level, storey_type)).unwrap()
}

fn grid(rows: &[&str]) -> Grid {
    outpost_core::ascii::parse(&rows.join("\n")).unwrap()
}

fn scenario(seed: i64, storey_type: StoreyType, drones: u32, aliens: u32) -> Scenario {
    Scenario {
        seed,
        depth: 4,
        level: 3,
        storey_type,
        drones,
        aliens,
    }
}

fn run(s: &Scenario, ticks: u64) -> ScenarioRun {
    let mut run = ScenarioRun::new(s).unwrap();
    for _ in 0..ticks {
        run.step();
    }
    run
}

/// Drones that always take the field's step (no roaming).
fn marching(params: KindParams) -> KindParams {
    KindParams {
        follow_permille: 1000,
        ..params
    }
}

fn ticks_until(
    swarm: &mut Swarm,
    nav: &Navigator,
    limit: u32,
    mut found: impl FnMut(&SwarmEvent) -> bool,
) -> Option<u32> {
    let mut events = Vec::new();
    for t in 0..limit {
        events.clear();
        swarm.tick(nav, &mut events);
        if events.iter().any(&mut found) {
            return Some(t);
        }
    }
    None
}

#[test]
fn the_same_seed_and_calls_give_the_same_state_hash() {
    let s = scenario(11, StoreyType::Underground, 200, 60);
    let (a, b) = (run(&s, 900), run(&s, 900));
    assert_eq!(a.state_hash(), b.state_hash());
    let other = run(&Scenario { seed: 12, ..s }, 900);
    assert_ne!(a.state_hash(), other.state_hash());
}

/// Recorded once; a change here changes every replay, so it must be deliberate.
#[test]
fn golden_scenario_hashes_are_unchanged() {
    let cases = [
        (
            scenario(1, StoreyType::Underground, 300, 100),
            1000,
            0xece6_c8c1_7c97_4c84_u64,
        ),
        (
            scenario(42, StoreyType::GroundFloor, 50, 10),
            3000,
            0x0f48_a20f_ef32_1407,
        ),
        (
            scenario(-7, StoreyType::UpperFloor, 2000, 0),
            300,
            0xcf31_c5c1_35c2_b0bc,
        ),
    ];
    let got: Vec<String> = cases
        .iter()
        .map(|(s, ticks, _)| format!("{:#018x}", run(s, *ticks).state_hash()))
        .collect();
    let want: Vec<String> = cases.iter().map(|c| format!("{:#018x}", c.2)).collect();
    assert_eq!(got, want);
}

#[test]
fn agents_never_stand_on_a_wall_out_of_bounds_or_tower_cell_over_3000_ticks() {
    for (seed, storey_type) in [
        (3, StoreyType::Underground),
        (4, StoreyType::GroundFloor),
        (5, StoreyType::UpperFloor),
    ] {
        let mut run = ScenarioRun::new(&scenario(seed, storey_type, 300, 100)).unwrap();
        let mut towers_seen = 0;
        for t in 0..3000 {
            run.step();
            let nav = run.navigator();
            towers_seen = towers_seen.max(nav.towers().len());
            for a in run.swarm().agents() {
                for cell in [a.cell, a.position.cell()] {
                    assert!(
                        nav.is_free(cell),
                        "seed {seed} tick {t}: agent {} on {cell} ({:?}, tower {})",
                        a.id,
                        nav.grid().get(cell),
                        nav.is_tower(cell)
                    );
                }
            }
        }
        assert!(
            towers_seen >= 3,
            "the scenario placed towers ({towers_seen})"
        );
    }
}

#[test]
fn a_drone_reaches_a_beacon_and_attacks_it_at_its_rate() {
    let layout = layout(8, 2, 2, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::new(&nav, 1, TPS).unwrap();
    let params = marching(swarm.kind_params(AgentKind::DRONE).unwrap());
    swarm.set_kind_params(AgentKind::DRONE, params).unwrap();
    swarm
        .spawn(&nav, AgentKind::DRONE, layout.entry_cells[0])
        .unwrap();
    let mut hits = Vec::new();
    let mut events = Vec::new();
    for t in 0..60 * TPS {
        events.clear();
        swarm.tick(&nav, &mut events);
        for e in &events {
            if let SwarmEvent::TargetAttacked { cell, amount_milli } = *e {
                assert!(layout.beacon_cells.contains(&cell), "{cell}");
                assert_eq!(amount_milli, i64::from(params.attack_damage_milli));
                hits.push(t);
            }
        }
    }
    assert!(hits.len() >= 10, "{hits:?}");
    let interval = TPS * 1000 / params.attack_rate_milli;
    for pair in hits.windows(2) {
        assert_eq!(pair[1] - pair[0], interval, "{hits:?}");
    }
}

#[test]
fn a_drone_moves_at_its_speed_in_cells_per_second() {
    // Ten steps from the entry to the cell next to the beacon, in a straight corridor.
    let g = grid(&["~~~~~~~~~~~~~", "E..........B#", "~~~~~~~~~~~~~"]);
    let nav = Navigator::from_grid(&g).unwrap();
    for speed_milli in [1_000, 1_500, 4_000] {
        let mut swarm = Swarm::new(&nav, 2, TPS).unwrap();
        let params = KindParams {
            speed_milli,
            ..marching(swarm.kind_params(AgentKind::DRONE).unwrap())
        };
        swarm.set_kind_params(AgentKind::DRONE, params).unwrap();
        let id = swarm.spawn(&nav, AgentKind::DRONE, Pos::new(0, 1)).unwrap();
        let mut events = Vec::new();
        let mut ticks: u64 = 0;
        while swarm.agent(id).unwrap().position != FixedPos::centre_of(Pos::new(10, 1)) {
            swarm.tick(&nav, &mut events);
            ticks += 1;
            assert!(
                ticks < 100 * u64::from(TPS),
                "never arrived at speed {speed_milli}"
            );
        }
        let want = 10 * u64::from(TPS) * 1000 / u64::from(speed_milli);
        assert!(
            ticks.abs_diff(want) <= 1,
            "speed {speed_milli}: {ticks} ticks, want {want}"
        );
    }
}

#[test]
fn drones_are_drawn_to_towers_and_attack_them() {
    // The beacon is far to the right; a tower stands near the entry.
    let g = grid(&[
        "~~~~~~~~~~~~~~~~",
        "E.............B#",
        "#..............#",
        "################",
    ]);
    let mut nav = Navigator::from_grid(&g).unwrap();
    let tower = Pos::new(3, 2);
    nav.place_tower(tower).unwrap();
    let mut swarm = Swarm::new(&nav, 3, TPS).unwrap();
    swarm
        .set_kind_params(
            AgentKind::DRONE,
            marching(swarm.kind_params(AgentKind::DRONE).unwrap()),
        )
        .unwrap();
    swarm.spawn(&nav, AgentKind::DRONE, Pos::new(0, 1)).unwrap();
    let hit = ticks_until(
        &mut swarm,
        &nav,
        20 * TPS,
        |e| matches!(e, SwarmEvent::TargetAttacked { cell, .. } if *cell == tower),
    );
    assert!(hit.is_some(), "the drone never attacked the tower");
}

#[test]
fn aliens_chase_the_heat_cell_and_attack_genesis() {
    let layout = layout(9, 3, 2, StoreyType::Underground);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::new(&nav, 4, TPS).unwrap();
    swarm
        .set_kind_params(
            AgentKind::ALIEN,
            marching(swarm.kind_params(AgentKind::ALIEN).unwrap()),
        )
        .unwrap();
    swarm
        .spawn(&nav, AgentKind::ALIEN, layout.entry_cells[0])
        .unwrap();
    swarm.set_heat(Some(layout.staircase_cell));
    let damage = i64::from(
        swarm
            .kind_params(AgentKind::ALIEN)
            .unwrap()
            .attack_damage_milli,
    );
    let hit = ticks_until(&mut swarm, &nav, 60 * TPS, |e| {
        *e == SwarmEvent::GenesisAttacked {
            amount_milli: damage,
        }
    });
    assert!(hit.is_some(), "the alien never reached Genesis");
    let cell = swarm.agents().next().unwrap().cell;
    assert!(cell.manhattan(layout.staircase_cell) <= 1, "{cell}");
}

#[test]
fn without_heat_aliens_roam_and_attack_nobody() {
    let layout = layout(10, 3, 2, StoreyType::Underground);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::new(&nav, 5, TPS).unwrap();
    let id = swarm
        .spawn(&nav, AgentKind::ALIEN, layout.entry_cells[0])
        .unwrap();
    let mut visited = BTreeSet::new();
    let mut events = Vec::new();
    for _ in 0..30 * TPS {
        swarm.tick(&nav, &mut events);
        visited.insert(swarm.agent(id).unwrap().cell);
    }
    assert!(events.is_empty(), "{events:?}");
    assert!(
        visited.len() >= 8,
        "roamed over {} cells only",
        visited.len()
    );
}

#[test]
fn roaming_spreads_a_wave_that_marching_keeps_in_line() {
    let layout = layout(12, 4, 3, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let spread = |follow_permille: u32| {
        let mut swarm = Swarm::new(&nav, 6, TPS).unwrap();
        let params = KindParams {
            follow_permille,
            ..swarm.kind_params(AgentKind::DRONE).unwrap()
        };
        swarm.set_kind_params(AgentKind::DRONE, params).unwrap();
        for _ in 0..200 {
            swarm
                .spawn(&nav, AgentKind::DRONE, layout.entry_cells[0])
                .unwrap();
        }
        let mut events = Vec::new();
        for _ in 0..8 * TPS {
            swarm.tick(&nav, &mut events);
        }
        swarm
            .agents()
            .map(|a| a.cell)
            .collect::<BTreeSet<_>>()
            .len()
    };
    let (marching, roaming) = (spread(1000), spread(700));
    assert!(
        marching <= 12,
        "marching drones stay in line: {marching} cells"
    );
    assert!(
        roaming >= 3 * marching,
        "roaming {roaming} vs marching {marching} cells"
    );
}

#[test]
fn a_tower_landing_on_an_agent_moves_it_to_a_free_neighbour() {
    let g = grid(&["~~~~~~~", "E.....B", "#.....#", "#######"]);
    let mut nav = Navigator::from_grid(&g).unwrap();
    let mut swarm = Swarm::new(&nav, 7, TPS).unwrap();
    let cell = Pos::new(3, 2);
    let id = swarm.spawn(&nav, AgentKind::DRONE, cell).unwrap();
    nav.place_tower(cell).unwrap();
    swarm.sync(&nav);
    let now = swarm.agent(id).unwrap();
    assert_eq!(now.cell.manhattan(cell), 1, "{}", now.cell);
    assert!(nav.is_free(now.cell));
    assert_eq!(now.position, FixedPos::centre_of(now.cell));
}

#[test]
fn damage_radius_destroys_the_agents_in_range_and_reports_them_in_id_order() {
    let g = grid(&["~~~~~~~~~", "E.......B", "#.......#", "#########"]);
    let nav = Navigator::from_grid(&g).unwrap();
    let mut swarm = Swarm::new(&nav, 8, TPS).unwrap();
    let ids: Vec<u32> = (1..8)
        .map(|x| swarm.spawn(&nav, AgentKind::DRONE, Pos::new(x, 2)).unwrap())
        .collect();
    let health = i64::from(swarm.kind_params(AgentKind::DRONE).unwrap().health_milli);
    let mut events = Vec::new();
    // Centre of (4, 2), radius 1 cell: (3, 2), (4, 2) and (5, 2).
    let centre = FixedPos::centre_of(Pos::new(4, 2));
    assert_eq!(
        swarm.damage_radius(centre, SUBCELL, health - 1, &mut events),
        0
    );
    assert!(events.is_empty());
    assert_eq!(swarm.damage_radius(centre, SUBCELL, 1, &mut events), 3);
    let destroyed: Vec<(u32, Pos)> = events
        .iter()
        .map(|e| match *e {
            SwarmEvent::AgentDestroyed { id, kind, cell } => {
                assert_eq!(kind, AgentKind::DRONE);
                (id, cell)
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        destroyed,
        vec![
            (ids[2], Pos::new(3, 2)),
            (ids[3], Pos::new(4, 2)),
            (ids[4], Pos::new(5, 2))
        ]
    );
    assert_eq!(swarm.len(), 4);
    assert!(swarm.agent(ids[3]).is_none());
}

#[test]
fn damage_to_one_agent_and_removal_by_id() {
    let g = grid(&["~~~~~", "E...B", "#####"]);
    let nav = Navigator::from_grid(&g).unwrap();
    let mut swarm = Swarm::new(&nav, 9, TPS).unwrap();
    let a = swarm.spawn(&nav, AgentKind::ALIEN, Pos::new(1, 1)).unwrap();
    let b = swarm.spawn(&nav, AgentKind::DRONE, Pos::new(2, 1)).unwrap();
    let mut events = Vec::new();
    assert!(swarm.damage_agent(a, 10 * MILLI, &mut events));
    assert_eq!(swarm.agent(a).unwrap().health_milli, 50 * MILLI);
    assert!(events.is_empty());
    assert!(swarm.damage_agent(a, 50 * MILLI, &mut events));
    assert_eq!(
        events,
        vec![SwarmEvent::AgentDestroyed {
            id: a,
            kind: AgentKind::ALIEN,
            cell: Pos::new(1, 1)
        }]
    );
    assert!(!swarm.damage_agent(a, MILLI, &mut events));
    assert!(swarm.remove_agent(b));
    assert!(!swarm.remove_agent(b));
    assert_eq!(events.len(), 1, "removal is not destruction");
    assert!(swarm.is_empty());
}

#[test]
fn agents_in_radius_are_listed_nearest_first() {
    let g = grid(&["~~~~~~~~~", "E.......B", "#########"]);
    let nav = Navigator::from_grid(&g).unwrap();
    let mut swarm = Swarm::new(&nav, 10, TPS).unwrap();
    let ids: Vec<u32> = [6, 2, 4, 3, 7]
        .iter()
        .map(|&x| swarm.spawn(&nav, AgentKind::DRONE, Pos::new(x, 1)).unwrap())
        .collect();
    let centre = FixedPos::centre_of(Pos::new(4, 1));
    // x = 4, then 3, then the pair at distance 2 (x = 2 and 6) by id, within 2 cells.
    assert_eq!(
        swarm.agents_in_radius(centre, 2 * SUBCELL),
        vec![ids[2], ids[3], ids[0], ids[1]]
    );
    assert!(swarm.agents_in_radius(centre, 0).contains(&ids[2]));
}

#[test]
fn spawning_off_the_free_cells_or_past_the_cap_is_refused_and_changes_nothing() {
    let layout = layout(13, 1, 1, StoreyType::GroundFloor);
    let mut nav = Navigator::new(&layout).unwrap();
    let tower = nav.legal_cells()[0];
    nav.place_tower(tower).unwrap();
    let mut swarm = Swarm::new(&nav, 11, TPS).unwrap();
    let before = swarm.state_hash();
    let wall = sample::first_of(&layout.cells, CellType::Wall);
    let refusals = [
        (wall, format!("cannot spawn on {wall}: WALL (not walkable)")),
        (tower, format!("cannot spawn on {tower}: a tower")),
        (
            Pos::new(-1, 2),
            "cannot spawn on (-1, 2): off the grid".to_owned(),
        ),
    ];
    for (cell, message) in refusals {
        let err = swarm.spawn(&nav, AgentKind::DRONE, cell).unwrap_err();
        assert_eq!(err.to_string(), message);
    }
    assert_eq!(swarm.state_hash(), before);
    let entry = layout.entry_cells[0];
    for _ in 0..outpost_core::params::MAX_AGENTS {
        swarm.spawn(&nav, AgentKind::DRONE, entry).unwrap();
    }
    let full = swarm.state_hash();
    assert_eq!(
        swarm.spawn(&nav, AgentKind::ALIEN, entry),
        Err(SwarmError::Full(10_000))
    );
    assert_eq!(swarm.state_hash(), full);
}

#[test]
fn kind_tunables_apply_to_their_kind_only() {
    let g = grid(&["~~~~~~~~~", "E.......B", "#########"]);
    let nav = Navigator::from_grid(&g).unwrap();
    let mut swarm = Swarm::new(&nav, 12, TPS).unwrap();
    swarm
        .set_kind_params(
            AgentKind::DRONE,
            KindParams {
                speed_milli: 0,
                ..swarm.kind_params(AgentKind::DRONE).unwrap()
            },
        )
        .unwrap();
    let drone = swarm.spawn(&nav, AgentKind::DRONE, Pos::new(1, 1)).unwrap();
    let alien = swarm.spawn(&nav, AgentKind::ALIEN, Pos::new(1, 1)).unwrap();
    let mut events = Vec::new();
    for _ in 0..TPS {
        swarm.tick(&nav, &mut events);
    }
    assert_eq!(
        swarm.agent(drone).unwrap().position,
        FixedPos::centre_of(Pos::new(1, 1))
    );
    assert_ne!(
        swarm.agent(alien).unwrap().position,
        FixedPos::centre_of(Pos::new(1, 1))
    );
}

#[test]
fn a_tick_rate_outside_1_to_1000_is_refused() {
    let g = grid(&["E.B"]);
    let nav = Navigator::from_grid(&g).unwrap();
    for bad in [0, 1001] {
        assert_eq!(
            Swarm::new(&nav, 0, bad).unwrap_err().to_string(),
            format!("ticks_per_second must be in 1..=1000, got {bad}")
        );
    }
}
