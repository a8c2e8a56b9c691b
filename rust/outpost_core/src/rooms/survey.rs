//! Per-room figures of a survey ([`crate::survey::Survey`] with a room set): for each
//! template, how many storeys it was eligible on, tried, placed on; why it was dropped;
//! which failed attempts (retries) it was in, by reason; and one example storey per
//! reason, to reproduce with `outpost generate --rooms`.

use super::set::RoomSet;
use crate::cell::StoreyType;
use crate::error::{AttemptError, GenerateError};
use crate::generator::{Generated, StoreyRequest};
use crate::passes::PassFailure;
use serde::Serialize;
use std::collections::BTreeMap;

/// A storey that shows a reason: its request, to generate it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    /// The storey's seed.
    pub seed: i64,
    /// Its type.
    pub storey_type: StoreyType,
    /// Its depth.
    pub depth: i64,
    /// Its outpost level.
    pub level: i64,
}

impl Example {
    fn of(r: &StoreyRequest) -> Example {
        Example {
            seed: r.seed,
            storey_type: r.storey_type,
            depth: r.storey_depth,
            level: r.outpost_level,
        }
    }
}

/// One template's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoomStats {
    /// The template's name.
    pub name: String,
    /// Storeys whose type, depth and level it may appear on.
    pub eligible: u64,
    /// Of those, storeys that tried it (required, or its chance roll passed).
    pub tried: u64,
    /// Of those, storeys that hold at least one copy.
    pub placed: u64,
    /// Copies placed over every storey.
    pub copies: u64,
    /// Storeys that tried it and hold none, by the reason its last draw gave
    /// (`no_position`, `forced_staircase`, `doorway`, `counts`).
    pub dropped: BTreeMap<&'static str, u64>,
    /// Failed attempts (retries) counted under it, by reason: a required room that found
    /// no position (`room <reason>`), or a later pass (`pass 2c corridors`) or rule
    /// (`rule connected`) failing an attempt the room was placed in.
    pub failed: BTreeMap<String, u64>,
    /// Storeys that failed every attempt with this required room unplaced.
    pub failed_storeys: u64,
    /// One storey per reason of `dropped` and `failed` (the first one surveyed).
    pub examples: BTreeMap<String, Example>,
}

impl RoomStats {
    /// Failed attempts counted under the room: the retries it caused.
    pub fn retries(&self) -> u64 {
        self.failed.values().sum()
    }

    fn example(&mut self, reason: String, request: &StoreyRequest) {
        self.examples
            .entry(reason)
            .or_insert_with(|| Example::of(request));
    }
}

/// The figures of every template of a set, in name order, as a survey adds storeys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoomSurvey {
    /// One entry per template, in the set's (name) order.
    pub rooms: Vec<RoomStats>,
}

/// The reason a failed attempt is counted under: the pass or rule that failed it.
fn attempt_reason(e: &AttemptError) -> String {
    match e {
        AttemptError::Pass(p) => format!("pass {} {}", p.pass.number(), p.pass.name()),
        AttemptError::Rule(v) => format!("rule {}", v.rule.name()),
    }
}

impl RoomSurvey {
    /// Empty figures for every template of `set`.
    pub fn new(set: &RoomSet) -> RoomSurvey {
        RoomSurvey {
            rooms: set
                .templates()
                .iter()
                .map(|t| RoomStats {
                    name: t.name.clone(),
                    ..RoomStats::default()
                })
                .collect(),
        }
    }

    /// Adds the figures of `later`, counted over storeys that come after this one's in
    /// the survey (a chunk measured apart): counts add up, and each reason keeps its first
    /// example, so merging chunks in order gives the figures of one run.
    pub fn merge(&mut self, later: RoomSurvey) {
        for (stats, more) in self.rooms.iter_mut().zip(later.rooms) {
            stats.eligible += more.eligible;
            stats.tried += more.tried;
            stats.placed += more.placed;
            stats.copies += more.copies;
            stats.failed_storeys += more.failed_storeys;
            for (reason, n) in more.dropped {
                *stats.dropped.entry(reason).or_default() += n;
            }
            for (reason, n) in more.failed {
                *stats.failed.entry(reason).or_default() += n;
            }
            for (reason, example) in more.examples {
                stats.examples.entry(reason).or_insert(example);
            }
        }
    }

    /// Counts one storey of the survey: what its generation reported, or its error.
    pub fn add(&mut self, request: &StoreyRequest, result: &Result<Generated, GenerateError>) {
        match result {
            Ok(g) => self.add_generated(request, g),
            Err(GenerateError::Exhausted {
                last_failure: AttemptError::Pass(p),
                ..
            }) => {
                if let PassFailure::Room { room, reason } = &p.failure
                    && let Some(s) = self.rooms.iter_mut().find(|s| s.name == *room)
                {
                    s.failed_storeys += 1;
                    s.example(format!("room {}", reason.name()), request);
                }
            }
            Err(_) => {}
        }
    }

    fn add_generated(&mut self, request: &StoreyRequest, g: &Generated) {
        let report = &g.report;
        for (k, tries) in report.rooms.iter().enumerate() {
            let failure = report.failures.get(k);
            for tr in tries {
                let stats = &mut self.rooms[tr.template];
                let Some(failure) = failure else {
                    // The attempt that succeeded.
                    stats.eligible += 1;
                    stats.tried += u64::from(tr.tried);
                    stats.placed += u64::from(tr.placed > 0);
                    stats.copies += u64::from(tr.placed);
                    if let (true, 0, Some(reason)) = (tr.tried, tr.placed, tr.dropped) {
                        *stats.dropped.entry(reason.name()).or_default() += 1;
                        stats.example(format!("dropped {}", reason.name()), request);
                    }
                    continue;
                };
                let this_room_failed = matches!(failure, AttemptError::Pass(p)
                    if matches!(&p.failure, PassFailure::Room { room, .. } if *room == stats.name));
                let reason = if this_room_failed {
                    tr.dropped.map(|d| format!("room {}", d.name()))
                } else if tr.placed > 0 {
                    Some(attempt_reason(failure))
                } else {
                    None
                };
                if let Some(reason) = reason {
                    *stats.failed.entry(reason.clone()).or_default() += 1;
                    stats.example(reason, request);
                }
            }
        }
    }
}
