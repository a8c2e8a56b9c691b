//! The release carries one version everywhere: `[workspace.package]` in `Cargo.toml`,
//! which every crate inherits; the addon's `plugin.cfg`; `outpost --version`; the zip
//! `scripts/package.sh` names; and the changelog's newest release. The extension's
//! `StoreyGenerator.version()` is the binding crate's `CARGO_PKG_VERSION`, so it is the
//! workspace's when the crate inherits it (checked here); the engine suite
//! (`test_extension`'s `test_version_is_the_plugins`) compares the running extension's
//! with `plugin.cfg`. Also: the root `LICENSE` is the addon's, byte for byte.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository's root exists")
}

fn read(path: &str) -> String {
    fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The lines of a TOML or INI section, from its header to the next header.
fn section<'a>(text: &'a str, header: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|line| line.trim() != header)
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .collect()
}

/// `key = "value"` (or `key="value"`) in a section's lines.
fn value(lines: &[&str], key: &str) -> Option<String> {
    lines.iter().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    })
}

fn workspace_version() -> String {
    let toml = read("Cargo.toml");
    let version = value(&section(&toml, "[workspace.package]"), "version")
        .expect("Cargo.toml's [workspace.package] has a version");
    let parts: Vec<&str> = version.split('.').collect();
    assert!(
        parts.len() == 3 && parts.iter().all(|p| p.parse::<u32>().is_ok()),
        "the workspace's version is MAJOR.MINOR.PATCH: {version}"
    );
    version
}

#[test]
fn every_crate_inherits_the_workspace_version() {
    for krate in ["outpost_core", "outpost_cli", "outpost_gdext"] {
        let path = format!("rust/{krate}/Cargo.toml");
        let package = read(&path);
        let lines = section(&package, "[package]");
        assert!(
            lines.iter().any(|l| l.trim() == "version.workspace = true"),
            "{path}: [package] has no `version.workspace = true`"
        );
        assert_eq!(
            value(&lines, "version"),
            None,
            "{path} sets its own version"
        );
    }
    assert_eq!(
        env!("CARGO_PKG_VERSION"),
        workspace_version(),
        "this crate's version"
    );
}

#[test]
fn plugin_cfg_carries_the_workspace_version() {
    let cfg = read("godot_project/addons/outpost_storeys/plugin.cfg");
    assert_eq!(
        value(&section(&cfg, "[plugin]"), "version").as_deref(),
        Some(workspace_version().as_str()),
        "plugin.cfg's version"
    );
}

#[test]
fn outpost_version_prints_the_workspace_version() {
    let out = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .arg("--version")
        .output()
        .expect("the outpost binary runs");
    assert!(out.status.success(), "outpost --version failed");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("outpost {}\n", workspace_version())
    );
}

#[test]
fn the_zip_is_named_after_the_workspace_version() {
    let out = Command::new("bash")
        .arg(repo().join("scripts/package.sh"))
        .arg("--zip-name")
        .output()
        .expect("bash runs scripts/package.sh");
    assert!(
        out.status.success(),
        "scripts/package.sh --zip-name failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("outpost_storeys-{}.zip\n", workspace_version())
    );
}

#[test]
fn the_changelog_names_the_release_with_its_date() {
    let changelog = read("CHANGELOG.md");
    let releases: Vec<&str> = changelog
        .lines()
        .filter(|l| l.starts_with("## ["))
        .collect();
    assert_eq!(
        releases.first(),
        Some(&"## [Unreleased]"),
        "the first section"
    );
    let newest = releases.get(1).expect("a release below [Unreleased]");
    let prefix = format!("## [{}] - ", workspace_version());
    let date = newest
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("the newest release is {newest:?}, want {prefix}YYYY-MM-DD"));
    let digits: Vec<&str> = date.split('-').collect();
    assert!(
        digits.len() == 3
            && [4, 2, 2]
                .iter()
                .zip(&digits)
                .all(|(n, d)| d.len() == *n && d.bytes().all(|b| b.is_ascii_digit())),
        "the release's date is YYYY-MM-DD: {date}"
    );
}

#[test]
fn the_root_license_is_the_addons() {
    assert_eq!(
        read("LICENSE"),
        read("godot_project/addons/outpost_storeys/LICENSE"),
        "LICENSE and godot_project/addons/outpost_storeys/LICENSE differ"
    );
}
