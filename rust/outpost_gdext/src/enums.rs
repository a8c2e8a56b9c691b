//! Class-scoped enums (`StoreyLayout.CellType`, `StoreyLayout.StoreyType`,
//! `StoreyNavigator.TowerRefusal`, `SwarmKind.Goal`): the machinery. Each enum is declared
//! with its class ([`class_enum!`]) and registered by the entry point ([`register`]).
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
use godot::register::private::constant::{ConstantKind, ExportConstant, IntegerConstant};
use godot::register::property::{Export, SimpleVar};
use std::marker::PhantomData;

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

        impl $crate::enums::ClassEnum for $name {
            const GODOT_NAME: &'static str = concat!(stringify!($class), ".", stringify!($enum));
            const NAME: &'static str = stringify!($enum);
            fn class_id() -> ::godot::meta::ClassId {
                <$class as ::godot::obj::GodotClass>::class_id()
            }
            fn constants() -> Vec<(&'static str, i64)> {
                $constants
            }
        }
    };
}
pub(crate) use class_enum;

/// Registers the class enum `E` with ClassDB (once, at `InitStage::Scene`, after the
/// classes themselves are registered: the extension's entry point does it for each).
pub fn register<E: ClassEnum>() {
    let kind = ConstantKind::Enum {
        name: StringName::from(E::NAME),
        enumerators: E::constants()
            .into_iter()
            .map(|(n, v)| IntegerConstant::new(n, v))
            .collect(),
    };
    ExportConstant::new(E::class_id(), kind).register();
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
