//! `StoreyNavigator`: distance fields and tower legality of one storey, delegating to
//! `outpost_core::nav`.

use godot::classes::IRefCounted;
use godot::prelude::*;
use outpost_core::Pos;
use outpost_core::nav::{self, Navigator, Reach};

use crate::convert;
use crate::enums::{EnumValue, class_enum};
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use outpost_core::nav::Illegal;

/// Navigation over one storey: distance fields over its walkable cells, and where towers
/// may stand. Towers block walking; a tower may go only on an EMPTY cell whose blocking
/// keeps the ENTRY, BEACON, SHAFT, STAIRCASE and ENTRANCE cells, plus the cells given to
/// `set_required_cells`, connected. The legality of every cell is recomputed (one pass,
/// measured in docs/performance.md) by each placement, removal and `set_required_cells`.
///
/// Cells are `Vector2i`; fields and masks are indexed `x * height + y`, the grid's own
/// order (`cells[x][y]`). Array parameters take any `Array` (typed or not), checked element
/// by element.
/// Safe to use from any thread (as any object, not from two at once while one writes).
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreyNavigator {
    pub(crate) nav: Navigator,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for StoreyNavigator {}

#[godot_api]
impl StoreyNavigator {
    /// The value of an unreachable cell in `distance_field()`.
    #[constant]
    const UNREACHABLE: i64 = -1;

    /// The navigator of `layout`'s storey, with no tower. Null (after `push_error`) for
    /// a null or malformed layout.
    #[func]
    pub fn create(layout: Option<Gd<StoreyLayout>>) -> Option<Gd<StoreyNavigator>> {
        guarded(
            "StoreyNavigator.create",
            || None,
            || {
                let Some(layout) = layout else {
                    godot_error!("StoreyNavigator.create: layout is null");
                    return None;
                };
                let layout = layout.bind();
                let nav = layout
                    .core_grid()
                    .and_then(|grid| Navigator::from_grid(&grid).map_err(|e| e.to_string()));
                match nav {
                    Ok(mut nav) => {
                        nav.set_rooms(&layout.core_rooms());
                        Some(Self::from_core(nav))
                    }
                    Err(e) => {
                        godot_error!("StoreyNavigator.create: invalid layout: {e}");
                        None
                    }
                }
            },
        )
    }

    /// Grid columns.
    #[func]
    pub fn get_width(&self) -> i64 {
        i64::from(self.nav.width())
    }

    /// Grid rows.
    #[func]
    pub fn get_height(&self) -> i64 {
        i64::from(self.nav.height())
    }

    /// Steps from every cell to the nearest of `sources` (cells as `Vector2i`) over the
    /// walkable cells without a tower, 4-neighbour, one per cell at `x * height + y`; -1
    /// where no source is reached. A source on a wall or tower reaches nothing. Empty
    /// (after `push_error`) if an element is not a `Vector2i` on the grid.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn distance_field(&self, sources: AnyArray) -> PackedInt32Array {
        guarded(
            "StoreyNavigator.distance_field",
            PackedInt32Array::new,
            || match self.cells_arg("distance_field", "sources", &sources) {
                Ok(cells) => {
                    let field = self.nav.distance_field(&cells);
                    field
                        .as_slice()
                        .iter()
                        .map(|&d| {
                            if d == nav::UNREACHABLE {
                                -1
                            } else {
                                i32::from(d)
                            }
                        })
                        .collect()
                }
                Err(()) => PackedInt32Array::new(),
            },
        )
    }

    /// The next cell from `cell` down `field` (as `distance_field()` returns it): `cell`
    /// itself at a source (0), the first neighbour one step closer in the order north
    /// (y - 1), east, south, west otherwise, (-1, -1) where unreachable. (-1, -1) after
    /// `push_error` for a field of the wrong size or a cell off the grid.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn next_step(&self, field: PackedInt32Array, cell: Vector2i) -> Vector2i {
        const NONE: Vector2i = Vector2i::new(-1, -1);
        guarded(
            "StoreyNavigator.next_step",
            || NONE,
            || {
                let cells = self.nav.grid().len();
                if field.len() != cells {
                    godot_error!(
                        "StoreyNavigator.next_step: field has {} values; this storey has {cells} cells ({} x {})",
                        field.len(),
                        self.nav.width(),
                        self.nav.height()
                    );
                    return NONE;
                }
                if !self.in_grid("next_step", cell) {
                    return NONE;
                }
                nav::next_step(
                    field.as_slice(),
                    self.nav.width(),
                    self.nav.height(),
                    convert::pos(cell),
                    |d| u32::try_from(d).ok(),
                )
                .map_or(NONE, convert::vec2i)
            },
        )
    }

    /// Whether one more tower may stand on `cell` (false off the grid).
    #[func]
    pub fn can_place_tower(&self, cell: Vector2i) -> bool {
        self.nav.can_place_tower(convert::pos(cell))
    }

    /// Why a tower may not stand on `cell`, as a value: `TowerRefusal.NONE` if it may,
    /// else `OFF_GRID`, `NOT_EMPTY` (not an EMPTY cell: `get_cell` on the layout says what
    /// it is), `TOWER` (a tower stands there), `REQUIRED` (a required cell) or
    /// `WOULD_SEAL` (blocking it would cut required cells apart). One lookup in the
    /// legality the navigator keeps up to date.
    #[func]
    pub fn check_tower(&self, cell: Vector2i) -> TowerRefusal {
        TowerRefusal::new(TowerRefusalEnum::value(
            self.nav.check_tower(convert::pos(cell)),
        ))
    }

    /// Why a tower may not stand on `cell`, in English (for logs; the game turns
    /// `check_tower`'s value into its own sentence): "" if it may, else "off the grid",
    /// "not an EMPTY cell (WALL)" (its type), "a tower stands there", "a required cell" or
    /// "would seal a path".
    #[func]
    pub fn get_tower_refusal(&self, cell: Vector2i) -> GString {
        match self.nav.check_tower(convert::pos(cell)) {
            Ok(()) => GString::new(),
            Err(why) => GString::from(&why.to_string()),
        }
    }

    /// One byte per cell (`x * height + y`): 1 where a tower may stand, 0 elsewhere.
    #[func]
    pub fn placement_mask(&self) -> PackedByteArray {
        PackedByteArray::from(self.nav.placement_mask().as_slice())
    }

    /// Places a tower on `cell`; false (nothing changed) where `can_place_tower` is false.
    #[func]
    pub fn place_tower(&mut self, cell: Vector2i) -> bool {
        self.nav.place_tower(convert::pos(cell)).is_ok()
    }

    /// Removes the tower on `cell`; false (nothing changed) if there is none.
    #[func]
    pub fn remove_tower(&mut self, cell: Vector2i) -> bool {
        self.nav.remove_tower(convert::pos(cell))
    }

    /// The towers' cells, column by column.
    #[func]
    pub fn get_towers(&self) -> Array<Vector2i> {
        convert::vec2i_array(&self.nav.towers())
    }

    /// Counts tower changes (one per placement or removal).
    #[func]
    pub fn get_revision(&self) -> i64 {
        self.nav.revision() as i64
    }

    /// Sets the extra cells (`Vector2i`s) that must stay connected with the special
    /// cells, replacing the previous ones. False (after `push_error`, nothing changed) if
    /// an element is not a `Vector2i`, or is off the grid, not walkable or under a tower.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn set_required_cells(&mut self, cells: AnyArray) -> bool {
        guarded(
            "StoreyNavigator.set_required_cells",
            || false,
            || {
                let Ok(cells) = self.cells_arg("set_required_cells", "cells", &cells) else {
                    return false;
                };
                match self.nav.set_required_cells(&cells) {
                    Ok(()) => true,
                    Err(e) => {
                        godot_error!("StoreyNavigator.set_required_cells: {e}");
                        false
                    }
                }
            },
        )
    }

    /// The extra required cells, in the order given.
    #[func]
    pub fn get_required_cells(&self) -> Array<Vector2i> {
        convert::vec2i_array(self.nav.required_cells())
    }

    /// Whether the straight line between the centres of `from` and `to` touches no WALL
    /// cell (grazing a wall's corner blocks it; towers and other cells never do). False
    /// if an end is a WALL or off the grid.
    #[func]
    pub fn has_line_of_sight(&self, from: Vector2i, to: Vector2i) -> bool {
        self.nav.line_of_sight(convert::pos(from), convert::pos(to))
    }

    /// Whether a tower on `tower` hits an agent on `cell`: the cells' centres at most
    /// `range` cells apart, and a line of sight between them if `needs_line_of_sight`. The
    /// towers aim with this test (`StoreySwarm.pick_target`), and the zone advice uses it.
    /// False (after `push_error`) for a negative or non-finite range.
    #[func]
    pub fn tower_covers(
        &self,
        tower: Vector2i,
        cell: Vector2i,
        range: f64,
        needs_line_of_sight: bool,
    ) -> bool {
        match reach(range, needs_line_of_sight) {
            Ok(r) => self.nav.covers(convert::pos(tower), convert::pos(cell), r),
            Err(e) => {
                godot_error!("StoreyNavigator.tower_covers: {e}");
                false
            }
        }
    }

    /// The tower zone of every cell (`x * height + y`): the index, in the layout's `rooms`
    /// order, of the room whose cells are nearest by steps over walkable cells (lowest index
    /// among equals); -1 for a cell that is not walkable. The zones share the corridors and
    /// open floor out among the rooms, so they tile the storey's walkable cells.
    #[func]
    pub fn get_room_zones(&self) -> PackedInt32Array {
        self.nav
            .room_zones()
            .into_iter()
            .map(|z| z.map_or(-1, |r| r as i32))
            .collect()
    }

    /// Tower-zone advice: for each room of the layout (`rooms` order), the index of the
    /// first of `tiers` (lowest first) from which one tower on an EMPTY cell in or next to
    /// the room's zone (`get_room_zones`) covers every cell of the zone (`tower_covers`),
    /// or -1 where none does.
    /// Each tier is a Dictionary with `range` (cells) and `needs_line_of_sight` (bool).
    /// Empty (after `push_error`) for a tier that is not such a Dictionary.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn recommend_tower_tiers(&self, tiers: AnyArray) -> PackedInt32Array {
        guarded(
            "StoreyNavigator.recommend_tower_tiers",
            PackedInt32Array::new,
            || {
                let mut reaches = Vec::with_capacity(tiers.len());
                for (i, tier) in tiers.iter_shared().enumerate() {
                    match tier_reach(i, &tier) {
                        Ok(r) => reaches.push(r),
                        Err(e) => {
                            godot_error!("StoreyNavigator.recommend_tower_tiers: {e}");
                            return PackedInt32Array::new();
                        }
                    }
                }
                self.nav
                    .recommend_tiers(&reaches)
                    .into_iter()
                    .map(|t| t.map_or(-1, |t| t as i32))
                    .collect()
            },
        )
    }

    /// Whether an agent may stand on `cell`: walkable, no tower.
    #[func]
    pub fn is_free(&self, cell: Vector2i) -> bool {
        self.nav.is_free(convert::pos(cell))
    }
}

impl StoreyNavigator {
    /// A new navigator object holding `nav`.
    pub fn from_core(nav: Navigator) -> Gd<Self> {
        Gd::from_init_fn(|base| StoreyNavigator { nav, base })
    }

    /// The elements of `array` as cells of this grid; on a bad one, `push_error` naming
    /// it (`method`'s argument `name`, its index and value).
    fn cells_arg(&self, method: &str, name: &str, array: &AnyArray) -> Result<Vec<Pos>, ()> {
        let mut cells = Vec::with_capacity(array.len());
        for (i, v) in array.iter_shared().enumerate() {
            let Ok(cell) = v.try_to::<Vector2i>() else {
                godot_error!("StoreyNavigator.{method}: {name}[{i}] = {v} is not a Vector2i");
                return Err(());
            };
            if !self.nav.grid().in_bounds(convert::pos(cell)) {
                godot_error!(
                    "StoreyNavigator.{method}: {name}[{i}] = {cell} is off the {} x {} grid",
                    self.nav.width(),
                    self.nav.height()
                );
                return Err(());
            }
            cells.push(convert::pos(cell));
        }
        Ok(cells)
    }

    fn in_grid(&self, method: &str, cell: Vector2i) -> bool {
        let inside = self.nav.grid().in_bounds(convert::pos(cell));
        if !inside {
            godot_error!(
                "StoreyNavigator.{method}: cell {cell} is off the {} x {} grid",
                self.nav.width(),
                self.nav.height()
            );
        }
        inside
    }
}

/// A tower's reach from a range in cells; the error names a bad range.
pub(crate) fn reach(range: f64, needs_line_of_sight: bool) -> Result<Reach, String> {
    if !(range.is_finite() && (0.0..=1000.0).contains(&range)) {
        return Err(format!(
            "range {range} must be a number of cells in 0..=1000"
        ));
    }
    Ok(Reach {
        range_milli: (range * 1000.0).round() as u32,
        needs_line_of_sight,
    })
}

/// Element `index` of a tier list: a Dictionary with a number `range` and a bool
/// `needs_line_of_sight`.
fn tier_reach(index: usize, tier: &Variant) -> Result<Reach, String> {
    let bad = || {
        format!(
            "tiers[{index}] = {tier} is not a Dictionary with a number \"range\" and a bool \"needs_line_of_sight\""
        )
    };
    let d = tier.try_to::<VarDictionary>().map_err(|_| bad())?;
    let range = d.get("range").and_then(|v| v.try_to::<f64>().ok());
    let los = d
        .get("needs_line_of_sight")
        .and_then(|v| v.try_to::<bool>().ok());
    match (range, los) {
        (Some(range), Some(los)) => reach(range, los).map_err(|e| format!("tiers[{index}]: {e}")),
        _ => Err(bad()),
    }
}

/// The names of `StoreyNavigator.TowerRefusal`'s values, in value order.
const TOWER_REFUSALS: [&str; 6] = [
    "NONE",
    "OFF_GRID",
    "NOT_EMPTY",
    "TOWER",
    "REQUIRED",
    "WOULD_SEAL",
];

class_enum!(
    /// `StoreyNavigator.TowerRefusal`: why a tower may not stand on a cell (`NONE`: it
    /// may), one value per [`Illegal`] reason of the core.
    TowerRefusalEnum = StoreyNavigator.TowerRefusal,
    TOWER_REFUSALS.into_iter().zip(0..).collect()
);

impl TowerRefusalEnum {
    /// The value of `check`'s outcome: `NONE` (0) for `Ok`, else the reason's.
    pub fn value(check: Result<(), Illegal>) -> i64 {
        match check {
            Ok(()) => 0,
            Err(Illegal::OffGrid) => 1,
            Err(Illegal::NotEmpty(_)) => 2,
            Err(Illegal::Tower) => 3,
            Err(Illegal::Required) => 4,
            Err(Illegal::WouldSeal) => 5,
        }
    }
}

/// What `StoreyNavigator.check_tower` returns.
pub type TowerRefusal = EnumValue<TowerRefusalEnum>;
