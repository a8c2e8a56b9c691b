//! Column bitboards: one `u32` per grid column, bit `y` of word `x` standing for cell
//! (x, y). Whole-grid questions ("which floor cells touch the outside?", "what does this
//! flood fill reach?") become a few word operations per column instead of a branch per
//! cell. Iteration order is column by column, top to bottom: the grid's storage order.
//!
//! Grids up to 32 x 32 fit. Every storey does (28 x 20 at most); code that may see an
//! arbitrary grid (the validator, Godot callers) falls back to per-cell loops otherwise.

use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// Largest grid width and height a [`Bits`] can hold.
pub const MAX_SIDE: i32 = 32;

/// A set of grid cells, stored as one bit mask per column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits([u32; MAX_SIDE as usize]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; MAX_SIDE as usize]);

    /// Whether every cell of `grid` has a bit.
    #[inline]
    pub fn fits(grid: &Grid) -> bool {
        grid.width() <= MAX_SIDE && grid.height() <= MAX_SIDE
    }

    /// The cells of `grid` whose type satisfies `keep`. Cells past the board's
    /// [`MAX_SIDE`] columns or rows are left out: callers that may see larger grids
    /// check [`Bits::fits`] first.
    pub fn of(grid: &Grid, keep: impl Fn(CellType) -> bool) -> Bits {
        // One lookup per cell type instead of a call per cell.
        // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
        let mut table = [0u32; CellType::VALUES];
        for t in CellType::ALL {
            table[t as usize] = u32::from(keep(t));
        }
        let mut bits = Bits::EMPTY;
        let columns = grid.cells().chunks_exact(grid.height() as usize);
        for (word, column) in bits.0.iter_mut().zip(columns) {
            *word = column
                .iter()
                .rev()
                .fold(0, |m, &t| (m << 1) | table[t as usize]);
        }
        bits
    }

    /// [`Bits::of`] for two predicates in one sweep of a grid that fits a bitboard: a
    /// column's two masks ride in the two halves of one 64-bit word.
    /// Kept, with its five callers, for the instructions it saves per storey (callgrind;
    /// docs/performance.md).
    pub fn of2(
        grid: &Grid,
        a: impl Fn(CellType) -> bool,
        b: impl Fn(CellType) -> bool,
    ) -> (Bits, Bits) {
        debug_assert!(Bits::fits(grid), "grid too large for Bits::of2");
        let mut table = [0u64; CellType::VALUES];
        for t in CellType::ALL {
            table[t as usize] = u64::from(a(t)) | (u64::from(b(t)) << 32);
        }
        let (mut first, mut second) = (Bits::EMPTY, Bits::EMPTY);
        let columns = grid.cells().chunks_exact(grid.height() as usize);
        for ((x, y), column) in first.0.iter_mut().zip(&mut second.0).zip(columns) {
            let both = column
                .iter()
                .rev()
                .fold(0, |m, &t| (m << 1) | table[t as usize]);
            (*x, *y) = (both as u32, (both >> 32) as u32);
        }
        (first, second)
    }

    /// Every cell of a `width` x `height` grid (at most [`MAX_SIDE`] each way).
    pub fn full(width: i32, height: i32) -> Bits {
        let column = column_mask(height);
        let mut bits = Bits::EMPTY;
        bits.0[..width as usize].fill(column);
        bits
    }

    /// The outer ring of a `width` x `height` grid: the cells with a side off the grid.
    pub fn edge_ring(width: i32, height: i32) -> Bits {
        let column = column_mask(height);
        let ends = 1 | (1 << (height - 1));
        let mut bits = Bits::EMPTY;
        bits.0[..width as usize].fill(ends);
        bits.0[0] = column;
        bits.0[width as usize - 1] = column;
        bits
    }

    /// The set holding only `p`; empty if `p` lies outside every bitboard.
    pub fn single(p: Pos) -> Bits {
        let mut bits = Bits::EMPTY;
        bits.insert(p);
        bits
    }

    /// The cells within Manhattan distance `radius` of `centre` (on the bitboard).
    pub fn diamond(centre: Pos, radius: i32) -> Bits {
        let mut bits = Bits::EMPTY;
        for dx in -radius..=radius {
            let x = centre.x + dx;
            if !(0..MAX_SIDE).contains(&x) {
                continue;
            }
            let span = radius - dx.abs();
            let (lo, hi) = (
                (centre.y - span).max(0),
                (centre.y + span).min(MAX_SIDE - 1),
            );
            if lo <= hi {
                bits.0[x as usize] = (u32::MAX >> (MAX_SIDE - 1 - hi)) & (u32::MAX << lo);
            }
        }
        bits
    }

    /// Adds the cells of `rect` that lie on the board.
    pub fn insert_rect(&mut self, rect: Rect) {
        if let Some((columns, mask)) = Bits::clip(rect) {
            for w in &mut self.0[columns] {
                *w |= mask;
            }
        }
    }

    /// Whether every cell of `rect` is in the set (true for an empty `rect`).
    pub fn contains_rect(&self, rect: Rect) -> bool {
        if rect.width <= 0 || rect.height <= 0 {
            return true;
        }
        let on_board =
            rect.x >= 0 && rect.y >= 0 && rect.right() <= MAX_SIDE && rect.bottom() <= MAX_SIDE;
        on_board
            && Bits::clip(rect)
                .is_some_and(|(columns, mask)| self.0[columns].iter().all(|&w| w & mask == mask))
    }

    /// Number of cells of the set inside `rect`.
    pub fn count_in_rect(&self, rect: Rect) -> usize {
        Bits::clip(rect).map_or(0, |(columns, mask)| {
            self.0[columns]
                .iter()
                .map(|&w| (w & mask).count_ones() as usize)
                .sum()
        })
    }

    /// The `n`-th cell (from 0) of the set inside `rect`, in storage order.
    pub fn nth_in_rect(&self, rect: Rect, mut n: usize) -> Option<Pos> {
        let (columns, mask) = Bits::clip(rect)?;
        for x in columns {
            let mut w = self.0[x] & mask;
            let count = w.count_ones() as usize;
            if n < count {
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some(Pos::new(x as i32, w.trailing_zeros() as i32));
            }
            n -= count;
        }
        None
    }

    /// The board columns `rect` covers and the row mask it has in each; `None` if no
    /// cell of `rect` lies on the board.
    fn clip(rect: Rect) -> Option<(std::ops::Range<usize>, u32)> {
        let (x0, x1) = (rect.x.max(0), rect.right().min(MAX_SIDE));
        let (y0, y1) = (rect.y.max(0), rect.bottom().min(MAX_SIDE));
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let mask = (u32::MAX >> (MAX_SIDE - (y1 - y0))) << y0;
        Some((x0 as usize..x1 as usize, mask))
    }

    #[inline]
    fn slot(p: Pos) -> Option<(usize, u32)> {
        let inside = (0..MAX_SIDE).contains(&p.x) && (0..MAX_SIDE).contains(&p.y);
        inside.then(|| (p.x as usize, 1 << p.y))
    }

    #[inline]
    pub fn contains(&self, p: Pos) -> bool {
        Bits::slot(p).is_some_and(|(x, bit)| self.0[x] & bit != 0)
    }

    /// Adds `p`; positions outside every bitboard are ignored.
    #[inline]
    pub fn insert(&mut self, p: Pos) {
        if let Some((x, bit)) = Bits::slot(p) {
            self.0[x] |= bit;
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        // No early exit, so the loop runs on vector registers.
        // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
        self.0.iter().fold(0, |any, &w| any | w) == 0
    }

    /// Number of cells in the set.
    pub fn len(&self) -> usize {
        // Two columns per count: a software popcount costs the same on 64 bits as on 32.
        // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
        self.0
            .chunks_exact(2)
            .map(|p| (u64::from(p[0]) | (u64::from(p[1]) << 32)).count_ones() as usize)
            .sum()
    }

    /// The cells of `self` that are not in `other`.
    #[inline]
    pub fn minus(mut self, other: &Bits) -> Bits {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        self
    }

    /// The set plus every cell orthogonally next to one of its cells. Bits may land just
    /// past the grid's last row or column; intersect with a grid-bounded set.
    #[inline]
    pub fn spread4(&self) -> Bits {
        self.spread_within_except(&Bits::full_words(), &Bits::EMPTY)
    }

    /// The set plus every cell next to one of its cells, diagonals included. Bits may
    /// land just past the grid's last row or column; intersect with a grid-bounded set.
    pub fn spread8(&self) -> Bits {
        self.by_columns(|_, w, _, _| w | (w << 1) | (w >> 1))
            .by_columns(|left, w, right, _| left | w | right)
    }

    /// The cells whose four orthogonal neighbours all lie in the set (the cell itself
    /// need not). Cells on the board's outer ring have a neighbour off it, so never are.
    pub fn surrounded(&self) -> Bits {
        self.by_columns(|left, w, right, _| (w << 1) & (w >> 1) & left & right)
    }

    /// `(self.spread4() & within).minus(except)`, in one pass over the columns.
    #[inline]
    pub fn spread_within_except(&self, within: &Bits, except: &Bits) -> Bits {
        self.by_columns(|left, w, right, x| {
            (w | (w << 1) | (w >> 1) | left | right) & within.0[x] & !except.0[x]
        })
    }

    /// A new set whose column `x` is `column(left, w, right, x)`, with `w` column `x` of
    /// this set and `left` / `right` its neighbours (empty past the board). Written over
    /// a zero-padded copy so that no column needs a bounds test, which lets the loop run
    /// on vector registers.
    #[inline]
    fn by_columns(&self, column: impl Fn(u32, u32, u32, usize) -> u32) -> Bits {
        const N: usize = MAX_SIDE as usize;
        // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
        let mut padded = [0u32; N + 2];
        padded[1..=N].copy_from_slice(&self.0);
        let mut out = Bits::EMPTY;
        for x in 0..N {
            out.0[x] = column(padded[x], padded[x + 1], padded[x + 2], x);
        }
        out
    }

    /// Every bit of every word set (not bounded by any grid).
    const fn full_words() -> Bits {
        Bits([u32::MAX; MAX_SIDE as usize])
    }

    /// The column masks, column 0 first (bit `y` of the `x`-th stands for cell (x, y)).
    #[inline]
    pub const fn columns(&self) -> &[u32; MAX_SIDE as usize] {
        &self.0
    }

    /// The first cell in storage order (lowest column, then lowest row).
    pub fn first(&self) -> Option<Pos> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|x| Pos::new(x as i32, self.0[x].trailing_zeros() as i32))
    }

    /// The `n`-th cell (from 0) in storage order.
    pub fn nth(&self, n: usize) -> Option<Pos> {
        self.nth_in_rect(Rect::new(0, 0, MAX_SIDE, MAX_SIDE), n)
    }

    /// Every cell in storage order.
    pub fn iter(&self) -> impl Iterator<Item = Pos> + '_ {
        self.0.iter().zip(0..).flat_map(|(&w, x)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let y = rest.trailing_zeros() as i32;
                    rest &= rest - 1;
                    Pos::new(x, y)
                })
            })
        })
    }

    /// Whether every cell of `targets` is 4-connected to `from` through `within` (a
    /// [`Bits::flood`] that stops as soon as it has reached them all).
    pub fn reaches_all(within: &Bits, from: Pos, targets: &Bits) -> bool {
        let mut reached = Bits::single(from) & *within;
        let mut frontier = reached;
        loop {
            if targets.minus(&reached).is_empty() {
                return true;
            }
            if frontier.is_empty() {
                return false;
            }
            frontier = frontier.spread_within_except(within, &reached);
            reached |= frontier;
        }
    }

    /// The top-left corners of the `width` x `height` rectangles that hold a cell of the
    /// set: cell (x, y) is in the result when some cell of `x..x + width` x
    /// `y..y + height` is in the set (corners may lie off the grid's left and top edges
    /// only as far as the board goes, from column and row 0).
    pub fn rect_corners_meeting(&self, width: i32, height: i32) -> Bits {
        const N: usize = MAX_SIDE as usize;
        debug_assert!(width >= 1 && height >= 1);
        if self.is_empty() {
            return Bits::EMPTY;
        }
        // Each span doubles until the next would pass the side; the last step covers the
        // rest with one more shift, overlapping what is covered already.
        let (width, height) = (width.min(MAX_SIDE) as usize, height.min(MAX_SIDE) as u32);
        let mut cols = self.0;
        for c in &mut cols {
            let mut span = 1;
            while span * 2 <= height {
                *c |= *c >> span;
                span *= 2;
            }
            if span < height {
                *c |= *c >> (height - span);
            }
        }
        let mut span = 1;
        while span * 2 <= width {
            for x in 0..N - span {
                cols[x] |= cols[x + span];
            }
            span *= 2;
        }
        if span < width {
            let rest = width - span;
            for x in 0..N - rest {
                cols[x] |= cols[x + rest];
            }
        }
        Bits(cols)
    }

    /// Removes `p` from the set.
    #[inline]
    pub fn remove(&mut self, p: Pos) {
        if let Some((x, bit)) = Bits::slot(p) {
            self.0[x] &= !bit;
        }
    }

    /// The cells of `within` 4-connected to `from`, `from` included; empty if `from` is
    /// not in `within`.
    pub fn flood(within: &Bits, from: Pos) -> Bits {
        let mut reached = Bits::single(from) & *within;
        let mut frontier = reached;
        while !frontier.is_empty() {
            frontier = frontier.spread_within_except(within, &reached);
            reached |= frontier;
        }
        reached
    }
}

/// The low `height` bits.
fn column_mask(height: i32) -> u32 {
    debug_assert!((1..=MAX_SIDE).contains(&height));
    u32::MAX >> (MAX_SIDE - height)
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(mut self, rhs: Bits) -> Bits {
        self &= rhs;
        self
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bits) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a &= b;
        }
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(mut self, rhs: Bits) -> Bits {
        self |= rhs;
        self
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bits) {
        for (a, b) in self.0.iter_mut().zip(rhs.0) {
            *a |= b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        crate::ascii::parse(&rows.join("\n")).expect("test grid parses")
    }

    #[test]
    fn of_selects_exactly_the_matching_cells() {
        let g = grid(&["#.#", "~E~"]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let got: Vec<Pos> = walk.iter().collect();
        assert_eq!(got, vec![Pos::new(1, 0), Pos::new(1, 1)]);
    }

    #[test]
    fn of2_gives_the_two_sets_of_gives() {
        let g = grid(&["#.#~", "~E~.", "SBO#"]);
        let outside = |t| t == CellType::OutOfBounds;
        assert_eq!(
            Bits::of2(&g, CellType::is_walkable, outside),
            (Bits::of(&g, CellType::is_walkable), Bits::of(&g, outside))
        );
    }

    #[test]
    fn spread4_adds_orthogonal_neighbours_only() {
        let s = Bits::single(Pos::new(5, 5)).spread4();
        let got: Vec<Pos> = s.iter().collect();
        let want = vec![
            Pos::new(4, 5),
            Pos::new(5, 4),
            Pos::new(5, 5),
            Pos::new(5, 6),
            Pos::new(6, 5),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn diamond_holds_the_cells_within_the_radius() {
        let centre = Pos::new(1, 2);
        let d = Bits::diamond(centre, 3);
        for x in 0..MAX_SIDE {
            for y in 0..MAX_SIDE {
                let p = Pos::new(x, y);
                assert_eq!(d.contains(p), p.manhattan(centre) <= 3, "{p}");
            }
        }
    }

    #[test]
    fn rect_queries_agree_with_cell_by_cell_ones() {
        let g = grid(&["..#..", "#....", "..#.#", "....."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let rects = [
            Rect::new(0, 0, 5, 4),
            Rect::new(1, 1, 3, 2),
            Rect::new(3, 1, 1, 3),
            Rect::new(-1, 0, 2, 2),
            Rect::new(2, 2, 0, 3),
        ];
        for r in rects {
            let inside: Vec<Pos> = walk.iter().filter(|&p| r.contains(p)).collect();
            assert_eq!(walk.count_in_rect(r), inside.len(), "{r:?}");
            for (n, &p) in inside.iter().enumerate() {
                assert_eq!(walk.nth_in_rect(r, n), Some(p), "{r:?} #{n}");
            }
            assert_eq!(walk.nth_in_rect(r, inside.len()), None);
            let all_in = r.cells().all(|p| walk.contains(p));
            assert_eq!(walk.contains_rect(r), all_in, "{r:?}");
            let mut filled = Bits::EMPTY;
            filled.insert_rect(r);
            assert_eq!(
                filled.len(),
                r.cells().filter(|p| p.x >= 0 && p.y >= 0).count()
            );
        }
    }

    #[test]
    fn spread8_adds_all_eight_neighbours() {
        let s = Bits::single(Pos::new(5, 5)).spread8();
        assert_eq!(s.len(), 9);
        assert!(Pos::new(5, 5).neighbours8().all(|p| s.contains(p)));
    }

    #[test]
    fn surrounded_needs_all_four_neighbours() {
        let g = grid(&["#.##", "...#", "#.#."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        assert_eq!(
            walk.surrounded().iter().collect::<Vec<_>>(),
            [Pos::new(1, 1)]
        );
    }

    #[test]
    fn edge_ring_is_the_outer_ring() {
        let ring = Bits::edge_ring(4, 3);
        let inner = Bits::full(4, 3).minus(&ring);
        assert_eq!(ring.len(), 10);
        assert_eq!(
            inner.iter().collect::<Vec<_>>(),
            [Pos::new(1, 1), Pos::new(2, 1)]
        );
    }

    #[test]
    fn nth_and_iter_agree_on_storage_order() {
        let g = grid(&["..#.", "#..#", ".#.."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let listed: Vec<Pos> = walk.iter().collect();
        let by_index: Vec<Pos> = (0..walk.len()).map(|n| walk.nth(n).unwrap()).collect();
        assert_eq!(listed, by_index);
        assert_eq!(walk.nth(walk.len()), None);
        assert_eq!(walk.first(), listed.first().copied());
    }

    #[test]
    fn flood_stops_at_non_walkable_cells() {
        let g = grid(&["..#..", "..#..", "#####", "....."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let left = Bits::flood(&walk, Pos::new(0, 0));
        assert_eq!(left.len(), 4);
        assert!(!left.contains(Pos::new(3, 0)));
    }

    #[test]
    fn reaches_all_says_what_a_flood_says() {
        let g = grid(&["..#..", "..#..", "#####", "....."]);
        let walk = Bits::of(&g, CellType::is_walkable);
        let flood = Bits::flood(&walk, Pos::new(0, 0));
        for target in walk.iter() {
            assert_eq!(
                Bits::reaches_all(&walk, Pos::new(0, 0), &Bits::single(target)),
                flood.contains(target),
                "{target}"
            );
        }
        assert!(Bits::reaches_all(&walk, Pos::new(0, 0), &Bits::EMPTY));
    }

    proptest::proptest! {
        #[test]
        fn rect_corners_meeting_are_the_corners_of_rects_holding_a_cell(
            cells in proptest::collection::vec((0..MAX_SIDE, 0..MAX_SIDE), 0..6),
            width in 1..=MAX_SIDE,
            height in 1..=MAX_SIDE,
        ) {
            let mut set = Bits::EMPTY;
            for &(x, y) in &cells {
                set.insert(Pos::new(x, y));
            }
            let got = set.rect_corners_meeting(width, height);
            for x in 0..MAX_SIDE {
                for y in 0..MAX_SIDE {
                    let rect = Rect::new(x, y, width, height);
                    let meets = cells.iter().any(|&(cx, cy)| rect.contains(Pos::new(cx, cy)));
                    proptest::prop_assert_eq!(got.contains(Pos::new(x, y)), meets, "corner ({}, {})", x, y);
                }
            }
        }
    }
}
