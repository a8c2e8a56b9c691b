//! Layouts and random picks shared by the crowd suites (navigation, sight, swarm): a
//! varied sample of generated storeys and a few plain helpers. Nothing here checks
//! anything; the oracles stay in the suites that use them.
#![allow(dead_code)]

use outpost_core::{CellType, Grid, Pos, StoreyLayout, StoreyRequest, StoreyType, generate};
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

/// `count` layouts across every type, depths 1-6 and levels 1-4, seeds from `salt` on.
pub fn layouts(count: usize, salt: i64) -> impl Iterator<Item = StoreyLayout> {
    (0..count).map(move |i| {
        let request = StoreyRequest::new(
            salt + i as i64,
            1 + (i / 3 % 6) as i64,
            1 + (i / 18 % 4) as i64,
            StoreyType::ALL[i % 3],
        );
        generate(&request).expect("generated")
    })
}

/// A number in `0..n` (n > 0) from the test's own stream.
pub fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The first cell of `cell_type` in grid order.
pub fn first_of(grid: &Grid, cell_type: CellType) -> Pos {
    grid.iter()
        .find(|&(_, t)| t == cell_type)
        .expect("the grid has a cell of the type")
        .0
}

/// Every cell of `cell_type`, in grid order.
pub fn cells_of(grid: &Grid, cell_type: CellType) -> Vec<Pos> {
    grid.iter()
        .filter(|&(_, t)| t == cell_type)
        .map(|(p, _)| p)
        .collect()
}
