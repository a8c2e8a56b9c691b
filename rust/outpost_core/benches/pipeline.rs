//! Whole-pipeline benchmarks: `outpost_core::generate` (five passes, validation and any
//! retries) at the smallest and the largest storey size, cycling through fixed seeds.

mod common;

use common::{SEEDS, largest, seed, smallest};
use criterion::{Criterion, criterion_group, criterion_main};
use outpost_core::StoreyRequest;
use std::hint::black_box;

type MakeRequest = fn(i64) -> StoreyRequest;

fn bench_pipeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("pipeline");
    let sizes: [(&str, MakeRequest); 2] = [("16x10", smallest), ("28x20", largest)];
    for (name, make) in sizes {
        let requests: Vec<StoreyRequest> = (0..SEEDS).map(|i| make(seed(i))).collect();
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                let request = &requests[next % SEEDS];
                next += 1;
                outpost_core::generate(black_box(request)).expect("generation failed")
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pipeline);
criterion_main!(benches);
