//! `outpost`: command-line front end for the outpost storey generator.
//!
//! Every output is deterministic. Errors print `error: <message>` on stderr and exit
//! with code 2 (clap's own usage errors use the same format and code).

#![forbid(unsafe_code)]

mod buildings;
mod heatmap;
mod jobs;
mod render_png;
mod rooms;
mod surface;
mod survey;
mod sweep;
mod validate;

use clap::{Args, Parser, Subcommand, ValueEnum};
use outpost_core::ascii::PATH_CHAR;
use outpost_core::rooms::RoomSet;
use outpost_core::survey::GroupBy;
use outpost_core::swarm::scenario::{Scenario, ScenarioRun};
use outpost_core::{
    CellType, GenerationSettings, Pos, StoreyLayout, StoreyRequest, StoreyType,
    generate_building_with_rooms, generate_with_rooms,
};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Exit code for bad arguments and failed generation.
const EXIT_ERROR: u8 = 2;
/// Exit code of `sweep` when some layouts failed to generate (and of `building --count`
/// when some building failed or broke a rule).
const EXIT_SWEEP_FAILURES: u8 = 1;

#[derive(Parser)]
#[command(name = "outpost", version, about = "Generate outpost storey layouts")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate one storey.
    #[command(allow_negative_numbers = true)]
    Generate(GenerateArgs),
    /// Generate a multi-storey building (JSON).
    #[command(allow_negative_numbers = true)]
    Building(BuildingArgs),
    /// Generate many layouts across every type x depth 1-6 x level 1-4 as JSON lines,
    /// with a summary on stderr.
    #[command(allow_negative_numbers = true)]
    Sweep(SweepArgs),
    /// Run the scripted swarm scenario on one storey and print its state hash and the
    /// median time per tick.
    #[command(allow_negative_numbers = true)]
    Simulate(SimulateArgs),
    /// Survey the expressive range of the generator: the layouts `sweep` prints, measured
    /// and summarised per storey type (min, p10, median, p90, max, mean of each metric),
    /// as a table, JSON or heat maps; with `--set` for other settings.
    #[command(allow_negative_numbers = true)]
    Survey(SurveyArgs),
    /// List every generation setting `--set` takes: name, default, range and effect
    /// (with `--surface`, the surface's settings).
    Settings(SettingsArgs),
    /// Generate the surface chunk around a building: terrain, the footprint with its
    /// door, salvage nodes.
    #[command(allow_negative_numbers = true)]
    Surface(SurfaceArgs),
    /// Authored rooms (`.room` files): `outpost rooms check PATH`.
    Rooms(RoomsArgs),
    /// Check a storey's JSON (as `generate` writes it, edited or not) against every rule:
    /// the first broken rule as `rule: detail`, or with `--all` every broken rule with its
    /// cells as JSON; exit 1 when any rule is broken.
    Validate(ValidateArgs),
}

#[derive(Args)]
struct ValidateArgs {
    /// The storey's JSON file (`-`: stdin).
    file: PathBuf,
    /// Print every broken rule as a JSON list of {"rule", "detail", "cells": [[x, y], ...]}
    /// (`[]` when every rule holds).
    #[arg(long)]
    all: bool,
    /// The settings the storey was made with: a setting changed (repeatable); `outpost
    /// settings` lists the names.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    sets: Vec<String>,
    /// The room set the storey was made with: its placed rooms are checked against it
    /// (without it, the rooms are not checked).
    #[arg(long, value_name = "PATH")]
    rooms: Option<PathBuf>,
}

#[derive(Args)]
struct RoomsArgs {
    #[command(subcommand)]
    command: RoomsCommand,
}

#[derive(Subcommand)]
enum RoomsCommand {
    /// Check a `.room` file or a folder's `*.room` files (not its subfolders) as one set:
    /// every error and warning as FILE:LINE: MESSAGE on stderr, a summary on stdout; exit
    /// 2 when any is an error.
    Check(RoomsCheckArgs),
}

#[derive(Args)]
struct RoomsCheckArgs {
    /// A `.room` file, or a folder of them.
    path: PathBuf,
    /// Output: text (messages on stderr, a summary on stdout) or json (every message as a
    /// JSON list on stdout: severity, file, line, cell, message).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

#[derive(Args)]
struct SettingsArgs {
    /// List the surface's settings (`outpost surface --set`) instead of the storeys'.
    #[arg(long)]
    surface: bool,
}

#[derive(Args)]
struct SurfaceArgs {
    /// The building's master seed (as `outpost building --seed`).
    #[arg(long, default_value_t = 0)]
    seed: i64,
    /// Outpost level, 1-4.
    #[arg(long, default_value_t = 1)]
    level: i64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// Output file (stdout if omitted; required for png).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// PNG pixels per cell edge.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=256))]
    cell_px: u32,
    /// A surface setting changed (repeatable); `outpost settings --surface` lists them.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true,
          value_parser = surface::parse_setting)]
    sets: Vec<(String, i64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SurveyFormat {
    Table,
    Json,
}

#[derive(Args)]
struct SurveyArgs {
    /// Number of layouts (those of `sweep --count N --seed S`), at least 1.
    #[arg(long, default_value_t = 2000, value_parser = survey::parse_count)]
    count: u64,
    /// Seed of layout 0; layout i uses seed + i (wrapping).
    #[arg(long, default_value_t = 0)]
    seed: i64,
    /// Group within each storey type: type (no further grouping), depth or level.
    #[arg(long, value_name = "GROUPING", default_value = "type", value_parser = parse_group_by)]
    by: GroupBy,
    /// Output format on stdout: a table, or JSON (only the JSON; summaries go to stderr).
    #[arg(long, value_enum, default_value_t = SurveyFormat::Table)]
    format: SurveyFormat,
    /// Also write heat maps (loops x dead_ends, path_detour x open_fraction per storey
    /// type) to this PNG file.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Survey the surfaces instead (`outpost surface`'s, surface i of building seed + i at
    /// level 1 + i % 4), per level; `--set` then takes the surface's settings.
    #[arg(long)]
    surface: bool,
    /// Survey with a setting changed (repeatable); `outpost settings` lists the names
    /// (`outpost settings --surface` with `--surface`).
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    sets: Vec<String>,
    /// Place the authored rooms (and add a table per room) of this `.room` file or folder (`outpost rooms check` lists
    /// what is wrong with a set).
    #[arg(long, value_name = "PATH")]
    rooms: Option<PathBuf>,
    #[command(flatten)]
    jobs: jobs::JobsArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Json,
    Ascii,
    Png,
}

/// The storey a command generates: seed, depth, level and type.
#[derive(Args)]
struct StoreyArgs {
    /// Seed of the storey.
    #[arg(long, default_value_t = 0)]
    seed: i64,
    /// 1-based storey depth.
    #[arg(long, default_value_t = 1)]
    depth: i64,
    /// Outpost level, 1-4.
    #[arg(long, default_value_t = 1)]
    level: i64,
    /// Storey type: ground, upper, underground (or full names, or 0/1/2).
    #[arg(long = "type", value_name = "TYPE", default_value = "ground",
          value_parser = parse_storey_type)]
    storey_type: StoreyType,
}

impl StoreyArgs {
    fn request(&self) -> StoreyRequest {
        StoreyRequest::new(self.seed, self.depth, self.level, self.storey_type)
    }
}

#[derive(Args)]
struct GenerateArgs {
    #[command(flatten)]
    storey: StoreyArgs,
    /// Force the STAIRCASE onto cell X,Y.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true, value_parser = parse_pos)]
    stair: Option<Pos>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// Output file (stdout if omitted; required for png).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// PNG pixels per cell edge.
    #[arg(long, default_value_t = render_png::DEFAULT_CELL_PX,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    cell_px: u32,
    /// Place the authored rooms of this `.room` file or folder (`outpost rooms check` lists
    /// what is wrong with a set).
    #[arg(long, value_name = "PATH")]
    rooms: Option<PathBuf>,
}

#[derive(Args)]
struct BuildingArgs {
    /// Master seed of the building.
    #[arg(long, default_value_t = 0)]
    seed: i64,
    /// Storeys above ground.
    #[arg(long, default_value_t = 1)]
    storeys: i64,
    /// Outpost level, 1-4.
    #[arg(long, default_value_t = 1)]
    level: i64,
    /// Add an UNDERGROUND storey below (listed first).
    #[arg(long)]
    underground: bool,
    /// Output file (stdout if omitted).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Place the authored rooms of this `.room` file or folder (`outpost rooms check` lists
    /// what is wrong with a set).
    #[arg(long, value_name = "PATH")]
    rooms: Option<PathBuf>,
    /// Generate this many buildings, of master seeds SEED, SEED + 1, ... (wrapping), one
    /// JSON line each, every storey checked against every rule, with a summary on stderr;
    /// exit 1 when any failed or broke a rule.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
}

#[derive(Args)]
struct SweepArgs {
    /// Number of layouts.
    #[arg(long)]
    count: u64,
    /// Seed of layout 0; layout i uses seed + i (wrapping).
    #[arg(long, default_value_t = 0)]
    seed: i64,
    /// Write the JSON lines here instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Place the authored rooms of this `.room` file or folder (`outpost rooms check` lists
    /// what is wrong with a set).
    #[arg(long, value_name = "PATH")]
    rooms: Option<PathBuf>,
    #[command(flatten)]
    jobs: jobs::JobsArg,
}

#[derive(Args)]
struct SimulateArgs {
    /// The storey (its seed seeds the swarm too).
    #[command(flatten)]
    storey: StoreyArgs,
    /// Drones spawned at the start, round-robin over the ENTRY cells.
    #[arg(long, default_value_t = 100)]
    drones: u32,
    /// Aliens spawned at the start, after the drones.
    #[arg(long, default_value_t = 0)]
    aliens: u32,
    /// Ticks to run (60 per simulated second).
    #[arg(long, default_value_t = 600)]
    ticks: u64,
}

/// Why the command stopped early.
enum Failure {
    /// Print `error: <message>` and exit 2.
    Error(String),
    /// Exit with this code without a further message.
    Exit(u8),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Error(message)
    }
}

fn parse_storey_type(s: &str) -> Result<StoreyType, String> {
    s.parse()
}

fn parse_group_by(s: &str) -> Result<GroupBy, String> {
    s.parse()
}

/// Parses `X,Y` (integers, optional spaces) into a position.
fn parse_pos(s: &str) -> Result<Pos, String> {
    let bad = || format!("invalid staircase cell {s:?}: expected X,Y with integers, e.g. 5,4");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x = x.trim().parse().map_err(|_| bad())?;
    let y = y.trim().parse().map_err(|_| bad())?;
    Ok(Pos::new(x, y))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => run_generate(&args),
        Command::Building(args) => run_building(&args),
        Command::Sweep(args) => run_sweep(&args),
        Command::Simulate(args) => run_simulate(&args),
        Command::Survey(args) => run_survey(&args),
        Command::Settings(args) if args.surface => emit(None, surface::settings_table().as_bytes()),
        Command::Settings(_) => emit(None, survey::settings_table().as_bytes()),
        Command::Surface(args) => run_surface(&args),
        Command::Rooms(RoomsArgs {
            command: RoomsCommand::Check(args),
        }) => rooms::check(&args.path, args.format == CheckFormat::Json),
        Command::Validate(args) => run_validate(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Exit(code)) => ExitCode::from(code),
        Err(Failure::Error(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Maps a write error; a closed stdout pipe (`| head`) ends the program quietly.
fn io_failure(what: &str, e: &io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::Exit(0)
    } else {
        Failure::Error(format!("writing {what}: {e}"))
    }
}

/// Opens `out` (or locked stdout) as a buffered writer, with a name for error messages.
fn open_output(out: Option<&Path>) -> Result<(Box<dyn Write>, String), Failure> {
    match out {
        Some(path) => {
            let file =
                File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            Ok((Box::new(BufWriter::new(file)), path.display().to_string()))
        }
        None => Ok((
            Box::new(BufWriter::new(io::stdout().lock())),
            "stdout".to_string(),
        )),
    }
}

/// Writes `bytes` to `out` (or stdout).
fn emit(out: Option<&Path>, bytes: &[u8]) -> Result<(), Failure> {
    let (mut w, name) = open_output(out)?;
    w.write_all(bytes)
        .and_then(|()| w.flush())
        .map_err(|e| io_failure(&name, &e))
}

fn run_generate(args: &GenerateArgs) -> Result<(), Failure> {
    let mut request = args.storey.request();
    if let Some(stair) = args.stair {
        request = request.with_forced_staircase(stair);
    }
    let set = rooms::load(args.rooms.as_deref())?;
    let layout = generate_with_rooms(&GenerationSettings::DEFAULT, &set, &request)
        .map_err(|e| e.to_string())?;
    match args.format {
        Format::Json => {
            let mut json = serde_json::to_string(&layout).map_err(|e| e.to_string())?;
            json.push('\n');
            emit(args.out.as_deref(), json.as_bytes())
        }
        Format::Ascii => emit(args.out.as_deref(), ascii_report(&layout).as_bytes()),
        Format::Png => {
            let Some(path) = args.out.as_deref() else {
                return Err(Failure::Error("--format png needs --out FILE".to_string()));
            };
            render_png::write_png(&layout, args.cell_px, path).map_err(Failure::Error)
        }
    }
}

/// The ASCII grid with enemy paths, a one-line header and a legend.
fn ascii_report(layout: &StoreyLayout) -> String {
    let mut s = format!(
        "seed {}  type {}  depth {}  level {}  size {}x{}  attempts {}\n",
        layout.seed_value,
        layout.storey_type,
        layout.storey_depth,
        layout.outpost_level,
        layout.width,
        layout.height,
        layout.generation_attempts,
    );
    s.push_str(&layout.to_ascii_with_paths());
    s.push_str("legend:");
    for t in CellType::ALL {
        let _ = write!(s, " {} {}", t.ascii(), t.name());
    }
    let _ = writeln!(s, " {PATH_CHAR} PATH");
    s
}

fn run_building(args: &BuildingArgs) -> Result<(), Failure> {
    let set = rooms::load(args.rooms.as_deref())?;
    if let Some(count) = args.count {
        return run_buildings(args, &set, count);
    }
    let building = generate_building_with_rooms(
        &GenerationSettings::DEFAULT,
        &set,
        args.seed,
        args.storeys,
        args.level,
        args.underground,
    )
    .map_err(|e| e.to_string())?;
    let mut json = serde_json::to_string(&building).map_err(|e| e.to_string())?;
    json.push('\n');
    emit(args.out.as_deref(), json.as_bytes())
}

/// `building --count N`: the buildings as JSON lines, the summary on stderr.
fn run_buildings(args: &BuildingArgs, set: &RoomSet, count: u64) -> Result<(), Failure> {
    outpost_core::check_building_request(args.storeys, args.level).map_err(|e| e.to_string())?;
    let request = buildings::Request {
        seed: args.seed,
        count,
        storeys: args.storeys,
        level: args.level,
        underground: args.underground,
    };
    let (mut w, name) = open_output(args.out.as_deref())?;
    let (stats, secs) = buildings::run(&request, set, &mut w).map_err(|e| io_failure(&name, &e))?;
    drop(w);
    eprint!("{}", stats.summary(secs, !set.is_empty()));
    if stats.failures + stats.violations > 0 {
        return Err(Failure::Exit(EXIT_SWEEP_FAILURES));
    }
    Ok(())
}

fn run_sweep(args: &SweepArgs) -> Result<(), Failure> {
    let set = rooms::load(args.rooms.as_deref())?;
    let (mut w, name) = open_output(args.out.as_deref())?;
    let (stats, secs) = sweep::run(args.count, args.seed, args.jobs.get(), &set, &mut w)
        .map_err(|e| io_failure(&name, &e))?;
    drop(w);
    eprint!("{}", stats.summary(secs));
    if stats.failures > 0 {
        return Err(Failure::Exit(EXIT_SWEEP_FAILURES));
    }
    Ok(())
}

/// The default settings with each `--set NAME=VALUE` of `sets` applied.
fn settings_of(sets: &[String]) -> Result<GenerationSettings, String> {
    let changed = sets
        .iter()
        .map(|s| survey::parse_setting(s))
        .collect::<Result<Vec<_>, _>>()?;
    survey::settings_from(&changed)
}

/// Checks the storey of `FILE` with the `--set` settings and the `--rooms` set.
fn run_validate(args: &ValidateArgs) -> Result<(), Failure> {
    let settings = settings_of(&args.sets)?;
    let set = args
        .rooms
        .as_deref()
        .map(|path| rooms::load(Some(path)))
        .transpose()?;
    validate::run(&args.file, args.all, &settings, set.as_ref())
}

/// Surveys `--count` layouts of the sweep from `--seed` with the `--set` settings and
/// prints the table or JSON on stdout, the summary on stderr, and the heat maps to
/// `--png`.
fn run_survey(args: &SurveyArgs) -> Result<(), Failure> {
    if args.surface {
        return run_surface_survey(args);
    }
    let settings = settings_of(&args.sets)?;
    let set = rooms::load(args.rooms.as_deref())?;
    let start = Instant::now();
    let result = jobs::survey(&settings, &set, args.count, args.seed, args.jobs.get())?;
    let secs = start.elapsed().as_secs_f64();
    let out = match args.format {
        SurveyFormat::Table => survey::table(&result, args.by),
        SurveyFormat::Json => survey::json(&result, args.by)?,
    };
    emit(None, out.as_bytes())?;
    if let Some(path) = args.png.as_deref() {
        heatmap::write_png(&result, path).map_err(Failure::Error)?;
    }
    eprint!("{}", survey::summary(&result, secs));
    Ok(())
}

/// `outpost survey --surface`: the surfaces' table (or JSON) on stdout, the summary on
/// stderr.
fn run_surface_survey(args: &SurveyArgs) -> Result<(), Failure> {
    if args.png.is_some() || args.by != GroupBy::Type || args.rooms.is_some() {
        return Err(Failure::Error(
            "--surface groups by level, draws no heat maps and places no rooms: leave out --by, --png and --rooms".to_owned(),
        ));
    }
    let changed = args
        .sets
        .iter()
        .map(|s| surface::parse_setting(s))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = surface::settings_from(&changed)?;
    let start = Instant::now();
    let result = jobs::survey_surfaces(&settings, args.count, args.seed, args.jobs.get())?;
    let secs = start.elapsed().as_secs_f64();
    let out = match args.format {
        SurveyFormat::Table => surface::table(&result),
        SurveyFormat::Json => surface::json(&result)?,
    };
    emit(None, out.as_bytes())?;
    eprint!("{}", surface::summary(&result, secs));
    Ok(())
}

/// `outpost surface`: one surface as JSON, ASCII or PNG.
fn run_surface(args: &SurfaceArgs) -> Result<(), Failure> {
    let settings = surface::settings_from(&args.sets)?;
    let surface = outpost_core::surface::generate_surface_with(&settings, args.seed, args.level)
        .map_err(|e| e.to_string())?;
    match args.format {
        Format::Json => {
            let mut json = serde_json::to_string(&surface).map_err(|e| e.to_string())?;
            json.push('\n');
            emit(args.out.as_deref(), json.as_bytes())
        }
        Format::Ascii => emit(
            args.out.as_deref(),
            surface::ascii_report(&surface).as_bytes(),
        ),
        Format::Png => {
            let Some(path) = args.out.as_deref() else {
                return Err(Failure::Error("--format png needs --out FILE".to_string()));
            };
            surface::write_png(&surface, args.cell_px, path).map_err(Failure::Error)
        }
    }
}

/// Runs the scenario of `outpost_core::swarm::scenario` and prints `hash 0x<16 hex>` and
/// `median <us> µs per tick` (each tick timed on its own).
fn run_simulate(args: &SimulateArgs) -> Result<(), Failure> {
    let scenario = Scenario {
        seed: args.storey.seed,
        depth: args.storey.depth,
        level: args.storey.level,
        storey_type: args.storey.storey_type,
        drones: args.drones,
        aliens: args.aliens,
    };
    let mut run = ScenarioRun::new(&scenario)?;
    let mut micros: Vec<f64> = Vec::with_capacity(args.ticks as usize);
    for _ in 0..args.ticks {
        let start = Instant::now();
        run.step();
        micros.push(start.elapsed().as_secs_f64() * 1e6);
    }
    micros.sort_by(f64::total_cmp);
    let median = micros.get(micros.len() / 2).copied().unwrap_or(0.0);
    let report = format!(
        "hash {:#018x}\nmedian {median:.2} µs per tick\n",
        run.state_hash()
    );
    emit(None, report.as_bytes())
}
