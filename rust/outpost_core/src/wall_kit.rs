//! The dual-grid wall kit: which wall piece stands on each grid vertex.
//!
//! A renderer that draws walls per cell draws rows of boxes and cannot shape a corner.
//! The dual grid ("marching squares" on the corners) puts one *tile* on every grid
//! vertex instead: tile `(vx, vy)`, for `vx` in `0..=width` and `vy` in `0..=height`,
//! is centred on the corner shared by cells `(vx - 1, vy - 1)`, `(vx, vy - 1)`,
//! `(vx, vy)` and `(vx - 1, vy)`, and each of its four quadrants is a quarter of one of
//! those cells. Its *mask* has one bit per quadrant that is a WALL cell, clockwise seen
//! from above (x east, z south): north-west 1, north-east 2, south-east 4, south-west 8.
//! Cells off the grid and OUT_OF_BOUNDS cells count as "not wall".
//!
//! The sixteen masks are five pieces up to quarter turns ([`WallPiece`]); mask 0 draws
//! nothing. A piece turned `r` times clockwise covers exactly the quadrants of its mask,
//! so the union of every tile's piece is exactly the WALL cells: collision
//! ([`crate::cover_rects`]) does not change. Everything here is a pure function of the
//! grid, tiles listed in a fixed order.

use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use std::fmt;

/// Quadrant bit of the north-west cell, `(vx - 1, vy - 1)`.
pub const NW: u8 = 1;
/// Quadrant bit of the north-east cell, `(vx, vy - 1)`.
pub const NE: u8 = 2;
/// Quadrant bit of the south-east cell, `(vx, vy)`.
pub const SE: u8 = 4;
/// Quadrant bit of the south-west cell, `(vx - 1, vy)`.
pub const SW: u8 = 8;

/// One of the five wall pieces of a kit. Each is modelled once, in its canonical
/// orientation (the mask [`WallPiece::canonical_mask`]), and turned for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum WallPiece {
    /// One wall quadrant (canonical mask 1: north-west): the convex corner of a wall.
    OuterCorner = 0,
    /// Two adjacent quadrants (canonical mask 3: the north half): a straight run.
    Straight = 1,
    /// Two opposite quadrants (canonical mask 5: north-west and south-east): two
    /// corners touching at the tile centre.
    Saddle = 2,
    /// Three quadrants (canonical mask 7: all but south-west): the concave corner.
    InnerCorner = 3,
    /// All four quadrants (mask 15): the top of solid wall.
    Full = 4,
}

impl WallPiece {
    /// Every piece, in discriminant order.
    pub const ALL: [WallPiece; 5] = [
        WallPiece::OuterCorner,
        WallPiece::Straight,
        WallPiece::Saddle,
        WallPiece::InnerCorner,
        WallPiece::Full,
    ];

    /// The piece's name in snake case, e.g. `"outer_corner"` (the renderer's keys).
    pub const fn name(self) -> &'static str {
        match self {
            WallPiece::OuterCorner => "outer_corner",
            WallPiece::Straight => "straight",
            WallPiece::Saddle => "saddle",
            WallPiece::InnerCorner => "inner_corner",
            WallPiece::Full => "full",
        }
    }

    /// The piece's constant name, e.g. `"OUTER_CORNER"`.
    pub const fn constant_name(self) -> &'static str {
        match self {
            WallPiece::OuterCorner => "OUTER_CORNER",
            WallPiece::Straight => "STRAIGHT",
            WallPiece::Saddle => "SADDLE",
            WallPiece::InnerCorner => "INNER_CORNER",
            WallPiece::Full => "FULL",
        }
    }

    /// The quadrants the piece covers unturned.
    pub const fn canonical_mask(self) -> u8 {
        match self {
            WallPiece::OuterCorner => NW,
            WallPiece::Straight => NW | NE,
            WallPiece::Saddle => NW | SE,
            WallPiece::InnerCorner => NW | NE | SE,
            WallPiece::Full => NW | NE | SE | SW,
        }
    }

    /// The quadrants the piece covers after `turns` clockwise quarter turns.
    pub const fn mask_turned(self, turns: u8) -> u8 {
        let mut mask = self.canonical_mask();
        let mut r = 0;
        while r < turns % 4 {
            mask = turn_clockwise(mask);
            r += 1;
        }
        mask
    }
}

impl fmt::Display for WallPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `mask` turned one quarter clockwise seen from above: each quadrant moves to the
/// next bit (north-west to north-east, ..., south-west to north-west).
pub const fn turn_clockwise(mask: u8) -> u8 {
    ((mask << 1) | (mask >> 3)) & 0xF
}

/// The piece and the clockwise quarter turns (0-3) that cover exactly the quadrants of
/// `mask`; `None` for mask 0 (nothing to draw) and for values above 15.
pub const fn piece_for_mask(mask: u8) -> Option<(WallPiece, u8)> {
    let found = match mask {
        1 => (WallPiece::OuterCorner, 0),
        2 => (WallPiece::OuterCorner, 1),
        4 => (WallPiece::OuterCorner, 2),
        8 => (WallPiece::OuterCorner, 3),
        3 => (WallPiece::Straight, 0),
        6 => (WallPiece::Straight, 1),
        12 => (WallPiece::Straight, 2),
        9 => (WallPiece::Straight, 3),
        5 => (WallPiece::Saddle, 0),
        10 => (WallPiece::Saddle, 1),
        7 => (WallPiece::InnerCorner, 0),
        14 => (WallPiece::InnerCorner, 1),
        13 => (WallPiece::InnerCorner, 2),
        11 => (WallPiece::InnerCorner, 3),
        15 => (WallPiece::Full, 0),
        _ => return None,
    };
    Some(found)
}

/// The mask of tile `(vx, vy)`: a bit per quadrant whose cell is a WALL (cells off the
/// grid read as OUT_OF_BOUNDS, so as "not wall").
pub fn tile_mask(grid: &Grid, vx: i32, vy: i32) -> u8 {
    let wall = |x: i32, y: i32, bit: u8| {
        if grid.get(Pos::new(x, y)) == CellType::Wall {
            bit
        } else {
            0
        }
    };
    wall(vx - 1, vy - 1, NW) | wall(vx, vy - 1, NE) | wall(vx, vy, SE) | wall(vx - 1, vy, SW)
}

/// The cell under quadrant `bit` (one of [`NW`], [`NE`], [`SE`], [`SW`]) of tile
/// `vertex`; `None` for any other value.
pub const fn quadrant_cell(vertex: Pos, bit: u8) -> Option<Pos> {
    let (x, y) = (vertex.x, vertex.y);
    match bit {
        NW => Some(Pos::new(x - 1, y - 1)),
        NE => Some(Pos::new(x, y - 1)),
        SE => Some(Pos::new(x, y)),
        SW => Some(Pos::new(x - 1, y)),
        _ => None,
    }
}

/// One drawn tile of the dual grid: where it stands, what it reads and what it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallTile {
    /// The grid vertex the tile is centred on: `(vx, vy)`, the top-left corner of cell
    /// `(vx, vy)`.
    pub vertex: Pos,
    /// Its quadrants that are WALL cells ([`NW`] | [`NE`] | [`SE`] | [`SW`]), never 0.
    pub mask: u8,
    /// The piece that covers them.
    pub piece: WallPiece,
    /// Clockwise quarter turns of the piece, 0-3.
    pub turns: u8,
}

impl WallTile {
    /// The tile's `MultiMesh` `TRANSFORM_3D` instance: a 3 x 4 matrix row by row (12
    /// floats), the piece turned `turns` quarters clockwise seen from above (about +y)
    /// and placed on the vertex, `(vx * tile_size, 0, vy * tile_size) + offset`. A piece
    /// is modelled for a tile of `tile_size` (one cell) centred on the origin.
    pub fn transform(&self, tile_size: f32, offset: [f32; 3]) -> [f32; 12] {
        // Clockwise seen from above with x east and z south is a rotation by -90 degrees
        // about +y: x' = -z, z' = x. The basis columns are the turned axes.
        let (c, s): (f32, f32) = match self.turns % 4 {
            0 => (1.0, 0.0),
            1 => (0.0, -1.0),
            2 => (-1.0, 0.0),
            _ => (0.0, 1.0),
        };
        let ox = self.vertex.x as f32 * tile_size + offset[0];
        let oy = offset[1];
        let oz = self.vertex.y as f32 * tile_size + offset[2];
        // Rotation about y by angle a: [[c, 0, s], [0, 1, 0], [-s, 0, c]].
        [c, 0.0, s, ox, 0.0, 1.0, 0.0, oy, -s, 0.0, c, oz]
    }
}

/// Every tile of the grid's dual with a non-zero mask, vertex column by column (`vx`
/// from 0 to `width`, then `vy` from 0 to `height`), as the grid stores its cells.
pub fn wall_tiles(grid: &Grid) -> Vec<WallTile> {
    let mut tiles = Vec::new();
    for vx in 0..=grid.width() {
        for vy in 0..=grid.height() {
            let mask = tile_mask(grid, vx, vy);
            if let Some((piece, turns)) = piece_for_mask(mask) {
                tiles.push(WallTile {
                    vertex: Pos::new(vx, vy),
                    mask,
                    piece,
                    turns,
                });
            }
        }
    }
    tiles
}

/// How many tiles of `tiles` draw each piece, in [`WallPiece::ALL`] order.
pub fn piece_counts(tiles: &[WallTile]) -> [usize; 5] {
    let mut counts = [0; 5];
    for tile in tiles {
        counts[tile.piece as usize] += 1;
    }
    counts
}

/// The `MultiMesh` buffers of every piece, in [`WallPiece::ALL`] order: for each, the
/// [`WallTile::transform`] of its tiles in [`wall_tiles`] order, 12 floats each.
pub fn piece_buffers(grid: &Grid, tile_size: f32, offset: [f32; 3]) -> [Vec<f32>; 5] {
    let mut buffers: [Vec<f32>; 5] = Default::default();
    for tile in wall_tiles(grid) {
        buffers[tile.piece as usize].extend_from_slice(&tile.transform(tile_size, offset));
    }
    buffers
}
