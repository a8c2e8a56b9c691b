//! `StoreyObjectSpawner`: instantiates the interactive object scene of every special cell.

use godot::classes::{INode3D, Node3D, PackedScene};
use godot::prelude::*;
use outpost_core::CellType;

use crate::guard::guarded;
use crate::layout::StoreyLayout;

/// Default scene of the BEACON object.
pub const BEACON_SCENE: &str = "res://src/world/objects/BeaconObject.tscn";
/// Default scene of the ENTRY object.
pub const ENTRY_SCENE: &str = "res://src/world/objects/EntryPoint.tscn";
/// Default scene of the STAIRCASE object.
pub const STAIRCASE_SCENE: &str = "res://src/world/objects/StaircaseObject.tscn";
/// Default scene of the SHAFT object.
pub const SHAFT_SCENE: &str = "res://src/world/objects/ShaftConnector.tscn";

/// Spawns scene-based interactive objects on a layout's special cells (the reference's
/// layer 3): one `entry_scene` per ENTRY, one `beacon_scene` per BEACON, one
/// `shaft_scene` per SHAFT and one `staircase_scene` on the STAIRCASE, each a child of
/// this node at the cell centre (`layout.cell_center()` in GDScript).
///
/// Each object receives its cell before it enters the tree: its `cell`, `cell_type` and
/// `layout` properties are set (an object that does not declare one ignores it), and
/// `setup(cell)` is called if it has that method. Unset scene
/// properties are loaded from the default paths (`res://src/world/objects/...`) when the
/// node becomes ready.
#[derive(GodotClass)]
#[class(init, base = Node3D, tool)]
pub struct StoreyObjectSpawner {
    /// Scene spawned on every BEACON cell.
    #[export]
    beacon_scene: Option<Gd<PackedScene>>,
    /// Scene spawned on every ENTRY cell.
    #[export]
    entry_scene: Option<Gd<PackedScene>>,
    /// Scene spawned on the STAIRCASE cell.
    #[export]
    staircase_scene: Option<Gd<PackedScene>>,
    /// Scene spawned on every SHAFT cell.
    #[export]
    shaft_scene: Option<Gd<PackedScene>>,
    /// The objects of the last `spawn()`, freed by `clear()`.
    spawned_nodes: Vec<Gd<Node>>,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for StoreyObjectSpawner {
    fn ready(&mut self) {
        guarded(
            "StoreyObjectSpawner.ready",
            || (),
            || self.load_default_scenes(),
        );
    }
}

#[godot_api]
impl StoreyObjectSpawner {
    /// Emitted at the end of `spawn()` with the number of objects spawned.
    #[signal]
    fn spawned(count: i64);

    /// Frees the objects of the previous `spawn()`, then spawns one object per ENTRY,
    /// BEACON, SHAFT and STAIRCASE cell of `layout` and emits `spawned(count)`. Returns the
    /// count. A null or malformed layout is reported with `push_error` and spawns nothing.
    #[func]
    pub fn spawn(&mut self, layout: Option<Gd<StoreyLayout>>) -> i64 {
        let count = guarded("StoreyObjectSpawner.spawn", || 0, || self.spawn_all(layout));
        self.signals().spawned().emit(count);
        count
    }

    /// Frees every object spawned by the last `spawn()`.
    #[func]
    pub fn clear(&mut self) {
        guarded("StoreyObjectSpawner.clear", || (), || self.clear_spawned());
    }

    /// The objects spawned by the last `spawn()`, in spawn order: entries, beacons (the
    /// primary first), shafts, then the staircase.
    #[func]
    pub fn get_spawned(&self) -> Array<Gd<Node>> {
        self.spawned_nodes
            .iter()
            .filter(|n| n.is_instance_valid())
            .cloned()
            .collect()
    }
}

impl StoreyObjectSpawner {
    fn load_default_scenes(&mut self) {
        for (slot, path) in [
            (&mut self.beacon_scene, BEACON_SCENE),
            (&mut self.entry_scene, ENTRY_SCENE),
            (&mut self.staircase_scene, STAIRCASE_SCENE),
            (&mut self.shaft_scene, SHAFT_SCENE),
        ] {
            if slot.is_none() {
                match try_load::<PackedScene>(path) {
                    Ok(scene) => *slot = Some(scene),
                    Err(e) => godot_error!("StoreyObjectSpawner: cannot load {path}: {e}"),
                }
            }
        }
    }

    fn clear_spawned(&mut self) {
        for mut node in std::mem::take(&mut self.spawned_nodes) {
            if !node.is_instance_valid() {
                continue;
            }
            if let Some(mut parent) = node.get_parent() {
                parent.remove_child(&node);
            }
            node.queue_free();
        }
    }

    fn spawn_all(&mut self, layout: Option<Gd<StoreyLayout>>) -> i64 {
        self.clear_spawned();
        let Some(layout_gd) = layout else {
            godot_error!("StoreyObjectSpawner.spawn: layout is null");
            return 0;
        };
        let layout_variant = layout_gd.to_variant();
        let layout = layout_gd.bind();
        if !layout.is_consistent() {
            return 0;
        }
        self.load_default_scenes();
        let staircase = std::slice::from_ref(&layout.staircase_cell);
        let groups = [
            (
                CellType::Entry,
                self.entry_scene.clone(),
                layout.entry_cells.iter_shared().collect::<Vec<_>>(),
            ),
            (
                CellType::Beacon,
                self.beacon_scene.clone(),
                layout.beacon_cells.iter_shared().collect(),
            ),
            (
                CellType::Shaft,
                self.shaft_scene.clone(),
                layout.shaft_cells.iter_shared().collect(),
            ),
            (
                CellType::Staircase,
                self.staircase_scene.clone(),
                staircase.to_vec(),
            ),
        ];
        for (cell_type, scene, cells) in groups {
            let Some(scene) = scene else {
                godot_error!("StoreyObjectSpawner.spawn: no scene for {cell_type} cells");
                continue;
            };
            for cell in cells {
                let Some(node) = scene.instantiate() else {
                    godot_error!(
                        "StoreyObjectSpawner.spawn: cannot instantiate the {cell_type} scene"
                    );
                    continue;
                };
                let object = Object {
                    cell_type,
                    cell,
                    position: layout.cell_centre(cell),
                };
                self.add_object(node, object, &layout_variant);
            }
        }
        self.spawned_nodes.len() as i64
    }

    /// Names and places `node`, hands it its cell, cell type and layout, then adds it.
    /// `Object::set` ignores a property the node does not declare, silently: cheaper than
    /// asking first for the node's property list (measured: docs/performance.md).
    fn add_object(&mut self, mut node: Gd<Node>, object: Object, layout: &Variant) {
        let Object {
            cell_type,
            cell,
            position,
        } = object;
        node.set_name(&format!("{}_{}_{}", cell_type.name(), cell.x, cell.y));
        if let Ok(mut node3d) = node.clone().try_cast::<Node3D>() {
            node3d.set_position(position);
        }
        node.set("cell", &cell.to_variant());
        node.set("cell_type", &(cell_type as i64).to_variant());
        node.set("layout", layout);
        if node.has_method("setup") {
            node.call("setup", &[cell.to_variant()]);
        }
        self.base_mut().add_child(&node);
        self.spawned_nodes.push(node);
    }
}

/// One object to place: its cell, the cell's type and the cell's centre.
#[derive(Clone, Copy)]
struct Object {
    cell_type: CellType,
    cell: Vector2i,
    position: Vector3,
}
