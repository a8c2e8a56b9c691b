//! The [`Rule::RoomsIntact`] rule: each placed authored room is a template of the set,
//! placed with a transform it allows, and its fixed cells, doorways and markers are its
//! transformed map's. Read-only.

use super::{Checked, Findings, Rule};
use crate::geometry::Pos;
use crate::layout::StoreyLayout;
use crate::rooms::RoomSet;

/// Reports each placed room that is not its map. Cells: the whole footprint of a room
/// that is not in the set, may not be turned so, or has another size; each fixed cell
/// that differs from the map; the listed doorways and markers when they are not the
/// map's.
pub(super) fn check(layout: &StoreyLayout, rooms: &RoomSet, f: &mut Findings) -> Checked {
    for placed in &layout.placed_rooms {
        let what = || {
            format!(
                "room {} at ({}, {}) {}",
                placed.name, placed.x, placed.y, placed.transform
            )
        };
        let footprint = || placed.rect().cells().collect::<Vec<Pos>>();
        let Some(i) = rooms.index_of(&placed.name) else {
            f.report(
                Rule::RoomsIntact,
                || format!("{} is not in the room set", what()),
                &footprint(),
            )?;
            continue;
        };
        let Some(v) = rooms
            .variants(i)
            .iter()
            .find(|v| v.transform == placed.transform)
        else {
            f.report(
                Rule::RoomsIntact,
                || format!("{}: the room may not be turned so (rotate: no)", what()),
                &footprint(),
            )?;
            continue;
        };
        if (v.width, v.height) != (placed.width, placed.height) {
            f.report(
                Rule::RoomsIntact,
                || {
                    format!(
                        "{} is {} x {}, its transformed map {} x {}",
                        what(),
                        placed.width,
                        placed.height,
                        v.width,
                        v.height
                    )
                },
                &footprint(),
            )?;
            continue;
        }
        let at = |p: Pos| Pos::new(placed.x + p.x, placed.y + p.y);
        for &(p, want) in v
            .fixed
            .iter()
            .filter(|&&(p, want)| layout.cells.get(at(p)) != want)
        {
            f.report(
                Rule::RoomsIntact,
                || {
                    format!(
                        "{}: cell {} is {}, its map says {want}",
                        what(),
                        at(p),
                        layout.cells.get(at(p))
                    )
                },
                &[at(p)],
            )?;
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
            let listed: Vec<Pos> = placed
                .doorways
                .iter()
                .chain(placed.markers.values().flatten())
                .copied()
                .collect();
            f.report(
                Rule::RoomsIntact,
                || format!("{}: its doorways or markers are not its map's", what()),
                &listed,
            )?;
        }
    }
    Ok(())
}
