//! A swarm's whole state as bytes, for save games: [`Swarm::save`](crate::swarm::Swarm::save)
//! writes it, [`Swarm::load`](crate::swarm::Swarm::load) reads it back after checking every
//! part of it, so that a loaded swarm has the
//! [`Swarm::state_hash`](crate::swarm::Swarm::state_hash) and the future of the one saved.
//!
//! Layout (little-endian), version [`SAVE_VERSION`]:
//!
//! | field | bytes |
//! |---|---|
//! | magic `OSWM` | 4 |
//! | version | u16 |
//! | grid width, height | i32, i32 |
//! | seed, ticks per second, tick, next id | i64, u32, u64, u32 |
//! | heat cell (-1, -1: none) | i32, i32 |
//! | retreat | u8 (0 or 1) |
//! | kind table: rows, then per row its name (u16 length, UTF-8), goal (u8) and the five tunables (u32 each) | u8 + rows |
//! | towers seen: count, then x, y each | u32 + 8 each |
//! | agents: count, then id (u32), kind (u8), from x/y, to x/y, progress (i32 each), health (i64), cooldown (u32), stream seed (i64), draws (u64) | u32 + 57 each |
//! | FNV-1a 64 of every byte before it | u64 |
//!
//! The towers are the navigator's: the bytes hold the towers the swarm had seen at its
//! last call, and a loaded swarm catches up with its navigator's at its next call, as the
//! saved one would have (restore the towers first, as they were at the save).

use crate::geometry::Pos;
use crate::swarm::agent::Agent;
use crate::swarm::hash::StateHasher;
use crate::swarm::kind::{Goal, KindParams, KindSpec};

/// The version of the bytes [`crate::swarm::Swarm::save`] writes; the only one
/// [`crate::swarm::Swarm::load`] reads.
pub const SAVE_VERSION: u16 = 1;

const MAGIC: &[u8; 4] = b"OSWM";
/// Bytes per agent.
const AGENT_BYTES: usize = 4 + 1 + 5 * 4 + 8 + 4 + 8 + 8;

/// Everything a swarm's future depends on, as [`crate::swarm::Swarm::save`] writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SwarmState {
    pub width: i32,
    pub height: i32,
    pub seed: i64,
    pub ticks_per_second: u32,
    pub tick: u64,
    pub next_id: u32,
    pub heat: Option<Pos>,
    pub retreat: bool,
    pub kinds: Vec<KindSpec>,
    pub towers: Vec<Pos>,
    pub agents: Vec<Agent>,
}

impl SwarmState {
    /// The bytes of this state, checksum last.
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Vec::with_capacity(64 + self.agents.len() * AGENT_BYTES);
        w.extend_from_slice(MAGIC);
        w.extend_from_slice(&SAVE_VERSION.to_le_bytes());
        for v in [self.width, self.height] {
            w.extend_from_slice(&v.to_le_bytes());
        }
        w.extend_from_slice(&self.seed.to_le_bytes());
        w.extend_from_slice(&self.ticks_per_second.to_le_bytes());
        w.extend_from_slice(&self.tick.to_le_bytes());
        w.extend_from_slice(&self.next_id.to_le_bytes());
        let heat = self.heat.unwrap_or(Pos::new(-1, -1));
        for v in [heat.x, heat.y] {
            w.extend_from_slice(&v.to_le_bytes());
        }
        w.push(u8::from(self.retreat));
        w.push(self.kinds.len() as u8);
        for kind in &self.kinds {
            let name = kind.name.as_bytes();
            w.extend_from_slice(&(name.len() as u16).to_le_bytes());
            w.extend_from_slice(name);
            w.push(kind.goal as u8);
            for v in params_of(&kind.params) {
                w.extend_from_slice(&v.to_le_bytes());
            }
        }
        w.extend_from_slice(&(self.towers.len() as u32).to_le_bytes());
        for t in &self.towers {
            for v in [t.x, t.y] {
                w.extend_from_slice(&v.to_le_bytes());
            }
        }
        w.extend_from_slice(&(self.agents.len() as u32).to_le_bytes());
        for a in &self.agents {
            w.extend_from_slice(&a.id.to_le_bytes());
            w.push(a.kind.index() as u8);
            for v in [a.from.x, a.from.y, a.to.x, a.to.y, a.progress] {
                w.extend_from_slice(&v.to_le_bytes());
            }
            w.extend_from_slice(&a.health.to_le_bytes());
            w.extend_from_slice(&a.cooldown.to_le_bytes());
            w.extend_from_slice(&a.seed.to_le_bytes());
            w.extend_from_slice(&a.draws.to_le_bytes());
        }
        let sum = checksum(&w);
        w.extend_from_slice(&sum.to_le_bytes());
        w
    }

    /// The state in `bytes`: the format checked (magic, version, length, checksum, every
    /// field readable); what the values mean is the swarm's to check.
    ///
    /// # Errors
    ///
    /// A message naming what is wrong: not a swarm's bytes, another version, truncated
    /// (and where), trailing bytes, a checksum that does not match (damaged or edited), a
    /// goal or kind that does not exist, a name that is not UTF-8.
    pub fn decode(bytes: &[u8]) -> Result<SwarmState, String> {
        if bytes.len() < MAGIC.len() + 2 || &bytes[..4] != MAGIC {
            return Err("not a swarm's saved state (no OSWM header)".to_owned());
        }
        let version = u16::from_le_bytes([bytes[4], bytes[5]]);
        if version != SAVE_VERSION {
            return Err(format!(
                "saved state version {version}; this build reads version {SAVE_VERSION}"
            ));
        }
        if bytes.len() < 6 + 8 {
            return Err(format!("truncated: {} bytes", bytes.len()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let stored = u64::from_le_bytes(sum.try_into().expect("8 bytes"));
        let mut r = Reader { bytes: body, at: 6 };
        let state = r.state()?;
        if r.at != body.len() {
            return Err(format!(
                "{} bytes left over after the last agent",
                body.len() - r.at
            ));
        }
        if stored != checksum(body) {
            return Err("the checksum does not match: the state is damaged or was edited".into());
        }
        Ok(state)
    }
}

fn params_of(p: &KindParams) -> [u32; 5] {
    [
        p.speed_milli,
        p.health_milli,
        p.attack_damage_milli,
        p.attack_rate_milli,
        p.follow_permille,
    ]
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut h = StateHasher::new();
    h.bytes(bytes);
    h.finish()
}

/// Reads the fields of a state in order; every read names what it was reading when the
/// bytes ran out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self, what: &str) -> Result<[u8; N], String> {
        let end = self.at + N;
        let Some(slice) = self.bytes.get(self.at..end) else {
            return Err(format!(
                "truncated at byte {} (reading {what}): the state is incomplete",
                self.at
            ));
        };
        self.at = end;
        Ok(slice.try_into().expect("N bytes"))
    }

    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take::<1>(what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.take(what)?))
    }

    fn u32(&mut self, what: &str) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(what)?))
    }

    fn i32(&mut self, what: &str) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.take(what)?))
    }

    fn u64(&mut self, what: &str) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(what)?))
    }

    fn i64(&mut self, what: &str) -> Result<i64, String> {
        Ok(i64::from_le_bytes(self.take(what)?))
    }

    fn pos(&mut self, what: &str) -> Result<Pos, String> {
        Ok(Pos::new(self.i32(what)?, self.i32(what)?))
    }

    fn state(&mut self) -> Result<SwarmState, String> {
        let width = self.i32("the grid width")?;
        let height = self.i32("the grid height")?;
        let seed = self.i64("the seed")?;
        let ticks_per_second = self.u32("the tick rate")?;
        let tick = self.u64("the tick")?;
        let next_id = self.u32("the next id")?;
        let heat = self.pos("the heat cell")?;
        let retreat = match self.u8("the retreat flag")? {
            0 => false,
            1 => true,
            v => return Err(format!("the retreat flag is {v}, not 0 or 1")),
        };
        let rows = self.u8("the kind table's size")?;
        let mut kinds = Vec::with_capacity(usize::from(rows));
        for row in 0..rows {
            kinds.push(self.kind(row)?);
        }
        let towers = self.u32("the tower count")?;
        let mut tower_cells = Vec::new();
        for _ in 0..towers {
            tower_cells.push(self.pos("a tower")?);
        }
        let count = self.u32("the agent count")?;
        if (count as usize).saturating_mul(AGENT_BYTES) > self.bytes.len() {
            return Err(format!(
                "truncated: {count} agents announced, room for {}",
                self.bytes.len().saturating_sub(self.at) / AGENT_BYTES
            ));
        }
        let mut agents = Vec::with_capacity(count as usize);
        for i in 0..count {
            agents.push(self.agent(i, rows)?);
        }
        Ok(SwarmState {
            width,
            height,
            seed,
            ticks_per_second,
            tick,
            next_id,
            heat: (heat != Pos::new(-1, -1)).then_some(heat),
            retreat,
            kinds,
            towers: tower_cells,
            agents,
        })
    }

    fn kind(&mut self, row: u8) -> Result<KindSpec, String> {
        let what = format!("kind {row}");
        let len = usize::from(self.u16(&what)?);
        let end = self.at + len;
        let Some(raw) = self.bytes.get(self.at..end) else {
            return Err(format!(
                "truncated at byte {} (reading {what}'s name)",
                self.at
            ));
        };
        let name =
            String::from_utf8(raw.to_vec()).map_err(|_| format!("{what}'s name is not UTF-8"))?;
        self.at = end;
        let goal = self.u8(&what)?;
        let goal = Goal::from_value(i64::from(goal)).ok_or_else(|| {
            format!("{what} ({name:?}) has goal {goal}, not 0 (power) or 1 (heat)")
        })?;
        let mut v = [0u32; 5];
        for x in &mut v {
            *x = self.u32(&what)?;
        }
        let params = KindParams {
            speed_milli: v[0],
            health_milli: v[1],
            attack_damage_milli: v[2],
            attack_rate_milli: v[3],
            follow_permille: v[4],
        };
        Ok(KindSpec::new(name, goal, params))
    }

    fn agent(&mut self, index: u32, rows: u8) -> Result<Agent, String> {
        let what = format!("agent {index}");
        let id = self.u32(&what)?;
        let kind = self.u8(&what)?;
        let kind = crate::swarm::AgentKind::from_index(usize::from(kind))
            .filter(|_| kind < rows)
            .ok_or_else(|| format!("agent {id} has kind {kind}; the table has kinds 0..{rows}"))?;
        Ok(Agent {
            id,
            kind,
            from: self.pos(&what)?,
            to: self.pos(&what)?,
            progress: self.i32(&what)?,
            health: self.i64(&what)?,
            cooldown: self.u32(&what)?,
            seed: self.i64(&what)?,
            draws: self.u64(&what)?,
        })
    }
}
