//! Where a room landed in a storey: the layout's `placed_rooms`.

use super::map::Transform;
use crate::geometry::{Pos, Rect};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One room placed in a storey, in grid cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedRoom {
    /// The template's name.
    pub name: String,
    /// Left column of the transformed footprint (its wall included).
    pub x: i32,
    /// Top row of the transformed footprint.
    pub y: i32,
    /// Columns of the transformed footprint.
    pub width: i32,
    /// Rows of the transformed footprint.
    pub height: i32,
    /// How the map was turned: `r0`..`r270`, `m0`..`m270`.
    pub transform: Transform,
    /// The doorway cells (EMPTY in the grid), by x then y.
    pub doorways: Vec<Pos>,
    /// Each marker letter (sorted) and its cells, by x then y.
    pub markers: BTreeMap<String, Vec<Pos>>,
}

impl PlacedRoom {
    /// The footprint's rectangle.
    pub const fn rect(&self) -> Rect {
        Rect::new(self.x, self.y, self.width, self.height)
    }

    /// The cells of marker `letter` (empty if the room has none).
    pub fn marker(&self, letter: &str) -> &[Pos] {
        self.markers.get(letter).map_or(&[], Vec::as_slice)
    }
}
