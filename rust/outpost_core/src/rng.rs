//! The layout's own seeded random number generator.
//!
//! Every draw goes through these integer helpers on top of ChaCha8's raw output, so the
//! stream of decisions depends only on the seed: no floats, no global RNG, and no
//! dependence on how a `rand` version maps bits to ranges.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A deterministic RNG seeded from a storey seed.
#[derive(Clone)]
pub struct StoreyRng(ChaCha8Rng);

impl StoreyRng {
    /// The RNG of a layout with this seed.
    pub fn new(seed: i64) -> Self {
        StoreyRng(ChaCha8Rng::seed_from_u64(seed as u64))
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject). `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && u32::try_from(n).is_ok());
        let n = n as u32;
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.0.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as usize;
            }
        }
    }

    /// A uniform integer in `lo..=hi`.
    pub fn range_inclusive(&mut self, lo: i32, hi: i32) -> i32 {
        debug_assert!(lo <= hi);
        lo + self.below((hi - lo + 1) as usize) as i32
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u32) -> bool {
        (self.below(100) as u32) < percent
    }

    /// 64 raw bits (the surface draws 16-bit chances from them, four at a time).
    pub fn bits64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.0.next_u32() & 1 == 1
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

/// Mixes a seed with an index into a new seed (SplitMix64's finaliser): used for retry
/// seeds and for the storeys of a building. Pure integer arithmetic, identical everywhere.
pub const fn derive_seed(seed: i64, index: u64) -> i64 {
    let mut z = (seed as u64) ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) as i64
}

/// The index [`derive_seed`] mixes into an attempt's seed for the ENTRANCE's own stream
/// (Pass 6). Far above every retry index (at most `max_retries`, 1000) and storey index
/// (at most `MAX_STOREYS`, 64), so no other stream shares its seed.
pub const ENTRANCE_STREAM: u64 = 0x454E_5452_414E_4345; // "ENTRANCE"

/// The index [`derive_seed`] mixes into a building's master seed for its surface chunk's
/// stream ([`crate::surface`]): far above every storey index (at most `MAX_STOREYS`, 64),
/// so the surface shares no stream with a storey of its building.
pub const SURFACE_STREAM: u64 = 0x5355_5246_4143_4521; // "SURFACE!"

/// The index [`derive_seed`] mixes into an attempt's seed for the rooms pass's own stream
/// ([`crate::passes::rooms`]): far above every retry and storey index, and other than the
/// ENTRANCE's and the surface's, so the rooms draw from no other pass's stream.
pub const ROOMS_STREAM: u64 = 0x524F_4F4D_5345_5421; // "ROOMSET!"
