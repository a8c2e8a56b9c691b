//! The layout's rules, checked in the order of [`Rule`]: each check reports every place
//! its rule breaks to the [`Findings`] (which stops at the first when only that is
//! wanted), naming the cells involved. Read-only.

use super::{Checked, Findings, Rule, Stop};
use crate::bits::Bits;
use crate::cell::{CellType, StoreyType};
use crate::doorway;
use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::params::SHAFT_COUNT;
use crate::pathfinding::{count_open_zones, layer_distances};
use crate::settings::Tuning;

/// Every rule but [`Rule::RoomsIntact`], in the order of [`Rule`]. A wrong
/// [`Rule::Shape`] ends the checks: the others read the grid at its stated size.
pub(super) fn check(layout: &StoreyLayout, tuning: &Tuning, f: &mut Findings) -> Checked {
    check_shape(layout, tuning, f)?;
    if f.broke(Rule::Shape) {
        return Err(Stop);
    }
    // The grid fits a bitboard now: its walkable and its outside cells in one sweep.
    let (walkable, outside) = Bits::of2(&layout.cells, CellType::is_walkable, |t| {
        t == CellType::OutOfBounds
    });
    check_lists(layout, f)?;
    check_counts(layout, tuning, f)?;
    check_primary(layout, f)?;
    check_entries(layout, f)?;
    check_sealed(layout, &walkable, &outside, f)?;
    check_separation(layout, tuning, f)?;
    check_shafts(layout, f)?;
    check_beacon_shape(layout, f)?;
    // The cells walkable from the primary beacon, and its steps to each entry: the
    // entrance's reachability and the connected and enemy-path rules all read them.
    let mut to_entries = vec![0; layout.entry_cells.len()];
    let reached = layer_distances(
        &walkable,
        layout.primary_beacon,
        &layout.entry_cells,
        &mut to_entries,
    );
    check_entrance(layout, tuning, &outside, &reached, f)?;
    check_connected(layout, &walkable, &reached, f)?;
    check_paths(layout, &to_entries, f)?;
    check_upper_floor(layout, tuning, f)
}

/// Cells: none (the size is the whole layout's).
fn check_shape(l: &StoreyLayout, t: &Tuning, f: &mut Findings) -> Checked {
    let (min_w, max_w, min_h, max_h) = (t.min_width, t.max_width, t.min_height, t.max_height);
    // The bitboards hold at most 32 x 32, whatever the settings say.
    let fits = l.width <= crate::bits::MAX_SIDE && l.height <= crate::bits::MAX_SIDE;
    if !(min_w..=max_w).contains(&l.width) || !(min_h..=max_h).contains(&l.height) || !fits {
        f.report(
            Rule::Shape,
            || {
                format!(
                    "size {} x {} is outside {min_w}..={max_w} x {min_h}..={max_h}",
                    l.width, l.height
                )
            },
            &[],
        )?;
    }
    if l.cells.width() != l.width || l.cells.height() != l.height {
        f.report(
            Rule::Shape,
            || {
                format!(
                    "cells is {} x {} but width x height is {} x {}",
                    l.cells.width(),
                    l.cells.height(),
                    l.width,
                    l.height
                )
            },
            &[],
        )?;
    }
    Ok(())
}

/// Cells: those in the grid but not in the list, and those in the list but not in the
/// grid.
fn check_lists(l: &StoreyLayout, f: &mut Findings) -> Checked {
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
            let differ: Vec<Pos> = in_grid
                .iter()
                .filter(|p| !listed.contains(p))
                .chain(listed.iter().filter(|p| !in_grid.contains(p)))
                .copied()
                .collect();
            f.report(
                Rule::ListsMatchGrid,
                || format!("{t} cells in the grid {in_grid:?} differ from the list {listed:?}"),
                &differ,
            )?;
        }
    }
    Ok(())
}

/// Cells: those of each list whose count is wrong.
fn check_counts(l: &StoreyLayout, t: &Tuning, f: &mut Findings) -> Checked {
    let counts = [
        ("entry_cells", &l.entry_cells, t.entry_count(l.storey_depth)),
        (
            "beacon_cells",
            &l.beacon_cells,
            t.beacon_count(l.storey_depth),
        ),
        ("shaft_cells", &l.shaft_cells, SHAFT_COUNT),
    ];
    for (name, cells, want) in counts {
        if cells.len() != want {
            f.report(
                Rule::Counts,
                || {
                    format!(
                        "{name} has {} cells, depth {} needs {want}",
                        cells.len(),
                        l.storey_depth
                    )
                },
                cells,
            )?;
        }
    }
    Ok(())
}

/// Cells: the primary beacon and `beacon_cells[0]`.
fn check_primary(l: &StoreyLayout, f: &mut Findings) -> Checked {
    if l.beacon_cells.first() != Some(&l.primary_beacon) {
        let mut cells = vec![l.primary_beacon];
        cells.extend(l.beacon_cells.first());
        f.report(
            Rule::PrimaryBeacon,
            || format!("primary_beacon {} is not beacon_cells[0]", l.primary_beacon),
            &cells,
        )?;
    }
    Ok(())
}

/// Cells: each entry that is no opening.
fn check_entries(l: &StoreyLayout, f: &mut Findings) -> Checked {
    for &e in &l.entry_cells {
        let around = e.neighbours4();
        let opening = around
            .iter()
            .any(|&n| l.cells.get(n) == CellType::OutOfBounds);
        let inside = around.iter().any(|&n| l.cells.is_walkable(n));
        if !opening || !inside {
            f.report(
                Rule::EntryOpening,
                || {
                    format!(
                        "entry {e} is not an opening in the outer wall (outside: {opening}, floor inside: {inside})"
                    )
                },
                &[e],
            )?;
        }
    }
    Ok(())
}

/// `walkable` and `outside` are the grid's cells of those kinds; the entries are the
/// grid's ENTRY cells (the lists match the grid by now). ENTRANCE cells are openings
/// too: the entrance rules check where they are. Cells: each walkable cell touching the
/// outside, in storage order.
fn check_sealed(l: &StoreyLayout, walkable: &Bits, outside: &Bits, f: &mut Findings) -> Checked {
    let mut floor = *walkable;
    for &e in &l.entry_cells {
        floor = floor.minus(&Bits::single(e));
    }
    for door in l.cells.positions_of(CellType::Entrance) {
        floor = floor.minus(&Bits::single(door));
    }
    let edge = Bits::edge_ring(l.cells.width(), l.cells.height());
    // The culprits in storage order, each named with its first side (N, E, S, W) outside.
    for p in (floor & (outside.spread4() | edge)).iter() {
        f.report(
            Rule::SealedOutline,
            || {
                let n = p
                    .neighbours4()
                    .into_iter()
                    .find(|&n| l.cells.get(n) == CellType::OutOfBounds)
                    .unwrap_or(p);
                format!("{} cell {p} touches the outside at {n}", l.cells.get(p))
            },
            &[p],
        )?;
    }
    Ok(())
}

/// Cells: both cells of each pair too close.
fn check_separation(l: &StoreyLayout, t: &Tuning, f: &mut Findings) -> Checked {
    let mut pairs = |a: &[Pos], b: &[Pos], min: u32, what: &str, same: bool| -> Checked {
        for (i, &p) in a.iter().enumerate() {
            for &q in if same { &b[i + 1..] } else { b } {
                if p.manhattan(q) < min {
                    f.report(
                        Rule::Separation,
                        || {
                            format!(
                                "{what} {p} and {q} are {} apart, minimum {min}",
                                p.manhattan(q)
                            )
                        },
                        &[p, q],
                    )?;
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

/// Cells: each shaft touching no wall.
fn check_shafts(l: &StoreyLayout, f: &mut Findings) -> Checked {
    for &s in &l.shaft_cells {
        if !s
            .neighbours4()
            .iter()
            .any(|&n| l.cells.get(n) == CellType::Wall)
        {
            f.report(
                Rule::ShaftOnWall,
                || format!("shaft {s} touches no wall"),
                &[s],
            )?;
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

/// Cells: the primary beacon.
fn check_beacon_shape(l: &StoreyLayout, f: &mut Findings) -> Checked {
    let b = l.primary_beacon;
    if is_dead_end_or_corner(l, b) {
        return Ok(());
    }
    let alternative = l
        .cells
        .iter()
        .find(|&(p, t)| t.is_walkable() && is_dead_end_or_corner(l, p));
    if let Some((p, _)) = alternative {
        f.report(
            Rule::BeaconDeadEndOrCorner,
            || format!("primary beacon {b} is neither a dead end nor a corner, but {p} is"),
            &[b],
        )?;
    }
    Ok(())
}

/// The five ENTRANCE rules, in the order of [`Rule`]. `oob` is the grid's OUT_OF_BOUNDS
/// cells, `reached` the walkable cells the primary beacon reaches (a path runs from the
/// door to a cell exactly when both lie in the beacon's region, or the door's region
/// holds no beacon, which the rule then names). Cells: the ENTRANCE cells (and
/// `entrance_cell`) for the first two rules; the door for the opening; the door and each
/// entry or beacon too close; each target the door cannot reach.
fn check_entrance(
    l: &StoreyLayout,
    t: &Tuning,
    oob: &Bits,
    reached: &Bits,
    f: &mut Findings,
) -> Checked {
    let doors: Vec<Pos> = l.cells.positions_of(CellType::Entrance).collect();
    // The ENTRANCE cells and `entrance_cell`, for the first two rules' reports.
    let named = || {
        let mut named = doors.clone();
        named.extend(l.entrance_cell.filter(|c| !doors.contains(c)));
        named
    };
    if l.storey_type != StoreyType::GroundFloor {
        if let Some(&door) = doors.first() {
            f.report(
                Rule::EntranceOnlyOnGround,
                || format!("{} has an ENTRANCE cell at {door}", l.storey_type),
                &named(),
            )?;
        } else if let Some(cell) = l.entrance_cell {
            f.report(
                Rule::EntranceOnlyOnGround,
                || format!("{} has entrance_cell {cell}", l.storey_type),
                &named(),
            )?;
        }
        return Ok(());
    }
    let door = match (doors.as_slice(), l.entrance_cell) {
        (&[door], Some(cell)) if door == cell => door,
        (_, cell) => {
            let cell = cell.map_or_else(|| "none".to_owned(), |c| c.to_string());
            return f.report(
                Rule::EntranceCount,
                || {
                    format!(
                        "GROUND_FLOOR has {} ENTRANCE cells {doors:?}, entrance_cell is {cell}; it needs exactly one",
                        doors.len()
                    )
                },
                &named(),
            );
        }
    };
    let outside = doorway::outside_bits(oob, l.cells.width(), l.cells.height());
    let is_outside = |p: Pos| !l.cells.in_bounds(p) || outside.contains(p);
    if doorway::doorway_with(&l.cells, door, is_outside).is_none() {
        f.report(
            Rule::EntranceOpening,
            || {
                let floor: Vec<Pos> = door
                    .neighbours4()
                    .into_iter()
                    .filter(|&n| l.cells.is_walkable(n))
                    .collect();
                format!(
                    "entrance {door} is no doorway: walkable neighbours {floor:?}, needs one EMPTY cell with the outside straight across"
                )
            },
            &[door],
        )?;
    }
    for (what, cells, min) in [
        ("entry", &l.entry_cells, t.min_entrance_entry_dist),
        ("beacon", &l.beacon_cells, t.min_entrance_beacon_dist),
    ] {
        for &p in cells.iter().filter(|&&p| door.manhattan(p) < min) {
            f.report(
                Rule::EntranceDistance,
                || {
                    format!(
                        "entrance {door} and {what} {p} are {} apart, minimum {min}",
                        door.manhattan(p)
                    )
                },
                &[door, p],
            )?;
        }
    }
    let targets = l
        .beacon_cells
        .iter()
        .chain(std::iter::once(&l.staircase_cell))
        .chain(&l.shaft_cells)
        .copied();
    let cut_off = |p: Pos| !(reached.contains(door) && reached.contains(p));
    for p in targets.filter(|&p| cut_off(p)) {
        f.report(
            Rule::EntranceReachable,
            || {
                format!(
                    "{} {p} cannot be reached from the entrance {door}",
                    l.cells.get(p)
                )
            },
            &[p],
        )?;
    }
    Ok(())
}

/// `reached` is the walkable cells the primary beacon reaches. Cells: the walkable cells
/// the primary beacon does not reach (none when it stands on no walkable cell).
fn check_connected(l: &StoreyLayout, walkable: &Bits, reached: &Bits, f: &mut Findings) -> Checked {
    // Everything walkable reached from the beacon means exactly one region.
    let zones = if !reached.is_empty() && *reached == *walkable {
        1
    } else {
        count_open_zones(&l.cells)
    };
    if zones != 1 || l.open_zone_count != 1 {
        let cut_off: Vec<Pos> = if reached.is_empty() {
            Vec::new()
        } else {
            walkable.minus(reached).iter().collect()
        };
        f.report(
            Rule::Connected,
            || {
                format!(
                    "{zones} walkable regions (open_zone_count says {})",
                    l.open_zone_count
                )
            },
            &cut_off,
        )?;
    }
    Ok(())
}

/// Cells: the entries (when the paths are not one per entry), and for each entry whose
/// path is wrong the entry and, for a bad step, both its cells.
fn check_paths(l: &StoreyLayout, to_entries: &[u32], f: &mut Findings) -> Checked {
    if l.enemy_paths.len() != l.entry_cells.len() {
        f.report(
            Rule::EnemyPaths,
            || {
                format!(
                    "{} enemy paths for {} entries",
                    l.enemy_paths.len(),
                    l.entry_cells.len()
                )
            },
            &l.entry_cells,
        )?;
    }
    if l.enemy_paths.first().map_or(&[][..], Vec::as_slice) != l.enemy_path.as_slice() {
        f.report(
            Rule::EnemyPaths,
            || "enemy_path is not enemy_paths[0]".to_owned(),
            &l.entry_cells[..l.entry_cells.len().min(1)],
        )?;
    }
    for ((&entry, path), &shortest) in l.entry_cells.iter().zip(&l.enemy_paths).zip(to_entries) {
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            f.report(
                Rule::EnemyPaths,
                || format!("no path from entry {entry}"),
                &[entry],
            )?;
            continue;
        };
        if first != entry || last != l.primary_beacon {
            f.report(
                Rule::EnemyPaths,
                || {
                    format!(
                        "path for entry {entry} runs {first} -> {last}, not to the primary beacon"
                    )
                },
                &[entry],
            )?;
        } else if let Some(&[from, to]) = path
            .windows(2)
            .find(|w| w[0].manhattan(w[1]) != 1 || !l.cells.is_walkable(w[1]))
        {
            f.report(
                Rule::EnemyPaths,
                || format!("path for entry {entry} steps {from} -> {to}"),
                &[entry, from, to],
            )?;
        } else if path.len() as u64 != u64::from(shortest) + 1 {
            f.report(
                Rule::EnemyPaths,
                || {
                    format!(
                        "path for entry {entry} has {} steps, shortest is {shortest}",
                        path.len() - 1
                    )
                },
                &[entry],
            )?;
        }
    }
    Ok(())
}

/// Cells: every OUT_OF_BOUNDS cell of the UPPER_FLOOR.
fn check_upper_floor(l: &StoreyLayout, t: &Tuning, f: &mut Findings) -> Checked {
    if t.upper_floor_filled && l.storey_type == StoreyType::UpperFloor {
        for p in l.cells.positions_of(CellType::OutOfBounds) {
            f.report(
                Rule::UpperFloorFilled,
                || format!("UPPER_FLOOR has an OUT_OF_BOUNDS cell at {p}"),
                &[p],
            )?;
        }
    }
    Ok(())
}
