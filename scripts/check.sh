#!/usr/bin/env bash
# The project's one check: what CI runs (.ci/run installs the tools, then calls this) and
# what to run before pushing. A green run here is a green CI. Steps, in this order:
#   fmt      cargo fmt --all --check
#   clippy   cargo clippy --workspace --all-targets --all-features -- -D warnings
#   doc      RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps (no broken doc link)
#   gdlint   gdformat --check and gdlint on every GDScript file git tracks
#   rust     cargo test --workspace (tests/test_targets.rs fails if a tests/*.rs is no
#            test target, so none can be skipped silently)
#   godot    scripts/godot_tests.sh: the in-engine suites, every scene for 300 frames, and
#            under Xvfb the pixel test; then scripts/editor_tests.sh: the editor plugin in a
#            headless editor, the baking CLI, baked scenes without the extension
#   package  scripts/package_tests.sh: the addon scripts/package.sh ships
#   scripts  scripts/script_tests.sh: the scripts' own behaviour, and under Xvfb run.sh's
#            windowed mode
#
# Usage: scripts/check.sh [STEP...]
#   no STEP  every step above; `lint` is fmt clippy doc gdlint, `test` the other four
# Steps run in the order given. When package comes after godot, its release builds run in
# the background while the engine tests run.
# Stops at the first step that fails. The first run builds everything and fetches Godot
# once (scripts/godot.sh; what a first check costs is in docs/performance.md); later runs
# rebuild what changed.
# Environment: GODOT4_BIN (see scripts/godot.sh), REQUIRE_WINDOWS=1 (fail instead of
# skipping the addon's Windows checks without the cross toolchain; CI sets it).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$repo"
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never} RUST_BACKTRACE=${RUST_BACKTRACE:-0}

all_steps=(fmt clippy doc gdlint rust godot package scripts)
say() { printf 'check.sh: %s\n' "$*" >&2; }
die() { printf 'check.sh: FAILED: %s\n' "$*" >&2; exit 1; }

need() { # need COMMAND HOW-TO-INSTALL
    command -v "$1" >/dev/null 2>&1 || die "$1 not found ($2)"
}

step_fmt() { cargo fmt --all --check; }
step_clippy() { cargo clippy --workspace --all-targets --all-features -- -D warnings; }
step_doc() { RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps; }
step_gdlint() {
    need gdformat 'python3 -m pip install "gdtoolkit==4.*"'
    need gdlint 'python3 -m pip install "gdtoolkit==4.*"'
    local files
    mapfile -t files < <(git ls-files 'godot_project/*.gd')
    ((${#files[@]})) || die "git lists no GDScript files"
    gdformat --check "${files[@]}"
    gdlint "${files[@]}"
}
step_rust() { cargo test --workspace; }

# When the package step comes later in this run, its release builds (Linux and Windows,
# the bulk of a cold check's CPU time) run in the background while the engine tests, which
# mostly keep one core busy, run in the foreground: cargo's lock on target/ allows one
# build at a time, so the debug build comes first. (setsid: its own process group, so
# that a failing check stops the build's cargo too.) The background build only saves
# time: if it fails, the package step builds again in the foreground and reports what
# went wrong. A package step that already ran (`check.sh package godot`) waits for no
# build, so none is started. (Only the debug build runs first, not `godot_tests.sh
# --build-only`: a first run's Godot fetch and the import then overlap the release build.)
release_build=
release_log=target/check_release_build.log
step_godot() {
    if [[ " ${later[*]} " != *" package "* ]]; then
        scripts/godot_tests.sh
        scripts/editor_tests.sh
        return
    fi
    cargo build --workspace
    say "building the release libraries in the background (log: $release_log)"
    setsid nice -n 19 scripts/package.sh --build-only >"$release_log" 2>&1 &
    release_build=$!
    scripts/godot_tests.sh --no-build
    scripts/editor_tests.sh
}
step_package() {
    if [[ -n $release_build ]]; then
        say "waiting for the background release build"
        wait "$release_build" || say "the background release build failed (see $release_log); building again"
        release_build=
    fi
    scripts/package_tests.sh
}
step_scripts() { scripts/script_tests.sh; }

steps=()
for arg in "$@"; do
    case $arg in
        lint) steps+=(fmt clippy doc gdlint) ;;
        test) steps+=(rust godot package scripts) ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *)
            [[ " ${all_steps[*]} " == *" $arg "* ]] || die "unknown step $arg (steps: ${all_steps[*]} lint test)"
            steps+=("$arg")
            ;;
    esac
done
((${#steps[@]})) || steps=("${all_steps[@]}")

started=$SECONDS
current=
trap 'rc=$?; [[ -z $release_build ]] || kill -- "-$release_build" 2>/dev/null
((rc == 0)) || say "FAILED at step ${current:-?} (exit $rc)"' EXIT
for i in "${!steps[@]}"; do
    current=${steps[i]}
    later=("${steps[@]:i+1}") # the steps still to come (step_godot reads it)
    say "=== $current"
    t0=$SECONDS
    "step_$current"
    say "=== $current passed in $((SECONDS - t0)) s"
done
say "OK: ${steps[*]} passed in $((SECONDS - started)) s"
