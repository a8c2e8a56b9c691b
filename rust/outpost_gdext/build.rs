//! Writes the `StoreyGenerationSettings` Resource class (`$OUT_DIR/settings_class.rs`,
//! included by `src/settings.rs`) from the core's range table,
//! `outpost_core::GenerationSettings::RANGES`: one exported property per setting, with its
//! name, range, default and doc comment, so the binding copies none of them by hand and
//! cannot drift from the core.

use outpost_core::GenerationSettings;
use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut out = String::new();
    out.push_str(
        "/// Every tunable of the storey generator's passes, for a designer to tune: one\n\
         /// property per setting, named as the reference's constant in snake case\n\
         /// (`min_partition`, `room_shrink`, ...), each defaulting to the reference's value.\n\
         /// A property stores any integer; `StoreyGenerator.generate_with()` refuses a value\n\
         /// outside its documented range (`push_error` naming the setting, the value and the\n\
         /// range) and gives `null`. Saved as a `.tres`; `describe()` lists every setting.\n\
         /// (Generated from the core's `GenerationSettings::RANGES` by the binding's\n\
         /// build script.)\n\
         #[derive(GodotClass)]\n\
         #[class(init, base = Resource, tool)]\n\
         pub struct StoreyGenerationSettings {\n",
    );
    for info in GenerationSettings::RANGES {
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
    out.push_str("    base: Base<Resource>,\n}\n\n");
    out.push_str(
        "impl StoreyGenerationSettings {\n\
         \x20   /// The core's settings with this resource's values (unchecked).\n\
         \x20   pub fn to_core(&self) -> outpost_core::GenerationSettings {\n\
         \x20       outpost_core::GenerationSettings {\n",
    );
    for info in GenerationSettings::RANGES {
        writeln!(out, "            {0}: self.{0},", info.name).unwrap();
    }
    out.push_str("        }\n    }\n\n");
    out.push_str(
        "    /// Sets every property from the core's `settings`.\n\
         \x20   pub fn set_core(&mut self, settings: &outpost_core::GenerationSettings) {\n",
    );
    for info in GenerationSettings::RANGES {
        writeln!(out, "        self.{0} = settings.{0};", info.name).unwrap();
    }
    out.push_str("    }\n}\n");
    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("settings_class.rs");
    std::fs::write(path, out).unwrap();
}
