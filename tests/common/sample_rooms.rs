//! The sample room set of `tests/fixtures/rooms/sample/`, read as `outpost rooms check`
//! reads a folder: its `*.room` files in name order.
#![allow(dead_code)]

use outpost_core::rooms::{RoomSet, RoomSource};

/// The sample set's files, in name order.
pub fn sample_sources() -> Vec<RoomSource> {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/rooms/sample"
    );
    let mut sources: Vec<RoomSource> = std::fs::read_dir(dir)
        .expect("the sample set")
        .map(|e| {
            let p = e.unwrap().path();
            RoomSource::new(p.display().to_string(), std::fs::read(&p).unwrap())
        })
        .collect();
    sources.sort_by(|a, b| a.file.cmp(&b.file));
    sources
}

/// The sample set (it passes every check).
pub fn sample_set() -> RoomSet {
    RoomSet::from_sources(&sample_sources()).expect("the sample set passes")
}
