//! The surface's cells: [`Terrain`] values in a grid stored column by column, as a
//! storey's [`crate::Grid`] is (`cells[x][y]`, (0, 0) at the top left).

use crate::geometry::Pos;
pub use crate::grid::Cells;
use crate::grid::{Columns, GridValue};
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

impl GridValue for Terrain {
    const GRID: &'static str = "a surface";
    const WHAT: &'static str = "a terrain (0..=4)";

    fn from_value(v: i64) -> Option<Self> {
        Terrain::try_from(v).ok()
    }

    fn value(self) -> u8 {
        self as u8
    }
}

/// A surface chunk's cells: `width` columns of `height` [`Terrain`]s, in the storage a
/// storey's [`crate::Grid`] has ([`Columns`]). Serialised as `width` arrays of `height`
/// ints.
pub type TerrainGrid = Columns<Terrain>;

impl TerrainGrid {
    /// The cell at `p`, or `None` off the grid.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<Terrain> {
        self.index(p).map(|i| self.cells()[i])
    }

    /// Whether `p` is a walkable cell (false off the grid).
    #[inline]
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.get(p).is_some_and(Terrain::is_walkable)
    }
}

/// Steps from `from` to every cell over walkable cells, breadth first with neighbours in
/// the fixed order north, east, south, west; `u32::MAX` where it does not reach (and
/// everywhere if `from` is not walkable). Indexed as the grid is.
pub fn steps_from(grid: &TerrainGrid, from: Pos) -> Vec<u32> {
    const UNSEEN: u32 = u32::MAX;
    const BLOCKED: u32 = u32::MAX - 1;
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let mut dist = vec![UNSEEN; grid.len()];
    if !grid.is_walkable(from) {
        return dist;
    }
    // The search runs on a copy padded with a ring of blocked cells, so that a
    // neighbour is one index step away and never off the grid.
    let ph = h + 2;
    let mut steps = vec![BLOCKED; (w + 2) * ph];
    for (x, column) in grid.cells().chunks_exact(h).enumerate() {
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
    debug_assert!(grid.height() <= 128);
    grid.cells()
        .chunks_exact(grid.height() as usize)
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
    let h = grid.height() as usize;
    reach_columns(grid, from)
        .iter()
        .flat_map(|&column| (0..h).map(move |y| column >> y & 1 == 1))
        .collect()
}
