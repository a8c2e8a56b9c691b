//! `SwarmKind`: one row of a `StoreySwarm`'s kind table as a Resource, and the checks
//! that turn it (or `set_kind_params`' dictionary) into the core's `KindSpec`.

use godot::classes::{IResource, Mesh, Resource};
use godot::prelude::*;
use outpost_core::swarm::{Goal, KindParams, KindSpec};

use crate::enums::{EnumValue, class_enum};

/// A kind of agent as data: what it heads for, its tunables and how it is drawn. A
/// `StoreySwarm` takes a table of them (`StoreySwarm.kinds`, `set_kinds`); an agent's
/// kind is its row. GDScript may extend it with rules of its own (the game's
/// `AgentKindRules` adds scrap and shaft disruption).
///
/// Ranges (a swarm refuses a row outside them, with `push_error`): `name` not empty and
/// unique within a table; `goal` POWER or HEAT; `speed` 0..=60 cells per second;
/// `health` and `attack_damage` 0..=1,000,000 points; `attack_rate` 0..=1,000 attacks
/// per second; `follow` 0..=1; `height` finite, -1,000..=1,000 metres. The tunables are
/// the units of `StoreySwarm.set_kind_params`, kept to thousandths inside the swarm.
/// A new `SwarmKind` holds the swarm's default drone (unnamed).
#[derive(GodotClass)]
#[class(init, base = Resource, tool)]
pub struct SwarmKind {
    /// Its name, unique within a table (`StoreySwarm.find_kind`); its MultiMesh is named
    /// after it, capitalised with an s ("drone": "Drones").
    #[export]
    pub(crate) name: GString,
    /// What it heads for and what its attacks hit: POWER, the BEACON cells and the towers
    /// (`StoreySwarm.target_attacked`); HEAT, the heat cell (`genesis_attacked`).
    #[export]
    goal: GoalValue,
    /// Speed between cell centres, in cells per second (0..=60).
    #[export(range = (0.0, 60.0, 0.05))]
    #[init(val = 1.5)]
    speed: f64,
    /// Health at spawn, in points (0..=1,000,000; 0 counts as a thousandth).
    #[export(range = (0.0, 1_000_000.0, 0.5))]
    #[init(val = 30.0)]
    health: f64,
    /// Damage of one attack, in points (0..=1,000,000).
    #[export(range = (0.0, 1_000_000.0, 0.5))]
    #[init(val = 2.0)]
    attack_damage: f64,
    /// Attacks per second while next to a target (0..=1,000; 0: never attacks).
    #[export(range = (0.0, 1000.0, 0.05))]
    #[init(val = 1.0)]
    attack_rate: f64,
    /// Chance (0..=1) that at a cell centre it takes its goal field's step rather than a
    /// random free neighbour.
    #[export(range = (0.0, 1.0, 0.01))]
    #[init(val = 0.7)]
    follow: f64,
    /// Drawn at every agent of the kind (null: a sphere in `color`, 0.44 m across for
    /// POWER, 0.6 m for HEAT).
    #[export]
    mesh: Option<Gd<Mesh>>,
    /// Height of the agents' centres above the floor, in metres.
    #[export(range = (-1000.0, 1000.0, 0.01))]
    #[init(val = 1.1)]
    height: f32,
    /// Colour of the default sphere (unused with a `mesh`).
    #[export]
    #[init(val = Color::from_rgb(1.0, 0.45, 0.1))]
    color: Color,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for SwarmKind {}

/// How a swarm draws one kind.
#[derive(Clone, Debug)]
pub(crate) struct KindLook {
    /// The MultiMeshInstance3D's name.
    pub node_name: String,
    /// Where its mesh and height come from.
    pub source: LookSource,
    /// The default sphere's radius and colour (for a kind without a mesh).
    pub radius: f32,
    pub color: Color,
}

/// Where a kind's mesh and height come from.
#[derive(Clone, Debug)]
pub(crate) enum LookSource {
    /// A row of the default table: the swarm's `drone_mesh` and `drone_height` (row 0)
    /// or `alien_mesh` and `alien_height` (row 1).
    Default,
    /// A `SwarmKind`'s `mesh` (`None`: the sphere) and `height`.
    Row { mesh: Option<Gd<Mesh>>, height: f32 },
}

impl KindLook {
    /// The look of the default table's row `spec`.
    pub fn default_row(spec: &KindSpec) -> KindLook {
        KindLook {
            node_name: node_name(&spec.name),
            source: LookSource::Default,
            radius: sphere_radius(spec.goal),
            color: match spec.goal {
                Goal::Power => Color::from_rgb(1.0, 0.45, 0.1),
                Goal::Heat => Color::from_rgb(0.35, 0.95, 0.3),
            },
        }
    }
}

impl SwarmKind {
    /// The core's row and the look of this kind; the error names the bad field and value.
    pub(crate) fn to_row(&self) -> Result<(KindSpec, KindLook), String> {
        let goal = Goal::from_value(self.goal.0).ok_or_else(|| {
            format!(
                "goal = {} is not SwarmKind.Goal POWER (0) or HEAT (1)",
                self.goal.0
            )
        })?;
        let mut params = outpost_core::swarm::DEFAULT_DRONE;
        for (key, value) in [
            ("speed", self.speed),
            ("health", self.health),
            ("attack_damage", self.attack_damage),
            ("attack_rate", self.attack_rate),
            ("follow", self.follow),
        ] {
            set_tunable(&mut params, key, value, &format!("{value:?}"))?;
        }
        if !(self.height.is_finite() && self.height.abs() <= 1000.0) {
            return Err(format!(
                "height = {:?} is not a finite number of metres within 1000",
                self.height
            ));
        }
        let name = self.name.to_string();
        let look = KindLook {
            node_name: node_name(&name),
            source: LookSource::Row {
                mesh: self.mesh.clone(),
                height: self.height,
            },
            radius: sphere_radius(goal),
            color: self.color,
        };
        Ok((KindSpec::new(name, goal, params), look))
    }
}

/// Fastest speed a kind takes, in cells per second (an agent moves at most a cell per
/// tick).
pub(crate) const MAX_SPEED: f64 = 60.0;

/// Sets tunable `key` of `p` to `number` (shown as `shown` in the error), checking its
/// range; the error names the key and value.
pub(crate) fn set_tunable(
    p: &mut KindParams,
    key: &str,
    number: f64,
    shown: &str,
) -> Result<(), String> {
    if !(number.is_finite() && number >= 0.0) {
        return Err(format!("{key} = {shown} is not a number at least 0"));
    }
    let milli = |max: f64| {
        (number <= max)
            .then(|| (number * 1000.0).round() as u32)
            .ok_or_else(|| format!("{key} = {shown} is above {max}"))
    };
    match key {
        "speed" => p.speed_milli = milli(MAX_SPEED)?,
        "health" => p.health_milli = milli(1e6)?.max(1),
        "attack_damage" => p.attack_damage_milli = milli(1e6)?,
        "attack_rate" => p.attack_rate_milli = milli(1000.0)?,
        "follow" => p.follow_permille = milli(1.0)?,
        _ => {
            return Err(format!(
                "unknown key {key:?} (known: speed, health, attack_damage, attack_rate, follow)"
            ));
        }
    }
    Ok(())
}

/// The name of a kind's MultiMeshInstance3D: the kind's name capitalised, with an s
/// ("drone": "Drones").
fn node_name(kind: &str) -> String {
    let mut chars = kind.chars();
    let first: String = chars
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .collect();
    format!("{first}{}s", chars.as_str())
}

/// The default sphere's radius for a goal: drones' 0.22 m, aliens' 0.3 m.
fn sphere_radius(goal: Goal) -> f32 {
    match goal {
        Goal::Power => 0.22,
        Goal::Heat => 0.3,
    }
}

#[cfg(test)]
mod tests {
    use super::{node_name, set_tunable};
    use outpost_core::swarm::DEFAULT_DRONE;

    #[test]
    fn a_kinds_node_is_its_name_capitalised_with_an_s() {
        assert_eq!(node_name("drone"), "Drones");
        assert_eq!(node_name("alien"), "Aliens");
        assert_eq!(node_name("élan"), "Élans");
    }

    #[test]
    fn a_tunable_out_of_range_is_refused_by_name_and_value() {
        let mut p = DEFAULT_DRONE;
        assert_eq!(
            set_tunable(&mut p, "follow", 2.0, "2.0"),
            Err("follow = 2.0 is above 1".to_owned())
        );
        assert_eq!(
            set_tunable(&mut p, "speed", -1.0, "-1.0"),
            Err("speed = -1.0 is not a number at least 0".to_owned())
        );
        assert_eq!(p, DEFAULT_DRONE);
        set_tunable(&mut p, "speed", 0.5, "0.5").unwrap();
        assert_eq!(p.speed_milli, 500);
    }
}

class_enum!(
    /// `SwarmKind.Goal`: what a kind heads for and hits, from the core's [`Goal::ALL`].
    GoalEnum = SwarmKind.Goal,
    Goal::ALL.map(|g| (g.name(), g as i64)).to_vec()
);

/// The `goal` property of a `SwarmKind` (a bad value still loads; the swarm refuses the
/// row).
pub type GoalValue = EnumValue<GoalEnum>;
