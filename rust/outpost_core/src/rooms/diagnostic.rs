//! What the room checks say: an error (the set is refused) or a warning, with the file
//! and line it is about.

use serde::Serialize;
use std::fmt;

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The template (and so the set) is refused.
    Error,
    /// The set is usable, but something in it will not do what its author expects.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One message of the room checks: displayed `FILE:LINE: error: MESSAGE` (without
/// `:LINE` for a message about a whole file or set).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The file, as the caller named it.
    pub file: String,
    /// The 1-based line, when the message is about one.
    pub line: Option<u32>,
    /// The map cell `(x, y)` as drawn (before any transform), when the message is about
    /// one.
    pub cell: Option<[i32; 2]>,
    /// What is wrong, naming the value.
    pub message: String,
}

impl Diagnostic {
    /// An error about `file` at `line`.
    pub fn error(file: &str, line: Option<u32>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: file.to_owned(),
            line,
            cell: None,
            message: message.into(),
        }
    }

    /// A warning about `file` at `line`.
    pub fn warning(file: &str, line: Option<u32>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, line, message)
        }
    }

    /// The same message, about map cell `(x, y)`.
    #[must_use]
    pub const fn at_cell(mut self, x: i32, y: i32) -> Diagnostic {
        self.cell = Some([x, y]);
        self
    }

    /// Whether it refuses the set.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "{}:{line}: {}: {}",
                self.file, self.severity, self.message
            ),
            None => write!(f, "{}: {}: {}", self.file, self.severity, self.message),
        }
    }
}
