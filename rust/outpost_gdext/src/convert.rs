//! Conversions between Godot types and `outpost-core` types. Conversions from Godot data
//! are fallible and name the bad value; conversions to Godot are total.

use godot::meta::{Element, FromGodot};
use godot::prelude::*;
use outpost_core::rooms::PlacedRoom;
use outpost_core::{CellType, Grid, Pos, Rect, StoreyType};

/// `Pos` to `Vector2i`.
#[inline]
pub fn vec2i(p: Pos) -> Vector2i {
    Vector2i::new(p.x, p.y)
}

/// `Vector2i` to `Pos`.
#[inline]
pub fn pos(v: Vector2i) -> Pos {
    Pos::new(v.x, v.y)
}

/// `Rect` to `Rect2i` (position and size).
pub fn rect2i(r: Rect) -> Rect2i {
    Rect2i::new(Vector2i::new(r.x, r.y), Vector2i::new(r.width, r.height))
}

/// `Rect2i` to `Rect`.
pub fn rect(r: Rect2i) -> Rect {
    Rect::new(r.position.x, r.position.y, r.size.x, r.size.y)
}

// Typed arrays are built from slices throughout: `Array::from(&[T])` sizes the array once
// and writes its elements in place, where `collect()` pushes them one engine call at a time
// (the difference is most of the cost of turning a layout into a resource).

/// A list of positions as a typed `Array[Vector2i]`.
pub fn vec2i_array(cells: &[Pos]) -> Array<Vector2i> {
    let vectors: Vec<Vector2i> = cells.iter().copied().map(vec2i).collect();
    Array::from(vectors.as_slice())
}

/// A typed array's elements, read in one pass (`Vec::from(&Array)` borrows the elements
/// as a slice; it panics on an empty array in gdext 0.5.5, hence the guard).
pub fn to_vec<T: Element + FromGodot>(array: &Array<T>) -> Vec<T> {
    if array.is_empty() {
        Vec::new()
    } else {
        Vec::from(array)
    }
}

/// A typed `Array[Vector2i]` as positions.
pub fn positions(array: &Array<Vector2i>) -> Vec<Pos> {
    to_vec(array).into_iter().map(pos).collect()
}

/// Rectangles as a typed `Array[Rect2i]`.
pub fn rect2i_array(rects: &[Rect]) -> Array<Rect2i> {
    let rects: Vec<Rect2i> = rects.iter().copied().map(rect2i).collect();
    Array::from(rects.as_slice())
}

/// The grid as `cells[x][y]`: one `PackedByteArray` per column.
pub fn grid_columns(grid: &Grid) -> Array<PackedByteArray> {
    let mut bytes = Vec::with_capacity(grid.height() as usize);
    let columns: Vec<PackedByteArray> = (0..grid.width())
        .map(|x| {
            bytes.clear();
            bytes.extend(grid.column(x).iter().map(|&t| t as u8));
            PackedByteArray::from(bytes.as_slice())
        })
        .collect();
    Array::from(columns.as_slice())
}

/// `cells[x][y]` columns to a core grid; the error names the first bad column or value.
pub fn grid(columns: &Array<PackedByteArray>) -> Result<Grid, String> {
    grid_from_bytes(columns).map_or_else(|| grid_with_error(columns), Ok)
}

/// The grid straight from the column bytes; `None` for anything malformed (then
/// [`grid_with_error`] names what). Renderers read the grid several times per storey, so
/// this path avoids the intermediate integer columns.
fn grid_from_bytes(columns: &Array<PackedByteArray>) -> Option<Grid> {
    let width = i32::try_from(columns.len()).ok()?;
    let height = columns.get(0)?.len();
    let mut grid = Grid::new(
        width,
        i32::try_from(height).ok().filter(|&h| h > 0)?,
        CellType::OutOfBounds,
    );
    for (column, cells) in columns
        .iter_shared()
        .zip(grid.cells_mut().chunks_exact_mut(height))
    {
        let bytes = column.as_slice();
        if bytes.len() != height {
            return None;
        }
        for (cell, &byte) in cells.iter_mut().zip(bytes) {
            *cell = CellType::try_from(i64::from(byte)).ok()?;
        }
    }
    Some(grid)
}

/// The grid through [`Grid::from_columns`], whose error names the first bad column or value.
fn grid_with_error(columns: &Array<PackedByteArray>) -> Result<Grid, String> {
    let columns: Vec<Vec<i64>> = columns
        .iter_shared()
        .map(|column| column.as_slice().iter().map(|&v| i64::from(v)).collect())
        .collect();
    Grid::from_columns(&columns)
}

/// `[x, y, z]` to `Vector3`.
#[inline]
pub fn vector3([x, y, z]: [f32; 3]) -> Vector3 {
    Vector3::new(x, y, z)
}

/// A `MultiMesh` `TRANSFORM_3D` buffer: an identity basis at each cell's floor centre
/// plus `offset` (12 floats per cell, the 3 x 4 matrix row by row).
pub fn translations(cells: &[Pos], offset: Vector3) -> PackedFloat32Array {
    let mut buffer = Vec::with_capacity(cells.len() * 12);
    for &p in cells {
        let [x, y, z] = outpost_core::StoreyLayout::cell_centre(p.x, p.y);
        let (x, y, z) = (x + offset.x, y + offset.y, z + offset.z);
        buffer.extend_from_slice(&[1.0, 0.0, 0.0, x, 0.0, 1.0, 0.0, y, 0.0, 0.0, 1.0, z]);
    }
    PackedFloat32Array::from(buffer.as_slice())
}

/// An integer as a stored cell type; the error names the bad value.
pub fn cell_type(value: i64) -> Result<CellType, String> {
    CellType::try_from(value).map_err(|v| {
        format!("cell_type = {v} is not a stored CellType (0 OUT_OF_BOUNDS ..= 6 STAIRCASE)")
    })
}

/// An integer property as a storey type; the error names the bad value.
pub fn storey_type(value: i64) -> Result<StoreyType, String> {
    StoreyType::try_from(value).map_err(|v| {
        let names: Vec<String> = StoreyType::ALL
            .iter()
            .map(|&t| format!("{} {}", t as i64, t.name()))
            .collect();
        format!(
            "storey_type = {v} is not a StoreyType ({})",
            names.join(", ")
        )
    })
}

/// An integer property that must fit in `u32` and be at least `min`.
pub fn u32_at_least(name: &str, value: i64, min: u32) -> Result<u32, String> {
    u32::try_from(value)
        .ok()
        .filter(|&v| v >= min)
        .ok_or_else(|| {
            format!(
                "{name} = {value} is out of range (must be {min}..={})",
                u32::MAX
            )
        })
}

/// An integer property that must fit in `i32`.
pub fn i32_of(name: &str, value: i64) -> Result<i32, String> {
    i32::try_from(value).map_err(|_| format!("{name} = {value} does not fit in a 32-bit int"))
}

/// One element of `enemy_paths`: an array of `Vector2i` (typed or not).
pub fn path(index: usize, value: &Variant) -> Result<Vec<Pos>, String> {
    let array = value.try_to::<AnyArray>().map_err(|_| {
        format!(
            "enemy_paths[{index}] is a {:?}, not an array of Vector2i",
            value.get_type()
        )
    })?;
    array
        .iter_shared()
        .enumerate()
        .map(|(i, v)| {
            v.try_to::<Vector2i>()
                .map(pos)
                .map_err(|_| format!("enemy_paths[{index}][{i}] = {v} is not a Vector2i"))
        })
        .collect()
}

/// A placed authored room as a `Dictionary`: `name` (String), `rect` (Rect2i, the
/// transformed footprint, its wall included), `transform` (String, `r0`..`m270`),
/// `doorways` (Array[Vector2i]) and `markers` (Dictionary from each letter to an
/// Array[Vector2i]).
pub fn placed_room_dict(room: &PlacedRoom) -> VarDictionary {
    let mut markers = VarDictionary::new();
    for (letter, cells) in &room.markers {
        markers.set(letter.as_str(), &vec2i_array(cells));
    }
    let mut d = VarDictionary::new();
    d.set("name", room.name.as_str());
    d.set("rect", rect2i(room.rect()));
    d.set("transform", room.transform.to_string().as_str());
    d.set("doorways", &vec2i_array(&room.doorways));
    d.set("markers", &markers);
    d
}

/// `placed_rooms[index]` read back from its `Dictionary`; the error names the bad key.
pub fn placed_room(index: usize, d: &VarDictionary) -> Result<PlacedRoom, String> {
    let at = |key: &str| format!("placed_rooms[{index}].{key}");
    let get = |key: &str| d.get(key).ok_or_else(|| format!("{} is missing", at(key)));
    let name = get("name")?
        .try_to::<GString>()
        .map_err(|_| format!("{} is not a String", at("name")))?
        .to_string();
    let footprint = get("rect")?
        .try_to::<Rect2i>()
        .map_err(|_| format!("{} is not a Rect2i", at("rect")))?;
    let transform = get("transform")?
        .try_to::<GString>()
        .map_err(|_| format!("{} is not a String", at("transform")))?
        .to_string()
        .parse()
        .map_err(|e| format!("{}: {e}", at("transform")))?;
    let cells = |value: Variant, key: &str| -> Result<Vec<Pos>, String> {
        let array = value
            .try_to::<AnyArray>()
            .map_err(|_| format!("{key} is not an array of Vector2i"))?;
        array
            .iter_shared()
            .map(|v| {
                v.try_to::<Vector2i>()
                    .map(pos)
                    .map_err(|_| format!("{key} holds {v}, not a Vector2i"))
            })
            .collect()
    };
    let doorways = cells(get("doorways")?, &at("doorways"))?;
    let marker_dict = get("markers")?
        .try_to::<VarDictionary>()
        .map_err(|_| format!("{} is not a Dictionary", at("markers")))?;
    let mut markers = std::collections::BTreeMap::new();
    for (key, value) in marker_dict.iter_shared() {
        let letter = key
            .try_to::<GString>()
            .map(|s| s.to_string())
            .unwrap_or_default();
        if letter.len() != 1 || !letter.bytes().all(|b| b.is_ascii_lowercase()) {
            return Err(format!(
                "{} has the key {key}, not a letter a-z",
                at("markers")
            ));
        }
        let key = format!("{}[{letter:?}]", at("markers"));
        markers.insert(letter, cells(value, &key)?);
    }
    let r = rect(footprint);
    Ok(PlacedRoom {
        name,
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        transform,
        doorways,
        markers,
    })
}
