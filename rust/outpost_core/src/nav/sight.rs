//! Line of sight and tower reach: what a tower on one cell can hit, and the tower tier a
//! room needs (the reference's "tower zone annotation").
//!
//! Reads the grid (only WALL cells block sight; towers, agents and the other cell types
//! do not) and a tower's reach; writes yes/no answers, the tower zone of every cell (the
//! room it is nearest) and, per room, the lowest tier from which one tower covers its
//! whole zone. Exact integer geometry: cell centres are compared in half-cell units, so
//! every platform gives the same answers.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;

/// How far a tower reaches: a range in thousandths of a cell (between cell centres, so
/// 1,000 reaches the four neighbours), and whether it needs a clear line (a low tower
/// shoots between walls; a high one fires over them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reach {
    /// Range between cell centres, in thousandths of a cell.
    pub range_milli: u32,
    /// Whether WALL cells between the tower and its target stop the shot.
    pub needs_line_of_sight: bool,
}

/// Whether the segment between the centres of `from` and `to` touches no WALL cell (a
/// wall's closed square, so grazing a wall's corner blocks too). False if either end is a
/// WALL or off the grid.
///
/// Walks the columns the segment crosses; in each, the rows its y-extent covers there.
pub fn line_of_sight(grid: &Grid, from: Pos, to: Pos) -> bool {
    if !grid.in_bounds(from) || !grid.in_bounds(to) {
        return false;
    }
    let (a, b) = if from.x <= to.x {
        (from, to)
    } else {
        (to, from)
    };
    // Doubled coordinates: cell (x, y) spans [2x, 2x + 2] x [2y, 2y + 2], its centre is
    // (2x + 1, 2y + 1).
    let (ax, ay) = (i64::from(2 * a.x + 1), i64::from(2 * a.y + 1));
    let (bx, by) = (i64::from(2 * b.x + 1), i64::from(2 * b.y + 1));
    let (dx, dy) = (bx - ax, by - ay);
    let wall = |x: i64, y: i64| grid.get(Pos::new(x as i32, y as i32)) == CellType::Wall;
    if dx == 0 {
        let (lo, hi) = (ay.min(by), ay.max(by));
        // Rows whose closed span [2j, 2j + 2] meets [lo, hi]; lo and hi are odd.
        return ((lo - 1) / 2..=(hi - 1) / 2).all(|y| !wall(i64::from(a.x), y));
    }
    for x in i64::from(a.x)..=i64::from(b.x) {
        // The part of the segment over column x's closed span, as y = (Y / dx).
        let (x0, x1) = ((2 * x).max(ax), (2 * x + 2).min(bx));
        let y_at = |px: i64| ay * dx + (px - ax) * dy;
        let (ya, yb) = (y_at(x0), y_at(x1));
        let (lo, hi) = (ya.min(yb), ya.max(yb));
        // Rows j with 2j <= hi / dx and 2j + 2 >= lo / dx.
        let first =
            (lo - 2 * dx).div_euclid(2 * dx) + i64::from((lo - 2 * dx).rem_euclid(2 * dx) != 0);
        let last = hi.div_euclid(2 * dx);
        if (first..=last).any(|y| wall(x, y)) {
            return false;
        }
    }
    true
}

/// Whether a tower on `tower` with `reach` can hit an agent on `cell`: within range of
/// the cell's centre, and with a clear line if the reach needs one.
pub fn covers(grid: &Grid, tower: Pos, cell: Pos, reach: Reach) -> bool {
    let (dx, dy) = (i64::from(cell.x - tower.x), i64::from(cell.y - tower.y));
    let range = i64::from(reach.range_milli);
    (dx * dx + dy * dy) * 1_000_000 <= range * range
        && (!reach.needs_line_of_sight || line_of_sight(grid, tower, cell))
}

/// The tower zone of every cell: the index of the room (in `rooms` order) whose walkable
/// cells are nearest by steps over walkable cells, the lowest index among equals; `None`
/// for cells that are not walkable or reach no room. Indexed `x * height + y`.
///
/// Rooms are the layout's inset BSP rectangles, often a few cells each; their zones
/// share out the corridors and open floor around them, so the zones tile the storey.
/// One breadth-first search from every room at once, layer by layer; within a layer,
/// rooms claim cells in index order. Grids up to 32 x 32 (every navigator's).
pub fn room_zones(grid: &Grid, rooms: &[Rect]) -> Vec<Option<usize>> {
    let h = grid.height() as usize;
    let mut zone = vec![None; grid.len()];
    let walkable = Bits::of(grid, CellType::is_walkable);
    let mut claimed = Bits::EMPTY;
    let mut frontiers: Vec<Bits> = rooms
        .iter()
        .map(|&room| {
            let mut cells = Bits::EMPTY;
            cells.insert_rect(room);
            cells & walkable
        })
        .collect();
    loop {
        let mut any = false;
        for (r, frontier) in frontiers.iter_mut().enumerate() {
            *frontier = frontier.minus(&claimed);
            for p in frontier.iter() {
                zone[p.x as usize * h + p.y as usize] = Some(r);
            }
            claimed |= *frontier;
            any |= !frontier.is_empty();
        }
        if !any {
            return zone;
        }
        for frontier in &mut frontiers {
            *frontier = frontier.spread_within_except(&walkable, &claimed);
        }
    }
}

/// For each room, the index of the first of `tiers` (lowest first) from which one tower
/// on an EMPTY cell in or next to the room's zone ([`room_zones`]) covers every cell of
/// the zone; `None` where no tier does (or the zone is empty).
pub fn recommend_tiers(grid: &Grid, rooms: &[Rect], tiers: &[Reach]) -> Vec<Option<usize>> {
    let zone = room_zones(grid, rooms);
    let mut cells: Vec<Vec<Pos>> = vec![Vec::new(); rooms.len()];
    for (i, z) in zone.iter().enumerate() {
        if let Some(r) = *z {
            cells[r].push(grid.pos(i));
        }
    }
    let empty = Bits::of(grid, |t| t == CellType::Empty);
    cells
        .iter()
        .map(|targets| {
            let mut near = Bits::EMPTY;
            for &p in targets {
                near.insert(p);
            }
            let spots: Vec<Pos> = (near.spread4() & empty).iter().collect();
            if targets.is_empty() {
                return None;
            }
            tiers.iter().position(|&reach| {
                spots
                    .iter()
                    .any(|&t| targets.iter().all(|&c| covers(grid, t, c, reach)))
            })
        })
        .collect()
}
