#!/usr/bin/env bash
# The project's one check: what CI runs (.ci/run installs the tools, then calls this) and
# what to run before pushing. A green run here is a green CI. Steps, in this order:
#   fmt      cargo fmt --all --check
#   clippy   cargo clippy --workspace --all-targets --all-features -- -D warnings
#   doc      RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps (no broken doc link)
#   gdlint   gdformat --check and gdlint on every GDScript file git tracks, and the
#            folder rule (scripts/check_folders.py: one-way layers, no cycle); no
#            script outside godot_project/tests/ over 400 lines
#   rust     cargo test --workspace (tests/test_targets.rs fails if a tests/*.rs is no
#            test target, so none can be skipped silently)
#   godot    scripts/godot_tests.sh: the in-engine suites, every scene for 300 frames, and
#            under Xvfb the pixel test; then scripts/editor_tests.sh: the editor plugin in a
#            headless editor, the baking CLI, baked scenes without the extension; then
#            scripts/editor_round_trip.sh: a windowed editor that saves a scene leaves
#            every tracked file as it was; then scripts/pot.sh --check: the words'
#            template is what Godot generates
#   platforms scripts/platforms.sh: the CLI built for aarch64 Linux (qemu-user), Windows
#            (wine64) and wasm32-wasip1 (wasmtime) prints the same bytes as on x86_64
#   scripts  scripts/script_tests.sh: the scripts' own behaviour, and under Xvfb run.sh's
#            windowed mode
#   package  scripts/package_tests.sh: the addon scripts/package.sh ships
#
# Usage: scripts/check.sh [STEP...]
#   no STEP  every step above; `lint` is fmt clippy doc gdlint, `test` the other five
# Steps run in the order given. When platforms or package comes after another step, what
# it builds starts in the background, at the lowest priority, when the run starts, and
# uses the cores the steps before it leave idle, in build directories beside target/'s:
# first the platforms' cross CLIs (scripts/platforms.sh --build-only, a few minutes),
# then the release libraries (scripts/package.sh --release-only, most of a check's CPU
# time). Hence the order of the steps: platforms right after godot (its CLIs are long
# built), scripts (it needs neither) while the libraries finish, package last.
# Stops at the first step that fails. The first run builds everything and fetches Godot
# once (scripts/godot.sh; what a first check costs is in docs/performance.md); later runs
# rebuild what changed.
# Environment: GODOT4_BIN (see scripts/godot.sh), REQUIRE_WINDOWS=1 and REQUIRE_CROSS=1
# (fail instead of skipping the addon's Windows, and macOS and Linux arm64, checks without
# their cross toolchains; CI sets them), REQUIRE_PLATFORMS=1 (fail instead of skipping a
# platform of the platforms step without its tools; CI sets it).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$repo"
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never} RUST_BACKTRACE=${RUST_BACKTRACE:-0}

# The most lines a GDScript file outside godot_project/tests/ may have.
MAX_GD_LINES=400
all_steps=(fmt clippy doc gdlint rust godot platforms scripts package)
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
    python3 scripts/check_folders.py
    # A script outside tests/ stays under MAX_GD_LINES: past it, a part is doing two jobs.
    local long
    long=$(git ls-files -z 'godot_project/*.gd' ':!godot_project/tests/' | xargs -0 wc -l |
        awk -v max="$MAX_GD_LINES" '$2 != "total" && $1 > max { printf " %s (%d)", $2, $1 }')
    [[ -z $long ]] || die "GDScript files over $MAX_GD_LINES lines outside tests/ (split them):$long"
}
step_rust() { cargo test --workspace; }

# When the platforms or package step comes later in this run, what it builds starts in
# the background with the run, niced, so that it takes only what the steps before it
# leave idle: the lints' and tests' serial stretches and the engine tests, which mostly
# keep one core busy. It builds in target/ship-cli/ and target/ship/ (CARGO_TARGET_DIR),
# so cargo's lock on target/ does not hold it up nor it the other steps, nor the
# libraries' build the platforms step. (setsid: its own process group, so
# that a failing check stops the build's cargo too.) The platforms' CLIs first, then the
# release libraries (Linux x86_64, Windows, Linux arm64, macOS): each step waits only for
# its own part (its exit code in $platforms_done or $release_done). The background build
# only saves time: if a part fails, its step builds again in the foreground and reports
# what went wrong.
background_build=
release_log=target/check_release_build.log
release_done=target/check_release_build.done
platforms_log=target/check_platforms_build.log
platforms_done=target/check_platforms_build.done
start_background_build() { # start_background_build RELEASE(0|1) PLATFORMS(0|1)
    mkdir -p target
    rm -f -- "$release_done" "$platforms_done"
    ((!$2)) || say "building the platforms' CLIs in the background (log: $platforms_log)"
    ((!$1)) || say "building the release libraries in the background (log: $release_log)"
    # shellcheck disable=SC2016 # expanded by the background shell
    setsid nice -n 19 bash -c '
        if (($4)); then
            rc=0
            scripts/platforms.sh --build-only >"$5" 2>&1 || rc=$?
            echo "$rc" >"$6"
        fi
        if (($1)); then
            rc=0
            scripts/package.sh --build-only --release-only --skip-missing >"$2" 2>&1 || rc=$?
            echo "$rc" >"$3"
        fi' \
        _ "$1" "$release_log" "$release_done" "$2" "$platforms_log" "$platforms_done" &
    background_build=$!
}
# wait_for_background WHAT DONE-FILE LOG: waits until the background build has written
# DONE-FILE (or stopped); says so if that part failed, so that the step builds again.
wait_for_background() {
    say "waiting for the background build of $1"
    while [[ ! -s $2 ]] && kill -0 "$background_build" 2>/dev/null; do sleep 1; done
    [[ $(cat "$2" 2>/dev/null) == 0 ]] || say "the background build of $1 failed (see $3); building again"
}
step_godot() {
    scripts/godot_tests.sh
    scripts/editor_tests.sh
    scripts/editor_round_trip.sh
    scripts/pot.sh --check
}
step_package() {
    [[ -z $background_build ]] || ((!release)) ||
        wait_for_background "the release libraries" "$release_done" "$release_log"
    scripts/package_tests.sh
}
step_platforms() {
    [[ -z $background_build ]] || ((!platforms)) ||
        wait_for_background "the platforms' CLIs" "$platforms_done" "$platforms_log"
    scripts/platforms.sh
}
step_scripts() { scripts/script_tests.sh; }

steps=()
for arg in "$@"; do
    case $arg in
        lint) steps+=(fmt clippy doc gdlint) ;;
        test) steps+=(rust godot platforms scripts package) ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *)
            [[ " ${all_steps[*]} " == *" $arg "* ]] || die "unknown step $arg (steps: ${all_steps[*]} lint test)"
            steps+=("$arg")
            ;;
    esac
done
((${#steps[@]})) || steps=("${all_steps[@]}")

# CPU seconds used so far by this shell and the children it has waited for (a step's
# figure beside its wall time: on a shared machine the one that does not depend on load).
cpu_seconds() {
    local f
    read -ra f </proc/$$/stat
    echo $(((f[13] + f[14] + f[15] + f[16]) / $(getconf CLK_TCK)))
}
started=$SECONDS
cpu_started=$(cpu_seconds)
current=
trap 'rc=$?; [[ -z $background_build ]] || kill -- "-$background_build" 2>/dev/null || true
((rc == 0)) || say "FAILED at step ${current:-?} (exit $rc)"' EXIT
later=" ${steps[*]:1} "
release=0 platforms=0
[[ $later != *" package "* ]] || release=1
[[ $later != *" platforms "* ]] || platforms=1
((!release && !platforms)) || start_background_build "$release" "$platforms"
for i in "${!steps[@]}"; do
    current=${steps[i]}
    say "=== $current"
    t0=$SECONDS cpu0=$(cpu_seconds)
    "step_$current"
    say "=== $current passed in $((SECONDS - t0)) s (CPU $(($(cpu_seconds) - cpu0)) s)"
done
say "OK: ${steps[*]} passed in $((SECONDS - started)) s (CPU $(($(cpu_seconds) - cpu_started)) s)"
