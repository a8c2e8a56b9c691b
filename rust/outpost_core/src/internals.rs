//! **Unstable.** The pipeline's insides, for the benchmarks that time one pass at a
//! time. Nothing here is part of the public API: any of it may change in any release.

use crate::error::GenerateError;
use crate::generator::StoreyRequest;
pub use crate::passes::{Draft, PIPELINE, Pass, PassResult};
pub use crate::rng::StoreyRng;

/// The draft and RNG of `request` before the first pass, as the generator's first
/// attempt starts them.
///
/// # Errors
///
/// The error of a bad request, as [`crate::generate`] gives it.
pub fn start(request: &StoreyRequest) -> Result<(Draft, StoreyRng), GenerateError> {
    Ok((
        Draft::new(request.spec()?, request.seed),
        StoreyRng::new(request.seed),
    ))
}

/// The tower-legality pass of `nav` run again from scratch (what every placement,
/// removal and required-cell change runs); returns the number of legal cells.
pub fn legality(nav: &crate::nav::Navigator) -> usize {
    nav.recompute_legality().len()
}
