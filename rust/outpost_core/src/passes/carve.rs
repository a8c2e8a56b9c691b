//! Carving and sealing: how the passes after Pass 2a turn cells into floor and wall the
//! result in. Pass 2c carves its corridors and seals the outline; Pass 3 carves the
//! passage to a forced staircase and seals again.
//!
//! Carving only ever turns carvable cells into EMPTY: cells off the grid's outer ring
//! that Pass 2b did not protect. Each function takes the set of cells it may carve and
//! checks it in debug builds.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;

/// The cells carving may turn into floor: off the outer ring of `grid` and not in
/// `protected`.
pub fn carvable(grid: &Grid, protected: &Bits) -> Bits {
    let (w, h) = (grid.width(), grid.height());
    Bits::full(w, h)
        .minus(&Bits::edge_ring(w, h))
        .minus(protected)
}

/// Turns every non-walkable cell of `cells` into EMPTY; walkable cells (special ones
/// included) are kept. Every cell it changes must be in `allowed`.
pub fn carve(grid: &mut Grid, cells: impl IntoIterator<Item = Pos>, allowed: &Bits) {
    for p in cells {
        if !grid.is_walkable(p) {
            debug_assert!(allowed.contains(p), "carving protected or edge cell {p}");
            grid.set(p, CellType::Empty);
        }
    }
}

/// [`carve`] for every cell of `rect` (which must lie on the grid), a column slice at a
/// time: fewer instructions per storey than cell by cell (callgrind; docs/performance.md).
pub fn carve_rect(grid: &mut Grid, rect: Rect, allowed: &Bits) {
    if rect.width <= 0 || rect.height <= 0 {
        return;
    }
    debug_assert!(
        grid.in_bounds(Pos::new(rect.x, rect.y))
            && grid.in_bounds(Pos::new(rect.right() - 1, rect.bottom() - 1)),
        "carving {rect:?} off the grid"
    );
    let h = grid.height() as usize;
    let (y0, y1) = (rect.y as usize, rect.bottom() as usize);
    for x in rect.x..rect.right() {
        let start = x as usize * h;
        for (y, cell) in (y0..).zip(&mut grid.cells_mut()[start + y0..start + y1]) {
            if !cell.is_walkable() {
                debug_assert!(
                    allowed.contains(Pos::new(x, y as i32)),
                    "carving protected or edge cell ({x}, {y})"
                );
                *cell = CellType::Empty;
            }
        }
    }
}

/// Walls in the walkable area: every OUT_OF_BOUNDS cell that touches (8-neighbour) a
/// walkable cell other than an ENTRY becomes WALL, except the `mouths` outside entries.
/// Afterwards no walkable cell but an ENTRY touches OUT_OF_BOUNDS.
pub fn seal(grid: &mut Grid, mouths: &Bits) {
    let (floor, outside) = Bits::of2(
        grid,
        |t| t.is_walkable() && t != CellType::Entry,
        |t| t == CellType::OutOfBounds,
    );
    let walls = (outside & floor.spread8()).minus(mouths);
    for p in walls.iter() {
        grid.set(p, CellType::Wall);
    }
}
