#!/usr/bin/env bash
# Headless benchmark of the GDExtension from GDScript (godot_project/tests/bench.gd):
# StoreyGenerator.generate() speed, and StoreyValidator.find_path() against Godot's
# AStarGrid2D on the same queries.
#
# By default it benchmarks the *release* build. Godot here is a debug/editor build, which
# only loads a .gdextension's linux.debug.x86_64 library, so the project is copied to
# target/godot_bench/project with a .gdextension whose debug key points at the release
# .so (nothing outside target/ is touched). `--debug` benchmarks target/debug instead.
#
# Usage: scripts/godot_bench.sh [--debug]
# Environment: BENCH_CALLS, BENCH_BATCH, BENCH_LAYOUTS, BENCH_REPEAT (see bench.gd),
#              GODOT4_BIN (see scripts/godot.sh).
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
printf 'res://outpost.gdextension\n' >"$project/.godot/extension_list.cfg"
rc=0
timeout 300 "$GODOT" --headless --path "$project" --import >"$work/import.log" 2>&1 || rc=$?
if [[ $rc == 134 ]]; then # known shutdown crash of a first import (Godot #111048)
    rc=0
    timeout 300 "$GODOT" --headless --path "$project" --import >"$work/import.log" 2>&1 || rc=$?
fi
[[ $rc == 0 ]] || { tail -n 20 "$work/import.log" >&2; die "import exited $rc"; }

say "benchmarking the $profile build with $GODOT"
rc=0
RUST_BACKTRACE=0 timeout 900 "$GODOT" --headless --path "$project" --script res://tests/bench.gd \
    --quit-after 1000000 >"$work/bench.log" 2>&1 || rc=$?
grep -E '^BENCH ' "$work/bench.log" || true
grep -qE 'SCRIPT ERROR|^ERROR' "$work/bench.log" && { grep -E 'SCRIPT ERROR|^ERROR' -A2 "$work/bench.log" >&2; rc=1; }
[[ $rc == 0 && $(grep -c '^BENCH ' "$work/bench.log") == 4 ]] || die "bench failed (exit $rc); see $work/bench.log"
