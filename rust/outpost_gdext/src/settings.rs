//! `StoreyGenerationSettings` and `SurfaceGenerationSettings` (Resources with every
//! tunable of the storey generator and of the surface, written by the build script from
//! the core's range tables) and `StoreySurvey` (the expressive range
//! of the generator under some settings, surveyed in steps so that a tool can show
//! progress and run it off the main thread).

use godot::prelude::*;
use outpost_core::rooms::RoomSet;
use outpost_core::settings::{SettingInfo, SettingsError};
use outpost_core::surface::SurfaceSettings;
use outpost_core::survey::{GroupBy, Metric, Survey};
use outpost_core::{GenerationSettings, StoreyType};

include!(concat!(env!("OUT_DIR"), "/settings_class.rs"));

#[godot_api]
impl StoreyGenerationSettings {
    /// Every setting, in order: a Dictionary each with `name`, `min`, `max`, `default`
    /// and `doc` (what it does, the reference's parameter guide).
    #[func]
    pub fn describe() -> Array<VarDictionary> {
        describe(GenerationSettings::RANGES)
    }

    /// "" if every setting is within its range, else what is wrong with the first that is
    /// not: its name, its value and its range (what `generate_with` would refuse).
    #[func]
    pub fn get_data_error(&self) -> GString {
        data_error(self.to_core().check())
    }

    /// Puts every setting back to the reference's value.
    #[func]
    pub fn reset(&mut self) {
        self.set_core(&GenerationSettings::default());
    }

    /// The settings that differ from the reference's, as `name=value` words ("defaults"
    /// when none does).
    #[func]
    pub fn get_changes(&self) -> GString {
        GString::from(&self.to_core().to_string())
    }
}

#[godot_api]
impl SurfaceGenerationSettings {
    /// Every setting, in order: a Dictionary each with `name`, `min`, `max`, `default`
    /// and `doc`.
    #[func]
    pub fn describe() -> Array<VarDictionary> {
        describe(SurfaceSettings::RANGES)
    }

    /// "" if every setting is within its range (and they agree), else what is wrong with
    /// the first that is not (what `SurfaceGenerator.generate_with` would refuse).
    #[func]
    pub fn get_data_error(&self) -> GString {
        data_error(self.to_core().check())
    }

    /// Puts every setting back to its default.
    #[func]
    pub fn reset(&mut self) {
        self.set_core(&SurfaceSettings::default());
    }

    /// The settings that differ from the defaults, as `name=value` words ("defaults" when
    /// none does).
    #[func]
    pub fn get_changes(&self) -> GString {
        GString::from(&self.to_core().to_string())
    }
}

/// One Dictionary per setting of `ranges`, in order: `name`, `min`, `max`, `default`, `doc`.
fn describe(ranges: &[SettingInfo]) -> Array<VarDictionary> {
    ranges
        .iter()
        .map(|info| {
            let mut d = VarDictionary::new();
            d.set("name", info.name);
            d.set("min", info.min);
            d.set("max", info.max);
            d.set("default", info.default);
            d.set("doc", info.doc.trim());
            d
        })
        .collect()
}

/// "" for settings that pass their check, else what is wrong.
fn data_error(checked: Result<(), SettingsError>) -> GString {
    match checked {
        Ok(()) => GString::new(),
        Err(e) => GString::from(&e.to_string()),
    }
}

/// The settings `settings` stands for: the reference's without one; the error names the
/// first setting out of range (for `method`'s `push_error`).
pub(crate) fn core_settings(
    settings: Option<&Gd<StoreyGenerationSettings>>,
) -> Result<GenerationSettings, String> {
    let Some(settings) = settings else {
        return Ok(GenerationSettings::default());
    };
    let core = settings.bind().to_core();
    core.check().map_err(|e| e.to_string())?;
    Ok(core)
}

/// The authored rooms `settings` carries (`room_set`): the empty set without settings or
/// without a set, which generates without rooms.
pub(crate) fn core_rooms(settings: Option<&Gd<StoreyGenerationSettings>>) -> RoomSet {
    settings
        .and_then(|s| s.bind().room_set.clone())
        .map(|set| set.bind().usable())
        .unwrap_or_default()
}

/// A survey of the generator: the layouts `outpost sweep --count N --seed S` makes,
/// measured (the metrics of `docs/survey.md`) under some settings. `run(n)` surveys the
/// next `n` layouts, so that a tool can survey in steps and show its progress; a survey
/// may run on a worker thread (not from two at once).
///
/// ```gdscript
/// var survey := StoreySurvey.create(settings, 0)
/// while survey.get_count() < 1000:
///     survey.run(100)
/// var report := survey.report("type")  # report["GROUND_FLOOR"]["loops"]["median"]
/// ```
#[derive(GodotClass)]
#[class(no_init, base = RefCounted, tool)]
pub struct StoreySurvey {
    survey: Survey,
    base: Base<RefCounted>,
}

#[godot_api]
impl StoreySurvey {
    /// A survey with `settings` (null: the reference's; with its `room_set`, placing
    /// those rooms) of the sweep from `seed`; null
    /// (after `push_error` naming the setting, its value and its range) for settings out
    /// of range.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn create(
        settings: Option<Gd<StoreyGenerationSettings>>,
        #[opt(default = 0)] seed: i64,
    ) -> Option<Gd<StoreySurvey>> {
        let core = match core_settings(settings.as_ref()) {
            Ok(core) => core,
            Err(e) => {
                godot_error!("StoreySurvey.create: {e}");
                return None;
            }
        };
        match Survey::with_rooms(&core, &core_rooms(settings.as_ref()), seed) {
            Ok(survey) => Some(Gd::from_init_fn(|base| StoreySurvey { survey, base })),
            Err(e) => {
                godot_error!("StoreySurvey.create: {e}");
                None
            }
        }
    }

    /// Surveys the next `count` layouts of the sweep (0 or less: none).
    #[func]
    pub fn run(&mut self, count: i64) {
        if let Ok(count) = u64::try_from(count) {
            self.survey.run(count);
        }
    }

    /// Layouts surveyed so far (those that could not be generated included).
    #[func]
    pub fn get_count(&self) -> i64 {
        self.survey.generated() as i64
    }

    /// Layouts that could not be generated with these settings.
    #[func]
    pub fn get_failure_count(&self) -> i64 {
        self.survey.failures().len() as i64
    }

    /// The metrics' names, in order: `oob_fraction`, `open_fraction`, `bsp_leaves`,
    /// `rooms`, `room_area_max`, `dead_ends`, `loops`, `choke_cells`, `path_length`,
    /// `path_detour`, `retries`, `entrance_path` (GROUND_FLOOR only: other storey types
    /// have nulls for it in `report()` and no values in `get_values()`).
    #[func]
    pub fn get_metric_names() -> PackedStringArray {
        Metric::ALL
            .iter()
            .map(|m| GString::from(m.name()))
            .collect()
    }

    /// The distributions so far, as `outpost survey --format json` prints them: a
    /// Dictionary keyed by storey type name (`GROUND_FLOOR`, ...), each mapping every
    /// metric to `{min, p10, median, p90, max, mean}` (nulls without samples); grouped
    /// `by` "depth" or "level", each type maps the depth or level to such a Dictionary.
    /// Empty (after `push_error`) for another `by`.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn report(&self, #[opt(default = "type")] by: GString) -> VarDictionary {
        let by = match by.to_string().parse::<GroupBy>() {
            Ok(by) => by,
            Err(e) => {
                godot_error!("StoreySurvey.report: {e}");
                return VarDictionary::new();
            }
        };
        let mut out = VarDictionary::new();
        for group in self.survey.groups(by) {
            let mut metrics = VarDictionary::new();
            for (metric, d) in Metric::ALL.iter().zip(group.distributions) {
                let mut summary = VarDictionary::new();
                let fields = d.map(|d| [d.min, d.p10, d.median, d.p90, d.max, d.mean]);
                for (i, key) in ["min", "p10", "median", "p90", "max", "mean"]
                    .iter()
                    .enumerate()
                {
                    let value = fields.map_or(Variant::nil(), |f| f[i].to_variant());
                    summary.set(*key, &value);
                }
                metrics.set(metric.name(), &summary);
            }
            let type_name = group.storey_type.name();
            match group.key {
                None => out.set(type_name, &metrics),
                Some(key) => {
                    let mut by_key: VarDictionary = out
                        .get(type_name)
                        .map_or_else(VarDictionary::new, |v| v.to());
                    by_key.set(key.to_string(), &metrics);
                    out.set(type_name, &by_key);
                }
            }
        }
        out
    }

    /// Every sample's value of `metric` for storey type `storey_type` (a
    /// `StoreyLayout.StoreyType`), in sweep order: the data of a heat map (none of
    /// `entrance_path` off the ground floor). Empty (after
    /// `push_error`) for an unknown metric or type.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn get_values(&self, metric: GString, storey_type: i64) -> PackedFloat64Array {
        let Some(metric) = Metric::from_name(&metric.to_string()) else {
            godot_error!("StoreySurvey.get_values: no metric {metric:?}");
            return PackedFloat64Array::new();
        };
        let Some(storey_type) = StoreyType::ALL
            .into_iter()
            .find(|t| *t as i64 == storey_type)
        else {
            godot_error!(
                "StoreySurvey.get_values: storey type {storey_type} is not a StoreyLayout.StoreyType"
            );
            return PackedFloat64Array::new();
        };
        self.survey
            .samples()
            .iter()
            .filter(|s| s.storey_type == storey_type)
            .filter_map(|s| s.metrics.get(metric))
            .collect()
    }
}
