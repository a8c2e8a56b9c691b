//! Class-scoped enums `StoreyLayout.CellType`, `StoreyLayout.StoreyType` and
//! `SwarmKind.Goal`.
//!
//! godot-rust 0.5.5 has no public API for an enum nested in a class (gdext issue #1464):
//! `#[constant]` only registers plain integer constants. The `#[godot_api]` macro itself
//! registers constants through `godot::register::private::constant` (a `#[doc(hidden)]`
//! module), whose `ConstantKind::Enum` passes an enum name to
//! `classdb_register_extension_class_integer_constant`. That is what makes
//! `StoreyLayout.CellType.WALL` resolve in GDScript. The path is private API, which is
//! why the workspace pins `godot = "=0.5.5"`; the Godot test suites cover it
//! (`test_enums` in `godot_project/tests/test_extension.gd`: the values and ClassDB's
//! enums; `test_storey_type_property_is_the_enum_with_the_cores_names` in
//! `godot_project/tests/test_layout.gd`: the `storey_type` property's enum hint).

use std::borrow::Cow;

use godot::builtin::{StringName, VariantType};
use godot::meta::ClassId;
use godot::meta::conv::ByValue;
use godot::meta::error::ConvertError;
use godot::meta::shape::{EnumeratorShape, GodotShape};
use godot::meta::{FromGodot, GodotConvert, ToGodot};
use godot::obj::GodotClass;
use godot::register::private::constant::{ConstantKind, ExportConstant, IntegerConstant};
use godot::register::property::{Export, SimpleVar};
use outpost_core::swarm::Goal;
use outpost_core::{CellType, PATH_OVERLAY, StoreyType};

use crate::layout::StoreyLayout;
use crate::swarm_kind::SwarmKind;

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

/// `(name, value)` of every `SwarmKind.Goal` constant.
pub fn goal_constants() -> Vec<(&'static str, i64)> {
    Goal::ALL
        .into_iter()
        .map(|g| (g.name(), g as i64))
        .collect()
}

fn register_enum(class: ClassId, name: &str, values: Vec<(&'static str, i64)>) {
    let kind = ConstantKind::Enum {
        name: StringName::from(name),
        enumerators: values
            .into_iter()
            .map(|(n, v)| IntegerConstant::new(n, v))
            .collect(),
    };
    ExportConstant::new(class, kind).register();
}

/// Registers `StoreyLayout.CellType`, `StoreyLayout.StoreyType` and `SwarmKind.Goal` with
/// ClassDB. Called once at `InitStage::Scene`, after the classes themselves are registered.
pub fn register_class_enums() {
    register_enum(StoreyLayout::class_id(), "CellType", cell_type_constants());
    register_enum(
        StoreyLayout::class_id(),
        "StoreyType",
        storey_type_constants(),
    );
    register_enum(SwarmKind::class_id(), "Goal", goal_constants());
}

/// The shape of an int property registered as the class enum `godot_name`.
fn enum_shape(godot_name: &'static str, constants: Vec<(&'static str, i64)>) -> GodotShape {
    let enumerators = constants
        .into_iter()
        .map(|(name, value)| EnumeratorShape {
            name: Cow::Borrowed(name),
            value: Some(value),
        })
        .collect::<Vec<_>>();
    GodotShape::Enum {
        variant_type: VariantType::INT,
        enumerators: Cow::Owned(enumerators),
        godot_name: Some(godot_name.into()),
        is_bitfield: false,
    }
}

/// The `storey_type` property of a `StoreyLayout`: a plain integer underneath, so a
/// hand-edited `.tres` holding a bad value still loads and is reported by
/// `get_data_error()`, but registered as the `StoreyLayout.StoreyType` enum, whose names
/// and values come from the core's [`StoreyType::ALL`]: the inspector shows a dropdown
/// that cannot drift from the core.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreyTypeValue(pub i64);

impl GodotConvert for StoreyTypeValue {
    type Via = i64;

    fn godot_shape() -> GodotShape {
        enum_shape("StoreyLayout.StoreyType", storey_type_constants())
    }
}

impl ToGodot for StoreyTypeValue {
    type Pass = ByValue;

    fn to_godot(&self) -> i64 {
        self.0
    }
}

impl FromGodot for StoreyTypeValue {
    fn try_from_godot(via: i64) -> Result<Self, ConvertError> {
        Ok(StoreyTypeValue(via))
    }
}

impl SimpleVar for StoreyTypeValue {}
impl Export for StoreyTypeValue {}

/// The `goal` property of a `SwarmKind`: a plain integer underneath (a hand-edited `.tres`
/// with a bad value still loads; the swarm refuses the row), registered as the
/// `SwarmKind.Goal` enum, whose names and values come from the core's [`Goal::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoalValue(pub i64);

impl GodotConvert for GoalValue {
    type Via = i64;

    fn godot_shape() -> GodotShape {
        enum_shape("SwarmKind.Goal", goal_constants())
    }
}

impl ToGodot for GoalValue {
    type Pass = ByValue;

    fn to_godot(&self) -> i64 {
        self.0
    }
}

impl FromGodot for GoalValue {
    fn try_from_godot(via: i64) -> Result<Self, ConvertError> {
        Ok(GoalValue(via))
    }
}

impl SimpleVar for GoalValue {}
impl Export for GoalValue {}
