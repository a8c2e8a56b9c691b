//! Per-pass benchmarks at 28 x 20 (UNDERGROUND, depth 6, level 4), one for each pass of
//! the pipeline's table. Each pass starts from the draft and RNG state the preceding
//! passes left, prepared once per seed and cloned outside the timed region; only the
//! pass itself is timed. Also times the validator and a lone A* search.

mod common;

use common::{Fixture, SEEDS, largest_fixtures, pass_name, run_pass, state_before};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use outpost_core::internals::PIPELINE;
use outpost_core::validator;
use std::hint::black_box;

fn bench_passes(c: &mut Criterion) {
    let fixtures: Vec<Fixture> = largest_fixtures();
    let mut group = c.benchmark_group("pass");
    for (k, pass) in PIPELINE.iter().enumerate() {
        let states: Vec<_> = fixtures
            .iter()
            .map(|f| state_before(&f.request, k))
            .collect();
        let mut next = 0;
        group.bench_function(pass_name(pass), |b| {
            b.iter_batched(
                || {
                    let state = states[next % SEEDS].clone();
                    next += 1;
                    state
                },
                |(mut draft, mut rng)| {
                    run_pass(pass, &mut draft, &mut rng);
                    draft
                },
                BatchSize::SmallInput,
            );
        });
    }

    let mut next = 0;
    group.bench_function("validate", |b| {
        b.iter(|| {
            let layout = &fixtures[next % SEEDS].layout;
            next += 1;
            outpost_core::validate(black_box(layout)).expect("fixture layout is valid");
        });
    });

    let mut next = 0;
    group.bench_function("find_path", |b| {
        b.iter(|| {
            let layout = &fixtures[next % SEEDS].layout;
            next += 1;
            validator::find_path(
                black_box(&layout.cells),
                layout.entry_cells[0],
                layout.primary_beacon,
            )
        });
    });
    group.finish();
}

criterion_group!(benches, bench_passes);
criterion_main!(benches);
