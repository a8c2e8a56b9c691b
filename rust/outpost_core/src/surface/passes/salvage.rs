//! Pass S5 — salvage nodes.
//!
//! Reads: `reached` (S4), the cells kept open, the salvage settings, the level. Writes:
//! `salvage`. The candidates are the GROUND and RUBBLE cells the door reaches, not kept
//! open (so off the walkway and the door's clearing) and at least
//! `min_salvage_door_dist` from the door (Manhattan), in storage order. Nodes are drawn
//! from them without replacement (one draw per try) until the level's count
//! (`salvage_base + salvage_per_level * (level - 1)`) is placed; a draw closer than
//! `min_salvage_separation` to a node already placed is dropped. Each placed node draws
//! its kind by weight (6 scrap, 3 alloy, 1 circuits) and a base amount in
//! `salvage_amount_min..=salvage_amount_max`, times its kind's multiplier.

use super::{SurfaceDraft, SurfacePass};
use crate::geometry::Pos;
use crate::rng::StoreyRng;
use crate::surface::{SalvageKind, SalvageNode, SurfaceError, Terrain};

/// Pass S5.
pub const PASS: SurfacePass = SurfacePass {
    name: "S5 salvage",
    run,
};

fn run(d: &mut SurfaceDraft, rng: &mut StoreyRng) -> Result<(), SurfaceError> {
    let settings = &d.settings;
    let wanted = settings.salvage_count(d.level).max(0) as usize;
    let door_dist = settings.min_salvage_door_dist as u32;
    let separation = settings.min_salvage_separation as u32;
    let h = d.grid.height() as usize;
    let cells = d.grid.cells();
    let mut candidates = Vec::with_capacity(cells.len());
    for (x, &reached) in d.reached.iter().enumerate() {
        let mut left = reached;
        while left != 0 {
            let row = left.trailing_zeros() as usize;
            left &= left - 1;
            let i = x * h + row;
            let p = Pos::new(x as i32, row as i32);
            if !d.keep[i]
                && matches!(cells[i], Terrain::Ground | Terrain::Rubble)
                && p.manhattan(d.door) >= door_dist
            {
                candidates.push(p);
            }
        }
    }
    let total = candidates.len();
    let weights: u32 = SalvageKind::ALL.iter().map(|k| k.weight()).sum();
    let (lo, hi) = (
        settings.salvage_amount_min as i32,
        settings.salvage_amount_max as i32,
    );
    let mut nodes: Vec<SalvageNode> = Vec::with_capacity(wanted);
    while nodes.len() < wanted && !candidates.is_empty() {
        let cell = candidates.swap_remove(rng.below(candidates.len()));
        if nodes.iter().any(|n| n.cell.manhattan(cell) < separation) {
            continue;
        }
        let mut pick = rng.below(weights as usize) as u32;
        let mut kind = SalvageKind::Scrap;
        for k in SalvageKind::ALL {
            if pick < k.weight() {
                kind = k;
                break;
            }
            pick -= k.weight();
        }
        let amount = rng.range_inclusive(lo, hi) as u32 * kind.multiplier();
        nodes.push(SalvageNode { kind, cell, amount });
    }
    if nodes.len() < wanted {
        return Err(SurfaceError::Salvage {
            placed: nodes.len(),
            wanted,
            candidates: total,
        });
    }
    d.salvage = nodes;
    Ok(())
}
