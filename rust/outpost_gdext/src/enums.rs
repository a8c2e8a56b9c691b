//! Class-scoped enums: `StoreyLayout.CellType`, `StoreyLayout.StoreyType`,
//! `StoreyNavigator.TowerRefusal` and `SwarmKind.Goal`.
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
use outpost_core::nav::Illegal;
use outpost_core::swarm::Goal;
use outpost_core::{CellType, PATH_OVERLAY, StoreyType};
use std::marker::PhantomData;

use crate::layout::StoreyLayout;
use crate::navigator::StoreyNavigator;
use crate::swarm_kind::SwarmKind;

/// An enum registered in a class's scope (`Class.Enum.VALUE` in GDScript): its class, its
/// name and its `(name, value)` constants, all taken from the core's own lists.
pub trait ClassEnum {
    /// `Class.Enum`, as the editor shows it.
    const GODOT_NAME: &'static str;
    /// The enum's name inside its class.
    const NAME: &'static str;
    /// The class the enum is registered in.
    fn class_id() -> ClassId;
    /// Every `(name, value)`.
    fn constants() -> Vec<(&'static str, i64)>;
}

/// Declares `$name`, the [`ClassEnum`] `$class.$enum` whose `(name, value)` constants
/// `$constants` lists.
macro_rules! class_enum {
    ($(#[$doc:meta])* $name:ident = $class:ident . $enum:ident, $constants:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl ClassEnum for $name {
            const GODOT_NAME: &'static str = concat!(stringify!($class), ".", stringify!($enum));
            const NAME: &'static str = stringify!($enum);
            fn class_id() -> ClassId {
                $class::class_id()
            }
            fn constants() -> Vec<(&'static str, i64)> {
                $constants
            }
        }
    };
}

class_enum!(
    /// `StoreyLayout.CellType`: every cell type, and the `PATH` overlay value 7, which is
    /// never stored in `cells`.
    CellTypeEnum = StoreyLayout.CellType,
    CellType::ALL
        .into_iter()
        .map(|t| (t.name(), t as i64))
        .chain(std::iter::once(("PATH", i64::from(PATH_OVERLAY))))
        .collect()
);

class_enum!(
    /// `StoreyLayout.StoreyType`.
    StoreyTypeEnum = StoreyLayout.StoreyType,
    StoreyType::ALL.map(|t| (t.name(), t as i64)).to_vec()
);

class_enum!(
    /// `SwarmKind.Goal`: what a kind heads for and hits, from the core's [`Goal::ALL`].
    GoalEnum = SwarmKind.Goal,
    Goal::ALL.map(|g| (g.name(), g as i64)).to_vec()
);

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

fn register<E: ClassEnum>() {
    let kind = ConstantKind::Enum {
        name: StringName::from(E::NAME),
        enumerators: E::constants()
            .into_iter()
            .map(|(n, v)| IntegerConstant::new(n, v))
            .collect(),
    };
    ExportConstant::new(E::class_id(), kind).register();
}

/// Registers every class-scoped enum with ClassDB. Called once at `InitStage::Scene`,
/// after the classes themselves are registered.
pub fn register_class_enums() {
    register::<CellTypeEnum>();
    register::<StoreyTypeEnum>();
    register::<TowerRefusalEnum>();
    register::<GoalEnum>();
}

/// A value of the class enum `E` as a property, argument or return type: a plain integer
/// underneath, typed as the enum for the editor and GDScript (a dropdown in the
/// inspector, `StoreyNavigator.TowerRefusal` as a return type), with names and values
/// from the core, so they cannot drift. Any integer converts in, so a hand-edited `.tres`
/// holding a bad value still loads and is reported by the class (`get_data_error()`).
pub struct EnumValue<E>(pub i64, PhantomData<E>);

impl<E> EnumValue<E> {
    /// The value `v`.
    pub const fn new(v: i64) -> Self {
        EnumValue(v, PhantomData)
    }
}

// Derives would bound `E` too; these hold for every `E`.
impl<E> Clone for EnumValue<E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for EnumValue<E> {}
impl<E> Default for EnumValue<E> {
    fn default() -> Self {
        Self::new(0)
    }
}
impl<E> PartialEq for EnumValue<E> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<E> Eq for EnumValue<E> {}
impl<E> std::fmt::Debug for EnumValue<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EnumValue({})", self.0)
    }
}

impl<E: ClassEnum> GodotConvert for EnumValue<E> {
    type Via = i64;

    fn godot_shape() -> GodotShape {
        let enumerators = E::constants()
            .into_iter()
            .map(|(name, value)| EnumeratorShape {
                name: Cow::Borrowed(name),
                value: Some(value),
            })
            .collect::<Vec<_>>();
        GodotShape::Enum {
            variant_type: VariantType::INT,
            enumerators: Cow::Owned(enumerators),
            godot_name: Some(E::GODOT_NAME.into()),
            is_bitfield: false,
        }
    }
}

impl<E: ClassEnum> ToGodot for EnumValue<E> {
    type Pass = ByValue;

    fn to_godot(&self) -> i64 {
        self.0
    }
}

impl<E: ClassEnum> FromGodot for EnumValue<E> {
    fn try_from_godot(via: i64) -> Result<Self, ConvertError> {
        Ok(EnumValue::new(via))
    }
}

impl<E: ClassEnum> SimpleVar for EnumValue<E> {}
impl<E: ClassEnum> Export for EnumValue<E> {}

/// The `storey_type` property of a `StoreyLayout`.
pub type StoreyTypeValue = EnumValue<StoreyTypeEnum>;
/// The `goal` property of a `SwarmKind` (a bad value still loads; the swarm refuses the
/// row).
pub type GoalValue = EnumValue<GoalEnum>;
/// What `StoreyNavigator.check_tower` returns.
pub type TowerRefusal = EnumValue<TowerRefusalEnum>;
