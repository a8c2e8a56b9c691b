//! Authored rooms on the command line: `outpost rooms check PATH`, and the `--rooms PATH`
//! set that `generate`, `building`, `sweep` and `survey` place (the checks and the
//! placement are `outpost_core::rooms`'s; this reads the files and prints).

use crate::Failure;
use outpost_core::params::MAX_ROOM_FILE_BYTES;
use outpost_core::rooms::{
    CheckedRooms, Diagnostic, RoomSet, RoomSource, RoomSurvey, check_sources,
};
use std::fmt::Write as _;
use std::fs;
use std::io::Read as _;
use std::path::Path;

/// The `.room` files of `path`: the file itself, or a folder's `*.room` files (not its
/// subfolders), sorted by name, each read up to one byte past the size limit (the check
/// refuses a larger file without reading it all).
pub fn read_sources(path: &Path) -> Result<Vec<RoomSource>, String> {
    let meta = fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut files = Vec::new();
    if meta.is_dir() {
        let entries =
            fs::read_dir(path).map_err(|e| format!("cannot list {}: {e}", path.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot list {}: {e}", path.display()))?;
            let p = entry.path();
            if p.extension().is_some_and(|e| e == "room") && p.is_file() {
                files.push(p);
            }
        }
        if files.is_empty() {
            return Err(format!("no .room file in {}", path.display()));
        }
        // Bytewise by name: never the order the file system lists them in.
        files.sort_by(|a, b| {
            a.as_os_str()
                .as_encoded_bytes()
                .cmp(b.as_os_str().as_encoded_bytes())
        });
    } else {
        files.push(path.to_path_buf());
    }
    files
        .iter()
        .map(|p| {
            let mut bytes = Vec::new();
            fs::File::open(p)
                .and_then(|f| {
                    f.take(MAX_ROOM_FILE_BYTES as u64 + 1)
                        .read_to_end(&mut bytes)
                })
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            Ok(RoomSource::new(p.display().to_string(), bytes))
        })
        .collect()
}

/// The set of `--rooms PATH`, or the empty set without it. Warnings go to stderr; any
/// error refuses the set, listing every message.
pub fn load(path: Option<&Path>) -> Result<RoomSet, Failure> {
    let Some(path) = path else {
        return Ok(RoomSet::default());
    };
    let checked = check_sources(&read_sources(path)?);
    for w in checked.warnings() {
        eprintln!("{w}");
    }
    let errors: Vec<String> = checked.errors().map(ToString::to_string).collect();
    checked.set.ok_or_else(|| {
        Failure::Error(format!(
            "the room set {} is refused:\n{}",
            path.display(),
            errors.join("\n")
        ))
    })
}

/// `outpost rooms check PATH`: every message on stderr (or all of them as a JSON list on
/// stdout with `json`), and a summary line on stdout; exit 2 when any is an error.
pub fn check(path: &Path, json: bool) -> Result<(), Failure> {
    let sources = read_sources(path)?;
    let checked = check_sources(&sources);
    if json {
        let mut out = serde_json::to_string(&checked.diagnostics).map_err(|e| e.to_string())?;
        out.push('\n');
        crate::emit(None, out.as_bytes())?;
    } else {
        for d in &checked.diagnostics {
            eprintln!("{d}");
        }
        crate::emit(None, summary(path, &sources, &checked).as_bytes())?;
    }
    if checked.errors().next().is_some() {
        return Err(Failure::Exit(crate::EXIT_ERROR));
    }
    Ok(())
}

fn summary(path: &Path, sources: &[RoomSource], checked: &CheckedRooms) -> String {
    let count = |ds: &mut dyn Iterator<Item = &Diagnostic>| ds.count();
    let (errors, warnings) = (count(&mut checked.errors()), count(&mut checked.warnings()));
    let verdict = if errors == 0 { "ok" } else { "refused" };
    format!(
        "rooms check: {} file(s) in {}: {errors} error(s), {warnings} warning(s): {verdict}\n",
        sources.len(),
        path.display()
    )
}

/// The per-room table of `survey --rooms`: a row per template, and under it a line per
/// reason it was dropped or failed, with a storey that shows it.
pub fn survey_table(stats: &RoomSurvey) -> String {
    let mut s = String::from("\n");
    let _ = writeln!(
        s,
        "{:<24}{:>9}{:>9}{:>9}{:>9}{:>9}",
        "authored room", "eligible", "tried", "placed", "copies", "retries"
    );
    for r in &stats.rooms {
        let _ = writeln!(
            s,
            "{:<24}{:>9}{:>9}{:>9}{:>9}{:>9}",
            r.name,
            r.eligible,
            r.tried,
            r.placed,
            r.copies,
            r.retries()
        );
        let mut reasons: Vec<(String, String, u64)> = Vec::new();
        for (reason, n) in &r.dropped {
            reasons.push((format!("dropped {reason}"), "storeys".into(), *n));
        }
        for (reason, n) in &r.failed {
            reasons.push((reason.clone(), "attempts".into(), *n));
        }
        if r.failed_storeys > 0 {
            let key = r.examples.keys().find(|k| k.starts_with("room ")).cloned();
            let key = key.unwrap_or_default();
            reasons.push((key, "storeys, every attempt".into(), r.failed_storeys));
        }
        for (reason, unit, n) in reasons {
            let example = r.examples.get(&reason).map_or_else(String::new, |e| {
                format!(
                    " (e.g. --seed {} --type {} --depth {} --level {})",
                    e.seed,
                    e.storey_type.name().to_ascii_lowercase(),
                    e.depth,
                    e.level
                )
            });
            let what = if reason.starts_with("dropped") {
                reason
            } else {
                format!("failed {reason}")
            };
            let _ = writeln!(s, "  {what}: {n} {unit}{example}");
        }
    }
    s
}
