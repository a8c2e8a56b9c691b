//! `StoreyLayout`: the core's layout as a Godot `Resource` (savable as `.tres`).

use std::sync::{Mutex, PoisonError};

use godot::classes::{IResource, Resource};
use godot::meta::Element;
use godot::prelude::*;
use outpost_core as core;
use outpost_core::wall_kit;
use outpost_core::{CellType, Grid, PATH_OVERLAY, Pos};

use crate::convert;
use crate::enums::{EnumValue, class_enum};
use crate::guard::guarded;

/// One generated storey: pure data, no scene nodes. Field names and meanings are those of
/// the reference's `StoreyLayout.gd`; `cells[x][y]` is a `CellType` value.
///
/// Enums: `StoreyLayout.CellType` (`OUT_OF_BOUNDS` 0, `WALL` 1, `EMPTY` 2, `ENTRY` 3,
/// `BEACON` 4, `SHAFT` 5, `STAIRCASE` 6, `PATH` 7 - an overlay value never stored in
/// `cells` -, `ENTRANCE` 8: the player's door of a GROUND_FLOOR) and `StoreyLayout.StoreyType` (`GROUND_FLOOR` 0, `UPPER_FLOOR` 1,
/// `UNDERGROUND` 2).
///
/// Every field is exported, so a layout saved with `ResourceSaver` loads back equal. A
/// hand-edited file is not trusted: `is_consistent()` / `get_data_error()` report the
/// first bad value, and every method that needs the core layout reports it with
/// `push_error` instead of crashing.
#[derive(GodotClass)]
#[class(init, base = Resource, tool)]
pub struct StoreyLayout {
    /// The seed the caller asked for (retries use derived seeds but keep this one).
    #[export]
    pub(crate) seed_value: i64,
    /// A `StoreyLayout.StoreyType` value.
    #[export]
    pub(crate) storey_type: StoreyTypeValue,
    /// The generator's depth parameter (1-based): larger grids and more entries and
    /// beacons as it grows. In a building the storeys above ground have depths 1, 2, ...
    /// from the ground floor up, and an UNDERGROUND storey the next depth after them.
    #[export]
    #[init(val = 1)]
    pub(crate) storey_depth: i64,
    /// Outpost level, 1-4.
    #[export]
    #[init(val = 1)]
    pub(crate) outpost_level: i64,
    /// Grid width in cells.
    #[export]
    pub(crate) width: i64,
    /// Grid height in cells.
    #[export]
    pub(crate) height: i64,
    /// The grid, `cells[x][y]`: `width` columns of `height` `CellType` bytes each.
    #[export]
    #[var(get = get_cells, set = set_cells)]
    cells: Array<PackedByteArray>,
    /// ENTRY positions: 1-3 depending on the storey depth.
    #[export]
    pub(crate) entry_cells: Array<Vector2i>,
    /// BEACON positions: 1-3 depending on the storey depth; the first is the primary.
    #[export]
    pub(crate) beacon_cells: Array<Vector2i>,
    /// The first BEACON, always a dead end or a corner.
    #[export]
    #[init(val = Vector2i::new(-1, -1))]
    pub(crate) primary_beacon: Vector2i,
    /// Exactly two SHAFT positions.
    #[export]
    pub(crate) shaft_cells: Array<Vector2i>,
    /// The single STAIRCASE position.
    #[export]
    #[init(val = Vector2i::new(-1, -1))]
    pub(crate) staircase_cell: Vector2i,
    /// The ENTRANCE of a GROUND_FLOOR: the player's door in the outer wall (walkable,
    /// never an enemy spawn). `Vector2i(-1, -1)` on every other storey.
    #[export]
    #[init(val = Vector2i::new(-1, -1))]
    pub(crate) entrance_cell: Vector2i,
    /// Shortest path from the first ENTRY to the primary BEACON (`enemy_paths[0]`).
    #[export]
    #[var(get = get_enemy_path, set = set_enemy_path)]
    enemy_path: Array<Vector2i>,
    /// One shortest path (an `Array[Vector2i]`) per ENTRY, in `entry_cells` order, each
    /// ending at the primary BEACON. (Godot has no nested typed arrays: the outer array
    /// is untyped, each element is a typed `Array[Vector2i]`.)
    #[export]
    #[var(get = get_enemy_paths, set = set_enemy_paths)]
    enemy_paths: VarArray,
    /// Number of distinct walkable regions (1 when healthy).
    #[export]
    pub(crate) open_zone_count: i64,
    /// Room rectangles after the inset, in BSP order (left to right by X midpoint).
    #[export]
    #[var(get = get_rooms, set = set_rooms)]
    rooms: Array<Rect2i>,
    /// The authored rooms placed in the storey, in placement order: each a `Dictionary`
    /// with `name` (String), `rect` (Rect2i: the turned footprint, its wall included),
    /// `transform` (String: `r0`, `r90`, `r180`, `r270`, or `m0`..`m270` mirrored
    /// left-right first), `doorways` (Array[Vector2i]) and `markers` (Dictionary from each
    /// marker letter to its cells, an Array[Vector2i]). Empty for a storey generated
    /// without rooms.
    #[export]
    pub(crate) placed_rooms: Array<VarDictionary>,
    /// Generation attempts used (1 unless the generator had to retry).
    #[export]
    pub(crate) generation_attempts: i64,
    /// The generated layout that `cells`, `enemy_path`, `enemy_paths` and `rooms` are
    /// converted from on their first read (`None` for a layout made in GDScript or loaded
    /// from a file). Until a field is read or set, nothing can have changed it, so the
    /// Rust methods read it straight from here.
    source: Option<Box<core::StoreyLayout>>,
    /// The fields (`Lazy` bits) still to be converted from `source`. A mutex, not a
    /// `Cell`: getters take `&self`, and a layout may be read from several threads.
    pending: Mutex<u8>,
    base: Base<Resource>,
}

/// The fields a generated layout converts on first read: together they are most of the
/// cost of turning a core layout into a resource (measured: docs/performance.md), and a
/// renderer or a game reads few of them.
struct Lazy;

impl Lazy {
    const CELLS: u8 = 1;
    const ENEMY_PATH: u8 = 2;
    const ENEMY_PATHS: u8 = 4;
    const ROOMS: u8 = 8;
    const ALL: u8 = Self::CELLS | Self::ENEMY_PATH | Self::ENEMY_PATHS | Self::ROOMS;
}

#[godot_api]
impl IResource for StoreyLayout {}

#[godot_api]
impl StoreyLayout {
    /// Getter of `cells` (converts it from the generated layout on first read).
    #[func]
    fn get_cells(&self) -> Array<PackedByteArray> {
        self.lazy(Lazy::CELLS, &self.cells, |l| {
            convert::grid_columns(&l.cells)
        })
    }

    /// Setter of `cells`.
    #[func]
    fn set_cells(&mut self, cells: Array<PackedByteArray>) {
        self.set_lazy(Lazy::CELLS, cells, |s| &mut s.cells);
    }

    /// Getter of `enemy_path`.
    #[func]
    fn get_enemy_path(&self) -> Array<Vector2i> {
        self.lazy(Lazy::ENEMY_PATH, &self.enemy_path, |l| {
            convert::vec2i_array(&l.enemy_path)
        })
    }

    /// Setter of `enemy_path`.
    #[func]
    fn set_enemy_path(&mut self, path: Array<Vector2i>) {
        self.set_lazy(Lazy::ENEMY_PATH, path, |s| &mut s.enemy_path);
    }

    /// Getter of `enemy_paths`.
    #[func]
    fn get_enemy_paths(&self) -> VarArray {
        self.lazy(Lazy::ENEMY_PATHS, &self.enemy_paths, |l| {
            let paths: Vec<Variant> = l
                .enemy_paths
                .iter()
                .map(|p| convert::vec2i_array(p).to_variant())
                .collect();
            VarArray::from(paths.as_slice())
        })
    }

    /// Setter of `enemy_paths`.
    #[func]
    fn set_enemy_paths(&mut self, paths: VarArray) {
        self.set_lazy(Lazy::ENEMY_PATHS, paths, |s| &mut s.enemy_paths);
    }

    /// Getter of `rooms`.
    #[func]
    fn get_rooms(&self) -> Array<Rect2i> {
        self.lazy(Lazy::ROOMS, &self.rooms, |l| {
            convert::rect2i_array(&l.rooms)
        })
    }

    /// Setter of `rooms`.
    #[func]
    fn set_rooms(&mut self, rooms: Array<Rect2i>) {
        self.set_lazy(Lazy::ROOMS, rooms, |s| &mut s.rooms);
    }

    /// The `CellType` at `cell`; `OUT_OF_BOUNDS` (0) off the grid.
    #[func]
    pub fn get_cell(&self, cell: Vector2i) -> i64 {
        self.cell_value(cell)
            .map_or(CellType::OutOfBounds as i64, i64::from)
    }

    /// True if `cell` holds EMPTY, ENTRY, BEACON, SHAFT, STAIRCASE or ENTRANCE.
    #[func]
    pub fn is_walkable(&self, cell: Vector2i) -> bool {
        self.cell_value(cell)
            .and_then(|v| CellType::try_from(i64::from(v)).ok())
            .is_some_and(CellType::is_walkable)
    }

    /// True if `cell` lies inside the `width` x `height` grid.
    #[func]
    pub fn in_bounds(&self, cell: Vector2i) -> bool {
        (0..self.width).contains(&i64::from(cell.x))
            && (0..self.height).contains(&i64::from(cell.y))
    }

    /// Position of `cell`'s top-left corner, relative to the storey:
    /// `(x * CELL_SIZE, 0, y * CELL_SIZE)`.
    #[func]
    #[expect(
        clippy::unused_self,
        reason = "a method of every layout in the Godot API, as in the reference"
    )]
    pub fn cell_world_position(&self, cell: Vector2i) -> Vector3 {
        convert::vector3(core::StoreyLayout::cell_world_position(cell.x, cell.y))
    }

    /// Position of `cell`'s centre on the floor, relative to the storey:
    /// `(x * CELL_SIZE + 0.5, 0, y * CELL_SIZE + 0.5)`. (`cell_center` in GDScript,
    /// spelt as Godot spells it.)
    #[func(rename = cell_center)]
    #[expect(
        clippy::unused_self,
        reason = "a method of every layout in the Godot API, as in the reference"
    )]
    pub fn cell_centre(&self, cell: Vector2i) -> Vector3 {
        convert::vector3(core::StoreyLayout::cell_centre(cell.x, cell.y))
    }

    /// Every cell holding `cell_type` (a `CellType`), column by column. `PATH` (7) gives
    /// the PATH overlay's cells: every `enemy_paths` cell except ENTRY, BEACON, SHAFT,
    /// STAIRCASE and ENTRANCE, each once. Empty (with an error) for a malformed layout or an unknown
    /// type.
    #[func]
    pub fn get_cells_of_type(&self, cell_type: i64) -> Array<Vector2i> {
        guarded(
            "StoreyLayout.get_cells_of_type",
            Array::new,
            || match self.cells_of(cell_type) {
                Ok(cells) => convert::vec2i_array(&cells),
                Err(e) => report("get_cells_of_type", &e, Array::new()),
            },
        )
    }

    /// A `MultiMesh` buffer (`TRANSFORM_3D`: 12 floats per instance) placing one unscaled
    /// instance on every cell `get_cells_of_type(cell_type)` lists, in that order: its
    /// origin at the cell's floor centre plus `offset`. Empty (with an error) for a
    /// malformed layout or an unknown type.
    #[func]
    pub fn get_cell_transforms(&self, cell_type: i64, offset: Vector3) -> PackedFloat32Array {
        guarded(
            "StoreyLayout.get_cell_transforms",
            PackedFloat32Array::new,
            || match self.cells_of(cell_type) {
                Ok(cells) => convert::translations(&cells, offset),
                Err(e) => report("get_cell_transforms", &e, PackedFloat32Array::new()),
            },
        )
    }

    /// Disjoint rectangles that together hold exactly the cells of `cell_type` (a
    /// `CellType`), found by a greedy sweep: a few boxes instead of one per cell, for
    /// collision shapes. Empty (with an error) for a malformed layout or an unknown type.
    #[func]
    pub fn get_cover_rects(&self, cell_type: i64) -> Array<Rect2i> {
        guarded("StoreyLayout.get_cover_rects", Array::new, || {
            match (self.core_grid(), convert::cell_type(cell_type)) {
                (Ok(grid), Ok(t)) => core::cover_rects(&grid, |c| c == t)
                    .into_iter()
                    .map(convert::rect2i)
                    .collect(),
                (Err(e), _) | (_, Err(e)) => report("get_cover_rects", &e, Array::new()),
            }
        })
    }

    /// The dual-grid wall kit's `MultiMesh` buffers, one per piece: a `Dictionary` from
    /// each piece's name (`"outer_corner"`, `"straight"`, `"saddle"`, `"inner_corner"`,
    /// `"full"`, always all five, in that order) to a `PackedFloat32Array` ready for
    /// `MultiMesh.buffer` (`TRANSFORM_3D`, no colours: 12 floats per instance). A tile
    /// stands on every grid vertex whose four cells hold a WALL (cells off the grid and
    /// OUT_OF_BOUNDS count as not wall); its piece, turned clockwise seen from above by
    /// quarter turns, covers exactly the quarters of those cells that are WALL, so all
    /// the pieces together cover exactly the WALL cells. An instance's origin is its
    /// vertex, `(vx * tile_size, 0, vy * tile_size) + offset`; pieces are modelled for a
    /// tile of `tile_size` centred on the origin, canonical quadrants north-west
    /// (`outer_corner`), north (`straight`), north-west and south-east (`saddle`), all but
    /// south-west (`inner_corner`). Empty (with an error) for a malformed layout or a
    /// `tile_size` that is not a positive finite number.
    #[func]
    pub fn get_wall_kit_buffers(
        &self,
        #[opt(default = 1.0)] tile_size: f64,
        #[opt(default = Vector3::ZERO)] offset: Vector3,
    ) -> VarDictionary {
        guarded(
            "StoreyLayout.get_wall_kit_buffers",
            VarDictionary::new,
            || {
                if !(tile_size.is_finite() && tile_size > 0.0) {
                    let e = format!("tile_size = {tile_size} is not a positive finite number");
                    return report("get_wall_kit_buffers", &e, VarDictionary::new());
                }
                match self.core_grid() {
                    Ok(grid) => {
                        let offset = [offset.x, offset.y, offset.z];
                        let buffers = wall_kit::piece_buffers(&grid, tile_size as f32, offset);
                        let mut out = VarDictionary::new();
                        for (piece, buffer) in wall_kit::WallPiece::ALL.into_iter().zip(buffers) {
                            out.set(piece.name(), &PackedFloat32Array::from(buffer.as_slice()));
                        }
                        out
                    }
                    Err(e) => report("get_wall_kit_buffers", &e, VarDictionary::new()),
                }
            },
        )
    }

    /// The grid as text, one row per line: `~` OUT_OF_BOUNDS, `#` WALL, `.` EMPTY,
    /// `E` ENTRY, `B` BEACON, `O` SHAFT, `S` STAIRCASE, `D` ENTRANCE. Empty (with an error) if `cells`
    /// is not a valid grid.
    #[func]
    pub fn to_ascii(&self) -> GString {
        guarded("StoreyLayout.to_ascii", GString::new, || {
            match self.core_grid() {
                Ok(grid) => GString::from(&outpost_core::ascii::render(&grid)),
                Err(e) => {
                    godot_error!("StoreyLayout.to_ascii: {e}");
                    GString::new()
                }
            }
        })
    }

    /// Like `to_ascii()`, with `enemy_paths` drawn as the PATH overlay (`*`).
    #[func]
    pub fn to_ascii_with_paths(&self) -> GString {
        guarded(
            "StoreyLayout.to_ascii_with_paths",
            GString::new,
            || match self.to_core() {
                Ok(layout) => GString::from(&layout.to_ascii_with_paths()),
                Err(e) => {
                    godot_error!("StoreyLayout.to_ascii_with_paths: {e}");
                    GString::new()
                }
            },
        )
    }

    /// Why this resource is not a well-formed layout (a bad value, a ragged or empty
    /// `cells`, `cells` not `width` x `height`...), or `""` if it is. Does not check the
    /// generation rules: use `StoreyValidator.validate()` for those.
    #[func]
    pub fn get_data_error(&self) -> GString {
        guarded(
            "StoreyLayout.get_data_error",
            || GString::from("internal error"),
            || match self.to_core().and_then(|l| check_dimensions(&l)) {
                Ok(()) => GString::new(),
                Err(e) => GString::from(&e),
            },
        )
    }

    /// True if `get_data_error()` is empty; otherwise reports that error with `push_error`.
    #[func]
    pub fn is_consistent(&self) -> bool {
        let error = self.get_data_error();
        if error.is_empty() {
            true
        } else {
            godot_error!("StoreyLayout is not consistent: {error}");
            false
        }
    }

    /// True if both layouts are well formed and hold the same data in every field.
    #[func]
    pub fn is_equal_to(&self, other: Option<Gd<StoreyLayout>>) -> bool {
        guarded(
            "StoreyLayout.is_equal_to",
            || false,
            || {
                let Some(other) = other else { return false };
                match (self.to_core(), other.bind().to_core()) {
                    (Ok(a), Ok(b)) => a == b,
                    _ => false,
                }
            },
        )
    }
}

/// Rust-side conversions (not exported).
impl StoreyLayout {
    /// A new resource holding `layout`. The small fields are converted now; `cells`,
    /// `enemy_path`, `enemy_paths` and `rooms` on their first read (see `source`).
    pub fn from_core(layout: core::StoreyLayout) -> Gd<Self> {
        Gd::from_init_fn(|base| StoreyLayout {
            seed_value: layout.seed_value,
            storey_type: StoreyTypeValue::new(layout.storey_type as i64),
            storey_depth: i64::from(layout.storey_depth),
            outpost_level: i64::from(layout.outpost_level),
            width: i64::from(layout.width),
            height: i64::from(layout.height),
            cells: Array::new(),
            entry_cells: convert::vec2i_array(&layout.entry_cells),
            beacon_cells: convert::vec2i_array(&layout.beacon_cells),
            primary_beacon: convert::vec2i(layout.primary_beacon),
            shaft_cells: convert::vec2i_array(&layout.shaft_cells),
            staircase_cell: convert::vec2i(layout.staircase_cell),
            entrance_cell: layout
                .entrance_cell
                .map_or(Vector2i::new(-1, -1), convert::vec2i),
            enemy_path: Array::new(),
            enemy_paths: VarArray::new(),
            open_zone_count: i64::from(layout.open_zone_count),
            rooms: Array::new(),
            placed_rooms: layout
                .placed_rooms
                .iter()
                .map(convert::placed_room_dict)
                .collect(),
            generation_attempts: i64::from(layout.generation_attempts),
            source: Some(Box::new(layout)),
            pending: Mutex::new(Lazy::ALL),
            base,
        })
    }

    /// Makes this resource hold `layout` in every field, as [`Self::from_core`] makes a
    /// new one (the large fields converted again on their next read), and says so with
    /// `changed`.
    pub(crate) fn replace_with_core(&mut self, layout: core::StoreyLayout) {
        let mut fresh = Self::from_core(layout);
        {
            let mut fresh = fresh.bind_mut();
            self.seed_value = fresh.seed_value;
            self.storey_type = fresh.storey_type;
            self.storey_depth = fresh.storey_depth;
            self.outpost_level = fresh.outpost_level;
            self.width = fresh.width;
            self.height = fresh.height;
            self.cells = Array::new();
            self.entry_cells = std::mem::take(&mut fresh.entry_cells);
            self.beacon_cells = std::mem::take(&mut fresh.beacon_cells);
            self.primary_beacon = fresh.primary_beacon;
            self.shaft_cells = std::mem::take(&mut fresh.shaft_cells);
            self.staircase_cell = fresh.staircase_cell;
            self.entrance_cell = fresh.entrance_cell;
            self.enemy_path = Array::new();
            self.enemy_paths = VarArray::new();
            self.open_zone_count = fresh.open_zone_count;
            self.rooms = Array::new();
            self.placed_rooms = std::mem::take(&mut fresh.placed_rooms);
            self.generation_attempts = fresh.generation_attempts;
            self.source = fresh.source.take();
            *self
                .pending
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner) = Lazy::ALL;
        }
        self.base_mut().emit_changed();
    }

    /// One resource per storey of `building`, bottom first.
    pub fn from_building(building: outpost_core::Building) -> Array<Gd<Self>> {
        let storeys: Vec<Gd<Self>> = building.storeys.into_iter().map(Self::from_core).collect();
        Array::from(storeys.as_slice())
    }

    /// The core layout this resource holds; the error names the first bad value. The
    /// generation rules are not checked here (see `outpost_core::validate`).
    pub fn to_core(&self) -> Result<core::StoreyLayout, String> {
        let source = self.source.as_deref();
        let pending = |field: u8| source.filter(|_| self.is_pending(field));
        let enemy_paths = match pending(Lazy::ENEMY_PATHS) {
            Some(source) => source.enemy_paths.clone(),
            None => self
                .enemy_paths
                .iter_shared()
                .enumerate()
                .map(|(i, p)| convert::path(i, &p))
                .collect::<Result<Vec<_>, _>>()?,
        };
        Ok(core::StoreyLayout {
            seed_value: self.seed_value,
            storey_type: convert::storey_type(self.storey_type.0)?,
            storey_depth: convert::u32_at_least("storey_depth", self.storey_depth, 1)?,
            outpost_level: convert::u32_at_least("outpost_level", self.outpost_level, 1)?,
            width: convert::i32_of("width", self.width)?,
            height: convert::i32_of("height", self.height)?,
            cells: self.core_grid()?,
            entry_cells: convert::positions(&self.entry_cells),
            beacon_cells: convert::positions(&self.beacon_cells),
            primary_beacon: convert::pos(self.primary_beacon),
            shaft_cells: convert::positions(&self.shaft_cells),
            staircase_cell: convert::pos(self.staircase_cell),
            entrance_cell: (self.entrance_cell != Vector2i::new(-1, -1))
                .then(|| convert::pos(self.entrance_cell)),
            enemy_path: match pending(Lazy::ENEMY_PATH) {
                Some(source) => source.enemy_path.clone(),
                None => convert::positions(&self.enemy_path),
            },
            enemy_paths,
            open_zone_count: convert::u32_at_least("open_zone_count", self.open_zone_count, 0)?,
            rooms: match pending(Lazy::ROOMS) {
                Some(source) => source.rooms.clone(),
                None => convert::to_vec(&self.rooms)
                    .into_iter()
                    .map(convert::rect)
                    .collect(),
            },
            placed_rooms: self
                .placed_rooms
                .iter_shared()
                .enumerate()
                .map(|(i, d)| convert::placed_room(i, &d))
                .collect::<Result<Vec<_>, _>>()?,
            generation_attempts: convert::u32_at_least(
                "generation_attempts",
                self.generation_attempts,
                0,
            )?,
        })
    }

    /// Only the rooms (what tower-zone advice needs).
    pub fn core_rooms(&self) -> Vec<core::Rect> {
        match self.pending_source(Lazy::ROOMS) {
            Some(source) => source.rooms.clone(),
            None => convert::to_vec(&self.rooms)
                .into_iter()
                .map(convert::rect)
                .collect(),
        }
    }

    /// Only the grid (what path searches need); the error names the first bad value.
    pub fn core_grid(&self) -> Result<Grid, String> {
        match self.pending_source(Lazy::CELLS) {
            Some(source) => Ok(source.cells.clone()),
            None => convert::grid(&self.cells),
        }
    }

    /// `source` while none of `fields` has been converted from it yet.
    fn pending_source(&self, fields: u8) -> Option<&core::StoreyLayout> {
        self.source.as_deref().filter(|_| self.is_pending(fields))
    }

    /// True while none of `fields` has been converted from `source` yet.
    fn is_pending(&self, fields: u8) -> bool {
        *self.pending.lock().unwrap_or_else(PoisonError::into_inner) & fields == fields
    }

    /// The lazily converted `field`, whose value is `slot`: on its first read, `convert`
    /// makes it from `source` and fills `slot` in place (a Godot array is shared, so the
    /// resource's own field fills). Holds the lock throughout, so a second reader waits
    /// for a whole field.
    fn lazy<T: Element>(
        &self,
        field: u8,
        slot: &Array<T>,
        convert: impl FnOnce(&core::StoreyLayout) -> Array<T>,
    ) -> Array<T> {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if *pending & field != 0 {
            if let Some(source) = self.source.as_deref() {
                slot.clone().extend_array(&convert(source));
            }
            *pending &= !field;
        }
        slot.clone()
    }

    /// Sets the lazily converted `field`, whose storage `slot` finds, to `value`: from
    /// now on it no longer comes from `source`.
    fn set_lazy<T: Element>(
        &mut self,
        field: u8,
        value: Array<T>,
        slot: impl FnOnce(&mut Self) -> &mut Array<T>,
    ) {
        *self
            .pending
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner) &= !field;
        *slot(self) = value;
    }

    /// The cells of `cell_type`, or of the PATH overlay for `PATH`; the error names a bad
    /// value.
    fn cells_of(&self, cell_type: i64) -> Result<Vec<Pos>, String> {
        if cell_type == i64::from(PATH_OVERLAY) {
            // The overlay needs only the grid and the paths: read them from the generated
            // layout while neither has been converted, instead of cloning every field.
            if let Some(source) = self.pending_source(Lazy::CELLS | Lazy::ENEMY_PATHS) {
                return Ok(source.path_overlay_cells());
            }
            return Ok(self.to_core()?.path_overlay_cells());
        }
        let t = convert::cell_type(cell_type)?;
        Ok(self.core_grid()?.positions_of(t).collect())
    }

    /// The raw byte at `cells[x][y]`, if that cell exists.
    fn cell_value(&self, cell: Vector2i) -> Option<u8> {
        if let Some(source) = self.pending_source(Lazy::CELLS) {
            let p = convert::pos(cell);
            return source.cells.in_bounds(p).then(|| source.cells.get(p) as u8);
        }
        let column = self.cells.get(usize::try_from(cell.x).ok()?)?;
        column.get(usize::try_from(cell.y).ok()?)
    }
}

/// Reports `error` from `StoreyLayout.<what>` with `push_error` and returns `fallback`.
fn report<T>(what: &str, error: &str, fallback: T) -> T {
    godot_error!("StoreyLayout.{what}: {error}");
    fallback
}

/// `cells` must be `width` x `height`.
pub fn check_dimensions(layout: &core::StoreyLayout) -> Result<(), String> {
    let grid = &layout.cells;
    if grid.width() != layout.width || grid.height() != layout.height {
        return Err(format!(
            "cells is {} x {} but width x height is {} x {}",
            grid.width(),
            grid.height(),
            layout.width,
            layout.height
        ));
    }
    Ok(())
}

class_enum!(
    /// `StoreyLayout.CellType`: every cell type, and the `PATH` overlay value 7, which is
    /// never stored in `cells`, in the order of their values (ENTRANCE, 8, last).
    CellTypeEnum = StoreyLayout.CellType,
    {
        let mut constants: Vec<(&'static str, i64)> = CellType::ALL
            .into_iter()
            .map(|t| (t.name(), t as i64))
            .chain(std::iter::once(("PATH", i64::from(PATH_OVERLAY))))
            .collect();
        constants.sort_by_key(|&(_, v)| v);
        constants
    }
);

class_enum!(
    /// `StoreyLayout.StoreyType`.
    StoreyTypeEnum = StoreyLayout.StoreyType,
    outpost_core::StoreyType::ALL.map(|t| (t.name(), t as i64)).to_vec()
);

/// The `storey_type` property of a `StoreyLayout`.
pub type StoreyTypeValue = EnumValue<StoreyTypeEnum>;
