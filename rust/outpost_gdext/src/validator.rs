//! `StoreyValidator`: read-only checks delegating to `outpost_core::validator`.

use godot::classes::IRefCounted;
use godot::prelude::*;
use outpost_core::validator;

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use crate::settings::{StoreyGenerationSettings, core_rooms, core_settings};

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
                    .map_or(-1, |g| i64::from(validator::count_open_zones(&g)))
            },
        )
    }

    /// Checks every generation rule and reports the first one broken (see
    /// `StoreyValidation`). A malformed layout gives `ok == false`, `rule == ""` and the
    /// data error as `message`.
    #[func]
    pub fn validate(layout: Option<Gd<StoreyLayout>>) -> Gd<StoreyValidation> {
        guarded(
            "StoreyValidator.validate",
            || StoreyValidation::failed("", "internal error"),
            || {
                let Some(layout) = layout else {
                    return StoreyValidation::failed("", "layout is null");
                };
                match layout.bind().to_core() {
                    Err(e) => StoreyValidation::failed("", &format!("invalid layout data: {e}")),
                    Ok(core) => match outpost_core::validate(&core) {
                        Ok(()) => StoreyValidation::passed(),
                        Err(v) => StoreyValidation::failed(v.rule.name(), &v.detail),
                    },
                }
            },
        )
    }

    /// `validate()` against `settings` (null: the reference's): the rules as the
    /// settings set them, and with their `room_set` the `rooms_intact` rule (each placed
    /// room still holds its template's map). A setting out of range gives `ok == false`,
    /// `rule == ""` and the setting's error as `message`.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn validate_with(
        layout: Option<Gd<StoreyLayout>>,
        settings: Option<Gd<StoreyGenerationSettings>>,
    ) -> Gd<StoreyValidation> {
        guarded(
            "StoreyValidator.validate_with",
            || StoreyValidation::failed("", "internal error"),
            || {
                let Some(layout) = layout else {
                    return StoreyValidation::failed("", "layout is null");
                };
                let core_settings = match core_settings(settings.as_ref()) {
                    Ok(s) => s,
                    Err(e) => return StoreyValidation::failed("", &e),
                };
                let rooms = core_rooms(settings.as_ref());
                match layout.bind().to_core() {
                    Err(e) => StoreyValidation::failed("", &format!("invalid layout data: {e}")),
                    Ok(core) => {
                        match outpost_core::validate_with_rooms(&core, &core_settings, &rooms) {
                            Ok(()) => StoreyValidation::passed(),
                            Err(v) => StoreyValidation::failed(v.rule.name(), &v.detail),
                        }
                    }
                }
            },
        )
    }
}

#[godot_api(secondary)]
impl StoreyValidator {
    /// Every rule `validate_with()` checks, with every place each breaks: one
    /// `Dictionary` per broken rule, in the rules' order, with `rule` (its name),
    /// `detail` (the first place, and how many more) and `cells` (an `Array[Vector2i]`:
    /// the cells involved, docs/api.md says which for each rule); empty when every rule
    /// holds. Placed rooms are checked against `settings.room_set` when it has one. For a
    /// storey edited by hand: one broken rule does not hide another. A malformed layout
    /// or settings out of range: `push_error`, and one entry with `rule` `""` naming the
    /// problem (never an empty array, which would say the storey is fine).
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn validate_all(
        layout: Option<Gd<StoreyLayout>>,
        settings: Option<Gd<StoreyGenerationSettings>>,
    ) -> Array<VarDictionary> {
        let refused = |problem: &str| {
            godot_error!("StoreyValidator.validate_all: {problem}");
            let mut entry = VarDictionary::new();
            entry.set("rule", "");
            entry.set("detail", problem);
            entry.set("cells", &Array::<Vector2i>::new());
            Array::from(&[entry])
        };
        guarded(
            "StoreyValidator.validate_all",
            || refused("internal error"),
            || {
                let Some(layout) = layout else {
                    return refused("layout is null");
                };
                let core_settings = match core_settings(settings.as_ref()) {
                    Ok(s) => s,
                    Err(e) => return refused(&e),
                };
                let core = match layout.bind().to_core() {
                    Ok(core) => core,
                    Err(e) => return refused(&format!("invalid layout data: {e}")),
                };
                let rooms = core_rooms(settings.as_ref());
                let broken = if rooms.is_empty() {
                    outpost_core::validate_all(&core, &core_settings)
                } else {
                    outpost_core::validate_all_with_rooms(&core, &core_settings, &rooms)
                };
                broken
                    .iter()
                    .map(|v| {
                        let mut entry = VarDictionary::new();
                        entry.set("rule", v.rule.name());
                        entry.set("detail", v.detail.as_str());
                        entry.set("cells", &convert::vec2i_array(&v.cells));
                        entry
                    })
                    .collect()
            },
        )
    }
}

/// What `StoreyValidator.validate()` found: `ok` is true when every generation rule holds;
/// otherwise `rule` names the first rule broken (`"counts"`, `"separation"`,
/// `"enemy_paths"`...; `""` when the data itself is malformed) and `message` says what
/// broke it. Read-only.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreyValidation {
    /// True when the layout keeps every rule.
    #[var(no_set)]
    ok: bool,
    /// The broken rule's name, `""` when `ok` (or when the data is malformed).
    #[var(no_set)]
    rule: GString,
    /// What broke the rule, naming the cells or values; `""` when `ok`.
    #[var(no_set)]
    message: GString,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for StoreyValidation {
    fn to_string(&self) -> GString {
        if self.ok {
            GString::from("StoreyValidation(ok)")
        } else {
            GString::from(&format!(
                "StoreyValidation({}: {})",
                self.rule, self.message
            ))
        }
    }
}

#[godot_api]
impl StoreyValidation {}

impl StoreyValidation {
    fn passed() -> Gd<Self> {
        Self::make(true, "", "")
    }

    fn failed(rule: &str, message: &str) -> Gd<Self> {
        Self::make(false, rule, message)
    }

    fn make(ok: bool, rule: &str, message: &str) -> Gd<Self> {
        Gd::from_init_fn(|base| StoreyValidation {
            ok,
            rule: GString::from(rule),
            message: GString::from(message),
            base,
        })
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
