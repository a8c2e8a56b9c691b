//! `validate_all`: every broken rule of a storey edited by hand, each once with the cells
//! of every place it broke, and `StoreyLayout::rederive`, which derives the lists, paths
//! and zones from an edited grid the way the passes do. Each rule's cells are those
//! docs/api.md lists for it.

#[path = "common/sample_rooms.rs"]
mod sample_rooms;

use outpost_core::rooms::RoomSet;
use outpost_core::survey::sweep_request;
use outpost_core::{
    CellType, GenerationSettings, Grid, Pos, Rule, StoreyLayout, StoreyRequest, StoreyType,
    generate, generate_with_rooms, validate_all, validate_all_with_rooms, validate_with,
};
use proptest::prelude::*;
use std::sync::LazyLock;

const SETTINGS: GenerationSettings = GenerationSettings::DEFAULT;

/// Storeys of the sweep: every type, depth 1-6, level 1-4.
static CORPUS: LazyLock<Vec<StoreyLayout>> = LazyLock::new(|| {
    (0..288)
        .map(|i| generate(&sweep_request(11, i)).unwrap())
        .collect()
});

static SAMPLE: LazyLock<RoomSet> = LazyLock::new(sample_rooms::sample_set);

/// The first storey of seeds 7, 8, ... (below 1,000) of that type and depth with a buried wall
/// ([`buried_wall`]), a cell to paint without touching anything else.
fn layout(t: StoreyType, depth: i64) -> StoreyLayout {
    (7..1_000)
        .map(|seed| generate(&StoreyRequest::new(seed, depth, 3, t)).unwrap())
        .find(|l| find_buried_wall(l).is_some())
        .unwrap()
}

fn rules(l: &StoreyLayout) -> Vec<Rule> {
    validate_all(l, &SETTINGS).iter().map(|v| v.rule).collect()
}

fn cells_of(l: &StoreyLayout, rule: Rule) -> Vec<Pos> {
    validate_all(l, &SETTINGS)
        .into_iter()
        .find(|v| v.rule == rule)
        .unwrap_or_else(|| panic!("{rule:?} is not broken"))
        .cells
}

/// A WALL cell whose four neighbours are walls too (deep inside a wall block).
fn buried_wall(l: &StoreyLayout) -> Pos {
    find_buried_wall(l).expect("a buried wall")
}

fn find_buried_wall(l: &StoreyLayout) -> Option<Pos> {
    l.cells
        .iter()
        .find(|&(p, t)| {
            t == CellType::Wall
                && p.neighbours4()
                    .iter()
                    .all(|&n| l.cells.get(n) == CellType::Wall)
        })
        .map(|(p, _)| p)
}

#[test]
fn generated_storeys_break_no_rule() {
    for l in CORPUS.iter() {
        assert_eq!(validate_all(l, &SETTINGS), [], "seed {}", l.seed_value);
    }
}

#[test]
fn rederive_leaves_a_generated_storey_as_it_was() {
    for l in CORPUS.iter() {
        let mut again = l.clone();
        again.rederive();
        assert_eq!(&again, l, "seed {}", l.seed_value);
    }
}

#[test]
fn rederive_leaves_a_storey_with_authored_rooms_as_it_was() {
    let with_rooms = (0..288)
        .map(|i| generate_with_rooms(&SETTINGS, &SAMPLE, &sweep_request(5, i)).unwrap())
        .filter(|l| !l.placed_rooms.is_empty());
    for l in with_rooms {
        let mut again = l.clone();
        again.rederive();
        assert_eq!(again, l, "seed {}", l.seed_value);
    }
}

#[test]
fn rederive_keeps_the_beacon_order_and_appends_a_new_beacon() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let before = l.beacon_cells.clone();
    let p = buried_wall(&l);
    l.paint(p, CellType::Beacon);
    l.rederive();
    assert_eq!(l.beacon_cells[..before.len()], before[..]);
    assert_eq!(l.beacon_cells.last(), Some(&p));
    assert_eq!(l.primary_beacon, before[0]);
}

#[test]
fn rederive_drops_a_painted_over_beacon_and_the_next_becomes_primary() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let [first, second, ..] = l.beacon_cells[..] else {
        panic!("depth 4 has two beacons or more")
    };
    l.paint(first, CellType::Empty);
    l.rederive();
    assert_eq!(l.beacon_cells[0], second);
    assert_eq!(l.primary_beacon, second);
    assert!(l.enemy_paths.iter().all(|p| p.last() == Some(&second)));
}

#[test]
fn rederive_counts_a_cut_off_cell_as_a_second_zone() {
    let mut l = layout(StoreyType::Underground, 3);
    l.paint(buried_wall(&l), CellType::Empty);
    l.rederive();
    assert_eq!(l.open_zone_count, 2);
}

#[test]
fn paint_off_the_grid_changes_nothing() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    let before = l.clone();
    l.paint(Pos::new(-1, 3), CellType::Empty);
    l.paint(Pos::new(l.width, 0), CellType::Empty);
    assert_eq!(l, before);
}

#[test]
fn a_wrong_shape_is_reported_alone_without_cells() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    l.cells = Grid::new(l.width - 1, l.height, CellType::Wall);
    let all = validate_all(&l, &SETTINGS);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].rule, Rule::Shape);
    assert_eq!(all[0].cells, []);
}

#[test]
fn lists_match_grid_names_the_unlisted_cell() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let p = buried_wall(&l);
    l.paint(p, CellType::Shaft);
    assert_eq!(cells_of(&l, Rule::ListsMatchGrid), [p]);
}

#[test]
fn counts_names_the_cells_of_the_list_whose_count_is_wrong() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let e = l.entry_cells[0];
    l.paint(e, CellType::Wall);
    l.rederive();
    assert_eq!(cells_of(&l, Rule::Counts), l.entry_cells);
}

#[test]
fn primary_beacon_names_the_primary_and_the_first_beacon() {
    let mut l = layout(StoreyType::GroundFloor, 3);
    l.beacon_cells.swap(0, 1);
    assert_eq!(
        cells_of(&l, Rule::PrimaryBeacon),
        [l.primary_beacon, l.beacon_cells[0]]
    );
}

#[test]
fn entry_opening_names_each_entry_that_is_no_opening() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let walled: Vec<Pos> = l.entry_cells.clone();
    for &e in &walled {
        for n in e.neighbours4() {
            if l.cells.get(n).is_walkable() {
                l.paint(n, CellType::Wall);
            }
        }
    }
    l.rederive();
    assert_eq!(cells_of(&l, Rule::EntryOpening), walled);
}

#[test]
fn sealed_outline_names_every_floor_cell_touching_the_outside() {
    let mut l = layout(StoreyType::UpperFloor, 3);
    // Two wall cells of the outer ring, away from corners, painted floor.
    let holes: Vec<Pos> = (2..l.width - 2)
        .map(|x| Pos::new(x, 0))
        .filter(|&p| l.cells.get(p) == CellType::Wall && l.cells.is_walkable(Pos::new(p.x, 1)))
        .step_by(3)
        .take(2)
        .collect();
    assert_eq!(holes.len(), 2);
    for &p in &holes {
        l.paint(p, CellType::Empty);
    }
    l.rederive();
    let v = validate_all(&l, &SETTINGS);
    let sealed = v.iter().find(|v| v.rule == Rule::SealedOutline).unwrap();
    assert_eq!(sealed.cells, holes);
    assert!(sealed.detail.ends_with("(and 1 more)"), "{}", sealed.detail);
}

#[test]
fn separation_names_both_cells_of_each_pair() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let shaft = l.shaft_cells[0];
    let other = l.shaft_cells[1];
    // A wall beside the first shaft becomes the second shaft.
    let beside = shaft
        .neighbours4()
        .into_iter()
        .find(|&n| {
            l.cells.get(n) == CellType::Wall
                && n.neighbours4()
                    .iter()
                    .any(|&m| l.cells.get(m) == CellType::Wall)
        })
        .unwrap();
    l.paint(other, CellType::Empty);
    l.paint(beside, CellType::Shaft);
    l.rederive();
    let cells = cells_of(&l, Rule::Separation);
    assert!(
        cells.contains(&shaft) && cells.contains(&beside),
        "{cells:?}"
    );
}

#[test]
fn shaft_on_wall_names_the_shaft_touching_no_wall() {
    let mut l = layout(StoreyType::Underground, 2);
    let s = l.shaft_cells[1];
    for n in s.neighbours4() {
        if l.cells.get(n) == CellType::Wall {
            l.paint(n, CellType::Empty);
        }
    }
    l.rederive();
    assert_eq!(cells_of(&l, Rule::ShaftOnWall), [s]);
}

#[test]
fn connected_names_the_cells_the_primary_beacon_does_not_reach() {
    let mut l = layout(StoreyType::Underground, 3);
    let p = buried_wall(&l);
    l.paint(p, CellType::Empty);
    l.rederive();
    assert_eq!(cells_of(&l, Rule::Connected), [p]);
}

#[test]
fn enemy_paths_names_the_entry_and_the_step_through_a_wall() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let path = l.enemy_paths[0].clone();
    let middle = path[path.len() / 2];
    l.paint(middle, CellType::Wall);
    // Not re-derived: the stored path now steps through a wall.
    let cells = cells_of(&l, Rule::EnemyPaths);
    assert!(
        cells.contains(&l.entry_cells[0]) && cells.contains(&middle),
        "{cells:?}"
    );
}

#[test]
fn upper_floor_filled_names_every_out_of_bounds_cell() {
    let mut l = layout(StoreyType::UpperFloor, 3);
    let a = buried_wall(&l);
    let b = Pos::new(0, 0);
    l.paint(a, CellType::OutOfBounds);
    l.paint(b, CellType::OutOfBounds);
    l.rederive();
    let mut cells = cells_of(&l, Rule::UpperFloorFilled);
    cells.sort_unstable();
    let mut want = vec![a, b];
    want.sort_unstable();
    assert_eq!(cells, want);
}

#[test]
fn entrance_reachable_names_each_target_cut_off_from_the_door() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    let door = l.entrance_cell.unwrap();
    for n in door.neighbours4() {
        if l.cells.is_walkable(n) {
            l.paint(n, CellType::Wall);
        }
    }
    l.rederive();
    let cells = cells_of(&l, Rule::EntranceReachable);
    assert!(cells.contains(&l.primary_beacon), "{cells:?}");
    assert!(cells.contains(&l.staircase_cell), "{cells:?}");
}

#[test]
fn entrance_only_on_ground_names_an_entrance_painted_upstairs() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let p = buried_wall(&l);
    l.paint(p, CellType::Entrance);
    l.rederive();
    assert_eq!(cells_of(&l, Rule::EntranceOnlyOnGround), [p]);
}

#[test]
fn rooms_intact_names_each_cell_painted_over_a_placed_room() {
    let mut l = (0..288)
        .map(|i| generate_with_rooms(&SETTINGS, &SAMPLE, &sweep_request(5, i)).unwrap())
        .find(|l| !l.placed_rooms.is_empty())
        .unwrap();
    let room = l.placed_rooms[0].rect();
    let corner = Pos::new(room.x, room.y);
    let beside = Pos::new(room.x + 1, room.y);
    l.paint(corner, CellType::Empty);
    l.paint(beside, CellType::Empty);
    l.rederive();
    let all = validate_all_with_rooms(&l, &SETTINGS, &SAMPLE);
    let intact = all.iter().find(|v| v.rule == Rule::RoomsIntact).unwrap();
    assert_eq!(intact.cells, [corner, beside]);
    assert!(
        !validate_all(&l, &SETTINGS)
            .iter()
            .any(|v| v.rule == Rule::RoomsIntact)
    );
}

#[test]
fn several_broken_rules_are_each_reported_once_in_rule_order() {
    let mut l = layout(StoreyType::UpperFloor, 3);
    l.paint(buried_wall(&l), CellType::OutOfBounds);
    l.open_zone_count = 3;
    let got = rules(&l);
    assert_eq!(got, [Rule::Connected, Rule::UpperFloorFilled]);
}

/// A stroke: cells and the type painted on each.
fn strokes() -> impl Strategy<Value = Vec<(i32, i32, u8)>> {
    prop::collection::vec((0..32i32, 0..32i32, 0..7u8), 1..12)
}

const PAINTABLE: [CellType; 7] = [
    CellType::OutOfBounds,
    CellType::Wall,
    CellType::Empty,
    CellType::Entry,
    CellType::Beacon,
    CellType::Shaft,
    CellType::Staircase,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On any edit, `validate_all` is empty exactly when `validate_with` passes, and its
    /// first violation is the one `validate_with` returns.
    #[test]
    fn validate_all_agrees_with_validate_on_edited_storeys(
        index in 0usize..288,
        edits in strokes(),
        derive in any::<bool>(),
    ) {
        let mut l = CORPUS[index].clone();
        for (x, y, t) in edits {
            l.paint(Pos::new(x % l.width, y % l.height), PAINTABLE[usize::from(t)]);
        }
        if derive {
            l.rederive();
        }
        let all = validate_all(&l, &SETTINGS);
        match validate_with(&l, &SETTINGS) {
            Ok(()) => prop_assert_eq!(all, []),
            Err(first) => {
                prop_assert!(!all.is_empty());
                prop_assert_eq!(all[0].rule, first.rule);
                prop_assert!(all[0].detail.starts_with(&first.detail));
                prop_assert_eq!(&all[0].cells[..first.cells.len()], &first.cells[..]);
                let mut seen: Vec<Rule> = all.iter().map(|v| v.rule).collect();
                seen.dedup();
                prop_assert_eq!(seen.len(), all.len(), "each rule once");
            }
        }
    }
}
