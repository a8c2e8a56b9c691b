//! Authored rooms: generation with and without the sample room set
//! (`tests/fixtures/rooms/sample/`), per storey type, side by side in one run. Each
//! iteration generates the next of 64 requests of the type, cycling through seeds,
//! depths 1-6 and levels 1-4 as the sweep does.

use criterion::{Criterion, criterion_group, criterion_main};
use outpost_core::rooms::{RoomSet, RoomSource};
use outpost_core::{GenerationSettings, StoreyRequest, StoreyType, generate_with_rooms};
use std::hint::black_box;
use std::path::Path;

const REQUESTS: usize = 64;

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

fn requests(storey_type: StoreyType) -> Vec<StoreyRequest> {
    (0..REQUESTS)
        .map(|i| {
            let seed = (i as i64).wrapping_mul(0x9E37_79B9) ^ 0x5EED;
            StoreyRequest::new(
                seed,
                1 + (i % 6) as i64,
                1 + ((i / 6) % 4) as i64,
                storey_type,
            )
        })
        .collect()
}

fn bench_rooms(c: &mut Criterion) {
    let settings = GenerationSettings::default();
    let sets = [("without", RoomSet::default()), ("sample", sample_set())];
    let mut group = c.benchmark_group("rooms");
    for storey_type in StoreyType::ALL {
        let requests = requests(storey_type);
        for (name, set) in &sets {
            let mut next = 0;
            group.bench_function(format!("{}/{name}", storey_type.name()), |b| {
                b.iter(|| {
                    let request = &requests[next % REQUESTS];
                    next += 1;
                    generate_with_rooms(&settings, set, black_box(request))
                        .expect("generation failed")
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_rooms);
criterion_main!(benches);
