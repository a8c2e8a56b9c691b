//! Distance fields: one multi-source breadth-first search over a storey's free cells,
//! read by every agent that heads for the same targets (Mindustry's flow fields).
//!
//! Reads a set of free cells (walkable, not a tower) and a set of source cells; writes
//! one `u16` per grid cell, in the grid's own order (`cells[x][y]` is index
//! `x * height + y`): the number of 4-neighbour steps to the nearest source, or
//! [`UNREACHABLE`].

use crate::bits::{Bits, MAX_SIDE};
use crate::geometry::Pos;

/// The distance of a cell no source reaches (and of every non-free cell): the greatest
/// `u16`. The core's other searches, which count steps in `u32` on grids of any size,
/// mark an unreached cell with the same name and idea, `u32::MAX`.
pub const UNREACHABLE: u16 = u16::MAX;

/// Steps from every cell of a storey to the nearest of a set of sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceField {
    width: i32,
    height: i32,
    dist: Vec<u16>,
}

impl DistanceField {
    /// A field of a `width` x `height` grid in which nothing is reachable.
    pub fn unreachable(width: i32, height: i32) -> Self {
        DistanceField {
            width,
            height,
            dist: vec![UNREACHABLE; (width.max(0) * height.max(0)) as usize],
        }
    }

    /// Grid columns.
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Grid rows.
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// The distances in grid order (index `x * height + y`).
    pub fn as_slice(&self) -> &[u16] {
        &self.dist
    }

    /// Steps from `cell` to the nearest source; [`UNREACHABLE`] if no source is reached
    /// from it or it lies off the grid.
    #[inline]
    pub fn get(&self, cell: Pos) -> u16 {
        self.index(cell).map_or(UNREACHABLE, |i| self.dist[i])
    }

    /// Whether some source can be reached from `cell`.
    #[inline]
    pub fn reaches(&self, cell: Pos) -> bool {
        self.get(cell) != UNREACHABLE
    }

    /// The next cell from `cell` towards the nearest source: `cell` itself at a source,
    /// `None` where no source is reached. See [`next_step`] for the tie rule.
    #[inline]
    pub fn next_step(&self, cell: Pos) -> Option<Pos> {
        next_step(&self.dist, self.width, self.height, cell, |d| {
            (d != UNREACHABLE).then_some(u32::from(d))
        })
    }

    #[inline]
    fn index(&self, p: Pos) -> Option<usize> {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        inside.then(|| (p.x * self.height + p.y) as usize)
    }

    /// Refills the field: a breadth-first search from `sources` through `free`, with a
    /// queue of packed cells on the stack and the unvisited cells on a bitboard. Sources
    /// outside `free` are left out. `free` must hold cells of this field's grid only.
    ///
    /// Faster than one bitboard spread per layer (criterion `crowd/distance_field_28x20`;
    /// docs/performance.md), whose 32-column sweeps cost more than the queue's few hundred
    /// pops on a storey whose longest route is tens of steps.
    pub(crate) fn compute(&mut self, free: &Bits, sources: &Bits) {
        const SIDE: usize = MAX_SIDE as usize;
        // A cell rides in the queue as `x << 5 | y`.
        const _: () = assert!(SIDE == 32);
        self.dist.fill(UNREACHABLE);
        let height = self.height as usize;
        let mut unseen = *free.columns();
        let mut queue = [0u16; SIDE * SIDE];
        let mut tail = 0;
        for (x, (&s, column)) in sources.columns().iter().zip(&mut unseen).enumerate() {
            let mut rest = s & *column;
            *column &= !rest;
            while rest != 0 {
                let y = rest.trailing_zeros() as usize;
                self.dist[x * height + y] = 0;
                queue[tail] = ((x << 5) | y) as u16;
                tail += 1;
                rest &= rest - 1;
            }
        }
        let mut head = 0;
        while head < tail {
            let (x, y) = (usize::from(queue[head] >> 5), usize::from(queue[head] & 31));
            head += 1;
            let step = self.dist[x * height + y] + 1;
            let mut visit = |x: usize, y: usize| {
                let bit = 1 << y;
                if unseen[x] & bit != 0 {
                    unseen[x] &= !bit;
                    self.dist[x * height + y] = step;
                    queue[tail] = ((x << 5) | y) as u16;
                    tail += 1;
                }
            };
            if y > 0 {
                visit(x, y - 1);
            }
            if x + 1 < SIDE {
                visit(x + 1, y);
            }
            if y + 1 < SIDE {
                visit(x, y + 1);
            }
            if x > 0 {
                visit(x - 1, y);
            }
        }
    }
}

/// The step from `cell` down a distance field stored in grid order (`field[x * height +
/// y]`, read through `distance`, which gives `None` for an unreachable value): `cell`
/// itself where its distance is 0, else its first neighbour, in the fixed order north
/// (y - 1), east (x + 1), south (y + 1), west (x - 1), whose distance is one less.
/// `None` where `cell` is off the grid, unreachable, or (in a field that is not a true
/// distance field) has no such neighbour.
///
/// The order is part of the contract: it decides between equally short routes, so every
/// platform and every caller (the core's agents, GDScript's `next_step`) takes the same
/// one.
pub fn next_step<T: Copy>(
    field: &[T],
    width: i32,
    height: i32,
    cell: Pos,
    distance: impl Fn(T) -> Option<u32>,
) -> Option<Pos> {
    let at = |p: Pos| {
        let inside = p.x >= 0 && p.y >= 0 && p.x < width && p.y < height;
        inside
            .then(|| field.get((p.x * height + p.y) as usize).copied())
            .flatten()
            .and_then(&distance)
    };
    let d = at(cell)?;
    if d == 0 {
        return Some(cell);
    }
    cell.neighbours4()
        .into_iter()
        .find(|&n| at(n) == Some(d - 1))
}
