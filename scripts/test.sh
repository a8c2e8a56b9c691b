#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (core rules, golden snapshots,
# property tests, CLI), the in-engine suites inside a headless Godot 4.6 (with the scene
# runs and, under Xvfb, the pixel test), then the shipped addon (scripts/package_tests.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace
scripts/godot_tests.sh
scripts/package_tests.sh
