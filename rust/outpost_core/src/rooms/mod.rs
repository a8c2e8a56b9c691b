//! Authored rooms: room templates a designer draws as text (`.room` files), checked as a
//! set, and placed into storeys by the rooms pass (Pass 2r, `passes/rooms.rs`) between the
//! BSP pass and Pass 2b, under every rule of the reference.
//!
//! A `.room` file holds `key: value` header lines, then `map:` and the rows:
//!
//! ```
//! use outpost_core::rooms::RoomSet;
//! use outpost_core::{GenerationSettings, StoreyRequest, StoreyType, generate_with_rooms};
//!
//! let vault = [
//!     "name: vault",
//!     "storeys: UNDERGROUND",
//!     "depth: 2-",
//!     "count: 1",
//!     "map:",
//!     "###+###",
//!     "#.....#",
//!     "#..B..#",
//!     "#######",
//! ]
//! .join("\n");
//! let set = RoomSet::from_texts(&[("vault.room", vault.as_str())])
//!     .map_err(|d| d[0].to_string())?;
//! let request = StoreyRequest::new(7, 3, 2, StoreyType::Underground);
//! let layout = generate_with_rooms(&GenerationSettings::default(), &set, &request)?;
//! assert_eq!(layout.placed_rooms[0].name, "vault");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The format, the placement rules and the checks are documented for designers in
//! docs/designer.md.

mod check;
mod diagnostic;
mod map;
mod outcome;
mod parse;
mod placed;
mod set;
mod survey;
mod template;

pub use check::building_depths;
pub use diagnostic::{Diagnostic, Severity};
pub use map::{Glyph, RoomMap, Transform, generator_glyph_owner};
pub use outcome::{RoomFailure, RoomTry};
pub use parse::{KEYS, parse};
pub use placed::PlacedRoom;
pub use set::{CheckedRooms, RoomSet, RoomSource, check_sources};
pub use survey::{Example, RoomStats, RoomSurvey};
pub use template::{Band, RoomTemplate};

pub(crate) use map::Variant;
