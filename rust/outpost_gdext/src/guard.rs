//! Keeps Rust panics away from Godot: every exported call runs inside [`guarded`].
//!
//! gdext catches a panic that escapes a `#[func]` too, but then the call returns the
//! type's default and a dynamically typed GDScript caller is aborted on the spot. Under
//! [`guarded`] the call returns its documented fallback (`null`, an empty array, `-1`...)
//! after an error that names the call, so the caller's script carries on and can test the
//! result, as it does for any other bad input.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use godot::prelude::godot_error;

/// Runs `f`; if it panics, reports the panic with `push_error` (naming `what`) and
/// returns `fallback()` instead. The panic never unwinds into the engine.
pub fn guarded<T>(what: &str, fallback: impl FnOnce() -> T, f: impl FnOnce() -> T) -> T {
    guarded_with(
        |message| godot_error!("{what}: internal error (Rust panic): {message}"),
        fallback,
        f,
    )
}

/// [`guarded`] with the report made by `report` (engine-free, so it can be unit-tested).
fn guarded_with<T>(
    report: impl FnOnce(String),
    fallback: impl FnOnce() -> T,
    f: impl FnOnce() -> T,
) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(payload) => {
            report(panic_message(payload.as_ref()));
            fallback()
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic payload".to_owned())
}

#[cfg(test)]
mod tests {
    use super::guarded_with;

    #[test]
    fn a_panic_is_caught_reported_and_replaced_by_the_fallback() {
        let mut reported = None;
        let got = guarded_with(
            |m| reported = Some(m),
            || -1,
            || -> i32 { panic!("boom {}", 42) },
        );
        assert_eq!(got, -1);
        assert_eq!(reported.as_deref(), Some("boom 42"));
    }

    #[test]
    fn a_normal_result_passes_through_without_a_report() {
        let mut reported = false;
        let got = guarded_with(|_| reported = true, || 0, || 7);
        assert_eq!(got, 7);
        assert!(!reported);
    }
}
