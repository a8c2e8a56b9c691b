//! Read-only searches over a grid: A* (4-directional, Manhattan heuristic), breadth-first
//! distances, open-zone counting, and the generic breadth-first route the carving passes
//! use. All searches expand neighbours in the fixed order N, E, S, W and break every tie
//! on cell index, so results are identical on every run and machine.

use crate::geometry::Pos;
use crate::grid::Grid;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Marks a cell that a search has not reached.
pub const UNREACHED: u32 = u32::MAX;

/// Shortest 4-directional path over walkable cells from `from` to `to`, both included.
/// Empty if either end is not walkable or no path exists.
pub fn find_path(grid: &Grid, from: Pos, to: Pos) -> Vec<Pos> {
    let (Some(start), Some(goal)) = (grid.index(from), grid.index(to)) else {
        return Vec::new();
    };
    if !grid.is_walkable(from) || !grid.is_walkable(to) {
        return Vec::new();
    }
    let n = grid.len();
    let mut g = vec![UNREACHED; n];
    let mut parent = vec![u32::MAX; n];
    let mut closed = vec![false; n];
    // Min-heap on (f, h, index): lower f first, then the cell nearer the goal, then index.
    let mut open = BinaryHeap::new();
    g[start] = 0;
    open.push(Reverse((
        from.manhattan(to),
        from.manhattan(to),
        start as u32,
    )));
    while let Some(Reverse((_, _, current))) = open.pop() {
        let current = current as usize;
        if closed[current] {
            continue;
        }
        if current == goal {
            return unwind(grid, &parent, goal);
        }
        closed[current] = true;
        let next_g = g[current] + 1;
        for nb in grid.pos(current).neighbours4() {
            let Some(ni) = grid.index(nb) else { continue };
            if closed[ni] || next_g >= g[ni] || !grid.get(nb).is_walkable() {
                continue;
            }
            g[ni] = next_g;
            parent[ni] = current as u32;
            let h = nb.manhattan(to);
            open.push(Reverse((next_g + h, h, ni as u32)));
        }
    }
    Vec::new()
}

/// Breadth-first step counts over walkable cells from `from` (indexed like the grid);
/// [`UNREACHED`] where no walkable path leads.
pub fn distances_from(grid: &Grid, from: Pos) -> Vec<u32> {
    let mut dist = vec![UNREACHED; grid.len()];
    let Some(start) = grid.index(from) else {
        return dist;
    };
    if !grid.is_walkable(from) {
        return dist;
    }
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        for nb in grid.pos(i).neighbours4() {
            if let Some(ni) = grid.index(nb)
                && dist[ni] == UNREACHED
                && grid.get(nb).is_walkable()
            {
                dist[ni] = dist[i] + 1;
                queue.push_back(ni);
            }
        }
    }
    dist
}

/// Number of distinct 4-connected regions of walkable cells (BFS flood fill).
pub fn count_open_zones(grid: &Grid) -> u32 {
    let mut seen = vec![false; grid.len()];
    let mut queue = VecDeque::new();
    let mut zones = 0;
    for start in 0..grid.len() {
        if seen[start] || !grid.cells()[start].is_walkable() {
            continue;
        }
        zones += 1;
        seen[start] = true;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            for nb in grid.pos(i).neighbours4() {
                if let Some(ni) = grid.index(nb)
                    && !seen[ni]
                    && grid.get(nb).is_walkable()
                {
                    seen[ni] = true;
                    queue.push_back(ni);
                }
            }
        }
    }
    zones
}

/// Shortest route from `from` to the nearest cell satisfying `is_target`, stepping only
/// through cells satisfying `passable` (the target itself need not be passable). Returns
/// the cells from `from` to the target, both included.
pub fn route(
    grid: &Grid,
    from: Pos,
    passable: impl Fn(Pos) -> bool,
    is_target: impl Fn(Pos) -> bool,
) -> Option<Vec<Pos>> {
    let start = grid.index(from)?;
    let mut parent = vec![u32::MAX; grid.len()];
    parent[start] = start as u32;
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        for nb in grid.pos(i).neighbours4() {
            let Some(ni) = grid.index(nb) else { continue };
            if parent[ni] != u32::MAX {
                continue;
            }
            if is_target(nb) {
                parent[ni] = i as u32;
                return Some(unwind(grid, &parent, ni));
            }
            if passable(nb) {
                parent[ni] = i as u32;
                queue.push_back(ni);
            }
        }
    }
    None
}

/// Follows parent links from `end` back to the cell that is its own parent or has none.
fn unwind(grid: &Grid, parent: &[u32], end: usize) -> Vec<Pos> {
    let mut path = vec![grid.pos(end)];
    let mut i = end;
    while parent[i] != u32::MAX && parent[i] as usize != i {
        i = parent[i] as usize;
        path.push(grid.pos(i));
    }
    path.reverse();
    path
}
