//! `StoreyValidator`: read-only checks delegating to `outpost_core::validator`.

use godot::prelude::*;
use outpost_core::validator;

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;

/// Read-only queries on a `StoreyLayout`: A* paths, open-zone counting and the full rule
/// check. Nothing here modifies the layout. A malformed layout (for example a corrupted
/// `.tres`) is reported with `push_error`, never a crash.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreyValidator {
    base: Base<RefCounted>,
}

#[godot_api]
impl StoreyValidator {
    /// Shortest 4-directional path over walkable cells from `from` to `to`, both
    /// included (A*, Manhattan heuristic). Empty if an end is not walkable or no path
    /// exists.
    #[func]
    pub fn find_path(
        layout: Option<Gd<StoreyLayout>>,
        from: Vector2i,
        to: Vector2i,
    ) -> Array<Vector2i> {
        guarded("StoreyValidator.find_path", Array::new, || {
            match grid_of("find_path", layout) {
                Some(grid) => convert::vec2i_array(&validator::find_path(
                    &grid,
                    convert::pos(from),
                    convert::pos(to),
                )),
                None => Array::new(),
            }
        })
    }

    /// Number of distinct 4-connected walkable regions (BFS flood fill); -1 (after
    /// `push_error`) if the layout's grid is malformed.
    #[func]
    pub fn count_open_zones(layout: Option<Gd<StoreyLayout>>) -> i64 {
        guarded(
            "StoreyValidator.count_open_zones",
            || -1,
            || {
                grid_of("count_open_zones", layout)
                    .map_or(-1, |g| i64::from(validator::open_zones(&g)))
            },
        )
    }

    /// Checks every generation rule. Returns `{"ok": bool, "rule": String,
    /// "message": String}`: `rule` is the broken rule's name (`"counts"`,
    /// `"separation"`, `"enemy_paths"`...) and `message` says what broke it; both are
    /// `""` when `ok`. A malformed layout gives `ok == false`, `rule == ""` and the
    /// data error as `message`.
    #[func]
    pub fn validate(layout: Option<Gd<StoreyLayout>>) -> VarDictionary {
        let report = |ok: bool, rule: &str, message: &str| {
            vdict! { "ok" => ok, "rule" => rule, "message" => message }
        };
        guarded(
            "StoreyValidator.validate",
            || report(false, "", "internal error"),
            || {
                let Some(layout) = layout else {
                    return report(false, "", "layout is null");
                };
                match layout.bind().to_core() {
                    Err(e) => report(false, "", &format!("invalid layout data: {e}")),
                    Ok(core) => match outpost_core::validate(&core) {
                        Ok(()) => report(true, "", ""),
                        Err(v) => report(false, v.rule.name(), &v.detail),
                    },
                }
            },
        )
    }
}

/// The layout's grid, or `None` after reporting why there is none.
fn grid_of(what: &str, layout: Option<Gd<StoreyLayout>>) -> Option<outpost_core::Grid> {
    let Some(layout) = layout else {
        godot_error!("StoreyValidator.{what}: layout is null");
        return None;
    };
    let grid = layout.bind().core_grid();
    grid.map_err(|e| godot_error!("StoreyValidator.{what}: invalid layout data: {e}"))
        .ok()
}
