//! Running the `outpost` binary of this package in the CLI's end-to-end tests.
#![allow(dead_code)]

use std::process::{Command, Output};

/// The `outpost` binary Cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_outpost");

/// `outpost ARGS`, run to its end.
pub fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("failed to start the outpost binary")
}

/// What it printed on stdout, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What it printed on stderr, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
