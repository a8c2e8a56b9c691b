//! Buildings: N storeys from one master seed, staircases aligned to the ground floor's.

use outpost_core::{StoreyType, generate_building, storey_seed, validate};

#[test]
fn building_has_ground_floor_then_upper_floors() {
    let b = generate_building(9, 4, 2, false).unwrap();
    let types: Vec<_> = b.storeys.iter().map(|s| s.storey_type).collect();
    assert_eq!(
        types,
        [
            StoreyType::GroundFloor,
            StoreyType::UpperFloor,
            StoreyType::UpperFloor,
            StoreyType::UpperFloor
        ]
    );
    let depths: Vec<_> = b.storeys.iter().map(|s| s.storey_depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
}

#[test]
fn underground_storey_comes_first_below_the_ground_floor() {
    let b = generate_building(9, 3, 2, true).unwrap();
    assert_eq!(b.storeys.len(), 4);
    assert_eq!(b.storeys[0].storey_type, StoreyType::Underground);
    assert_eq!(b.storeys[1].storey_type, StoreyType::GroundFloor);
}

#[test]
fn every_staircase_aligns_with_the_ground_floors() {
    for master in -50..50 {
        let b = generate_building(master, 5, 1 + master.rem_euclid(4), true).unwrap();
        let ground = b
            .storeys
            .iter()
            .find(|s| s.storey_type == StoreyType::GroundFloor)
            .unwrap();
        for s in &b.storeys {
            assert_eq!(
                s.staircase_cell, ground.staircase_cell,
                "master seed {master}"
            );
            validate(s).unwrap();
        }
    }
}

#[test]
fn storey_seeds_derive_from_master_seed_and_index() {
    let b = generate_building(77, 3, 1, false).unwrap();
    for (i, s) in b.storeys.iter().enumerate() {
        assert_eq!(s.seed_value, storey_seed(77, i as u64));
    }
    let seeds: std::collections::BTreeSet<_> = b.storeys.iter().map(|s| s.seed_value).collect();
    assert_eq!(seeds.len(), 3, "storey seeds must differ");
}

#[test]
fn same_master_seed_gives_the_same_building() {
    let a = serde_json::to_string(&generate_building(5, 3, 3, true).unwrap()).unwrap();
    let b = serde_json::to_string(&generate_building(5, 3, 3, true).unwrap()).unwrap();
    assert_eq!(a, b);
    assert!(a.starts_with("{\"master_seed\":5,\"storeys\":["));
}

#[test]
fn check_building_request_gives_the_error_generate_building_gives() {
    use outpost_core::check_building_request;
    for (storeys, level) in [(0, 2), (65, 2), (3, 0), (3, 5), (-1, -1), (3, 2), (64, 4)] {
        let checked = check_building_request(storeys, level).map_err(|e| e.to_string());
        let generated = outpost_core::generate_building(7, storeys, level, true)
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert_eq!(checked, generated, "storeys {storeys}, level {level}");
    }
}
