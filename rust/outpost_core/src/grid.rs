//! The cell grid: `width` columns of `height` cells, addressed `cells[x][y]` with
//! (0, 0) at the top-left.

use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a [`Columns`] grid holds: a storey's [`CellType`]s ([`Grid`]) or a surface's
/// terrains ([`crate::surface::TerrainGrid`]), each stored and serialised as its small
/// integer value.
pub trait GridValue: Copy + PartialEq {
    /// What a grid of these is called in an error ("a grid", "a surface").
    const GRID: &'static str;
    /// What a value is, for an error naming one that is not ("a cell type (0..=6 or 8)").
    const WHAT: &'static str;
    /// The value stored for `v`, or `None` if `v` is not one.
    fn from_value(v: i64) -> Option<Self>;
    /// Its stored value.
    fn value(self) -> u8;
}

impl GridValue for CellType {
    const GRID: &'static str = "a grid";
    /// [`CellType::VALUES_TEXT`] in words (a test keeps them equal).
    const WHAT: &'static str = "a cell type (0..=6 or 8)";

    fn from_value(v: i64) -> Option<Self> {
        CellType::try_from(v).ok()
    }

    fn value(self) -> u8 {
        self as u8
    }
}

/// A dense grid of values stored column by column, so that column `x` is one contiguous
/// slice (`cells[x][y]`), (0, 0) at the top left: the one storage of a storey's [`Grid`]
/// and a surface's [`crate::surface::TerrainGrid`]. Serialised as `width` arrays of
/// `height` ints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns<T> {
    width: i32,
    height: i32,
    cells: Vec<T>,
}

/// A dense grid of [`CellType`]s: a storey's cells.
pub type Grid = Columns<CellType>;

impl<T: GridValue> Columns<T> {
    /// A grid filled with `fill`.
    ///
    /// # Panics
    ///
    /// If `width` or `height` is not positive.
    pub fn new(width: i32, height: i32, fill: T) -> Self {
        assert!(width > 0 && height > 0, "grid dimensions must be positive");
        Columns {
            width,
            height,
            cells: vec![fill; (width * height) as usize],
        }
    }

    /// Builds a grid from `columns[x][y]` integer values.
    ///
    /// # Errors
    ///
    /// A message naming the first bad value: an empty grid, a column of another length
    /// than the first, or a value that is not one of `T`'s.
    pub fn from_columns(columns: &[Vec<i64>]) -> Result<Self, String> {
        let width = columns.len();
        let height = columns.first().map_or(0, Vec::len);
        if width == 0 || height == 0 {
            return Err(format!(
                "cells is {width} x {height}; {} needs at least one cell",
                T::GRID
            ));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (x, column) in columns.iter().enumerate() {
            if column.len() != height {
                return Err(format!(
                    "cells[{x}] has {} cells but cells[0] has {height}",
                    column.len()
                ));
            }
            for (y, &v) in column.iter().enumerate() {
                let t = T::from_value(v)
                    .ok_or_else(|| format!("cells[{x}][{y}] = {v} is not {}", T::WHAT))?;
                cells.push(t);
            }
        }
        let (width, height) = (to_i32(width)?, to_i32(height)?);
        Ok(Columns {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    #[inline]
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a grid has at least one cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `p` is a cell of the grid.
    #[inline]
    pub const fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    /// True for cells on the outermost ring of the grid.
    #[inline]
    pub const fn on_edge(&self, p: Pos) -> bool {
        p.x == 0 || p.y == 0 || p.x == self.width - 1 || p.y == self.height - 1
    }

    /// Flat index (`x * height + y`) of an in-bounds position.
    #[inline]
    pub fn index(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p)
            .then(|| (p.x * self.height + p.y) as usize)
    }

    /// Position of a flat index.
    #[inline]
    pub const fn pos(&self, index: usize) -> Pos {
        let i = index as i32;
        Pos::new(i / self.height, i % self.height)
    }

    /// Sets the cell at `p`.
    ///
    /// # Panics
    ///
    /// If `p` is off the grid.
    #[inline]
    pub fn set(&mut self, p: Pos, t: T) {
        let i = self.index(p).expect("set() off the grid");
        self.cells[i] = t;
    }

    /// Column `x` as a slice (`cells[x]`).
    ///
    /// # Panics
    ///
    /// If `x` is not a column of the grid.
    pub fn column(&self, x: i32) -> &[T] {
        let h = self.height as usize;
        let start = x as usize * h;
        &self.cells[start..start + h]
    }

    /// All cells in storage order (column by column).
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells in storage order, mutable. Index `x * height + y` is cell (x, y). (The
    /// Godot binding fills grids column by column through it.)
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every position with its cell, column by column.
    pub fn iter(&self) -> Cells<'_, T> {
        Cells {
            rest: &self.cells,
            height: self.height,
            next: Pos::new(0, 0),
        }
    }

    /// Every position holding `t`, column by column.
    pub fn positions_of(&self, t: T) -> impl Iterator<Item = Pos> + '_ {
        self.iter().filter(move |&(_, c)| c == t).map(|(p, _)| p)
    }
}

impl Grid {
    /// A grid of no cells, for a storey that Pass 1 has not sized yet.
    pub(crate) const fn empty() -> Self {
        Columns {
            width: 0,
            height: 0,
            cells: Vec::new(),
        }
    }

    /// The cell at `p`; positions off the grid read as OUT_OF_BOUNDS.
    #[inline]
    pub fn get(&self, p: Pos) -> CellType {
        self.index(p)
            .map_or(CellType::OutOfBounds, |i| self.cells[i])
    }

    /// Whether the cell at `p` is walkable (false off the grid).
    #[inline]
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.get(p).is_walkable()
    }

    /// Sets every cell of `rect` that lies on the grid to `t`.
    pub(crate) fn fill_rect(&mut self, rect: Rect, t: CellType) {
        let (y0, y1) = (rect.y.max(0), rect.bottom().min(self.height));
        if y0 >= y1 {
            return;
        }
        let h = self.height as usize;
        for x in rect.x.max(0)..rect.right().min(self.width) {
            let start = x as usize * h;
            self.cells[start + y0 as usize..start + y1 as usize].fill(t);
        }
    }
}

/// The cells of a [`Columns`] grid with their positions, column by column
/// ([`Columns::iter`]).
#[derive(Clone, Debug)]
pub struct Cells<'a, T> {
    rest: &'a [T],
    height: i32,
    next: Pos,
}

impl<T: Copy> Iterator for Cells<'_, T> {
    type Item = (Pos, T);

    #[inline]
    fn next(&mut self) -> Option<(Pos, T)> {
        let (&t, rest) = self.rest.split_first()?;
        self.rest = rest;
        let p = self.next;
        self.next = if p.y + 1 == self.height {
            Pos::new(p.x + 1, 0)
        } else {
            Pos::new(p.x, p.y + 1)
        };
        Some((p, t))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.rest.len(), Some(self.rest.len()))
    }
}

impl<T: Copy> ExactSizeIterator for Cells<'_, T> {}

impl<'a, T: GridValue> IntoIterator for &'a Columns<T> {
    type Item = (Pos, T);
    type IntoIter = Cells<'a, T>;

    fn into_iter(self) -> Cells<'a, T> {
        self.iter()
    }
}

fn to_i32(n: usize) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("grid dimension {n} is too large"))
}

impl<T: GridValue> Serialize for Columns<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Column<'a, T>(&'a [T]);
        impl<T: GridValue> Serialize for Column<'_, T> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().map(|&t| t.value()))
            }
        }
        serializer.collect_seq((0..self.width).map(|x| Column(self.column(x))))
    }
}

impl<'de, T: GridValue> Deserialize<'de> for Columns<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let columns = Vec::<Vec<i64>>::deserialize(deserializer)?;
        Columns::from_columns(&columns).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::{CellType, GridValue};

    #[test]
    fn a_cell_types_words_name_its_values() {
        assert_eq!(
            <CellType as GridValue>::WHAT,
            format!("a cell type ({})", CellType::VALUES_TEXT)
        );
    }
}
