//! The surface chunk (48 x 48 by default): the surface alone around a ground floor made
//! beforehand (its five passes and its validation), and the whole of `generate_surface`
//! (the ground floor too). Cycles through 64 fixed building seeds, levels 1-4. Target:
//! a surface in at most 100 µs (docs/performance.md).

mod common;

use common::{SEEDS, seed};
use criterion::{Criterion, criterion_group, criterion_main};
use outpost_core::surface::{
    SurfaceSettings, generate_surface, generate_surface_around, ground_floor,
};
use std::hint::black_box;

fn bench_surface(c: &mut Criterion) {
    let fixtures: Vec<(i64, i64)> = (0..SEEDS).map(|i| (seed(i), 1 + (i % 4) as i64)).collect();
    let grounds: Vec<_> = fixtures
        .iter()
        .map(|&(s, level)| ground_floor(s, level).expect("valid level"))
        .collect();
    let settings = SurfaceSettings::default();
    let mut group = c.benchmark_group("surface");
    let mut next = 0;
    group.bench_function("48x48", |b| {
        b.iter(|| {
            let k = next % SEEDS;
            next += 1;
            generate_surface_around(&settings, fixtures[k].0, black_box(&grounds[k]))
                .expect("fixture surface")
        });
    });
    let mut next = 0;
    group.bench_function("48x48_with_ground_floor", |b| {
        b.iter(|| {
            let (s, level) = fixtures[next % SEEDS];
            next += 1;
            generate_surface(black_box(s), level).expect("fixture surface")
        });
    });
    group.finish();
}

criterion_group!(benches, bench_surface);
criterion_main!(benches);
