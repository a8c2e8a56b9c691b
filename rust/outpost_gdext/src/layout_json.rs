//! A `StoreyLayout` as JSON text: the core's serde form, the very text `outpost generate`
//! prints and `outpost validate` reads. A bake of a storey edited by hand keeps it, so
//! that Re-bake makes the same storey again without the seed.

use godot::prelude::*;

use crate::guard::guarded;
use crate::layout::StoreyLayout;

#[godot_api(secondary)]
impl StoreyLayout {
    /// The layout as JSON (`outpost generate`'s form, one line); `""` after `push_error`
    /// for a malformed layout.
    #[func]
    pub fn to_json(&self) -> GString {
        guarded("StoreyLayout.to_json", GString::new, || {
            let text = self
                .to_core()
                .and_then(|l| serde_json::to_string(&l).map_err(|e| e.to_string()));
            match text {
                Ok(text) => GString::from(&text),
                Err(e) => {
                    godot_error!("StoreyLayout.to_json: {e}");
                    GString::new()
                }
            }
        })
    }

    /// The layout `text` (`to_json()`'s or `outpost generate`'s JSON) holds; null after
    /// `push_error` naming what is wrong with it. The generation rules are not checked
    /// (`StoreyValidator.validate_all` does).
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn from_json(text: GString) -> Option<Gd<StoreyLayout>> {
        guarded(
            "StoreyLayout.from_json",
            || None,
            || {
                let parsed: Result<outpost_core::StoreyLayout, _> =
                    serde_json::from_str(&text.to_string());
                match parsed.map_err(|e| e.to_string()).and_then(|l| {
                    crate::layout::check_dimensions(&l)?;
                    Ok(l)
                }) {
                    Ok(layout) => Some(StoreyLayout::from_core(layout)),
                    Err(e) => {
                        godot_error!("StoreyLayout.from_json: not a storey's JSON: {e}");
                        None
                    }
                }
            },
        )
    }
}
