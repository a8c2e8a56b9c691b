//! `--jobs N`: bulk work (`sweep`, `survey`, `survey --surface`) on every core, with the
//! same bytes for any N.
//!
//! The indices `0..count` are cut into fixed chunks of [`CHUNK`] consecutive indices,
//! whatever N is. N worker threads make chunks (the core's work: generate, measure,
//! serialise); the calling thread takes them in index order, one after the other, and
//! does everything whose order shows (writing lines, adding statistics, printing
//! failures). Workers run at most [`WINDOW_PER_JOB`] chunks a worker ahead of the
//! chunk the calling thread waits for, so memory stays bounded however long the run.
//! The threads live here, in the CLI: the core stays single-threaded and engine-free.
//! On wasm32 (WASI has no threads) and with N = 1 everything runs on the calling thread.

use clap::Args;
use outpost_core::GenerationSettings;
use outpost_core::rooms::RoomSet;
use outpost_core::surface::SurfaceSettings;
use outpost_core::surface::survey::{SurfaceSurvey, SurfaceSurveyChunk};
use outpost_core::survey::{Survey, SurveyChunk};
use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, PoisonError, mpsc};
use std::thread;

/// Indices in a chunk. Fixed, so that anything summed per chunk (the sweep's statistics)
/// is summed the same way for any N.
pub const CHUNK: u64 = 256;

/// Chunks a worker may be ahead of the one the calling thread waits for.
const WINDOW_PER_JOB: usize = 2;

/// The `--jobs` option of the bulk commands.
#[derive(Args, Clone, Copy, Debug)]
pub struct JobsArg {
    /// Worker threads (at least 1; default: the machine's available parallelism). The
    /// output is the same for any N.
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<NonZeroUsize>,
}

impl JobsArg {
    /// The threads asked for, or the machine's available parallelism (1 where unknown).
    pub fn get(self) -> usize {
        self.jobs
            .or_else(|| thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get)
    }
}

/// Parses `--jobs`: a whole number, at least 1.
pub fn parse_jobs(s: &str) -> Result<NonZeroUsize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a whole number of jobs"))?;
    NonZeroUsize::new(n).ok_or_else(|| "--jobs 0 runs nothing: give at least 1".to_owned())
}

/// The chunk `k` of `0..count`.
fn chunk_range(k: u64, count: u64) -> Range<u64> {
    k * CHUNK..(k * CHUNK + CHUNK).min(count)
}

/// Runs `work` on every chunk of `0..count` with `jobs` worker threads and hands each
/// result to `take` on the calling thread, in index order. Stops at the first error of
/// `take` (the workers stop after their current chunk) and returns it. A panic in `work`
/// is raised again on the calling thread.
pub fn run_chunks<T, E, W, F>(count: u64, jobs: usize, work: W, mut take: F) -> Result<(), E>
where
    T: Send,
    W: Fn(Range<u64>) -> T + Sync,
    F: FnMut(T) -> Result<(), E>,
{
    let chunks = count.div_ceil(CHUNK);
    if jobs <= 1 || chunks <= 1 || cfg!(target_family = "wasm") {
        for k in 0..chunks {
            take(work(chunk_range(k, count)))?;
        }
        return Ok(());
    }
    let workers = jobs.min(usize::try_from(chunks).unwrap_or(usize::MAX));
    let window = (workers * WINDOW_PER_JOB) as u64;
    // The chunks to make (never more than the window, so sending never blocks) and the
    // chunks made, each with its number. The scope's closure owns the sender of the one
    // and the receiver of the other: when it returns early, the workers stop.
    let (todo_tx, todo_rx) = mpsc::sync_channel::<u64>(workers * WINDOW_PER_JOB);
    let todo_rx = Mutex::new(todo_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, thread::Result<T>)>();
    thread::scope(|scope| {
        let (todo_tx, done_rx) = (todo_tx, done_rx);
        for _ in 0..workers {
            let (todo_rx, done_tx, work) = (&todo_rx, done_tx.clone(), &work);
            scope.spawn(move || {
                loop {
                    let next = todo_rx
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    let Ok(k) = next else { break };
                    let made =
                        panic::catch_unwind(AssertUnwindSafe(|| work(chunk_range(k, count))));
                    if done_tx.send((k, made)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let (mut sent, mut next) = (0, 0);
        let mut early = BTreeMap::new();
        while next < chunks {
            while sent < chunks && sent < next + window {
                // Fails only when every worker is gone, which the receive below reports.
                let _ = todo_tx.send(sent);
                sent += 1;
            }
            let Ok((k, made)) = done_rx.recv() else {
                unreachable!("workers end only when the chunks to make run out")
            };
            early.insert(k, made);
            while let Some(made) = early.remove(&next) {
                match made {
                    Ok(result) => take(result)?,
                    Err(payload) => panic::resume_unwind(payload),
                }
                next += 1;
            }
        }
        Ok(())
    })
}

/// `outpost_core::survey::survey` on `jobs` threads: the same survey.
pub fn survey(
    settings: &GenerationSettings,
    rooms: &RoomSet,
    count: u64,
    base_seed: i64,
    jobs: usize,
) -> Result<Survey, String> {
    let mut survey = Survey::with_rooms(settings, rooms, base_seed).map_err(|e| e.to_string())?;
    let work = |range| SurveyChunk::measure_with_rooms(settings, rooms, base_seed, range);
    run_chunks(count, jobs, work, |chunk| survey.add(chunk))
        .map_err(|e| format!("internal error: {e}"))?;
    Ok(survey)
}

/// `outpost_core::surface::survey::survey_surfaces` on `jobs` threads: the same survey.
pub fn survey_surfaces(
    settings: &SurfaceSettings,
    count: u64,
    base_seed: i64,
    jobs: usize,
) -> Result<SurfaceSurvey, String> {
    let mut survey =
        SurfaceSurvey::new(settings, base_seed).map_err(|e| crate::surface::message(&e))?;
    let work = |range| SurfaceSurveyChunk::measure(settings, base_seed, range);
    run_chunks(count, jobs, work, |chunk| survey.add(chunk))
        .map_err(|e| format!("internal error: {e}"))?;
    Ok(survey)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    /// The indices of every chunk, taken in order, with `jobs` threads; chunks whose
    /// number is even take longer, so that later chunks are made first.
    fn taken(count: u64, jobs: usize) -> Vec<u64> {
        let mut out = Vec::new();
        let work = |r: Range<u64>| {
            if (r.start / CHUNK).is_multiple_of(2) {
                thread::sleep(Duration::from_millis(3));
            }
            r.collect::<Vec<u64>>()
        };
        run_chunks(count, jobs, work, |v| {
            out.extend(v);
            Ok::<(), ()>(())
        })
        .unwrap();
        out
    }

    #[test]
    fn chunks_are_taken_in_index_order_with_any_number_of_jobs() {
        let count = 20 * CHUNK + 7;
        let want: Vec<u64> = (0..count).collect();
        for jobs in [1, 2, 3, 4, 16] {
            assert_eq!(taken(count, jobs), want, "{jobs} jobs");
        }
    }

    #[test]
    fn no_chunk_is_made_for_no_indices() {
        assert!(taken(0, 4).is_empty());
    }

    #[test]
    fn an_error_of_take_stops_the_run_and_is_returned() {
        let started = AtomicU64::new(0);
        let work = |_: Range<u64>| started.fetch_add(1, Ordering::SeqCst);
        let mut calls = 0;
        let result = run_chunks(1000 * CHUNK, 2, work, |_| {
            calls += 1;
            if calls == 3 { Err("closed") } else { Ok(()) }
        });
        assert_eq!(result, Err("closed"));
        // The third chunk and at most the window after it, not the thousand.
        assert!(started.into_inner() <= 3 + 2 * WINDOW_PER_JOB as u64);
    }

    #[test]
    fn workers_stay_within_the_window_of_the_chunk_taken() {
        let started = AtomicU64::new(0);
        let work = |r: Range<u64>| {
            started.fetch_add(1, Ordering::SeqCst);
            r.start / CHUNK
        };
        let mut ahead = 0;
        run_chunks(200 * CHUNK, 4, work, |k| {
            // A slow taker: the workers run ahead as far as they may.
            thread::sleep(Duration::from_micros(300));
            ahead = ahead.max(started.load(Ordering::SeqCst) - (k + 1));
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(
            ahead > 0 && ahead < 4 * WINDOW_PER_JOB as u64,
            "{ahead} chunks ahead"
        );
    }

    #[test]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let result = panic::catch_unwind(|| {
            run_chunks(
                10 * CHUNK,
                3,
                |r: Range<u64>| assert!(r.start != 4 * CHUNK, "chunk 4"),
                |()| Ok::<(), ()>(()),
            )
        });
        assert!(result.is_err());
    }

    #[test]
    fn jobs_0_is_refused() {
        assert!(parse_jobs("0").unwrap_err().contains("at least 1"));
        assert_eq!(parse_jobs("3").map(NonZeroUsize::get), Ok(3));
        assert!(parse_jobs("x").is_err());
    }
}
