#!/usr/bin/env bash
# Writes the release's figures, to attach to a release: the benchmarks' medians (the
# core's criterion benchmarks: pipeline, passes, crowd, survey, surface, rooms) and the
# survey's summary (`outpost survey --format json`: per storey type, each metric's p10,
# median and p90), as dist/outpost-<version>-report.json and, the same figures as
# markdown tables, dist/outpost-<version>-report.md. <version> is the workspace's.
#
# The medians are criterion's, read from target/criterion/*/new/{benchmark,estimates}.json
# as the last `cargo bench` left them; --bench runs the benchmarks first (niced; about
# ten minutes on 2 cores). Without any, the report says so and lists no benchmark. The
# survey is deterministic: the same count and seed give the same summary on every
# machine (the CLI's debug build is used; its core is optimised, see Cargo.toml).
#
# Usage: scripts/report.sh [--bench] [--count N] [--seed S] [--out DIR]
#   --bench      run `cargo bench -p outpost-core --features internals` first
#   --count N    layouts the survey measures (default 10000)
#   --seed S     the survey's first seed (default 0)
#   --out DIR    where the two files go (default dist/)
# Environment, for tests: REPORT_OUTPOST (an outpost binary to use instead of building
# one), REPORT_CRITERION (criterion's folder, default target/criterion).
# Prints the two files' paths.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
die() { printf 'report.sh: error: %s\n' "$*" >&2; exit 2; }
say() { printf 'report.sh: %s\n' "$*" >&2; }
usage='usage: scripts/report.sh [--bench] [--count N] [--seed S] [--out DIR]'
cd "$repo"

bench=0 count=10000 seed=0 out=dist
while (($#)); do
    case $1 in
        --bench) bench=1 ;;
        --count) count=${2:?$usage}; shift ;;
        --seed) seed=${2:?$usage}; shift ;;
        --out) out=${2:?$usage}; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument $1 ($usage)" ;;
    esac
    shift
done
[[ $count =~ ^[1-9][0-9]*$ ]] || die "--count must be a positive integer, got $count"
[[ $seed =~ ^-?[0-9]+$ ]] || die "--seed must be an integer, got $seed"

version=$(sed -n '/^\[workspace\.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[[ -n $version ]] || die "no version in Cargo.toml's [workspace.package]"
criterion=${REPORT_CRITERION:-$repo/target/criterion}

if ((bench)); then
    say "running the benchmarks (cargo bench -p outpost-core --features internals)"
    nice cargo bench -p outpost-core --features internals >&2
fi
outpost=${REPORT_OUTPOST:-}
if [[ -z $outpost ]]; then
    cargo build -p outpost-cli >&2
    outpost=$repo/target/debug/outpost
fi
survey=$("$outpost" survey --count "$count" --seed "$seed" --format json) ||
    die "outpost survey --count $count --seed $seed failed"

mkdir -p -- "$out"
base="$out/outpost-$version-report"
REPORT_SURVEY=$survey python3 - "$version" "$criterion" "$count" "$seed" "$base" \
    "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" <<'PY'
import glob, json, os, sys

version, criterion, count, seed, base, commit = sys.argv[1:]
survey = json.loads(os.environ["REPORT_SURVEY"])

benches = []
for path in sorted(glob.glob(os.path.join(criterion, "**", "new", "benchmark.json"), recursive=True)):
    folder = os.path.dirname(path)
    with open(path) as f:
        meta = json.load(f)
    with open(os.path.join(folder, "estimates.json")) as f:
        median = json.load(f)["median"]
    benches.append({
        "id": meta["full_id"],
        "median_ns": median["point_estimate"],
        "low_ns": median["confidence_interval"]["lower_bound"],
        "high_ns": median["confidence_interval"]["upper_bound"],
    })

summary = {
    storey_type: {
        metric: {k: stats[k] for k in ("p10", "median", "p90")}
        for metric, stats in metrics.items()
    }
    for storey_type, metrics in survey.items()
}
report = {
    "version": version,
    "commit": commit,
    "benchmarks": benches,
    "survey": {"count": int(count), "seed": int(seed), "summary": summary},
}
with open(base + ".json", "w") as f:
    json.dump(report, f, indent=2)
    f.write("\n")


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def number(x):
    if x is None:  # a metric a storey type does not have (no ENTRANCE above ground)
        return "–"
    return f"{x:g}" if float(x).is_integer() else f"{x:.3f}"


lines = [f"# outpost {version}: the release's figures", "", f"Commit {commit}.", ""]
lines += ["## Benchmarks", ""]
if benches:
    lines += ["Criterion's medians (`cargo bench -p outpost-core --features internals`).", ""]
    lines += ["| benchmark | median | 95% interval |", "|---|---|---|"]
    lines += [
        f"| {b['id']} | {duration(b['median_ns'])} | {duration(b['low_ns'])} – {duration(b['high_ns'])} |"
        for b in benches
    ]
else:
    lines += ["No criterion results: run `scripts/report.sh --bench`."]
lines += ["", "## Survey", "", f"`outpost survey --count {count} --seed {seed}`: p10 / median / p90.", ""]
types = list(summary)
lines += ["| metric | " + " | ".join(types) + " |", "|---" * (len(types) + 1) + "|"]
for metric in summary[types[0]]:
    cells = [
        " / ".join(number(summary[t][metric][k]) for k in ("p10", "median", "p90"))
        for t in types
    ]
    lines += [f"| {metric} | " + " | ".join(cells) + " |"]
with open(base + ".md", "w") as f:
    f.write("\n".join(lines) + "\n")
PY
printf '%s\n' "$base.json" "$base.md"
