//! Line of sight, tower reach and tower-zone advice (`outpost_core::nav::sight`), and the
//! swarm's tower aim, each against a brute-force oracle written here: a separating-axis
//! test of the segment against every wall's square.

mod sample;

use outpost_core::nav::sight::{covers, line_of_sight, recommend_tiers, room_zones};
use outpost_core::nav::{Navigator, Reach};
use outpost_core::swarm::{AgentKind, FixedPos, Swarm};
use outpost_core::{CellType, Grid, Pos, StoreyLayout};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sample::{below, cells_of, layouts};

/// Whether the segment between the centres of `a` and `b` meets the closed square of
/// cell `w`: their boxes overlap and the square's corners are not all strictly on one
/// side of the segment's line (doubled coordinates, exact).
fn segment_meets_cell(a: Pos, b: Pos, w: Pos) -> bool {
    let (ax, ay) = (2 * i64::from(a.x) + 1, 2 * i64::from(a.y) + 1);
    let (bx, by) = (2 * i64::from(b.x) + 1, 2 * i64::from(b.y) + 1);
    let (x0, y0) = (2 * i64::from(w.x), 2 * i64::from(w.y));
    let (x1, y1) = (x0 + 2, y0 + 2);
    if ax.max(bx) < x0 || ax.min(bx) > x1 || ay.max(by) < y0 || ay.min(by) > y1 {
        return false;
    }
    let side = |px: i64, py: i64| ((bx - ax) * (py - ay) - (by - ay) * (px - ax)).signum();
    let sides = [side(x0, y0), side(x1, y0), side(x0, y1), side(x1, y1)];
    !(sides.iter().all(|&s| s > 0) || sides.iter().all(|&s| s < 0))
}

fn oracle_sight(grid: &Grid, a: Pos, b: Pos) -> bool {
    grid.in_bounds(a)
        && grid.in_bounds(b)
        && grid
            .iter()
            .all(|(w, t)| t != CellType::Wall || !segment_meets_cell(a, b, w))
}

fn oracle_covers(grid: &Grid, tower: Pos, cell: Pos, reach: Reach) -> bool {
    let d2 = f64::from((cell.x - tower.x).pow(2) + (cell.y - tower.y).pow(2));
    let range = f64::from(reach.range_milli) / 1000.0;
    d2 <= range * range && (!reach.needs_line_of_sight || oracle_sight(grid, tower, cell))
}

/// The game's two tiers: a low tower that needs a clear line, a high one that fires over
/// walls.
const TIERS: [Reach; 2] = [
    Reach {
        range_milli: 3_000,
        needs_line_of_sight: true,
    },
    Reach {
        range_milli: 4_500,
        needs_line_of_sight: false,
    },
];

#[test]
fn line_of_sight_equals_a_separating_axis_test_against_every_wall() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut seen = [0usize; 2];
    for layout in layouts(200, 70_000) {
        let cells: Vec<Pos> = layout.cells.iter().map(|(p, _)| p).collect();
        for _ in 0..150 {
            let a = cells[below(&mut rng, cells.len())];
            let b = cells[below(&mut rng, cells.len())];
            let want = oracle_sight(&layout.cells, a, b);
            seen[usize::from(want)] += 1;
            assert_eq!(
                line_of_sight(&layout.cells, a, b),
                want,
                "seed {} from {a} to {b}",
                layout.seed_value
            );
            assert_eq!(line_of_sight(&layout.cells, b, a), want, "symmetric");
        }
    }
    assert!(
        seen[0] > 1000 && seen[1] > 1000,
        "both answers seen: {seen:?}"
    );
}

#[test]
fn grazing_a_wall_corner_blocks_and_a_corridor_does_not() {
    let grid = outpost_core::ascii::parse("......\n.#....\n......\n......").unwrap();
    // Along row 2, under the wall: clear.
    assert!(line_of_sight(&grid, Pos::new(0, 2), Pos::new(5, 2)));
    // From (0, 0) to (2, 2): the diagonal passes through the wall's corners.
    assert!(!line_of_sight(&grid, Pos::new(0, 0), Pos::new(2, 2)));
    // From (0, 2) to (2, 0): the other diagonal, through the wall.
    assert!(!line_of_sight(&grid, Pos::new(0, 2), Pos::new(2, 0)));
    // A wall end, or a cell off the grid, sees nothing.
    assert!(!line_of_sight(&grid, Pos::new(1, 1), Pos::new(3, 3)));
    assert!(!line_of_sight(&grid, Pos::new(0, 0), Pos::new(9, 0)));
    assert!(line_of_sight(&grid, Pos::new(3, 3), Pos::new(3, 3)));
}

#[test]
fn reach_is_range_between_centres_plus_sight_for_a_low_tower() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for layout in layouts(100, 71_000) {
        let cells: Vec<Pos> = layout.cells.iter().map(|(p, _)| p).collect();
        for _ in 0..200 {
            let (t, c) = (
                cells[below(&mut rng, cells.len())],
                cells[below(&mut rng, cells.len())],
            );
            for reach in TIERS {
                assert_eq!(
                    covers(&layout.cells, t, c, reach),
                    oracle_covers(&layout.cells, t, c, reach),
                    "seed {} tower {t} cell {c} {reach:?}",
                    layout.seed_value
                );
            }
        }
    }
}

/// Steps from `from` to every cell over walkable cells (`None`: unreachable).
fn steps_from(grid: &Grid, from: &[Pos]) -> Vec<Option<u32>> {
    let h = grid.height();
    let mut dist = vec![None; grid.len()];
    let mut queue: std::collections::VecDeque<Pos> = std::collections::VecDeque::new();
    for &p in from {
        dist[(p.x * h + p.y) as usize] = Some(0);
        queue.push_back(p);
    }
    while let Some(p) = queue.pop_front() {
        let d = dist[(p.x * h + p.y) as usize].unwrap();
        for n in [
            Pos::new(p.x + 1, p.y),
            Pos::new(p.x - 1, p.y),
            Pos::new(p.x, p.y + 1),
            Pos::new(p.x, p.y - 1),
        ] {
            if grid.is_walkable(n) && dist[(n.x * h + n.y) as usize].is_none() {
                dist[(n.x * h + n.y) as usize] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Zones the slow way: one search per room, then the nearest room (lowest index on ties).
fn oracle_zones(layout: &StoreyLayout) -> Vec<Option<usize>> {
    let grid = &layout.cells;
    let per_room: Vec<Vec<Option<u32>>> = layout
        .rooms
        .iter()
        .map(|room| {
            let cells: Vec<Pos> = grid
                .iter()
                .filter(|&(p, t)| room.contains(p) && t.is_walkable())
                .map(|(p, _)| p)
                .collect();
            steps_from(grid, &cells)
        })
        .collect();
    (0..grid.len())
        .map(|i| {
            (0..layout.rooms.len())
                .filter_map(|r| per_room[r][i].map(|d| (d, r)))
                .min()
                .map(|(_, r)| r)
        })
        .collect()
}

#[test]
fn every_walkable_cell_joins_the_zone_of_its_nearest_room() {
    for layout in layouts(150, 72_000) {
        let want = oracle_zones(&layout);
        assert_eq!(
            room_zones(&layout.cells, &layout.rooms),
            want,
            "seed {}",
            layout.seed_value
        );
        for (i, z) in want.iter().enumerate() {
            let walkable = layout.cells.cells()[i].is_walkable();
            assert_eq!(z.is_some(), walkable, "seed {} cell {i}", layout.seed_value);
        }
    }
}

/// Short reaches, so that zones get every answer (low, high, neither).
const SHORT_TIERS: [Reach; 2] = [
    Reach {
        range_milli: 1_500,
        needs_line_of_sight: true,
    },
    Reach {
        range_milli: 2_500,
        needs_line_of_sight: false,
    },
];

#[test]
fn tower_zone_advice_equals_a_brute_force_search() {
    let mut advised = [0usize; 3];
    for layout in layouts(150, 72_000) {
        let grid = &layout.cells;
        let zones = oracle_zones(&layout);
        let want: Vec<Option<usize>> = (0..layout.rooms.len())
            .map(|r| {
                let zone: Vec<Pos> = (0..grid.len())
                    .filter(|&i| zones[i] == Some(r))
                    .map(|i| grid.pos(i))
                    .collect();
                if zone.is_empty() {
                    return None;
                }
                let beside = |t: Pos| {
                    zone.iter()
                        .any(|&c| (c.x - t.x).abs() + (c.y - t.y).abs() <= 1)
                };
                (0..SHORT_TIERS.len()).find(|&k| {
                    grid.iter()
                        .filter(|&(t, kind)| kind == CellType::Empty && beside(t))
                        .any(|(t, _)| {
                            zone.iter()
                                .all(|&c| oracle_covers(grid, t, c, SHORT_TIERS[k]))
                        })
                })
            })
            .collect();
        for w in &want {
            advised[w.map_or(2, |k| k)] += 1;
        }
        assert_eq!(
            recommend_tiers(grid, &layout.rooms, &SHORT_TIERS),
            want,
            "seed {}",
            layout.seed_value
        );
        let nav = Navigator::new(&layout).unwrap();
        assert_eq!(
            nav.recommend_tiers(&SHORT_TIERS),
            want,
            "through the navigator"
        );
    }
    assert!(
        advised.iter().all(|&n| n > 20),
        "every answer occurs: {advised:?}"
    );
}

#[test]
fn a_tower_aims_at_the_nearest_agent_it_covers() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for layout in layouts(60, 73_000) {
        let nav = Navigator::new(&layout).unwrap();
        let mut swarm = Swarm::new(&nav, 3, 60).unwrap();
        for i in 0..120 {
            swarm
                .spawn(
                    &nav,
                    AgentKind::DRONE,
                    layout.entry_cells[i % layout.entry_cells.len()],
                )
                .unwrap();
        }
        let mut events = Vec::new();
        for _ in 0..400 {
            swarm.tick(&nav, &mut events);
        }
        let empty = cells_of(&layout.cells, CellType::Empty);
        for _ in 0..10 {
            let tower = empty[below(&mut rng, empty.len())];
            for reach in TIERS {
                let centre = FixedPos::centre_of(tower);
                let want = swarm
                    .agents()
                    .filter(|a| oracle_covers(&layout.cells, tower, a.cell, reach))
                    .min_by_key(|a| (a.position.distance_squared(centre), a.id))
                    .map(|a| a.id);
                assert_eq!(swarm.pick_target(&layout.cells, tower, reach), want);
            }
        }
    }
}
