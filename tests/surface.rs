//! The surface chunk around a building as a specification: its rules over 2,000 surfaces
//! (checked here by plain code written from the rules, and by the core's validator), a
//! mutation per rule that the validator must name, golden snapshots, determinism, the
//! column flood fill against a breadth-first search, and bad input.

use outpost_core::surface::validator::{validate_around, validate_surface};
use outpost_core::surface::{
    SalvageKind, SurfaceError, SurfaceLayout, SurfaceRule, SurfaceSettings, Terrain,
    generate_surface, generate_surface_around, generate_surface_with, ground_floor, reachable_from,
    steps_from,
};
use outpost_core::{
    CellType, GenerationSettings, Pos, StoreyLayout, StoreyRequest, StoreyType, generate_building,
    generate_building_with,
};
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::LazyLock;

/// 2,000 surfaces: building seeds spread over the i64 range, levels 1-4, with their
/// ground floors.
static CORPUS: LazyLock<Vec<(SurfaceLayout, StoreyLayout)>> = LazyLock::new(|| {
    (0..2_000i64)
        .map(|i| {
            let seed = i.wrapping_mul(0x9E37_79B9_7F4A_7C15_u64 as i64) ^ 0x5EED;
            let level = 1 + i % 4;
            let surface = generate_surface(seed, level).unwrap_or_else(|e| panic!("{seed}: {e}"));
            (surface, ground_floor(seed, level).unwrap())
        })
        .collect()
});

fn settings() -> SurfaceSettings {
    SurfaceSettings::default()
}

/// Cells a plain breadth-first search reaches from `from` over GROUND, RUBBLE and DOOR.
fn plain_reach(s: &SurfaceLayout, from: Pos) -> Vec<Vec<bool>> {
    let walk = |p: Pos| {
        matches!(
            s.cells.get(p),
            Some(Terrain::Ground | Terrain::Rubble | Terrain::Door)
        )
    };
    let mut seen = vec![vec![false; s.height as usize]; s.width as usize];
    if !walk(from) {
        return seen;
    }
    seen[from.x as usize][from.y as usize] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Pos::new(p.x + dx, p.y + dy);
            if walk(n) && !seen[n.x as usize][n.y as usize] {
                seen[n.x as usize][n.y as usize] = true;
                queue.push_back(n);
            }
        }
    }
    seen
}

#[test]
fn every_surface_keeps_every_rule() {
    for (s, g) in CORPUS.iter() {
        assert_eq!(
            validate_around(s, g, &settings()),
            Ok(()),
            "seed {}",
            s.seed_value
        );
    }
}

#[test]
fn the_chunk_is_48_by_48_around_the_ground_floor_with_its_margin() {
    for (s, g) in CORPUS.iter() {
        let f = s.footprint;
        assert_eq!((s.width, s.height), (48, 48));
        assert_eq!((f.width, f.height), (g.width, g.height));
        assert!(f.x >= 6 && f.y >= 6 && f.x + f.width <= 42 && f.y + f.height <= 42);
    }
}

#[test]
fn the_footprint_is_the_ground_floor_but_its_outside_out_of_bounds_cells() {
    for (s, g) in CORPUS.iter().take(300) {
        let f = s.footprint;
        for x in 0..g.width {
            for y in 0..g.height {
                let here = s.cells.get(Pos::new(f.x + x, f.y + y));
                if g.cells.get(Pos::new(x, y)) != CellType::OutOfBounds {
                    assert_eq!(here, Some(Terrain::Footprint), "seed {}", s.seed_value);
                }
            }
        }
        let footprint = s.terrain_counts()[Terrain::Footprint as usize];
        let building = g
            .cells
            .cells()
            .iter()
            .filter(|&&c| c != CellType::OutOfBounds)
            .count();
        assert!(footprint >= building, "seed {}", s.seed_value);
    }
}

#[test]
fn the_door_is_in_front_of_the_ground_floors_entrance_outside_the_footprint() {
    for (s, g) in CORPUS.iter() {
        let (f, e) = (s.footprint, g.entrance_cell.unwrap());
        assert_eq!(s.entrance_cell, Pos::new(f.x + e.x, f.y + e.y));
        // Walking from the door through the ENTRANCE goes straight onto its floor cell.
        let step = Pos::new(
            s.entrance_cell.x - s.door_cell.x,
            s.entrance_cell.y - s.door_cell.y,
        );
        assert_eq!(step.x.abs() + step.y.abs(), 1);
        let inside = Pos::new(e.x + step.x, e.y + step.y);
        assert_eq!(
            g.cells.get(inside),
            CellType::Empty,
            "seed {}",
            s.seed_value
        );
        assert_eq!(s.cells.get(s.door_cell), Some(Terrain::Door));
        let cells = s.cells.cells();
        assert_eq!(cells.iter().filter(|&&t| t == Terrain::Door).count(), 1);
    }
}

#[test]
fn every_salvage_node_can_be_walked_to_from_the_door_and_none_is_on_the_building() {
    for (s, _) in CORPUS.iter() {
        let reach = plain_reach(s, s.door_cell);
        for n in &s.salvage_nodes {
            assert!(reach[n.cell.x as usize][n.cell.y as usize], "{n:?}");
            assert!(!s.footprint.contains(n.cell), "{n:?} on the footprint");
            assert!(matches!(
                s.cells.get(n.cell),
                Some(Terrain::Ground | Terrain::Rubble)
            ));
        }
    }
}

#[test]
fn every_walkable_cell_can_be_walked_to_from_the_door() {
    for (s, _) in CORPUS.iter().take(500) {
        let reach = plain_reach(s, s.door_cell);
        for (p, t) in &s.cells {
            assert_eq!(t.is_walkable(), reach[p.x as usize][p.y as usize], "{p}");
        }
    }
}

#[test]
fn salvage_counts_amounts_and_separations_follow_the_settings() {
    for (s, _) in CORPUS.iter() {
        assert_eq!(s.salvage_nodes.len() as u32, 5 + 2 * (s.outpost_level - 1));
        for (i, n) in s.salvage_nodes.iter().enumerate() {
            let k = n.kind.multiplier();
            assert!((10 * k..=30 * k).contains(&n.amount) && n.amount % k == 0);
            assert!(n.cell.manhattan(s.door_cell) >= 6);
            for m in &s.salvage_nodes[..i] {
                assert!(m.cell.manhattan(n.cell) >= 6);
            }
        }
    }
}

#[test]
fn every_salvage_kind_occurs_scrap_most_often() {
    let mut counts = [0usize; 3];
    for (s, _) in CORPUS.iter() {
        for n in &s.salvage_nodes {
            counts[n.kind as usize] += 1;
        }
    }
    let [scrap, alloy, circuits] = counts;
    assert!(
        scrap > alloy && alloy > circuits && circuits > 0,
        "{counts:?}"
    );
}

#[test]
fn the_column_flood_fill_reaches_what_a_breadth_first_search_reaches() {
    // On the finished surfaces (one region) and from a cell inside each footprint
    // (nothing: it is not walkable), and on grids with the walkway blocked.
    for (s, _) in CORPUS.iter().take(300) {
        for from in [
            s.door_cell,
            s.entrance_cell,
            Pos::new(0, 0),
            Pos::new(47, 47),
        ] {
            let columns = reachable_from(&s.cells, from);
            let steps = steps_from(&s.cells, from);
            let plain = plain_reach(s, from);
            for (i, (p, _)) in s.cells.iter().enumerate() {
                assert_eq!(columns[i], plain[p.x as usize][p.y as usize], "{from} {p}");
                assert_eq!(steps[i] != u32::MAX, columns[i], "{from} {p}");
            }
        }
    }
}

// --- Each rule, broken by one mutation, is named by the validator. ---

fn one() -> (SurfaceLayout, StoreyLayout) {
    CORPUS[3].clone()
}

fn broken(s: &SurfaceLayout, g: &StoreyLayout) -> SurfaceRule {
    validate_around(s, g, &settings())
        .expect_err("the mutated surface must fail")
        .rule
}

#[test]
fn a_chunk_of_another_size_breaks_shape() {
    let (mut s, g) = one();
    s.width = 40;
    assert_eq!(broken(&s, &g), SurfaceRule::Shape);
}

#[test]
fn a_footprint_on_the_chunks_edge_breaks_footprint() {
    let (mut s, g) = one();
    s.footprint.x = 2;
    assert_eq!(broken(&s, &g), SurfaceRule::Footprint);
}

#[test]
fn a_footprint_cell_off_the_footprint_breaks_footprint() {
    let (mut s, g) = one();
    s.cells.set(Pos::new(1, 1), Terrain::Footprint);
    assert_eq!(broken(&s, &g), SurfaceRule::Footprint);
}

#[test]
fn a_second_door_breaks_door() {
    let (mut s, g) = one();
    s.cells.set(Pos::new(1, 1), Terrain::Door);
    assert_eq!(broken(&s, &g), SurfaceRule::Door);
}

#[test]
fn a_door_away_from_the_entrance_breaks_door() {
    let (mut s, g) = one();
    let away = Pos::new(
        s.door_cell.x,
        s.door_cell.y + if s.door_cell.y > 20 { 9 } else { -9 },
    );
    s.cells.set(s.door_cell, Terrain::Ground);
    s.cells.set(away, Terrain::Door);
    s.door_cell = away;
    assert_eq!(broken(&s, &g), SurfaceRule::Door);
}

#[test]
fn a_footprint_of_another_ground_floor_breaks_matches_ground() {
    let (s, _) = one();
    let other = (0..200)
        .map(|seed| ground_floor(seed, i64::from(s.outpost_level)).unwrap())
        .find(|o| {
            (o.width, o.height) == (s.footprint.width, s.footprint.height)
                && o.cells != CORPUS[3].1.cells
        })
        .unwrap();
    assert_eq!(broken(&s, &other), SurfaceRule::MatchesGround);
    // Alone, the surface is fine: the rule needs the ground floor.
    assert_eq!(validate_surface(&s, &settings()), Ok(()));
}

#[test]
fn rock_on_the_walkway_breaks_walkway() {
    let (mut s, g) = one();
    let f = s.footprint;
    let p = Pos::new(f.x + f.width, f.y + f.height);
    assert_eq!(s.cells.get(p), Some(Terrain::Ground));
    s.cells.set(p, Terrain::Rock);
    assert_eq!(broken(&s, &g), SurfaceRule::Walkway);
}

#[test]
fn a_missing_salvage_node_breaks_salvage_count() {
    let (mut s, g) = one();
    s.salvage_nodes.pop();
    assert_eq!(broken(&s, &g), SurfaceRule::SalvageCount);
}

#[test]
fn an_amount_its_kind_cannot_have_breaks_salvage_count() {
    let (mut s, g) = one();
    s.salvage_nodes[0].kind = SalvageKind::Circuits;
    s.salvage_nodes[0].amount = 7;
    assert_eq!(broken(&s, &g), SurfaceRule::SalvageCount);
}

#[test]
fn salvage_on_rock_breaks_salvage_placement() {
    let (mut s, g) = one();
    let rock = s.cells.positions_of(Terrain::Rock).find(|&p| {
        s.salvage_nodes
            .iter()
            .skip(1)
            .all(|n| n.cell.manhattan(p) >= 6)
            && p.manhattan(s.door_cell) >= 6
    });
    s.salvage_nodes[0].cell = rock.unwrap();
    assert_eq!(broken(&s, &g), SurfaceRule::SalvagePlacement);
}

#[test]
fn salvage_beside_the_door_breaks_salvage_separation() {
    let (mut s, g) = one();
    // An open cell just beyond the door's clearing, 4 from the door.
    let near = s
        .cells
        .iter()
        .find(|&(p, t)| {
            t == Terrain::Ground
                && p.manhattan(s.door_cell) == 4
                && !Pos::new(p.x, p.y).eq(&s.door_cell)
                && !outpost_core::Rect::new(
                    s.footprint.x - 1,
                    s.footprint.y - 1,
                    s.footprint.width + 2,
                    s.footprint.height + 2,
                )
                .contains(p)
                && s.salvage_nodes
                    .iter()
                    .skip(1)
                    .all(|n| n.cell.manhattan(p) >= 6)
        })
        .map(|(p, _)| p)
        .unwrap();
    s.salvage_nodes[0].cell = near;
    assert_eq!(broken(&s, &g), SurfaceRule::SalvageSeparation);
}

#[test]
fn salvage_walled_in_by_rock_breaks_salvage_reachable() {
    let (mut s, g) = one();
    // A node whose neighbours are off the walkway and the door's clearing.
    let ring = outpost_core::Rect::new(
        s.footprint.x - 2,
        s.footprint.y - 2,
        s.footprint.width + 4,
        s.footprint.height + 4,
    );
    let node = s
        .salvage_nodes
        .iter()
        .map(|n| n.cell)
        .find(|&c| !ring.contains(c) && c.manhattan(s.door_cell) > 4)
        .unwrap();
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let n = Pos::new(node.x + dx, node.y + dy);
        if s.cells.get(n).is_some_and(Terrain::is_walkable) {
            s.cells.set(n, Terrain::Rock);
        }
    }
    assert_eq!(broken(&s, &g), SurfaceRule::SalvageReachable);
}

#[test]
fn an_open_pocket_in_the_rock_breaks_connected() {
    let (mut s, g) = one();
    let pocket = s
        .cells
        .iter()
        .find(|&(p, t)| {
            t == Terrain::Rock
                && [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().all(|(dx, dy)| {
                    s.cells.get(Pos::new(p.x + dx, p.y + dy)) == Some(Terrain::Rock)
                })
        })
        .map(|(p, _)| p)
        .unwrap();
    s.cells.set(pocket, Terrain::Ground);
    assert_eq!(broken(&s, &g), SurfaceRule::Connected);
}

// --- Goldens and determinism. ---

/// The surface snapshot: ASCII, then every other field as JSON lines.
fn snapshot(s: &SurfaceLayout) -> String {
    let mut fields = serde_json::to_value(s).unwrap();
    fields.as_object_mut().unwrap().remove("cells");
    let mut out = s.to_ascii();
    out.push_str("---\n");
    for (key, value) in fields.as_object().unwrap() {
        writeln!(out, "{key}: {}", serde_json::to_string(value).unwrap()).unwrap();
    }
    out
}

#[test]
fn surfaces_match_their_golden_snapshots() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let mut mismatches = Vec::new();
    for (name, seed, level) in [
        ("surface_level_1", 1, 1),
        ("surface_level_2", 42, 2),
        ("surface_level_3", -77, 3),
        ("surface_level_4", 20_260_316, 4),
        ("surface_seed_i64_min", i64::MIN, 4),
    ] {
        let got = snapshot(&generate_surface(seed, level).unwrap());
        let path = dir.join(format!("{name}.txt"));
        if update {
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 creates it)", path.display()));
        if got != want {
            mismatches.push(format!("{name}:\n--- want\n{want}\n--- got\n{got}"));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn the_same_seed_and_level_give_byte_identical_json() {
    for (s, _) in CORPUS.iter().take(50) {
        let again = generate_surface(s.seed_value, i64::from(s.outpost_level)).unwrap();
        assert_eq!(
            serde_json::to_string(s).unwrap(),
            serde_json::to_string(&again).unwrap()
        );
    }
}

#[test]
fn json_round_trips_to_an_equal_surface() {
    let (s, _) = one();
    let back: SurfaceLayout = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
}

#[test]
fn the_surface_stands_around_the_buildings_own_ground_floor() {
    let building = generate_building(42, 3, 2, true).unwrap();
    let ground = &building.storeys[1];
    assert_eq!(ground.storey_type, StoreyType::GroundFloor);
    let s = generate_surface(42, 2).unwrap();
    assert_eq!(generate_surface_around(&settings(), 42, ground).unwrap(), s);
    // A building made with other generation settings: its own ground floor.
    let other = GenerationSettings {
        min_partition: 4,
        ..GenerationSettings::default()
    };
    let b = generate_building_with(&other, 42, 1, 2, false).unwrap();
    let around = generate_surface_around(&settings(), 42, &b.storeys[0]).unwrap();
    assert_eq!(validate_around(&around, &b.storeys[0], &settings()), Ok(()));
}

#[test]
fn other_settings_give_other_surfaces_that_keep_their_rules() {
    let mut s = SurfaceSettings::default();
    s.set_from_str("rock_percent=55").unwrap();
    s.set_from_str("salvage_base=2").unwrap();
    s.set_from_str("chunk_width=64").unwrap();
    let (g, surface) = (
        ground_floor(9, 3).unwrap(),
        generate_surface_with(&s, 9, 3).unwrap(),
    );
    assert_eq!((surface.width, surface.salvage_nodes.len()), (64, 6));
    assert_eq!(validate_around(&surface, &g, &s), Ok(()));
}

// --- Bad input. ---

#[test]
fn bad_input_is_refused_naming_the_value() {
    assert_eq!(
        generate_surface(1, 5).unwrap_err().to_string(),
        "outpost_level must be in 1..=4, got 5"
    );
    let s = SurfaceSettings {
        chunk_width: 10,
        ..SurfaceSettings::default()
    };
    assert_eq!(
        generate_surface_with(&s, 1, 1).unwrap_err().to_string(),
        "invalid surface settings: chunk_width = 10 is outside its range 24..=96"
    );
    let small = SurfaceSettings {
        chunk_width: 24,
        footprint_margin: 8,
        ..SurfaceSettings::default()
    };
    assert!(matches!(
        generate_surface_with(&small, 1, 4),
        Err(SurfaceError::ChunkTooSmall { width: 24, .. })
    ));
    let upper =
        outpost_core::generate(&StoreyRequest::new(1, 2, 1, StoreyType::UpperFloor)).unwrap();
    assert_eq!(
        generate_surface_around(&settings(), 1, &upper)
            .unwrap_err()
            .to_string(),
        "a surface stands around a GROUND_FLOOR, got a UPPER_FLOOR"
    );
    let mut doorless = ground_floor(1, 1).unwrap();
    doorless.entrance_cell = None;
    assert!(matches!(
        generate_surface_around(&settings(), 1, &doorless),
        Err(SurfaceError::NoEntrance(None))
    ));
    let crowded = SurfaceSettings {
        salvage_base: 32,
        min_salvage_separation: 40,
        ..SurfaceSettings::default()
    };
    assert!(matches!(
        generate_surface_with(&crowded, 1, 1),
        Err(SurfaceError::Salvage { wanted: 32, .. })
    ));
}
