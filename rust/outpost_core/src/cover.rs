//! Covering a set of grid cells with few disjoint rectangles.
//!
//! Renderers give each rectangle one collision box instead of one box per cell: a
//! 28 x 20 storey's walls merge into about a fifth as many boxes as they have cells.
//! The cover is exact (every chosen cell in exactly one rectangle, no other cell in any)
//! and deterministic (a pure function of the grid).

use crate::cell::CellType;
use crate::geometry::Rect;
use crate::grid::Grid;

/// Disjoint rectangles whose union is exactly the cells whose type satisfies `include`.
///
/// Two greedy sweeps are made, one growing runs down each column first, the other
/// along each row first; the cover with fewer rectangles is returned (the column sweep
/// on a tie). Rectangles are listed in the order their top-left cells were reached.
pub fn cover_rects(grid: &Grid, include: impl Fn(CellType) -> bool) -> Vec<Rect> {
    let (w, h) = (grid.width(), grid.height());
    let wanted: Vec<bool> = grid.cells().iter().map(|&t| include(t)).collect();
    let by_columns = sweep(&wanted, w, h, |i| i);
    // The row sweep runs on the transposed grid and transposes its rectangles back.
    let transposed: Vec<bool> = (0..w * h)
        .map(|i| wanted[((i % w) * h + i / w) as usize])
        .collect();
    let by_rows = sweep(&transposed, h, w, |r: Rect| {
        Rect::new(r.y, r.x, r.height, r.width)
    });
    if by_rows.len() < by_columns.len() {
        by_rows
    } else {
        by_columns
    }
}

/// Greedy cover of `wanted` (column-major, `w` columns of `h` cells): from each
/// uncovered wanted cell, grow a run down its column, then widen it rightwards while the
/// next column holds the same run uncovered. `map` turns each rectangle into the caller's
/// frame.
fn sweep(wanted: &[bool], w: i32, h: i32, map: impl Fn(Rect) -> Rect) -> Vec<Rect> {
    let at = |x: i32, y: i32| (x * h + y) as usize;
    let mut free: Vec<bool> = wanted.to_vec();
    let mut rects = Vec::new();
    for x in 0..w {
        for y in 0..h {
            if !free[at(x, y)] {
                continue;
            }
            let height = (y..h).take_while(|&y1| free[at(x, y1)]).count() as i32;
            let width = (x..w)
                .take_while(|&x1| (y..y + height).all(|y1| free[at(x1, y1)]))
                .count() as i32;
            let rect = Rect::new(x, y, width, height);
            for p in rect.cells() {
                free[at(p.x, p.y)] = false;
            }
            rects.push(map(rect));
        }
    }
    rects
}
