//! The checks `outpost rooms check` runs, and every loader of a room set: what makes a
//! template or a set unusable (errors) and what will not do what its author expects
//! (warnings). They read the reference's settings ([`Tuning::DEFAULT`]): the beacon
//! counts by depth, the separations and the grid sizes.

use super::diagnostic::Diagnostic;
use super::map::{Glyph, Transform, Variant};
use super::template::{Band, RoomTemplate};
use crate::cell::StoreyType;
use crate::geometry::Pos;
use crate::params::{
    CONSOLE_MARKER, CONTROL_ROOM, DEEPEST_UNDERGROUND, DEEPEST_UPPER_FLOOR, SHAFT_COUNT,
};
use crate::settings::Tuning;

/// The depths at which buildings make storeys of `t`: the GROUND_FLOOR is depth 1, the
/// UPPER_FLOORs 2 to 64, the UNDERGROUND 2 to 65.
pub const fn building_depths(t: StoreyType) -> (u32, u32) {
    match t {
        StoreyType::GroundFloor => (1, 1),
        StoreyType::UpperFloor => (2, DEEPEST_UPPER_FLOOR),
        StoreyType::Underground => (2, DEEPEST_UNDERGROUND),
    }
}

/// The transforms a template may be placed with.
pub(crate) fn transforms(t: &RoomTemplate) -> &'static [Transform] {
    if t.rotate {
        &Transform::ALL
    } else {
        &Transform::ALL[..1]
    }
}

/// Everything wrong with one template on its own, appended to `out`.
pub(crate) fn check_template(t: &RoomTemplate, tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    let first_error = out.len();
    check_ring_and_doorways(t, out);
    if out[first_error..].iter().all(|d| !d.is_error()) {
        // Reachability needs doorways that are where they should be.
        check_reach(t, out);
    }
    check_beacons(t, tuning, out);
    check_shafts(t, out);
    check_required(t, tuning, out);
    check_forced_staircase(t, tuning, out);
    check_control_room(t, out);
    check_bands(t, tuning, out);
}

/// The [`CONTROL_ROOM`] is the game's: on UNDERGROUND storeys only, exactly one per
/// storey (`count: 1-1`), with exactly one console marker `c`.
fn check_control_room(t: &RoomTemplate, out: &mut Vec<Diagnostic>) {
    if t.name != CONTROL_ROOM {
        return;
    }
    if t.storeys != [StoreyType::Underground] || (t.count_min, t.count_max) != (1, 1) {
        out.push(Diagnostic::error(
            &t.file,
            Some(t.lines.of("count")),
            format!(
                "the {CONTROL_ROOM} holds the game's RECLAIM console: it must be on UNDERGROUND \
                 storeys only with count 1-1, not on {} with count {}-{}",
                names(&t.storeys),
                t.count_min,
                t.count_max
            ),
        ));
    }
    let consoles = cells_of(t, Glyph::Marker(CONSOLE_MARKER as u8));
    if consoles.len() != 1 {
        let message = format!(
            "the {CONTROL_ROOM} has {} `{CONSOLE_MARKER}` marker(s): the console stands on exactly one",
            consoles.len()
        );
        // On the second console when there are too many; about the whole map when none.
        out.push(match consoles.get(1) {
            Some(&p) => error_at(t, p, message),
            None => Diagnostic::error(&t.file, Some(t.lines.map), message),
        });
    }
}

fn error_at(t: &RoomTemplate, p: Pos, message: String) -> Diagnostic {
    Diagnostic::error(&t.file, Some(t.lines.row(p.y)), message).at_cell(p.x, p.y)
}

fn check_ring_and_doorways(t: &RoomTemplate, out: &mut Vec<Diagnostic>) {
    let map = &t.map;
    let mut doorways = 0;
    for (p, g) in map.cells() {
        let on_ring = map.on_ring(p);
        match g {
            Glyph::Doorway if !on_ring => out.push(error_at(
                t,
                p,
                format!("the doorway + at {p} is not on the outer ring: doorways are in the room's wall"),
            )),
            Glyph::Doorway if map.is_corner(p) => out.push(error_at(
                t,
                p,
                format!("the doorway + at {p} is on a corner: a doorway needs one side facing out"),
            )),
            Glyph::Doorway => {
                doorways += 1;
                let d = map.outward(p);
                let inside = Pos::new(p.x - d.x, p.y - d.y);
                match map.get(inside) {
                    Some(Glyph::Open) => out.push(error_at(
                        t,
                        p,
                        format!("the ? at {inside} is straight inside the doorway at {p}: a doorway opens onto a cell the room fixes"),
                    )),
                    Some(Glyph::Wall) => out.push(error_at(
                        t,
                        p,
                        format!("the doorway at {p} opens onto the wall at {inside}"),
                    )),
                    _ => {}
                }
            }
            Glyph::Wall => {}
            _ if on_ring => out.push(error_at(
                t,
                p,
                format!(
                    "{:?} at {p} is on the outer ring, which holds only # and + (the room's own wall, never shared)",
                    g.to_char()
                ),
            )),
            _ => {}
        }
    }
    if doorways == 0 && !out.iter().any(|d| d.file == t.file && d.is_error()) {
        out.push(Diagnostic::error(
            &t.file,
            Some(t.lines.map),
            "no doorway: put a + in the outer ring, off the corners, where the room opens onto the storey",
        ));
    }
}

/// Walkable cells no doorway reaches with every `?` read as WALL, and `?` cells with no
/// 4-neighbour reached so.
fn check_reach(t: &RoomTemplate, out: &mut Vec<Diagnostic>) {
    let map = &t.map;
    let (w, h) = (map.width(), map.height());
    let index = |p: Pos| (p.y * w + p.x) as usize;
    let mut reached = vec![false; (w * h) as usize];
    let mut stack: Vec<Pos> = map
        .cells()
        .filter(|&(_, g)| g == Glyph::Doorway)
        .map(|(p, _)| p)
        .collect();
    for &p in &stack {
        reached[index(p)] = true;
    }
    while let Some(p) = stack.pop() {
        for n in p.neighbours4() {
            if map.get(n).is_some_and(Glyph::is_walkable) && !reached[index(n)] {
                reached[index(n)] = true;
                stack.push(n);
            }
        }
    }
    let unreached: Vec<Pos> = map
        .cells()
        .filter(|&(p, g)| g.is_walkable() && !reached[index(p)])
        .map(|(p, _)| p)
        .collect();
    if let Some(&first) = unreached.first() {
        out.push(error_at(
            t,
            first,
            format!(
                "{} walkable cell(s) no doorway reaches with every ? read as WALL, the first at {first}",
                unreached.len()
            ),
        ));
    }
    let stranded: Vec<Pos> = map
        .cells()
        .filter(|&(p, g)| {
            g == Glyph::Open
                && !p
                    .neighbours4()
                    .into_iter()
                    .any(|n| map.get(n).is_some() && reached[index(n)])
        })
        .map(|(p, _)| p)
        .collect();
    if let Some(&first) = stranded.first() {
        out.push(error_at(
            t,
            first,
            format!(
                "{} ? cell(s) with no 4-neighbour a doorway reaches, the first at {first}: \
                 where the BSP pass leaves floor there, it would be cut off",
                stranded.len()
            ),
        ));
    }
}

fn cells_of(t: &RoomTemplate, glyph: Glyph) -> Vec<Pos> {
    t.map
        .cells()
        .filter(|&(_, g)| g == glyph)
        .map(|(p, _)| p)
        .collect()
}

fn check_beacons(t: &RoomTemplate, tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    let beacons = cells_of(t, Glyph::Beacon);
    let Some(&first) = beacons.first() else {
        return;
    };
    if t.depth.contains(1) {
        out.push(error_at(
            t,
            first,
            format!(
                "a beacon B at {first} in a room of depth {}: a storey of depth 1 has one beacon, \
                 the primary, which the generator places (start the band at 2)",
                t.depth
            ),
        ));
        return;
    }
    let allowed = tuning.beacon_count(t.depth.min).saturating_sub(1);
    if beacons.len() > allowed {
        out.push(error_at(
            t,
            first,
            format!(
                "{} beacons (B) but a storey of depth {} holds {} and the primary is the generator's: at most {allowed}",
                beacons.len(),
                t.depth.min,
                allowed + 1
            ),
        ));
    }
    let min = tuning.min_beacon_separation;
    for (i, &a) in beacons.iter().enumerate() {
        if let Some(&b) = beacons[i + 1..].iter().find(|&&b| a.manhattan(b) < min) {
            out.push(error_at(
                t,
                b,
                format!(
                    "the beacons at {a} and {b} are {} apart; beacons keep at least {min}",
                    a.manhattan(b)
                ),
            ));
        }
    }
}

fn check_shafts(t: &RoomTemplate, out: &mut Vec<Diagnostic>) {
    let shafts = cells_of(t, Glyph::Shaft);
    if shafts.len() > SHAFT_COUNT {
        out.push(error_at(
            t,
            shafts[SHAFT_COUNT],
            format!(
                "{} shafts (O): a storey has exactly {SHAFT_COUNT}",
                shafts.len()
            ),
        ));
    }
    for &s in &shafts {
        let on_wall = s
            .neighbours4()
            .into_iter()
            .any(|n| t.map.get(n) == Some(Glyph::Wall));
        if !on_wall {
            out.push(error_at(
                t,
                s,
                format!("the shaft O at {s} has no # beside it: shafts stand against a wall"),
            ));
        }
    }
}

/// The smallest grid a storey of `storey_type` in the template's bands has.
fn smallest_grid(t: &RoomTemplate, storey_type: StoreyType, tuning: &Tuning) -> (i32, i32) {
    tuning.dimensions(storey_type, t.depth.min, t.level.min)
}

/// The largest grid a storey of `storey_type` in the template's bands has.
fn largest_grid(t: &RoomTemplate, storey_type: StoreyType, tuning: &Tuning) -> (i32, i32) {
    let level = t.level.end_or(t.level.min);
    tuning.dimensions(storey_type, t.depth.end_or(u32::MAX), level)
}

/// Whether some transform of the template fits a `width` x `height` grid with its
/// doorways' outside cells, all off the outer ring.
pub(crate) fn fits_grid(t: &RoomTemplate, (width, height): (i32, i32)) -> bool {
    transforms(t).iter().any(|&tr| {
        let (w, h) = Variant::new(&t.map, tr).reach();
        w <= width - 2 && h <= height - 2
    })
}

fn check_required(t: &RoomTemplate, tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    if !t.is_required() {
        return;
    }
    let count_line = Some(t.lines.of("count"));
    if t.unique_building {
        out.push(Diagnostic::error(
            &t.file,
            Some(t.lines.of("unique")),
            format!(
                "`unique: building` on a required room (count {}-{}): a building has many storeys that must each hold it",
                t.count_min, t.count_max
            ),
        ));
    }
    if t.chance < 100 {
        out.push(Diagnostic::error(
            &t.file,
            Some(t.lines.of("chance")),
            format!(
                "chance {} on a required room (count {}-{}): a required room is on every storey of its band",
                t.chance, t.count_min, t.count_max
            ),
        ));
    }
    for &storey_type in &t.storeys {
        let grid = smallest_grid(t, storey_type, tuning);
        if !fits_grid(t, grid) {
            out.push(Diagnostic::error(
                &t.file,
                count_line.or(Some(t.lines.map)),
                format!(
                    "a required room that cannot fit the smallest {storey_type} of its band \
                     (depth {}, level {}: {} x {}, whose inside off the outer ring is {} x {}, \
                     and every doorway needs its outside cell there too)",
                    t.depth.min,
                    t.level.min,
                    grid.0,
                    grid.1,
                    grid.0 - 2,
                    grid.1 - 2
                ),
            ));
        }
    }
}

/// A required room on UPPER_FLOOR or UNDERGROUND storeys must leave room for the
/// staircase every storey of a building shares (the ground floor's, forced onto the
/// others): on the smallest storey of each level of its band, for every cell a ground
/// floor's staircase can be on, some position of the room must keep off it. Otherwise
/// buildings would fail on it, whatever the seed.
fn check_forced_staircase(t: &RoomTemplate, tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    if !t.is_required() {
        return;
    }
    let variants: Vec<Variant> = transforms(t)
        .iter()
        .map(|&tr| Variant::new(&t.map, tr))
        .collect();
    for &storey_type in &t.storeys {
        let (first, last) = building_depths(storey_type);
        if storey_type == StoreyType::GroundFloor || t.depth.min > last {
            continue;
        }
        let depth = t.depth.min.max(first);
        if !t.depth.contains(depth) {
            continue;
        }
        for level in t.level.min..=t.level.end_or(t.level.min) {
            let (w, h) = tuning.dimensions(storey_type, depth, level);
            let (gw, gh) = tuning.dimensions(StoreyType::GroundFloor, 1, level);
            let blocking: Vec<Pos> = (1..gw.min(w) - 1)
                .flat_map(|x| (1..gh.min(h) - 1).map(move |y| Pos::new(x, y)))
                .filter(|&s| !variants.iter().any(|v| avoids(v, (w, h), s)))
                .collect();
            if let Some(&s) = blocking.first() {
                out.push(Diagnostic::error(
                    &t.file,
                    Some(t.lines.of("count")),
                    format!(
                        "a required room a building's staircase can leave no room for: on the \
                         smallest {storey_type} of its band at level {level} (depth {depth}: \
                         {w} x {h}), a staircase on any of {} cells, the first {s}, lies under \
                         every position of it (every storey of a building has its staircase \
                         on the ground floor's cell)",
                        blocking.len()
                    ),
                ));
                return;
            }
        }
    }
}

/// Whether some position of `v` in a `width` x `height` grid keeps its footprint off
/// `stair` (with its doorways' outside cells off the outer ring, as placement wants).
fn avoids(v: &Variant, (width, height): (i32, i32), stair: Pos) -> bool {
    let (left, top, right, bottom) = v.margins;
    let (x0, x1) = (1 + left, width - 1 - right - v.width);
    let (y0, y1) = (1 + top, height - 1 - bottom - v.height);
    if x0 > x1 || y0 > y1 {
        return false;
    }
    x1 > stair.x || x0 + v.width - 1 < stair.x || y1 > stair.y || y0 + v.height - 1 < stair.y
}

fn check_bands(t: &RoomTemplate, tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    let depth_line = Some(t.lines.of("depth"));
    if !t.is_required()
        && !t
            .storeys
            .iter()
            .any(|&s| fits_grid(t, largest_grid(t, s, tuning)))
    {
        out.push(Diagnostic::warning(
            &t.file,
            Some(t.lines.map),
            format!(
                "the room fits no grid of its band ({}; depth {}, level {}): it will never be placed",
                names(&t.storeys),
                t.depth,
                t.level
            ),
        ));
    }
    for &s in &t.storeys {
        let (first, last) = building_depths(s);
        let meets = t.depth.min <= last && t.depth.contains(t.depth.min.max(first));
        if !meets {
            out.push(Diagnostic::warning(
                &t.file,
                depth_line,
                format!(
                    "no building has a {s} at depth {}: a building's {s} is at depth {} \
                     (`outpost generate` and `sweep` still make it)",
                    t.depth,
                    Band::new(first, Some(last))
                ),
            ));
        } else if t.is_required() && s != StoreyType::GroundFloor {
            let end = t.depth.end_or(u32::MAX);
            if end < last {
                let lose = match s {
                    // Upper floors are at depths 2..=N in a building of N storeys.
                    StoreyType::UpperFloor => format!(
                        "buildings of {} to {} storeys have UPPER_FLOORs deeper than {end} without it",
                        end + 1,
                        DEEPEST_UPPER_FLOOR
                    ),
                    // The underground of a building of N storeys is at depth N + 1.
                    _ => format!(
                        "buildings of {} to {} storeys have their UNDERGROUND (depth {} to {}) without it",
                        end,
                        DEEPEST_UNDERGROUND - 1,
                        end + 1,
                        DEEPEST_UNDERGROUND
                    ),
                };
                out.push(Diagnostic::warning(
                    &t.file,
                    depth_line,
                    format!("a required room whose band ends at depth {end}: {lose}"),
                ));
            }
        }
    }
}

fn names(types: &[StoreyType]) -> String {
    types
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The checks of a whole set of valid templates (sorted by name): names given twice, and
/// required rooms that together hold more beacons or shafts than a storey they share
/// allows.
pub(crate) fn check_set(templates: &[&RoomTemplate], tuning: &Tuning, out: &mut Vec<Diagnostic>) {
    for pair in templates.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.name == b.name {
            out.push(Diagnostic::error(
                &b.file,
                Some(b.lines.of("name")),
                format!(
                    "the name {:?} is also the name of {} (line {}): names are unique in a set",
                    b.name,
                    a.file,
                    a.lines.of("name")
                ),
            ));
        }
    }
    let required: Vec<&RoomTemplate> = templates
        .iter()
        .copied()
        .filter(|t| t.is_required())
        .collect();
    if required.is_empty() {
        return;
    }
    // Every depth where a band starts or ends, and 1 to 66 (past the deepest storey a
    // building makes, and past the deepest row of the count tables).
    let mut depths: Vec<u32> = (1..=DEEPEST_UNDERGROUND + 1).collect();
    for t in &required {
        depths.push(t.depth.min);
        depths.extend(t.depth.max);
    }
    depths.sort_unstable();
    depths.dedup();
    let mut reported: Vec<(Vec<&str>, &str)> = Vec::new();
    for storey_type in StoreyType::ALL {
        for &depth in &depths {
            for level in 1..=4 {
                let here: Vec<&RoomTemplate> = required
                    .iter()
                    .copied()
                    .filter(|t| t.is_eligible(storey_type, depth, level))
                    .collect();
                let beacons_allowed = tuning.beacon_count(depth).saturating_sub(1);
                let limits = [
                    ("beacons", Glyph::Beacon, beacons_allowed),
                    ("shafts", Glyph::Shaft, SHAFT_COUNT),
                ];
                for (what, glyph, allowed) in limits {
                    let held: Vec<(&RoomTemplate, usize)> = here
                        .iter()
                        .map(|t| (*t, t.count_min as usize * cells_of(t, glyph).len()))
                        .filter(|&(_, n)| n > 0)
                        .collect();
                    let total: usize = held.iter().map(|(_, n)| n).sum();
                    let names: Vec<&str> = held.iter().map(|(t, _)| t.name.as_str()).collect();
                    if total <= allowed || reported.contains(&(names.clone(), what)) {
                        continue;
                    }
                    let list = held
                        .iter()
                        .map(|(t, n)| format!("{} ({n})", t.name))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let culprit = held.last().map_or(templates[0], |(t, _)| *t);
                    out.push(Diagnostic::error(
                        &culprit.file,
                        Some(culprit.lines.of("count")),
                        format!(
                            "the required rooms {list} hold {total} {what} on a {storey_type} \
                             of depth {depth} (level {level}), which allows at most {allowed} from rooms"
                        ),
                    ));
                    reported.push((names, what));
                }
            }
        }
    }
}
