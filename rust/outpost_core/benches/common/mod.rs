//! Shared fixtures for the benchmarks: fixed seed sets and pre-built pass states.

#![allow(dead_code)]

use outpost_core::internals::{self, Draft, PIPELINE, Pass, StoreyRng};
use outpost_core::{StoreyLayout, StoreyRequest, StoreyType, generate};

/// Number of seeds each benchmark cycles through, so one unlucky seed cannot dominate.
pub const SEEDS: usize = 64;

/// The smallest storey: GROUND_FLOOR, depth 1, level 1 (16 x 10).
pub fn smallest(seed: i64) -> StoreyRequest {
    StoreyRequest::new(seed, 1, 1, StoreyType::GroundFloor)
}

/// The largest storey: UNDERGROUND, depth 6, level 4 (28 x 20).
pub fn largest(seed: i64) -> StoreyRequest {
    StoreyRequest::new(seed, 6, 4, StoreyType::Underground)
}

/// A fixed, spread-out seed for index `i`.
pub fn seed(i: usize) -> i64 {
    (i as i64).wrapping_mul(0x9E37_79B9) ^ 0x5EED
}

/// The benchmark name of a pass, e.g. `2c_corridors`.
pub fn pass_name(pass: &Pass) -> String {
    format!("{}_{}", pass.id.number(), pass.id.name())
}

/// Runs one pass, panicking if it fails (fixtures only hold seeds that succeed).
pub fn run_pass(pass: &Pass, draft: &mut Draft, rng: &mut StoreyRng) {
    (pass.run)(draft, rng).expect("fixture seed failed a pass");
}

/// One seed whose first attempt succeeds, with its request.
pub struct Fixture {
    pub request: StoreyRequest,
    pub layout: StoreyLayout,
}

/// The first `SEEDS` seeds whose 28 x 20 layout needs one attempt.
pub fn largest_fixtures() -> Vec<Fixture> {
    (0..)
        .map(|i| largest(seed(i)))
        .filter_map(|request| {
            let layout = generate(&request).ok()?;
            (layout.generation_attempts == 1).then_some(Fixture { request, layout })
        })
        .take(SEEDS)
        .collect()
}

/// The draft and RNG of `request` right before pass `k` of the pipeline runs.
pub fn state_before(request: &StoreyRequest, k: usize) -> (Draft, StoreyRng) {
    let (mut draft, mut rng) = internals::start(request).expect("valid request");
    for pass in &PIPELINE[..k] {
        run_pass(pass, &mut draft, &mut rng);
    }
    (draft, rng)
}
