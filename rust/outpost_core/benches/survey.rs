//! The survey of 10,000 layouts (the sweep's, from seed 0, default settings): generating
//! and measuring them, then the distributions per storey type. One thread.

use criterion::{Criterion, criterion_group, criterion_main};
use outpost_core::GenerationSettings;
use outpost_core::survey::{GroupBy, survey};
use std::hint::black_box;
use std::time::Duration;

/// Layouts per survey.
const COUNT: u64 = 10_000;

fn bench_survey(c: &mut Criterion) {
    let settings = GenerationSettings::default();
    let mut group = c.benchmark_group("survey");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("10000_layouts", |b| {
        b.iter(|| {
            let s = survey(&settings, black_box(COUNT), 0).expect("default settings");
            s.groups(GroupBy::Type)
        });
    });
    group.finish();
}

criterion_group!(benches, bench_survey);
criterion_main!(benches);
