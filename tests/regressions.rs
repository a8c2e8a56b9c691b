//! Bugs found and fixed, each pinned by the case that exposed it.

use outpost_core::generator::generate_attempt;
use outpost_core::{StoreyRequest, StoreyType, generate};

/// GROUND_FLOOR seed 11106, depth 1, level 2 put the primary beacon in a 1x1 room in
/// the grid's top-right corner and protected its only two inner sides as the "corner"
/// walls, so no corridor could reach it: Pass 2c failed and the generator had to retry.
/// A corner candidate now keeps an unguarded side that corridors can reach.
#[test]
fn primary_beacon_in_a_grid_corner_room_stays_reachable() {
    let request = StoreyRequest::new(11106, 1, 2, StoreyType::GroundFloor);
    let layout = generate(&request).unwrap();
    assert_eq!(layout.generation_attempts, 1);
    assert!(generate_attempt(&request.spec().unwrap(), request.seed).is_ok());
}
