#!/usr/bin/env bash
# Tests of the scripts themselves (scripts/check.sh's last step):
# 1. godot_log_problems (scripts/godot_helpers.sh) fails a log on SCRIPT ERROR, on an
#    ERROR: or WARNING: line nobody declared, on ALSA errors and on leaks, and passes a
#    clean log, a declared ("EXPECTED ...") error and an allowed line;
# 2. godot_audio_args picks the dummy audio driver exactly when there is no sound device
#    and no sound server;
# 3. run.sh --help and check.sh --help print their usage and no line of the script;
#    check.sh refuses an unknown step;
# 4. fetch_godot.sh prints one line of its own, however much apt prints (a stand-in
#    apt-get prints 150 lines), and keeps apt's output in .cache/godot-fetch.log;
# 5. check.sh starts the package step's background release build with the run when
#    package comes after another step (`godot package`, `rust package`; not `package
#    godot`, `godot` or `package`), and its godot step runs editor_tests.sh after
#    godot_tests.sh, with stand-ins for cargo and the scripts it calls; package.sh builds
#    every release library it has a toolchain for in one cargo invocation, stops naming a
#    missing toolchain or with --skip-missing leaves its libraries out, and refuses bad
#    arguments, with stand-ins for rustup, cargo, zig and MinGW-w64;
# 6. godot_tests.sh --build-only builds, prepares the project (an import) and stops
#    before any suite or scene runs, with stand-ins for cargo and Godot (and without it,
#    the same stand-ins see the suites start);
# 7. check_folders.py passes a project that keeps the one-way rule and fails, naming the
#    file, one where the world reaches the ui, one with a cycle between two folders of a
#    layer, and one whose script loads a higher layer's scene by path;
# 8. platforms.sh fails when a platform's stdout or exit code differs from the
#    reference's, naming the platform and the command, and passes when they agree but
#    for simulate's timing line and stderr, with stand-ins for both CLIs; check.sh builds
#    the platforms' CLIs in the background job, before the release libraries, when
#    platforms comes after another step, and runs its test steps as rust godot platforms
#    scripts package (the scripts step while the libraries finish);
# 9. report.sh writes the release's figures: a criterion median and the survey's summary
#    in the JSON and in the markdown table, with a stand-in criterion folder and CLI, and
#    says where none was run; it refuses a bad --count;
# 10. under Xvfb, run.sh's windowed mode shows the Seed Inspector and the game for some
#    frames with a clean log: on a machine without a sound card, no ALSA errors and no
#    ERROR line. Without xvfb-run it is skipped, saying so, unless REQUIRE_XVFB=1 (CI).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'script_tests.sh: %s\n' "$*" >&2; }
die() { printf 'script_tests.sh: FAILED: %s\n' "$*" >&2; exit 1; }
cd "$repo"
# shellcheck source=scripts/godot_helpers.sh
source scripts/godot_helpers.sh
work="$repo/target/script_tests"
rm -rf -- "$work"
mkdir -p "$work"

# log_case pass|fail NAME LINE...: godot_log_problems on a log of LINEs.
log_case() {
    local want=$1 name=$2 log="$work/case.log" got
    shift 2
    printf '%s\n' "$@" >"$log"
    if godot_log_problems "$log" '^WARNING: allowed here' >/dev/null; then got=pass; else got=fail; fi
    [[ $got == "$want" ]] || die "godot_log_problems: $name: $got, want $want"
}

test_log_check() {
    log_case pass "a clean log" "Godot Engine v4.6.3" "godot: 3 passed, 0 failed"
    log_case pass "a declared error" "ERROR: boom" "EXPECTED ERROR: boom"
    log_case pass "an allowed warning" "WARNING: allowed here, under Xvfb"
    log_case fail "an undeclared error" "ERROR: boom" "EXPECTED ERROR: other"
    log_case fail "an undeclared warning" "WARNING: careful"
    log_case fail "a script error" "SCRIPT ERROR: Parse Error: x"
    log_case fail "ALSA errors" "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"
    log_case fail "leaked objects" "WARNING: ObjectDB instances leaked at exit (run with --verbose for details)."
    log_case fail "leaked resources" "ERROR: 3 resources still in use at exit." \
        "EXPECTED ERROR: 3 resources still in use at exit." "Resource leaked at exit: res://x.tres"
    log_case fail "a second, undeclared copy" "ERROR: boom" "ERROR: boom" "EXPECTED ERROR: boom"
    say "godot_log_problems: 10 cases"
}

# audio_args [ALSA-DEVICE] [PULSE_SERVER]: godot_audio_args on a made-up machine.
audio_args() {
    rm -rf -- "$work/snd" "$work/run"
    mkdir -p "$work/snd" "$work/run"
    [[ -z ${1:-} ]] || touch "$work/snd/$1"
    GODOT_SOUND_DEVICES="$work/snd" XDG_RUNTIME_DIR="$work/run" PULSE_SERVER=${2:-} godot_audio_args |
        paste -sd ' '
}

test_audio_fallback() {
    local got
    got=$(audio_args)
    [[ $got == "--audio-driver Dummy" ]] || die "godot_audio_args without sound: '$got'"
    got=$(audio_args pcmC0D0p)
    [[ -z $got ]] || die "godot_audio_args with an ALSA device: '$got'"
    got=$(audio_args '' unix:/run/pulse)
    [[ -z $got ]] || die "godot_audio_args with a PulseAudio server: '$got'"
    mkdir -p "$work/run"
    python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$work/run/pipewire-0"
    got=$(GODOT_SOUND_DEVICES="$work/snd" XDG_RUNTIME_DIR="$work/run" PULSE_SERVER='' godot_audio_args)
    [[ -z $got ]] || die "godot_audio_args with a PipeWire socket: '$got'"
    say "godot_audio_args: the dummy driver only without a sound device or server"
}

test_usage_texts() {
    local usage out option step
    usage=$(scripts/run.sh --help)
    grep -q '^The main job' <<<"$usage" || die "run.sh --help does not start with the usage: $usage"
    ! grep -qE 'set -|pipefail|^#' <<<"$usage" || die "run.sh --help prints script lines: $usage"
    for option in --headless --menu --game --load --editor --screenshot --frames --no-build; do
        grep -q -- "$option" <<<"$usage" || die "run.sh --help does not mention $option"
    done
    usage=$(scripts/check.sh --help)
    ! grep -qE 'set -|pipefail|^#' <<<"$usage" || die "check.sh --help prints script lines: $usage"
    for step in fmt clippy doc gdlint rust godot package scripts platforms; do
        grep -qE "^  $step " <<<"$usage" || die "check.sh --help does not describe $step"
    done
    if out=$(scripts/check.sh nosuchstep 2>&1); then die "check.sh accepted an unknown step"; fi
    grep -q 'unknown step nosuchstep' <<<"$out" || die "check.sh nosuchstep: $out"
    say "usage texts: run.sh --help, check.sh --help, check.sh nosuchstep"
}

test_fetch_output() {
    # What a real fetch needs before apt runs: dpkg and Debian's archive keyring.
    if [[ ! -r /usr/share/keyrings/debian-archive-keyring.gpg ]] || ! command -v dpkg-deb >/dev/null; then
        say "SKIP fetch_godot.sh's output: no Debian archive keyring or dpkg-deb here"
        return
    fi
    local fake="$work/fetch" rc=0 own
    mkdir -p "$fake/scripts" "$fake/bin"
    cp scripts/fetch_godot.sh "$fake/scripts/"
    cat >"$fake/bin/apt-get" <<'SH'
#!/usr/bin/env bash
for i in $(seq 1 75); do echo "Get:$i http://deb.example/debian unstable/main amd64 pkg$i [1 kB]"; done
echo "E: a stand-in apt-get: nothing downloaded" >&2
SH
    chmod +x "$fake/bin/apt-get"
    PATH="$fake/bin:$PATH" GODOT_DEBIAN_ARCHIVE=http://deb.example/debian "$fake/scripts/fetch_godot.sh" \
        >"$work/fetch.out" 2>"$work/fetch.err" || rc=$?
    [[ $rc != 0 ]] || die "fetch_godot.sh succeeded without packages"
    grep -q '^fetch_godot.sh: fetching Godot' "$work/fetch.err" || die "no 'fetching' line: $(cat "$work/fetch.err")"
    grep -q '^fetch_godot.sh: error: apt-get downloaded no packages' "$work/fetch.err" ||
        die "no error line: $(cat "$work/fetch.err")"
    # Its own lines: the one line of a fetch, and here the error (after the log's end).
    own=$(grep -c '^fetch_godot.sh: ' "$work/fetch.err" || true)
    ((own == 2)) || die "fetch_godot.sh printed $own lines of its own: $(cat "$work/fetch.err")"
    (($(grep -c '^Get:' "$fake/.cache/godot-fetch.log") == 150)) || die "apt's 150 lines are not in the log"
    [[ ! -s $work/fetch.out ]] || die "fetch_godot.sh printed on stdout: $(cat "$work/fetch.out")"
    say "fetch_godot.sh: one line of its own (and the error), apt's 150 lines in the log"
}

# stand_in FILE: an executable FILE that appends "<its name> <its arguments>" to
# $STAND_IN_CALLS, then runs the shell code on its standard input (none: exit 0).
stand_in() {
    {
        printf '#!/usr/bin/env bash\n'
        printf 'printf "%%s\\n" "$(basename -- "$0")${*:+ $*}" >>"$STAND_IN_CALLS"\n'
        cat
    } >"$1"
    chmod +x "$1"
}

# check_run NAME STEP...: check.sh STEP... in a copy of the repository whose cargo,
# godot_tests.sh, editor_tests.sh, pot.sh, package.sh, package_tests.sh and platforms.sh
# are stand-ins; its calls end up in
# $work/NAME/calls, its messages in $work/NAME/err.
check_run() {
    local fake="$work/$1"
    shift
    mkdir -p "$fake/scripts" "$fake/bin"
    cp scripts/check.sh "$fake/scripts/"
    stand_in "$fake/bin/cargo" <<<'mkdir -p target'
    local s
    for s in godot_tests editor_tests editor_round_trip pot package package_tests script_tests platforms; do
        stand_in "$fake/scripts/$s.sh" </dev/null
    done
    : >"$fake/calls"
    STAND_IN_CALLS="$fake/calls" PATH="$fake/bin:$PATH" "$fake/scripts/check.sh" "$@" \
        >/dev/null 2>"$fake/err" || die "check.sh $* with stand-ins failed: $(cat "$fake/err")"
}

test_background_build() {
    local background='building the release libraries in the background'
    local order steps run
    for order in "godot package" "rust package"; do
        read -ra steps <<<"$order"
        run="$work/${order// /-}"
        check_run "${run##*/}" "${steps[@]}"
        grep -q "$background" "$run/err" || die "check.sh $order: no background release build: $(cat "$run/err")"
        grep -qx 'package.sh --build-only --release-only --skip-missing' "$run/calls" ||
            die "check.sh $order: package.sh --build-only --release-only --skip-missing not run: $(cat "$run/calls")"
        # It starts with the run, before the first step.
        awk -v b="$background" 'index($0, b) { s = 1 } /=== / && !s { bad = 1 } END { exit bad || !s }' "$run/err" ||
            die "check.sh $order: the release build did not start before the first step: $(cat "$run/err")"
        grep -q 'waiting for the background build of the release libraries' "$run/err" ||
            die "check.sh $order: the package step did not wait for the build"
    done
    for order in "package godot" godot package; do
        read -ra steps <<<"$order"
        run="$work/${order// /-}"
        check_run "${run##*/}" "${steps[@]}"
        ! grep -q "$background" "$run/err" ||
            die "check.sh $order: started a background release build that overlaps no step"
        ! grep -q '^package.sh' "$run/calls" || die "check.sh $order: ran package.sh: $(cat "$run/calls")"
    done
    for run in "$work/godot" "$work/godot-package"; do
        awk '/^godot_tests\.sh$/ { g = 1 } /^editor_tests\.sh$/ && g { ok = 1 } END { exit !ok }' "$run/calls" ||
            die "check.sh's godot step did not run godot_tests.sh, then editor_tests.sh: $(cat "$run/calls")"
        grep -qx 'pot.sh --check' "$run/calls" ||
            die "check.sh's godot step did not check the words' template: $(cat "$run/calls")"
        grep -qx 'editor_round_trip.sh' "$run/calls" ||
            die "check.sh's godot step did not check that the editor leaves git clean: $(cat "$run/calls")"
    done
    say "check.sh: the background release build from the start, only when package comes after another step"
}

test_step_order() {
    # The platforms step right after godot (its CLIs are built first), the scripts step
    # (it needs neither) while the release libraries finish, package last.
    check_run test-steps test
    local order
    order=$(grep -xE 'cargo test.*|(godot_tests|platforms|script_tests|package_tests)\.sh' "$work/test-steps/calls" |
        awk '{ print $1 }' | paste -sd' ')
    [[ $order == "cargo godot_tests.sh platforms.sh script_tests.sh package_tests.sh" ]] ||
        die "check.sh test: steps in the order $order"
    grep -q 'waiting for the background build of the release libraries' "$work/test-steps/err" ||
        die "check.sh test: the package step did not wait for the background build"
    say "check.sh test: rust godot platforms scripts package"
}

test_background_platforms_build() {
    local background="building the platforms' CLIs in the background" run
    check_run rust-platforms rust platforms
    run="$work/rust-platforms"
    grep -q "$background" "$run/err" || die "check.sh rust platforms: no background build: $(cat "$run/err")"
    # The build first, the check after the rust step.
    awk '/^platforms\.sh --build-only$/ { b = NR } /^platforms\.sh$/ { c = NR } END { exit !(b && c > b) }' \
        "$run/calls" || die "check.sh rust platforms: not the build, then the check: $(cat "$run/calls")"
    ! grep -q '^package.sh' "$run/calls" || die "check.sh rust platforms ran package.sh: $(cat "$run/calls")"
    check_run godot-platforms-package godot platforms package
    run="$work/godot-platforms-package"
    awk '/^package\.sh --build-only/ { p = NR } /^platforms\.sh --build-only$/ { b = NR } END { exit !(b && p > b) }' \
        "$run/calls" || die "check.sh godot platforms package: not the CLIs, then the libraries: $(cat "$run/calls")"
    check_run platforms-alone platforms
    ! grep -q "$background" "$work/platforms-alone/err" || die "check.sh platforms built in the background"
    grep -qx 'platforms.sh' "$work/platforms-alone/calls" || die "check.sh platforms did not run platforms.sh"
    say "check.sh: the platforms' CLIs build in the background before the release libraries"
}

# platforms_run NAME ARG...: platforms.sh --no-build ARG... in a copy of the repository
# (its outputs in the copy's target/), with stand-ins for the CLIs given as ARGs; its
# messages end up in $work/NAME.err. Returns its exit status.
platforms_run() {
    local name=$1 fake="$work/platforms" rc=0
    shift
    mkdir -p "$fake/scripts"
    cp scripts/platforms.sh "$fake/scripts/"
    "$fake/scripts/platforms.sh" --no-build "$@" >/dev/null 2>"$work/$name.err" || rc=$?
    return $rc
}

test_platforms_mismatch() {
    local cli="$work/platforms-cli"
    mkdir -p "$cli"
    # The reference: prints its arguments, and for simulate a hash and a timing line.
    cat >"$cli/reference" <<'SH'
#!/usr/bin/env bash
echo "$*"
[[ $1 != simulate ]] || { echo "hash 0x0123456789abcdef"; echo "median $RANDOM µs per tick"; }
echo "took $RANDOM ms" >&2
SH
    # One that agrees but for the timing line and stderr, one whose surface of level 3
    # differs, one whose survey exits 1.
    sed 's/^echo "\$\*"$/echo "$*"; echo other stderr >\&2/' "$cli/reference" >"$cli/agrees"
    sed 's/^echo "\$\*"$/[[ "$*" != *"--level 3"* ]] \&\& echo "$*" || echo different/' "$cli/reference" >"$cli/differs"
    sed 's/^echo "\$\*"$/echo "$*"; [[ $1 != survey ]] || exit 1/' "$cli/reference" >"$cli/exits"
    chmod +x "$cli"/*
    platforms_run same --reference "$cli/reference" --platform twin="$cli/agrees" ||
        die "platforms.sh failed on agreeing outputs: $(cat "$work/same.err")"
    grep -q 'twin: 9 commands, stdout and exit codes identical' "$work/same.err" ||
        die "platforms.sh did not say the platform agrees: $(cat "$work/same.err")"
    ! platforms_run differs --reference "$cli/reference" --platform twin="$cli/agrees" \
        --platform odd="$cli/differs" || die "platforms.sh passed a platform whose stdout differs"
    grep -q '^platforms.sh: MISMATCH on odd: outpost surface --seed 42 --level 3: stdout differs' "$work/differs.err" ||
        die "platforms.sh did not name the platform and the command: $(cat "$work/differs.err")"
    (($(grep -c MISMATCH "$work/differs.err") == 1)) || die "platforms.sh: other mismatches: $(cat "$work/differs.err")"
    ! platforms_run exits --reference "$cli/reference" --platform quits="$cli/exits" ||
        die "platforms.sh passed a platform whose exit code differs"
    grep -q '^platforms.sh: MISMATCH on quits: outpost survey --count 2000 --seed 1 --format json: exit code 1, x86_64 0' \
        "$work/exits.err" || die "platforms.sh did not name the exit code: $(cat "$work/exits.err")"
    ! platforms_run bad --bogus || die "platforms.sh accepted --bogus"
    grep -q 'unknown argument --bogus' "$work/bad.err" || die "platforms.sh --bogus: $(cat "$work/bad.err")"
    say "platforms.sh: a differing stdout or exit code names the platform and the command and fails"
}

# package_run NAME TARGETS ARG...: package.sh ARG... in a copy of the repository whose
# rustup lists the Rust targets TARGETS (a space-separated list) and whose cargo,
# cargo-zigbuild, zig and MinGW-w64 gcc are stand-ins; its calls end up in
# $work/NAME/calls, its messages in $work/NAME/err. Returns its exit status.
package_run() {
    local fake="$work/$1" targets=$2 rc=0
    shift 2
    mkdir -p "$fake/scripts" "$fake/bin"
    cp scripts/package.sh "$fake/scripts/"
    printf '[workspace.package]\nversion = "0.1.0"\n' >"$fake/Cargo.toml"
    stand_in "$fake/bin/rustup" <<<"printf '%s\\n' $targets"
    local s
    for s in cargo cargo-zigbuild zig x86_64-w64-mingw32-gcc; do stand_in "$fake/bin/$s" </dev/null; done
    : >"$fake/calls"
    STAND_IN_CALLS="$fake/calls" PATH="$fake/bin:$PATH" "$fake/scripts/package.sh" "$@" \
        >/dev/null 2>"$fake/err" || rc=$?
    return $rc
}

test_package_targets() {
    local all="x86_64-unknown-linux-gnu x86_64-pc-windows-gnu aarch64-apple-darwin x86_64-apple-darwin aarch64-unknown-linux-gnu"
    local ship='--profile ship -p outpost-gdext --target=x86_64-unknown-linux-gnu'
    package_run pack-all "$all" --build-only --release-only || die "package.sh with every toolchain: $(cat "$work/pack-all/err")"
    grep -qx "cargo zigbuild $ship --target=x86_64-pc-windows-gnu --target=aarch64-unknown-linux-gnu.2.17 --target=universal2-apple-darwin" \
        "$work/pack-all/calls" || die "package.sh: not every release library in one zigbuild: $(cat "$work/pack-all/calls")"
    ! grep -q 'build --workspace' "$work/pack-all/calls" || die "package.sh --release-only built the debug library"
    ! package_run pack-missing x86_64-unknown-linux-gnu --build-only ||
        die "package.sh without the Windows target did not stop"
    grep -q 'rustup target add x86_64-pc-windows-gnu (or --no-windows)' "$work/pack-missing/err" ||
        die "package.sh without the Windows target: $(cat "$work/pack-missing/err")"
    package_run pack-skip x86_64-unknown-linux-gnu --build-only --skip-missing ||
        die "package.sh --skip-missing failed: $(cat "$work/pack-skip/err")"
    grep -qx "cargo build $ship" "$work/pack-skip/calls" ||
        die "package.sh --skip-missing did not build Linux x86_64 alone: $(cat "$work/pack-skip/calls")"
    grep -q 'leaving out the Windows library' "$work/pack-skip/err" &&
        grep -q 'leaving out the macOS and Linux arm64 libraries' "$work/pack-skip/err" ||
        die "package.sh --skip-missing did not say what it left out: $(cat "$work/pack-skip/err")"
    ! package_run pack-bad "$all" --release-only || die "package.sh --release-only without --build-only ran"
    ! package_run pack-bad "$all" --bogus || die "package.sh accepted --bogus"
    grep -q 'unknown argument --bogus' "$work/pack-bad/err" || die "package.sh --bogus: $(cat "$work/pack-bad/err")"
    say "package.sh: one release build for every target there is a toolchain for, --skip-missing, bad arguments"
}

# godot_tests_run ARG...: godot_tests.sh ARG... in a copy of the repository with a
# stand-in cargo (which makes the libraries and the CLI) and a stand-in Godot 4.6.3 (which
# imports, and fails anything else); its calls end up in $work/godot-tests/calls. Returns
# its exit status.
godot_tests_run() {
    local fake="$work/godot-tests" rc=0
    rm -rf -- "$fake"
    mkdir -p "$fake/scripts" "$fake/bin" "$fake/godot_project/addons/outpost_storeys"
    cp scripts/godot_tests.sh scripts/godot_helpers.sh scripts/godot.sh "$fake/scripts/"
    cp outpost.gdextension "$fake/"
    cp godot_project/addons/outpost_storeys/outpost_storeys.gdextension "$fake/godot_project/addons/outpost_storeys/"
    stand_in "$fake/bin/cargo" <<'SH'
mkdir -p target/debug
touch target/debug/liboutpost_gdext.so
printf '#!/bin/sh\n' >target/debug/outpost
chmod +x target/debug/outpost
SH
    stand_in "$fake/bin/godot" <<'SH'
case " $* " in
    *" --version "*) echo 4.6.3.stable.stand-in ;;
    *" --import "*) ;;
    *) exit 1 ;;
esac
SH
    : >"$fake/calls"
    STAND_IN_CALLS="$fake/calls" GODOT4_BIN="$fake/bin/godot" PATH="$fake/bin:$PATH" \
        "$fake/scripts/godot_tests.sh" "$@" >"$fake/out" 2>&1 || rc=$?
    return $rc
}

test_godot_tests_build_only() {
    local calls="$work/godot-tests/calls"
    godot_tests_run --build-only || die "godot_tests.sh --build-only failed: $(cat "$work/godot-tests/out")"
    grep -qx 'cargo build --workspace' "$calls" || die "godot_tests.sh --build-only did not build: $(cat "$calls")"
    grep -q '^godot .*--import' "$calls" || die "godot_tests.sh --build-only did not import: $(cat "$calls")"
    grep -qxF "$ADDON_GDEXTENSION" "$work/godot-tests/godot_project/.godot/extension_list.cfg" ||
        die "godot_tests.sh --build-only did not list the extension in .godot/extension_list.cfg"
    ! grep -qE '^godot .*(--script|\.tscn)' "$calls" ||
        die "godot_tests.sh --build-only ran suites or scenes: $(cat "$calls")"
    # The control: without --build-only the same stand-ins see the suites start.
    ! godot_tests_run || die "godot_tests.sh passed with a stand-in Godot that fails every run"
    grep -q '^godot .*--script res://tests/run_tests.gd' "$calls" ||
        die "godot_tests.sh without --build-only did not start the suites: $(cat "$calls")"
    say "godot_tests.sh --build-only: builds, imports, stops before the suites"
}

# folders_case pass|fail NAME FILE=TEXT...: check_folders.py on a made-up project.
folders_case() {
    local want=$1 name=$2 project="$work/folders" got
    shift 2
    rm -rf -- "$project"
    mkdir -p "$project"
    git -C "$project" init -q
    for spec in "$@"; do
        mkdir -p "$project/$(dirname "${spec%%=*}")"
        printf '%b\n' "${spec#*=}" >"$project/${spec%%=*}"
    done
    if python3 scripts/check_folders.py "$project" >"$work/folders.log" 2>&1; then got=pass; else got=fail; fi
    [[ $got == "$want" ]] || { cat "$work/folders.log" >&2; die "check_folders.py: $name: $got, want $want"; }
}

test_folder_rule() {
    local world='src/world/objects/Beacon.gd=class_name Beacon\nextends Node'
    local hud='src/ui/hud/Hud.gd=class_name Hud\nextends Node\nvar b: Beacon'
    folders_case pass "ui uses the world" "$world" "$hud"
    folders_case fail "the world reaches the ui" "$hud" \
        'src/world/objects/Beacon.gd=class_name Beacon\nextends Node\nvar h: Hud'
    grep -q 'src/world/objects/Beacon.gd -> src/ui/hud/Hud.gd: world may not reach ui' "$work/folders.log" ||
        die "check_folders.py does not name the reference against the rule"
    folders_case fail "a cycle in a layer" \
        'src/world/a/A.gd=class_name A\nextends Node\nvar b: B' \
        'src/world/b/B.gd=class_name B\nextends Node\nvar a: A'
    grep -q 'a cycle between folders' "$work/folders.log" || die "check_folders.py does not name the cycle"
    folders_case fail "a path to a higher layer" "$world" \
        'src/core/rules/R.gd=class_name R\nextends Node\nconst S := preload("res://src/game/s.tscn")' \
        'src/game/s.tscn=[gd_scene format=3]'
    folders_case pass "a name in a comment or a string is no use" "$hud" \
        'src/world/objects/Beacon.gd=class_name Beacon\nextends Node\n# the Hud shows it\nvar t := "Hud"'
    folders_case pass "a folder to save into is no use" "$world" \
        'src/ui/hud/Saver.gd=class_name Saver\nextends Node\nconst AT := "res://layouts/"'
    folders_case fail "a file of no layer is" "$world" \
        'src/ui/hud/Saver.gd=class_name Saver\nextends Node\nconst AT := preload("res://layouts/a.tres")' \
        'layouts/a.tres=[gd_resource format=3]'
    say "check_folders.py: 7 cases"
}

test_windowed_runs() {
    if ! command -v xvfb-run >/dev/null 2>&1; then
        [[ ${REQUIRE_XVFB:-0} == 1 ]] && die "REQUIRE_XVFB=1 but xvfb-run is missing (apt-get install xvfb)"
        say "SKIP windowed runs: xvfb-run not found (apt-get install xvfb to run them; CI does)"
        return
    fi
    local what args log rc problems allowed
    for what in inspector menu game load editor; do
        args=(--frames 120 --no-build)
        [[ $what == inspector ]] && args=(--frames 120) # (one run builds)
        [[ $what == menu ]] && args+=(--menu)
        [[ $what == game ]] && args+=(--game)
        [[ $what == load ]] && args+=(--load godot_project/tests/fixtures/save_format2.json)
        [[ $what == editor ]] && args=(--editor --frames 1500) # (quitting before its start is done crashes Godot)
        log="$work/window-$what.log"
        rc=0
        RUST_BACKTRACE=0 timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" scripts/run.sh "${args[@]}" \
            >"$log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || { tail -n 20 "$log" >&2; die "run.sh ${args[*]} under Xvfb exited $rc"; }
        grep -q '^Godot Engine v4\.' "$log" || die "run.sh ${args[*]}: Godot did not start; see $log"
        # Godot's GLX window sets a swap interval when it is made, even with V-Sync off in
        # the project, and Xvfb's software GLX has no swap control: Godot says so once
        # ("Could not set V-Sync mode"). A desktop driver has swap control: no warning.
        # The editor's lightmap baker looks for Vulkan whatever the renderer; without a
        # Vulkan driver it logs two errors, which run.sh --editor explains.
        allowed='^WARNING: Could not set V-Sync mode'
        [[ $what == editor ]] &&
            allowed+='|^ERROR: Required extension VK_KHR_surface not found\.$|^ERROR: Condition "err != OK" is true\. Returning: err$'
        problems=$(godot_log_problems "$log" "$allowed") ||
            die "run.sh ${args[*]} under Xvfb logged: $problems"
    done
    rc=0
    scripts/run.sh --load /nonexistent/save.json >"$work/window-bad-load.log" 2>&1 || rc=$?
    [[ $rc != 0 ]] && grep -q -- '--load /nonexistent/save.json: no such file' "$work/window-bad-load.log" ||
        die "run.sh --load of a missing file: exit $rc; see $work/window-bad-load.log"
    say "run.sh's windowed mode under Xvfb: the Seed Inspector, the menu, the game, a save loaded and the editor, clean logs"
}

test_report() {
    local crit="$work/report/criterion/pipeline/generate/new" cli="$work/report/outpost" out="$work/report/out"
    mkdir -p "$crit"
    printf '%s\n' '{"full_id":"pipeline/generate","group_id":"pipeline","function_id":"generate"}' >"$crit/benchmark.json"
    printf '%s\n' '{"median":{"point_estimate":18900.0,"confidence_interval":{"lower_bound":18000.0,"upper_bound":19500.0}}}' \
        >"$crit/estimates.json"
    # The stand-in CLI prints a survey of one storey type and one metric.
    printf '%s\n' '#!/usr/bin/env bash' \
        '[[ "$*" == "survey --count 7 --seed 3 --format json" ]] || exit 9' \
        'echo '"'"'{"GROUND_FLOOR":{"rooms":{"min":1,"p10":2,"median":5,"p90":8,"max":9,"mean":5}}}'"'" >"$cli"
    chmod +x "$cli"
    REPORT_OUTPOST=$cli REPORT_CRITERION="$work/report/criterion" scripts/report.sh --count 7 --seed 3 --out "$out" \
        >"$work/report/paths" 2>"$work/report/log" || die "report.sh failed; see $work/report/log"
    local json md
    json=$(sed -n 1p "$work/report/paths") md=$(sed -n 2p "$work/report/paths")
    python3 - "$json" <<'PY' || die "report.sh's JSON: $json"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["benchmarks"] == [{"id": "pipeline/generate", "median_ns": 18900.0, "low_ns": 18000.0, "high_ns": 19500.0}], r
assert r["survey"] == {"count": 7, "seed": 3, "summary": {"GROUND_FLOOR": {"rooms": {"p10": 2, "median": 5, "p90": 8}}}}, r
PY
    grep -qx '| pipeline/generate | 18.9 µs | 18 µs – 19.5 µs |' "$md" || die "report.sh's markdown has no benchmark row: $md"
    grep -qx '| rooms | 2 / 5 / 8 |' "$md" || die "report.sh's markdown has no survey row: $md"
    REPORT_OUTPOST=$cli REPORT_CRITERION="$work/report/none" scripts/report.sh --count 7 --seed 3 --out "$out" \
        >/dev/null 2>&1 || die "report.sh failed without criterion results"
    grep -q '^No criterion results' "$md" || die "report.sh does not say no benchmark ran"
    local rc=0
    scripts/report.sh --count 0 >/dev/null 2>"$work/report/log" || rc=$?
    [[ $rc == 2 ]] && grep -q -- '--count must be a positive integer, got 0' "$work/report/log" ||
        die "report.sh --count 0: exit $rc"
    say "report.sh writes the medians and the survey's summary as JSON and markdown"
}

test_log_check
test_audio_fallback
test_usage_texts
test_fetch_output
test_background_build
test_step_order
test_background_platforms_build
test_package_targets
test_platforms_mismatch
test_godot_tests_build_only
test_folder_rule
test_report
test_windowed_runs
say "OK"
