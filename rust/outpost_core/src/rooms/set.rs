//! A room set: the templates of a folder, checked, sorted by name, each with its
//! transformed maps ready for placement. Cheap to clone (the templates are shared).

use super::check::{check_set, check_template, transforms};
use super::diagnostic::Diagnostic;
use super::map::Variant;
use super::parse::parse;
use super::template::RoomTemplate;
use crate::params::MAX_ROOM_FILES;
use crate::settings::Tuning;
use std::fmt;
use std::sync::Arc;

/// One `.room` file as read: its name (for messages) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomSource {
    /// The file's name or path, as messages should show it.
    pub file: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

impl RoomSource {
    /// A source from a name and its text.
    pub fn new(file: impl Into<String>, bytes: impl Into<Vec<u8>>) -> RoomSource {
        RoomSource {
            file: file.into(),
            bytes: bytes.into(),
        }
    }
}

/// A checked set of room templates, sorted by name (bytewise), whatever order the files
/// came in. Passed beside the generation settings ([`crate::generate_with_rooms`]).
#[derive(Clone, PartialEq, Eq)]
pub struct RoomSet(Arc<Inner>);

#[derive(PartialEq, Eq)]
struct Inner {
    templates: Vec<RoomTemplate>,
    /// Per template, its map under each transform it may be placed with.
    variants: Vec<Vec<Variant>>,
}

impl Default for RoomSet {
    /// The empty set: generating with it is generating without rooms.
    fn default() -> Self {
        RoomSet::of(Vec::new())
    }
}

impl fmt::Debug for RoomSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.0.templates.iter().map(|t| &t.name))
            .finish()
    }
}

/// What the checks found in a set of sources: the set, when no error was found, and
/// every message (errors and warnings) in the order of the sources.
#[derive(Clone, Debug)]
pub struct CheckedRooms {
    /// The set, or `None` when any message is an error.
    pub set: Option<RoomSet>,
    /// Every error and warning.
    pub diagnostics: Vec<Diagnostic>,
}

impl CheckedRooms {
    /// The error messages.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error())
    }
}

/// Reads and checks `sources` (what `outpost rooms check` does): every template on its
/// own, then the set. Messages come in the order of the sources, then the set's.
pub fn check_sources(sources: &[RoomSource]) -> CheckedRooms {
    let tuning = Tuning::DEFAULT;
    let mut diagnostics = Vec::new();
    if sources.len() > MAX_ROOM_FILES {
        diagnostics.push(Diagnostic::error(
            &sources[MAX_ROOM_FILES].file,
            None,
            format!(
                "{} room files: a set holds at most {MAX_ROOM_FILES}",
                sources.len()
            ),
        ));
    }
    let mut templates = Vec::with_capacity(sources.len());
    for source in sources {
        match parse(&source.file, &source.bytes) {
            Ok(t) => {
                check_template(&t, &tuning, &mut diagnostics);
                templates.push(t);
            }
            Err(d) => diagnostics.push(d),
        }
    }
    templates.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    let refs: Vec<&RoomTemplate> = templates.iter().collect();
    check_set(&refs, &tuning, &mut diagnostics);
    let set = (!diagnostics.iter().any(Diagnostic::is_error)).then(|| RoomSet::of(templates));
    CheckedRooms { set, diagnostics }
}

impl RoomSet {
    /// The set of `sources`, if every check passes.
    ///
    /// # Errors
    ///
    /// Every message of [`check_sources`] when any is an error.
    pub fn from_sources(sources: &[RoomSource]) -> Result<RoomSet, Vec<Diagnostic>> {
        let checked = check_sources(sources);
        checked.set.ok_or(checked.diagnostics)
    }

    /// The set of the `sources` that pass the checks, and every message: a game's loader,
    /// which goes on without a bad template rather than without rooms. Each file an error
    /// names is left out, and the rest checked again, until no error is left; the messages
    /// are those of every round (the errors saying why each file was left out, and the
    /// warnings of the set kept).
    pub fn from_sources_skipping_bad(sources: &[RoomSource]) -> (RoomSet, Vec<Diagnostic>) {
        let mut kept: Vec<RoomSource> = sources.to_vec();
        let mut errors = Vec::new();
        loop {
            let checked = check_sources(&kept);
            if let Some(set) = checked.set {
                errors.extend(checked.diagnostics);
                return (set, errors);
            }
            let bad: Vec<String> = checked.errors().map(|d| d.file.clone()).collect();
            errors.extend(checked.diagnostics.into_iter().filter(Diagnostic::is_error));
            let before = kept.len();
            kept.retain(|s| !bad.contains(&s.file));
            if kept.len() == before {
                // An error naming no file of the set (none does today): give up on all.
                return (RoomSet::default(), errors);
            }
        }
    }

    /// [`RoomSet::from_sources`] of `(file, text)` pairs.
    ///
    /// # Errors
    ///
    /// As [`RoomSet::from_sources`].
    pub fn from_texts<S: AsRef<str>>(files: &[(S, S)]) -> Result<RoomSet, Vec<Diagnostic>> {
        let sources: Vec<RoomSource> = files
            .iter()
            .map(|(f, t)| RoomSource::new(f.as_ref(), t.as_ref().as_bytes()))
            .collect();
        RoomSet::from_sources(&sources)
    }

    /// A set of checked templates, sorted by name.
    fn of(templates: Vec<RoomTemplate>) -> RoomSet {
        let variants = templates
            .iter()
            .map(|t| {
                transforms(t)
                    .iter()
                    .map(|&tr| Variant::new(&t.map, tr))
                    .collect()
            })
            .collect();
        RoomSet(Arc::new(Inner {
            templates,
            variants,
        }))
    }

    /// The templates, sorted by name.
    pub fn templates(&self) -> &[RoomTemplate] {
        &self.0.templates
    }

    /// Number of templates.
    pub fn len(&self) -> usize {
        self.0.templates.len()
    }

    /// Whether the set has no template.
    pub fn is_empty(&self) -> bool {
        self.0.templates.is_empty()
    }

    /// The template called `name`.
    pub fn get(&self, name: &str) -> Option<&RoomTemplate> {
        self.index_of(name).map(|i| &self.0.templates[i])
    }

    /// The index (in name order) of the template called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.0
            .templates
            .binary_search_by(|t| t.name.as_bytes().cmp(name.as_bytes()))
            .ok()
    }

    /// Template `i`'s maps under the transforms it may be placed with.
    pub(crate) fn variants(&self, i: usize) -> &[Variant] {
        &self.0.variants[i]
    }
}
