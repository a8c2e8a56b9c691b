//! `StoreyValidator`: read-only checks of every rule a finished layout must satisfy.
//! The generator retries when [`validate`] fails; tools and the Godot layer report it.

use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::doorway;
use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::params::SHAFT_COUNT;
use crate::pathfinding::layer_distances;
use crate::rooms::RoomSet;
use crate::settings::{GenerationSettings, Tuning};
use std::fmt;

pub use crate::pathfinding::{count_open_zones, find_path};

/// The rule a layout broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Size within bounds and `cells` is `width` x `height`.
    Shape,
    /// `entry_cells`, `beacon_cells`, `shaft_cells`, `staircase_cell` match the grid.
    ListsMatchGrid,
    /// ENTRY/BEACON counts by depth (the settings' table), exactly 2 SHAFT, 1 STAIRCASE.
    Counts,
    /// `primary_beacon == beacon_cells[0]`.
    PrimaryBeacon,
    /// Each ENTRY has OUT_OF_BOUNDS or the grid edge on one side and floor on another.
    EntryOpening,
    /// No walkable cell but an ENTRY touches OUT_OF_BOUNDS or the grid edge.
    SealedOutline,
    /// Manhattan separations between special cells.
    Separation,
    /// Each SHAFT touches a WALL.
    ShaftOnWall,
    /// The primary BEACON is a dead end or a corner.
    BeaconDeadEndOrCorner,
    /// A GROUND_FLOOR has exactly one ENTRANCE cell, and `entrance_cell` names it.
    EntranceCount,
    /// UPPER_FLOOR and UNDERGROUND storeys have no ENTRANCE cell and no `entrance_cell`.
    EntranceOnlyOnGround,
    /// The ENTRANCE is a doorway in the outer wall: exactly one walkable 4-neighbour,
    /// EMPTY, and straight across from it the outside (off the grid, or OUT_OF_BOUNDS
    /// joined to the grid's edge).
    EntranceOpening,
    /// The ENTRANCE keeps its distances from every ENTRY and every BEACON.
    EntranceDistance,
    /// Every BEACON, the STAIRCASE and every SHAFT can be walked to from the ENTRANCE.
    EntranceReachable,
    /// One walkable region, and `open_zone_count` says so.
    Connected,
    /// `enemy_paths` are shortest walkable paths from each entry to the primary beacon.
    EnemyPaths,
    /// UPPER_FLOOR storeys have no OUT_OF_BOUNDS cells (when their OOB probability is 0,
    /// as by default).
    UpperFloorFilled,
    /// Each placed authored room is a template of the set, placed with a transform it
    /// allows, and its fixed cells (every cell of its map but `?`), doorways and markers
    /// are its transformed map's. Checked by [`validate_with_rooms`] only.
    RoomsIntact,
}

impl Rule {
    /// Stable snake-case name, used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Shape => "shape",
            Rule::ListsMatchGrid => "lists_match_grid",
            Rule::Counts => "counts",
            Rule::PrimaryBeacon => "primary_beacon",
            Rule::EntryOpening => "entry_opening",
            Rule::SealedOutline => "sealed_outline",
            Rule::Separation => "separation",
            Rule::ShaftOnWall => "shaft_on_wall",
            Rule::BeaconDeadEndOrCorner => "beacon_dead_end_or_corner",
            Rule::EntranceCount => "entrance_count",
            Rule::EntranceOnlyOnGround => "entrance_only_on_ground",
            Rule::EntranceOpening => "entrance_opening",
            Rule::EntranceDistance => "entrance_distance",
            Rule::EntranceReachable => "entrance_reachable",
            Rule::Connected => "connected",
            Rule::EnemyPaths => "enemy_paths",
            Rule::UpperFloorFilled => "upper_floor_filled",
            Rule::RoomsIntact => "rooms_intact",
        }
    }
}

/// A rule a validator checks, by its stable snake-case name: a storey's [`Rule`] or a
/// surface's [`crate::surface::SurfaceRule`].
pub trait NamedRule: Copy + fmt::Debug {
    /// The rule's name, used in reports.
    fn rule_name(self) -> &'static str;
}

impl NamedRule for Rule {
    fn rule_name(self) -> &'static str {
        self.name()
    }
}

/// A broken rule and what exactly broke it: a storey's [`Rule`] (the default) or a
/// surface's ([`crate::surface::SurfaceViolation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation<R = Rule> {
    /// The rule.
    pub rule: R,
    /// What broke it, naming the cells and values involved.
    pub detail: String,
}

impl<R: NamedRule> fmt::Display for Violation<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule.rule_name(), self.detail)
    }
}

impl<R: NamedRule> std::error::Error for Violation<R> {}

fn fail<T>(rule: Rule, detail: impl Into<String>) -> Result<T, Violation> {
    Err(Violation {
        rule,
        detail: detail.into(),
    })
}

/// Checks every rule, in the order of [`Rule`], with the reference's settings (the
/// defaults): [`validate_with`] for layouts generated with other settings. Read-only.
///
/// ```
/// use outpost_core::validator::{Rule, validate};
/// use outpost_core::{StoreyRequest, StoreyType, generate};
///
/// let mut layout = generate(&StoreyRequest::new(5, 4, 3, StoreyType::UpperFloor))?;
/// assert_eq!(validate(&layout), Ok(()));
///
/// layout.open_zone_count = 2;
/// assert_eq!(validate(&layout).unwrap_err().rule, Rule::Connected);
/// # Ok::<(), outpost_core::GenerateError>(())
/// ```
///
/// # Errors
///
/// The first [`Violation`] found, naming the rule and what broke it.
pub fn validate(layout: &StoreyLayout) -> Result<(), Violation> {
    validate_tuned(layout, &Tuning::DEFAULT)
}

/// [`validate`] against `settings`: the grid bounds, the entry and beacon counts by
/// depth, the separations, and the UPPER_FLOOR rule (which holds only when
/// `oob_probability_upper` is 0) are the settings'; every other rule is the same. What
/// [`crate::generate_with`] returns always passes it with the same settings. Settings out
/// of range are used as they are (each saturated into its type).
///
/// # Errors
///
/// The first [`Violation`] found, naming the rule and what broke it.
pub fn validate_with(
    layout: &StoreyLayout,
    settings: &GenerationSettings,
) -> Result<(), Violation> {
    validate_tuned(layout, &Tuning::saturating(settings))
}

/// [`validate_with`], then the [`Rule::RoomsIntact`] rule against `rooms`: what
/// [`crate::generate_with_rooms`] returns always passes it with the same settings and
/// set. (Without the set, [`validate`] and [`validate_with`] check every other rule of a
/// layout with rooms.)
///
/// # Errors
///
/// The first [`Violation`] found, naming the rule and what broke it.
pub fn validate_with_rooms(
    layout: &StoreyLayout,
    settings: &GenerationSettings,
    rooms: &RoomSet,
) -> Result<(), Violation> {
    validate_with(layout, settings)?;
    check_rooms_intact(layout, rooms)
}

/// The [`Rule::RoomsIntact`] rule alone.
pub(crate) fn check_rooms_intact(layout: &StoreyLayout, rooms: &RoomSet) -> Result<(), Violation> {
    for placed in &layout.placed_rooms {
        let what = format_args!(
            "room {} at ({}, {}) {}",
            placed.name, placed.x, placed.y, placed.transform
        );
        let Some(i) = rooms.index_of(&placed.name) else {
            return fail(Rule::RoomsIntact, format!("{what} is not in the room set"));
        };
        let Some(v) = rooms
            .variants(i)
            .iter()
            .find(|v| v.transform == placed.transform)
        else {
            return fail(
                Rule::RoomsIntact,
                format!("{what}: the room may not be turned so (rotate: no)"),
            );
        };
        if (v.width, v.height) != (placed.width, placed.height) {
            return fail(
                Rule::RoomsIntact,
                format!(
                    "{what} is {} x {}, its transformed map {} x {}",
                    placed.width, placed.height, v.width, v.height
                ),
            );
        }
        let at = |p: Pos| Pos::new(placed.x + p.x, placed.y + p.y);
        if let Some(&(p, want)) = v
            .fixed
            .iter()
            .find(|&&(p, want)| layout.cells.get(at(p)) != want)
        {
            return fail(
                Rule::RoomsIntact,
                format!(
                    "{what}: cell {} is {}, its map says {want}",
                    at(p),
                    layout.cells.get(at(p))
                ),
            );
        }
        let doorways_match = v.doorways.len() == placed.doorways.len()
            && v.doorways
                .iter()
                .zip(&placed.doorways)
                .all(|(&(d, _), &p)| at(d) == p);
        let markers_match = v.markers.len() == placed.markers.len()
            && v.markers
                .iter()
                .zip(&placed.markers)
                .all(|((l, cells), (letter, listed))| {
                    letter.len() == 1
                        && letter.as_bytes()[0] == *l
                        && cells.len() == listed.len()
                        && cells.iter().zip(listed).all(|(&c, &p)| at(c) == p)
                });
        if !doorways_match || !markers_match {
            return fail(
                Rule::RoomsIntact,
                format!("{what}: its doorways or markers are not its map's"),
            );
        }
    }
    Ok(())
}

/// [`validate`] against checked settings, as the passes read them.
pub(crate) fn validate_tuned(layout: &StoreyLayout, tuning: &Tuning) -> Result<(), Violation> {
    check_shape(layout, tuning)?;
    // The grid fits a bitboard now: its walkable and its outside cells in one sweep.
    let (walkable, outside) = Bits::of2(&layout.cells, CellType::is_walkable, |t| {
        t == CellType::OutOfBounds
    });
    check_lists(layout)?;
    check_counts(layout, tuning)?;
    check_primary(layout)?;
    check_entries(layout)?;
    check_sealed(layout, &walkable, &outside)?;
    check_separation(layout, tuning)?;
    check_shafts(layout)?;
    check_beacon_shape(layout)?;
    // The cells walkable from the primary beacon, and its steps to each entry: the
    // entrance's reachability and the connected and enemy-path rules all read them.
    let mut to_entries = vec![0; layout.entry_cells.len()];
    let reached = layer_distances(
        &walkable,
        layout.primary_beacon,
        &layout.entry_cells,
        &mut to_entries,
    );
    check_entrance(layout, tuning, &outside, &reached)?;
    check_connected(layout, &walkable, &reached)?;
    check_paths(layout, &to_entries)?;
    check_upper_floor(layout, tuning)
}

fn check_shape(l: &StoreyLayout, t: &Tuning) -> Result<(), Violation> {
    let (min_w, max_w, min_h, max_h) = (t.min_width, t.max_width, t.min_height, t.max_height);
    // The bitboards hold at most 32 x 32, whatever the settings say.
    let fits = l.width <= crate::bits::MAX_SIDE && l.height <= crate::bits::MAX_SIDE;
    if !(min_w..=max_w).contains(&l.width) || !(min_h..=max_h).contains(&l.height) || !fits {
        return fail(
            Rule::Shape,
            format!(
                "size {} x {} is outside {min_w}..={max_w} x {min_h}..={max_h}",
                l.width, l.height
            ),
        );
    }
    if l.cells.width() != l.width || l.cells.height() != l.height {
        return fail(
            Rule::Shape,
            format!(
                "cells is {} x {} but width x height is {} x {}",
                l.cells.width(),
                l.cells.height(),
                l.width,
                l.height
            ),
        );
    }
    Ok(())
}

fn check_lists(l: &StoreyLayout) -> Result<(), Violation> {
    let lists: [(CellType, &[Pos]); 4] = [
        (CellType::Entry, &l.entry_cells),
        (CellType::Beacon, &l.beacon_cells),
        (CellType::Shaft, &l.shaft_cells),
        (CellType::Staircase, std::slice::from_ref(&l.staircase_cell)),
    ];
    // One sweep of the grid collects the cells of all four types.
    // Kept for the instructions it saves per storey (callgrind; docs/performance.md).
    let mut found: [Vec<Pos>; 4] = Default::default();
    for (i, &t) in l.cells.cells().iter().enumerate() {
        let slot = match t {
            CellType::Entry => 0,
            CellType::Beacon => 1,
            CellType::Shaft => 2,
            CellType::Staircase => 3,
            _ => continue,
        };
        debug_assert_eq!(lists[slot].0, t);
        found[slot].push(l.cells.pos(i));
    }
    for ((t, list), mut in_grid) in lists.into_iter().zip(found) {
        let mut listed = list.to_vec();
        in_grid.sort_unstable();
        listed.sort_unstable();
        if in_grid != listed {
            return fail(
                Rule::ListsMatchGrid,
                format!("{t} cells in the grid {in_grid:?} differ from the list {listed:?}"),
            );
        }
    }
    Ok(())
}

fn check_counts(l: &StoreyLayout, t: &Tuning) -> Result<(), Violation> {
    let counts = [
        (
            "entry_cells",
            l.entry_cells.len(),
            t.entry_count(l.storey_depth),
        ),
        (
            "beacon_cells",
            l.beacon_cells.len(),
            t.beacon_count(l.storey_depth),
        ),
        ("shaft_cells", l.shaft_cells.len(), SHAFT_COUNT),
    ];
    for (name, got, want) in counts {
        if got != want {
            return fail(
                Rule::Counts,
                format!(
                    "{name} has {got} cells, depth {} needs {want}",
                    l.storey_depth
                ),
            );
        }
    }
    Ok(())
}

fn check_primary(l: &StoreyLayout) -> Result<(), Violation> {
    if l.beacon_cells.first() != Some(&l.primary_beacon) {
        return fail(
            Rule::PrimaryBeacon,
            format!("primary_beacon {} is not beacon_cells[0]", l.primary_beacon),
        );
    }
    Ok(())
}

fn check_entries(l: &StoreyLayout) -> Result<(), Violation> {
    for &e in &l.entry_cells {
        let around = e.neighbours4();
        let opening = around
            .iter()
            .any(|&n| l.cells.get(n) == CellType::OutOfBounds);
        let inside = around.iter().any(|&n| l.cells.is_walkable(n));
        if !opening || !inside {
            return fail(
                Rule::EntryOpening,
                format!(
                    "entry {e} is not an opening in the outer wall (outside: {opening}, floor inside: {inside})"
                ),
            );
        }
    }
    Ok(())
}

/// `walkable` and `outside` are the grid's cells of those kinds; the entries are the
/// grid's ENTRY cells (the lists match the grid by now). ENTRANCE cells are openings
/// too: the entrance rules check where they are.
fn check_sealed(l: &StoreyLayout, walkable: &Bits, outside: &Bits) -> Result<(), Violation> {
    let mut floor = *walkable;
    for &e in &l.entry_cells {
        floor = floor.minus(&Bits::single(e));
    }
    for door in l.cells.positions_of(CellType::Entrance) {
        floor = floor.minus(&Bits::single(door));
    }
    let edge = Bits::edge_ring(l.cells.width(), l.cells.height());
    // The first culprit in storage order, and its first side (N, E, S, W) outside.
    let Some(p) = (floor & (outside.spread4() | edge)).first() else {
        return Ok(());
    };
    let n = p
        .neighbours4()
        .into_iter()
        .find(|&n| l.cells.get(n) == CellType::OutOfBounds)
        .unwrap_or(p);
    fail(
        Rule::SealedOutline,
        format!("{} cell {p} touches the outside at {n}", l.cells.get(p)),
    )
}

fn check_separation(l: &StoreyLayout, t: &Tuning) -> Result<(), Violation> {
    let pairs = |a: &[Pos], b: &[Pos], min: u32, what: &str, same: bool| -> Result<(), Violation> {
        for (i, &p) in a.iter().enumerate() {
            for &q in if same { &b[i + 1..] } else { b } {
                if p.manhattan(q) < min {
                    return fail(
                        Rule::Separation,
                        format!(
                            "{what} {p} and {q} are {} apart, minimum {min}",
                            p.manhattan(q)
                        ),
                    );
                }
            }
        }
        Ok(())
    };
    let stair = std::slice::from_ref(&l.staircase_cell);
    pairs(
        &l.entry_cells,
        &l.entry_cells,
        t.min_entry_separation,
        "entries",
        true,
    )?;
    pairs(
        &l.entry_cells,
        &l.beacon_cells,
        t.min_entry_beacon_dist,
        "entry and beacon",
        false,
    )?;
    pairs(
        &l.entry_cells,
        stair,
        t.min_entry_stair_dist,
        "entry and staircase",
        false,
    )?;
    pairs(
        &l.beacon_cells,
        &l.beacon_cells,
        t.min_beacon_separation,
        "beacons",
        true,
    )?;
    pairs(
        &l.shaft_cells,
        &l.shaft_cells,
        t.min_shaft_separation,
        "shafts",
        true,
    )
}

fn check_shafts(l: &StoreyLayout) -> Result<(), Violation> {
    for &s in &l.shaft_cells {
        if !s
            .neighbours4()
            .iter()
            .any(|&n| l.cells.get(n) == CellType::Wall)
        {
            return fail(Rule::ShaftOnWall, format!("shaft {s} touches no wall"));
        }
    }
    Ok(())
}

/// A dead end (one walkable neighbour) or a corner (non-walkable on a vertical side and
/// on a horizontal side). Every dead end is also a corner.
pub fn is_dead_end_or_corner(layout: &StoreyLayout, p: Pos) -> bool {
    let blocked = |q: Pos| !layout.cells.is_walkable(q);
    let [north, east, south, west] = p.neighbours4();
    (blocked(north) || blocked(south)) && (blocked(east) || blocked(west))
}

fn check_beacon_shape(l: &StoreyLayout) -> Result<(), Violation> {
    let b = l.primary_beacon;
    if is_dead_end_or_corner(l, b) {
        return Ok(());
    }
    let alternative = l
        .cells
        .iter()
        .find(|&(p, t)| t.is_walkable() && is_dead_end_or_corner(l, p));
    match alternative {
        Some((p, _)) => fail(
            Rule::BeaconDeadEndOrCorner,
            format!("primary beacon {b} is neither a dead end nor a corner, but {p} is"),
        ),
        None => Ok(()),
    }
}

/// The five ENTRANCE rules, in the order of [`Rule`]. `oob` is the grid's OUT_OF_BOUNDS
/// cells, `reached` the walkable cells the primary beacon reaches (a path runs from the
/// door to a cell exactly when both lie in the beacon's region, or the door's region
/// holds no beacon, which the rule then names).
fn check_entrance(
    l: &StoreyLayout,
    t: &Tuning,
    oob: &Bits,
    reached: &Bits,
) -> Result<(), Violation> {
    let doors: Vec<Pos> = l.cells.positions_of(CellType::Entrance).collect();
    if l.storey_type != StoreyType::GroundFloor {
        if let Some(&door) = doors.first() {
            return fail(
                Rule::EntranceOnlyOnGround,
                format!("{} has an ENTRANCE cell at {door}", l.storey_type),
            );
        }
        if let Some(cell) = l.entrance_cell {
            return fail(
                Rule::EntranceOnlyOnGround,
                format!("{} has entrance_cell {cell}", l.storey_type),
            );
        }
        return Ok(());
    }
    let door = match (doors.as_slice(), l.entrance_cell) {
        (&[door], Some(cell)) if door == cell => door,
        (_, cell) => {
            let named = cell.map_or_else(|| "none".to_owned(), |c| c.to_string());
            return fail(
                Rule::EntranceCount,
                format!(
                    "GROUND_FLOOR has {} ENTRANCE cells {doors:?}, entrance_cell is {named}; it needs exactly one",
                    doors.len()
                ),
            );
        }
    };
    let outside = doorway::outside_bits(oob, l.cells.width(), l.cells.height());
    let is_outside = |p: Pos| !l.cells.in_bounds(p) || outside.contains(p);
    if doorway::doorway_with(&l.cells, door, is_outside).is_none() {
        let floor: Vec<Pos> = door
            .neighbours4()
            .into_iter()
            .filter(|&n| l.cells.is_walkable(n))
            .collect();
        return fail(
            Rule::EntranceOpening,
            format!(
                "entrance {door} is no doorway: walkable neighbours {floor:?}, needs one EMPTY cell with the outside straight across"
            ),
        );
    }
    for (what, cells, min) in [
        ("entry", &l.entry_cells, t.min_entrance_entry_dist),
        ("beacon", &l.beacon_cells, t.min_entrance_beacon_dist),
    ] {
        if let Some(&p) = cells.iter().find(|&&p| door.manhattan(p) < min) {
            return fail(
                Rule::EntranceDistance,
                format!(
                    "entrance {door} and {what} {p} are {} apart, minimum {min}",
                    door.manhattan(p)
                ),
            );
        }
    }
    let targets: Vec<Pos> = l
        .beacon_cells
        .iter()
        .chain(std::iter::once(&l.staircase_cell))
        .chain(&l.shaft_cells)
        .copied()
        .collect();
    let cut_off = |p: Pos| !(reached.contains(door) && reached.contains(p));
    if let Some(&p) = targets.iter().find(|&&p| cut_off(p)) {
        return fail(
            Rule::EntranceReachable,
            format!(
                "{} {p} cannot be reached from the entrance {door}",
                l.cells.get(p)
            ),
        );
    }
    Ok(())
}

/// `reached` is the walkable cells the primary beacon reaches.
fn check_connected(l: &StoreyLayout, walkable: &Bits, reached: &Bits) -> Result<(), Violation> {
    // Everything walkable reached from the beacon means exactly one region.
    let zones = if !reached.is_empty() && *reached == *walkable {
        1
    } else {
        count_open_zones(&l.cells)
    };
    if zones != 1 || l.open_zone_count != 1 {
        return fail(
            Rule::Connected,
            format!(
                "{zones} walkable regions (open_zone_count says {})",
                l.open_zone_count
            ),
        );
    }
    Ok(())
}

fn check_paths(l: &StoreyLayout, to_entries: &[u32]) -> Result<(), Violation> {
    if l.enemy_paths.len() != l.entry_cells.len() {
        return fail(
            Rule::EnemyPaths,
            format!(
                "{} enemy paths for {} entries",
                l.enemy_paths.len(),
                l.entry_cells.len()
            ),
        );
    }
    if l.enemy_paths.first().map_or(&[][..], Vec::as_slice) != l.enemy_path.as_slice() {
        return fail(Rule::EnemyPaths, "enemy_path is not enemy_paths[0]");
    }
    for ((&entry, path), &shortest) in l.entry_cells.iter().zip(&l.enemy_paths).zip(to_entries) {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return fail(Rule::EnemyPaths, format!("no path from entry {entry}"));
        };
        if first != entry || last != l.primary_beacon {
            return fail(
                Rule::EnemyPaths,
                format!("path for entry {entry} runs {first} -> {last}, not to the primary beacon"),
            );
        }
        if let Some(&[from, to]) = path
            .windows(2)
            .find(|w| w[0].manhattan(w[1]) != 1 || !l.cells.is_walkable(w[1]))
        {
            return fail(
                Rule::EnemyPaths,
                format!("path for entry {entry} steps {from} -> {to}"),
            );
        }
        if path.len() as u64 != u64::from(shortest) + 1 {
            return fail(
                Rule::EnemyPaths,
                format!(
                    "path for entry {entry} has {} steps, shortest is {shortest}",
                    path.len() - 1
                ),
            );
        }
    }
    Ok(())
}

fn check_upper_floor(l: &StoreyLayout, t: &Tuning) -> Result<(), Violation> {
    if t.upper_floor_filled
        && l.storey_type == StoreyType::UpperFloor
        && let Some(p) = l.cells.positions_of(CellType::OutOfBounds).next()
    {
        return fail(
            Rule::UpperFloorFilled,
            format!("UPPER_FLOOR has an OUT_OF_BOUNDS cell at {p}"),
        );
    }
    Ok(())
}
