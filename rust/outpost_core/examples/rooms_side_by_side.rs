//! Generation with and without the sample room set (`tests/fixtures/rooms/sample/`),
//! side by side in one process: per storey type, blocks of the same 64 requests (the
//! sweep's depths 1-6 and levels 1-4) alternate between the two, and the median block
//! time per storey of each, and their ratio, is printed. Alternating every few hundred
//! microseconds lets both see the same load on a busy machine.
//!
//! ```sh
//! cargo run --release -p outpost-core --example rooms_side_by_side [ROUNDS]
//! ```

use outpost_core::rooms::{RoomSet, RoomSource};
use outpost_core::{GenerationSettings, StoreyRequest, StoreyType, generate_with_rooms};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

fn sample_set() -> RoomSet {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/rooms/sample");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the sample room set")
        .map(|e| e.expect("a sample room file").path())
        .collect();
    files.sort();
    let sources: Vec<RoomSource> = files
        .iter()
        .map(|p| RoomSource::new(p.display().to_string(), std::fs::read(p).expect("readable")))
        .collect();
    RoomSet::from_sources(&sources).expect("the sample set passes its checks")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .map_or(1000, |a| a.parse().expect("ROUNDS is a whole number"));
    let settings = GenerationSettings::default();
    let sets = [RoomSet::default(), sample_set()];
    for storey_type in StoreyType::ALL {
        let requests: Vec<StoreyRequest> = (0..64)
            .map(|i: i64| {
                let seed = i.wrapping_mul(0x9E37_79B9) ^ 0x5EED;
                StoreyRequest::new(seed, 1 + i % 6, 1 + (i / 6) % 4, storey_type)
            })
            .collect();
        let mut times = [Vec::with_capacity(rounds), Vec::with_capacity(rounds)];
        for _ in 0..rounds {
            for (set, out) in sets.iter().zip(&mut times) {
                let start = Instant::now();
                for request in &requests {
                    black_box(generate_with_rooms(&settings, set, request).expect("generates"));
                }
                out.push(start.elapsed().as_secs_f64() * 1e6 / requests.len() as f64);
            }
        }
        let [without, with] = times.map(median);
        println!(
            "{:<12} without rooms {without:6.2} µs, with the sample set {with:6.2} µs: {:.2}x",
            storey_type.name(),
            with / without
        );
    }
}
