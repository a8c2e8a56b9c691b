//! Engine-free core of the outpost storey generator.
//!
//! Data flows one way: a [`StoreyRequest`] goes through the generation passes to a
//! [`StoreyLayout`], which the [`validator`] checks. Everything is deterministic: the
//! same request gives the same layout, byte for byte, on every run and machine. No
//! engine types live here.
//!
//! The public API: [`generate`] and [`StoreyRequest`] for one storey,
//! [`generate_building`] for a building, their `_with` forms ([`generate_with`],
//! [`generate_building_with`], [`generate_reported`]) taking [`GenerationSettings`], the
//! tunables a designer changes, the [`survey`] of the generator's expressive range, the
//! [`StoreyLayout`] data contract with its
//! [`Grid`], [`CellType`] and [`StoreyType`], the read-only [`validator`] (with
//! [`validator::find_path`] and [`validator::count_open_zones`]), [`ascii`] rendering,
//! [`cover_rects`], the dual-grid [`wall_kit`] (which wall piece stands on each grid
//! vertex), the [`surface`] chunk around a building (terrain, the footprint with its
//! door, salvage), the defaults in [`params`], and the errors. The passes, bitboards and
//! search buffers are private; the benchmarks reach them through the unstable
//! `internals` module of the `internals` feature.
//!
//! ```
//! use outpost_core::{StoreyRequest, StoreyType, generate, validate};
//!
//! let request = StoreyRequest::new(42, 3, 2, StoreyType::Underground);
//! let layout = generate(&request)?;
//! assert_eq!(layout.entry_cells.len(), 2);
//! assert_eq!(validate(&layout), Ok(()));
//! # Ok::<(), outpost_core::GenerateError>(())
//! ```

#![forbid(unsafe_code)]

pub mod ascii;
mod bits;
mod building;
mod cell;
mod cover;
pub mod doorway;
mod edit;
mod error;
mod generator;
mod geometry;
mod grid;
#[cfg(feature = "internals")]
pub mod internals;
mod layout;
pub mod nav;
pub mod params;
mod passes;
mod pathfinding;
mod rng;
pub mod rooms;
pub mod settings;
pub mod surface;
pub mod survey;
pub mod swarm;
pub mod validator;
pub mod wall_kit;

pub use building::{
    Building, check_building_request, check_building_request_with, generate_building,
    generate_building_with, generate_building_with_rooms, storey_seed,
};
pub use cell::{CellType, PATH_OVERLAY, StoreyType, path_overlay_applies};
pub use cover::cover_rects;
pub use error::{AttemptError, GenerateError};
pub use generator::{
    Generated, GenerationReport, StoreyRequest, generate, generate_reported,
    generate_reported_with_rooms, generate_with, generate_with_rooms,
};
pub use geometry::{Pos, Rect};
pub use grid::{Cells, Columns, Grid, GridValue};
pub use layout::StoreyLayout;
pub use passes::{Partition, PassError, PassFailure, PassId};
pub use settings::{GenerationSettings, SettingInfo, SettingsError};
pub use validator::{
    Rule, Violation, validate, validate_all, validate_all_with_rooms, validate_with,
    validate_with_rooms,
};
