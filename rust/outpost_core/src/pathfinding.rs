//! Read-only searches over a grid: A* (4-directional, Manhattan heuristic), breadth-first
//! distances, open-zone counting, and the generic breadth-first route the carving passes
//! use. All searches expand neighbours in the fixed order N, E, S, W and break every tie
//! on cell index, so results are identical on every run and machine.
//!
//! The searches run thousands of times per second during generation, so their working
//! buffers live in a per-thread [`Scratch`] that is reused from call to call instead of
//! being allocated each time.

use crate::geometry::Pos;
use crate::grid::Grid;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::mem;

/// Marks a cell that a search has not reached.
pub const UNREACHED: u32 = u32::MAX;

/// `parent` value of a cell no search step has reached.
const NO_PARENT: u8 = u8::MAX;
/// `parent` value of a search's start cell (it is its own parent).
const START: u8 = u8::MAX - 1;

/// Reusable working buffers of the searches.
#[derive(Default)]
struct Scratch {
    /// A* cost from the start, indexed like the grid.
    g: Vec<u32>,
    /// Direction (index into [`Pos::neighbours4`]) of the step that reached each cell,
    /// or [`NO_PARENT`] / [`START`]. Walking back needs no division by the grid height.
    parent: Vec<u8>,
    /// Cells already expanded (A*) or already queued (flood fill).
    seen: Vec<bool>,
    /// A* open list.
    open: OpenList,
    /// Breadth-first queue; `queue[head..]` is still to be expanded.
    queue: Vec<(Pos, usize)>,
    /// Position of every flat index of the last grid shape searched.
    positions: PositionTable,
}

/// `cells[i]` is the position of flat index `i` in a `width` x `height` grid.
#[derive(Default)]
struct PositionTable {
    width: i32,
    height: i32,
    cells: Vec<Pos>,
}

impl PositionTable {
    /// Rebuilds the table if `grid` has another shape than the last one.
    fn update(&mut self, grid: &Grid) {
        if (self.width, self.height) != (grid.width(), grid.height()) {
            self.width = grid.width();
            self.height = grid.height();
            self.cells = (0..grid.len()).map(|i| grid.pos(i)).collect();
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Runs `f` with this thread's reusable buffers, or fresh ones if a search further up the
/// stack (say, inside a `route` predicate) is already using them.
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        Err(_) => f(&mut Scratch::default()),
    })
}

/// Clears `buf` to `n` copies of `value`, keeping its allocation.
fn reset<T: Copy>(buf: &mut Vec<T>, n: usize, value: T) {
    buf.clear();
    buf.resize(n, value);
}

/// The cell one step back against direction `dir` (the inverse of `neighbours4()[dir]`).
#[inline]
fn step_back(p: Pos, dir: u8) -> Pos {
    match dir {
        0 => Pos::new(p.x, p.y + 1),
        1 => Pos::new(p.x - 1, p.y),
        2 => Pos::new(p.x, p.y - 1),
        _ => Pos::new(p.x + 1, p.y),
    }
}

/// The in-bounds 4-neighbours of the in-bounds cell `p` (flat index `i`) as (position,
/// flat index), in the order N, E, S, W; the array slot is the direction. A plain array
/// rather than a callback, so the search loops stay in one function body.
#[inline(always)]
fn neighbours(grid: &Grid, p: Pos, i: usize) -> [Option<(Pos, usize)>; 4] {
    let h = grid.height() as usize;
    [
        (p.y > 0).then(|| (Pos::new(p.x, p.y - 1), i - 1)),
        (p.x + 1 < grid.width()).then(|| (Pos::new(p.x + 1, p.y), i + h)),
        (p.y + 1 < grid.height()).then(|| (Pos::new(p.x, p.y + 1), i + 1)),
        (p.x > 0).then(|| (Pos::new(p.x - 1, p.y), i - h)),
    ]
}

/// The A* open list: pops the entry with the least (f, h, cell index).
///
/// With unit steps and the Manhattan heuristic every step changes h by exactly one, so
/// expanding a cell of cost f only adds entries of cost f or f + 2, and f never goes
/// down. Two heaps ordered by (h, index) therefore suffice: the current f and the next.
#[derive(Default)]
struct OpenList {
    f: u32,
    current: BinaryHeap<Reverse<u64>>,
    next: BinaryHeap<Reverse<u64>>,
}

impl OpenList {
    fn reset(&mut self, f: u32) {
        self.f = f;
        self.current.clear();
        self.next.clear();
    }

    #[inline]
    fn push(&mut self, f: u32, h: u32, index: usize) {
        let key = Reverse((u64::from(h) << 32) | index as u64);
        if f == self.f {
            self.current.push(key);
        } else {
            debug_assert_eq!(f, self.f + 2, "A* cost jumped");
            self.next.push(key);
        }
    }

    /// The next cell index to expand.
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.current.is_empty() {
            mem::swap(&mut self.current, &mut self.next);
            self.f += 2;
        }
        self.current.pop().map(|Reverse(key)| key as u32 as usize)
    }
}

/// Shortest 4-directional path over walkable cells from `from` to `to`, both included.
/// Empty if either end is not walkable or no path exists.
pub fn find_path(grid: &Grid, from: Pos, to: Pos) -> Vec<Pos> {
    if grid.index(from).is_none() || grid.index(to).is_none() {
        return Vec::new();
    }
    if !grid.is_walkable(from) || !grid.is_walkable(to) {
        return Vec::new();
    }
    with_scratch(|s| s.find_path(grid, from, to))
}

impl Scratch {
    fn find_path(&mut self, grid: &Grid, from: Pos, to: Pos) -> Vec<Pos> {
        let n = grid.len();
        let cells = grid.cells();
        reset(&mut self.g, n, UNREACHED);
        reset(&mut self.parent, n, NO_PARENT);
        reset(&mut self.seen, n, false);
        self.positions.update(grid);
        let (g, parent, closed) = (&mut self.g, &mut self.parent, &mut self.seen);
        let (open, positions) = (&mut self.open, &self.positions.cells);
        let (Some(start), Some(goal)) = (grid.index(from), grid.index(to)) else {
            return Vec::new();
        };
        g[start] = 0;
        let h0 = from.manhattan(to);
        open.reset(h0);
        open.push(h0, h0, start);
        while let Some(ci) = open.pop() {
            if closed[ci] {
                continue;
            }
            if ci == goal {
                return unwind(parent, grid, to, g[ci] as usize + 1);
            }
            closed[ci] = true;
            let next_g = g[ci] + 1;
            for (dir, step) in (0..).zip(neighbours(grid, positions[ci], ci)) {
                let Some((nb, ni)) = step else { continue };
                if closed[ni] || next_g >= g[ni] || !cells[ni].is_walkable() {
                    continue;
                }
                g[ni] = next_g;
                parent[ni] = dir;
                let h = nb.manhattan(to);
                open.push(next_g + h, h, ni);
            }
        }
        Vec::new()
    }

    /// Breadth-first distances from `start` (walkable, in bounds) into `dist`.
    fn distances(&mut self, grid: &Grid, start: Pos, dist: &mut [u32]) {
        let cells = grid.cells();
        let queue = &mut self.queue;
        queue.clear();
        if let Some(si) = grid.index(start) {
            dist[si] = 0;
            queue.push((start, si));
        }
        let mut head = 0;
        while let Some(&(p, i)) = queue.get(head) {
            head += 1;
            let next = dist[i] + 1;
            for step in neighbours(grid, p, i) {
                let Some((nb, ni)) = step else { continue };
                if dist[ni] == UNREACHED && cells[ni].is_walkable() {
                    dist[ni] = next;
                    queue.push((nb, ni));
                }
            }
        }
    }

    fn count_open_zones(&mut self, grid: &Grid) -> u32 {
        let cells = grid.cells();
        reset(&mut self.seen, grid.len(), false);
        let (seen, queue) = (&mut self.seen, &mut self.queue);
        let mut zones = 0;
        for (start, &t) in cells.iter().enumerate() {
            if seen[start] || !t.is_walkable() {
                continue;
            }
            zones += 1;
            seen[start] = true;
            queue.clear();
            queue.push((grid.pos(start), start));
            let mut head = 0;
            while let Some(&(p, i)) = queue.get(head) {
                head += 1;
                for step in neighbours(grid, p, i) {
                    let Some((nb, ni)) = step else { continue };
                    if !seen[ni] && cells[ni].is_walkable() {
                        seen[ni] = true;
                        queue.push((nb, ni));
                    }
                }
            }
        }
        zones
    }

    fn route(
        &mut self,
        grid: &Grid,
        from: Pos,
        passable: impl Fn(Pos) -> bool,
        is_target: impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        let start = grid.index(from)?;
        reset(&mut self.parent, grid.len(), NO_PARENT);
        let (parent, queue) = (&mut self.parent, &mut self.queue);
        parent[start] = START;
        queue.clear();
        queue.push((from, start));
        let mut head = 0;
        while let Some(&(p, _)) = queue.get(head) {
            head += 1;
            for (dir, nb) in (0..).zip(p.neighbours4()) {
                let Some(ni) = grid.index(nb) else { continue };
                if parent[ni] != NO_PARENT {
                    continue;
                }
                if is_target(nb) {
                    parent[ni] = dir;
                    let len = path_len(parent, grid, nb);
                    return Some(unwind(parent, grid, nb, len));
                }
                if passable(nb) {
                    parent[ni] = dir;
                    queue.push((nb, ni));
                }
            }
        }
        None
    }
}

/// Breadth-first step counts over walkable cells from `from` (indexed like the grid);
/// [`UNREACHED`] where no walkable path leads.
pub fn distances_from(grid: &Grid, from: Pos) -> Vec<u32> {
    let mut dist = vec![UNREACHED; grid.len()];
    if grid.index(from).is_some() && grid.is_walkable(from) {
        with_scratch(|s| s.distances(grid, from, &mut dist));
    }
    dist
}

/// Number of distinct 4-connected regions of walkable cells (BFS flood fill).
pub fn count_open_zones(grid: &Grid) -> u32 {
    with_scratch(|s| s.count_open_zones(grid))
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
    with_scratch(|s| s.route(grid, from, passable, is_target))
}

/// Number of cells on the parent chain from `end` back to the start, both included.
fn path_len(parent: &[u8], grid: &Grid, end: Pos) -> usize {
    let mut len = 1;
    let mut p = end;
    while let Some(dir) = grid.index(p).map(|i| parent[i]).filter(|&d| d < START) {
        p = step_back(p, dir);
        len += 1;
    }
    len
}

/// The `len` cells of the parent chain ending at `end`, start first.
fn unwind(parent: &[u8], grid: &Grid, end: Pos, len: usize) -> Vec<Pos> {
    let mut path = vec![end; len];
    let mut p = end;
    for slot in path.iter_mut().rev().skip(1) {
        let dir = grid.index(p).map_or(NO_PARENT, |i| parent[i]);
        debug_assert!(dir < START, "parent chain shorter than its length");
        p = step_back(p, dir);
        *slot = p;
    }
    path
}
