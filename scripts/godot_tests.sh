#!/usr/bin/env bash
# Builds the GDExtension (rust/outpost_gdext) and the CLI, and runs the in-engine tests
# (godot_project/tests/run_tests.gd) in a headless Godot 4.6 (scripts/check.sh's godot
# step).
#
# Works from a fresh clone: godot_project/.godot/ (not committed) is created here --
# Godot only loads extensions listed in .godot/extension_list.cfg, and class_name
# globals need the script class cache an import writes.
#
# Fails (non-zero exit) unless the runner's summary, the last line of the log, reads
# "godot: N passed, 0 failed" (N > 0), and also if godot_log_problems
# (scripts/godot_helpers.sh) finds anything in the log: a "SCRIPT ERROR", an "ERROR:" or
# "WARNING:" line the runner did not print as "EXPECTED" (a test declared it), leaks.
# The full log is kept in target/godot_tests.log. The suites compare layouts with the
# CLI's JSON: target/debug/outpost, or OUTPOST_CLI.
#
# Usage: scripts/godot_tests.sh [--no-build] [--build-only]
#   --no-build    use the libraries already in target/debug (iterating on GDScript only)
#   --build-only  build the extension and the CLI, prepare godot_project/.godot (steps 1
#                 to 4 below), then stop before the tests
# Environment: GODOT4_BIN (see scripts/godot.sh), GODOT_TEST_TIMEOUT (seconds, 1200),
#              GODOT_TEST_FILTER (run only tests whose "file:method" contains it),
#              OUTPOST_CLI (the CLI the suites compare with), REQUIRE_XVFB=1 (fail
#              instead of skipping the pixel test without xvfb-run; CI sets it).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
project="$repo/godot_project"
log="$repo/target/godot_tests.log"
timeout_s=${GODOT_TEST_TIMEOUT:-1200}

say() { printf 'godot_tests.sh: %s\n' "$*" >&2; }
die() { printf 'godot_tests.sh: FAILED: %s\n' "$*" >&2; exit 1; }

build=1 tests=1
for arg in "$@"; do
    case $arg in
        --no-build) build=0 ;;
        --build-only) tests=0 ;;
        *) die "unknown argument $arg (usage: scripts/godot_tests.sh [--no-build] [--build-only])" ;;
    esac
done

cd "$repo"

# 1. The top-level outpost.gdextension (paths into target/) and the addon's, which the
#    project loads and scripts/package.sh ships, must agree on their configuration.
addon_ext="$project/addons/outpost_storeys/outpost_storeys.gdextension"
configuration() { sed -n '/^\[configuration\]/,/^\[/p' "$1" | grep -v '^\['; }
if ! diff -u <(configuration "$addon_ext") <(configuration outpost.gdextension) >&2; then
    die "outpost.gdextension's [configuration] differs from the addon's"
fi

# 2. Build the extension (debug: Godot's debug/editor build loads linux.debug.x86_64) and
#    the CLI. Every script builds the debug libraries with the same `cargo build
#    --workspace`: a `-p` build resolves its dependencies' features differently (syn's,
#    for one), and switching between the two rebuilds everything above syn.
if ((build)); then
    say "cargo build --workspace"
    cargo build --workspace
fi
[[ -f target/debug/liboutpost_gdext.so ]] || die "target/debug/liboutpost_gdext.so was not built"
export OUTPOST_CLI=${OUTPOST_CLI:-$repo/target/debug/outpost}
[[ -x $OUTPOST_CLI ]] || die "no outpost CLI at $OUTPOST_CLI (cargo build --workspace)"

# 3. Godot.
GODOT="$(scripts/godot.sh)"
say "using $GODOT ($("$GODOT" --version 2>/dev/null | head -n 1))"

# 4. Project cache: extension list, then an import (script class cache, scene UIDs).
source "$repo/scripts/godot_helpers.sh"
link_addon_libraries "$project"
prepare_godot_project "$project" || die "could not prepare $project"
if ((!tests)); then
    say "built and prepared $project (--build-only: no tests run)"
    exit 0
fi

# 5. The tests. --quit-after is a safety net; the runner quits by itself.
say "running res://tests/run_tests.gd"
rc=0
RUST_BACKTRACE=0 timeout "$timeout_s" "$GODOT" --headless --path "$project" \
    --script res://tests/run_tests.gd --quit-after 1000000 >"$log" 2>&1 || rc=$?
summary_re='^godot: [0-9]+ passed, [0-9]+ failed$'
grep -E '^(PASS|FAIL) |^    [^ ]' "$log" || true
summary=$(grep -E "$summary_re" "$log" | tail -n 1 || true)
problems=()
if [[ $rc == 124 ]]; then
    problems+=("godot timed out after ${timeout_s}s")
elif [[ $rc != 0 ]]; then
    problems+=("godot exited $rc")
fi
[[ -n $summary ]] || problems+=("no 'godot: N passed, N failed' line (runner aborted?)")
[[ -z $summary || $summary =~ :\ [1-9][0-9]*\ passed,\ 0\ failed$ ]] || problems+=("summary: $summary")
[[ -z $summary || $(tail -n 1 "$log") == "$summary" ]] || problems+=("the summary is not the last line of the log")
# Every ERROR:/WARNING: line must be one a test declared (printed as "EXPECTED <line>").
if ! log_problems=$(godot_log_problems "$log"); then
    printf '%s\n' "$log_problems" | head -n 20 >&2
    problems+=("the log has script errors, leaks or ERROR/WARNING lines no test expected")
fi
if [[ ${#problems[@]} -gt 0 ]]; then
    grep -E 'SCRIPT ERROR|leaked|panic' -A3 "$log" | head -n 40 >&2 || true
    for p in "${problems[@]}"; do say "$p"; done
    die "see $log"
fi

# 6. Each scene a player opens runs 300 frames on its own, as `godot <scene>` would start
#    it, with no error or warning. (Real-time physics: under --fixed-fps, which steps
#    physics as fast as frames come, Godot 4.6.3's Jolt job system warns that it "exceeded
#    the maximum number of jobs" after ~150 steps with any Area3D in the world, ours or not.)
for scene in main_menu outpost_test outpost_game; do
    scene_log="$repo/target/godot_scene_$scene.log"
    rc=0
    RUST_BACKTRACE=0 timeout 120 "$GODOT" --headless --path "$project" "res://src/game/$scene.tscn" \
        --quit-after 300 >"$scene_log" 2>&1 || rc=$?
    scene_problems=
    if [[ $rc != 0 ]] || ! scene_problems=$(godot_log_problems "$scene_log"); then
        printf '%s\n' "$scene_problems" | head -n 20 >&2
        die "src/game/$scene.tscn: exit $rc or log entries in 300 frames; see $scene_log"
    fi
    say "src/game/$scene.tscn ran 300 frames cleanly"
done

# 7. The pixel tests (tests/pixels.gd, tests/pixels_kit.gd) need a display: Xvfb (Debian's xvfb package) with the Mesa drivers
#    unpacked beside Godot. CI installs xvfb and sets REQUIRE_XVFB=1; elsewhere the test
#    is skipped, saying so.
if command -v xvfb-run >/dev/null 2>&1; then
    pixels_log="$repo/target/godot_pixels.log"
    rc=0
    godot_xvfb "$pixels_log" --path "$project" --script res://tests/pixels.gd --quit-after 600 \
        -- "$repo/target/godot_pixels.png" || rc=$?
    grep '^pixels: ' "$pixels_log" || true
    [[ $rc == 0 ]] && grep -qx 'pixels: ok' "$pixels_log" ||
        die "pixel test failed (exit $rc); see $pixels_log and target/godot_pixels.png"
    # The wall kit's sixteen cases from above: no seam, no piece over the floor.
    kit_log="$repo/target/godot_pixels_kit.log"
    rc=0
    godot_xvfb "$kit_log" --path "$project" --script res://tests/pixels_kit.gd --quit-after 600 \
        -- "$repo/target/godot_pixels_kit.png" || rc=$?
    grep '^pixels_kit: ' "$kit_log" || true
    [[ $rc == 0 ]] && grep -qx 'pixels_kit: ok' "$kit_log" ||
        die "wall kit pixel test failed (exit $rc); see $kit_log and target/godot_pixels_kit_*.png"
else
    [[ ${REQUIRE_XVFB:-0} == 1 ]] && die "REQUIRE_XVFB=1 but xvfb-run is missing (apt-get install xvfb)"
    say "SKIP pixel test: xvfb-run not found (apt-get install xvfb to run it; CI does)"
fi
say "OK"
printf "%s\n" "$summary"
