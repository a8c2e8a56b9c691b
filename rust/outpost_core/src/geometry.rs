//! Grid positions and rectangles.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A grid position. Serialised as `[x, y]`, like Godot's `Vector2i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[i32; 2]", into = "[i32; 2]")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
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
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
}

impl Rect {
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

    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Every cell, column by column.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.x..self.right())
            .flat_map(move |x| (self.y..self.bottom()).map(move |y| Pos::new(x, y)))
    }
}
