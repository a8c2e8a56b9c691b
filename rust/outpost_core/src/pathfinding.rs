//! Read-only searches over a grid: A* (4-directional, Manhattan heuristic), breadth-first
//! distances, open-zone counting, and the breadth-first route the carving passes use.
//! All searches expand neighbours in the fixed order N, E, S, W and break every tie on
//! cell index, so results are identical on every run and machine.
//!
//! Zone counting and routes run on column bitboards ([`crate::bits`]); A* runs on a
//! framed copy of the grid. The searches run thousands of times per second during
//! generation, so their working buffers live in a per-thread [`Scratch`] that is reused
//! from call to call instead of being allocated each time.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;
use std::cell::RefCell;
use std::mem;

/// The distance of a cell a search has not reached: the same marker as
/// [`crate::nav::UNREACHABLE`], the greatest value of its type, here in the `u32` these
/// searches count steps in. They work on grids of any size ([`find_path`],
/// [`count_open_zones`]), whose step counts a distance field's `u16` could not hold; a
/// distance field covers one storey of at most 32 x 32 cells.
pub const UNREACHABLE: u32 = u32::MAX;

/// `parent` value of a cell no search step has reached.
const NO_PARENT: u8 = u8::MAX;
/// `parent` value of a search's start cell (it is its own parent).
const START: u8 = u8::MAX - 1;

/// Reusable working buffers of the searches.
#[derive(Default)]
struct Scratch {
    /// The grid being searched by A*, framed (see [`Framed`]).
    framed: Framed,
    /// A* cost from the start, indexed like `framed`.
    g: Vec<u32>,
    /// Direction (index into [`Pos::neighbours4`]) of the step that reached each cell,
    /// or [`NO_PARENT`] / [`START`]. Walking back needs no division by the grid height.
    parent: Vec<u8>,
    /// Cells already queued (flood fill).
    seen: Vec<bool>,
    /// A* open list.
    open: OpenList,
    /// Breadth-first queue; `queue[head..]` is still to be expanded.
    queue: Vec<(Pos, usize)>,
}

impl Scratch {
    /// A* over `self.framed` between two walkable cells. Expands neighbours N, E, S, W
    /// and pops the least (f, h, index), so the path is the same on every machine.
    ///
    /// No closed set is needed. The heuristic is consistent, so a cell's cost is final
    /// when it is first expanded and no later step improves on it (`next_g >= g` skips
    /// it). A cell is only pushed again with a strictly lower cost, so an entry whose
    /// `f - h` exceeds the cell's cost is stale; it pops after the better entry and is
    /// skipped.
    fn find_path(&mut self, from: Pos, to: Pos) -> Vec<Pos> {
        let framed = &self.framed;
        self.g.clear();
        self.g.extend_from_slice(&framed.initial_g);
        // Every cell the walk back visits had its parent set by this search.
        self.parent.resize(framed.initial_g.len(), NO_PARENT);
        let (g, parent, open) = (&mut self.g, &mut self.parent, &mut self.open);
        let steps = framed.steps();
        let (start, goal) = (framed.index(from), framed.index(to));
        g[start] = 0;
        parent[start] = START;
        let h0 = from.manhattan(to);
        open.reset(h0);
        open.push(h0, h0, start);
        while let Some((f, h, ci)) = open.pop() {
            if g[ci] != f - h {
                continue;
            }
            if ci == goal {
                return framed.unwind(parent, goal, g[ci] as usize + 1);
            }
            let next_g = g[ci] + 1;
            let neighbours = framed.pos[ci].neighbours4();
            for (dir, (step, nb)) in (0..).zip(steps.into_iter().zip(neighbours)) {
                let ni = ci.wrapping_add(step);
                if next_g >= g[ni] {
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
    #[cfg(test)]
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
                if dist[ni] == UNREACHABLE && cells[ni].is_walkable() {
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
}

/// A grid framed by one blocked cell on every side, so that the neighbours of any
/// grid cell sit at fixed index offsets with no bounds test. The framed index of (x, y)
/// is `(x + 1) * (height + 2) + y + 1`, which orders cells exactly as the grid's own
/// index does: ties broken on either index break the same way.
#[derive(Default)]
struct Framed {
    width: i32,
    height: i32,
    /// `height + 2`.
    stride: usize,
    /// A* costs before a search: 0 for the frame and every cell that is not walkable
    /// (no step can improve on 0, so they are never entered), [`UNREACHABLE`] elsewhere.
    initial_g: Vec<u32>,
    /// The position of every framed index (the frame's lie just off the grid).
    pos: Vec<Pos>,
}

impl Framed {
    fn load(&mut self, grid: &Grid) {
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        // The position table only changes with the grid size.
        // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
        if (self.width, self.height) != (grid.width(), grid.height()) {
            self.width = grid.width();
            self.height = grid.height();
            self.stride = h + 2;
            let stride = self.stride as i32;
            self.pos = (0..(w + 2) * (h + 2))
                .map(|i| Pos::new(i as i32 / stride - 1, i as i32 % stride - 1))
                .collect();
        }
        reset(&mut self.initial_g, (w + 2) * (h + 2), 0);
        for (x, column) in grid.cells().chunks_exact(h).enumerate() {
            let start = (x + 1) * self.stride + 1;
            for (g, &t) in self.initial_g[start..start + h].iter_mut().zip(column) {
                *g = if t.is_walkable() { UNREACHABLE } else { 0 };
            }
        }
    }

    /// The framed index of the grid position `p` (in bounds).
    #[inline]
    fn index(&self, p: Pos) -> usize {
        (p.x as usize + 1) * self.stride + p.y as usize + 1
    }

    /// Index offsets of the steps N, E, S, W (wrapping arithmetic).
    #[inline]
    fn steps(&self) -> [usize; 4] {
        [usize::MAX, self.stride, 1, self.stride.wrapping_neg()]
    }

    /// The `len` cells of the parent chain ending at framed index `end`, start first.
    fn unwind(&self, parent: &[u8], end: usize, len: usize) -> Vec<Pos> {
        let steps = self.steps();
        let mut path = vec![self.pos[end]; len];
        let mut i = end;
        for slot in path.iter_mut().rev().skip(1) {
            let dir = parent[i];
            debug_assert!(dir < START, "parent chain shorter than its length");
            i = i.wrapping_sub(steps[usize::from(dir)]);
            *slot = self.pos[i];
        }
        path
    }
}

thread_local! {
    // Search buffers reused by every search on this thread: kept for the instructions
    // they save per storey (callgrind; docs/performance.md).
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

/// The in-bounds 4-neighbours of the in-bounds cell `p` (flat index `i`) as (position,
/// flat index), in the order N, E, S, W; the array slot is the direction. A plain array
/// rather than a callback, so the search loops stay in one function body.
#[inline]
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
/// down. Two lists of (h, index) keys therefore suffice: the current f and the next.
/// The current one is kept sorted, least key last. A cell of cost f that is expanded
/// was the least key, and its children of the same f have h one lower, so they almost
/// always go straight onto the end: cheaper than a binary heap, with the same order.
#[derive(Default)]
struct OpenList {
    f: u32,
    /// Keys of cost `f`, sorted in descending order.
    current: Vec<u64>,
    /// Keys of cost `f + 2`, in any order.
    next: Vec<u64>,
}

impl OpenList {
    fn reset(&mut self, f: u32) {
        self.f = f;
        self.current.clear();
        self.next.clear();
    }

    #[inline]
    fn push(&mut self, f: u32, h: u32, index: usize) {
        let key = (u64::from(h) << 32) | index as u64;
        if f == self.f {
            let at = self
                .current
                .iter()
                .rposition(|&k| k >= key)
                .map_or(0, |i| i + 1);
            self.current.insert(at, key);
        } else {
            debug_assert_eq!(f, self.f + 2, "A* cost jumped");
            self.next.push(key);
        }
    }

    /// The next entry to expand, as (f, h, cell index).
    #[inline]
    fn pop(&mut self) -> Option<(u32, u32, usize)> {
        if self.current.is_empty() {
            mem::swap(&mut self.current, &mut self.next);
            self.current.sort_unstable_by(|a, b| b.cmp(a));
            self.f += 2;
        }
        let key = self.current.pop()?;
        Some((self.f, (key >> 32) as u32, key as u32 as usize))
    }
}

/// Shortest 4-directional path over walkable cells from `from` to `to`, both included
/// (A* with the Manhattan heuristic; among shortest paths, the same one on every
/// machine). Empty if either end is not walkable or no path exists. Works on any grid.
///
/// ```
/// use outpost_core::validator::find_path;
/// use outpost_core::{Pos, ascii};
///
/// let grid = ascii::parse(
///     "E.#.B\n\
///      ..#..\n\
///      .....\n",
/// )?;
/// let path = find_path(&grid, Pos::new(0, 0), Pos::new(4, 0));
/// assert_eq!(path.len(), 9); // 8 steps around the wall
/// assert_eq!(path.first(), Some(&Pos::new(0, 0)));
/// assert_eq!(path.last(), Some(&Pos::new(4, 0)));
/// assert!(path.iter().all(|&p| grid.is_walkable(p)));
///
/// assert!(find_path(&grid, Pos::new(0, 0), Pos::new(2, 0)).is_empty()); // a wall
/// # Ok::<(), String>(())
/// ```
pub fn find_path(grid: &Grid, from: Pos, to: Pos) -> Vec<Pos> {
    find_paths(grid, &[from], to).pop().unwrap_or_default()
}

/// [`find_path`] from each of `starts` to `to`, in order, loading the grid once.
pub(crate) fn find_paths(grid: &Grid, starts: &[Pos], to: Pos) -> Vec<Vec<Pos>> {
    if !grid.is_walkable(to) {
        return vec![Vec::new(); starts.len()];
    }
    with_scratch(|s| {
        s.framed.load(grid);
        starts
            .iter()
            .map(|&from| {
                if grid.is_walkable(from) {
                    s.find_path(from, to)
                } else {
                    Vec::new()
                }
            })
            .collect()
    })
}

/// Breadth-first step counts over walkable cells from `from` (indexed like the grid);
/// [`UNREACHABLE`] where no walkable path leads. The reference the faster searches are
/// tested against.
#[cfg(test)]
fn distances_from(grid: &Grid, from: Pos) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; grid.len()];
    if grid.index(from).is_some() && grid.is_walkable(from) {
        with_scratch(|s| s.distances(grid, from, &mut dist));
    }
    dist
}

/// Number of distinct 4-connected regions of walkable cells (flood fill); 1 for every
/// generated storey. Works on any grid.
pub fn count_open_zones(grid: &Grid) -> u32 {
    if !Bits::fits(grid) {
        return count_open_zones_by_cell(grid);
    }
    let mut left = Bits::of(grid, CellType::is_walkable);
    let mut zones = 0;
    while let Some(start) = left.first() {
        left = left.minus(&Bits::flood(&left, start));
        zones += 1;
    }
    zones
}

/// [`count_open_zones`] by breadth-first search cell by cell, for grids too large for a
/// bitboard (and the reference the bitboard version is tested against).
fn count_open_zones_by_cell(grid: &Grid) -> u32 {
    with_scratch(|s| s.count_open_zones(grid))
}

/// Breadth-first search from `from` through the cells of `within`, one whole layer per
/// step on bitboards: returns the cells reached and writes into `dist[k]` the step
/// count from `from` to `targets[k]` ([`UNREACHABLE`] if it is not reached).
pub fn layer_distances(within: &Bits, from: Pos, targets: &[Pos], dist: &mut [u32]) -> Bits {
    debug_assert_eq!(targets.len(), dist.len());
    dist.fill(UNREACHABLE);
    let mut reached = Bits::single(from) & *within;
    let mut frontier = reached;
    let mut step = 0;
    while !frontier.is_empty() {
        for (&t, d) in targets.iter().zip(dist.iter_mut()) {
            if *d == UNREACHABLE && frontier.contains(t) {
                *d = step;
            }
        }
        frontier = frontier.spread_within_except(within, &reached);
        reached |= frontier;
        step += 1;
    }
    reached
}

/// Shortest route from `from` to the nearest cell of `targets`, stepping only through
/// cells of `passable` (the target itself need not be passable, and is never stepped
/// through). Returns the cells from `from` to the target, both included, or `None` if
/// no target can be reached. Both sets must hold cells of `grid` only.
///
/// Among shortest routes it returns the one a first-in-first-out breadth-first search
/// expanding neighbours N, E, S, W finds: the route whose sequence of directions is
/// least when compared step by step from `from`. (That search reaches every cell first
/// from the earliest queued neighbour, and cells are queued in that order of their
/// routes.) It is computed on bitboards: breadth-first layers from `from` until a layer
/// meets a target; then, walking the layers back, the cells that lie on some shortest
/// route; then the route itself, taking at each step the first direction that stays on
/// one.
pub fn route(grid: &Grid, from: Pos, passable: &Bits, targets: &Bits) -> Option<Vec<Pos>> {
    if !grid.in_bounds(from) {
        return None;
    }
    let enterable = *passable | *targets;
    let start = Bits::single(from);
    // Room for the longest route of a storey up front: growing the vector one doubling
    // at a time copied every layer several times.
    let mut layers = Vec::with_capacity(64);
    layers.push(start);
    let mut reached = start;
    let met = loop {
        let last = layers.last().copied().unwrap_or(start);
        let next = last.spread_within_except(&enterable, &reached);
        if next.is_empty() {
            return None;
        }
        let met = next & *targets;
        if !met.is_empty() {
            break met;
        }
        reached |= next;
        layers.push(next);
    };
    // on_route[k]: cells k steps from `from` that lie on a shortest route to `met`.
    let steps = layers.len();
    let mut on_route = layers;
    on_route.push(met);
    for k in (1..steps).rev() {
        on_route[k] = on_route[k] & on_route[k + 1].spread4();
    }
    let mut path = Vec::with_capacity(steps + 1);
    path.push(from);
    let mut at = from;
    for cells in &on_route[1..] {
        at = at.neighbours4().into_iter().find(|&n| cells.contains(n))?;
        path.push(at);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(rows: &[&str]) -> Grid {
        crate::ascii::parse(&rows.join("\n")).expect("test grid parses")
    }

    /// A random grid of up to `MAX_SIDE` x `MAX_SIDE` cells, mostly floor and wall.
    fn arbitrary_grid() -> impl Strategy<Value = Grid> {
        use crate::bits::MAX_SIDE;
        (1..=MAX_SIDE, 1..=MAX_SIDE).prop_flat_map(|(w, h)| {
            proptest::collection::vec(0..10u8, (w * h) as usize).prop_map(move |raw| {
                let columns: Vec<Vec<i64>> = raw
                    .chunks(h as usize)
                    .map(|c| c.iter().map(|&v| i64::from(v.min(6))).collect())
                    .collect();
                Grid::from_columns(&columns).expect("values are cell types")
            })
        })
    }

    proptest! {
        #[test]
        fn zone_count_matches_the_cell_by_cell_search(grid in arbitrary_grid()) {
            prop_assert_eq!(count_open_zones(&grid), count_open_zones_by_cell(&grid));
        }

        #[test]
        fn layer_distances_match_the_cell_by_cell_distances(grid in arbitrary_grid(), pick in 0..1024usize) {
            let from = grid.pos(pick % grid.len());
            let walkable = Bits::of(&grid, CellType::is_walkable);
            let targets: Vec<Pos> = (0..grid.len()).map(|i| grid.pos(i)).collect();
            let mut dist = vec![0; targets.len()];
            let reached = layer_distances(&walkable, from, &targets, &mut dist);
            let want = distances_from(&grid, from);
            prop_assert_eq!(&dist, &want);
            let want_reached: Vec<Pos> =
                targets.iter().zip(&want).filter(|(_, d)| **d != UNREACHABLE).map(|(p, _)| *p).collect();
            prop_assert_eq!(reached.iter().collect::<Vec<_>>(), want_reached);
        }
    }

    #[test]
    fn layer_distances_are_breadth_first_step_counts() {
        let g = parse(&["...#", "##.#", "...."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let targets = [Pos::new(0, 2), Pos::new(3, 2), Pos::new(3, 0)];
        let mut dist = [0; 3];
        let reached = layer_distances(&walk, Pos::new(0, 0), &targets, &mut dist);
        assert_eq!(dist, [6, 5, UNREACHABLE]);
        assert_eq!(reached, walk);
    }

    /// The search [`route`] stands for: first in, first out, neighbours N, E, S, W, a
    /// target ending the search as soon as it is seen.
    fn route_by_queue(grid: &Grid, from: Pos, passable: &Bits, targets: &Bits) -> Option<Vec<Pos>> {
        let mut parent: Vec<Option<Pos>> = vec![None; grid.len()];
        let mut seen = Bits::single(from);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            for nb in p.neighbours4() {
                let is_target = targets.contains(nb);
                if seen.contains(nb) || !(is_target || passable.contains(nb)) {
                    continue;
                }
                seen.insert(nb);
                parent[grid.index(nb)?] = Some(p);
                if is_target {
                    let mut path = vec![nb];
                    let mut at = nb;
                    while let Some(back) = parent[grid.index(at)?] {
                        path.push(back);
                        at = back;
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(nb);
            }
        }
        None
    }

    /// A grid size, a set of passable cells and a set of targets on it, and a start.
    fn arbitrary_case() -> impl Strategy<Value = (Grid, Bits, Bits, Pos)> {
        (1..=20i32, 1..=20i32).prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            (
                proptest::collection::vec(0..100u8, n),
                0..n,
                1..40u8,
                0..4u8,
            )
                .prop_map(move |(noise, start, open_percent, target_percent)| {
                    let grid = Grid::new(w, h, CellType::Wall);
                    let (mut passable, mut targets) = (Bits::EMPTY, Bits::EMPTY);
                    for (i, &v) in noise.iter().enumerate() {
                        let p = grid.pos(i);
                        if v < target_percent {
                            targets.insert(p);
                        } else if v < target_percent + 60 - open_percent {
                            passable.insert(p);
                        }
                    }
                    let start = grid.pos(start);
                    (grid, passable, targets, start)
                })
        })
    }

    /// A grid of up to 30 x 30 cells, about a third of them WALL, and two cells of it.
    fn grid_and_ends() -> impl Strategy<Value = (Grid, Pos, Pos)> {
        (1..=30i32, 1..=30i32).prop_flat_map(|(w, h)| {
            let n = (w * h) as usize;
            (proptest::collection::vec(0..3u8, n), 0..n, 0..n).prop_map(move |(raw, a, b)| {
                let columns: Vec<Vec<i64>> = raw
                    .chunks(h as usize)
                    .map(|c| c.iter().map(|&v| if v == 0 { 1 } else { 2 }).collect())
                    .collect();
                let grid = Grid::from_columns(&columns).expect("values are cell types");
                let (a, b) = (grid.pos(a), grid.pos(b));
                (grid, a, b)
            })
        })
    }

    proptest! {
        #[test]
        fn find_path_returns_a_shortest_walkable_path((grid, from, to) in grid_and_ends()) {
            let path = find_path(&grid, from, to);
            let dist = distances_from(&grid, from);
            let shortest = if grid.is_walkable(to) { dist[grid.index(to).unwrap()] } else { UNREACHABLE };
            if shortest == UNREACHABLE {
                prop_assert!(path.is_empty());
            } else {
                prop_assert_eq!(path.len() as u32, shortest + 1);
                prop_assert_eq!(path.first(), Some(&from));
                prop_assert_eq!(path.last(), Some(&to));
                for step in path.windows(2) {
                    prop_assert_eq!(step[0].manhattan(step[1]), 1);
                    prop_assert!(grid.is_walkable(step[1]));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn route_is_the_route_a_first_in_first_out_search_finds(
            (grid, passable, targets, start) in arbitrary_case()
        ) {
            prop_assert_eq!(
                route(&grid, start, &passable, &targets),
                route_by_queue(&grid, start, &passable, &targets)
            );
        }
    }
}
