//! ASCII rendering and parsing of grids, one text row per grid row `y`.
//!
//! `~` OUT_OF_BOUNDS, `#` WALL, `.` EMPTY, `E` ENTRY, `B` BEACON, `O` SHAFT,
//! `S` STAIRCASE, `D` ENTRANCE (the door), and `*` for the PATH overlay (rendering only).

use crate::cell::{CellType, path_overlay_applies};
use crate::geometry::Pos;
use crate::grid::Grid;

/// The character drawn for the PATH overlay.
pub const PATH_CHAR: char = '*';

/// Renders `grid` as text, one line per row, each line ending in `\n`.
pub fn render(grid: &Grid) -> String {
    render_with_path(grid, &[])
}

/// Renders `grid` with `path` drawn as `*` under the renderer's overlay rule.
pub fn render_with_path(grid: &Grid, path: &[Pos]) -> String {
    let mut on_path = vec![false; grid.len()];
    for &p in path {
        if let Some(i) = grid.index(p) {
            on_path[i] = true;
        }
    }
    let mut out = String::with_capacity(((grid.width() + 1) * grid.height()) as usize);
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let p = Pos::new(x, y);
            let t = grid.get(p);
            let overlay = grid.index(p).is_some_and(|i| on_path[i]) && path_overlay_applies(t);
            out.push(if overlay { PATH_CHAR } else { t.ascii() });
        }
        out.push('\n');
    }
    out
}

/// Parses text made by [`render`]. Blank lines around the grid are ignored; every row must
/// have the same length.
///
/// # Errors
///
/// A message naming the offending character or row, or saying there is no row.
pub fn parse(text: &str) -> Result<Grid, String> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .skip_while(|l| l.is_empty())
        .collect();
    let rows: Vec<&str> = match rows.iter().rposition(|l| !l.is_empty()) {
        Some(last) => rows[..=last].to_vec(),
        None => return Err("no grid rows".to_string()),
    };
    let width = rows[0].chars().count();
    let mut grid = Grid::new(width as i32, rows.len() as i32, CellType::OutOfBounds);
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(format!(
                "row {y} has {} cells but row 0 has {width}",
                row.chars().count()
            ));
        }
        for (x, c) in row.chars().enumerate() {
            let t = CellType::from_ascii(c)
                .ok_or_else(|| format!("unknown cell character {c:?} at ({x}, {y})"))?;
            grid.set(Pos::new(x as i32, y as i32), t);
        }
    }
    Ok(grid)
}
