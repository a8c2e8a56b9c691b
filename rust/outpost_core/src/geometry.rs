//! Grid positions and rectangles.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A grid position. Serialised as `[x, y]`, like Godot's `Vector2i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    /// Column, 0 at the left.
    pub x: i32,
    /// Row, 0 at the top.
    pub y: i32,
}

impl Pos {
    /// The cell (x, y).
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// Manhattan distance, the metric every separation rule uses.
    #[inline]
    pub const fn manhattan(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }

    /// The four orthogonal neighbours in the fixed order north, east, south, west.
    #[inline]
    pub const fn neighbours4(self) -> [Pos; 4] {
        [
            Pos::new(self.x, self.y - 1),
            Pos::new(self.x + 1, self.y),
            Pos::new(self.x, self.y + 1),
            Pos::new(self.x - 1, self.y),
        ]
    }

    /// The eight surrounding cells.
    #[inline]
    pub fn neighbours8(self) -> impl Iterator<Item = Pos> {
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| Pos::new(self.x + dx, self.y + dy)))
            .filter(move |p| *p != self)
    }
}

impl From<[i32; 2]> for Pos {
    fn from([x, y]: [i32; 2]) -> Self {
        Pos { x, y }
    }
}

impl From<Pos> for [i32; 2] {
    fn from(p: Pos) -> Self {
        [p.x, p.y]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// An axis-aligned rectangle of cells: `x..x + width` by `y..y + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// First column.
    pub x: i32,
    /// First row.
    pub y: i32,
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl Rect {
    /// The rectangle of `width` x `height` cells whose top-left cell is (x, y).
    pub const fn new(x: i32, y: i32, width: i32, height: i32) -> Self {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// One past the last column.
    pub const fn right(&self) -> i32 {
        self.x + self.width
    }

    /// One past the last row.
    pub const fn bottom(&self) -> i32 {
        self.y + self.height
    }

    /// The rectangle shrunk by `by` cells on every side.
    #[must_use]
    pub const fn inset(&self, by: i32) -> Rect {
        Rect::new(
            self.x + by,
            self.y + by,
            self.width - 2 * by,
            self.height - 2 * by,
        )
    }

    /// The centre cell, rounding towards the top-left.
    pub const fn centre(&self) -> Pos {
        Pos::new(
            self.x + (self.width - 1) / 2,
            self.y + (self.height - 1) / 2,
        )
    }

    /// Whether `p` is one of the rectangle's cells.
    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Every cell, column by column.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.x..self.right())
            .flat_map(move |x| (self.y..self.bottom()).map(move |y| Pos::new(x, y)))
    }

    /// The number of 4-connected regions the rectangle's cells fall into once the cells
    /// of `removed` (distinct cells of the rectangle, at most [`MAX_REMOVED`]) are taken
    /// out.
    ///
    /// Computed from the removed cells alone, without a flood fill, because Pass 2b asks
    /// this of a storey's interior and its few protected cells for every placement. The
    /// count is the Euler number of what is left (regions minus holes) plus its holes.
    /// The Euler number is cells minus orthogonal neighbour pairs plus full 2 x 2
    /// blocks: 1 for the whole rectangle, less each removed cell, plus the pairs and
    /// blocks the removed cells take with them (each counted once). A hole is a cluster
    /// of removed cells (8-connected) with no cell on the rectangle's border.
    pub(crate) fn regions_without(&self, removed: &[Pos]) -> usize {
        let n = removed.len();
        assert!(n <= MAX_REMOVED, "{n} removed cells, at most {MAX_REMOVED}");
        debug_assert!(
            (1..n).all(|j| !removed[..j].contains(&removed[j])),
            "removed cells repeat"
        );
        if self.width <= 0 || self.height <= 0 {
            return 0;
        }
        let (x0, y0, x1, y1) = (self.x, self.y, self.right() - 1, self.bottom() - 1);
        // Union-find over the removed cells for the holes; for each cell, the blocks
        // (bit `ox + 2 * oy` for the block whose top-left is the cell minus (ox, oy))
        // that an earlier cell already took.
        let mut parent: [u8; MAX_REMOVED] = std::array::from_fn(|i| i as u8);
        let mut taken = [0u8; MAX_REMOVED];
        let mut shared_pairs = 0;
        for j in 1..n {
            for i in 0..j {
                let (dx, dy) = (removed[i].x - removed[j].x, removed[i].y - removed[j].y);
                if dx.abs() > 1 || dy.abs() > 1 {
                    continue;
                }
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a] = b as u8;
                if dx.abs() + dy.abs() == 1 {
                    shared_pairs += 1;
                }
                for (ox, oy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if (0..=1).contains(&(dx + ox)) && (0..=1).contains(&(dy + oy)) {
                        taken[j] |= 1 << (ox + 2 * oy);
                    }
                }
            }
        }
        let mut euler = 1 - n as i32 - shared_pairs;
        let mut anchored = [false; MAX_REMOVED];
        for (j, p) in removed.iter().enumerate() {
            debug_assert!(self.contains(*p), "removed cell {p} outside {self:?}");
            let (left, right) = (p.x > x0, p.x < x1);
            let (up, down) = (p.y > y0, p.y < y1);
            euler += i32::from(left) + i32::from(right) + i32::from(up) + i32::from(down);
            let blocks = u8::from(right && down)
                | u8::from(left && down) << 1
                | u8::from(right && up) << 2
                | u8::from(left && up) << 3;
            euler -= (blocks & !taken[j]).count_ones() as i32;
            if !(left && right && up && down) {
                anchored[root(&mut parent, j)] = true;
            }
        }
        let holes = (0..n)
            .filter(|&j| usize::from(parent[j]) == j && !anchored[j])
            .count();
        let regions = euler + holes as i32;
        debug_assert!(regions >= 0);
        regions as usize
    }
}

/// Most cells [`Rect::regions_without`] takes out of a rectangle.
pub(crate) const MAX_REMOVED: usize = 32;

/// The representative of `i`'s set in a union-find forest, halving the path on the way.
fn root(parent: &mut [u8], mut i: usize) -> usize {
    while usize::from(parent[i]) != i {
        parent[i] = parent[usize::from(parent[i])];
        i = usize::from(parent[i]);
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;
    use proptest::prelude::*;

    /// Regions of `rect` without `removed`, by flood fills.
    fn regions_by_flood(rect: Rect, removed: &[Pos]) -> usize {
        let mut left = Bits::EMPTY;
        left.insert_rect(rect);
        for &p in removed {
            left = left.minus(&Bits::single(p));
        }
        let mut regions = 0;
        while let Some(start) = left.first() {
            left = left.minus(&Bits::flood(&left, start));
            regions += 1;
        }
        regions
    }

    #[test]
    fn a_bar_across_the_rectangle_cuts_it_in_two() {
        let rect = Rect::new(0, 0, 3, 3);
        let bar = [Pos::new(1, 0), Pos::new(1, 1), Pos::new(1, 2)];
        assert_eq!(rect.regions_without(&bar), 2);
        assert_eq!(rect.regions_without(&[Pos::new(1, 1)]), 1);
        assert_eq!(rect.regions_without(&[]), 1);
    }

    #[test]
    fn cells_walled_into_a_corner_form_a_region_of_their_own() {
        // The seed-13445 shape: a diagonal from border to border cuts the corner off.
        let rect = Rect::new(1, 1, 8, 6);
        let diagonal = [Pos::new(3, 1), Pos::new(2, 2), Pos::new(1, 3)];
        assert_eq!(rect.regions_without(&diagonal), 2);
    }

    /// A rectangle of up to 12 x 12 cells and up to `MAX_REMOVED` distinct cells of it,
    /// often bunched together.
    fn rect_and_removed() -> impl Strategy<Value = (Rect, Vec<Pos>)> {
        (0..4i32, 0..4i32, 1..=12i32, 1..=12i32).prop_flat_map(|(x, y, w, h)| {
            let rect = Rect::new(x, y, w, h);
            let n = (w * h) as usize;
            proptest::collection::vec(0..n, 0..=MAX_REMOVED.min(n)).prop_map(move |picks| {
                let mut removed: Vec<Pos> = Vec::new();
                for k in picks {
                    let p = Pos::new(x + k as i32 / h, y + k as i32 % h);
                    if !removed.contains(&p) {
                        removed.push(p);
                    }
                }
                (rect, removed)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn regions_without_counts_the_regions_a_flood_fill_finds((rect, removed) in rect_and_removed()) {
            prop_assert_eq!(rect.regions_without(&removed), regions_by_flood(rect, &removed));
        }
    }
}
