//! Godot 4 binding of `outpost-core`: the storey generator as GDExtension classes.
//!
//! This crate holds no generation logic. It converts between Godot types and the core's
//! types, delegates every call to `outpost_core`, and turns errors (and any Rust panic)
//! into `push_error` reports with a null/empty result, so nothing ever crashes the engine.
//!
//! Classes: [`layout::StoreyLayout`] (Resource), [`generator::StoreyGenerator`],
//! [`validator::StoreyValidator`] (static helpers) and [`spawner::StoreyObjectSpawner`]
//! (Node3D).

use godot::init::InitStage;
use godot::prelude::*;

pub mod convert;
pub mod enums;
pub mod generator;
pub mod guard;
pub mod layout;
pub mod navigator;
pub mod spawner;
pub mod swarm;
pub mod task;
pub mod validator;

struct OutpostExtension;

#[gdextension]
unsafe impl ExtensionLibrary for OutpostExtension {
    fn on_stage_init(stage: InitStage) {
        // Classes are registered with ClassDB before this stage callback runs.
        if stage == InitStage::Scene {
            enums::register_class_enums();
        }
    }
}
