//! ASCII rendering and parsing.

use outpost_core::ascii::{parse, render, render_with_path};
use outpost_core::{CellType, Pos, StoreyRequest, StoreyType, generate};

#[test]
fn ascii_round_trips_every_generated_grid() {
    for t in StoreyType::ALL {
        let l = generate(&StoreyRequest::new(3, 4, 2, t)).unwrap();
        assert_eq!(parse(&l.to_ascii()).unwrap(), l.cells);
    }
}

#[test]
fn ascii_rows_are_grid_rows_and_columns_are_x() {
    let g = parse("~#.\nEBO\n#S#\n").unwrap();
    assert_eq!((g.width(), g.height()), (3, 3));
    assert_eq!(g.get(Pos::new(2, 0)), CellType::Empty);
    assert_eq!(g.get(Pos::new(0, 1)), CellType::Entry);
    assert_eq!(g.get(Pos::new(1, 2)), CellType::Staircase);
    assert_eq!(
        g.column(1),
        &[CellType::Wall, CellType::Beacon, CellType::Staircase]
    );
}

#[test]
fn path_overlay_skips_entry_beacon_shaft_and_staircase() {
    let g = parse("E..O.SB\n").unwrap();
    let path: Vec<Pos> = (0..7).map(|x| Pos::new(x, 0)).collect();
    assert_eq!(render_with_path(&g, &path), "E**O*SB\n");
    assert_eq!(render(&g), "E..O.SB\n");
}

#[test]
fn both_shafts_show_where_the_paths_cross_them() {
    // Seed 6, depth 3, level 1, GROUND_FLOOR: both shafts lie on an enemy path.
    let l = generate(&StoreyRequest::new(6, 3, 1, StoreyType::GroundFloor)).unwrap();
    let on_path: Vec<Pos> = l.enemy_paths.iter().flatten().copied().collect();
    assert!(l.shaft_cells.iter().all(|s| on_path.contains(s)));
    let drawn = l.to_ascii_with_paths();
    assert_eq!(drawn.matches('O').count(), 2, "{drawn}");
    assert_eq!(l.to_ascii().matches('O').count(), 2);
}

#[test]
fn parse_names_the_bad_character_and_the_ragged_row() {
    assert!(parse("#x#\n").unwrap_err().contains("'x'"));
    assert!(parse("###\n##\n").unwrap_err().contains("row 1"));
}
