//! Crowd benchmarks on the largest storey (28 x 20 UNDERGROUND): a distance field from
//! the beacons, the tower-legality pass for the whole storey, and one swarm tick of
//! 2,000 agents (drones and aliens, spread through the storey by 300 ticks first).

mod common;

use common::{SEEDS, largest, seed};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use outpost_core::nav::Navigator;
use outpost_core::swarm::{AgentKind, Swarm};
use outpost_core::{StoreyLayout, generate};
use std::hint::black_box;

fn layouts() -> Vec<StoreyLayout> {
    (0..SEEDS)
        .map(|i| generate(&largest(seed(i))).expect("fixture generates"))
        .collect()
}

fn bench_field(c: &mut Criterion) {
    let fixtures: Vec<(Navigator, StoreyLayout)> = layouts()
        .into_iter()
        .map(|l| (Navigator::new(&l).unwrap(), l))
        .collect();
    let mut next = 0;
    let mut group = c.benchmark_group("crowd");
    group.bench_function("distance_field_28x20", |b| {
        b.iter(|| {
            let (nav, layout) = &fixtures[next % SEEDS];
            next += 1;
            nav.distance_field(black_box(&layout.beacon_cells))
        });
    });
    group.finish();
}

fn bench_legality(c: &mut Criterion) {
    // Each navigator with a few towers up, so the pass sees a realistic storey.
    let navs: Vec<Navigator> = layouts()
        .iter()
        .map(|l| {
            let mut nav = Navigator::new(l).unwrap();
            for k in 0..6 {
                let legal = nav.legal_cells();
                nav.place_tower(legal[(k * 37) % legal.len()]).unwrap();
            }
            nav
        })
        .collect();
    let mut next = 0;
    let mut group = c.benchmark_group("crowd");
    group.bench_function("legality_mask_28x20", |b| {
        b.iter(|| {
            let nav = &navs[next % SEEDS];
            next += 1;
            outpost_core::internals::legality(black_box(nav))
        });
    });
    group.finish();
}

fn bench_tick(c: &mut Criterion) {
    let layout = generate(&largest(seed(0))).unwrap();
    let mut nav = Navigator::new(&layout).unwrap();
    for k in 0..6 {
        let legal = nav.legal_cells();
        nav.place_tower(legal[(k * 37) % legal.len()]).unwrap();
    }
    let mut swarm = Swarm::new(&nav, 1, 60).unwrap();
    for i in 0..2000 {
        let kind = if i % 4 == 3 {
            AgentKind::ALIEN
        } else {
            AgentKind::DRONE
        };
        let entry = layout.entry_cells[i % layout.entry_cells.len()];
        swarm.spawn(&nav, kind, entry).unwrap();
    }
    swarm.set_heat(Some(layout.staircase_cell));
    let mut events = Vec::new();
    for _ in 0..300 {
        swarm.tick(&nav, &mut events);
    }
    let mut group = c.benchmark_group("crowd");
    group.bench_function("tick_2000_agents_28x20", |b| {
        b.iter_batched_ref(
            || (swarm.clone(), Vec::with_capacity(64)),
            |(s, events)| s.tick(&nav, events),
            BatchSize::SmallInput,
        );
    });
    group.finish();
}

criterion_group!(benches, bench_field, bench_legality, bench_tick);
criterion_main!(benches);
