//! The surface's rules: read-only checks of a finished [`SurfaceLayout`], one
//! [`SurfaceRule`] each, in the order of [`SurfaceRule`]. [`validate_surface`] checks a
//! surface alone; [`validate_around`] also checks it against the ground floor it was made
//! around (`matches_ground`). The generator returns only surfaces that pass the latter.

use super::grid::{column_masks, reach_columns};
use super::{SurfaceLayout, SurfaceSettings, Terrain};
use crate::doorway::outside_cells;
use crate::geometry::{Pos, Rect};
use crate::layout::StoreyLayout;
use crate::validator::{NamedRule, Violation};

/// A rule of the surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SurfaceRule {
    /// `cells` is `width` x `height`, the settings' chunk size.
    Shape,
    /// The footprint's rectangle lies `footprint_margin` or more inside every edge of the
    /// chunk, holds every FOOTPRINT cell and at least one.
    Footprint,
    /// Exactly one DOOR cell, `door_cell`, outside the footprint and beside
    /// `entrance_cell`, a FOOTPRINT cell.
    Door,
    /// The footprint is the ground floor's (every cell but its outside OUT_OF_BOUNDS
    /// cells), its ENTRANCE is `entrance_cell` and the cell outside the ENTRANCE is
    /// `door_cell`, all at the footprint's offset; the levels agree. Checked only against
    /// a ground floor.
    MatchesGround,
    /// Every cell within `walkway` of the footprint's rectangle (but the footprint) and
    /// within `door_clearing` of the door (but the door) is open GROUND.
    Walkway,
    /// The level's number of salvage nodes, each with an amount its kind can have.
    SalvageCount,
    /// Every salvage node lies on a GROUND or RUBBLE cell of the chunk, outside the
    /// footprint and its walkway, each on a cell of its own.
    SalvagePlacement,
    /// Salvage nodes are `min_salvage_separation` apart and `min_salvage_door_dist` from
    /// the door (Manhattan).
    SalvageSeparation,
    /// Every salvage node can be walked to from the door.
    SalvageReachable,
    /// Every walkable cell can be walked to from the door: one region.
    Connected,
}

impl SurfaceRule {
    /// Every rule, in the order they are checked.
    pub const ALL: [SurfaceRule; 10] = [
        SurfaceRule::Shape,
        SurfaceRule::Footprint,
        SurfaceRule::Door,
        SurfaceRule::MatchesGround,
        SurfaceRule::Walkway,
        SurfaceRule::SalvageCount,
        SurfaceRule::SalvagePlacement,
        SurfaceRule::SalvageSeparation,
        SurfaceRule::SalvageReachable,
        SurfaceRule::Connected,
    ];

    /// Stable snake-case name, used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            SurfaceRule::Shape => "shape",
            SurfaceRule::Footprint => "footprint",
            SurfaceRule::Door => "door",
            SurfaceRule::MatchesGround => "matches_ground",
            SurfaceRule::Walkway => "walkway",
            SurfaceRule::SalvageCount => "salvage_count",
            SurfaceRule::SalvagePlacement => "salvage_placement",
            SurfaceRule::SalvageSeparation => "salvage_separation",
            SurfaceRule::SalvageReachable => "salvage_reachable",
            SurfaceRule::Connected => "connected",
        }
    }
}

impl NamedRule for SurfaceRule {
    fn rule_name(self) -> &'static str {
        self.name()
    }
}

/// A broken surface rule and what broke it: the storey's [`Violation`] of a
/// [`SurfaceRule`].
pub type SurfaceViolation = Violation<SurfaceRule>;

fn fail<T>(rule: SurfaceRule, detail: impl Into<String>) -> Result<T, SurfaceViolation> {
    Err(SurfaceViolation {
        rule,
        detail: detail.into(),
        cells: Vec::new(),
    })
}

/// Checks every rule but `matches_ground`, in order, against `settings`.
///
/// # Errors
///
/// The first [`SurfaceViolation`].
pub fn validate_surface(
    s: &SurfaceLayout,
    settings: &SurfaceSettings,
) -> Result<(), SurfaceViolation> {
    check(s, None, settings)
}

/// Checks every rule, in order, against `settings` and the ground floor `ground` the
/// surface stands around.
///
/// # Errors
///
/// The first [`SurfaceViolation`].
pub fn validate_around(
    s: &SurfaceLayout,
    ground: &StoreyLayout,
    settings: &SurfaceSettings,
) -> Result<(), SurfaceViolation> {
    check(s, Some(ground), settings)
}

fn check(
    s: &SurfaceLayout,
    ground: Option<&StoreyLayout>,
    t: &SurfaceSettings,
) -> Result<(), SurfaceViolation> {
    check_shape(s, t)?;
    check_footprint(s, t)?;
    check_door(s)?;
    if let Some(ground) = ground {
        check_ground(s, ground)?;
    }
    check_walkway(s, t)?;
    check_salvage_count(s, t)?;
    check_salvage_placement(s, t)?;
    check_salvage_separation(s, t)?;
    let reached = reach_columns(&s.cells, s.door_cell);
    let is_reached = |p: Pos| s.cells.in_bounds(p) && reached[p.x as usize] >> p.y & 1 == 1;
    if let Some(node) = s.salvage_nodes.iter().find(|n| !is_reached(n.cell)) {
        return fail(
            SurfaceRule::SalvageReachable,
            format!(
                "salvage at {} cannot be reached from the door {}",
                node.cell, s.door_cell
            ),
        );
    }
    let open = column_masks(&s.cells, Terrain::is_walkable);
    if let Some((x, cut_off)) = open
        .iter()
        .zip(&reached)
        .map(|(&o, &r)| o & !r)
        .enumerate()
        .find(|&(_, c)| c != 0)
    {
        let p = Pos::new(x as i32, cut_off.trailing_zeros() as i32);
        return fail(
            SurfaceRule::Connected,
            format!(
                "{} cell {p} cannot be reached from the door {}",
                s.cells.get(p).map_or("?", Terrain::name),
                s.door_cell
            ),
        );
    }
    Ok(())
}

fn check_shape(s: &SurfaceLayout, t: &SurfaceSettings) -> Result<(), SurfaceViolation> {
    let (w, h) = (s.cells.width(), s.cells.height());
    if (w, h) != (s.width, s.height)
        || (i64::from(w), i64::from(h)) != (t.chunk_width, t.chunk_height)
    {
        return fail(
            SurfaceRule::Shape,
            format!(
                "cells is {w} x {h}, width x height {} x {}, the settings' chunk {} x {}",
                s.width, s.height, t.chunk_width, t.chunk_height
            ),
        );
    }
    Ok(())
}

fn check_footprint(s: &SurfaceLayout, t: &SurfaceSettings) -> Result<(), SurfaceViolation> {
    let f = s.footprint;
    let m = t.footprint_margin as i32;
    let inside = f.x >= m && f.y >= m && f.right() <= s.width - m && f.bottom() <= s.height - m;
    if !inside || f.width <= 0 || f.height <= 0 {
        return fail(
            SurfaceRule::Footprint,
            format!(
                "footprint {f:?} is not {m} or more inside the {} x {} chunk",
                s.width, s.height
            ),
        );
    }
    let mut any = false;
    for (p, c) in &s.cells {
        if c == Terrain::Footprint {
            if !f.contains(p) {
                return fail(
                    SurfaceRule::Footprint,
                    format!("FOOTPRINT cell {p} lies outside the footprint {f:?}"),
                );
            }
            any = true;
        }
    }
    if !any {
        return fail(SurfaceRule::Footprint, "no FOOTPRINT cell");
    }
    Ok(())
}

fn check_door(s: &SurfaceLayout) -> Result<(), SurfaceViolation> {
    let doors: Vec<Pos> = s.cells.positions_of(Terrain::Door).collect();
    if doors != [s.door_cell] {
        return fail(
            SurfaceRule::Door,
            format!("DOOR cells {doors:?}, door_cell {}", s.door_cell),
        );
    }
    if s.cells.get(s.entrance_cell) != Some(Terrain::Footprint)
        || s.door_cell.manhattan(s.entrance_cell) != 1
    {
        return fail(
            SurfaceRule::Door,
            format!(
                "door {} is not beside the entrance {} on the footprint (a {:?} cell)",
                s.door_cell,
                s.entrance_cell,
                s.cells.get(s.entrance_cell)
            ),
        );
    }
    Ok(())
}

fn check_ground(s: &SurfaceLayout, ground: &StoreyLayout) -> Result<(), SurfaceViolation> {
    let g = ground;
    let f = s.footprint;
    let (gw, gh) = (g.cells.width(), g.cells.height());
    if (f.width, f.height) != (gw, gh) || s.outpost_level != g.outpost_level {
        return fail(
            SurfaceRule::MatchesGround,
            format!(
                "footprint {} x {} at level {}, the ground floor {gw} x {gh} at level {}",
                f.width, f.height, s.outpost_level, g.outpost_level
            ),
        );
    }
    let outside = outside_cells(&g.cells);
    for (i, &out) in outside.iter().enumerate() {
        let cell = g.cells.pos(i);
        let at = Pos::new(f.x + cell.x, f.y + cell.y);
        if (s.cells.get(at) == Some(Terrain::Footprint)) == out {
            return fail(
                SurfaceRule::MatchesGround,
                format!(
                    "chunk cell {at} is {:?}, the ground floor's {cell} is {}",
                    s.cells.get(at),
                    g.cells.get(cell)
                ),
            );
        }
    }
    let shift = |q: Pos| Pos::new(f.x + q.x, f.y + q.y);
    let want = (g.entrance_cell.map(shift), g.entrance_outside().map(shift));
    if want != (Some(s.entrance_cell), Some(s.door_cell)) {
        return fail(
            SurfaceRule::MatchesGround,
            format!(
                "entrance {} and door {}, the ground floor's at this offset {want:?}",
                s.entrance_cell, s.door_cell
            ),
        );
    }
    Ok(())
}

/// Whether `p` lies within `walkway` of the footprint's rectangle (Chebyshev).
fn near_footprint(f: Rect, walkway: i32, p: Pos) -> bool {
    Rect::new(
        f.x - walkway,
        f.y - walkway,
        f.width + 2 * walkway,
        f.height + 2 * walkway,
    )
    .contains(p)
}

fn check_walkway(s: &SurfaceLayout, t: &SurfaceSettings) -> Result<(), SurfaceViolation> {
    let (walkway, clearing) = (t.walkway as i32, t.door_clearing as i32);
    let f = s.footprint;
    let ring = Rect::new(
        f.x - walkway,
        f.y - walkway,
        f.width + 2 * walkway,
        f.height + 2 * walkway,
    );
    let ring_cells =
        (ring.x..ring.right()).flat_map(|x| (ring.y..ring.bottom()).map(move |y| Pos::new(x, y)));
    let door = s.door_cell;
    let clearing_cells = (-clearing..=clearing).flat_map(|dx| {
        let reach = clearing - dx.abs();
        (-reach..=reach).map(move |dy| Pos::new(door.x + dx, door.y + dy))
    });
    for p in ring_cells.chain(clearing_cells) {
        if let Some(c @ (Terrain::Rock | Terrain::Rubble)) = s.cells.get(p) {
            return fail(
                SurfaceRule::Walkway,
                format!("{c} at {p}, on the walkway or the door's clearing"),
            );
        }
    }
    Ok(())
}

fn check_salvage_count(s: &SurfaceLayout, t: &SurfaceSettings) -> Result<(), SurfaceViolation> {
    let want = t.salvage_count(s.outpost_level);
    if s.salvage_nodes.len() as i64 != want {
        return fail(
            SurfaceRule::SalvageCount,
            format!(
                "{} salvage nodes, level {} needs {want}",
                s.salvage_nodes.len(),
                s.outpost_level
            ),
        );
    }
    for n in &s.salvage_nodes {
        let k = i64::from(n.kind.multiplier());
        let range = t.salvage_amount_min * k..=t.salvage_amount_max * k;
        if !range.contains(&i64::from(n.amount)) || i64::from(n.amount) % k != 0 {
            return fail(
                SurfaceRule::SalvageCount,
                format!(
                    "{} at {} has amount {}, not a multiple of {k} in {range:?}",
                    n.kind, n.cell, n.amount
                ),
            );
        }
    }
    Ok(())
}

fn check_salvage_placement(s: &SurfaceLayout, t: &SurfaceSettings) -> Result<(), SurfaceViolation> {
    for (i, n) in s.salvage_nodes.iter().enumerate() {
        let open = matches!(s.cells.get(n.cell), Some(Terrain::Ground | Terrain::Rubble));
        if !open || near_footprint(s.footprint, t.walkway as i32, n.cell) {
            return fail(
                SurfaceRule::SalvagePlacement,
                format!(
                    "salvage at {} lies on {:?}, or on the footprint or its walkway",
                    n.cell,
                    s.cells.get(n.cell)
                ),
            );
        }
        if s.salvage_nodes[..i].iter().any(|m| m.cell == n.cell) {
            return fail(
                SurfaceRule::SalvagePlacement,
                format!("two salvage nodes on {}", n.cell),
            );
        }
    }
    Ok(())
}

fn check_salvage_separation(
    s: &SurfaceLayout,
    t: &SurfaceSettings,
) -> Result<(), SurfaceViolation> {
    let (apart, from_door) = (t.min_salvage_separation, t.min_salvage_door_dist);
    for (i, n) in s.salvage_nodes.iter().enumerate() {
        let d = i64::from(n.cell.manhattan(s.door_cell));
        if d < from_door {
            return fail(
                SurfaceRule::SalvageSeparation,
                format!(
                    "salvage at {} is {d} from the door, minimum {from_door}",
                    n.cell
                ),
            );
        }
        if let Some(m) = s.salvage_nodes[..i]
            .iter()
            .find(|m| i64::from(m.cell.manhattan(n.cell)) < apart)
        {
            return fail(
                SurfaceRule::SalvageSeparation,
                format!(
                    "salvage at {} and {} are {} apart, minimum {apart}",
                    m.cell,
                    n.cell,
                    m.cell.manhattan(n.cell)
                ),
            );
        }
    }
    Ok(())
}
