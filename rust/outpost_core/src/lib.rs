//! Engine-free core of the outpost storey generator.
//!
//! Data flows one way: [`StoreyRequest`] -> the passes in [`passes`] -> [`StoreyLayout`]
//! -> [`validator`]. Everything is deterministic: the same request gives the same layout,
//! byte for byte, on every run and machine. No engine types live here.

pub mod ascii;
pub mod bits;
pub mod building;
pub mod cell;
pub mod cover;
pub mod error;
pub mod generator;
pub mod geometry;
pub mod grid;
pub mod internals;
pub mod layout;
pub mod params;
pub mod passes;
pub mod pathfinding;
pub mod rng;
pub mod validator;

pub use building::{Building, generate_building};
pub use cell::{CellType, PATH_OVERLAY, StoreyType};
pub use cover::cover_rects;
pub use error::{AttemptError, GenerateError};
pub use generator::{StoreyRequest, generate};
pub use geometry::{Pos, Rect};
pub use grid::Grid;
pub use layout::StoreyLayout;
pub use passes::{PassError, PassFailure, PassId};
pub use validator::{Rule, Violation, validate};
