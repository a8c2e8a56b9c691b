//! `StoreyValidator`: read-only checks of every rule a finished layout must satisfy.
//! The generator retries when [`validate`] fails (the first broken rule is all it needs);
//! tools and the Godot layer report it, and an editor shows every broken rule with its
//! cells ([`validate_all`]).
//!
//! The checks live in `rules.rs` (the layout's rules, in the order of [`Rule`]) and
//! `rooms_intact.rs` (the authored rooms' rule); each reports what it finds to a
//! `Findings`, which either stops at the first violation or collects them all.

mod rooms_intact;
mod rules;

use crate::geometry::Pos;
use crate::layout::StoreyLayout;
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

/// A broken rule, what exactly broke it, and the cells involved: a storey's [`Rule`]
/// (the default) or a surface's ([`crate::surface::SurfaceViolation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation<R = Rule> {
    /// The rule.
    pub rule: R,
    /// What broke it, naming the cells and values involved. From [`validate_all`], the
    /// first instance found, with `(and N more)` when the rule broke in more places.
    pub detail: String,
    /// The cells involved, each once, in the order found (the rule's documentation in
    /// docs/api.md says which they are); empty for a rule about the whole layout (its
    /// size, a count of zones that no cell shows), and from the surface's validator,
    /// which names its cells in `detail` only.
    pub cells: Vec<Pos>,
}

impl<R: NamedRule> fmt::Display for Violation<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule.rule_name(), self.detail)
    }
}

impl<R: NamedRule> std::error::Error for Violation<R> {}

/// The checks stopped early: the first violation is all that was asked for.
pub(crate) struct Stop;

/// What a check returns: `Err(Stop)` when it found a violation and only the first was
/// wanted, so that `?` ends the whole validation there.
pub(crate) type Checked = Result<(), Stop>;

/// What the checks found: the first violation (the generator's test of each attempt, which
/// stops there and costs no more than before) or every one ([`validate_all`]), one per
/// rule with the cells of each place it broke.
pub(crate) struct Findings {
    all: bool,
    found: Vec<Violation>,
    /// For each of `found`, the places beyond the first where its rule broke.
    more: Vec<usize>,
}

impl Findings {
    fn first() -> Findings {
        Findings {
            all: false,
            found: Vec::new(),
            more: Vec::new(),
        }
    }

    fn all() -> Findings {
        Findings {
            all: true,
            ..Findings::first()
        }
    }

    /// Reports one place where `rule` broke: `detail` says what (made only if it is the
    /// rule's first), `cells` which cells.
    pub(crate) fn report(
        &mut self,
        rule: Rule,
        detail: impl FnOnce() -> String,
        cells: &[Pos],
    ) -> Checked {
        let i = if let Some(i) = self.found.iter().position(|v| v.rule == rule) {
            self.more[i] += 1;
            i
        } else {
            self.found.push(Violation {
                rule,
                detail: detail(),
                cells: Vec::with_capacity(cells.len()),
            });
            self.more.push(0);
            self.found.len() - 1
        };
        let listed = &mut self.found[i].cells;
        for &c in cells {
            if !listed.contains(&c) {
                listed.push(c);
            }
        }
        if self.all { Ok(()) } else { Err(Stop) }
    }

    /// Whether `rule` has broken so far.
    pub(crate) fn broke(&self, rule: Rule) -> bool {
        self.found.iter().any(|v| v.rule == rule)
    }

    /// The violations in the order of [`Rule`], each detail saying how many more places
    /// broke its rule.
    fn into_violations(self) -> Vec<Violation> {
        let mut found: Vec<Violation> = self
            .found
            .into_iter()
            .zip(self.more)
            .map(|(mut v, more)| {
                if more > 0 {
                    v.detail = format!("{} (and {more} more)", v.detail);
                }
                v
            })
            .collect();
        found.sort_by_key(|v| v.rule as u8);
        found
    }

    fn into_first(self) -> Result<(), Violation> {
        self.found.into_iter().next().map_or(Ok(()), Err)
    }
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

/// Every rule [`validate_with`] checks, with every place each one breaks: one
/// [`Violation`] per broken rule, in the order of [`Rule`], its cells those of every
/// place (docs/api.md says which cells each rule names); empty when the layout keeps
/// every rule, exactly when [`validate_with`] returns `Ok`. For a storey edited by hand,
/// whose cells no longer match what the generator made: each rule is checked on its own,
/// so one broken rule does not hide another (only a wrong [`Rule::Shape`] stops the
/// rest, which read the grid at its stated size).
///
/// ```
/// use outpost_core::validator::{Rule, validate_all};
/// use outpost_core::{CellType, GenerationSettings, StoreyRequest, StoreyType, generate};
///
/// let settings = GenerationSettings::default();
/// let mut layout = generate(&StoreyRequest::new(5, 4, 3, StoreyType::UpperFloor))?;
/// assert!(validate_all(&layout, &settings).is_empty());
///
/// // Wall over the first shaft: its list no longer matches the grid, and it counts one.
/// let shaft = layout.shaft_cells[0];
/// layout.cells.set(shaft, CellType::Wall);
/// let broken: Vec<Rule> = validate_all(&layout, &settings).iter().map(|v| v.rule).collect();
/// assert_eq!(broken, [Rule::ListsMatchGrid]);
/// # Ok::<(), outpost_core::GenerateError>(())
/// ```
#[must_use]
pub fn validate_all(layout: &StoreyLayout, settings: &GenerationSettings) -> Vec<Violation> {
    let mut findings = Findings::all();
    let _ = rules::check(layout, &Tuning::saturating(settings), &mut findings);
    findings.into_violations()
}

/// [`validate_all`], with the [`Rule::RoomsIntact`] rule against `rooms` (every placed
/// room that is not its map any more, and every cell of it that differs).
#[must_use]
pub fn validate_all_with_rooms(
    layout: &StoreyLayout,
    settings: &GenerationSettings,
    rooms: &RoomSet,
) -> Vec<Violation> {
    let mut findings = Findings::all();
    if rules::check(layout, &Tuning::saturating(settings), &mut findings).is_ok()
        && !findings.broke(Rule::Shape)
    {
        let _ = rooms_intact::check(layout, rooms, &mut findings);
    }
    findings.into_violations()
}

/// The [`Rule::RoomsIntact`] rule alone.
pub(crate) fn check_rooms_intact(layout: &StoreyLayout, rooms: &RoomSet) -> Result<(), Violation> {
    let mut findings = Findings::first();
    let _ = rooms_intact::check(layout, rooms, &mut findings);
    findings.into_first()
}

/// [`validate`] against checked settings, as the passes read them.
pub(crate) fn validate_tuned(layout: &StoreyLayout, tuning: &Tuning) -> Result<(), Violation> {
    let mut findings = Findings::first();
    let _ = rules::check(layout, tuning, &mut findings);
    findings.into_first()
}

pub use rules::is_dead_end_or_corner;
