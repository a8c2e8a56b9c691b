//! The cell grid: `width` columns of `height` cells, addressed `cells[x][y]` with
//! (0, 0) at the top-left.

use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A dense grid of [`CellType`]s stored column by column, so that column `x` is one
/// contiguous slice (`cells[x][y]`). Serialised as `width` arrays of `height` ints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: i32,
    height: i32,
    cells: Vec<CellType>,
}

impl Grid {
    /// A grid filled with `fill`.
    ///
    /// # Panics
    ///
    /// If `width` or `height` is not positive.
    pub fn new(width: i32, height: i32, fill: CellType) -> Self {
        assert!(width > 0 && height > 0, "grid dimensions must be positive");
        Grid {
            width,
            height,
            cells: vec![fill; (width * height) as usize],
        }
    }

    /// A grid of no cells, for a storey that Pass 1 has not sized yet.
    pub(crate) const fn empty() -> Self {
        Grid {
            width: 0,
            height: 0,
            cells: Vec::new(),
        }
    }

    /// Builds a grid from `columns[x][y]` integer values (`CellType` values).
    ///
    /// # Errors
    ///
    /// A message naming the first bad value: an empty grid, a column of another length
    /// than the first, or a value that is not a cell type.
    pub fn from_columns(columns: &[Vec<i64>]) -> Result<Self, String> {
        let width = columns.len();
        let height = columns.first().map_or(0, Vec::len);
        if width == 0 || height == 0 {
            return Err(format!(
                "cells is {width} x {height}; a grid needs at least one cell"
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
                let t = CellType::try_from(v).map_err(|v| {
                    format!(
                        "cells[{x}][{y}] = {v} is not a cell type ({})",
                        CellType::VALUES_TEXT
                    )
                })?;
                cells.push(t);
            }
        }
        let (width, height) = (to_i32(width)?, to_i32(height)?);
        Ok(Grid {
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

    /// Flat index of an in-bounds position.
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

    /// The cell at `p`; positions off the grid read as OUT_OF_BOUNDS.
    #[inline]
    pub fn get(&self, p: Pos) -> CellType {
        self.index(p)
            .map_or(CellType::OutOfBounds, |i| self.cells[i])
    }

    /// Sets the cell at `p`.
    ///
    /// # Panics
    ///
    /// If `p` is off the grid.
    #[inline]
    pub fn set(&mut self, p: Pos, t: CellType) {
        let i = self.index(p).expect("set() off the grid");
        self.cells[i] = t;
    }

    /// Whether the cell at `p` is walkable (false off the grid).
    #[inline]
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.get(p).is_walkable()
    }

    /// Column `x` as a slice (`cells[x]`).
    ///
    /// # Panics
    ///
    /// If `x` is not a column of the grid.
    pub fn column(&self, x: i32) -> &[CellType] {
        let h = self.height as usize;
        let start = x as usize * h;
        &self.cells[start..start + h]
    }

    /// All cells in storage order (column by column).
    pub fn cells(&self) -> &[CellType] {
        &self.cells
    }

    /// All cells in storage order, mutable. Index `x * height + y` is cell (x, y). (The
    /// Godot binding fills grids column by column through it.)
    pub fn cells_mut(&mut self) -> &mut [CellType] {
        &mut self.cells
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

    /// Every position with its cell, column by column.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, CellType)> + '_ {
        self.cells
            .chunks_exact(self.height as usize)
            .zip(0..)
            .flat_map(|(column, x)| {
                column
                    .iter()
                    .zip(0..)
                    .map(move |(&t, y)| (Pos::new(x, y), t))
            })
    }

    /// Every position holding `t`, column by column.
    pub fn positions_of(&self, t: CellType) -> impl Iterator<Item = Pos> + '_ {
        self.iter().filter(move |&(_, c)| c == t).map(|(p, _)| p)
    }
}

fn to_i32(n: usize) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("grid dimension {n} is too large"))
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Column<'a>(&'a [CellType]);
        impl Serialize for Column<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().map(|&t| t as u8))
            }
        }
        serializer.collect_seq((0..self.width).map(|x| Column(self.column(x))))
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let columns = Vec::<Vec<i64>>::deserialize(deserializer)?;
        Grid::from_columns(&columns).map_err(D::Error::custom)
    }
}
