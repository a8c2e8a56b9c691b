//! Pass S1 — the chunk and the building's footprint.
//!
//! Reads: the chunk size, `footprint_margin`, `walkway`, `door_clearing`, the ground
//! floor's footprint (every cell but its outside OUT_OF_BOUNDS cells), ENTRANCE and the
//! cell outside it. Writes: a chunk of GROUND; the footprint at an offset drawn uniformly
//! within `footprint_margin` of every edge (FOOTPRINT cells, `footprint`), the ENTRANCE
//! there (`entrance`), the DOOR in front of it (`door`), and the cells kept open ground
//! by later passes (`keep`): every non-FOOTPRINT cell within `walkway` of the footprint's
//! rectangle (Chebyshev, so the walkway goes round its corners) and within
//! `door_clearing` of the door (Manhattan).

use super::{SurfaceDraft, SurfacePass};
use crate::geometry::{Pos, Rect};
use crate::rng::StoreyRng;
use crate::surface::{SurfaceError, Terrain, TerrainGrid};

/// Pass S1.
pub const PASS: SurfacePass = SurfacePass {
    name: "S1 footprint",
    run,
};

fn run(d: &mut SurfaceDraft, rng: &mut StoreyRng) -> Result<(), SurfaceError> {
    let s = &d.settings;
    let (width, height) = (s.chunk_width as i32, s.chunk_height as i32);
    let margin = s.footprint_margin as i32;
    let (gw, gh) = d.ground_size;
    if gw + 2 * margin > width || gh + 2 * margin > height {
        return Err(SurfaceError::ChunkTooSmall {
            width,
            height,
            footprint_width: gw,
            footprint_height: gh,
            margin,
        });
    }
    let ox = rng.range_inclusive(margin, width - gw - margin);
    let oy = rng.range_inclusive(margin, height - gh - margin);
    let shift = |p: Pos| Pos::new(p.x + ox, p.y + oy);
    let mut grid = TerrainGrid::new(width, height, Terrain::Ground);
    for x in 0..gw {
        for y in 0..gh {
            if d.ground_footprint[(x * gh + y) as usize] {
                grid.set(Pos::new(ox + x, oy + y), Terrain::Footprint);
            }
        }
    }
    let (entrance, out) = d.ground_entrance;
    d.entrance = shift(entrance);
    d.door = shift(out);
    grid.set(d.door, Terrain::Door);
    d.footprint = Rect::new(ox, oy, gw, gh);

    let walkway = s.walkway as i32;
    let clearing = s.door_clearing as i32;
    let around = Rect::new(
        ox - walkway,
        oy - walkway,
        gw + 2 * walkway,
        gh + 2 * walkway,
    );
    let mut keep = vec![false; grid.len()];
    let mut mark = |p: Pos| {
        if let Some(i) = grid.index(p) {
            keep[i] = grid.cells()[i] == Terrain::Ground;
        }
    };
    for x in around.x..around.right() {
        for y in around.y..around.bottom() {
            mark(Pos::new(x, y));
        }
    }
    for dx in -clearing..=clearing {
        let reach = clearing - dx.abs();
        for dy in -reach..=reach {
            mark(Pos::new(d.door.x + dx, d.door.y + dy));
        }
    }
    d.keep = keep;
    d.grid = grid;
    Ok(())
}
