#!/usr/bin/env bash
# Headless benchmarks, all figures from one run so they can be compared:
# 1. the core pipeline alone (criterion `pipeline/28x20`: outpost_core::generate);
# 2. godot_project/tests/bench.gd with the release library and then with the debug one
#    (the library the editor loads): StoreyGenerator.generate() from GDScript, and
#    StoreyValidator.find_path() against Godot's AStarGrid2D on the same queries;
#    then the ratios generate() / core pipeline and debug / release;
# 3. godot_project/tests/bench_scenes.gd with the release library: StoreyRenderer.render(),
#    render + spawn, the reference's node-per-cell renderer side by side, a 3-storey
#    OutpostBuilding.build() and the Seed Inspector's regenerate();
# 4. the crowd: criterion `crowd` (distance field, tower legality, a 2,000-agent tick in the
#    core) and godot_project/tests/bench_swarm.gd with the release library (a StoreySwarm
#    tick of 2,000 drones against 2,000 node-per-drone drones; the game mid-wave, 300
#    agents per floor and 20 towers, frame by frame);
# 5. baking: godot_project/tests/bench_bake.gd with the release library and with the debug
#    one (the editor's dock runs on it): StoreyBaker.bake_building() of 3 storeys and the
#    underground, navigation meshes included, and saving such a bake.
#
# Godot here is a debug/editor build, which only loads a .gdextension's linux.debug.x86_64
# library, so the project is copied once per library to target/godot_bench/<profile> with
# the addon's debug library linked to that .so (nothing outside target/ is touched).
#
# Usage: scripts/godot_bench.sh [--threads-cost]
#   --threads-cost  also build the release library without the `threads` feature (gdext's
#                   experimental-threads) into target/no-threads and run bench.gd with it,
#                   to show what calls from any thread cost the main thread
# Environment: BENCH_CALLS, BENCH_BATCH, BENCH_LAYOUTS, BENCH_REPEAT (see bench.gd),
#              BENCH_SCENE_RUNS (see bench_scenes.gd), BENCH_SWARM_TICKS (see
#              bench_swarm.gd), BENCH_BAKE_RUNS (see bench_bake.gd), GODOT4_BIN (see
#              scripts/godot.sh).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'godot_bench.sh: %s\n' "$*" >&2; }
die() { printf 'godot_bench.sh: FAILED: %s\n' "$*" >&2; exit 1; }

threads_cost=0
[[ ${1:-} == --threads-cost ]] && threads_cost=1

cd "$repo"
cargo build -p outpost-gdext --release
cargo build --workspace
if ((threads_cost)); then
    CARGO_TARGET_DIR="$repo/target/no-threads" cargo build -p outpost-gdext --release --no-default-features
fi
GODOT="$(scripts/godot.sh)"
source scripts/godot_helpers.sh
work="$repo/target/godot_bench"
mkdir -p "$work"

# A copy of the project loading target/<profile>'s library (no-threads: the release
# library without the threads feature).
project_for() {
    local profile=$1 lib="$repo/target/$1/liboutpost_gdext.so" project="$work/$1"
    [[ $profile == no-threads ]] && lib="$repo/target/no-threads/release/liboutpost_gdext.so"
    [[ -f $lib ]] || die "$lib was not built"
    copy_godot_project "$project" "$lib" "$lib"
    prepare_godot_project "$project" >&2 || die "could not prepare $project"
    printf '%s\n' "$project"
}

# Runs res://tests/<script>.gd in `project`; prints its BENCH lines prefixed with `label`.
run_bench() {
    local project=$1 script=$2 label=$3 log="$work/$3-$2.log" rc=0
    RUST_BACKTRACE=0 timeout 900 "$GODOT" --headless --path "$project" --script "res://tests/$script.gd" \
        --quit-after 1000000 >"$log" 2>&1 || rc=$?
    if ! godot_log_problems "$log" >&2; then
        rc=1
    fi
    [[ $rc == 0 ]] && grep -q '^BENCH ' "$log" || die "$script ($label) failed (exit $rc); see $log"
    sed -n "s/^BENCH /BENCH [$label] /p" "$log"
}

# The median microseconds of a "BENCH [label] name: median X us" line in `file`.
median_of() { sed -nE "s/^BENCH \[$2\] $3: median ([0-9.]+) us.*/\1/p" "$1" | head -n 1; }

say "core pipeline: criterion pipeline/28x20"
cargo bench -p outpost-core --features internals --bench pipeline -- 'pipeline/28x20' --warm-up-time 1 --measurement-time 4 \
    >"$work/criterion.log" 2>&1 || { tail -n 20 "$work/criterion.log" >&2; die "cargo bench failed"; }
core_us=$(python3 -c 'import json, sys; print("%.1f" % (json.load(open(sys.argv[1]))["median"]["point_estimate"] / 1000))' \
    target/criterion/pipeline/28x20/new/estimates.json)
echo "BENCH [core] pipeline: median $core_us us per 28x20 UNDERGROUND storey (criterion pipeline/28x20)"

results="$work/results.txt"
: >"$results"
profiles=(release debug)
((threads_cost)) && profiles+=(no-threads)
for profile in "${profiles[@]}"; do
    say "benchmarking the $profile library with $GODOT"
    project=$(project_for "$profile")
    run_bench "$project" bench "$profile" | tee -a "$results"
done
release_us=$(median_of "$results" release generate)
debug_us=$(median_of "$results" debug generate)
awk -v c="$core_us" -v r="$release_us" -v d="$debug_us" 'BEGIN {
    printf "BENCH ratio: generate() from GDScript / core pipeline = %.2f (release library); debug / release library = %.2f\n", r / c, d / r }'
if ((threads_cost)); then
    plain_us=$(median_of "$results" no-threads generate)
    awk -v r="$release_us" -v p="$plain_us" 'BEGIN {
        printf "BENCH ratio: generate() with the threads feature / without = %.2f (%.1f us / %.1f us)\n", r / p, r, p }'
fi

say "benchmarking scenes with the release library"
run_bench "$work/release" bench_scenes release

say "crowd: criterion crowd"
cargo bench -p outpost-core --features internals --bench crowd -- --warm-up-time 1 --measurement-time 4 \
    >"$work/criterion-crowd.log" 2>&1 || { tail -n 20 "$work/criterion-crowd.log" >&2; die "cargo bench failed"; }
for name in distance_field_28x20 legality_mask_28x20 tick_2000_agents_28x20; do
    python3 -c 'import json, sys; print("BENCH [core] crowd/%s: median %.2f us (criterion)" % (sys.argv[2], json.load(open(sys.argv[1]))["median"]["point_estimate"] / 1000))' \
        "target/criterion/crowd/${name}/new/estimates.json" "$name"
done

say "benchmarking the crowd with the release library"
run_bench "$work/release" bench_swarm release

say "benchmarking baking with the release and the debug library"
run_bench "$work/release" bench_bake release
run_bench "$work/debug" bench_bake debug
