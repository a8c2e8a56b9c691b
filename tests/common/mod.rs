//! An independent, deliberately plain checker of the layout rules, written from the
//! issue text rather than from the generator's own validator, so that a bug in one does
//! not hide a bug in the other.
#![allow(dead_code)]

use outpost_core::{CellType, Pos, StoreyLayout, StoreyType};
use std::collections::VecDeque;

pub type Check = Result<(), String>;

pub fn cell(l: &StoreyLayout, p: Pos) -> CellType {
    if p.x < 0 || p.y < 0 || p.x >= l.width || p.y >= l.height {
        CellType::OutOfBounds
    } else {
        l.cells.column(p.x)[p.y as usize]
    }
}

pub fn off_grid(l: &StoreyLayout, p: Pos) -> bool {
    p.x < 0 || p.y < 0 || p.x >= l.width || p.y >= l.height
}

pub fn walkable(l: &StoreyLayout, p: Pos) -> bool {
    matches!(
        cell(l, p),
        CellType::Empty
            | CellType::Entry
            | CellType::Beacon
            | CellType::Shaft
            | CellType::Staircase
            | CellType::Entrance
    )
}

pub fn neighbours(p: Pos) -> [Pos; 4] {
    [
        Pos::new(p.x + 1, p.y),
        Pos::new(p.x - 1, p.y),
        Pos::new(p.x, p.y + 1),
        Pos::new(p.x, p.y - 1),
    ]
}

pub fn all_cells(l: &StoreyLayout) -> Vec<Pos> {
    let mut v = Vec::new();
    for x in 0..l.width {
        for y in 0..l.height {
            v.push(Pos::new(x, y));
        }
    }
    v
}

pub fn manhattan(a: Pos, b: Pos) -> i64 {
    (i64::from(a.x) - i64::from(b.x)).abs() + (i64::from(a.y) - i64::from(b.y)).abs()
}

/// Steps from `from` to every cell over walkable cells (None where unreachable).
pub fn bfs(l: &StoreyLayout, from: Pos) -> Vec<Vec<Option<usize>>> {
    let mut dist = vec![vec![None; l.height as usize]; l.width as usize];
    if !walkable(l, from) {
        return dist;
    }
    dist[from.x as usize][from.y as usize] = Some(0);
    let mut q = VecDeque::from([from]);
    while let Some(p) = q.pop_front() {
        let d = dist[p.x as usize][p.y as usize].unwrap();
        for n in neighbours(p) {
            if walkable(l, n) && dist[n.x as usize][n.y as usize].is_none() {
                dist[n.x as usize][n.y as usize] = Some(d + 1);
                q.push_back(n);
            }
        }
    }
    dist
}

pub fn expected_count(depth: u32) -> usize {
    match depth {
        1 => 1,
        2 | 3 => 2,
        _ => 3,
    }
}

pub fn counts_scale_with_depth(l: &StoreyLayout) -> Check {
    let want = expected_count(l.storey_depth);
    let n = |t| {
        all_cells(l)
            .into_iter()
            .filter(|&p| cell(l, p) == t)
            .count()
    };
    let got = (
        n(CellType::Entry),
        n(CellType::Beacon),
        n(CellType::Shaft),
        n(CellType::Staircase),
    );
    if got != (want, want, 2, 1) {
        return Err(format!(
            "depth {}: (entry, beacon, shaft, stair) = {got:?}",
            l.storey_depth
        ));
    }
    Ok(())
}

pub fn lists_match_grid(l: &StoreyLayout) -> Check {
    let sorted = |mut v: Vec<Pos>| {
        v.sort();
        v
    };
    let of = |t| {
        sorted(
            all_cells(l)
                .into_iter()
                .filter(|&p| cell(l, p) == t)
                .collect(),
        )
    };
    let checks = [
        (
            "entry_cells",
            sorted(l.entry_cells.clone()),
            of(CellType::Entry),
        ),
        (
            "beacon_cells",
            sorted(l.beacon_cells.clone()),
            of(CellType::Beacon),
        ),
        (
            "shaft_cells",
            sorted(l.shaft_cells.clone()),
            of(CellType::Shaft),
        ),
        (
            "staircase_cell",
            vec![l.staircase_cell],
            of(CellType::Staircase),
        ),
    ];
    for (name, listed, grid) in checks {
        if listed != grid {
            return Err(format!("{name} {listed:?} but grid has {grid:?}"));
        }
    }
    Ok(())
}

pub fn primary_beacon_is_first(l: &StoreyLayout) -> Check {
    if l.beacon_cells.first() != Some(&l.primary_beacon) {
        return Err(format!(
            "primary_beacon {} but beacon_cells[0] is {:?}",
            l.primary_beacon,
            l.beacon_cells.first()
        ));
    }
    Ok(())
}

pub fn entries_are_openings(l: &StoreyLayout) -> Check {
    for &e in &l.entry_cells {
        let outside = neighbours(e)
            .iter()
            .any(|&n| off_grid(l, n) || cell(l, n) == CellType::OutOfBounds);
        let inside = neighbours(e).iter().any(|&n| walkable(l, n));
        if !(outside && inside) {
            return Err(format!("entry {e}: outside {outside}, inside {inside}"));
        }
    }
    Ok(())
}

pub fn outline_is_sealed(l: &StoreyLayout) -> Check {
    for p in all_cells(l) {
        let opening = matches!(cell(l, p), CellType::Entry | CellType::Entrance);
        if walkable(l, p) && !opening {
            for n in neighbours(p) {
                if off_grid(l, n) || cell(l, n) == CellType::OutOfBounds {
                    return Err(format!("{} at {p} touches outside {n}", cell(l, p)));
                }
            }
        }
    }
    Ok(())
}

pub fn min_distance(a: &[Pos], b: &[Pos], min: i64, same: bool) -> Check {
    for (i, &p) in a.iter().enumerate() {
        for (j, &q) in b.iter().enumerate() {
            if same && j <= i {
                continue;
            }
            if manhattan(p, q) < min {
                return Err(format!(
                    "{p} and {q} are {} apart (< {min})",
                    manhattan(p, q)
                ));
            }
        }
    }
    Ok(())
}

pub fn shafts_touch_wall(l: &StoreyLayout) -> Check {
    for &s in &l.shaft_cells {
        if !neighbours(s).iter().any(|&n| cell(l, n) == CellType::Wall) {
            return Err(format!("shaft {s} touches no wall"));
        }
    }
    Ok(())
}

pub fn staircase_is_distinct(l: &StoreyLayout) -> Check {
    let s = l.staircase_cell;
    if cell(l, s) != CellType::Staircase
        || l.entry_cells.contains(&s)
        || l.beacon_cells.contains(&s)
        || l.shaft_cells.contains(&s)
    {
        return Err(format!("staircase {s} overlaps another special cell"));
    }
    Ok(())
}

pub fn dead_end_or_corner(l: &StoreyLayout, p: Pos) -> bool {
    let blocked = |q: Pos| !walkable(l, q);
    let walk = neighbours(p).iter().filter(|&&n| walkable(l, n)).count();
    let vertical = blocked(Pos::new(p.x, p.y - 1)) || blocked(Pos::new(p.x, p.y + 1));
    let horizontal = blocked(Pos::new(p.x - 1, p.y)) || blocked(Pos::new(p.x + 1, p.y));
    walk == 1 || (vertical && horizontal)
}

pub fn primary_beacon_is_dead_end_or_corner(l: &StoreyLayout) -> Check {
    if dead_end_or_corner(l, l.primary_beacon) {
        return Ok(());
    }
    if let Some(p) = all_cells(l)
        .into_iter()
        .find(|&p| walkable(l, p) && dead_end_or_corner(l, p))
    {
        return Err(format!(
            "primary {} is neither, but {p} is",
            l.primary_beacon
        ));
    }
    Ok(())
}

pub fn one_open_zone(l: &StoreyLayout) -> Check {
    let Some(start) = all_cells(l).into_iter().find(|&p| walkable(l, p)) else {
        return Err("no walkable cell".into());
    };
    let dist = bfs(l, start);
    let unreached = all_cells(l)
        .into_iter()
        .find(|&p| walkable(l, p) && dist[p.x as usize][p.y as usize].is_none());
    if let Some(p) = unreached {
        return Err(format!("{p} is not connected to {start}"));
    }
    if l.open_zone_count != 1 {
        return Err(format!("open_zone_count = {}", l.open_zone_count));
    }
    Ok(())
}

pub fn every_entry_reaches_every_beacon(l: &StoreyLayout) -> Check {
    for &e in &l.entry_cells {
        let dist = bfs(l, e);
        for &b in &l.beacon_cells {
            if dist[b.x as usize][b.y as usize].is_none() {
                return Err(format!("entry {e} cannot reach beacon {b}"));
            }
        }
    }
    Ok(())
}

pub fn enemy_paths_are_shortest(l: &StoreyLayout) -> Check {
    if l.enemy_paths.len() != l.entry_cells.len() {
        return Err(format!(
            "{} paths for {} entries",
            l.enemy_paths.len(),
            l.entry_cells.len()
        ));
    }
    if l.enemy_paths.first() != Some(&l.enemy_path) {
        return Err("enemy_path != enemy_paths[0]".into());
    }
    let dist = bfs(l, l.primary_beacon);
    for (&e, path) in l.entry_cells.iter().zip(&l.enemy_paths) {
        if path.first() != Some(&e) || path.last() != Some(&l.primary_beacon) {
            return Err(format!("path of entry {e} has wrong ends"));
        }
        for w in path.windows(2) {
            if manhattan(w[0], w[1]) != 1 || !walkable(l, w[1]) {
                return Err(format!("path of entry {e} steps {} -> {}", w[0], w[1]));
            }
        }
        let shortest = dist[e.x as usize][e.y as usize];
        if shortest != Some(path.len() - 1) {
            return Err(format!(
                "path of entry {e}: {} steps, shortest {shortest:?}",
                path.len() - 1
            ));
        }
    }
    Ok(())
}

pub fn oob_count(l: &StoreyLayout) -> usize {
    all_cells(l)
        .into_iter()
        .filter(|&p| cell(l, p) == CellType::OutOfBounds)
        .count()
}

pub fn upper_floor_has_no_oob(l: &StoreyLayout) -> Check {
    if l.storey_type == StoreyType::UpperFloor && oob_count(l) > 0 {
        return Err(format!("{} OOB cells on an UPPER_FLOOR", oob_count(l)));
    }
    Ok(())
}

/// Whether `p` is outside the storey: off the grid, or an OUT_OF_BOUNDS cell from which
/// OUT_OF_BOUNDS cells lead off the grid.
pub fn outside(l: &StoreyLayout, p: Pos) -> bool {
    if off_grid(l, p) {
        return true;
    }
    if cell(l, p) != CellType::OutOfBounds {
        return false;
    }
    let mut seen = vec![p];
    let mut q = VecDeque::from([p]);
    while let Some(c) = q.pop_front() {
        for n in neighbours(c) {
            if off_grid(l, n) {
                return true;
            }
            if cell(l, n) == CellType::OutOfBounds && !seen.contains(&n) {
                seen.push(n);
                q.push_back(n);
            }
        }
    }
    false
}

/// Whether a door at `p` would be a doorway: one walkable neighbour, EMPTY, and the
/// outside straight across from it.
pub fn is_doorway(l: &StoreyLayout, p: Pos) -> bool {
    let floor: Vec<Pos> = neighbours(p)
        .into_iter()
        .filter(|&n| walkable(l, n))
        .collect();
    let [inside] = floor.as_slice() else {
        return false;
    };
    let across = Pos::new(p.x + (p.x - inside.x), p.y + (p.y - inside.y));
    cell(l, *inside) == CellType::Empty && outside(l, across)
}

/// The grid's ENTRANCE cells.
pub fn entrance_cells(l: &StoreyLayout) -> Vec<Pos> {
    all_cells(l)
        .into_iter()
        .filter(|&p| cell(l, p) == CellType::Entrance)
        .collect()
}

/// A GROUND_FLOOR has one ENTRANCE, and `entrance_cell` is it.
pub fn ground_floor_has_one_entrance(l: &StoreyLayout) -> Check {
    if l.storey_type != StoreyType::GroundFloor {
        return Ok(());
    }
    let doors = entrance_cells(l);
    if doors.len() != 1 || l.entrance_cell != Some(doors[0]) {
        return Err(format!(
            "ENTRANCE cells {doors:?}, entrance_cell {:?}",
            l.entrance_cell
        ));
    }
    Ok(())
}

/// Other storeys have no ENTRANCE.
pub fn only_ground_floors_have_an_entrance(l: &StoreyLayout) -> Check {
    if l.storey_type == StoreyType::GroundFloor {
        return Ok(());
    }
    let doors = entrance_cells(l);
    if !doors.is_empty() || l.entrance_cell.is_some() {
        return Err(format!(
            "{}: ENTRANCE cells {doors:?}, entrance_cell {:?}",
            l.storey_type, l.entrance_cell
        ));
    }
    Ok(())
}

/// The ENTRANCE is a doorway in the outer wall.
pub fn entrance_is_a_doorway(l: &StoreyLayout) -> Check {
    match l.entrance_cell {
        Some(d) if !is_doorway(l, d) => Err(format!("entrance {d} is no doorway")),
        _ => Ok(()),
    }
}

/// The ENTRANCE is at least 5 from every ENTRY and 4 from every BEACON.
pub fn entrance_keeps_its_distances(l: &StoreyLayout) -> Check {
    let Some(d) = l.entrance_cell else {
        return Ok(());
    };
    min_distance(&[d], &l.entry_cells, 5, false)?;
    min_distance(&[d], &l.beacon_cells, 4, false)
}

/// Every BEACON, the STAIRCASE and every SHAFT can be walked to from the ENTRANCE.
pub fn entrance_reaches_beacons_staircase_and_shafts(l: &StoreyLayout) -> Check {
    let Some(d) = l.entrance_cell else {
        return Ok(());
    };
    let dist = bfs(l, d);
    let targets = l
        .beacon_cells
        .iter()
        .chain(&l.shaft_cells)
        .chain([&l.staircase_cell]);
    for &t in targets {
        if off_grid(l, t) || dist[t.x as usize][t.y as usize].is_none() {
            return Err(format!("entrance {d} cannot reach {t}"));
        }
    }
    Ok(())
}

/// Every rule that holds for every single layout.
pub fn all_rules(l: &StoreyLayout) -> Check {
    counts_scale_with_depth(l)?;
    lists_match_grid(l)?;
    primary_beacon_is_first(l)?;
    entries_are_openings(l)?;
    outline_is_sealed(l)?;
    min_distance(&l.entry_cells, &l.entry_cells, 5, true)?;
    min_distance(&l.entry_cells, &l.beacon_cells, 6, false)?;
    min_distance(&l.entry_cells, &[l.staircase_cell], 4, false)?;
    min_distance(&l.beacon_cells, &l.beacon_cells, 5, true)?;
    min_distance(&l.shaft_cells, &l.shaft_cells, 4, true)?;
    shafts_touch_wall(l)?;
    staircase_is_distinct(l)?;
    primary_beacon_is_dead_end_or_corner(l)?;
    ground_floor_has_one_entrance(l)?;
    only_ground_floors_have_an_entrance(l)?;
    entrance_is_a_doorway(l)?;
    entrance_keeps_its_distances(l)?;
    entrance_reaches_beacons_staircase_and_shafts(l)?;
    one_open_zone(l)?;
    every_entry_reaches_every_beacon(l)?;
    enemy_paths_are_shortest(l)?;
    upper_floor_has_no_oob(l)
}
