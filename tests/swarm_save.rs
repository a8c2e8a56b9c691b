//! A swarm saved and loaded (`Swarm::save` / `Swarm::load`) is the same swarm: the same
//! state hash and the same future; bytes that are not such a swarm are refused with the
//! reason and nothing is made. The retreat: every agent walks out by an ENTRY cell,
//! attacking nothing, and the hashes of swarms that never retreat are untouched.

use outpost_core::nav::Navigator;
use outpost_core::swarm::save::SAVE_VERSION;
use outpost_core::swarm::{AgentKind, Swarm, SwarmError, SwarmEvent};
use outpost_core::{CellType, Pos, StoreyLayout, StoreyRequest, StoreyType, generate};

const TPS: u32 = 60;
/// Bytes per saved agent and of the checksum (the layout in `swarm::save`'s docs).
const AGENT_BYTES: usize = 57;
const CHECKSUM_BYTES: usize = 8;

fn layout(seed: i64) -> StoreyLayout {
    generate(&StoreyRequest::new(seed, 4, 3, StoreyType::Underground)).unwrap()
}

/// A busy swarm: drones and aliens from every entry, a tower, heat on the staircase,
/// `ticks` ticks stepped.
fn busy(layout: &StoreyLayout, nav: &mut Navigator, ticks: u32) -> Swarm {
    let tower = cells(layout).find(|&p| nav.can_place_tower(p)).unwrap();
    nav.place_tower(tower).unwrap();
    let mut swarm = Swarm::new(nav, 9, TPS).unwrap();
    swarm.set_heat(Some(layout.staircase_cell));
    for (i, &entry) in layout.entry_cells.iter().cycle().take(40).enumerate() {
        let kind = if i % 3 == 0 {
            AgentKind::ALIEN
        } else {
            AgentKind::DRONE
        };
        swarm.spawn(nav, kind, entry).unwrap();
    }
    step(&mut swarm, nav, ticks);
    swarm
}

fn cells(layout: &StoreyLayout) -> impl Iterator<Item = Pos> + '_ {
    (0..layout.width).flat_map(move |x| (0..layout.height).map(move |y| Pos::new(x, y)))
}

fn step(swarm: &mut Swarm, nav: &Navigator, ticks: u32) -> Vec<SwarmEvent> {
    let mut events = Vec::new();
    for _ in 0..ticks {
        swarm.tick(nav, &mut events);
    }
    events
}

/// FNV-1a 64, as the save's checksum (a published algorithm, written again here).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// `bytes` with its checksum made right again after an edit.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - CHECKSUM_BYTES;
    let sum = fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

fn refusal(nav: &Navigator, bytes: &[u8]) -> String {
    match Swarm::load(nav, bytes) {
        Err(SwarmError::BadSave(why)) => why,
        Err(e) => panic!("another error: {e}"),
        Ok(_) => panic!("loaded"),
    }
}

#[test]
fn a_loaded_swarm_has_the_saved_state_hash() {
    let layout = layout(21);
    let mut nav = Navigator::new(&layout).unwrap();
    let swarm = busy(&layout, &mut nav, 300);
    assert!(swarm.len() >= 30, "{} agents", swarm.len());
    let loaded = Swarm::load(&nav, &swarm.save()).unwrap();
    assert_eq!(loaded.state_hash(), swarm.state_hash());
    assert_eq!(loaded.ticks(), swarm.ticks());
    assert_eq!(loaded.save(), swarm.save());
}

#[test]
fn resuming_a_loaded_swarm_equals_continuing_the_saved_one() {
    let layout = layout(22);
    let mut nav = Navigator::new(&layout).unwrap();
    let mut going = busy(&layout, &mut nav, 200);
    let mut resumed = Swarm::load(&nav, &going.save()).unwrap();
    let a = step(&mut going, &nav, 900);
    let b = step(&mut resumed, &nav, 900);
    assert!(
        a.iter()
            .any(|e| matches!(e, SwarmEvent::TargetAttacked { .. })),
        "drones attacked"
    );
    assert_eq!(a, b, "the same events");
    assert_eq!(going.state_hash(), resumed.state_hash());
}

#[test]
fn a_damaged_or_edited_state_is_refused() {
    let layout = layout(23);
    let mut nav = Navigator::new(&layout).unwrap();
    let bytes = busy(&layout, &mut nav, 50).save();
    let mut flipped = bytes.clone();
    flipped[40] ^= 0x10;
    assert!(
        refusal(&nav, &flipped).contains("checksum"),
        "a flipped bit"
    );
    let mut wrong_magic = bytes.clone();
    wrong_magic[0] = b'X';
    assert!(refusal(&nav, &wrong_magic).contains("OSWM"));
    let mut later = bytes.clone();
    later[4..6].copy_from_slice(&(SAVE_VERSION + 1).to_le_bytes());
    assert_eq!(
        refusal(&nav, &later),
        format!(
            "saved state version {}; this build reads version {SAVE_VERSION}",
            SAVE_VERSION + 1
        )
    );
    let mut longer = bytes[..bytes.len() - CHECKSUM_BYTES].to_vec();
    longer.push(0);
    longer.extend_from_slice(&[0; CHECKSUM_BYTES]);
    assert!(refusal(&nav, &resealed(longer)).contains("left over"));
}

#[test]
fn a_truncated_state_is_refused_wherever_it_is_cut() {
    let layout = layout(24);
    let mut nav = Navigator::new(&layout).unwrap();
    let bytes = busy(&layout, &mut nav, 50).save();
    for cut in (0..bytes.len()).step_by(7) {
        let why = refusal(&nav, &bytes[..cut]);
        assert!(
            why.contains("truncated") || why.contains("OSWM") || why.contains("checksum"),
            "cut at {cut}: {why}"
        );
    }
}

#[test]
fn an_agent_on_a_wall_is_refused_even_with_a_good_checksum() {
    let layout = layout(25);
    let mut nav = Navigator::new(&layout).unwrap();
    let swarm = busy(&layout, &mut nav, 50);
    let bytes = swarm.save();
    let wall = cells(&layout)
        .find(|&p| layout.cells.get(p) == CellType::Wall)
        .unwrap();
    // The last agent's `from` and `to`: after its id (4) and kind (1).
    let at = bytes.len() - CHECKSUM_BYTES - AGENT_BYTES + 5;
    let mut edited = bytes.clone();
    for (i, v) in [wall.x, wall.y, wall.x, wall.y].into_iter().enumerate() {
        edited[at + 4 * i..at + 4 * i + 4].copy_from_slice(&v.to_le_bytes());
    }
    // Progress 0: on the wall's centre.
    edited[at + 16..at + 20].copy_from_slice(&0i32.to_le_bytes());
    let why = refusal(&nav, &resealed(edited));
    let last = swarm.agents().last().unwrap().id;
    assert_eq!(
        why,
        format!("agent {last} stands on {wall}, which is WALL, not a free cell")
    );
}

#[test]
fn a_loaded_swarm_sees_the_towers_it_saw_and_catches_up_as_the_saved_one_would() {
    let layout = layout(30);
    let mut nav = Navigator::new(&layout).unwrap();
    let mut going = busy(&layout, &mut nav, 100);
    // A tower placed after the swarm's last call: neither swarm has seen it yet.
    let late = cells(&layout).find(|&p| nav.can_place_tower(p)).unwrap();
    nav.place_tower(late).unwrap();
    let mut resumed = Swarm::load(&nav, &going.save()).unwrap();
    assert_eq!(
        resumed.state_hash(),
        going.state_hash(),
        "the same towers seen"
    );
    assert_eq!(step(&mut going, &nav, 300), step(&mut resumed, &nav, 300));
    assert_eq!(resumed.state_hash(), going.state_hash());
}

#[test]
fn a_state_saved_on_another_grid_is_refused() {
    let layout = layout(26);
    let mut nav = Navigator::new(&layout).unwrap();
    let bytes = busy(&layout, &mut nav, 10).save();
    let other = generate(&StoreyRequest::new(26, 1, 1, StoreyType::GroundFloor)).unwrap();
    let other_nav = Navigator::new(&other).unwrap();
    assert!(refusal(&other_nav, &bytes).starts_with("saved for a "));
}

#[test]
fn in_retreat_every_agent_walks_out_by_an_entry_and_attacks_nothing() {
    let layout = layout(27);
    let mut nav = Navigator::new(&layout).unwrap();
    let mut swarm = busy(&layout, &mut nav, 400);
    let alive = swarm.len();
    assert!(alive >= 20, "{alive} agents");
    swarm.set_retreat(true);
    let events = step(&mut swarm, &nav, 60 * 120);
    assert!(swarm.is_empty(), "{} agents still in", swarm.len());
    let left: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            SwarmEvent::AgentLeft { cell, .. } => Some(cell),
            _ => None,
        })
        .collect();
    assert_eq!(left.len(), alive, "every agent left");
    assert!(
        left.iter().all(|c| layout.entry_cells.contains(c)),
        "by entries"
    );
    assert!(
        events
            .iter()
            .all(|e| matches!(e, SwarmEvent::AgentLeft { .. })),
        "no attack in retreat"
    );
}

#[test]
fn the_retreat_is_saved_and_hashed_only_when_on() {
    let layout = layout(28);
    let mut nav = Navigator::new(&layout).unwrap();
    let mut swarm = busy(&layout, &mut nav, 30);
    let before = swarm.state_hash();
    swarm.set_retreat(true);
    assert_ne!(swarm.state_hash(), before, "the retreat is state");
    let loaded = Swarm::load(&nav, &swarm.save()).unwrap();
    assert!(loaded.is_retreating());
    swarm.set_retreat(false);
    assert_eq!(swarm.state_hash(), before, "off hashes as it always did");
}

#[test]
fn agents_damaged_in_retreat_still_die() {
    let layout = layout(29);
    let mut nav = Navigator::new(&layout).unwrap();
    let mut swarm = busy(&layout, &mut nav, 30);
    swarm.set_retreat(true);
    let mut events = Vec::new();
    let first = swarm.agents().next().unwrap();
    swarm.damage_radius(first.position, 0, i64::MAX / 4, &mut events);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, SwarmEvent::AgentDestroyed { id, .. } if *id == first.id))
    );
}
