//! Navigation for crowds (`outpost_core::nav`): distance fields, the step down them and
//! tower legality, each checked against a plain breadth-first search written here from
//! the words, independently of the bitboard code.

mod sample;

use outpost_core::nav::{Illegal, Navigator, UNREACHABLE};
use outpost_core::{CellType, Grid, Pos, StoreyLayout};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sample::{below, cells_of, first_of, layouts};
use std::collections::VecDeque;

fn neighbours(p: Pos) -> [Pos; 4] {
    [
        Pos::new(p.x, p.y - 1),
        Pos::new(p.x + 1, p.y),
        Pos::new(p.x, p.y + 1),
        Pos::new(p.x - 1, p.y),
    ]
}

/// Steps from the nearest of `sources` to every cell, over the cells `open` accepts;
/// `None` where unreachable. Indexed `x * height + y`.
fn bfs(grid: &Grid, sources: &[Pos], open: impl Fn(Pos) -> bool) -> Vec<Option<u32>> {
    let h = grid.height();
    let idx = |p: Pos| (p.x * h + p.y) as usize;
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && p.x < grid.width() && p.y < h;
    let mut dist = vec![None; grid.len()];
    let mut queue = VecDeque::new();
    for &s in sources {
        if inside(s) && open(s) && dist[idx(s)].is_none() {
            dist[idx(s)] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[idx(p)].unwrap();
        for n in neighbours(p) {
            if inside(n) && open(n) && dist[idx(n)].is_none() {
                dist[idx(n)] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

fn walkable_cells(grid: &Grid) -> Vec<Pos> {
    grid.iter()
        .filter(|&(_, t)| t.is_walkable())
        .map(|(p, _)| p)
        .collect()
}

/// The cells that must stay connected: ENTRY, BEACON, SHAFT, STAIRCASE, plus `extra`.
fn required(grid: &Grid, extra: &[Pos]) -> Vec<Pos> {
    let mut cells: Vec<Pos> = grid
        .iter()
        .filter(|&(_, t)| {
            matches!(
                t,
                CellType::Entry
                    | CellType::Beacon
                    | CellType::Shaft
                    | CellType::Staircase
                    | CellType::Entrance
            )
        })
        .map(|(p, _)| p)
        .collect();
    cells.extend_from_slice(extra);
    cells
}

/// Whether every required cell is reached from the first over walkable, unblocked cells.
fn all_connected(grid: &Grid, blocked: &[Pos], required: &[Pos]) -> bool {
    let dist = bfs(grid, &required[..1], |p| {
        grid.get(p).is_walkable() && !blocked.contains(&p)
    });
    let h = grid.height();
    required
        .iter()
        .all(|p| dist[(p.x * h + p.y) as usize].is_some())
}

#[test]
fn the_distance_field_equals_a_plain_bfs_on_1000_layouts_with_random_blockers() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for layout in layouts(1000, 500) {
        // Random blockers: EMPTY cells turned to WALL, a tenth of the walkable ones.
        let mut grid = layout.cells.clone();
        let open = walkable_cells(&grid);
        for _ in 0..open.len() / 10 {
            let p = open[below(&mut rng, open.len())];
            if grid.get(p) == CellType::Empty {
                grid.set(p, CellType::Wall);
            }
        }
        let nav = Navigator::from_grid(&grid).unwrap();
        let sources: Vec<Pos> = (0..=below(&mut rng, 4))
            .map(|_| open[below(&mut rng, open.len())])
            .collect();
        let field = nav.distance_field(&sources);
        let want = bfs(&grid, &sources, |p| grid.get(p).is_walkable());
        let got: Vec<Option<u32>> = field
            .as_slice()
            .iter()
            .map(|&d| (d != UNREACHABLE).then_some(u32::from(d)))
            .collect();
        assert_eq!(got, want, "seed {} sources {sources:?}", layout.seed_value);
    }
}

#[test]
fn towers_block_the_distance_field_like_walls() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for layout in layouts(200, 9000) {
        let mut nav = Navigator::new(&layout).unwrap();
        for _ in 0..8 {
            let legal = nav.legal_cells();
            if legal.is_empty() {
                break;
            }
            nav.place_tower(legal[below(&mut rng, legal.len())])
                .unwrap();
        }
        let towers = nav.towers();
        let field = nav.distance_field(&layout.beacon_cells);
        let want = bfs(&layout.cells, &layout.beacon_cells, |p| {
            layout.cells.get(p).is_walkable() && !towers.contains(&p)
        });
        for (i, (&got, want)) in field.as_slice().iter().zip(want).enumerate() {
            assert_eq!(
                (got != UNREACHABLE).then_some(u32::from(got)),
                want,
                "seed {} cell {i}",
                layout.seed_value
            );
        }
    }
}

#[test]
fn a_source_that_is_not_free_reaches_nothing() {
    let layout = layouts(1, 3).next().unwrap();
    let nav = Navigator::new(&layout).unwrap();
    let wall = first_of(&layout.cells, CellType::Wall);
    let field = nav.distance_field(&[wall, Pos::new(-1, 0), Pos::new(99, 99)]);
    assert!(field.as_slice().iter().all(|&d| d == UNREACHABLE));
}

#[test]
fn next_step_goes_one_closer_taking_north_east_south_west_first() {
    for layout in layouts(120, 70) {
        let nav = Navigator::new(&layout).unwrap();
        let field = nav.distance_field(&layout.beacon_cells);
        for (p, _) in &layout.cells {
            let d = field.get(p);
            let step = field.next_step(p);
            if d == UNREACHABLE {
                assert_eq!(step, None, "{p}");
            } else if d == 0 {
                assert_eq!(step, Some(p), "{p}");
            } else {
                let first = neighbours(p).into_iter().find(|&n| field.get(n) == d - 1);
                assert_eq!(step, first, "{p}");
                assert!(step.is_some(), "{p} at {d} has no neighbour at {}", d - 1);
            }
        }
    }
}

#[test]
fn following_next_step_from_an_entry_reaches_a_beacon_in_exactly_its_distance() {
    for layout in layouts(60, 4000) {
        let nav = Navigator::new(&layout).unwrap();
        let field = nav.distance_field(&layout.beacon_cells);
        for &entry in &layout.entry_cells {
            let mut at = entry;
            let mut steps = 0;
            while field.get(at) > 0 {
                at = field.next_step(at).unwrap();
                assert!(layout.cells.get(at).is_walkable());
                steps += 1;
            }
            assert!(layout.beacon_cells.contains(&at));
            assert_eq!(steps, u32::from(field.get(entry)));
        }
    }
}

/// The legality mask cell by cell: one flood fill per candidate, the naive way.
fn oracle_mask(grid: &Grid, towers: &[Pos], extra: &[Pos]) -> Vec<u8> {
    let req = required(grid, extra);
    let mut mask = vec![0; grid.len()];
    for (p, t) in grid {
        if t != CellType::Empty || towers.contains(&p) || req.contains(&p) {
            continue;
        }
        let mut blocked = towers.to_vec();
        blocked.push(p);
        if all_connected(grid, &blocked, &req) {
            mask[(p.x * grid.height() + p.y) as usize] = 1;
        }
    }
    mask
}

/// Places up to `steps` towers on random legal cells, one by one, requiring the mask to
/// equal the oracle's (with `extra` required cells) before each.
fn check_masks_as_towers_go_up(
    layout: &StoreyLayout,
    nav: &mut Navigator,
    extra: &[Pos],
    steps: usize,
    rng: &mut ChaCha8Rng,
) {
    for _ in 0..steps {
        let towers = nav.towers();
        assert_eq!(
            nav.placement_mask(),
            oracle_mask(&layout.cells, &towers, extra),
            "seed {} extra {extra:?} towers {towers:?}",
            layout.seed_value
        );
        let legal = nav.legal_cells();
        if legal.is_empty() {
            break;
        }
        nav.place_tower(legal[below(rng, legal.len())]).unwrap();
    }
}

#[test]
fn the_legality_mask_equals_a_flood_fill_per_cell_as_towers_go_up_one_by_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for layout in layouts(300, 20_000) {
        let mut nav = Navigator::new(&layout).unwrap();
        check_masks_as_towers_go_up(&layout, &mut nav, &[], 12, &mut rng);
    }
}

#[test]
fn extra_required_cells_stay_connected_too() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    for layout in layouts(100, 31_000) {
        let empty = cells_of(&layout.cells, CellType::Empty);
        let extra = vec![
            empty[below(&mut rng, empty.len())],
            empty[below(&mut rng, empty.len())],
        ];
        let mut nav = Navigator::new(&layout).unwrap();
        nav.set_required_cells(&extra).unwrap();
        check_masks_as_towers_go_up(&layout, &mut nav, &extra, 10, &mut rng);
        assert_eq!(nav.check_tower(extra[0]), Err(Illegal::Required));
    }
}

#[test]
fn after_any_sequence_of_legal_placements_every_entry_reaches_every_beacon() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    for layout in layouts(200, 44_000) {
        let mut nav = Navigator::new(&layout).unwrap();
        // Place until nothing is legal, as a greedy player walling everything in would.
        loop {
            let legal = nav.legal_cells();
            if legal.is_empty() {
                break;
            }
            nav.place_tower(legal[below(&mut rng, legal.len())])
                .unwrap();
        }
        let towers = nav.towers();
        for &entry in &layout.entry_cells {
            let dist = bfs(&layout.cells, &[entry], |p| {
                layout.cells.get(p).is_walkable() && !towers.contains(&p)
            });
            for b in &layout.beacon_cells {
                assert!(
                    dist[(b.x * layout.height + b.y) as usize].is_some(),
                    "seed {}: entry {entry} cut off from beacon {b} by {towers:?}",
                    layout.seed_value
                );
            }
        }
        assert!(all_connected(
            &layout.cells,
            &towers,
            &required(&layout.cells, &[])
        ));
    }
}

#[test]
fn an_illegal_placement_says_why_and_changes_nothing() {
    let layout = layouts(1, 77).next().unwrap();
    let mut nav = Navigator::new(&layout).unwrap();
    let before = (nav.placement_mask(), nav.towers(), nav.revision());
    let wall = first_of(&layout.cells, CellType::Wall);
    assert_eq!(nav.place_tower(Pos::new(-1, 3)), Err(Illegal::OffGrid));
    assert_eq!(
        nav.place_tower(wall),
        Err(Illegal::NotEmpty(CellType::Wall))
    );
    assert_eq!(
        nav.place_tower(layout.primary_beacon),
        Err(Illegal::NotEmpty(CellType::Beacon))
    );
    assert_eq!(Illegal::WouldSeal.to_string(), "would seal a path");
    assert_eq!(
        Illegal::NotEmpty(CellType::Wall).to_string(),
        "not an EMPTY cell (WALL)"
    );
    assert_eq!((nav.placement_mask(), nav.towers(), nav.revision()), before);
    let legal = nav.legal_cells()[0];
    nav.place_tower(legal).unwrap();
    assert_eq!(nav.place_tower(legal), Err(Illegal::Tower));
}

#[test]
fn a_cell_that_would_seal_a_path_is_refused() {
    // A corridor one cell wide between the entry and the beacon: every cell of it seals.
    let grid = outpost_core::ascii::parse("~~~~~~~\nE....B#\n~~~~~~~").unwrap();
    let mut nav = Navigator::from_grid(&grid).unwrap();
    for x in 1..5 {
        assert_eq!(
            nav.check_tower(Pos::new(x, 1)),
            Err(Illegal::WouldSeal),
            "{x}"
        );
    }
    assert!(nav.legal_cells().is_empty());
    assert_eq!(nav.place_tower(Pos::new(2, 1)), Err(Illegal::WouldSeal));
}

#[test]
fn removing_a_tower_restores_the_mask_it_changed() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for layout in layouts(50, 60_000) {
        let mut nav = Navigator::new(&layout).unwrap();
        let before = nav.placement_mask();
        let legal = nav.legal_cells();
        let cell = legal[below(&mut rng, legal.len())];
        nav.place_tower(cell).unwrap();
        assert!(nav.is_tower(cell) && !nav.is_free(cell));
        assert!(nav.remove_tower(cell));
        assert!(!nav.remove_tower(cell));
        assert_eq!(nav.placement_mask(), before);
        assert!(nav.towers().is_empty());
    }
}

#[test]
fn required_cells_must_be_walkable_cells_without_a_tower() {
    let layout = layouts(1, 5).next().unwrap();
    let mut nav = Navigator::new(&layout).unwrap();
    let legal = nav.legal_cells()[0];
    nav.place_tower(legal).unwrap();
    let wall = first_of(&layout.cells, CellType::Wall);
    for (cell, why) in [
        (Pos::new(40, 1), "is off the grid"),
        (wall, "is not walkable"),
        (legal, "holds a tower"),
    ] {
        let err = nav.set_required_cells(&[cell]).unwrap_err();
        assert_eq!(err.to_string(), format!("required cell {cell} {why}"));
    }
    assert!(nav.required_cells().is_empty());
}

#[test]
fn a_grid_larger_than_a_bitboard_is_refused_with_its_size() {
    let grid = Grid::new(33, 4, CellType::Empty);
    let err = Navigator::from_grid(&grid).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the grid is 33 x 4; navigation needs at most 32 x 32"
    );
}
