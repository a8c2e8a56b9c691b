//! Shared fixtures for the benchmarks: fixed seed sets and pre-built pass states.

#![allow(dead_code)]

use outpost_core::passes::{self, Draft};
use outpost_core::rng::StoreyRng;
use outpost_core::{StoreyLayout, StoreyRequest, StoreyType, generator, validate};

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

/// The passes in pipeline order; a state "before pass k" has run passes `0..k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pass {
    Bsp,
    Placement,
    Corridors,
    ShaftStair,
    PathValidation,
    Annotation,
}

pub const ALL_PASSES: [Pass; 6] = [
    Pass::Bsp,
    Pass::Placement,
    Pass::Corridors,
    Pass::ShaftStair,
    Pass::PathValidation,
    Pass::Annotation,
];

/// Runs one pass, panicking if it fails (fixtures only hold seeds that succeed).
pub fn run_pass(pass: Pass, draft: &mut Draft, rng: &mut StoreyRng) {
    let result = match pass {
        Pass::Bsp => {
            passes::bsp::run(draft, rng);
            Ok(())
        }
        Pass::Placement => passes::placement::run(draft, rng),
        Pass::Corridors => passes::corridors::run(draft, rng),
        Pass::ShaftStair => passes::shaft_stair::run(draft, rng),
        Pass::PathValidation => passes::path_validation::run(draft),
        Pass::Annotation => {
            passes::annotation::run(draft);
            Ok(())
        }
    };
    result.expect("fixture seed failed a pass");
}

/// One seed whose first attempt succeeds, with its request.
pub struct Fixture {
    pub request: StoreyRequest,
    pub layout: StoreyLayout,
}

/// The first `SEEDS` seeds whose first 28 x 20 attempt passes every pass and validation.
pub fn largest_fixtures() -> Vec<Fixture> {
    (0..)
        .map(|i| largest(seed(i)))
        .filter_map(|request| {
            let spec = request.spec().ok()?;
            let layout = generator::generate_attempt(&spec, request.seed).ok()?;
            validate(&layout).ok()?;
            Some(Fixture { request, layout })
        })
        .take(SEEDS)
        .collect()
}

/// The draft and RNG of `request` right before `pass` runs.
pub fn state_before(request: &StoreyRequest, pass: Pass) -> (Draft, StoreyRng) {
    let spec = request.spec().expect("valid request");
    let mut rng = StoreyRng::new(request.seed);
    let mut draft = Draft::new(spec);
    for p in ALL_PASSES.into_iter().take_while(|&p| p < pass) {
        run_pass(p, &mut draft, &mut rng);
    }
    (draft, rng)
}
