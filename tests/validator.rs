//! The validator is read-only and names the rule each broken layout breaks: every rule
//! is exercised by mutating one valid layout.

use outpost_core::doorway::{doorway, outside_cells};
use outpost_core::validator::{Rule, is_dead_end_or_corner, validate};
use outpost_core::{CellType, Grid, Pos, StoreyLayout, StoreyRequest, StoreyType, generate};

fn layout(t: StoreyType, depth: i64) -> StoreyLayout {
    (0..1_000)
        .map(|seed| generate(&StoreyRequest::new(seed, depth, 3, t)).unwrap())
        // Keep layouts whose primary beacon is away from the edge, for the beacon test.
        .find(|l| {
            let b = l.primary_beacon;
            b.x > 1 && b.y > 1 && b.x < l.width - 2 && b.y < l.height - 2
        })
        .unwrap()
}

fn broken_rule(l: &StoreyLayout) -> Rule {
    validate(l).expect_err("mutated layout must fail").rule
}

#[test]
fn valid_layout_passes_and_validation_does_not_modify_it() {
    let l = layout(StoreyType::GroundFloor, 4);
    let copy = l.clone();
    assert_eq!(validate(&l), Ok(()));
    assert_eq!(l, copy);
}

#[test]
fn mismatched_cell_grid_breaks_shape() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    l.cells = Grid::new(l.width - 1, l.height, CellType::Wall);
    assert_eq!(broken_rule(&l), Rule::Shape);
}

#[test]
fn unlisted_special_cell_breaks_lists_match_grid() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let p = l.cells.positions_of(CellType::Empty).next().unwrap();
    l.cells.set(p, CellType::Beacon);
    assert_eq!(broken_rule(&l), Rule::ListsMatchGrid);
}

#[test]
fn missing_entry_breaks_counts() {
    let mut l = layout(StoreyType::UpperFloor, 4);
    let e = l.entry_cells.pop().unwrap();
    l.cells.set(e, CellType::Wall);
    assert_eq!(broken_rule(&l), Rule::Counts);
}

#[test]
fn reordered_beacons_break_primary_beacon() {
    let mut l = layout(StoreyType::GroundFloor, 3);
    l.beacon_cells.swap(0, 1);
    assert_eq!(broken_rule(&l), Rule::PrimaryBeacon);
}

#[test]
fn walled_up_entry_breaks_entry_opening() {
    let mut l = layout(StoreyType::UpperFloor, 1);
    let e = l.entry_cells[0];
    for n in e.neighbours4() {
        if l.cells.get(n).is_walkable() {
            l.cells.set(n, CellType::Wall);
        }
    }
    assert_eq!(broken_rule(&l), Rule::EntryOpening);
}

#[test]
fn floor_touching_outside_breaks_sealed_outline() {
    let mut l = layout(StoreyType::Underground, 3);
    let hole = l
        .cells
        .iter()
        .find(|&(p, t)| {
            t == CellType::Wall
                && p.neighbours4()
                    .iter()
                    .any(|&n| l.cells.get(n) == CellType::OutOfBounds)
                && p.neighbours4()
                    .iter()
                    .any(|&n| l.cells.get(n) == CellType::Empty)
                && l.entry_cells.iter().all(|e| e.manhattan(p) > 2)
        })
        .map(|(p, _)| p)
        .unwrap();
    l.cells.set(hole, CellType::Empty);
    assert_eq!(broken_rule(&l), Rule::SealedOutline);
}

#[test]
fn staircase_next_to_an_entry_breaks_separation() {
    let mut l = layout(StoreyType::UpperFloor, 1);
    let inside = l.entry_cells[0]
        .neighbours4()
        .into_iter()
        .find(|&n| l.cells.get(n) == CellType::Empty)
        .unwrap();
    l.cells.set(l.staircase_cell, CellType::Empty);
    l.cells.set(inside, CellType::Staircase);
    l.staircase_cell = inside;
    assert_eq!(broken_rule(&l), Rule::Separation);
}

#[test]
fn shaft_in_open_floor_breaks_shaft_on_wall() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let open = l
        .cells
        .iter()
        .find(|&(p, t)| {
            t == CellType::Empty
                && p.neighbours4()
                    .iter()
                    .all(|&n| l.cells.get(n) != CellType::Wall)
                && l.shaft_cells.iter().all(|s| s.manhattan(p) >= 4)
        })
        .map(|(p, _)| p)
        .unwrap();
    let old = l.shaft_cells[1];
    l.cells.set(old, CellType::Empty);
    l.cells.set(open, CellType::Shaft);
    l.shaft_cells[1] = open;
    assert_eq!(broken_rule(&l), Rule::ShaftOnWall);
}

#[test]
fn beacon_in_open_floor_breaks_dead_end_or_corner() {
    let mut l = layout(StoreyType::UpperFloor, 1);
    let b = l.primary_beacon;
    for n in b.neighbours4() {
        if !l.cells.get(n).is_walkable() {
            l.cells.set(n, CellType::Empty);
        }
    }
    assert!(!is_dead_end_or_corner(&l, b));
    let rule = broken_rule(&l);
    // Opening the walls may also shorten a path; the beacon rule is checked first.
    assert_eq!(rule, Rule::BeaconDeadEndOrCorner);
}

#[test]
fn wrong_open_zone_count_breaks_connected() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    l.open_zone_count = 2;
    assert_eq!(broken_rule(&l), Rule::Connected);
}

#[test]
fn isolated_floor_cell_breaks_connected() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let island = l
        .cells
        .iter()
        .find(|&(p, t)| {
            t == CellType::Wall
                && !l.cells.on_edge(p)
                && p.neighbours4()
                    .iter()
                    .all(|&n| !l.cells.get(n).is_walkable())
        })
        .map(|(p, _)| p)
        .unwrap();
    l.cells.set(island, CellType::Empty);
    assert_eq!(broken_rule(&l), Rule::Connected);
}

#[test]
fn truncated_path_breaks_enemy_paths() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    l.enemy_paths[0].pop();
    l.enemy_path = l.enemy_paths[0].clone();
    assert_eq!(broken_rule(&l), Rule::EnemyPaths);
}

#[test]
fn detour_breaks_enemy_paths_shortest() {
    let mut l = layout(StoreyType::UpperFloor, 1);
    // Step back and forth once: still connected and walkable, but not shortest.
    let path = &mut l.enemy_paths[0];
    let (a, b) = (path[0], path[1]);
    path.splice(1..1, [b, a]);
    l.enemy_path = path.clone();
    assert_eq!(broken_rule(&l), Rule::EnemyPaths);
}

#[test]
fn out_of_bounds_on_an_upper_floor_breaks_upper_floor_filled() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    if !l.cells.cells().contains(&CellType::OutOfBounds) {
        l.cells.set(Pos::new(0, 0), CellType::OutOfBounds);
    }
    // A ground floor relabelled as an upper floor, without its door.
    l.cells.set(l.entrance_cell.take().unwrap(), CellType::Wall);
    l.storey_type = StoreyType::UpperFloor;
    assert_eq!(broken_rule(&l), Rule::UpperFloorFilled);
}

/// The inside floor cell of the ENTRANCE.
fn inside_of_entrance(l: &StoreyLayout) -> Pos {
    let door = l.entrance_cell.unwrap();
    door.neighbours4()
        .into_iter()
        .find(|&n| l.cells.is_walkable(n))
        .unwrap()
}

#[test]
fn a_ground_floor_whose_door_is_walled_up_breaks_entrance_count() {
    let mut l = layout(StoreyType::GroundFloor, 1);
    l.cells.set(l.entrance_cell.unwrap(), CellType::Wall);
    assert_eq!(broken_rule(&l), Rule::EntranceCount);
}

#[test]
fn a_ground_floor_whose_entrance_cell_is_unset_breaks_entrance_count() {
    let mut l = layout(StoreyType::GroundFloor, 3);
    l.entrance_cell = None;
    assert_eq!(broken_rule(&l), Rule::EntranceCount);
}

#[test]
fn a_door_on_an_upper_floor_breaks_entrance_only_on_ground() {
    let mut l = layout(StoreyType::UpperFloor, 2);
    let outside = outside_cells(&l.cells);
    let door = l
        .cells
        .positions_of(CellType::Wall)
        .find(|&p| doorway(&l.cells, &outside, p).is_some())
        .unwrap();
    l.cells.set(door, CellType::Entrance);
    l.entrance_cell = Some(door);
    assert_eq!(broken_rule(&l), Rule::EntranceOnlyOnGround);
}

#[test]
fn an_entrance_cell_named_on_an_underground_storey_breaks_entrance_only_on_ground() {
    let mut l = layout(StoreyType::Underground, 2);
    l.entrance_cell = Some(Pos::new(0, 0));
    assert_eq!(broken_rule(&l), Rule::EntranceOnlyOnGround);
}

#[test]
fn a_door_with_its_floor_walled_up_breaks_entrance_opening() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    let inside = inside_of_entrance(&l);
    l.cells.set(inside, CellType::Wall);
    assert_eq!(broken_rule(&l), Rule::EntranceOpening);
}

#[test]
fn a_door_in_an_inner_wall_breaks_entrance_opening() {
    let mut l = layout(StoreyType::GroundFloor, 2);
    // An inner wall with one floor cell beside it: nothing outside straight across.
    let inner = l
        .cells
        .positions_of(CellType::Wall)
        .find(|&p| {
            let around = p.neighbours4();
            let floor: Vec<Pos> = around
                .into_iter()
                .filter(|&n| l.cells.is_walkable(n))
                .collect();
            !l.cells.on_edge(p)
                && around
                    .iter()
                    .all(|&n| l.cells.get(n) != CellType::OutOfBounds)
                && floor.len() == 1
                && l.cells.get(floor[0]) == CellType::Empty
        })
        .unwrap();
    l.cells.set(l.entrance_cell.unwrap(), CellType::Wall);
    l.cells.set(inner, CellType::Entrance);
    l.entrance_cell = Some(inner);
    assert_eq!(broken_rule(&l), Rule::EntranceOpening);
}

#[test]
fn a_door_beside_an_entry_breaks_entrance_distance() {
    // A ground floor with a doorway wall within 4 of its entry.
    let (mut l, to) = (0..2_000)
        .find_map(|seed| {
            let l = generate(&StoreyRequest::new(seed, 1, 1, StoreyType::GroundFloor)).unwrap();
            let outside = outside_cells(&l.cells);
            let to = l.cells.positions_of(CellType::Wall).find(|&p| {
                doorway(&l.cells, &outside, p).is_some()
                    && l.entry_cells.iter().any(|e| e.manhattan(p) < 5)
                    && l.beacon_cells.iter().all(|b| b.manhattan(p) >= 4)
            })?;
            Some((l, to))
        })
        .unwrap();
    l.cells.set(l.entrance_cell.unwrap(), CellType::Wall);
    l.cells.set(to, CellType::Entrance);
    l.entrance_cell = Some(to);
    assert_eq!(broken_rule(&l), Rule::EntranceDistance);
}

#[test]
fn a_door_walled_in_with_its_floor_breaks_entrance_reachable() {
    let (mut l, walls) = (0..2_000)
        .find_map(|seed| {
            let l = generate(&StoreyRequest::new(seed, 2, 2, StoreyType::GroundFloor)).unwrap();
            let door = l.entrance_cell.unwrap();
            let inside = inside_of_entrance(&l);
            let walls: Vec<Pos> = inside
                .neighbours4()
                .into_iter()
                .filter(|&n| n != door && l.cells.is_walkable(n))
                .collect();
            walls
                .iter()
                .all(|&n| l.cells.get(n) == CellType::Empty)
                .then_some((l, walls))
        })
        .unwrap();
    for n in walls {
        l.cells.set(n, CellType::Wall);
    }
    assert_eq!(broken_rule(&l), Rule::EntranceReachable);
}
