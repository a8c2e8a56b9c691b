//! The surface's passes: one module each, run in the order of [`SURFACE_PIPELINE`] on one
//! [`SurfaceDraft`] with one RNG stream (`derive_seed(seed, SURFACE_STREAM)`).
//!
//! | pass | module | reads | writes |
//! |------|--------|-------|--------|
//! | S1 | [`footprint`] | chunk size, the ground floor's footprint and door | GROUND chunk, FOOTPRINT, DOOR, the cells kept open |
//! | S2 | [`rock`] | the cells kept open | ROCK outcrops |
//! | S3 | [`rubble`] | ROCK, the cells kept open | RUBBLE beside rock |
//! | S4 | [`connect`] | the door, walkable cells | ROCK over pockets the door cannot reach; the cells it reaches |
//! | S5 | [`salvage`] | the cells the door reaches, the cells kept open | salvage nodes |

pub mod connect;
pub mod footprint;
pub mod rock;
pub mod rubble;
pub mod salvage;

use super::{SalvageNode, SurfaceError, SurfaceLayout, SurfaceSettings, Terrain, TerrainGrid};
use crate::doorway::outside_cells;
use crate::geometry::{Pos, Rect};
use crate::layout::StoreyLayout;
use crate::rng::StoreyRng;

/// Chances drawn 16 bits at a time, four from each 64-bit draw of the surface's RNG: a
/// cell's terrain is a chance per cell, so this takes a quarter of the draws. `percent`
/// is met to within 1/65536 (the threshold is `percent * 65536 / 100`, rounded down).
pub(crate) struct Chances {
    bits: u64,
    left: u32,
}

impl Chances {
    pub(crate) const fn new() -> Self {
        Chances { bits: 0, left: 0 }
    }

    /// True with probability `percent` / 100 (to within 1/65536).
    #[inline]
    pub(crate) fn percent(&mut self, rng: &mut StoreyRng, percent: u32) -> bool {
        if self.left == 0 {
            self.bits = rng.bits64();
            self.left = 4;
        }
        let chunk = (self.bits & 0xFFFF) as u32;
        self.bits >>= 16;
        self.left -= 1;
        chunk < percent * 65_536 / 100
    }
}

/// One pass of the surface: its name and the function that runs it.
#[derive(Clone, Copy, Debug)]
pub struct SurfacePass {
    /// `"S1 footprint"`, ...: its number and module name.
    pub name: &'static str,
    /// Runs the pass on the draft with the surface's RNG.
    pub run: fn(&mut SurfaceDraft, &mut StoreyRng) -> Result<(), SurfaceError>,
}

/// The surface passes in the order they run.
pub const SURFACE_PIPELINE: [SurfacePass; 5] = [
    footprint::PASS,
    rock::PASS,
    rubble::PASS,
    connect::PASS,
    salvage::PASS,
];

/// The surface under construction, handed from pass to pass.
#[derive(Clone, Debug)]
pub struct SurfaceDraft {
    pub(crate) settings: SurfaceSettings,
    pub(crate) seed: i64,
    pub(crate) level: u32,
    /// The ground floor's size.
    pub(crate) ground_size: (i32, i32),
    /// The ground floor's footprint, `x * height + y` over its grid: every cell but its
    /// outside OUT_OF_BOUNDS cells.
    pub(crate) ground_footprint: Vec<bool>,
    /// The ground floor's ENTRANCE and the cell outside it, in its own coordinates.
    pub(crate) ground_entrance: (Pos, Pos),
    /// Empty until S1 sizes it.
    pub(crate) grid: TerrainGrid,
    pub(crate) footprint: Rect,
    pub(crate) entrance: Pos,
    pub(crate) door: Pos,
    /// Cells kept open ground (the walkway and the door's clearing), indexed as the grid.
    pub(crate) keep: Vec<bool>,
    /// The cells the door reaches (S4), a word of bits per column.
    pub(crate) reached: Vec<u128>,
    pub(crate) salvage: Vec<SalvageNode>,
}

impl SurfaceDraft {
    /// A draft around `ground`.
    ///
    /// # Errors
    ///
    /// [`SurfaceError::NotAGroundFloor`] or [`SurfaceError::NoEntrance`].
    pub(crate) fn new(
        settings: &SurfaceSettings,
        seed: i64,
        ground: &StoreyLayout,
    ) -> Result<Self, SurfaceError> {
        if ground.storey_type != crate::StoreyType::GroundFloor {
            return Err(SurfaceError::NotAGroundFloor(ground.storey_type));
        }
        let (Some(entrance), Some(out)) = (ground.entrance_cell, ground.entrance_outside()) else {
            return Err(SurfaceError::NoEntrance(ground.entrance_cell));
        };
        let outside = outside_cells(&ground.cells);
        Ok(SurfaceDraft {
            settings: settings.clone(),
            seed,
            level: ground.outpost_level,
            ground_size: (ground.cells.width(), ground.cells.height()),
            ground_footprint: outside.iter().map(|&o| !o).collect(),
            ground_entrance: (entrance, out),
            grid: TerrainGrid::new(1, 1, Terrain::Ground),
            footprint: Rect::new(0, 0, 0, 0),
            entrance,
            door: out,
            keep: Vec::new(),
            reached: Vec::new(),
            salvage: Vec::new(),
        })
    }

    /// The finished surface.
    pub(crate) fn into_layout(self) -> SurfaceLayout {
        SurfaceLayout {
            seed_value: self.seed,
            outpost_level: self.level,
            width: self.grid.width(),
            height: self.grid.height(),
            cells: self.grid,
            footprint: self.footprint,
            entrance_cell: self.entrance,
            door_cell: self.door,
            salvage_nodes: self.salvage,
        }
    }
}
