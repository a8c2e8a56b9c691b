//! Hand edits of a `StoreyLayout` from GDScript (the Outpost dock's paintable preview):
//! paint cells, derive the lists, paths and zones again as the passes do
//! (`outpost_core::StoreyLayout::rederive`), and copy a whole layout (a stroke's undo).
//! Each edit converts to the core layout, changes it there and converts back.

use godot::prelude::*;

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;

#[godot_api(secondary)]
impl StoreyLayout {
    /// Sets each of `cells` (those on the grid) to `cell_type` (a stored
    /// `StoreyLayout.CellType`: not `PATH`), then emits `changed`; the lists, paths and
    /// zones stay as they were until `rederive()`. Returns how many cells changed; 0
    /// after `push_error` for a bad `cell_type` or a malformed layout.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn paint(&mut self, cells: Array<Vector2i>, cell_type: i64) -> i64 {
        guarded(
            "StoreyLayout.paint",
            || 0,
            || self.paint_checked(&cells, cell_type),
        )
    }

    /// Derives `entry_cells`, `beacon_cells` (the cells still there keep their order, new
    /// ones follow), `primary_beacon`, `staircase_cell`, `entrance_cell`, the enemy paths
    /// and `open_zone_count` from `cells` again, as the generator's passes do; a layout
    /// nobody edited stays exactly as it was. Emits `changed`. False after `push_error`
    /// for a malformed layout.
    #[func]
    pub fn rederive(&mut self) -> bool {
        guarded(
            "StoreyLayout.rederive",
            || false,
            || match self.to_core() {
                Ok(mut layout) => {
                    layout.rederive();
                    self.replace_with_core(layout);
                    true
                }
                Err(e) => {
                    godot_error!("StoreyLayout.rederive: {e}");
                    false
                }
            },
        )
    }

    /// Makes this layout hold what `other` holds, in every field (an undo step restores
    /// the layout before a stroke so, lists and order included). Emits `changed`. False
    /// after `push_error` for a null or malformed `other`.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn assign(&mut self, other: Option<Gd<StoreyLayout>>) -> bool {
        guarded(
            "StoreyLayout.assign",
            || false,
            || {
                let Some(other) = other else {
                    godot_error!("StoreyLayout.assign: other is null");
                    return false;
                };
                let core = if other.instance_id() == self.base().instance_id() {
                    self.to_core()
                } else {
                    other.bind().to_core()
                };
                match core {
                    Ok(layout) => {
                        self.replace_with_core(layout);
                        true
                    }
                    Err(e) => {
                        godot_error!("StoreyLayout.assign: other is malformed: {e}");
                        false
                    }
                }
            },
        )
    }
}

impl StoreyLayout {
    fn paint_checked(&mut self, cells: &Array<Vector2i>, cell_type: i64) -> i64 {
        let Ok(t) = convert::cell_type(cell_type) else {
            godot_error!(
                "StoreyLayout.paint: cell_type = {cell_type} is not a CellType a cell can hold (0 OUT_OF_BOUNDS ..= 6 STAIRCASE, 8 ENTRANCE)"
            );
            return 0;
        };
        let mut layout = match self.to_core() {
            Ok(layout) => layout,
            Err(e) => {
                godot_error!("StoreyLayout.paint: {e}");
                return 0;
            }
        };
        let mut changed = 0;
        for p in cells.iter_shared().map(convert::pos) {
            if layout.cells.in_bounds(p) && layout.cells.get(p) != t {
                layout.paint(p, t);
                changed += 1;
            }
        }
        if changed > 0 {
            self.replace_with_core(layout);
        }
        changed
    }
}
