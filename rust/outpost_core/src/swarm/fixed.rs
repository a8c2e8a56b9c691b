//! The swarm's fixed-point units. Simulation state is integers only, so that every
//! platform computes the same states; floats exist only at the edges (Godot, the CLI),
//! converted by the functions here.

use crate::geometry::Pos;

/// Position units per cell edge: a position is a cell coordinate times `SUBCELL`.
pub const SUBCELL: i32 = 1 << 16;

/// Units of health, damage and other amounts per whole point (milli-points).
pub const MILLI: i64 = 1000;

/// A point on the storey's floor in [`SUBCELL`] units: `x` across columns, `y` down
/// rows; cell (x, y) spans `x * SUBCELL .. (x + 1) * SUBCELL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FixedPos {
    /// Across columns.
    pub x: i32,
    /// Down rows.
    pub y: i32,
}

impl FixedPos {
    /// The centre of `cell`.
    #[inline]
    pub const fn centre_of(cell: Pos) -> FixedPos {
        FixedPos {
            x: cell.x * SUBCELL + SUBCELL / 2,
            y: cell.y * SUBCELL + SUBCELL / 2,
        }
    }

    /// The point `(x, y)` given in cells (a float from Godot or the command line),
    /// rounded to the nearest unit; `None` for a value that is not finite or lies
    /// beyond any grid.
    pub fn from_cells(x: f64, y: f64) -> Option<FixedPos> {
        Some(FixedPos {
            x: to_units(x)?,
            y: to_units(y)?,
        })
    }

    /// The point in cells (for drawing).
    pub fn to_cells(self) -> [f64; 2] {
        [
            f64::from(self.x) / f64::from(SUBCELL),
            f64::from(self.y) / f64::from(SUBCELL),
        ]
    }

    /// The squared distance to `other`, in squared units.
    #[inline]
    pub const fn distance_squared(self, other: FixedPos) -> i64 {
        let dx = (self.x as i64) - (other.x as i64);
        let dy = (self.y as i64) - (other.y as i64);
        dx * dx + dy * dy
    }

    /// The cell that holds the point.
    pub const fn cell(self) -> Pos {
        Pos::new(self.x.div_euclid(SUBCELL), self.y.div_euclid(SUBCELL))
    }
}

/// A length in cells as [`SUBCELL`] units (rounded); `None` if it is negative, not
/// finite, or beyond any grid.
pub fn length_units(cells: f64) -> Option<i32> {
    if cells >= 0.0 { to_units(cells) } else { None }
}

/// An amount (health, damage) as milli-points, rounded; `None` if it is negative, not
/// finite, or above a billion points.
pub fn amount_milli(points: f64) -> Option<i64> {
    (points.is_finite() && (0.0..=1e9).contains(&points))
        .then(|| (points * MILLI as f64).round() as i64)
}

/// Milli-points as points (for signals and display).
pub fn milli_to_points(milli: i64) -> f64 {
    milli as f64 / MILLI as f64
}

fn to_units(cells: f64) -> Option<i32> {
    // Grids are at most 32 cells across; anything within +-1024 cells stays exact.
    (cells.is_finite() && cells.abs() <= 1024.0)
        .then(|| (cells * f64::from(SUBCELL)).round() as i32)
}
