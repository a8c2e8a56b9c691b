//! `outpost validate FILE`: a storey's JSON (as `outpost generate` writes it, edited or
//! not) checked against every rule (its placed rooms against `--rooms` when given). Without `--all` the first broken rule as
//! `rule: detail`; with it every broken rule as a JSON list of
//! `{"rule", "detail", "cells": [[x, y], ...]}`. Exit 0 when every rule holds, 1 when one
//! is broken, 2 when the file cannot be read as a storey.

use crate::Failure;
use outpost_core::rooms::RoomSet;
use outpost_core::{
    GenerationSettings, StoreyLayout, Violation, validate_all, validate_all_with_rooms,
};
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// Exit code when a rule is broken.
const EXIT_BROKEN: u8 = 1;

/// Reads the storey at `path` (`-`: stdin), checks it and prints what broke.
pub fn run(
    path: &Path,
    all: bool,
    settings: &GenerationSettings,
    rooms: Option<&RoomSet>,
) -> Result<(), Failure> {
    let layout = read_layout(path)?;
    let broken = match rooms {
        Some(rooms) => validate_all_with_rooms(&layout, settings, rooms),
        None => validate_all(&layout, settings),
    };
    let out = if all {
        let list: Vec<Broken> = broken.iter().map(Broken::from).collect();
        let json = serde_json::to_string(&list).map_err(|e| e.to_string())?;
        format!("{json}\n")
    } else {
        broken.first().map_or_else(
            || "ok: every rule holds\n".to_owned(),
            |v| format!("{}: {}\n", v.rule.name(), first_detail(v)),
        )
    };
    crate::emit(None, out.as_bytes())?;
    if broken.is_empty() {
        Ok(())
    } else {
        Err(Failure::Exit(EXIT_BROKEN))
    }
}

/// The first place's detail (without validate_all's "(and N more)").
fn first_detail(v: &Violation) -> &str {
    v.detail
        .rfind(" (and ")
        .filter(|_| v.detail.ends_with(" more)"))
        .map_or(v.detail.as_str(), |i| &v.detail[..i])
}

/// One broken rule as `--all` prints it, its keys in this order.
#[derive(Serialize)]
struct Broken<'a> {
    rule: &'a str,
    detail: &'a str,
    cells: Vec<[i32; 2]>,
}

impl<'a> From<&'a Violation> for Broken<'a> {
    fn from(v: &'a Violation) -> Self {
        Broken {
            rule: v.rule.name(),
            detail: &v.detail,
            cells: v.cells.iter().map(|p| [p.x, p.y]).collect(),
        }
    }
}

fn read_layout(path: &Path) -> Result<StoreyLayout, Failure> {
    let name = path.display();
    let mut bytes = Vec::new();
    let read = if path == Path::new("-") {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(path).map(|b| bytes = b)
    };
    read.map_err(|e| format!("cannot read {name}: {e}"))?;
    let layout: StoreyLayout = serde_json::from_slice(&bytes).map_err(|e| {
        format!("{name} is not a storey's JSON (outpost generate --format json): {e}")
    })?;
    Ok(layout)
}
