//! The surface's cells: [`Terrain`] values in a grid stored column by column, as a
//! storey's [`crate::Grid`] is (`cells[x][y]`, (0, 0) at the top left).

use crate::geometry::Pos;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// What a surface cell is. The values are part of the data contract (JSON, Godot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Terrain {
    /// Open ground: walkable.
    Ground = 0,
    /// Rock: blocks movement.
    Rock = 1,
    /// Rubble: walkable debris, found beside rock.
    Rubble = 2,
    /// The building: the ground floor's cells (all but its outside OUT_OF_BOUNDS cells).
    /// Not walkable on the surface: one goes in through the door.
    Footprint = 3,
    /// The doorstep: the one surface cell in front of the ground floor's ENTRANCE,
    /// straight across from the ENTRANCE's floor cell. Walkable.
    Door = 4,
}

impl Terrain {
    /// Every terrain, in value order.
    pub const ALL: [Terrain; 5] = [
        Terrain::Ground,
        Terrain::Rock,
        Terrain::Rubble,
        Terrain::Footprint,
        Terrain::Door,
    ];

    /// Whether Genesis can cross it on the surface: GROUND, RUBBLE and DOOR.
    #[inline]
    pub const fn is_walkable(self) -> bool {
        matches!(self, Terrain::Ground | Terrain::Rubble | Terrain::Door)
    }

    /// The constant name, e.g. `"GROUND"`.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Ground => "GROUND",
            Terrain::Rock => "ROCK",
            Terrain::Rubble => "RUBBLE",
            Terrain::Footprint => "FOOTPRINT",
            Terrain::Door => "DOOR",
        }
    }

    /// The character of the surface's ASCII: `.` ground, `^` rock, `:` rubble, `#`
    /// footprint, `+` door.
    pub const fn ascii(self) -> char {
        match self {
            Terrain::Ground => '.',
            Terrain::Rock => '^',
            Terrain::Rubble => ':',
            Terrain::Footprint => '#',
            Terrain::Door => '+',
        }
    }
}

impl TryFrom<i64> for Terrain {
    type Error = i64;
    /// Converts a stored integer; the error is the value that is no terrain.
    fn try_from(value: i64) -> Result<Self, i64> {
        usize::try_from(value)
            .ok()
            .and_then(|i| Terrain::ALL.get(i).copied())
            .ok_or(value)
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A surface chunk's cells: `width` columns of `height` [`Terrain`]s. Serialised as
/// `width` arrays of `height` ints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainGrid {
    width: i32,
    height: i32,
    cells: Vec<Terrain>,
}

impl TerrainGrid {
    /// A grid filled with `fill`.
    ///
    /// # Panics
    ///
    /// If `width` or `height` is not positive.
    pub fn new(width: i32, height: i32, fill: Terrain) -> Self {
        assert!(width > 0 && height > 0, "grid dimensions must be positive");
        TerrainGrid {
            width,
            height,
            cells: vec![fill; (width * height) as usize],
        }
    }

    /// Builds a grid from `columns[x][y]` integer values.
    ///
    /// # Errors
    ///
    /// A message naming the first bad value: an empty grid, a ragged column, a value that
    /// is no terrain.
    pub fn from_columns(columns: &[Vec<i64>]) -> Result<Self, String> {
        let height = columns.first().map_or(0, Vec::len);
        if columns.is_empty() || height == 0 {
            return Err(format!(
                "cells is {} x {height}; a surface needs at least one cell",
                columns.len()
            ));
        }
        let mut cells = Vec::with_capacity(columns.len() * height);
        for (x, column) in columns.iter().enumerate() {
            if column.len() != height {
                return Err(format!(
                    "cells[{x}] has {} cells but cells[0] has {height}",
                    column.len()
                ));
            }
            for (y, &v) in column.iter().enumerate() {
                cells.push(
                    Terrain::try_from(v)
                        .map_err(|v| format!("cells[{x}][{y}] = {v} is not a terrain (0..=4)"))?,
                );
            }
        }
        let size = |n: usize| i32::try_from(n).map_err(|_| format!("{n} cells is too many"));
        Ok(TerrainGrid {
            width: size(columns.len())?,
            height: size(height)?,
            cells,
        })
    }

    /// Number of columns.
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Number of rows.
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a grid has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `p` is a cell of the grid.
    #[inline]
    pub const fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
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

    /// The cell at `p`, or `None` off the grid.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<Terrain> {
        self.index(p).map(|i| self.cells[i])
    }

    /// Whether `p` is a walkable cell (false off the grid).
    #[inline]
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.get(p).is_some_and(Terrain::is_walkable)
    }

    /// Sets the cell at `p`.
    ///
    /// # Panics
    ///
    /// If `p` is off the grid.
    #[inline]
    pub fn set(&mut self, p: Pos, t: Terrain) {
        let i = self.index(p).expect("set() off the grid");
        self.cells[i] = t;
    }

    /// All cells in storage order (column by column).
    pub fn cells(&self) -> &[Terrain] {
        &self.cells
    }

    /// All cells in storage order, mutable (index `x * height + y`).
    pub fn cells_mut(&mut self) -> &mut [Terrain] {
        &mut self.cells
    }

    /// Column `x` (`cells[x]`).
    ///
    /// # Panics
    ///
    /// If `x` is not a column of the grid.
    pub fn column(&self, x: i32) -> &[Terrain] {
        let h = self.height as usize;
        &self.cells[x as usize * h..(x as usize + 1) * h]
    }

    /// Every position with its cell, column by column.
    pub fn iter(&self) -> Cells<'_> {
        Cells {
            rest: &self.cells,
            height: self.height,
            next: Pos::new(0, 0),
        }
    }

    /// Every position holding `t`, column by column.
    pub fn positions_of(&self, t: Terrain) -> impl Iterator<Item = Pos> + '_ {
        self.iter().filter(move |&(_, c)| c == t).map(|(p, _)| p)
    }
}

/// The cells of a [`TerrainGrid`] with their positions, column by column
/// ([`TerrainGrid::iter`]).
#[derive(Clone, Debug)]
pub struct Cells<'a> {
    rest: &'a [Terrain],
    height: i32,
    next: Pos,
}

impl Iterator for Cells<'_> {
    type Item = (Pos, Terrain);

    #[inline]
    fn next(&mut self) -> Option<(Pos, Terrain)> {
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

impl ExactSizeIterator for Cells<'_> {}

impl<'a> IntoIterator for &'a TerrainGrid {
    type Item = (Pos, Terrain);
    type IntoIter = Cells<'a>;

    fn into_iter(self) -> Cells<'a> {
        self.iter()
    }
}

impl Serialize for TerrainGrid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Column<'a>(&'a [Terrain]);
        impl Serialize for Column<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.iter().map(|&t| t as u8))
            }
        }
        serializer.collect_seq((0..self.width).map(|x| Column(self.column(x))))
    }
}

impl<'de> Deserialize<'de> for TerrainGrid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let columns = Vec::<Vec<i64>>::deserialize(deserializer)?;
        TerrainGrid::from_columns(&columns).map_err(D::Error::custom)
    }
}

/// Steps from `from` to every cell over walkable cells, breadth first with neighbours in
/// the fixed order north, east, south, west; `u32::MAX` where it does not reach (and
/// everywhere if `from` is not walkable). Indexed as the grid is.
pub fn steps_from(grid: &TerrainGrid, from: Pos) -> Vec<u32> {
    const UNSEEN: u32 = u32::MAX;
    const BLOCKED: u32 = u32::MAX - 1;
    let (w, h) = (grid.width as usize, grid.height as usize);
    let mut dist = vec![UNSEEN; grid.len()];
    if !grid.is_walkable(from) {
        return dist;
    }
    // The search runs on a copy padded with a ring of blocked cells, so that a
    // neighbour is one index step away and never off the grid.
    let ph = h + 2;
    let mut steps = vec![BLOCKED; (w + 2) * ph];
    for (x, column) in grid.cells.chunks_exact(h).enumerate() {
        let start = (x + 1) * ph + 1;
        for (slot, t) in steps[start..start + h].iter_mut().zip(column) {
            if t.is_walkable() {
                *slot = UNSEEN;
            }
        }
    }
    // Every cell enters the queue at most once, so a queue of the grid's size never
    // overflows.
    let mut queue = vec![0u32; grid.len()];
    let first = (from.x as usize + 1) * ph + from.y as usize + 1;
    steps[first] = 0;
    queue[0] = first as u32;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let i = queue[head] as usize;
        head += 1;
        let d = steps[i] + 1;
        for n in [i - 1, i + ph, i + 1, i - ph] {
            if steps[n] == UNSEEN {
                steps[n] = d;
                queue[tail] = n as u32;
                tail += 1;
            }
        }
    }
    for (x, column) in dist.chunks_exact_mut(h).enumerate() {
        let start = (x + 1) * ph + 1;
        for (out, &s) in column.iter_mut().zip(&steps[start..start + h]) {
            *out = if s == BLOCKED { UNSEEN } else { s };
        }
    }
    dist
}

/// The cells for which `keep` holds, a bit per cell and a word per column (bit `y` of
/// word `x` is cell (x, y)). Columns of at most 128 cells (the settings' chunks are).
pub(crate) fn column_masks(grid: &TerrainGrid, keep: impl Fn(Terrain) -> bool) -> Vec<u128> {
    debug_assert!(grid.height <= 128);
    grid.cells
        .chunks_exact(grid.height as usize)
        .map(|column| {
            column
                .iter()
                .rev()
                .fold(0u128, |mask, &t| mask << 1 | u128::from(keep(t)))
        })
        .collect()
}

/// Within each run of consecutive `open` bits, every bit of a run that holds a bit of
/// `seeds` (a subset of `open`). Upwards from the lowest seed of a run, adding the seeds
/// to the run carries through it and clears it; downwards is the same on the reversed
/// bits.
fn fill_runs(seeds: u128, open: u128) -> u128 {
    let up = |s: u128, m: u128| (m & !m.wrapping_add(s)) | s;
    up(seeds, open) | up(seeds.reverse_bits(), open.reverse_bits()).reverse_bits()
}

/// The walkable cells reachable from `from` (over 4-neighbours), a word per column as
/// [`column_masks`] gives them; all empty if `from` is not walkable. A flood fill on
/// whole columns: each sweep (left to right, then right to left) fills, in each column,
/// the runs of walkable cells touched by the reached cells of its neighbours, until a
/// pair of sweeps adds nothing.
pub(crate) fn reach_columns(grid: &TerrainGrid, from: Pos) -> Vec<u128> {
    let open = column_masks(grid, Terrain::is_walkable);
    let mut reached = vec![0u128; open.len()];
    if !grid.is_walkable(from) {
        return reached;
    }
    reached[from.x as usize] = 1 << from.y;
    reached[from.x as usize] = fill_runs(reached[from.x as usize], open[from.x as usize]);
    let w = open.len();
    loop {
        let mut changed = false;
        let mut sweep = |x: usize, reached: &mut [u128]| {
            let left = if x > 0 { reached[x - 1] } else { 0 };
            let right = if x + 1 < w { reached[x + 1] } else { 0 };
            let seeds = (reached[x] | left | right) & open[x];
            if seeds != reached[x] {
                reached[x] = fill_runs(seeds, open[x]);
                changed = true;
            }
        };
        for x in 0..w {
            sweep(x, &mut reached);
        }
        for x in (0..w).rev() {
            sweep(x, &mut reached);
        }
        if !changed {
            return reached;
        }
    }
}

/// Whether each cell can be walked to from `from` (indexed as the grid), by the column
/// flood fill of the surface's passes and validator; equal to `steps_from(..) !=
/// u32::MAX` (the tests check it).
pub fn reachable_from(grid: &TerrainGrid, from: Pos) -> Vec<bool> {
    let h = grid.height as usize;
    reach_columns(grid, from)
        .iter()
        .flat_map(|&column| (0..h).map(move |y| column >> y & 1 == 1))
        .collect()
}
