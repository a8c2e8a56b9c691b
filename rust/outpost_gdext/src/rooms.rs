//! `StoreyRoomSet`: a set of authored rooms (`.room` templates) as a Godot `Resource`,
//! checked by the core's room checks and carried by `StoreyGenerationSettings.room_set`.

use std::sync::{Mutex, PoisonError};

use godot::classes::{IResource, Resource};
use godot::prelude::*;
use outpost_core::params;
use outpost_core::rooms::{Diagnostic, RoomSet, RoomSource, check_sources};

/// A set of authored rooms: each template's text (a `.room` file's), keyed by the file it
/// came from. The set the generator uses is the templates that pass the checks of
/// `outpost rooms check`; a template with an error is left out with a `push_error` naming
/// its file, line and reason (once per set of texts), so a bad file costs its room, never
/// the game. Give it to `StoreyGenerationSettings.room_set` and generate with
/// `StoreyGenerator.generate_with()` / `generate_building_with()`.
///
/// ```gdscript
/// var rooms := StoreyRoomSet.from_texts({"vault.room": FileAccess.get_file_as_string(path)})
/// var settings := StoreyGenerationSettings.new()
/// settings.room_set = rooms
/// var storeys := StoreyGenerator.generate_building_with(settings, seed, 3, 2, true)
/// ```
#[derive(GodotClass)]
#[class(init, base = Resource, tool)]
pub struct StoreyRoomSet {
    /// Each template's text (a String, or the file's bytes as a `PackedByteArray`), keyed
    /// by the name of the file it came from (a path or a name: messages show it).
    #[export]
    #[var(get = get_texts, set = set_texts)]
    texts: VarDictionary,
    /// The set made from `texts` and its messages, once made (cleared when `texts` is
    /// set). A mutex, not a `Cell`: a set may be read from several threads.
    made: Mutex<Option<(RoomSet, Vec<Diagnostic>)>>,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for StoreyRoomSet {}

#[godot_api]
impl StoreyRoomSet {
    /// A set of `texts` (file name -> a `.room` file's text). Every template with an error
    /// is reported with `push_error` (file, line, reason) and left out.
    #[func]
    pub fn from_texts(texts: VarDictionary) -> Gd<StoreyRoomSet> {
        let mut set = StoreyRoomSet::new_gd();
        set.bind_mut().set_texts(texts);
        set.bind().usable();
        set
    }

    /// Every message the checks give `texts` (file name -> text), errors and warnings,
    /// each a Dictionary: `severity` ("error" or "warning"), `file`, `line` (0 when about
    /// a whole file), `cell` (the map cell as drawn, `Vector2i(-1, -1)` when none) and
    /// `message`. What `outpost rooms check` prints.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn check_texts(texts: VarDictionary) -> Array<VarDictionary> {
        check_sources(&sources(&texts))
            .diagnostics
            .iter()
            .map(diagnostic)
            .collect()
    }

    /// The name of the room the game's RECLAIM console stands in, `"control_room"`: a
    /// template of that name is required once on every UNDERGROUND storey of its band and
    /// holds one console marker (the checks refuse it otherwise).
    #[func]
    pub fn get_control_room_name() -> GString {
        GString::from(params::CONTROL_ROOM)
    }

    /// The marker letter of the console's cell in the control room, `"c"`.
    #[func]
    pub fn get_console_marker() -> GString {
        GString::from(&params::CONSOLE_MARKER.to_string())
    }

    /// Getter of `texts`.
    #[func]
    fn get_texts(&self) -> VarDictionary {
        self.texts.clone()
    }

    /// Setter of `texts`: the set is made again from them on its next use.
    #[func]
    fn set_texts(&mut self, texts: VarDictionary) {
        self.texts = texts;
        *self.made.get_mut().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// The names of the templates in use (those that pass the checks), sorted.
    #[func]
    pub fn get_names(&self) -> PackedStringArray {
        self.usable()
            .templates()
            .iter()
            .map(|t| GString::from(&t.name))
            .collect()
    }

    /// Whether a template called `name` is in use.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn has_template(&self, name: GString) -> bool {
        self.usable().get(&name.to_string()).is_some()
    }

    /// The text of the template called `name` in use ("" if none).
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn get_template_text(&self, name: GString) -> GString {
        self.usable()
            .get(&name.to_string())
            .map_or_else(GString::new, |t| GString::from(&t.text))
    }

    /// The templates in use, name -> text (what a save keeps of the set).
    #[func]
    pub fn get_texts_by_name(&self) -> VarDictionary {
        let mut out = VarDictionary::new();
        for t in self.usable().templates() {
            out.set(t.name.as_str(), t.text.as_str());
        }
        out
    }

    /// The messages of the checks of `texts` (as `check_texts`): the errors that left
    /// templates out, and the warnings of those in use.
    #[func]
    pub fn get_problems(&self) -> Array<VarDictionary> {
        let made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        made.as_ref()
            .map_or_else(Array::new, |(_, d)| d.iter().map(diagnostic).collect())
    }
}

impl StoreyRoomSet {
    /// The core set of the templates in use, made (and its errors reported) on first use.
    pub fn usable(&self) -> RoomSet {
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        if made.is_none() {
            let (set, messages) = RoomSet::from_sources_skipping_bad(&sources(&self.texts));
            for d in messages.iter().filter(|d| d.is_error()) {
                godot_error!("StoreyRoomSet: {d} (the template is left out)");
            }
            *made = Some((set, messages));
        }
        made.as_ref()
            .map(|(set, _)| set.clone())
            .unwrap_or_default()
    }
}

/// The sources of a file name -> text Dictionary, sorted by file name (bytewise). A text
/// may be a String or the file's bytes (a `PackedByteArray`, checked exactly as `outpost
/// rooms check` reads a file: a byte-order mark or bad UTF-8 is refused); anything else is
/// read as its text.
fn sources(texts: &VarDictionary) -> Vec<RoomSource> {
    let mut out: Vec<RoomSource> = texts
        .iter_shared()
        .map(|(file, text)| {
            // Checked by type: Godot converts a String to an (empty) PackedByteArray.
            let bytes = if text.get_type() == VariantType::PACKED_BYTE_ARRAY {
                text.to::<PackedByteArray>().to_vec()
            } else {
                text.stringify().to_string().into_bytes()
            };
            RoomSource::new(file.stringify().to_string(), bytes)
        })
        .collect();
    out.sort_by(|a, b| a.file.as_bytes().cmp(b.file.as_bytes()));
    out
}

/// A message as a Dictionary: severity, file, line, cell, message.
fn diagnostic(d: &Diagnostic) -> VarDictionary {
    let mut out = VarDictionary::new();
    out.set("severity", if d.is_error() { "error" } else { "warning" });
    out.set("file", d.file.as_str());
    out.set("line", i64::from(d.line.unwrap_or(0)));
    let [x, y] = d.cell.unwrap_or([-1, -1]);
    out.set("cell", Vector2i::new(x, y));
    out.set("message", d.message.as_str());
    out
}
