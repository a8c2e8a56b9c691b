#!/usr/bin/env bash
# Prints the level table of docs/playing.md: tests/autoplay_table.gd plays every outpost
# level on fixed seeds with the standard autoplayer and the one that builds no tower, and
# leaves a game idle; each row in game time, so the figures do not depend on the machine.
# The full log is kept in target/autoplay_table.log; fails if the run fails or the log
# shows a problem (scripts/godot_helpers.sh's godot_log_problems).
#
# Usage: scripts/autoplay_table.sh [--no-build]
#   --no-build  use the libraries already built (scripts/godot_tests.sh --build-only)
# Environment: AUTOPLAY_SEEDS, AUTOPLAY_LEVELS, AUTOPLAY_SPEED, AUTOPLAY_VARIANTS (also
# factory_route and machines: the same route without and with factory machines; see the
# script), GODOT4_BIN.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$repo"
[[ ${1:-} == --no-build ]] || scripts/godot_tests.sh --build-only >&2
GODOT=$(scripts/godot.sh)
source scripts/godot_helpers.sh
log="$repo/target/autoplay_table.log"
mkdir -p "$(dirname "$log")"
rc=0
RUST_BACKTRACE=0 timeout 3600 "$GODOT" --headless --path godot_project \
    --script res://tests/autoplay_table.gd >"$log" 2>&1 || rc=$?
godot_log_problems "$log" >&2 || rc=1
grep -E '^\||^$' "$log" || true
if ((rc != 0)); then
    printf 'autoplay_table.sh: FAILED (exit %s); see %s\n' "$rc" "$log" >&2
    exit 1
fi
