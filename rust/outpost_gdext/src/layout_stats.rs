//! `StoreyLayout.get_stats()`: a storey's figures as the tools show them (the Seed
//! Inspector, the Outpost dock), measured once, by the core: its counts, and the survey's
//! measures of one layout (`outpost_core::survey::Metrics`), so that GDScript computes
//! none of them again.

use godot::prelude::*;
use outpost_core::survey::Metrics;
use outpost_core::{CellType, GenerationReport};

use crate::guard::guarded;
use crate::layout::StoreyLayout;

#[godot_api(secondary)]
impl StoreyLayout {
    /// The storey's figures, measured by the core: `width`, `height`, `rooms`,
    /// `oob_cells` and `oob_share` (OUT_OF_BOUNDS cells / all cells), `entries`, `beacons`,
    /// `path_lengths` (cells of each enemy path, in `entry_cells` order, a
    /// `PackedInt32Array`), `open_zones`, `attempts` (generation attempts), and the
    /// survey's measures of one layout (docs/survey.md): `open_fraction`, `room_area_max`,
    /// `dead_ends`, `loops`, `choke_cells`, `path_detour`. Empty (after `push_error` naming
    /// the bad value) for a malformed layout.
    #[func]
    pub fn get_stats(&self) -> VarDictionary {
        guarded(
            "StoreyLayout.get_stats",
            VarDictionary::new,
            || match self.to_core() {
                Ok(layout) => stats_of(&layout),
                Err(e) => {
                    godot_error!("StoreyLayout.get_stats: {e}");
                    VarDictionary::new()
                }
            },
        )
    }
}

/// The dictionary of `get_stats` for `layout`.
fn stats_of(layout: &outpost_core::StoreyLayout) -> VarDictionary {
    let report = GenerationReport {
        attempts: layout.generation_attempts,
        ..GenerationReport::default()
    };
    let metrics = Metrics::of(layout, &report);
    let cells = layout.cells.cells();
    let oob = cells
        .iter()
        .filter(|&&t| t == CellType::OutOfBounds)
        .count();
    let paths: Vec<i32> = layout
        .enemy_paths
        .iter()
        .map(|p| i32::try_from(p.len()).unwrap_or(i32::MAX))
        .collect();
    let mut d = VarDictionary::new();
    d.set("width", layout.width);
    d.set("height", layout.height);
    d.set("rooms", layout.rooms.len() as i64);
    d.set("oob_cells", oob as i64);
    d.set("oob_share", metrics.oob_fraction);
    d.set("entries", layout.entry_cells.len() as i64);
    d.set("beacons", layout.beacon_cells.len() as i64);
    d.set("path_lengths", &PackedInt32Array::from(paths.as_slice()));
    d.set("open_zones", i64::from(layout.open_zone_count));
    d.set("attempts", i64::from(layout.generation_attempts));
    d.set("open_fraction", metrics.open_fraction);
    d.set("room_area_max", i64::from(metrics.room_area_max));
    d.set("dead_ends", i64::from(metrics.dead_ends));
    d.set("loops", i64::from(metrics.loops));
    d.set("choke_cells", i64::from(metrics.choke_cells));
    d.set("path_detour", metrics.path_detour);
    d
}
