//! `survey`: the expressive range of the generator over the sweep's layouts, as a table,
//! JSON or heat maps (the measuring is `outpost_core::survey`'s).

use outpost_core::survey::{Distribution, Group, GroupBy, Metric, Survey};
use outpost_core::{GenerationSettings, SettingsError};
use std::fmt::Write as _;

/// Failures the summary names one by one.
const SHOWN: usize = 5;

/// Parses one `--set name=value`: a known setting and an integer in its range.
pub fn parse_setting(s: &str) -> Result<(String, i64), String> {
    let mut scratch = GenerationSettings::default();
    scratch.set_from_str(s).map_err(|e| message(&e))?;
    let (name, _) = s.split_once('=').unwrap_or((s, ""));
    let name = name.trim();
    let value = scratch.get(name).unwrap_or_default();
    Ok((name.to_owned(), value))
}

/// What the CLI says about a settings error: the core's message, except that an unknown
/// name points at `outpost settings` (the core's names a Rust item).
pub fn message(e: &SettingsError) -> String {
    match e {
        SettingsError::UnknownName(name) => {
            format!("unknown setting {name:?} (`outpost settings` lists the names)")
        }
        other => other.to_string(),
    }
}

/// Parses `--count` of a survey: at least one layout (a survey of none is a table of
/// dashes).
pub fn parse_count(s: &str) -> Result<u64, String> {
    let count: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number of layouts"))?;
    if count == 0 {
        return Err("0 layouts surveys nothing: give at least 1".to_owned());
    }
    Ok(count)
}

/// The default settings with every `name=value` of `sets` applied, then checked as a
/// whole (a minimum above its maximum is refused here).
pub fn settings_from(sets: &[(String, i64)]) -> Result<GenerationSettings, String> {
    let mut settings = GenerationSettings::default();
    for (name, value) in sets {
        settings.set(name, *value).map_err(|e| message(&e))?;
    }
    settings.check().map_err(|e| message(&e))?;
    Ok(settings)
}

/// A value as the table shows it: ratios with three decimals, counts whole (a mean of
/// counts with two decimals).
fn cell(metric: Metric, v: Option<f64>, is_mean: bool) -> String {
    cell_text(metric.is_ratio(), v, is_mean)
}

/// [`cell`] for any metric: `-` without a value.
pub fn cell_text(is_ratio: bool, v: Option<f64>, is_mean: bool) -> String {
    match v {
        None => "-".to_owned(),
        Some(v) if is_ratio => format!("{v:.3}"),
        Some(v) if is_mean => format!("{v:.2}"),
        Some(v) => format!("{v:.0}"),
    }
}

/// The heading of a group: its storey type, and its depth or level.
fn heading(g: &Group, by: GroupBy) -> String {
    let key = match (by, g.key) {
        (GroupBy::Depth, Some(k)) => format!(" depth {k}"),
        (GroupBy::Level, Some(k)) => format!(" level {k}"),
        _ => String::new(),
    };
    let failed = if g.failures > 0 {
        format!(", {} failed", g.failures)
    } else {
        String::new()
    };
    format!("{}{key}: {} layouts{failed}", g.storey_type, g.layouts)
}

/// The survey as text tables: one per group, a row per metric; with rooms, a table of
/// the rooms after them.
pub fn table(survey: &Survey, by: GroupBy) -> String {
    let mut s = metric_tables(survey, by);
    if let Some(rooms) = survey.room_stats() {
        s.push_str(&crate::rooms::survey_table(rooms));
    }
    s
}

fn metric_tables(survey: &Survey, by: GroupBy) -> String {
    let mut s = String::new();
    let columns = ["min", "p10", "median", "p90", "max", "mean"];
    for (k, g) in survey.groups(by).iter().enumerate() {
        if k > 0 {
            s.push('\n');
        }
        let _ = writeln!(s, "{}", heading(g, by));
        let _ = write!(s, "{:<15}", "metric");
        for c in columns {
            let _ = write!(s, "{c:>9}");
        }
        s.push('\n');
        for (m, d) in Metric::ALL.iter().zip(g.distributions) {
            let _ = write!(s, "{:<15}", m.name());
            let values: [(Option<f64>, bool); 6] = {
                let f = |get: fn(&Distribution) -> f64| d.as_ref().map(get);
                [
                    (f(|d| d.min), false),
                    (f(|d| d.p10), false),
                    (f(|d| d.median), false),
                    (f(|d| d.p90), false),
                    (f(|d| d.max), false),
                    (f(|d| d.mean), true),
                ]
            };
            for (v, is_mean) in values {
                let _ = write!(s, "{:>9}", cell(*m, v, is_mean));
            }
            s.push('\n');
        }
    }
    s
}

/// The survey as JSON (the core's `SurveyReport`), one line; with rooms, the per-room
/// figures under the key `rooms` beside the storey types.
pub fn json(survey: &Survey, by: GroupBy) -> Result<String, String> {
    let mut s = serde_json::to_string(&survey.report(by)).map_err(|e| e.to_string())?;
    if let Some(rooms) = survey.room_stats() {
        // The report is one object: the rooms go in as its last key.
        let rooms = serde_json::to_string(&rooms.rooms).map_err(|e| e.to_string())?;
        s.pop();
        s.push_str(",\"rooms\":");
        s.push_str(&rooms);
        s.push('}');
    }
    s.push('\n');
    Ok(s)
}

/// The summary for stderr: what was surveyed, failures (the first few named), retries
/// and the time taken.
pub fn summary(survey: &Survey, secs: f64) -> String {
    let retries: u64 = survey
        .samples()
        .iter()
        .map(|s| u64::from(s.metrics.retries))
        .sum();
    let mut s = format!(
        "survey: {} layouts from seed {} ({}), {} failures, {} retries, {:.3} s\n",
        survey.generated(),
        survey.base_seed(),
        survey.settings(),
        survey.failures().len(),
        retries,
        secs
    );
    for f in survey.failures().iter().take(SHOWN) {
        let r = &f.request;
        let _ = writeln!(
            s,
            "  layout {} (seed {}, {} depth {} level {}) failed: {}",
            f.index, r.seed, r.storey_type, r.storey_depth, r.outpost_level, f.error
        );
    }
    if survey.failures().len() > SHOWN {
        let _ = writeln!(s, "  ... and {} more", survey.failures().len() - SHOWN);
    }
    s
}

/// The range table of every setting, for `outpost settings`.
pub fn settings_table() -> String {
    let mut s = format!("{:<28}{:>8}  {:<12} doc\n", "name", "default", "range");
    for info in GenerationSettings::RANGES {
        let _ = writeln!(
            s,
            "{:<28}{:>8}  {:<12} {}",
            info.name,
            info.default,
            format!("{}..={}", info.min, info.max),
            info.doc_text()
        );
    }
    s
}
