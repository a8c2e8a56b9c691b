//! `SurfaceGenerator` and `SurfaceLayout`: the core's surface chunk around a building as a
//! Godot `Resource`, and its static generator.

use godot::prelude::*;
use outpost_core::surface::{
    self as core, SalvageKind, SalvageNode, Terrain, TerrainGrid, generate_surface_with,
};
use outpost_core::{StoreyLayout as CoreLayout, params};

use crate::convert;
use crate::enums::class_enum;
use crate::guard::guarded;
use crate::settings::SurfaceGenerationSettings;

/// The surface chunk around a building (48 x 48 cells by default): terrain, the
/// building's footprint with its door, and salvage nodes. Pure data, no scene nodes.
///
/// `cells[x][y]` is a `SurfaceLayout.Terrain` value (`GROUND` 0, `ROCK` 1, `RUBBLE` 2,
/// `FOOTPRINT` 3: the building, `DOOR` 4: the doorstep in front of its ENTRANCE).
/// `footprint` is the building's ground floor's rectangle in the chunk: the ground
/// floor's cell `(x, y)` is chunk cell `footprint.position + Vector2i(x, y)`;
/// `entrance_cell` is the ground floor's ENTRANCE there, `door_cell` the cell in front of
/// it. Each of `salvage_nodes` is a `Dictionary` with `kind` (`"SCRAP"`, `"ALLOY"` or
/// `"CIRCUITS"`), `cell` (`Vector2i`) and `amount` (the materials it yields). Every field
/// is exported, so a surface saved with `ResourceSaver` loads back equal; a hand-edited
/// file is reported by `get_data_error()`.
#[derive(GodotClass)]
#[class(init, base = Resource, tool)]
pub struct SurfaceLayout {
    /// The building's master seed.
    #[export]
    seed_value: i64,
    /// Outpost level, 1-4.
    #[export]
    #[init(val = 1)]
    outpost_level: i64,
    /// Chunk width in cells.
    #[export]
    width: i64,
    /// Chunk height in cells.
    #[export]
    height: i64,
    /// `cells[x][y]`: `width` columns of `height` `SurfaceLayout.Terrain` bytes each.
    #[export]
    cells: Array<PackedByteArray>,
    /// The ground floor's rectangle in the chunk.
    #[export]
    footprint: Rect2i,
    /// The ground floor's ENTRANCE in chunk coordinates (a FOOTPRINT cell).
    #[export]
    #[init(val = Vector2i::new(-1, -1))]
    entrance_cell: Vector2i,
    /// The DOOR: the cell in front of the ENTRANCE, outside the building.
    #[export]
    #[init(val = Vector2i::new(-1, -1))]
    door_cell: Vector2i,
    /// The salvage nodes: `{kind, cell, amount}` each, in the order they were drawn.
    #[export]
    salvage_nodes: Array<VarDictionary>,
    base: Base<Resource>,
}

#[godot_api]
impl SurfaceLayout {
    /// The `SurfaceLayout.Terrain` at `cell`; -1 off the chunk.
    #[func]
    pub fn get_cell(&self, cell: Vector2i) -> i64 {
        self.column(cell.x)
            .and_then(|c| c.get(usize::try_from(cell.y).ok()?))
            .map_or(-1, i64::from)
    }

    /// True if `cell` holds GROUND, RUBBLE or DOOR.
    #[func]
    pub fn is_walkable(&self, cell: Vector2i) -> bool {
        Terrain::try_from(self.get_cell(cell)).is_ok_and(Terrain::is_walkable)
    }

    /// True if `cell` lies inside the `width` x `height` chunk.
    #[func]
    pub fn in_bounds(&self, cell: Vector2i) -> bool {
        (0..self.width).contains(&i64::from(cell.x))
            && (0..self.height).contains(&i64::from(cell.y))
    }

    /// Every cell holding `terrain` (a `SurfaceLayout.Terrain`), column by column. Empty
    /// (with an error) for a malformed surface or an unknown terrain.
    #[func]
    pub fn get_cells_of_type(&self, terrain: i64) -> Array<Vector2i> {
        guarded("SurfaceLayout.get_cells_of_type", Array::new, || {
            let found = Terrain::try_from(terrain)
                .map_err(|v| format!("{v} is not a SurfaceLayout.Terrain (0..=4)"))
                .and_then(|t| Ok(self.core_grid()?.positions_of(t).collect::<Vec<_>>()));
            match found {
                Ok(cells) => convert::vec2i_array(&cells),
                Err(e) => {
                    godot_error!("SurfaceLayout.get_cells_of_type: {e}");
                    Array::new()
                }
            }
        })
    }

    /// The cells of the salvage nodes, in `salvage_nodes` order.
    #[func]
    pub fn get_salvage_cells(&self) -> Array<Vector2i> {
        self.salvage_nodes
            .iter_shared()
            .map(|node| node.get("cell").map_or(Vector2i::new(-1, -1), |v| v.to()))
            .collect()
    }

    /// The chunk as text, one row per line: `.` ground, `^` rock, `:` rubble, `#` the
    /// building, `+` the door, `D` the ENTRANCE, and each salvage node as `s` (scrap),
    /// `a` (alloy) or `c` (circuits). Empty (with an error) for a malformed surface.
    #[func]
    pub fn to_ascii(&self) -> GString {
        guarded("SurfaceLayout.to_ascii", GString::new, || {
            match self.to_core() {
                Ok(surface) => GString::from(&surface.to_ascii()),
                Err(e) => {
                    godot_error!("SurfaceLayout.to_ascii: {e}");
                    GString::new()
                }
            }
        })
    }

    /// Why this resource is not a well-formed surface (a bad value, a ragged `cells`, a
    /// salvage node without its keys...), or `""` if it is. Does not check the surface's
    /// rules.
    #[func]
    pub fn get_data_error(&self) -> GString {
        guarded(
            "SurfaceLayout.get_data_error",
            || GString::from("internal error"),
            || match self.to_core() {
                Ok(_) => GString::new(),
                Err(e) => GString::from(&e),
            },
        )
    }
}

impl SurfaceLayout {
    /// A new resource holding `surface`.
    pub fn from_core(surface: &core::SurfaceLayout) -> Gd<Self> {
        let columns: Vec<PackedByteArray> = (0..surface.cells.width())
            .map(|x| {
                let bytes: Vec<u8> = surface.cells.column(x).iter().map(|&t| t as u8).collect();
                PackedByteArray::from(bytes.as_slice())
            })
            .collect();
        let nodes: Vec<VarDictionary> = surface.salvage_nodes.iter().map(node_dictionary).collect();
        Gd::from_init_fn(|base| SurfaceLayout {
            seed_value: surface.seed_value,
            outpost_level: i64::from(surface.outpost_level),
            width: i64::from(surface.width),
            height: i64::from(surface.height),
            cells: Array::from(columns.as_slice()),
            footprint: convert::rect2i(surface.footprint),
            entrance_cell: convert::vec2i(surface.entrance_cell),
            door_cell: convert::vec2i(surface.door_cell),
            salvage_nodes: Array::from(nodes.as_slice()),
            base,
        })
    }

    fn column(&self, x: i32) -> Option<PackedByteArray> {
        self.cells.get(usize::try_from(x).ok()?)
    }

    /// The cells as the core's grid; the error names the first bad value.
    fn core_grid(&self) -> Result<TerrainGrid, String> {
        let columns: Vec<Vec<i64>> = self
            .cells
            .iter_shared()
            .map(|c| c.as_slice().iter().map(|&v| i64::from(v)).collect())
            .collect();
        TerrainGrid::from_columns(&columns)
    }

    /// The core surface this resource holds; the error names the first bad value.
    fn to_core(&self) -> Result<core::SurfaceLayout, String> {
        let cells = self.core_grid()?;
        if i64::from(cells.width()) != self.width || i64::from(cells.height()) != self.height {
            return Err(format!(
                "cells is {} x {} but width x height is {} x {}",
                cells.width(),
                cells.height(),
                self.width,
                self.height
            ));
        }
        let salvage_nodes = self
            .salvage_nodes
            .iter_shared()
            .enumerate()
            .map(|(i, d)| core_node(i, &d))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(core::SurfaceLayout {
            seed_value: self.seed_value,
            outpost_level: convert::u32_at_least("outpost_level", self.outpost_level, 1)?,
            width: cells.width(),
            height: cells.height(),
            cells,
            footprint: convert::rect(self.footprint),
            entrance_cell: convert::pos(self.entrance_cell),
            door_cell: convert::pos(self.door_cell),
            salvage_nodes,
        })
    }
}

/// A salvage node as `{kind, cell, amount}`.
fn node_dictionary(node: &SalvageNode) -> VarDictionary {
    let mut d = VarDictionary::new();
    d.set("kind", node.kind.name());
    d.set("cell", convert::vec2i(node.cell));
    d.set("amount", i64::from(node.amount));
    d
}

/// `salvage_nodes[i]` as the core's node; the error names the bad key or value.
fn core_node(i: usize, d: &VarDictionary) -> Result<SalvageNode, String> {
    let kind_name: GString = d
        .get("kind")
        .and_then(|v| v.try_to().ok())
        .ok_or_else(|| format!("salvage_nodes[{i}] has no \"kind\" string"))?;
    let kind = SalvageKind::ALL
        .into_iter()
        .find(|k| kind_name == k.name())
        .ok_or_else(|| {
            format!("salvage_nodes[{i}].kind = {kind_name:?} is not SCRAP, ALLOY or CIRCUITS")
        })?;
    let cell: Vector2i = d
        .get("cell")
        .and_then(|v| v.try_to().ok())
        .ok_or_else(|| format!("salvage_nodes[{i}] has no \"cell\" Vector2i"))?;
    let amount: i64 = d
        .get("amount")
        .and_then(|v| v.try_to().ok())
        .ok_or_else(|| format!("salvage_nodes[{i}] has no \"amount\" int"))?;
    let amount = u32::try_from(amount)
        .map_err(|_| format!("salvage_nodes[{i}].amount = {amount} is not in 0..=4294967295"))?;
    Ok(SalvageNode {
        kind,
        cell: convert::pos(cell),
        amount,
    })
}

/// Generates the surface chunk around a building: static and deterministic, the same
/// arguments give the same surface on every run and machine.
///
/// ```gdscript
/// var surface := SurfaceGenerator.generate(master_seed, level)
/// var storeys := StoreyGenerator.generate_building(master_seed, 3, level, true)
/// # The footprint is the building's ground floor, its ENTRANCE beside the door:
/// var ground: StoreyLayout = storeys[1]
/// assert(surface.entrance_cell == surface.footprint.position + ground.entrance_cell)
/// ```
///
/// Bad arguments: `push_error` naming the bad value, and `null`.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct SurfaceGenerator {
    base: Base<RefCounted>,
}

#[godot_api]
impl SurfaceGenerator {
    /// Chunk width with the default settings (48).
    #[constant]
    const DEFAULT_WIDTH: i64 = params::SURFACE_WIDTH as i64;
    /// Chunk height with the default settings (48).
    #[constant]
    const DEFAULT_HEIGHT: i64 = params::SURFACE_HEIGHT as i64;

    /// The surface chunk of building `seed` (its master seed, as
    /// `StoreyGenerator.generate_building` takes it) at `outpost_level` (1-4), with the
    /// default settings: `generate_with(null, seed, outpost_level)`. `null` (after
    /// `push_error`) for a level out of range.
    #[func]
    pub fn generate(seed: i64, outpost_level: i64) -> Option<Gd<SurfaceLayout>> {
        guarded(
            "SurfaceGenerator.generate",
            || None,
            || {
                surface(
                    "generate",
                    &core::SurfaceSettings::default(),
                    seed,
                    outpost_level,
                )
            },
        )
    }

    /// `generate()` with `settings` (a `SurfaceGenerationSettings`; null: the defaults).
    /// `null` after `push_error` for a setting out of its range (naming the setting, its
    /// value and its range), a level out of range, and settings this chunk cannot meet.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn generate_with(
        settings: Option<Gd<SurfaceGenerationSettings>>,
        seed: i64,
        outpost_level: i64,
    ) -> Option<Gd<SurfaceLayout>> {
        guarded(
            "SurfaceGenerator.generate_with",
            || None,
            || {
                let core = settings
                    .as_ref()
                    .map_or_else(core::SurfaceSettings::default, |s| s.bind().to_core());
                surface("generate_with", &core, seed, outpost_level)
            },
        )
    }

    /// The surface around `ground` (a GROUND_FLOOR `StoreyLayout` with its ENTRANCE, e.g.
    /// one made with `StoreyGenerator.generate_building_with` and other settings), from
    /// building seed `seed`, with `settings` (null: the defaults). `null` after
    /// `push_error` for another storey type, a layout without its ENTRANCE, or bad
    /// settings.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn generate_around(
        settings: Option<Gd<SurfaceGenerationSettings>>,
        seed: i64,
        ground: Option<Gd<crate::layout::StoreyLayout>>,
    ) -> Option<Gd<SurfaceLayout>> {
        guarded(
            "SurfaceGenerator.generate_around",
            || None,
            || {
                let Some(ground) = ground else {
                    godot_error!("SurfaceGenerator.generate_around: ground is null");
                    return None;
                };
                let layout: Result<CoreLayout, String> = ground.bind().to_core();
                let core = settings
                    .as_ref()
                    .map_or_else(core::SurfaceSettings::default, |s| s.bind().to_core());
                let made = layout.and_then(|g| {
                    core::generate_surface_around(&core, seed, &g).map_err(|e| e.to_string())
                });
                match made {
                    Ok(s) => Some(SurfaceLayout::from_core(&s)),
                    Err(e) => {
                        godot_error!("SurfaceGenerator.generate_around: {e}");
                        None
                    }
                }
            },
        )
    }
}

/// One surface for `method`.
fn surface(
    method: &str,
    settings: &core::SurfaceSettings,
    seed: i64,
    outpost_level: i64,
) -> Option<Gd<SurfaceLayout>> {
    match generate_surface_with(settings, seed, outpost_level) {
        Ok(s) => Some(SurfaceLayout::from_core(&s)),
        Err(e) => {
            godot_error!("SurfaceGenerator.{method}: {e}");
            None
        }
    }
}

class_enum!(
    /// `SurfaceLayout.Terrain`: every terrain of a surface cell.
    TerrainEnum = SurfaceLayout.Terrain,
    Terrain::ALL.map(|t| (t.name(), t as i64)).to_vec()
);
