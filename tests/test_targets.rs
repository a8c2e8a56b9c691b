//! No test file can be skipped silently. The project keeps its integration tests in the
//! top-level `tests/`, outside every package, so Cargo discovers none of them: each is a
//! `[[test]]` of the core's or the CLI's `Cargo.toml`. A file nobody listed would compile
//! into nothing and never run; this test fails instead, naming it.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's top-level `tests/` folder.
fn tests_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests")
        .canonicalize()
        .expect("tests/ exists")
}

/// The source file of every test target of every workspace package, as
/// `cargo metadata` reports them.
fn test_target_sources() -> BTreeSet<PathBuf> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    metadata["packages"]
        .as_array()
        .expect("a package list")
        .iter()
        .flat_map(|package| package["targets"].as_array().expect("a target list"))
        .filter(|target| {
            target["kind"]
                .as_array()
                .is_some_and(|k| k.contains(&"test".into()))
        })
        .map(|target| {
            let path = target["src_path"].as_str().expect("a source path");
            Path::new(path)
                .canonicalize()
                .unwrap_or_else(|_| path.into())
        })
        .collect()
}

/// The `.rs` files directly in `dir` (a folder below it, such as `common/`, is a module the
/// tests share, not a test).
fn rust_files(dir: &Path) -> BTreeSet<PathBuf> {
    std::fs::read_dir(dir)
        .expect("tests/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "rs"))
        .collect()
}

/// The files of `files` that no test target builds.
fn not_run(files: &BTreeSet<PathBuf>, targets: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    files.difference(targets).cloned().collect()
}

#[test]
fn every_file_of_tests_is_a_test_target() {
    let files = rust_files(&tests_dir());
    assert!(files.len() >= 10, "only {} files in tests/", files.len());
    let missing = not_run(&files, &test_target_sources());
    assert!(
        missing.is_empty(),
        "cargo test never runs {missing:?}: add a [[test]] for each to \
         rust/outpost_core/Cargo.toml (rust/outpost_cli/Cargo.toml for a test of the \
         outpost binary)"
    );
}

#[test]
fn a_file_that_is_no_test_target_is_named() {
    let targets = test_target_sources();
    let mut files = rust_files(&tests_dir());
    let stray = tests_dir().join("stray_new_test.rs");
    files.insert(stray.clone());
    assert!(
        not_run(&files, &targets).contains(&stray),
        "{stray:?} is named"
    );
    assert!(
        targets.contains(&tests_dir().join("test_targets.rs")),
        "this file is a test target itself"
    );
}
