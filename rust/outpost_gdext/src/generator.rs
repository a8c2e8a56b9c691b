//! `StoreyGenerator`: static entry points delegating to `outpost_core::generate`.

use godot::prelude::*;
use outpost_core::rooms::RoomSet;
use outpost_core::{
    GenerationSettings, StoreyRequest, generate_building_with_rooms, generate_with_rooms, params,
};

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use crate::settings::{StoreyGenerationSettings, StoreySurvey, core_rooms, core_settings};
use crate::task::StoreyBuildTask;

/// Generates storey layouts. All functions are static and deterministic: the same
/// arguments give the same layout on every run and machine.
///
/// ```gdscript
/// var s1 := StoreyGenerator.generate(master_seed ^ hash(0), 1, level)
/// var s2 := StoreyGenerator.generate(master_seed ^ hash(1), 2, level, s1.staircase_cell)
/// ```
///
/// Bad arguments are reported with `push_error` (the message names the bad value) and
/// give `null`. The ranges of the arguments are the core's, as constants
/// (`StoreyGenerator.MAX_OUTPOST_LEVEL`...), and `grid_size()` gives a storey's grid size
/// without generating it: GDScript copies neither.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreyGenerator {
    base: Base<RefCounted>,
}

#[godot_api]
impl StoreyGenerator {
    /// Shallowest storey depth (depths are 1-based).
    #[constant]
    const MIN_STOREY_DEPTH: i64 = params::MIN_STOREY_DEPTH;
    /// Deepest storey depth (4294967295); beyond the size formula's maximum, a deeper
    /// storey has the largest grid.
    #[constant]
    const MAX_STOREY_DEPTH: i64 = params::MAX_STOREY_DEPTH;
    /// Deepest storey the tools survey (6): the Seed Inspector's depth slider, the editor
    /// preview and the CLI's sweep.
    #[constant]
    const INSPECTOR_MAX_STOREY_DEPTH: i64 = params::INSPECTOR_MAX_STOREY_DEPTH;
    /// Lowest outpost level (1).
    #[constant]
    const MIN_OUTPOST_LEVEL: i64 = params::MIN_OUTPOST_LEVEL;
    /// Highest outpost level (4).
    #[constant]
    const MAX_OUTPOST_LEVEL: i64 = params::MAX_OUTPOST_LEVEL;
    /// Fewest storeys above ground in a building (1).
    #[constant]
    const MIN_STOREYS: i64 = params::MIN_STOREYS;
    /// Most storeys above ground in a building (64).
    #[constant]
    const MAX_STOREYS: i64 = params::MAX_STOREYS;

    /// The extension's release version (`"0.1.0"`): the workspace's, which plugin.cfg,
    /// `outpost --version` and the addon zip's file name carry too.
    #[func]
    pub fn version() -> GString {
        GString::from(env!("CARGO_PKG_VERSION"))
    }

    /// The `width x height` of the grid `generate()` makes for these arguments, without
    /// generating it (Pass 1's formula). `Vector2i.ZERO` (after `push_error`) for a
    /// depth, level or `StoreyLayout.StoreyType` out of range.
    #[func]
    pub fn grid_size(
        storey_depth: i64,
        outpost_level: i64,
        #[opt(default = 0)] storey_type: i64,
    ) -> Vector2i {
        guarded(
            "StoreyGenerator.grid_size",
            || Vector2i::ZERO,
            || {
                let size = convert::storey_type(storey_type).and_then(|t| {
                    StoreyRequest::new(0, storey_depth, outpost_level, t)
                        .grid_size()
                        .map_err(|e| e.to_string())
                });
                match size {
                    Ok((width, height)) => Vector2i::new(width, height),
                    Err(e) => {
                        godot_error!("StoreyGenerator.grid_size: {e}");
                        Vector2i::ZERO
                    }
                }
            },
        )
    }

    /// Generates one storey.
    ///
    /// `storey_depth` is 1-based (deeper storeys are larger), `outpost_level` is 1-4.
    /// `forced_staircase` puts the STAIRCASE on that exact cell (pass the ground floor's
    /// `staircase_cell` to align storeys); `Vector2i(-1, -1)` lets the generator choose.
    /// `storey_type` is a `StoreyLayout.StoreyType` value (default `GROUND_FLOOR`).
    /// Returns `null` (after `push_error`) on invalid arguments. The same as
    /// `generate_with(null, ...)`: the reference's settings.
    #[func]
    pub fn generate(
        seed: i64,
        storey_depth: i64,
        outpost_level: i64,
        #[opt(default = Vector2i::new(-1, -1))] forced_staircase: Vector2i,
        #[opt(default = 0)] storey_type: i64,
    ) -> Option<Gd<StoreyLayout>> {
        guarded(
            "StoreyGenerator.generate",
            || None,
            || {
                storey(
                    "generate",
                    &GenerationSettings::default(),
                    &RoomSet::default(),
                    (
                        seed,
                        storey_depth,
                        outpost_level,
                        forced_staircase,
                        storey_type,
                    ),
                )
            },
        )
    }

    /// `generate()` with `settings` (a `StoreyGenerationSettings`; null: the reference's),
    /// placing the authored rooms of its `room_set` (`unique: building` ignored: one
    /// storey is no building). `null` after `push_error` for a setting out of its range
    /// (naming the setting, its value and its range), for arguments `generate()` refuses,
    /// and for settings under which this storey cannot be made (the message gives the
    /// attempts and the last reason, and names a required room that found no position):
    /// never a layout that breaks the validator's rules.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn generate_with(
        settings: Option<Gd<StoreyGenerationSettings>>,
        seed: i64,
        storey_depth: i64,
        outpost_level: i64,
        #[opt(default = Vector2i::new(-1, -1))] forced_staircase: Vector2i,
        #[opt(default = 0)] storey_type: i64,
    ) -> Option<Gd<StoreyLayout>> {
        guarded(
            "StoreyGenerator.generate_with",
            || None,
            || {
                let settings_ref = settings.clone();
                let settings = match core_settings(settings.as_ref()) {
                    Ok(settings) => settings,
                    Err(e) => {
                        godot_error!("StoreyGenerator.generate_with: {e}");
                        return None;
                    }
                };
                storey(
                    "generate_with",
                    &settings,
                    &core_rooms(settings_ref.as_ref()),
                    (
                        seed,
                        storey_depth,
                        outpost_level,
                        forced_staircase,
                        storey_type,
                    ),
                )
            },
        )
    }

    /// Generates a building from one master seed: `storeys` storeys above ground (the
    /// GROUND_FLOOR, then UPPER_FLOORs) with every STAIRCASE aligned on the ground
    /// floor's, plus an UNDERGROUND storey first when `underground` is true. Returns the
    /// storeys bottom-up; an empty array (after `push_error`) on invalid arguments.
    #[func]
    pub fn generate_building(
        master_seed: i64,
        storeys: i64,
        outpost_level: i64,
        #[opt(default = false)] underground: bool,
    ) -> Array<Gd<StoreyLayout>> {
        guarded("StoreyGenerator.generate_building", Array::new, || {
            building(
                "generate_building",
                &GenerationSettings::default(),
                &RoomSet::default(),
                (master_seed, storeys, outpost_level, underground),
            )
        })
    }

    /// `generate_building()` with `settings` (null: the reference's), placing the authored
    /// rooms of its `room_set` on every storey (a `unique: building` room once per
    /// building); an empty array after `push_error` for a setting out of its range or a
    /// building these settings cannot make (naming a required room that found no
    /// position).
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn generate_building_with(
        settings: Option<Gd<StoreyGenerationSettings>>,
        master_seed: i64,
        storeys: i64,
        outpost_level: i64,
        #[opt(default = false)] underground: bool,
    ) -> Array<Gd<StoreyLayout>> {
        guarded(
            "StoreyGenerator.generate_building_with",
            Array::new,
            || match core_settings(settings.as_ref()) {
                Ok(core) => building(
                    "generate_building_with",
                    &core,
                    &core_rooms(settings.as_ref()),
                    (master_seed, storeys, outpost_level, underground),
                ),
                Err(e) => {
                    godot_error!("StoreyGenerator.generate_building_with: {e}");
                    Array::new()
                }
            },
        )
    }

    /// Surveys `count` layouts of the sweep from `seed` under `settings` (null: the
    /// reference's) at once and returns the report `StoreySurvey.report(by)` gives ("type",
    /// "depth" or "level"); for steps, progress or a worker thread use a `StoreySurvey`.
    /// Empty (after `push_error`) for a setting out of range or a bad `by`.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn survey(
        settings: Option<Gd<StoreyGenerationSettings>>,
        count: i64,
        #[opt(default = 0)] seed: i64,
        #[opt(default = "type")] by: GString,
    ) -> VarDictionary {
        let Some(mut survey) = StoreySurvey::create(settings, seed) else {
            return VarDictionary::new();
        };
        survey.bind_mut().run(count);
        survey.bind().report(by)
    }

    /// Like `generate_building()`, on a thread of its own: returns at once with a
    /// `StoreyBuildTask` that emits `finished(storeys)` on the main thread when the
    /// building is ready (the same storeys `generate_building()` returns). Bad arguments
    /// are reported at once, as `generate_building()` reports them; the task then
    /// finishes with no storeys and `get_error()` says why.
    #[func]
    pub fn generate_building_async(
        master_seed: i64,
        storeys: i64,
        outpost_level: i64,
        #[opt(default = false)] underground: bool,
    ) -> Gd<StoreyBuildTask> {
        StoreyBuildTask::start(master_seed, storeys, outpost_level, underground)
    }
}

/// One storey for `method`: the arguments of `generate` with `settings`.
fn storey(
    method: &str,
    settings: &GenerationSettings,
    rooms: &RoomSet,
    (seed, storey_depth, outpost_level, forced_staircase, storey_type): (
        i64,
        i64,
        i64,
        Vector2i,
        i64,
    ),
) -> Option<Gd<StoreyLayout>> {
    let storey_type = match convert::storey_type(storey_type) {
        Ok(t) => t,
        Err(e) => {
            godot_error!("StoreyGenerator.{method}: {e}");
            return None;
        }
    };
    let mut request = StoreyRequest::new(seed, storey_depth, outpost_level, storey_type);
    if forced_staircase != Vector2i::new(-1, -1) {
        request = request.with_forced_staircase(convert::pos(forced_staircase));
    }
    match generate_with_rooms(settings, rooms, &request) {
        Ok(layout) => Some(StoreyLayout::from_core(layout)),
        Err(e) => {
            godot_error!("StoreyGenerator.{method}: {e}");
            None
        }
    }
}

/// A building for `method`: the arguments of `generate_building` with `settings`.
fn building(
    method: &str,
    settings: &GenerationSettings,
    rooms: &RoomSet,
    (master_seed, storeys, outpost_level, underground): (i64, i64, i64, bool),
) -> Array<Gd<StoreyLayout>> {
    match generate_building_with_rooms(
        settings,
        rooms,
        master_seed,
        storeys,
        outpost_level,
        underground,
    ) {
        Ok(building) => StoreyLayout::from_building(building),
        Err(e) => {
            godot_error!("StoreyGenerator.{method}: {e}");
            Array::new()
        }
    }
}
