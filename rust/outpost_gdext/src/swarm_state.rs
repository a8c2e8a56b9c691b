//! `StoreySwarm`'s part in a save game: the three calls every stateful part of the game
//! offers (`get_state`, `check_state`, `set_state`), over `save_state` / `load_state`.
//! The check is static and builds nothing in the scene: it loads the saved bytes into a
//! scratch core swarm on the storey's layout, with the towers and kinds the context names.

use godot::builtin::AnyArray;
use godot::classes::Marshalls;
use godot::prelude::*;
use outpost_core::swarm::Swarm;

use crate::convert;
use crate::guard::guarded;
use crate::layout::StoreyLayout;
use crate::navigator::StoreyNavigator;
use crate::swarm::{StoreySwarm, kind_table};

/// The key of the agents in a swarm's state.
const AGENTS: &str = "agents";

#[godot_api(secondary)]
impl StoreySwarm {
    /// The state for a save game: `{"agents": save_state() in base64}` (every agent, the
    /// swarm's tick, ids, heat, retreat, kind table and the towers it has seen).
    #[func]
    pub fn get_state(&self) -> VarDictionary {
        let mut state = VarDictionary::new();
        state.set(
            AGENTS,
            &Marshalls::singleton().raw_to_base64(&self.save_state()),
        );
        state
    }

    /// "" if `data` is a swarm's state that loads on the storey of `context.layout` with
    /// the towers of `context.tower_cells` standing and the kinds of `context.kinds` (an
    /// array of `SwarmKind`s, in row order), else what is wrong, named under
    /// `context.where`: not base64, another version or grid, a failed checksum, other
    /// kinds, an agent on a wall or a tower. Builds no node.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn check_state(data: VarDictionary, context: VarDictionary) -> GString {
        let place: String = context
            .get("where")
            .and_then(|v| v.try_to::<GString>().ok())
            .map_or_else(|| "swarm".to_owned(), |s| s.to_string());
        let problem = guarded(
            "StoreySwarm.check_state",
            || "an internal error (see above)".to_owned(),
            || check(&data, &context).err().unwrap_or_default(),
        );
        if problem.is_empty() {
            GString::new()
        } else {
            GString::from(&format!("{place}.swarm: {problem}"))
        }
    }

    /// Restores `get_state`'s state (`load_state` of its agents); false (after
    /// `push_error`, the swarm unchanged) where `load_state` refuses them.
    #[allow(
        clippy::needless_pass_by_value,
        reason = "gdext #[func] parameters are values, never references"
    )]
    #[func]
    pub fn set_state(&mut self, data: VarDictionary) -> bool {
        let text = data.get(AGENTS).and_then(|v| v.try_to::<GString>().ok());
        let bytes = text.map(|t| Marshalls::singleton().base64_to_raw(&t));
        match bytes {
            Some(bytes) if !bytes.is_empty() => self.load_state(bytes),
            _ => {
                godot_error!("StoreySwarm.set_state: no agents in base64 in the state");
                false
            }
        }
    }
}

/// The check of `check_state`: Ok, or what is wrong.
fn check(data: &VarDictionary, context: &VarDictionary) -> Result<(), String> {
    let text = data
        .get(AGENTS)
        .and_then(|v| v.try_to::<GString>().ok())
        .ok_or_else(|| format!("{AGENTS} is {}, not base64", shown(data.get(AGENTS))))?;
    let bytes = Marshalls::singleton().base64_to_raw(&text);
    if bytes.is_empty() {
        return Err(format!("{AGENTS} is {text}, not base64"));
    }
    let layout = context
        .get("layout")
        .and_then(|v| v.try_to::<Gd<StoreyLayout>>().ok())
        .ok_or("the context has no layout")?;
    let mut navigator =
        StoreyNavigator::create(Some(layout)).ok_or("the context's layout is malformed")?;
    let towers: Array<Vector2i> = context
        .get("tower_cells")
        .and_then(|v| v.try_to::<Array<Vector2i>>().ok())
        .unwrap_or_default();
    for cell in towers.iter_shared() {
        if !navigator.bind_mut().place_tower(cell) {
            return Err(format!("no tower may stand on {:?}", convert::pos(cell)));
        }
    }
    let loaded = Swarm::load(&navigator.bind().nav, bytes.as_slice()).map_err(|e| e.to_string())?;
    let want = match context.get("kinds").map(|v| v.try_to::<AnyArray>()) {
        Some(Ok(kinds)) => kind_table(Some(&kinds))?,
        Some(Err(_)) => return Err("the context's kinds are not an array".to_owned()),
        None => kind_table(None)?,
    };
    let saved: Vec<String> = loaded.kinds().iter().map(|k| k.name.to_string()).collect();
    if saved != want {
        return Err(format!(
            "its kinds ({}) are not the game's ({})",
            saved.join(", "),
            want.join(", ")
        ));
    }
    Ok(())
}

/// A value in a message: "missing" for none.
fn shown(value: Option<Variant>) -> String {
    value.map_or_else(|| "missing".to_owned(), |v| v.to_string())
}
