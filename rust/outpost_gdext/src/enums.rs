//! Class-scoped enums `StoreyLayout.CellType` and `StoreyLayout.StoreyType`.
//!
//! godot-rust 0.5.5 has no public API for an enum nested in a class (gdext issue #1464):
//! `#[constant]` only registers plain integer constants. The `#[godot_api]` macro itself
//! registers constants through `godot::register::private::constant` (a `#[doc(hidden)]`
//! module), whose `ConstantKind::Enum` passes an enum name to
//! `classdb_register_extension_class_integer_constant`. That is what makes
//! `StoreyLayout.CellType.WALL` resolve in GDScript. The path is private API, which is
//! why the workspace pins `godot = "=0.5.5"`; the Godot test suite covers it
//! (`test_enums` in `godot_project/tests/run_tests.gd`).

use godot::builtin::StringName;
use godot::obj::GodotClass;
use godot::register::private::constant::{ConstantKind, ExportConstant, IntegerConstant};
use outpost_core::{CellType, PATH_OVERLAY, StoreyType};

use crate::layout::StoreyLayout;

/// `(name, value)` of every `StoreyLayout.CellType` constant, including the `PATH` overlay
/// value 7, which is never stored in `cells`.
pub fn cell_type_constants() -> Vec<(&'static str, i64)> {
    CellType::ALL
        .into_iter()
        .map(|t| (t.name(), t as i64))
        .chain(std::iter::once(("PATH", i64::from(PATH_OVERLAY))))
        .collect()
}

/// `(name, value)` of every `StoreyLayout.StoreyType` constant.
pub fn storey_type_constants() -> Vec<(&'static str, i64)> {
    StoreyType::ALL
        .into_iter()
        .map(|t| (t.name(), t as i64))
        .collect()
}

fn register_enum(name: &str, values: Vec<(&'static str, i64)>) {
    let kind = ConstantKind::Enum {
        name: StringName::from(name),
        enumerators: values
            .into_iter()
            .map(|(n, v)| IntegerConstant::new(n, v))
            .collect(),
    };
    ExportConstant::new(StoreyLayout::class_id(), kind).register();
}

/// Registers `StoreyLayout.CellType` and `StoreyLayout.StoreyType` with ClassDB. Called
/// once at `InitStage::Scene`, after the classes themselves are registered.
pub fn register_class_enums() {
    register_enum("CellType", cell_type_constants());
    register_enum("StoreyType", storey_type_constants());
}
