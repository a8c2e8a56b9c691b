//! The ENTRANCE, the player's door of a GROUND_FLOOR, beyond its layout rules (those are
//! in `tests/rules.rs` and `tests/validator.rs`): how it is drawn, what it is to the wall
//! kit, the crowd and the building, and that it comes from a stream of its own.

use outpost_core::ascii::{parse, render, render_with_path};
use outpost_core::nav::Navigator;
use outpost_core::swarm::{AgentKind, Swarm, SwarmError};
use outpost_core::wall_kit::wall_tiles;
use outpost_core::{
    CellType, Pos, StoreyLayout, StoreyRequest, StoreyType, generate, generate_building,
};

fn ground(seed: i64) -> StoreyLayout {
    generate(&StoreyRequest::new(seed, 1, 1, StoreyType::GroundFloor)).unwrap()
}

#[test]
fn the_entrance_is_value_8_drawn_as_d_and_parsed_back() {
    assert_eq!(CellType::Entrance as u8, 8);
    assert_eq!(CellType::Entrance.ascii(), 'D');
    let g = parse("#D#\n#.#\n").unwrap();
    assert_eq!(g.get(Pos::new(1, 0)), CellType::Entrance);
    assert_eq!(render(&g), "#D#\n#.#\n");
}

#[test]
fn the_entrance_is_walkable_and_keeps_its_glyph_under_the_path_overlay() {
    assert!(CellType::Entrance.is_walkable());
    let g = parse("D..\n").unwrap();
    let path = [Pos::new(0, 0), Pos::new(1, 0), Pos::new(2, 0)];
    assert_eq!(render_with_path(&g, &path), "D**\n");
}

#[test]
fn the_entrance_cell_is_the_ground_floors_only_entrance_cell() {
    for seed in 0..50 {
        let l = ground(seed);
        let doors: Vec<Pos> = l.cells.positions_of(CellType::Entrance).collect();
        assert_eq!(doors, vec![l.entrance_cell.unwrap()], "seed {seed}");
        assert!(!l.entry_cells.contains(&doors[0]), "seed {seed}");
    }
}

#[test]
fn the_door_leads_straight_across_its_floor_cell_to_the_outside() {
    for seed in 0..50 {
        let l = ground(seed);
        let door = l.entrance_cell.unwrap();
        let out = l.entrance_outside().unwrap();
        let inside = Pos::new(2 * door.x - out.x, 2 * door.y - out.y);
        assert_eq!(out.manhattan(door), 1, "seed {seed}");
        assert_eq!(l.cells.get(inside), CellType::Empty, "seed {seed}");
        assert_eq!(l.cells.get(out), CellType::OutOfBounds, "seed {seed}");
    }
}

#[test]
fn the_wall_kit_leaves_the_entrance_open() {
    // An ENTRANCE is an opening: no wall piece covers any quarter of it.
    let l = ground(3);
    let door = l.entrance_cell.unwrap();
    for tile in wall_tiles(&l.cells) {
        for (bit, cell) in [
            (1u8, Pos::new(tile.vertex.x - 1, tile.vertex.y - 1)),
            (2, Pos::new(tile.vertex.x, tile.vertex.y - 1)),
            (4, Pos::new(tile.vertex.x, tile.vertex.y)),
            (8, Pos::new(tile.vertex.x - 1, tile.vertex.y)),
        ] {
            assert!(
                cell != door || tile.mask & bit == 0,
                "tile {} covers the door",
                tile.vertex
            );
        }
    }
}

#[test]
fn the_swarm_never_spawns_on_the_entrance() {
    let l = ground(5);
    let nav = Navigator::new(&l).unwrap();
    let mut swarm = Swarm::new(&nav, 1, 60).unwrap();
    let door = l.entrance_cell.unwrap();
    match swarm.spawn(&nav, AgentKind::DRONE, door) {
        Err(SwarmError::NotFree { cell, what }) => {
            assert_eq!(cell, door);
            assert!(what.contains("ENTRANCE"), "{what}");
        }
        other => panic!("spawned on the door: {other:?}"),
    }
    assert!(
        swarm
            .spawn(&nav, AgentKind::DRONE, l.entry_cells[0])
            .is_ok()
    );
}

#[test]
fn no_tower_may_seal_the_entrance_off() {
    // The door's one floor cell is the only way in: a tower there is refused.
    let l = ground(8);
    let nav = Navigator::new(&l).unwrap();
    let door = l.entrance_cell.unwrap();
    let out = l.entrance_outside().unwrap();
    let inside = Pos::new(2 * door.x - out.x, 2 * door.y - out.y);
    assert!(!nav.can_place_tower(inside));
}

#[test]
fn a_buildings_ground_floor_has_the_entrance_and_no_other_storey_has_one() {
    let b = generate_building(77, 4, 3, true).unwrap();
    for s in &b.storeys {
        let doors = s.cells.positions_of(CellType::Entrance).count();
        if s.storey_type == StoreyType::GroundFloor {
            assert_eq!(doors, 1);
            assert!(s.entrance_cell.is_some());
        } else {
            assert_eq!((doors, s.entrance_cell), (0, None), "{}", s.storey_type);
        }
    }
}

#[test]
fn only_a_ground_floors_json_names_an_entrance_cell() {
    for t in StoreyType::ALL {
        let l = generate(&StoreyRequest::new(11, 2, 2, t)).unwrap();
        let json: serde_json::Value = serde_json::to_value(&l).unwrap();
        let has = json.as_object().unwrap().contains_key("entrance_cell");
        assert_eq!(has, t == StoreyType::GroundFloor, "{t}");
        let back: StoreyLayout = serde_json::from_value(json).unwrap();
        assert_eq!(back, l, "{t}");
    }
}
