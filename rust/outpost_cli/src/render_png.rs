//! PNG rendering of a storey: one solid square per cell, with the reference colour table
//! (and a door green for the ENTRANCE, which the reference's table does not have).

use outpost_core::{CellType, Pos, StoreyLayout, path_overlay_applies};
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

/// An opaque 8-bit RGB colour.
pub type Rgb = [u8; 3];

/// The reference colour table, in one place.
pub mod colours {
    use super::Rgb;

    pub const EMPTY: Rgb = [0x87, 0xCE, 0xEB];
    pub const WALL: Rgb = [0x59, 0x52, 0x4A];
    pub const ENTRY: Rgb = [0xE8, 0x87, 0x19];
    pub const BEACON: Rgb = [0xFF, 0x4D, 0xCC];
    pub const SHAFT: Rgb = [0x33, 0x57, 0x99];
    pub const STAIRCASE: Rgb = [0x8C, 0x66, 0x19];
    /// The player's door: not in the reference's table (it has no ENTRANCE); a door
    /// green, apart from every other colour.
    pub const ENTRANCE: Rgb = [0x33, 0xB3, 0x5A];
    /// Overlay for cells on an enemy path (see `path_overlay_applies`).
    pub const PATH: Rgb = [0xB3, 0xA6, 0x1A];
    /// OUT_OF_BOUNDS cells: an opaque dark background.
    pub const OUT_OF_BOUNDS: Rgb = [0x1E, 0x1E, 0x1E];
}

/// Default edge length of one cell in pixels.
pub const DEFAULT_CELL_PX: u32 = 16;

/// The colour of a stored cell type.
pub const fn cell_colour(t: CellType) -> Rgb {
    match t {
        CellType::OutOfBounds => colours::OUT_OF_BOUNDS,
        CellType::Wall => colours::WALL,
        CellType::Empty => colours::EMPTY,
        CellType::Entry => colours::ENTRY,
        CellType::Beacon => colours::BEACON,
        CellType::Shaft => colours::SHAFT,
        CellType::Staircase => colours::STAIRCASE,
        CellType::Entrance => colours::ENTRANCE,
    }
}

/// The colour drawn at cell (x, y), with the PATH overlay applied.
fn drawn_colour(layout: &StoreyLayout, on_path: &[bool], x: i32, y: i32) -> Rgb {
    let t = layout.get_cell(x, y);
    let idx = (x * layout.height + y) as usize;
    if on_path[idx] && path_overlay_applies(t) {
        colours::PATH
    } else {
        cell_colour(t)
    }
}

/// RGB pixel rows (top to bottom) of the layout, `cell_px` pixels per cell edge.
pub fn render_rgb(layout: &StoreyLayout, cell_px: u32) -> (u32, u32, Vec<u8>) {
    let (w, h) = (layout.width, layout.height);
    let mut on_path = vec![false; (w * h) as usize];
    for &Pos { x, y } in layout.enemy_paths.iter().flatten() {
        if layout.in_bounds(x, y) {
            on_path[(x * h + y) as usize] = true;
        }
    }
    let px = cell_px as usize;
    let (img_w, img_h) = (w as usize * px, h as usize * px);
    let mut data = Vec::with_capacity(img_w * img_h * 3);
    for y in 0..h {
        let mut row = Vec::with_capacity(img_w * 3);
        for x in 0..w {
            let c = drawn_colour(layout, &on_path, x, y);
            for _ in 0..px {
                row.extend_from_slice(&c);
            }
        }
        for _ in 0..px {
            data.extend_from_slice(&row);
        }
    }
    (img_w as u32, img_h as u32, data)
}

/// Writes the layout as an 8-bit RGB PNG to `path`.
pub fn write_png(layout: &StoreyLayout, cell_px: u32, path: &Path) -> Result<(), String> {
    let (w, h, data) = render_rgb(layout, cell_px);
    write_rgb(path, w, h, &data)
}

/// The CLI's one PNG writer: `data`, `w` x `h` 8-bit RGB pixels in rows from the top, as
/// a PNG at `path` (the storey, the surface and the survey's heat maps all go through it).
/// The error names the path.
pub fn write_rgb(path: &Path, w: u32, h: u32, data: &[u8]) -> Result<(), String> {
    let file = File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let fail = |e: png::EncodingError| format!("writing {}: {e}", path.display());
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(data).map_err(fail)?;
    writer.finish().map_err(fail)
}
