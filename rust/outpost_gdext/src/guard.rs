//! Keeps Rust panics away from Godot: every exported call runs inside [`guarded`].

use std::panic::{AssertUnwindSafe, catch_unwind};

use godot::prelude::godot_error;

/// Runs `f`; if it panics, reports the panic with `push_error` (naming `what`) and
/// returns `fallback()` instead. The panic never unwinds into the engine.
pub fn guarded<T>(what: &str, fallback: impl FnOnce() -> T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic payload".to_owned());
            godot_error!("{what}: internal error (Rust panic): {message}");
            fallback()
        }
    }
}
