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
# 5. check.sh starts the package step's background release build in the godot step only
#    when package is still to come in that run (`godot package`; not `package godot`, not
#    `godot`), and its godot step runs editor_tests.sh after godot_tests.sh, with
#    stand-ins for cargo and the scripts it calls;
# 6. godot_tests.sh --build-only builds, prepares the project (an import) and stops
#    before any suite or scene runs, with stand-ins for cargo and Godot (and without it,
#    the same stand-ins see the suites start);
# 7. under Xvfb, run.sh's windowed mode shows the Seed Inspector and the game for some
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
    for option in --headless --game --screenshot --frames; do
        grep -q -- "$option" <<<"$usage" || die "run.sh --help does not mention $option"
    done
    usage=$(scripts/check.sh --help)
    ! grep -qE 'set -|pipefail|^#' <<<"$usage" || die "check.sh --help prints script lines: $usage"
    for step in fmt clippy doc gdlint rust godot package scripts; do
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
# godot_tests.sh, editor_tests.sh, package.sh and package_tests.sh are stand-ins; its calls end up in
# $work/NAME/calls, its messages in $work/NAME/err.
check_run() {
    local fake="$work/$1"
    shift
    mkdir -p "$fake/scripts" "$fake/bin"
    cp scripts/check.sh "$fake/scripts/"
    stand_in "$fake/bin/cargo" <<<'mkdir -p target'
    local s
    for s in godot_tests editor_tests package package_tests; do stand_in "$fake/scripts/$s.sh" </dev/null; done
    : >"$fake/calls"
    STAND_IN_CALLS="$fake/calls" PATH="$fake/bin:$PATH" "$fake/scripts/check.sh" "$@" \
        >/dev/null 2>"$fake/err" || die "check.sh $* with stand-ins failed: $(cat "$fake/err")"
}

test_background_build() {
    local background='building the release libraries in the background'
    check_run godot-package godot package
    grep -q "$background" "$work/godot-package/err" ||
        die "check.sh godot package: no background release build: $(cat "$work/godot-package/err")"
    grep -qx 'package.sh --build-only' "$work/godot-package/calls" ||
        die "check.sh godot package: package.sh --build-only not run: $(cat "$work/godot-package/calls")"
    grep -q 'waiting for the background release build' "$work/godot-package/err" ||
        die "check.sh godot package: the package step did not wait for the build"
    local order steps run
    for order in "package godot" godot; do
        read -ra steps <<<"$order"
        run="$work/${order// /-}"
        check_run "${run##*/}" "${steps[@]}"
        ! grep -q "$background" "$run/err" ||
            die "check.sh $order: started a background release build no later step waits for"
        ! grep -q '^package.sh' "$run/calls" || die "check.sh $order: ran package.sh: $(cat "$run/calls")"
        grep -qx 'godot_tests.sh' "$run/calls" ||
            die "check.sh $order: godot_tests.sh did not build for itself: $(cat "$run/calls")"
    done
    for run in "$work/godot" "$work/godot-package"; do
        awk '/^godot_tests\.sh/ { g = 1 } /^editor_tests\.sh$/ && g { ok = 1 } END { exit !ok }' "$run/calls" ||
            die "check.sh's godot step did not run editor_tests.sh after godot_tests.sh: $(cat "$run/calls")"
    done
    say "check.sh: the background release build only when package comes after godot"
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

test_windowed_runs() {
    if ! command -v xvfb-run >/dev/null 2>&1; then
        [[ ${REQUIRE_XVFB:-0} == 1 ]] && die "REQUIRE_XVFB=1 but xvfb-run is missing (apt-get install xvfb)"
        say "SKIP windowed runs: xvfb-run not found (apt-get install xvfb to run them; CI does)"
        return
    fi
    local what args log rc problems
    for what in inspector game; do
        args=(--frames 120)
        [[ $what == game ]] && args+=(--game)
        log="$work/window-$what.log"
        rc=0
        RUST_BACKTRACE=0 timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" scripts/run.sh "${args[@]}" \
            >"$log" 2>&1 || rc=$?
        [[ $rc == 0 ]] || { tail -n 20 "$log" >&2; die "run.sh ${args[*]} under Xvfb exited $rc"; }
        grep -q '^Godot Engine v4\.' "$log" || die "run.sh ${args[*]}: Godot did not start; see $log"
        # Xvfb's GL cannot change V-Sync; a real display can.
        problems=$(godot_log_problems "$log" '^WARNING: Could not set V-Sync mode') ||
            die "run.sh ${args[*]} under Xvfb logged: $problems"
    done
    say "run.sh's windowed mode under Xvfb: the Seed Inspector and the game, clean logs"
}

test_log_check
test_audio_fallback
test_usage_texts
test_fetch_output
test_background_build
test_godot_tests_build_only
test_windowed_runs
say "OK"
