//! Writes the `StoreyGenerationSettings` and `SurfaceGenerationSettings` Resource classes
//! (`$OUT_DIR/settings_class.rs`, included by `src/settings.rs`) from the core's range
//! tables, `outpost_core::GenerationSettings::RANGES` and
//! `outpost_core::surface::SurfaceSettings::RANGES`: one exported property per setting,
//! with its name, range, default and doc comment, so the binding copies none of them by
//! hand and cannot drift from the core.

use outpost_core::surface::SurfaceSettings;
use outpost_core::{GenerationSettings, SettingInfo};
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut out = String::new();
    write_class(
        &mut out,
        "StoreyGenerationSettings",
        "outpost_core::GenerationSettings",
        GenerationSettings::RANGES,
        "/// Every tunable of the storey generator's passes, for a designer to tune: one\n\
         /// property per setting, named as the reference's constant in snake case\n\
         /// (`min_partition`, `room_shrink`, ...), each defaulting to the reference's value.\n\
         /// A property stores any integer; `StoreyGenerator.generate_with()` refuses a value\n\
         /// outside its documented range (`push_error` naming the setting, the value and the\n\
         /// range) and gives `null`. Saved as a `.tres`; `describe()` lists every setting.\n\
         /// (Generated from the core's `GenerationSettings::RANGES` by the binding's\n\
         /// build script.)\n",
        "    /// The authored rooms the generator places (a `StoreyRoomSet`; null: none). Not a\n\
         \x20   /// setting: `reset()` and `get_changes()` leave it alone.\n\
         \x20   #[export]\n\
         \x20   pub room_set: Option<Gd<crate::rooms::StoreyRoomSet>>,\n",
    );
    write_class(
        &mut out,
        "SurfaceGenerationSettings",
        "outpost_core::surface::SurfaceSettings",
        SurfaceSettings::RANGES,
        "/// Every tunable of the surface chunk around a building (`SurfaceGenerator`): one\n\
         /// property per setting (`chunk_width`, `rock_percent`, `salvage_base`, ...), each\n\
         /// defaulting to this project's value. A property stores any integer;\n\
         /// `SurfaceGenerator.generate_with()` refuses a value outside its documented range\n\
         /// (`push_error` naming the setting, the value and the range) and gives `null`.\n\
         /// Saved as a `.tres`; `describe()` lists every setting. (Generated from the core's\n\
         /// `SurfaceSettings::RANGES` by the binding's build script.)\n",
        "",
    );
    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("settings_class.rs");
    std::fs::write(path, out).unwrap();
}

/// Writes the Resource class `class`: one exported property per row of `ranges`, then the
/// fields of `extra` (Rust source), and `to_core()` / `set_core()` converting the settings
/// to and from the core's `core` struct.
fn write_class(
    out: &mut String,
    class: &str,
    core: &str,
    ranges: &[SettingInfo],
    doc: &str,
    extra: &str,
) {
    out.push_str(doc);
    writeln!(
        out,
        "#[derive(GodotClass)]\n#[class(init, base = Resource, tool)]\npub struct {class} {{"
    )
    .unwrap();
    for info in ranges {
        for line in info.doc.lines() {
            writeln!(out, "    #[doc = {:?}]", format!(" {}", line.trim())).unwrap();
        }
        writeln!(
            out,
            "    #[doc = {:?}]",
            format!(
                " Default {}; valid {}..={}.",
                info.default, info.min, info.max
            )
        )
        .unwrap();
        writeln!(
            out,
            "    #[export(range = ({}.0, {}.0, or_less, or_greater))]",
            info.min, info.max
        )
        .unwrap();
        writeln!(out, "    #[init(val = {})]", info.default).unwrap();
        writeln!(out, "    pub {}: i64,", info.name).unwrap();
    }
    out.push_str(extra);
    out.push_str("    base: Base<Resource>,\n}\n\n");
    writeln!(
        out,
        "impl {class} {{\n\
         \x20   /// The core's settings with this resource's values (unchecked).\n\
         \x20   pub fn to_core(&self) -> {core} {{\n\
         \x20       {core} {{"
    )
    .unwrap();
    for info in ranges {
        writeln!(out, "            {0}: self.{0},", info.name).unwrap();
    }
    out.push_str("        }\n    }\n\n");
    writeln!(
        out,
        "    /// Sets every property from the core's `settings`.\n\
         \x20   pub fn set_core(&mut self, settings: &{core}) {{"
    )
    .unwrap();
    for info in ranges {
        writeln!(out, "        self.{0} = settings.{0};", info.name).unwrap();
    }
    out.push_str("    }\n}\n\n");
}
