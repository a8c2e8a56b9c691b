//! `sweep`: many layouts across every storey type x depth 1-6 x level 1-4, as JSON lines,
//! with summary statistics on stderr.

use outpost_core::rooms::RoomSet;
use outpost_core::survey::sweep_request;
use outpost_core::{
    CellType, GenerationSettings, StoreyLayout, StoreyType, generate_reported_with_rooms,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::Range;
use std::time::Instant;

/// Per-storey-type OOB statistics.
#[derive(Default)]
struct TypeStats {
    layouts: u64,
    oob_share_sum: f64,
    with_oob: u64,
}

/// Running statistics over a sweep.
#[derive(Default)]
pub struct Stats {
    pub count: u64,
    pub failures: u64,
    per_type: [TypeStats; 3],
    rooms_sum: u64,
    rooms_min: Option<usize>,
    rooms_max: usize,
    paths: u64,
    path_len_sum: u64,
    path_len_max: usize,
    attempts_total: u64,
    retries: u64,
    /// Ground floors with their ENTRANCE (every one, when the generator is right).
    entrances: u64,
    /// ENTRANCE cells on the other storeys (none, when the generator is right).
    stray_entrances: u64,
    /// With `--rooms`: copies placed per room name (name order).
    rooms: Option<BTreeMap<String, u64>>,
}

impl Stats {
    /// Empty statistics, counting the rooms placed when `rooms` is not empty.
    fn with_rooms(rooms: &RoomSet) -> Stats {
        Stats {
            rooms: (!rooms.is_empty()).then(BTreeMap::new),
            ..Stats::default()
        }
    }

    fn add(&mut self, layout: &StoreyLayout) {
        let t = &mut self.per_type[layout.storey_type as usize];
        let oob = layout.cell_counts()[CellType::OutOfBounds as usize];
        let cells = f64::from(layout.width * layout.height);
        t.layouts += 1;
        t.oob_share_sum += oob as f64 / cells;
        t.with_oob += u64::from(oob > 0);
        let rooms = layout.rooms.len();
        self.rooms_sum += rooms as u64;
        self.rooms_min = Some(self.rooms_min.map_or(rooms, |m| m.min(rooms)));
        self.rooms_max = self.rooms_max.max(rooms);
        for path in &layout.enemy_paths {
            self.paths += 1;
            self.path_len_sum += path.len() as u64;
            self.path_len_max = self.path_len_max.max(path.len());
        }
        let doors = layout.cell_counts()[CellType::Entrance as usize] as u64;
        if layout.storey_type == StoreyType::GroundFloor {
            self.entrances += u64::from(doors == 1 && layout.entrance_cell.is_some());
        } else {
            self.stray_entrances += doors;
        }
        if let Some(rooms) = &mut self.rooms {
            for placed in &layout.placed_rooms {
                *rooms.entry(placed.name.clone()).or_default() += 1;
            }
        }
        let attempts = u64::from(layout.generation_attempts);
        self.attempts_total += attempts;
        self.retries += attempts.saturating_sub(1);
    }

    /// Adds the statistics of the layouts after these (sums in chunk order, so the same
    /// for any number of jobs).
    fn merge(&mut self, other: &Stats) {
        if let (Some(rooms), Some(more)) = (&mut self.rooms, &other.rooms) {
            for (name, n) in more {
                *rooms.entry(name.clone()).or_default() += n;
            }
        }
        self.count += other.count;
        self.failures += other.failures;
        for (t, o) in self.per_type.iter_mut().zip(&other.per_type) {
            t.layouts += o.layouts;
            t.oob_share_sum += o.oob_share_sum;
            t.with_oob += o.with_oob;
        }
        self.rooms_sum += other.rooms_sum;
        self.rooms_min = match (self.rooms_min, other.rooms_min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.rooms_max = self.rooms_max.max(other.rooms_max);
        self.paths += other.paths;
        self.path_len_sum += other.path_len_sum;
        self.path_len_max = self.path_len_max.max(other.path_len_max);
        self.attempts_total += other.attempts_total;
        self.retries += other.retries;
        self.entrances += other.entrances;
        self.stray_entrances += other.stray_entrances;
    }

    /// The multi-line summary; the first line is the headline.
    pub fn summary(&self, secs: f64) -> String {
        let ok = self.count - self.failures;
        let mean = |sum: f64, n: u64| if n == 0 { 0.0 } else { sum / n as f64 };
        let rate = if secs > 0.0 {
            self.count as f64 / secs
        } else {
            0.0
        };
        let mut s = format!(
            "sweep: count {} failures {} retries {} (attempts {}) rate {:.0} layouts/s\n",
            self.count, self.failures, self.retries, self.attempts_total, rate
        );
        for t in StoreyType::ALL {
            let ts = &self.per_type[t as usize];
            let _ = writeln!(
                s,
                "  {:<12} layouts {:>7}  OOB cells mean {:5.1}%  layouts with OOB {:5.1}%",
                t.name(),
                ts.layouts,
                100.0 * mean(ts.oob_share_sum, ts.layouts),
                100.0 * mean(ts.with_oob as f64, ts.layouts),
            );
        }
        let _ = writeln!(
            s,
            "  rooms/layout mean {:.2} min {} max {}",
            mean(self.rooms_sum as f64, ok),
            self.rooms_min.unwrap_or(0),
            self.rooms_max
        );
        let _ = writeln!(
            s,
            "  enemy path length (cells) mean {:.2} max {} over {} paths",
            mean(self.path_len_sum as f64, self.paths),
            self.path_len_max,
            self.paths
        );
        let _ = writeln!(
            s,
            "  entrances: {} of {} ground floors, {} on other storeys",
            self.entrances,
            self.per_type[StoreyType::GroundFloor as usize].layouts,
            self.stray_entrances
        );
        if let Some(rooms) = &self.rooms {
            let placed: Vec<String> = rooms
                .iter()
                .map(|(name, n)| format!("{name} {n}"))
                .collect();
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

/// Stats, lines and failure messages of one chunk of a sweep, made on a worker thread.
struct Chunk {
    stats: Stats,
    lines: Vec<u8>,
    failures: String,
}

/// Generates (with the authored rooms of `rooms`) and serialises the layouts `range` of
/// the sweep from `base_seed`.
fn make_chunk(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    base_seed: i64,
    range: Range<u64>,
) -> Chunk {
    let mut chunk = Chunk {
        stats: Stats::with_rooms(rooms),
        lines: Vec::new(),
        failures: String::new(),
    };
    for i in range {
        let req = sweep_request(base_seed, i);
        chunk.stats.count += 1;
        match generate_reported_with_rooms(settings, rooms, &req).map(|g| g.layout) {
            Ok(layout) => {
                chunk.stats.add(&layout);
                serde_json::to_writer(&mut chunk.lines, &layout)
                    .expect("a layout serialises to JSON in memory");
                chunk.lines.push(b'\n');
            }
            Err(e) => {
                chunk.stats.failures += 1;
                let _ = writeln!(
                    chunk.failures,
                    "sweep: layout {i} (seed {}, {} depth {} level {}) failed: {e}",
                    req.seed, req.storey_type, req.storey_depth, req.outpost_level
                );
            }
        }
    }
    chunk
}

/// Generates `count` layouts (with the authored rooms of `rooms`) on `jobs` threads,
/// writing one JSON line each to `out` in index order. Generation errors are counted (and
/// reported on stderr in index order), not fatal; write errors are returned.
pub fn run(
    count: u64,
    base_seed: i64,
    jobs: usize,
    rooms: &RoomSet,
    out: &mut dyn Write,
) -> io::Result<(Stats, f64)> {
    let start = Instant::now();
    let mut stats = Stats::with_rooms(rooms);
    let settings = GenerationSettings::default();
    let work = |range| make_chunk(&settings, rooms, base_seed, range);
    crate::jobs::run_chunks(count, jobs, work, |chunk: Chunk| {
        eprint!("{}", chunk.failures);
        stats.merge(&chunk.stats);
        out.write_all(&chunk.lines)
    })?;
    out.flush()?;
    Ok((stats, start.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use outpost_core::survey::{SWEEP_CYCLE, sweep_request};
    use std::collections::HashSet;

    #[test]
    fn one_cycle_covers_every_combination() {
        let combos: HashSet<_> = (0..SWEEP_CYCLE)
            .map(|i| {
                let r = sweep_request(0, i);
                (r.storey_type as u8, r.storey_depth, r.outpost_level)
            })
            .collect();
        assert_eq!(combos.len() as u64, SWEEP_CYCLE);
    }

    #[test]
    fn seeds_wrap() {
        assert_eq!(sweep_request(i64::MAX, 1).seed, i64::MIN);
    }
}
