#!/usr/bin/env bash
# The Godot helpers every script shares (sourced by run.sh, godot_tests.sh,
# package_tests.sh, godot_bench.sh and script_tests.sh), each written once:
#   copy_godot_project DEST [DEBUG_LIB [RELEASE_LIB]]
#       copies godot_project/ (without .godot/ and the addon's built libraries) into DEST,
#       emptied first, and links its libraries (link_addon_libraries): a project an editor
#       may rewrite, for editor_tests.sh, pot.sh and godot_bench.sh (which then prepare it);
#   link_addon_libraries PROJECT [DEBUG_LIB [RELEASE_LIB]]
#       points the addon's Linux libraries (addons/outpost_storeys/bin/) at the cargo
#       builds, target/debug and target/release by default, so a project loads the
#       extension through the addon layout that scripts/package.sh ships;
#   godot_import PROJECT LOG
#       imports PROJECT (script class cache, UIDs), retrying once after the known
#       shutdown crash (exit 134) of a first import (upstream Godot issue #111048);
#   prepare_godot_project PROJECT
#       lists the addon's .gdextension in .godot/extension_list.cfg (Godot loads only
#       listed extensions, and a fresh clone has no .godot/) and imports the project
#       (log: PROJECT/.godot/import.log);
#   godot_audio_args
#       prints "--audio-driver" "Dummy" (one per line) when this machine has no sound:
#       no ALSA device under /dev/snd and no PulseAudio or PipeWire socket. Godot would
#       otherwise try every driver and log ALSA errors and an ERROR line;
#   godot_xvfb LOG GODOT_ARGS...
#       runs Godot in a 1280 x 720 Xvfb display with Mesa's software OpenGL (Debian's
#       xvfb package) and the dummy audio driver, output to LOG, for at most 300 s;
#   godot_log_problems LOG [ALLOWED]
#       prints the lines of a Godot log that make a run fail and returns 1 if there are
#       any: SCRIPT ERROR, an "ERROR:" or "WARNING:" line that was not declared (printed
#       again as "EXPECTED <line>" by the test runner) and does not match the extended
#       regex ALLOWED, ALSA errors, leaked objects and resources "leaked at exit".
# Run as `scripts/godot_helpers.sh [PROJECT_DIR]`, it prepares PROJECT_DIR (default
# godot_project/). Needs GODOT (a Godot 4 command, see scripts/godot.sh) for the imports.
set -euo pipefail

ADDON_GDEXTENSION="res://addons/outpost_storeys/outpost_storeys.gdextension"
_repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)

link_addon_libraries() {
    local project=$1 debug=${2:-$_repo/target/debug/liboutpost_gdext.so}
    local release=${3:-$_repo/target/release/liboutpost_gdext.so}
    local bin="$project/addons/outpost_storeys/bin"
    mkdir -p "$bin"
    ln -sfn "$debug" "$bin/liboutpost_gdext.linux.debug.x86_64.so"
    if [[ -e $release ]]; then
        ln -sfn "$release" "$bin/liboutpost_gdext.linux.release.x86_64.so"
    else
        rm -f "$bin/liboutpost_gdext.linux.release.x86_64.so"
    fi
}

copy_godot_project() {
    local dest=$1
    shift
    rm -rf -- "$dest"
    mkdir -p "$dest"
    (cd "$_repo/godot_project" && tar --exclude=./.godot --exclude='./addons/outpost_storeys/bin/*.so' -cf - .) |
        (cd "$dest" && tar -xf -)
    link_addon_libraries "$dest" "$@"
}

godot_import() {
    local project=$1 log=$2 rc=0
    for attempt in 1 2; do
        rc=0
        # (a subshell, so that the shell's "Aborted" notice of a first import goes nowhere)
        (RUST_BACKTRACE=0 timeout 300 "$GODOT" --headless --path "$project" --import \
            >"$log" 2>&1; exit $?) 2>/dev/null || rc=$?
        [[ $rc == 134 && $attempt == 1 ]] || break
    done
    if [[ $rc != 0 ]]; then
        tail -n 30 "$log" >&2
        printf 'godot_helpers.sh: godot --import of %s exited %s; see %s\n' "$project" "$rc" "$log" >&2
        return 1
    fi
}

prepare_godot_project() {
    local project=$1
    mkdir -p "$project/.godot"
    printf '%s\n' "$ADDON_GDEXTENSION" >"$project/.godot/extension_list.cfg"
    godot_import "$project" "$project/.godot/import.log" || return 1
    grep -qxF "$ADDON_GDEXTENSION" "$project/.godot/extension_list.cfg" || {
        printf 'godot_helpers.sh: the import dropped %s from the extension list\n' "$ADDON_GDEXTENSION" >&2
        return 1
    }
}

godot_audio_args() {
    local snd=${GODOT_SOUND_DEVICES:-/dev/snd} run=${XDG_RUNTIME_DIR:-/run/user/$(id -u)}
    if compgen -G "$snd/pcmC*" >/dev/null || [[ -n ${PULSE_SERVER:-} ]] ||
        [[ -S $run/pulse/native || -S $run/pipewire-0 ]]; then
        return 0
    fi
    printf '%s\n' --audio-driver Dummy
}

godot_xvfb() {
    local log=$1
    shift
    command -v xvfb-run >/dev/null 2>&1 || {
        printf 'godot_helpers.sh: xvfb-run not found: apt-get install xvfb\n' >&2
        return 127
    }
    RUST_BACKTRACE=0 timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" "$GODOT" \
        --rendering-driver opengl3 --display-driver x11 --audio-driver Dummy "$@" >"$log" 2>&1
}

godot_log_problems() {
    local log=$1 allowed=${2:-'^$'} found=0 undeclared
    if grep -E 'SCRIPT ERROR|^ALSA lib|ObjectDB instances leaked|leaked at exit' "$log"; then
        found=1
    fi
    undeclared=$(comm -23 <(grep -E '^(ERROR|WARNING): ' "$log" | grep -Ev "$allowed" | sort) \
        <(sed -n 's/^EXPECTED //p' "$log" | grep -E '^(ERROR|WARNING): ' | sort))
    if [[ -n $undeclared ]]; then
        printf '%s\n' "$undeclared"
        found=1
    fi
    return $((found))
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    GODOT=${GODOT:-$("$_repo/scripts/godot.sh")}
    link_addon_libraries "${1:-$_repo/godot_project}"
    prepare_godot_project "${1:-$_repo/godot_project}"
fi
