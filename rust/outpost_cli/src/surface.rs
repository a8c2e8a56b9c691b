//! `surface`: the surface chunk around a building as JSON, ASCII or PNG, its settings, and
//! `survey --surface` (the measuring is `outpost_core::surface`'s).

use crate::survey::cell_text;
use outpost_core::SettingsError;
use outpost_core::surface::survey::{SurfaceMetric, SurfaceSurvey};
use outpost_core::surface::{SalvageKind, SurfaceLayout, SurfaceSettings, Terrain};
use std::fmt::Write as _;
use std::path::Path;

/// Failures the summary names one by one.
const SHOWN: usize = 5;

/// What the CLI says about a surface settings error: an unknown name points at
/// `outpost settings --surface`.
pub fn message(e: &SettingsError) -> String {
    match e {
        SettingsError::UnknownName(name) => {
            format!(
                "unknown surface setting {name:?} (`outpost settings --surface` lists the names)"
            )
        }
        other => other.to_string(),
    }
}

/// Parses one `--set name=value` of the surface's settings.
pub fn parse_setting(s: &str) -> Result<(String, i64), String> {
    let mut scratch = SurfaceSettings::default();
    scratch.set_from_str(s).map_err(|e| message(&e))?;
    let (name, _) = s.split_once('=').unwrap_or((s, ""));
    let name = name.trim();
    Ok((name.to_owned(), scratch.get(name).unwrap_or_default()))
}

/// The default surface settings with `sets` applied, checked as a whole.
pub fn settings_from(sets: &[(String, i64)]) -> Result<SurfaceSettings, String> {
    let mut settings = SurfaceSettings::default();
    for (name, value) in sets {
        settings.set(name, *value).map_err(|e| message(&e))?;
    }
    settings.check().map_err(|e| message(&e))?;
    Ok(settings)
}

/// The range table of every surface setting, for `outpost settings --surface`.
pub fn settings_table() -> String {
    let mut s = format!("{:<24}{:>8}  {:<12} doc\n", "name", "default", "range");
    for info in SurfaceSettings::RANGES {
        let _ = writeln!(
            s,
            "{:<24}{:>8}  {:<12} {}",
            info.name,
            info.default,
            format!("{}..={}", info.min, info.max),
            info.doc_text()
        );
    }
    s
}

/// The ASCII chunk with a header and a legend.
pub fn ascii_report(surface: &SurfaceLayout) -> String {
    let f = surface.footprint;
    let mut s = format!(
        "surface of building {}  level {}  size {}x{}  footprint {}x{} at ({}, {})  door {}  salvage {}\n",
        surface.seed_value,
        surface.outpost_level,
        surface.width,
        surface.height,
        f.width,
        f.height,
        f.x,
        f.y,
        surface.door_cell,
        surface.salvage_nodes.len()
    );
    s.push_str(&surface.to_ascii());
    s.push_str("legend:");
    for t in Terrain::ALL {
        let _ = write!(s, " {} {}", t.ascii(), t.name());
    }
    s.push_str(" D ENTRANCE");
    for k in SalvageKind::ALL {
        let _ = write!(s, " {} {}", k.ascii(), k.name());
    }
    s.push('\n');
    s
}

/// The surface's colours (this project's; the reference has none).
pub mod colours {
    use crate::render_png::Rgb;

    pub const GROUND: Rgb = [0xB8, 0xA0, 0x78];
    pub const ROCK: Rgb = [0x5E, 0x55, 0x4E];
    pub const RUBBLE: Rgb = [0x8E, 0x80, 0x70];
    /// The building: the storeys' wall grey.
    pub const FOOTPRINT: Rgb = [0x59, 0x52, 0x4A];
    /// The doorstep and the ENTRANCE: the ENTRANCE's door green.
    pub const DOOR: Rgb = [0x33, 0xB3, 0x5A];
    pub const SCRAP: Rgb = [0xD9, 0x8C, 0x2B];
    pub const ALLOY: Rgb = [0xC8, 0xD8, 0xE8];
    pub const CIRCUITS: Rgb = [0x2E, 0xD8, 0xC8];
}

/// The colour of a terrain.
pub const fn terrain_colour(t: Terrain) -> crate::render_png::Rgb {
    match t {
        Terrain::Ground => colours::GROUND,
        Terrain::Rock => colours::ROCK,
        Terrain::Rubble => colours::RUBBLE,
        Terrain::Footprint => colours::FOOTPRINT,
        Terrain::Door => colours::DOOR,
    }
}

/// The colour of a salvage kind.
pub const fn salvage_colour(k: SalvageKind) -> crate::render_png::Rgb {
    match k {
        SalvageKind::Scrap => colours::SCRAP,
        SalvageKind::Alloy => colours::ALLOY,
        SalvageKind::Circuits => colours::CIRCUITS,
    }
}

/// Writes the surface as an 8-bit RGB PNG, `cell_px` pixels per cell: terrain colours,
/// the ENTRANCE in door green, each salvage node as a square of its kind's colour inset
/// by a quarter of a cell on ground.
pub fn write_png(surface: &SurfaceLayout, cell_px: u32, path: &Path) -> Result<(), String> {
    let px = cell_px as usize;
    let (w, h) = (surface.width as usize * px, surface.height as usize * px);
    let mut data = vec![0u8; w * h * 3];
    let mut paint = |x: usize, y: usize, inset: usize, c: crate::render_png::Rgb| {
        for py in y * px + inset..(y + 1) * px - inset {
            for qx in x * px + inset..(x + 1) * px - inset {
                let i = (py * w + qx) * 3;
                data[i..i + 3].copy_from_slice(&c);
            }
        }
    };
    for (p, t) in &surface.cells {
        paint(p.x as usize, p.y as usize, 0, terrain_colour(t));
    }
    let e = surface.entrance_cell;
    if surface.cells.in_bounds(e) {
        paint(e.x as usize, e.y as usize, 0, colours::DOOR);
    }
    for n in &surface.salvage_nodes {
        if surface.cells.in_bounds(n.cell) {
            paint(
                n.cell.x as usize,
                n.cell.y as usize,
                px / 4,
                salvage_colour(n.kind),
            );
        }
    }
    crate::render_png::write_rgb(path, w as u32, h as u32, &data)
}

/// The surface survey as text tables: one per level, a row per metric.
pub fn table(survey: &SurfaceSurvey) -> String {
    let mut s = String::new();
    for (k, g) in survey.groups().iter().enumerate() {
        if k > 0 {
            s.push('\n');
        }
        let failed = if g.failures > 0 {
            format!(", {} failed", g.failures)
        } else {
            String::new()
        };
        let _ = writeln!(s, "level {}: {} surfaces{failed}", g.level, g.surfaces);
        let _ = write!(s, "{:<17}", "metric");
        for c in ["min", "p10", "median", "p90", "max", "mean"] {
            let _ = write!(s, "{c:>9}");
        }
        s.push('\n');
        for (m, d) in SurfaceMetric::ALL.iter().zip(g.distributions) {
            let _ = write!(s, "{:<17}", m.name());
            let values = d.map(|d| [d.min, d.p10, d.median, d.p90, d.max, d.mean]);
            for i in 0..6 {
                let v = values.map(|v| v[i]);
                let _ = write!(s, "{:>9}", cell_text(m.is_ratio(), v, i == 5));
            }
            s.push('\n');
        }
    }
    s
}

/// The surface survey as JSON, one line: an object keyed by level (`"1"` ... `"4"`), each
/// mapping every metric to `{"min","p10","median","p90","max","mean"}` (nulls without
/// samples).
pub fn json(survey: &SurfaceSurvey) -> Result<String, String> {
    let mut out = serde_json::Map::new();
    for g in survey.groups() {
        let mut metrics = serde_json::Map::new();
        for (m, d) in SurfaceMetric::ALL.iter().zip(g.distributions) {
            let mut summary = serde_json::Map::new();
            let values = d.map(|d| [d.min, d.p10, d.median, d.p90, d.max, d.mean]);
            for (i, key) in ["min", "p10", "median", "p90", "max", "mean"]
                .iter()
                .enumerate()
            {
                let v = values.map_or(serde_json::Value::Null, |v| serde_json::json!(v[i]));
                summary.insert((*key).to_owned(), v);
            }
            metrics.insert(m.name().to_owned(), summary.into());
        }
        out.insert(g.level.to_string(), metrics.into());
    }
    let mut s = serde_json::to_string(&out).map_err(|e| e.to_string())?;
    s.push('\n');
    Ok(s)
}

/// The summary for stderr: what was surveyed, failures (the first few named), the time.
pub fn summary(survey: &SurfaceSurvey, secs: f64) -> String {
    let total = survey.samples().len() + survey.failures().len();
    let mut s = format!(
        "survey --surface: {total} surfaces from seed {} ({}), {} failures, {secs:.3} s\n",
        survey.base_seed(),
        survey.settings(),
        survey.failures().len(),
    );
    for (i, e) in survey.failures().iter().take(SHOWN) {
        let _ = writeln!(s, "  surface {i} failed: {e}");
    }
    if survey.failures().len() > SHOWN {
        let _ = writeln!(s, "  ... and {} more", survey.failures().len() - SHOWN);
    }
    s
}
