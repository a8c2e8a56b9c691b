//! `building --count N`: many buildings of consecutive master seeds as JSON lines, each
//! storey checked against every rule (with the room set's `rooms_intact`), with a
//! summary on stderr: what a designer runs to see that a room set never breaks a
//! building.

use outpost_core::rooms::RoomSet;
use outpost_core::{GenerationSettings, generate_building_with_rooms, validate_with_rooms};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::Instant;

/// Failures and violations the summary names one by one.
const SHOWN: usize = 5;

/// What a run of buildings found.
#[derive(Default)]
pub struct Stats {
    pub buildings: u64,
    pub storeys: u64,
    pub failures: u64,
    pub violations: u64,
    rooms: BTreeMap<String, u64>,
    /// The first few failures and violations, as printed.
    shown: Vec<String>,
}

impl Stats {
    fn note(&mut self, line: String) {
        if self.shown.len() < SHOWN {
            self.shown.push(line);
        }
    }

    /// The multi-line summary; the first line is the headline.
    pub fn summary(&self, secs: f64, with_rooms: bool) -> String {
        let mut s = format!(
            "building: {} buildings, {} storeys, {} failures, {} rule violations, {secs:.3} s\n",
            self.buildings, self.storeys, self.failures, self.violations
        );
        for line in &self.shown {
            let _ = writeln!(s, "  {line}");
        }
        let hidden = (self.failures + self.violations).saturating_sub(self.shown.len() as u64);
        if hidden > 0 {
            let _ = writeln!(s, "  ... and {hidden} more");
        }
        if with_rooms {
            let placed: Vec<String> = self.rooms.iter().map(|(n, c)| format!("{n} {c}")).collect();
            let listed = if placed.is_empty() {
                "none".to_owned()
            } else {
                placed.join(", ")
            };
            let _ = writeln!(s, "  rooms placed: {listed}");
        }
        s
    }
}

/// What to build: `count` buildings from master seed `seed` (wrapping), each of
/// `storeys` storeys at `level`, with or without the underground.
pub struct Request {
    pub seed: i64,
    pub count: u64,
    pub storeys: i64,
    pub level: i64,
    pub underground: bool,
}

/// Generates and checks the buildings of `request`, one JSON line each to `out`. A
/// building that fails is counted and named, not fatal; write errors are returned.
pub fn run(request: &Request, rooms: &RoomSet, out: &mut dyn Write) -> io::Result<(Stats, f64)> {
    let start = Instant::now();
    let settings = GenerationSettings::DEFAULT;
    let mut stats = Stats::default();
    for i in 0..request.count {
        let seed = request.seed.wrapping_add(i as i64);
        stats.buildings += 1;
        let building = match generate_building_with_rooms(
            &settings,
            rooms,
            seed,
            request.storeys,
            request.level,
            request.underground,
        ) {
            Ok(b) => b,
            Err(e) => {
                stats.failures += 1;
                stats.note(format!("building {seed} failed: {e}"));
                continue;
            }
        };
        for storey in &building.storeys {
            stats.storeys += 1;
            if let Err(v) = validate_with_rooms(storey, &settings, rooms) {
                stats.violations += 1;
                stats.note(format!(
                    "building {seed}, {} at depth {}: {v}",
                    storey.storey_type, storey.storey_depth
                ));
            }
            for placed in &storey.placed_rooms {
                *stats.rooms.entry(placed.name.clone()).or_default() += 1;
            }
        }
        serde_json::to_writer(&mut *out, &building).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok((stats, start.elapsed().as_secs_f64()))
}
