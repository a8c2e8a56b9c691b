//! [`Navigator`]: one storey's walkable cells, its towers and the cells that must stay
//! connected, with distance fields and tower legality on top.

use crate::bits::Bits;
use crate::cell::CellType;
use crate::geometry::{Pos, Rect};
use crate::grid::Grid;
use crate::layout::StoreyLayout;
use crate::nav::field::DistanceField;
use crate::nav::legality::legal_cells;
use crate::nav::sight::{self, Reach};
use crate::nav::{Illegal, NavError};

/// Navigation over one storey: walkable cells minus the towers placed so far.
///
/// The layout's ENTRY, BEACON, SHAFT, STAIRCASE and ENTRANCE cells, plus the caller's extra
/// required cells, must stay connected: [`Navigator::can_place_tower`] refuses a tower
/// that would split them, and [`Navigator::placement_mask`] answers for every cell at
/// once. The mask is kept up to date by every change (placing or removing a tower,
/// setting the required cells), each at the cost of one articulation pass.
#[derive(Clone, Debug)]
pub struct Navigator {
    grid: Grid,
    walkable: Bits,
    /// EMPTY cells: the only cells a tower may take.
    empty: Bits,
    /// ENTRY, BEACON, SHAFT, STAIRCASE and ENTRANCE cells (walkable, not EMPTY).
    special: Bits,
    extra_required: Vec<Pos>,
    towers: Bits,
    legal: Bits,
    revision: u64,
    /// The storey's rooms, for tower-zone advice.
    rooms: Vec<Rect>,
}

impl Navigator {
    /// The navigator of a storey, with no tower and no extra required cell.
    ///
    /// # Errors
    ///
    /// [`NavError::TooLarge`] for a grid of more than 32 cells either way.
    pub fn new(layout: &StoreyLayout) -> Result<Self, NavError> {
        let mut nav = Navigator::from_grid(&layout.cells)?;
        nav.rooms.clone_from(&layout.rooms);
        Ok(nav)
    }

    /// The navigator of a bare grid (its special cells are read from the cell types; it
    /// has no rooms until [`Navigator::set_rooms`]).
    ///
    /// # Errors
    ///
    /// [`NavError::TooLarge`] for a grid of more than 32 cells either way.
    pub fn from_grid(grid: &Grid) -> Result<Self, NavError> {
        if !Bits::fits(grid) {
            return Err(NavError::TooLarge {
                width: grid.width(),
                height: grid.height(),
            });
        }
        let (walkable, empty) = Bits::of2(grid, CellType::is_walkable, |t| t == CellType::Empty);
        let mut nav = Navigator {
            grid: grid.clone(),
            walkable,
            empty,
            special: walkable.minus(&empty),
            extra_required: Vec::new(),
            towers: Bits::EMPTY,
            legal: Bits::EMPTY,
            revision: 0,
            rooms: Vec::new(),
        };
        nav.update_legality();
        Ok(nav)
    }

    /// The storey's grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Grid columns.
    pub fn width(&self) -> i32 {
        self.grid.width()
    }

    /// Grid rows.
    pub fn height(&self) -> i32 {
        self.grid.height()
    }

    /// Counts the changes to the towers: it grows by one at every placement and removal,
    /// so a reader (a swarm) can tell whether the free cells changed since it last looked.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether an agent may stand on `cell`: walkable and no tower.
    #[inline]
    pub fn is_free(&self, cell: Pos) -> bool {
        self.walkable.contains(cell) && !self.towers.contains(cell)
    }

    /// Whether a tower stands on `cell`.
    #[inline]
    pub fn is_tower(&self, cell: Pos) -> bool {
        self.towers.contains(cell)
    }

    /// The free cells (walkable, no tower).
    pub(crate) fn free(&self) -> Bits {
        self.walkable.minus(&self.towers)
    }

    /// The towers' cells.
    pub(crate) fn tower_bits(&self) -> Bits {
        self.towers
    }

    /// The towers' cells in grid order (column by column).
    pub fn towers(&self) -> Vec<Pos> {
        self.towers.iter().collect()
    }

    /// The distance field from `sources` over the free cells (sources that are not free
    /// reach nothing).
    pub fn distance_field(&self, sources: &[Pos]) -> DistanceField {
        let mut field = DistanceField::unreachable(self.width(), self.height());
        self.fill_distance_field(sources, &mut field);
        field
    }

    /// [`Navigator::distance_field`] into an existing field of this grid's size.
    pub fn fill_distance_field(&self, sources: &[Pos], field: &mut DistanceField) {
        let mut from = Bits::EMPTY;
        for &p in sources.iter().filter(|&&p| self.grid.in_bounds(p)) {
            from.insert(p);
        }
        self.fill_field_from(&from, field);
    }

    pub(crate) fn fill_field_from(&self, sources: &Bits, field: &mut DistanceField) {
        debug_assert_eq!(
            (field.width(), field.height()),
            (self.width(), self.height())
        );
        field.compute(&self.free(), sources);
    }

    /// Why a tower may not stand on `cell`, or `Ok` if it may.
    ///
    /// # Errors
    ///
    /// The first reason in this order: off the grid, not an EMPTY cell, a tower already
    /// there, a required cell, or a placement that would split the required cells.
    pub fn check_tower(&self, cell: Pos) -> Result<(), Illegal> {
        if !self.grid.in_bounds(cell) {
            return Err(Illegal::OffGrid);
        }
        let t = self.grid.get(cell);
        if t != CellType::Empty {
            return Err(Illegal::NotEmpty(t));
        }
        if self.towers.contains(cell) {
            return Err(Illegal::Tower);
        }
        if self.extra_required.contains(&cell) {
            return Err(Illegal::Required);
        }
        if !self.legal.contains(cell) {
            return Err(Illegal::WouldSeal);
        }
        Ok(())
    }

    /// Whether one more tower may stand on `cell`.
    pub fn can_place_tower(&self, cell: Pos) -> bool {
        self.legal.contains(cell)
    }

    /// One byte per cell in grid order (index `x * height + y`): 1 where a tower may
    /// stand, 0 elsewhere.
    pub fn placement_mask(&self) -> Vec<u8> {
        let h = self.height() as usize;
        let mut mask = vec![0; self.grid.len()];
        for p in self.legal.iter() {
            mask[p.x as usize * h + p.y as usize] = 1;
        }
        mask
    }

    /// The cells where a tower may stand, in grid order.
    pub fn legal_cells(&self) -> Vec<Pos> {
        self.legal.iter().collect()
    }

    /// Places a tower on `cell`.
    ///
    /// # Errors
    ///
    /// Why it may not stand there ([`Navigator::check_tower`]); nothing changes then.
    pub fn place_tower(&mut self, cell: Pos) -> Result<(), Illegal> {
        self.check_tower(cell)?;
        self.towers.insert(cell);
        self.revision += 1;
        self.update_legality();
        Ok(())
    }

    /// Removes the tower on `cell`; false (nothing changed) if there is none.
    pub fn remove_tower(&mut self, cell: Pos) -> bool {
        if !self.towers.contains(cell) {
            return false;
        }
        self.towers = self.towers.minus(&Bits::single(cell));
        self.revision += 1;
        self.update_legality();
        true
    }

    /// The caller's extra required cells (the game's console, Genesis's cell), in the
    /// order given.
    pub fn required_cells(&self) -> &[Pos] {
        &self.extra_required
    }

    /// Sets the extra cells that must stay connected with the layout's special cells.
    ///
    /// # Errors
    ///
    /// [`NavError::BadRequiredCell`] for a cell off the grid, not walkable, or under a
    /// tower; nothing changes then.
    pub fn set_required_cells(&mut self, cells: &[Pos]) -> Result<(), NavError> {
        for &cell in cells {
            let reason = if !self.grid.in_bounds(cell) {
                Some("is off the grid")
            } else if !self.walkable.contains(cell) {
                Some("is not walkable")
            } else if self.towers.contains(cell) {
                Some("holds a tower")
            } else {
                None
            };
            if let Some(reason) = reason {
                return Err(NavError::BadRequiredCell { cell, reason });
            }
        }
        if self.extra_required != cells {
            self.extra_required = cells.to_vec();
            self.update_legality();
        }
        Ok(())
    }

    /// The rooms tower-zone advice is given for.
    pub fn rooms(&self) -> &[Rect] {
        &self.rooms
    }

    /// Sets the rooms tower-zone advice is given for (a layout's `rooms`).
    pub fn set_rooms(&mut self, rooms: &[Rect]) {
        self.rooms = rooms.to_vec();
    }

    /// Whether nothing but open cells lies between the centres of `from` and `to`
    /// ([`sight::line_of_sight`]).
    pub fn line_of_sight(&self, from: Pos, to: Pos) -> bool {
        sight::line_of_sight(&self.grid, from, to)
    }

    /// Whether a tower on `tower` with `reach` hits an agent on `cell` ([`sight::covers`]).
    pub fn covers(&self, tower: Pos, cell: Pos, reach: Reach) -> bool {
        sight::covers(&self.grid, tower, cell, reach)
    }

    /// The tower zone (room index) of every cell, in grid order ([`sight::room_zones`]).
    pub fn room_zones(&self) -> Vec<Option<usize>> {
        sight::room_zones(&self.grid, &self.rooms)
    }

    /// Per room, the first of `tiers` from which one tower covers its zone
    /// ([`sight::recommend_tiers`]).
    pub fn recommend_tiers(&self, tiers: &[Reach]) -> Vec<Option<usize>> {
        sight::recommend_tiers(&self.grid, &self.rooms, tiers)
    }

    fn update_legality(&mut self) {
        self.legal = self.recompute_legality();
    }

    /// The legal cells, computed from scratch: one articulation pass.
    pub(crate) fn recompute_legality(&self) -> Bits {
        let free = self.free();
        let mut required = self.special & free;
        for &p in &self.extra_required {
            required.insert(p);
        }
        let candidates = (self.empty & free).minus(&required);
        legal_cells(&free, &candidates, &required, self.width(), self.height())
    }
}
