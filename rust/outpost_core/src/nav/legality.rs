//! Tower legality for a whole storey in one pass: where may one more tower stand
//! without cutting the cells that must stay connected apart?
//!
//! Reads the free cells (walkable, no tower yet), the candidate cells (EMPTY, free, not
//! required) and the required cells; writes the set of candidates a tower may take.
//!
//! A tower blocks its cell. Blocking a cell changes which cells are connected only if it
//! is an articulation point of the free cells' graph, so one depth-first search with
//! discovery and low numbers (Tarjan) classifies every cell at once, in O(cells),
//! instead of one flood fill per candidate. For each cell it also counts the required
//! cells under it in the search tree: removing cell `c` leaves one piece per child
//! subtree whose low number does not climb above `c` (its "separated" children), plus
//! the rest of `c`'s region. The candidate is legal when at most one of those pieces
//! holds required cells: the placement then splits no group of required cells that is
//! connected today. (When every required cell lies in one region, as on a generated
//! storey, that is exactly "they all stay in one walkable region".)

use crate::bits::{Bits, MAX_SIDE};
use crate::geometry::Pos;

/// Cells of the largest bitboard grid.
const MAX_CELLS: usize = (MAX_SIDE * MAX_SIDE) as usize;
/// "No cell" in the parent links.
const NONE: u16 = u16::MAX;

/// The candidates where one more tower keeps every group of connected required cells
/// connected. `free`, `candidates` and `required` hold cells of a `width` x `height`
/// grid; `candidates` and `required` are subsets of `free`.
pub(crate) fn legal_cells(
    free: &Bits,
    candidates: &Bits,
    required: &Bits,
    width: i32,
    height: i32,
) -> Bits {
    let rows = height as usize;
    let mut search = Search::new(free, required, width as usize, rows);
    let mut legal = Bits::EMPTY;
    let mut order: Vec<u16> = Vec::with_capacity(width as usize * rows);
    for start in free.iter() {
        let start = (start.x as usize * rows + start.y as usize) as u16;
        if search.disc[start as usize] != 0 {
            continue;
        }
        let first = order.len();
        search.search(start, &mut order);
        let total = search.req_under[start as usize];
        for &index in &order[first..] {
            let cell = Pos::new(i32::from(index) / height, i32::from(index) % height);
            if !candidates.contains(cell) {
                continue;
            }
            let i = index as usize;
            // Candidates are not required, so the rest of the region holds every
            // required cell outside the separated subtrees.
            let rest = total - search.req_in_separated[i];
            let pieces = u16::from(search.separated_with_req[i]) + u16::from(rest > 0);
            if pieces <= 1 {
                legal.insert(cell);
            }
        }
    }
    legal
}

/// Scratch of one depth-first search over a grid's free cells, indexed in grid order.
struct Search {
    w: usize,
    h: usize,
    free: [bool; MAX_CELLS],
    required: [bool; MAX_CELLS],
    /// Discovery time, from 1 (0: not visited yet).
    disc: [u16; MAX_CELLS],
    /// Least discovery time reachable from the subtree through one back edge.
    low: [u16; MAX_CELLS],
    /// Required cells in the subtree.
    req_under: [u16; MAX_CELLS],
    /// Required cells in the separated child subtrees.
    req_in_separated: [u16; MAX_CELLS],
    /// Separated child subtrees holding a required cell.
    separated_with_req: [u8; MAX_CELLS],
    parent: [u16; MAX_CELLS],
    time: u16,
}

impl Search {
    fn new(free: &Bits, required: &Bits, w: usize, h: usize) -> Box<Search> {
        let mut s = Box::new(Search {
            w,
            h,
            free: [false; MAX_CELLS],
            required: [false; MAX_CELLS],
            disc: [0; MAX_CELLS],
            low: [0; MAX_CELLS],
            req_under: [0; MAX_CELLS],
            req_in_separated: [0; MAX_CELLS],
            separated_with_req: [0; MAX_CELLS],
            parent: [NONE; MAX_CELLS],
            time: 0,
        });
        for p in free.iter() {
            s.free[p.x as usize * h + p.y as usize] = true;
        }
        for p in required.iter() {
            s.required[p.x as usize * h + p.y as usize] = true;
        }
        s
    }

    /// The free neighbour of cell `i` in direction `dir` (north, east, south, west).
    #[inline]
    fn neighbour(&self, i: usize, dir: u8) -> Option<usize> {
        let (x, y) = (i / self.h, i % self.h);
        let n = match dir {
            0 if y > 0 => i - 1,
            1 if x + 1 < self.w => i + self.h,
            2 if y + 1 < self.h => i + 1,
            3 if x > 0 => i - self.h,
            _ => return None,
        };
        self.free[n].then_some(n)
    }

    fn visit(&mut self, v: usize, parent: u16, order: &mut Vec<u16>) {
        self.time += 1;
        self.disc[v] = self.time;
        self.low[v] = self.time;
        self.req_under[v] = u16::from(self.required[v]);
        self.parent[v] = parent;
        order.push(v as u16);
    }

    /// Searches the region of `start`, appending its cells to `order` as discovered.
    fn search(&mut self, start: u16, order: &mut Vec<u16>) {
        self.visit(start as usize, NONE, order);
        let mut stack: Vec<(u16, u8)> = vec![(start, 0)];
        while let Some(top) = stack.last_mut() {
            let u = top.0 as usize;
            if top.1 < 4 {
                let dir = top.1;
                top.1 += 1;
                let Some(v) = self.neighbour(u, dir) else {
                    continue;
                };
                if self.disc[v] == 0 {
                    self.visit(v, u as u16, order);
                    stack.push((v as u16, 0));
                } else if v as u16 != self.parent[u] {
                    self.low[u] = self.low[u].min(self.disc[v]);
                }
                continue;
            }
            stack.pop();
            let p = self.parent[u];
            if p == NONE {
                continue;
            }
            let p = p as usize;
            self.low[p] = self.low[p].min(self.low[u]);
            self.req_under[p] += self.req_under[u];
            if self.low[u] >= self.disc[p] {
                self.req_in_separated[p] += self.req_under[u];
                self.separated_with_req[p] += u8::from(self.req_under[u] > 0);
            }
        }
    }
}
