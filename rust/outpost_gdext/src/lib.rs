//! Godot 4 binding of `outpost-core`: the storey generator as GDExtension classes.
//!
//! This crate holds no generation logic. It converts between Godot types and the core's
//! types, delegates every call to `outpost_core`, and turns errors (and any Rust panic)
//! into `push_error` reports with a null/empty result, so nothing ever crashes the engine.
//!
//! Classes (each in the private module of its name): `StoreyLayout` (Resource, `layout`),
//! `StoreyGenerator` (`generator`), `StoreyBuildTask` (`task`), `StoreyValidator` and
//! `StoreyValidation` (`validator`), `StoreyObjectSpawner` (Node3D, `spawner`), and the
//! crowd layer: `StoreyNavigator` (RefCounted, `navigator`: distance fields, tower
//! legality and reach), `StoreySwarm` (Node3D, `swarm`: the agents of one storey) and
//! `SwarmKind` (Resource, `swarm_kind`: one row of a swarm's kind table); `swarm_state`
//! adds the swarm's part in a save game; and the surface around a building:
//! `SurfaceGenerator` and `SurfaceLayout` (Resource, `surface`) with
//! `SurfaceGenerationSettings` (`settings`); and authored rooms, `StoreyRoomSet`
//! (Resource, `rooms`), which `StoreyGenerationSettings.room_set` carries. Nothing is public to Rust: Godot reaches the
//! classes through `gdext_rust_init` alone.

mod convert;
mod enums;
mod flash;
mod generator;
mod guard;
mod layout;
mod layout_edit;
mod layout_json;
mod layout_stats;
mod navigator;
mod rooms;
mod settings;
mod spawner;
mod surface;
mod swarm;
mod swarm_kind;
mod swarm_state;
mod task;
mod validator;

/// gdext's entry point: the `ExtensionLibrary` impl, an unsafe trait, from which
/// `#[gdextension]` makes the exported `gdext_rust_init`. The crate's only `unsafe`.
#[allow(unsafe_code, reason = "gdext's entry point is an unsafe trait impl")]
mod entry {
    use godot::init::{ExtensionLibrary, InitStage, gdextension};

    use crate::enums;

    struct OutpostExtension;

    #[gdextension]
    unsafe impl ExtensionLibrary for OutpostExtension {
        fn on_stage_init(stage: InitStage) {
            // Classes are registered with ClassDB before this stage callback runs.
            if stage == InitStage::Scene {
                enums::register::<crate::layout::CellTypeEnum>();
                enums::register::<crate::layout::StoreyTypeEnum>();
                enums::register::<crate::navigator::TowerRefusalEnum>();
                enums::register::<crate::swarm_kind::GoalEnum>();
                enums::register::<crate::surface::TerrainEnum>();
            }
        }
    }
}
