//! Hit flashes of a `StoreySwarm`'s agents: which agents were hit and at which tick of the
//! swarm, kept by the binding beside the core, so the simulation's state (and its
//! `state_hash`) knows nothing of them. Drawn through the MultiMesh's per-instance colour
//! and an overlay material that reads it, so a kind's own mesh and material need nothing.

use godot::classes::{Shader, ShaderMaterial};
use godot::prelude::*;

/// The agents hit lately, in id order: each with the swarm tick of its last hit.
#[derive(Default)]
pub(crate) struct Flashes {
    hits: Vec<(u32, u64)>,
}

impl Flashes {
    /// Records a hit of agent `id` at swarm tick `tick` (a new hit restarts its flash).
    pub fn hit(&mut self, id: u32, tick: u64) {
        match self.hits.binary_search_by_key(&id, |&(i, _)| i) {
            Ok(at) => self.hits[at].1 = tick,
            Err(at) => self.hits.insert(at, (id, tick)),
        }
    }

    /// Forgets every hit (a new simulation).
    pub fn clear(&mut self) {
        self.hits.clear();
    }

    /// Whether no flash is recorded.
    pub fn is_empty(&self) -> bool {
        self.hits.is_empty()
    }

    /// How strongly agent `id` flashes at swarm tick `now`, for flashes `length` ticks
    /// long: 1 at the tick of the hit, falling linearly to 0 `length` ticks later; 0 for
    /// an agent not hit lately (or hit at a tick after `now`: a swarm loaded back).
    pub fn strength(&self, id: u32, now: u64, length: u64) -> f32 {
        self.hits
            .binary_search_by_key(&id, |&(i, _)| i)
            .map_or(0.0, |at| fade(self.hits[at].1, now, length))
    }

    /// Drops the flashes that are over at `now`, and those of agents `alive` denies.
    pub fn prune(&mut self, now: u64, length: u64, alive: impl Fn(u32) -> bool) {
        self.hits
            .retain(|&(id, tick)| fade(tick, now, length) > 0.0 && alive(id));
    }

    /// A reader of the strengths for ids asked in increasing order (one walk of the list
    /// per buffer write instead of a search per agent).
    pub fn walker(&self, now: u64, length: u64) -> FlashWalker<'_> {
        FlashWalker {
            hits: &self.hits,
            next: 0,
            now,
            length,
        }
    }
}

/// See [`Flashes::walker`].
pub(crate) struct FlashWalker<'a> {
    hits: &'a [(u32, u64)],
    next: usize,
    now: u64,
    length: u64,
}

impl FlashWalker<'_> {
    /// The strength of agent `id`'s flash; `id` must not be below the previous one asked.
    pub fn strength(&mut self, id: u32) -> f32 {
        while self.next < self.hits.len() && self.hits[self.next].0 < id {
            self.next += 1;
        }
        match self.hits.get(self.next) {
            Some(&(i, tick)) if i == id => fade(tick, self.now, self.length),
            _ => 0.0,
        }
    }
}

/// 1 at `hit`, 0 from `hit + length` on (and before `hit`), linear between.
fn fade(hit: u64, now: u64, length: u64) -> f32 {
    match now.checked_sub(hit) {
        Some(elapsed) if elapsed < length => (length - elapsed) as f32 / length as f32,
        _ => 0.0,
    }
}

/// Ticks of a flash `seconds` long at `ticks_per_second` (0 for no flash).
pub(crate) fn flash_ticks(seconds: f64, ticks_per_second: u32) -> u64 {
    if seconds.is_finite() && seconds > 0.0 {
        (seconds * f64::from(ticks_per_second)).round().max(1.0) as u64
    } else {
        0
    }
}

/// The overlay drawn over every agent of a kind: the instance colour's RGB, as opaque as
/// its alpha (the flash's strength), unshaded; an instance that does not flash (alpha 0)
/// is collapsed to a point, so it costs no fill.
const OVERLAY_SHADER: &str = "shader_type spatial;
render_mode unshaded, blend_mix, depth_draw_never, cull_back, shadows_disabled, fog_disabled;

void vertex() {
\tVERTEX *= step(0.004, COLOR.a);
}

void fragment() {
\tALBEDO = COLOR.rgb;
\tALPHA = COLOR.a;
}
";

/// A new overlay material for a swarm's MultiMeshes (see [`OVERLAY_SHADER`]).
pub(crate) fn overlay_material() -> Gd<ShaderMaterial> {
    let mut shader = Shader::new_gd();
    shader.set_code(OVERLAY_SHADER);
    let mut material = ShaderMaterial::new_gd();
    material.set_shader(&shader);
    material
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the strengths compared are exact: quarters, and the same computation twice"
)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_fades_linearly_to_nothing_over_its_length() {
        let mut f = Flashes::default();
        f.hit(7, 100);
        assert_eq!(f.strength(7, 100, 4), 1.0);
        assert_eq!(f.strength(7, 101, 4), 0.75);
        assert_eq!(f.strength(7, 103, 4), 0.25);
        assert_eq!(f.strength(7, 104, 4), 0.0);
        assert_eq!(f.strength(8, 100, 4), 0.0, "an agent never hit");
        assert_eq!(
            f.strength(7, 99, 4),
            0.0,
            "a hit after now (a swarm loaded back)"
        );
    }

    #[test]
    fn a_new_hit_restarts_the_flash() {
        let mut f = Flashes::default();
        f.hit(3, 10);
        f.hit(3, 12);
        assert_eq!(f.strength(3, 13, 4), 0.75);
    }

    #[test]
    fn prune_drops_flashes_that_are_over_and_agents_that_are_gone() {
        let mut f = Flashes::default();
        f.hit(1, 10);
        f.hit(2, 12);
        f.hit(3, 12);
        f.prune(14, 4, |id| id != 3);
        assert_eq!(f.hits, vec![(2, 12)]);
    }

    #[test]
    fn the_walker_reads_the_same_strengths_as_a_search() {
        let mut f = Flashes::default();
        for (id, tick) in [(9, 5), (2, 6), (5, 4)] {
            f.hit(id, tick);
        }
        let mut w = f.walker(6, 4);
        for id in 0..12 {
            assert_eq!(w.strength(id), f.strength(id, 6, 4), "id {id}");
        }
    }

    #[test]
    fn flash_ticks_round_seconds_to_ticks_at_least_one() {
        assert_eq!(flash_ticks(0.12, 60), 7);
        assert_eq!(flash_ticks(0.001, 60), 1);
        assert_eq!(flash_ticks(0.0, 60), 0);
        assert_eq!(flash_ticks(f64::NAN, 60), 0);
    }
}
