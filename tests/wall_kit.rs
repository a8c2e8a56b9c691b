//! The dual-grid wall kit: the case table, the quadrants the pieces cover, the transforms
//! handed to the renderer and the order of the tiles.

use outpost_core::ascii::parse;
use outpost_core::survey::sweep_request;
use outpost_core::wall_kit::{
    NE, NW, SE, SW, WallPiece, WallTile, piece_buffers, piece_counts, piece_for_mask,
    quadrant_cell, tile_mask, turn_clockwise, wall_tiles,
};
use outpost_core::{CellType, Grid, Pos, generate};

/// The case table, written out: for each mask 0-15 the piece and its clockwise quarter
/// turns, `None` for mask 0.
const CASES: [Option<(WallPiece, u8)>; 16] = [
    None,
    Some((WallPiece::OuterCorner, 0)),
    Some((WallPiece::OuterCorner, 1)),
    Some((WallPiece::Straight, 0)),
    Some((WallPiece::OuterCorner, 2)),
    Some((WallPiece::Saddle, 0)),
    Some((WallPiece::Straight, 1)),
    Some((WallPiece::InnerCorner, 0)),
    Some((WallPiece::OuterCorner, 3)),
    Some((WallPiece::Straight, 3)),
    Some((WallPiece::Saddle, 1)),
    Some((WallPiece::InnerCorner, 3)),
    Some((WallPiece::Straight, 2)),
    Some((WallPiece::InnerCorner, 2)),
    Some((WallPiece::InnerCorner, 1)),
    Some((WallPiece::Full, 0)),
];

/// The 2 x 2 grid whose walls are the quadrants of `mask` around its centre vertex (1, 1).
fn case_grid(mask: u8) -> Grid {
    let c = |bit: u8| if mask & bit != 0 { '#' } else { '.' };
    parse(&format!("{}{}\n{}{}\n", c(NW), c(NE), c(SW), c(SE))).unwrap()
}

/// Where a point of the canonical piece lands: `transform` (12 floats, row by row)
/// applied to `(x, 0, z)`, as `(x, z)`.
fn apply(transform: &[f32; 12], x: f32, z: f32) -> (f32, f32) {
    (
        transform[0] * x + transform[2] * z + transform[3],
        transform[8] * x + transform[10] * z + transform[11],
    )
}

/// The cells under the quadrants a tile's piece covers, found by carrying the centre of
/// each canonical quadrant of the piece through the tile's transform (tile size 1).
fn covered_cells(tile: &WallTile) -> Vec<Pos> {
    let t = tile.transform(1.0, [0.0, 0.0, 0.0]);
    let canonical = tile.piece.canonical_mask();
    [
        (NW, -0.25, -0.25),
        (NE, 0.25, -0.25),
        (SE, 0.25, 0.25),
        (SW, -0.25, 0.25),
    ]
    .into_iter()
    .filter(|&(bit, _, _)| canonical & bit != 0)
    .map(|(_, x, z)| {
        let (wx, wz) = apply(&t, x, z);
        Pos::new(wx.floor() as i32, wz.floor() as i32)
    })
    .collect()
}

/// How many quadrants the pieces cover in each cell of `grid` (cells off the grid
/// counted in `off_grid`).
fn coverage(grid: &Grid, tiles: &[WallTile]) -> (Vec<u32>, u32) {
    let mut count = vec![0; grid.len()];
    let mut off_grid = 0;
    for p in tiles.iter().flat_map(covered_cells) {
        match grid.index(p) {
            Some(i) => count[i] += 1,
            None => off_grid += 1,
        }
    }
    (count, off_grid)
}

#[test]
fn every_mask_gives_the_piece_and_turns_of_the_case_table() {
    for mask in 0..16u8 {
        assert_eq!(piece_for_mask(mask), CASES[mask as usize], "mask {mask}");
    }
}

#[test]
fn masks_above_fifteen_give_no_piece() {
    for mask in 16..=u8::MAX {
        assert_eq!(piece_for_mask(mask), None, "mask {mask}");
    }
}

#[test]
fn a_piece_turned_as_the_table_says_covers_exactly_the_masks_quadrants() {
    for mask in 1..16u8 {
        let (piece, turns) = piece_for_mask(mask).unwrap();
        assert_eq!(
            piece.mask_turned(turns),
            mask,
            "mask {mask}: {piece} r{turns}"
        );
    }
}

#[test]
fn a_clockwise_turn_moves_each_quadrant_to_the_next() {
    assert_eq!(turn_clockwise(NW), NE);
    assert_eq!(turn_clockwise(NE), SE);
    assert_eq!(turn_clockwise(SE), SW);
    assert_eq!(turn_clockwise(SW), NW);
}

#[test]
fn tile_mask_reads_the_four_cells_around_the_vertex_as_nw_ne_se_sw() {
    for mask in 0..16u8 {
        assert_eq!(tile_mask(&case_grid(mask), 1, 1), mask, "mask {mask}");
    }
}

#[test]
fn cells_off_the_grid_count_as_not_wall() {
    let grid = parse("#\n").unwrap();
    assert_eq!(tile_mask(&grid, 0, 0), SE);
    assert_eq!(tile_mask(&grid, 1, 0), SW);
    assert_eq!(tile_mask(&grid, 1, 1), NW);
    assert_eq!(tile_mask(&grid, 0, 1), NE);
}

#[test]
fn out_of_bounds_and_floor_cells_count_as_not_wall() {
    let grid = parse("~.E\nSBO\n").unwrap();
    for vx in 0..=grid.width() {
        for vy in 0..=grid.height() {
            assert_eq!(tile_mask(&grid, vx, vy), 0, "tile ({vx}, {vy})");
        }
    }
}

#[test]
fn each_of_the_sixteen_cases_draws_its_piece_over_exactly_its_wall_quadrants() {
    for mask in 1..16u8 {
        let grid = case_grid(mask);
        let tile = wall_tiles(&grid)
            .into_iter()
            .find(|t| t.vertex == Pos::new(1, 1))
            .unwrap();
        let mut want: Vec<Pos> = [NW, NE, SE, SW]
            .into_iter()
            .filter(|&bit| mask & bit != 0)
            .map(|bit| quadrant_cell(tile.vertex, bit).unwrap())
            .collect();
        let mut got = covered_cells(&tile);
        want.sort_by_key(|p| (p.x, p.y));
        got.sort_by_key(|p| (p.x, p.y));
        assert_eq!(got, want, "mask {mask}: {} r{}", tile.piece, tile.turns);
    }
}

#[test]
fn the_pieces_quadrants_are_exactly_the_wall_cells_on_ten_thousand_layouts() {
    for i in 0..10_000 {
        let request = sweep_request(0, i);
        let layout = generate(&request).unwrap();
        let grid = &layout.cells;
        let (count, off_grid) = coverage(grid, &wall_tiles(grid));
        assert_eq!(off_grid, 0, "{request:?}: a quadrant off the grid");
        for (index, n) in count.into_iter().enumerate() {
            let p = grid.pos(index);
            // A WALL cell has four corners, each a tile covering one quadrant of it.
            let want = if grid.get(p) == CellType::Wall { 4 } else { 0 };
            assert_eq!(
                n,
                want,
                "{request:?}: cell {p} is {} with {n} quadrants",
                grid.get(p)
            );
        }
    }
}

#[test]
fn tiles_skip_mask_zero_and_go_vertex_column_by_column() {
    let grid = parse("#..#\n.##.\n~~#.\n").unwrap();
    let tiles = wall_tiles(&grid);
    let mut expected = Vec::new();
    for vx in 0..=grid.width() {
        for vy in 0..=grid.height() {
            if tile_mask(&grid, vx, vy) != 0 {
                expected.push(Pos::new(vx, vy));
            }
        }
    }
    let got: Vec<Pos> = tiles.iter().map(|t| t.vertex).collect();
    assert_eq!(got, expected);
}

#[test]
fn piece_buffers_hold_twelve_floats_per_tile_of_each_piece() {
    let layout = generate(&sweep_request(3, 71)).unwrap();
    let counts = piece_counts(&wall_tiles(&layout.cells));
    let buffers = piece_buffers(&layout.cells, 1.0, [0.0, 0.0, 0.0]);
    for piece in WallPiece::ALL {
        let i = piece as usize;
        assert_eq!(buffers[i].len(), counts[i] * 12, "{piece}");
    }
}

#[test]
fn transforms_place_the_tile_on_its_vertex_scaled_by_the_tile_size_plus_the_offset() {
    let grid = parse("..\n.#\n").unwrap();
    let tile = wall_tiles(&grid)[0];
    let t = tile.transform(2.0, [0.5, 0.25, -1.0]);
    assert_eq!(
        (t[3], t[7], t[11]),
        (
            tile.vertex.x as f32 * 2.0 + 0.5,
            0.25,
            tile.vertex.y as f32 * 2.0 - 1.0
        )
    );
}
