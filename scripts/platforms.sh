#!/usr/bin/env bash
# The same storeys on every platform: runs a fixed list of `outpost` commands (the
# sweep, a building with the underground, the surfaces of levels 1-4, a swarm replay's
# hash, the survey and the surface survey in JSON) with the CLI built for each platform
# and compares each command's stdout and exit code with the x86_64 Linux build's.
# stderr (timings, rates) is not compared, nor simulate's timing line.
#
#   aarch64  Linux arm64, a static musl build (linked by Rust's rust-lld) run by
#            qemu-aarch64 (Debian's qemu-user)
#   windows  Windows x86_64, the MinGW-w64 build run by Debian's wine64 (8.0), with the
#            bcryptprimitives.dll stand-in of scripts/wine/ beside the exe (wine 8 has
#            none; Rust's std imports ProcessPrng from it), built into target/
#   wasm32   wasm32-wasip1 run by the Python package wasmtime (scripts/wasi_run.py)
#
# The cross CLIs build in the ship profile, as the addon's release libraries do, in a
# build directory of their own, target/ship-cli/ (CARGO_TARGET_DIR), away from target/'s
# lock and from target/ship/'s, so that scripts/check.sh can build them in its background
# job while other steps run, and the step's own (no-op) build never waits for the release
# libraries' cargo. (They share no compiled crate with the libraries: godot's proc macros
# want syn's "full" feature, so syn, serde_derive and everything above them differ.) Optimised, the aarch64
# and wasm32 runs take seconds instead of minutes. The reference is the dev build,
# target/debug/outpost, so the check also compares two profiles. Outputs go to
# target/platforms/. A platform whose tools are missing prints SKIP naming them, unless
# REQUIRE_PLATFORMS=1 (CI), which fails instead. A mismatch names the platform and the
# command and fails, after every command has run.
#
# Usage: scripts/platforms.sh [--build-only | --no-build] [--reference COMMAND]
#                             [--platform NAME=COMMAND]...
#   --build-only               build the cross CLIs (not the reference) and stop
#   --no-build                 use the CLIs already built
#   --reference COMMAND        run the reference as COMMAND ARGS (default target/debug/outpost)
#   --platform NAME=COMMAND    check COMMAND ARGS as platform NAME instead of the built
#                              platforms (repeatable): another machine, say, or a test's
#                              stand-in
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$repo"
say() { printf 'platforms.sh: %s\n' "$*" >&2; }
die() { printf 'platforms.sh: FAILED: %s\n' "$*" >&2; exit 1; }
usage='usage: scripts/platforms.sh [--build-only | --no-build] [--reference COMMAND] [--platform NAME=COMMAND]...'

# The commands, one a line: the arguments of `outpost`.
COMMANDS=(
    "sweep --count 20000 --seed 1"
    "building --seed 99 --storeys 3 --level 2 --underground"
    "surface --seed 42 --level 1"
    "surface --seed 42 --level 2"
    "surface --seed 42 --level 3"
    "surface --seed 42 --level 4"
    "simulate --seed 1 --depth 6 --level 4 --type underground --drones 300 --aliens 100 --ticks 300"
    "survey --count 2000 --seed 1 --format json"
    "survey --surface --count 400 --seed 1 --format json"
)

build=1 build_only=0 reference=target/debug/outpost
declare -A runner=()
names=()
while (($#)); do
    case $1 in
        --no-build) build=0 ;;
        --build-only) build_only=1 ;;
        --reference) (($# > 1)) || die "--reference needs a command ($usage)"; reference=$2; shift ;;
        --platform)
            (($# > 1)) && [[ $2 == ?*=?* ]] || die "--platform needs NAME=COMMAND ($usage)"
            names+=("${2%%=*}")
            runner[${2%%=*}]=${2#*=}
            shift
            ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument $1 ($usage)" ;;
    esac
    shift
done

((!build_only || build)) || die "--build-only and --no-build together ($usage)"
out=target/platforms
ship="$repo/target/ship-cli"
mkdir -p "$out"

# wine_run EXE ARG...: EXE under wine64 in a prefix of its own (made on the first run,
# kept in target/wine/), without a display, wine's debug output or its Mono and Gecko
# installers. wine_stop ends that prefix's wineserver.
wine_env=(WINEPREFIX="$repo/target/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=)
wine_run() { env "${wine_env[@]}" "$wine" "$@"; }
wine_stop() {
    local server
    server=$(command -v wineserver || echo /usr/lib/wine/wineserver)
    [[ ! -x $server ]] || env "${wine_env[@]}" "$server" -k 2>/dev/null || true
}

# The built platforms, unless --platform named others.
if ((${#names[@]} == 0)); then
    installed=$(rustup target list --installed 2>/dev/null || true)
    wine=$(command -v wine64 || { [[ -x /usr/lib/wine/wine64 ]] && echo /usr/lib/wine/wine64; } || true)
    skipped=()
    # available NAME WHAT-IS-MISSING...: a platform to check, or SKIP naming what it lacks.
    available() {
        local name=$1
        shift
        if (($#)); then
            skipped+=("$name")
            local lacking
            printf -v lacking '%s; ' "$@"
            [[ ${REQUIRE_PLATFORMS:-0} == 1 ]] && die "REQUIRE_PLATFORMS=1 but $name lacks: ${lacking%; }"
            say "SKIP $name: ${lacking%; }"
            return 1
        fi
        names+=("$name")
    }
    lacks=()
    grep -qx aarch64-unknown-linux-musl <<<"$installed" || lacks+=("rustup target add aarch64-unknown-linux-musl")
    command -v qemu-aarch64 >/dev/null || lacks+=("apt-get install qemu-user")
    available aarch64 "${lacks[@]}" && runner[aarch64]="qemu-aarch64 $ship/aarch64-unknown-linux-musl/ship/outpost"
    lacks=()
    grep -qx x86_64-pc-windows-gnu <<<"$installed" || lacks+=("rustup target add x86_64-pc-windows-gnu")
    command -v x86_64-w64-mingw32-gcc >/dev/null || lacks+=("apt-get install gcc-mingw-w64-x86-64")
    [[ -n $wine ]] || lacks+=("apt-get install wine64")
    available windows "${lacks[@]}" && runner[windows]="wine_run $ship/x86_64-pc-windows-gnu/ship/outpost.exe"
    lacks=()
    grep -qx wasm32-wasip1 <<<"$installed" || lacks+=("rustup target add wasm32-wasip1")
    python3 -c 'import wasmtime' 2>/dev/null || lacks+=("python3 -m pip install wasmtime (the version .ci/run pins)")
    available wasm32 "${lacks[@]}" && runner[wasm32]="python3 scripts/wasi_run.py $ship/wasm32-wasip1/ship/outpost.wasm"

    if ((build)); then
        targets=()
        [[ -n ${runner[aarch64]:-} ]] && targets+=(aarch64-unknown-linux-musl)
        [[ -n ${runner[windows]:-} ]] && targets+=(x86_64-pc-windows-gnu)
        [[ -n ${runner[wasm32]:-} ]] && targets+=(wasm32-wasip1)
        if ((${#targets[@]})); then
            say "building the CLI in target/ship-cli/ for ${targets[*]}"
            # The musl target brings its C library and start files; Rust's own rust-lld
            # links them (zig would first build a musl of its own). MinGW-w64 links
            # Windows, as in scripts/package.sh.
            export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_MUSL_LINKER=${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_MUSL_LINKER:-rust-lld}
            export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=${CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER:-x86_64-w64-mingw32-gcc}
            CARGO_TARGET_DIR="$ship" cargo build --profile ship -p outpost-cli "${targets[@]/#/--target=}"
        fi
        if [[ -n ${runner[windows]:-} ]]; then
            x86_64-w64-mingw32-gcc -shared -O2 -s -o "$ship/x86_64-pc-windows-gnu/ship/bcryptprimitives.dll" \
                scripts/wine/bcryptprimitives.c scripts/wine/bcryptprimitives.def -ladvapi32
        fi
        ((build_only)) && exit 0
        say "building the reference CLI (target/debug/outpost)"
        cargo build -p outpost-cli
    fi
    ((${#names[@]})) || { say "SKIP: no platform to check (${skipped[*]} skipped)"; exit 0; }
fi

# run NAME COMMAND I: command I of COMMANDS with COMMAND as the CLI; its stdout (only the
# hash line of simulate) in $out/NAME/I.out, its exit code in $out/NAME/I.rc.
run() {
    local dir="$out/$1" rc=0 args
    mkdir -p "$dir"
    read -ra args <<<"${COMMANDS[$3]}"
    # shellcheck disable=SC2086 # COMMAND is words: a program and its first arguments
    $2 "${args[@]}" >"$dir/$3.out" 2>"$dir/$3.err" || rc=$?
    echo "$rc" >"$dir/$3.rc"
    if [[ ${args[0]} == simulate ]]; then
        grep '^hash ' "$dir/$3.out" >"$dir/$3.hash" || true
        mv -- "$dir/$3.hash" "$dir/$3.out"
    fi
}

# check NAME COMMAND: every command on platform NAME, one after the other (the script
# runs the platforms side by side).
check() {
    local name=$1 i t0=$SECONDS
    for i in "${!COMMANDS[@]}"; do run "$name" "$2" "$i"; done
    printf '%s\n' "$((SECONDS - t0))" >"$out/$name/seconds"
}

((!build_only)) || exit 0
rm -rf -- "${out:?}"/*/
say "running ${#COMMANDS[@]} commands on x86_64 (the reference) and ${names[*]}, side by side"
pids=()
check x86_64 "$reference" &
pids+=($!)
for name in "${names[@]}"; do
    check "$name" "${runner[$name]}" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
[[ ${runner[windows]:-} != wine_run* ]] || wine_stop
for i in "${!COMMANDS[@]}"; do
    rc=$(cat "$out/x86_64/$i.rc")
    # The reference itself must work: a command that fails everywhere alike proves nothing.
    [[ $rc == 0 ]] || die "the reference failed: outpost ${COMMANDS[$i]} exited $rc: $(tail -n 3 "$out/x86_64/$i.err")"
done

failed=0
for name in "${names[@]}"; do
    bad=0
    for i in "${!COMMANDS[@]}"; do
        want_rc=$(cat "$out/x86_64/$i.rc") got_rc=$(cat "$out/$name/$i.rc")
        if [[ $got_rc != "$want_rc" ]]; then
            say "MISMATCH on $name: outpost ${COMMANDS[$i]}: exit code $got_rc, x86_64 $want_rc ($(tail -n 1 "$out/$name/$i.err"))"
            bad=1
        elif ! cmp -s "$out/x86_64/$i.out" "$out/$name/$i.out"; then
            say "MISMATCH on $name: outpost ${COMMANDS[$i]}: stdout differs from x86_64's ($(cmp "$out/x86_64/$i.out" "$out/$name/$i.out" 2>&1 | head -n 1); both in $out/)"
            bad=1
        fi
    done
    if ((bad)); then
        failed=1
    else
        say "$name: ${#COMMANDS[@]} commands, stdout and exit codes identical to x86_64's ($(cat "$out/$name/seconds") s)"
    fi
done
((!failed)) || die "the platforms' outputs differ (above)"
say "OK: ${names[*]} identical to x86_64"
