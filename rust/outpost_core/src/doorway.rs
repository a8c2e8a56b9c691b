//! The geometry of the ENTRANCE rule, shared by Pass 6 (which places the door), the
//! validator (which checks it) and the surface (which puts the door cell outside it).
//!
//! *Outside* is everything off the grid and every OUT_OF_BOUNDS cell joined to the grid's
//! edge through OUT_OF_BOUNDS cells: an OUT_OF_BOUNDS pocket walled in by the storey is
//! not outside (a door there would open onto nothing). A *doorway* is a cell with exactly
//! one walkable 4-neighbour, which is EMPTY, and the outside straight across from it: one
//! steps through it in a straight line from the outside onto open floor.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::Pos;
use crate::grid::Grid;

/// The grid's outside OUT_OF_BOUNDS cells, in storage order (`x * height + y`): those
/// joined to the grid's edge through OUT_OF_BOUNDS cells (a flood fill from the edge
/// ring, neighbours in a fixed order).
pub fn outside_cells(grid: &Grid) -> Vec<bool> {
    let mut outside = vec![false; grid.len()];
    let mut stack: Vec<Pos> = grid
        .iter()
        .filter(|&(p, t)| t == CellType::OutOfBounds && grid.on_edge(p))
        .map(|(p, _)| p)
        .collect();
    for &p in &stack {
        if let Some(i) = grid.index(p) {
            outside[i] = true;
        }
    }
    while let Some(p) = stack.pop() {
        for n in p.neighbours4() {
            if let Some(i) = grid.index(n)
                && !outside[i]
                && grid.get(n) == CellType::OutOfBounds
            {
                outside[i] = true;
                stack.push(n);
            }
        }
    }
    outside
}

/// [`outside_cells`] on a bitboard, for grids that fit one: the cells of `oob` (a grid's
/// OUT_OF_BOUNDS cells) joined to the edge of the `width` x `height` grid through `oob`.
pub(crate) fn outside_bits(oob: &Bits, width: i32, height: i32) -> Bits {
    let mut outside = *oob & Bits::edge_ring(width, height);
    loop {
        let more = outside.spread_within_except(oob, &outside);
        if more.is_empty() {
            return outside;
        }
        outside |= more;
    }
}

/// Whether `p` is outside: off the grid, or an outside OUT_OF_BOUNDS cell of
/// [`outside_cells`].
pub fn is_outside(grid: &Grid, outside: &[bool], p: Pos) -> bool {
    grid.index(p).is_none_or(|i| outside[i])
}

/// The two sides of a doorway at `cell`, `(inside, outside)`: its one walkable
/// 4-neighbour, which must be EMPTY, and the cell straight across from it, which must be
/// outside. `None` if `cell` is no doorway (whatever `cell` itself holds).
pub fn doorway(grid: &Grid, outside: &[bool], cell: Pos) -> Option<(Pos, Pos)> {
    doorway_with(grid, cell, |p| is_outside(grid, outside, p))
}

/// [`doorway`] with the outside given by `is_outside` (which must say true off the grid).
pub(crate) fn doorway_with(
    grid: &Grid,
    cell: Pos,
    is_outside: impl Fn(Pos) -> bool,
) -> Option<(Pos, Pos)> {
    let mut walkable = cell
        .neighbours4()
        .into_iter()
        .filter(|&n| grid.is_walkable(n));
    let inside = walkable.next()?;
    if walkable.next().is_some() || grid.get(inside) != CellType::Empty {
        return None;
    }
    let across = Pos::new(2 * cell.x - inside.x, 2 * cell.y - inside.y);
    is_outside(across).then_some((inside, across))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii;

    #[test]
    fn a_pocket_walled_in_by_the_storey_is_not_outside() {
        let grid = ascii::parse(
            "~~~~~~\n\
             ~####~\n\
             ~#~~#~\n\
             ~####~\n",
        )
        .unwrap();
        let outside = outside_cells(&grid);
        assert!(is_outside(&grid, &outside, Pos::new(0, 0)));
        assert!(is_outside(&grid, &outside, Pos::new(-1, 2)));
        assert!(!is_outside(&grid, &outside, Pos::new(2, 2)));
        assert!(!is_outside(&grid, &outside, Pos::new(1, 1)));
    }

    #[test]
    fn a_doorway_has_floor_on_one_side_and_the_outside_straight_across() {
        let grid = ascii::parse(
            "#####\n\
             #...#\n\
             #...#\n\
             #####\n",
        )
        .unwrap();
        let outside = outside_cells(&grid);
        assert_eq!(
            doorway(&grid, &outside, Pos::new(2, 0)),
            Some((Pos::new(2, 1), Pos::new(2, -1)))
        );
        assert_eq!(
            doorway(&grid, &outside, Pos::new(4, 2)),
            Some((Pos::new(3, 2), Pos::new(5, 2)))
        );
        // A corner touches no floor; a floor cell has several floor neighbours.
        assert_eq!(doorway(&grid, &outside, Pos::new(0, 0)), None);
        assert_eq!(doorway(&grid, &outside, Pos::new(2, 1)), None);
    }
}
