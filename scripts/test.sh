#!/usr/bin/env bash
# Runs every test of the project: the Rust workspace (core rules, golden snapshots,
# property tests, CLI) and then the in-engine suite inside a headless Godot 4.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace
scripts/godot_tests.sh
