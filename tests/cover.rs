//! Rectangle covers of cell sets (collision boxes) and the PATH overlay cells.

use outpost_core::{CellType, Grid, Pos, Rect, StoreyRequest, StoreyType, cover_rects, generate};
use proptest::prelude::*;

/// How many rectangles of `rects` hold each cell of `grid`.
fn coverage(grid: &Grid, rects: &[Rect]) -> Vec<u32> {
    let mut count = vec![0; grid.len()];
    for p in rects.iter().flat_map(Rect::cells) {
        count[grid.index(p).expect("rectangle cell off the grid")] += 1;
    }
    count
}

fn assert_exact_cover(grid: &Grid, t: CellType, rects: &[Rect]) {
    for (i, n) in coverage(grid, rects).into_iter().enumerate() {
        let p = grid.pos(i);
        let want = u32::from(grid.get(p) == t);
        assert_eq!(n, want, "{t} cover holds {p} {n} times");
    }
}

fn sample() -> impl Iterator<Item = outpost_core::StoreyLayout> {
    StoreyType::ALL.into_iter().flat_map(|t| {
        (1..=6).flat_map(move |depth| {
            (0..20).map(move |seed| generate(&StoreyRequest::new(seed, depth, 4, t)).unwrap())
        })
    })
}

#[test]
fn cover_holds_every_cell_of_the_type_exactly_once_and_no_other() {
    for layout in sample() {
        for t in CellType::ALL {
            let rects = cover_rects(&layout.cells, |c| c == t);
            assert_exact_cover(&layout.cells, t, &rects);
        }
    }
}

#[test]
fn wall_cover_uses_far_fewer_rectangles_than_wall_cells() {
    let (mut rects, mut walls) = (0, 0);
    for layout in sample() {
        rects += cover_rects(&layout.cells, |c| c == CellType::Wall).len();
        walls += layout.cells.positions_of(CellType::Wall).count();
    }
    assert!(
        rects * 3 < walls,
        "{rects} rectangles for {walls} wall cells"
    );
}

#[test]
fn cover_takes_the_sweep_that_needs_fewer_rectangles() {
    // A comb with its teeth pointing up: growing down each column first needs 4
    // rectangles (the spine and the teeth), growing along rows first needs 5.
    let comb = outpost_core::ascii::parse("#~#~#\n#####\n").unwrap();
    let rects = cover_rects(&comb, |c| c == CellType::Wall);
    assert_eq!(rects.len(), 4, "{rects:?}");
    // The same comb turned a quarter: now the row sweep wins, 4 against 5.
    let turned = outpost_core::ascii::parse("##\n~#\n##\n~#\n##\n").unwrap();
    assert_eq!(
        cover_rects(&turned, |c| c == CellType::Wall),
        vec![
            Rect::new(0, 0, 2, 1),
            Rect::new(1, 1, 1, 4),
            Rect::new(0, 2, 1, 1),
            Rect::new(0, 4, 1, 1),
        ]
    );
}

#[test]
fn cover_of_an_absent_type_is_empty() {
    let grid = outpost_core::ascii::parse("#..\n.#.\n").unwrap();
    assert!(cover_rects(&grid, |c| c == CellType::Beacon).is_empty());
}

#[test]
fn path_overlay_is_every_path_cell_but_entry_beacon_shaft_and_staircase() {
    for layout in sample() {
        let overlay = layout.path_overlay_cells();
        let on_path: Vec<Pos> = layout.enemy_paths.iter().flatten().copied().collect();
        for p in layout.cells.iter().map(|(p, _)| p) {
            let t = layout.cells.get(p);
            let want = on_path.contains(&p)
                && !matches!(
                    t,
                    CellType::Entry | CellType::Beacon | CellType::Shaft | CellType::Staircase
                );
            assert_eq!(overlay.contains(&p), want, "overlay at {p} ({t})");
        }
        let mut sorted = overlay.clone();
        sorted.sort_by_key(|p| (p.x, p.y));
        sorted.dedup();
        assert_eq!(sorted, overlay, "overlay cells once each, column by column");
    }
}

proptest! {
    #[test]
    fn cover_is_exact_on_arbitrary_grids(
        w in 1i32..30, h in 1i32..30, bits in proptest::collection::vec(any::<bool>(), 900)
    ) {
        let mut grid = Grid::new(w, h, CellType::Empty);
        for (i, p) in (0..w).flat_map(|x| (0..h).map(move |y| Pos::new(x, y))).enumerate() {
            if bits[i] {
                grid.set(p, CellType::Wall);
            }
        }
        let rects = cover_rects(&grid, |c| c == CellType::Wall);
        prop_assert!(rects.len() <= grid.positions_of(CellType::Wall).count());
        for (i, n) in coverage(&grid, &rects).into_iter().enumerate() {
            prop_assert_eq!(n, u32::from(grid.get(grid.pos(i)) == CellType::Wall));
        }
    }
}
