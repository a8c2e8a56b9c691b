//! Agent kinds as data (`outpost_core::swarm::KindSpec`): a kind defined here, in the
//! test, spawns, heads for its goal down that goal's field, attacks what its goal says
//! and is hashed, while the two default kinds behave exactly as without it; bad tables
//! and unknown kinds are refused with the value named.

use outpost_core::nav::Navigator;
use outpost_core::params::MAX_KINDS;
use outpost_core::swarm::{
    AgentKind, AgentView, Goal, KindParams, KindSpec, Swarm, SwarmError, SwarmEvent,
};
use outpost_core::swarm::{DEFAULT_DRONE, DEFAULT_KINDS};
use outpost_core::{StoreyLayout, StoreyRequest, StoreyType, generate};

const TPS: u32 = 60;

fn layout(seed: i64, depth: i64, level: i64, storey_type: StoreyType) -> StoreyLayout {
    generate(&StoreyRequest::new(seed, depth, level, storey_type)).unwrap()
}

/// A slow, heavy drone that always takes its field's step: the third kind of these tests.
fn heavy() -> KindSpec {
    KindSpec::new(
        "heavy",
        Goal::Power,
        KindParams {
            speed_milli: 600,
            health_milli: 250_000,
            attack_damage_milli: 9_000,
            attack_rate_milli: 500,
            follow_permille: 1000,
        },
    )
}

/// The default table with [`heavy`] as row 2.
fn with_heavy() -> Vec<KindSpec> {
    let mut kinds = DEFAULT_KINDS.to_vec();
    kinds.push(heavy());
    kinds
}

const HEAVY: AgentKind = match AgentKind::from_index(2) {
    Some(k) => k,
    None => panic!("row 2 exists"),
};

#[test]
fn a_kind_defined_by_data_spawns_as_its_row() {
    let layout = layout(8, 2, 2, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::with_kinds(&nav, 1, TPS, &with_heavy()).unwrap();
    assert_eq!(swarm.kinds().len(), 3);
    assert_eq!(swarm.find_kind("heavy"), Some(HEAVY));
    assert_eq!(swarm.kind(2), Some(HEAVY));
    let id = swarm.spawn(&nav, HEAVY, layout.entry_cells[0]).unwrap();
    let agent = swarm.agent(id).unwrap();
    assert_eq!(agent.kind, HEAVY);
    assert_eq!(agent.health_milli, 250_000, "spawned with its own health");
}

#[test]
fn a_kind_defined_by_data_marches_down_its_goals_field_and_attacks_a_beacon() {
    let layout = layout(8, 2, 2, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::with_kinds(&nav, 1, TPS, &with_heavy()).unwrap();
    // Heat elsewhere: a field the heavy must not follow.
    swarm.set_heat(Some(layout.staircase_cell));
    let id = swarm.spawn(&nav, HEAVY, layout.entry_cells[0]).unwrap();
    let to_beacon = nav.distance_field(&layout.beacon_cells);
    let mut cells = vec![layout.entry_cells[0]];
    let mut events = Vec::new();
    let mut hit = None;
    for t in 0..120 * TPS {
        events.clear();
        swarm.tick(&nav, &mut events);
        let cell = swarm.agent(id).unwrap().cell;
        if cells.last() != Some(&cell) {
            cells.push(cell);
        }
        if let Some(SwarmEvent::TargetAttacked { cell, amount_milli }) = events.first() {
            hit = Some((t, *cell, *amount_milli));
            break;
        }
    }
    for pair in cells.windows(2) {
        assert!(
            to_beacon.get(pair[1]) < to_beacon.get(pair[0]),
            "every step nearer a beacon: {cells:?}"
        );
    }
    let (t, target, amount) = hit.expect("the heavy attacked");
    assert!(layout.beacon_cells.contains(&target), "{target}");
    assert_eq!(amount, 9_000, "with its own damage");
    assert!(cells.last().unwrap().manhattan(target) <= 1);
    // At 0.6 cells per second: about 100 ticks a cell, then half a second's wind-up.
    let steps = (cells.len() - 1) as u32;
    let want = steps * TPS * 1000 / 600 + TPS * 1000 / 500;
    assert!(t.abs_diff(want) <= steps + 2, "{t} ticks, want ~{want}");
}

#[test]
fn a_kind_with_the_heat_goal_attacks_genesis() {
    let layout = layout(9, 3, 2, StoreyType::Underground);
    let nav = Navigator::new(&layout).unwrap();
    let hunter = KindSpec::new(
        "hunter",
        Goal::Heat,
        KindParams {
            attack_damage_milli: 7_000,
            ..heavy().params
        },
    );
    let mut swarm = Swarm::with_kinds(&nav, 4, TPS, &[hunter]).unwrap();
    let hunter = swarm.find_kind("hunter").unwrap();
    swarm.spawn(&nav, hunter, layout.entry_cells[0]).unwrap();
    swarm.set_heat(Some(layout.staircase_cell));
    let mut events = Vec::new();
    for _ in 0..200 * TPS {
        swarm.tick(&nav, &mut events);
        if !events.is_empty() {
            break;
        }
    }
    assert_eq!(
        events,
        vec![SwarmEvent::GenesisAttacked {
            amount_milli: 7_000
        }]
    );
}

/// Drones and aliens, then heavies if `kinds` has them, round-robin on the entries;
/// 900 ticks with the heat walking the enemy path and a tower at tick 300.
fn run(layout: &StoreyLayout, kinds: &[KindSpec]) -> Swarm {
    let mut nav = Navigator::new(layout).unwrap();
    let mut swarm = Swarm::with_kinds(&nav, 21, TPS, kinds).unwrap();
    let entries = &layout.entry_cells;
    for i in 0..150 {
        let kind = [AgentKind::DRONE, AgentKind::ALIEN][i % 3 / 2];
        swarm.spawn(&nav, kind, entries[i % entries.len()]).unwrap();
    }
    if let Some(heavy) = swarm.find_kind("heavy") {
        for i in 0..40 {
            swarm
                .spawn(&nav, heavy, entries[i % entries.len()])
                .unwrap();
        }
    }
    let mut events = Vec::new();
    for t in 0..900 {
        let path = &layout.enemy_path;
        swarm.set_heat(Some(path[t / 20 % path.len()]));
        if t == 300 {
            nav.place_tower(nav.legal_cells()[0]).unwrap();
        }
        swarm.tick(&nav, &mut events);
    }
    swarm
}

fn defaults(swarm: &Swarm) -> Vec<AgentView> {
    swarm.agents().filter(|a| a.kind != HEAVY).collect()
}

#[test]
fn a_kind_defined_by_data_leaves_the_default_kinds_as_they_were() {
    let layout = layout(14, 4, 3, StoreyType::GroundFloor);
    let (plain, more) = (run(&layout, &DEFAULT_KINDS), run(&layout, &with_heavy()));
    assert_eq!(defaults(&more).len(), 150);
    assert_eq!(defaults(&plain), defaults(&more));
    assert_eq!(more.len(), 190, "the heavies are alive too");
}

#[test]
fn a_kind_defined_by_data_is_in_the_state_hash() {
    let layout = layout(14, 4, 3, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let (plain, more) = (run(&layout, &DEFAULT_KINDS), run(&layout, &with_heavy()));
    assert_ne!(
        plain.state_hash(),
        more.state_hash(),
        "its agents are hashed"
    );
    let empty = |kinds: &[KindSpec]| Swarm::with_kinds(&nav, 21, TPS, kinds).unwrap();
    assert_ne!(
        empty(&DEFAULT_KINDS).state_hash(),
        empty(&with_heavy()).state_hash(),
        "its tunables are hashed"
    );
    assert_eq!(
        empty(&DEFAULT_KINDS).state_hash(),
        Swarm::new(&nav, 21, TPS).unwrap().state_hash(),
        "Swarm::new is the default table"
    );
}

#[test]
fn a_table_with_no_row_too_many_rows_or_a_bad_name_is_refused() {
    let nav = Navigator::new(&layout(3, 1, 1, StoreyType::GroundFloor)).unwrap();
    let refused = |kinds: &[KindSpec]| Swarm::with_kinds(&nav, 1, TPS, kinds).unwrap_err();
    assert_eq!(refused(&[]), SwarmError::KindCount(0));
    let many: Vec<KindSpec> = (0..=MAX_KINDS)
        .map(|i| KindSpec::new(format!("k{i}"), Goal::Power, DEFAULT_DRONE))
        .collect();
    assert_eq!(
        refused(&many).to_string(),
        "a kind table has 1..=16 rows, got 17"
    );
    let mut twice = with_heavy();
    twice.push(heavy());
    assert_eq!(
        refused(&twice).to_string(),
        "kind 3 (\"heavy\"): its name is kind 2's too"
    );
    let unnamed = [KindSpec::new("", Goal::Heat, DEFAULT_DRONE)];
    assert_eq!(
        refused(&unnamed).to_string(),
        "kind 0 (\"\"): its name is empty"
    );
    assert!(Swarm::with_kinds(&nav, 1, TPS, &many[..MAX_KINDS]).is_ok());
}

#[test]
fn the_kind_table_changes_only_while_no_agent_is_alive() {
    let layout = layout(3, 1, 1, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::new(&nav, 1, TPS).unwrap();
    let id = swarm
        .spawn(&nav, AgentKind::DRONE, layout.entry_cells[0])
        .unwrap();
    let before = swarm.state_hash();
    assert_eq!(
        swarm.set_kinds(&with_heavy()),
        Err(SwarmError::AgentsAlive(1))
    );
    assert_eq!(swarm.state_hash(), before);
    assert_eq!(swarm.kinds(), &DEFAULT_KINDS);
    swarm.remove_agent(id);
    swarm.set_kinds(&with_heavy()).unwrap();
    assert_eq!(swarm.kinds(), with_heavy().as_slice());
    assert!(swarm.spawn(&nav, HEAVY, layout.entry_cells[0]).is_ok());
}

#[test]
fn a_kind_not_in_the_table_is_refused_and_changes_nothing() {
    let layout = layout(3, 1, 1, StoreyType::GroundFloor);
    let nav = Navigator::new(&layout).unwrap();
    let mut swarm = Swarm::new(&nav, 1, TPS).unwrap();
    let before = swarm.state_hash();
    let unknown = SwarmError::UnknownKind {
        kind: HEAVY,
        count: 2,
    };
    assert_eq!(
        unknown.to_string(),
        "no kind 2 in this swarm: its kinds are 0..2"
    );
    assert_eq!(
        swarm.spawn(&nav, HEAVY, layout.entry_cells[0]),
        Err(unknown.clone())
    );
    assert_eq!(
        swarm.set_kind_params(HEAVY, DEFAULT_DRONE),
        Err(unknown.clone())
    );
    assert_eq!(swarm.kind_params(HEAVY), None);
    assert_eq!(swarm.kind(2), None);
    assert_eq!(swarm.find_kind("heavy"), None);
    assert_eq!(swarm.state_hash(), before);
}
