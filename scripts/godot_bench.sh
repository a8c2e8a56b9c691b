#!/usr/bin/env bash
# Headless benchmarks from GDScript:
# - godot_project/tests/bench.gd: StoreyGenerator.generate() speed, and
#   StoreyValidator.find_path() against Godot's AStarGrid2D on the same queries;
# - godot_project/tests/bench_scenes.gd: StoreyRenderer.render(), render + spawn, the
#   reference's node-per-cell renderer side by side, OutpostBuilding.build() and the
#   workbench's regenerate().
#
# By default it benchmarks the *release* build. Godot here is a debug/editor build, which
# only loads a .gdextension's linux.debug.x86_64 library, so the project is copied to
# target/godot_bench/project with a .gdextension whose debug key points at the release
# .so (nothing outside target/ is touched). `--debug` benchmarks target/debug instead.
#
# Usage: scripts/godot_bench.sh [--debug]
# Environment: BENCH_CALLS, BENCH_BATCH, BENCH_LAYOUTS, BENCH_REPEAT (see bench.gd),
#              BENCH_SCENE_RUNS (see bench_scenes.gd), GODOT4_BIN (see scripts/godot.sh).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
profile=release
[[ ${1:-} == --debug ]] && profile=debug
say() { printf 'godot_bench.sh: %s\n' "$*" >&2; }
die() { printf 'godot_bench.sh: FAILED: %s\n' "$*" >&2; exit 1; }

cd "$repo"
if [[ $profile == release ]]; then
    cargo build -p outpost-gdext --release
else
    cargo build -p outpost-gdext
fi
lib="$repo/target/$profile/liboutpost_gdext.so"
[[ -f $lib ]] || die "$lib was not built"
GODOT="$(scripts/godot.sh)"

work="$repo/target/godot_bench"
project="$work/project"
rm -rf -- "$project"
mkdir -p "$project/.godot"
# The project without its editor cache, plus a .gdextension naming the chosen build.
(cd godot_project && tar --exclude=./.godot -cf - .) | (cd "$project" && tar -xf -)
sed -e "s#^linux.debug.x86_64 = .*#linux.debug.x86_64 = \"$lib\"#" \
    -e "s#^linux.release.x86_64 = .*#linux.release.x86_64 = \"$lib\"#" \
    godot_project/outpost.gdextension >"$project/outpost.gdextension"
source "$repo/scripts/godot_project.sh"
prepare_godot_project "$project" || die "could not prepare $project"

say "benchmarking the $profile build with $GODOT"
for script in bench bench_scenes; do
    rc=0
    RUST_BACKTRACE=0 timeout 900 "$GODOT" --headless --path "$project" --script "res://tests/$script.gd" \
        --quit-after 1000000 >"$work/$script.log" 2>&1 || rc=$?
    grep -E '^BENCH ' "$work/$script.log" || true
    if grep -qE 'SCRIPT ERROR|^ERROR' "$work/$script.log"; then
        grep -E 'SCRIPT ERROR|^ERROR' -A2 "$work/$script.log" >&2
        rc=1
    fi
    [[ $rc == 0 ]] && grep -q '^BENCH ' "$work/$script.log" || die "$script failed (exit $rc); see $work/$script.log"
done
