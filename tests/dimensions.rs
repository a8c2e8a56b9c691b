//! Pass 1's dimension formula, as `StoreyRequest::grid_size` reports it.

use outpost_core::{StoreyRequest, StoreyType};

fn dimensions(storey_type: StoreyType, depth: i64, level: i64) -> (i32, i32) {
    StoreyRequest::new(0, depth, level, storey_type)
        .grid_size()
        .unwrap()
}

#[test]
fn dimensions_stay_within_16_28_by_10_20() {
    for t in StoreyType::ALL {
        for d in 1..=64 {
            for l in 1..=4 {
                let (w, h) = dimensions(t, d, l);
                assert!(
                    (16..=28).contains(&w) && (10..=20).contains(&h),
                    "{t} d{d} l{l}: {w}x{h}"
                );
            }
        }
    }
    assert_eq!(
        dimensions(StoreyType::GroundFloor, u32::MAX.into(), 4),
        (28, 20)
    );
}

#[test]
fn dimensions_never_decrease_as_depth_or_level_grows() {
    for t in StoreyType::ALL {
        for d in 1..=20 {
            for l in 1..=4 {
                let (w, h) = dimensions(t, d, l);
                let (wd, hd) = dimensions(t, d + 1, l);
                assert!(wd >= w && hd >= h, "{t}: depth {d}->{}", d + 1);
                if l < 4 {
                    let (wl, hl) = dimensions(t, d, l + 1);
                    assert!(wl >= w && hl >= h, "{t}: level {l}->{}", l + 1);
                }
            }
        }
    }
}

#[test]
fn underground_reaches_28_by_20_at_depth_6_level_4() {
    assert_eq!(dimensions(StoreyType::Underground, 6, 4), (28, 20));
}

#[test]
fn ground_and_upper_floors_are_2_narrower_and_1_shorter_than_underground_before_clamping() {
    assert_eq!(dimensions(StoreyType::Underground, 2, 2), (22, 14));
    assert_eq!(dimensions(StoreyType::GroundFloor, 2, 2), (20, 13));
    assert_eq!(dimensions(StoreyType::UpperFloor, 2, 2), (20, 13));
    assert_eq!(dimensions(StoreyType::GroundFloor, 1, 1), (16, 10));
}
