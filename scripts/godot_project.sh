#!/usr/bin/env bash
# Prepares a Godot project directory for headless runs (sourced by the other scripts, or
# run as `scripts/godot_project.sh [PROJECT_DIR]`):
#   - link_addon_libraries PROJECT [DEBUG_LIB [RELEASE_LIB]]: points the addon's Linux
#     libraries (addons/outpost_storeys/bin/) at the cargo builds, target/debug and
#     target/release by default, so the project loads the extension through the same
#     addon layout that scripts/package.sh ships;
#   - prepare_godot_project PROJECT: lists the addon's .gdextension in
#     .godot/extension_list.cfg (Godot loads only listed extensions, and a fresh clone has
#     no .godot/) and imports the project (script class cache, UIDs), retrying once after
#     the known shutdown crash (exit 134) of a first import (upstream Godot issue #111048).
#
# Needs GODOT (a Godot 4 command, see scripts/godot.sh) for the import. Import log:
# $project/.godot/import.log.
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

prepare_godot_project() {
    local project=$1 rc
    mkdir -p "$project/.godot"
    printf '%s\n' "$ADDON_GDEXTENSION" >"$project/.godot/extension_list.cfg"
    for attempt in 1 2; do
        rc=0
        # (a subshell, so that the shell's "Aborted" notice of a first import goes nowhere)
        (RUST_BACKTRACE=0 timeout 300 "$GODOT" --headless --path "$project" --import \
            >"$project/.godot/import.log" 2>&1; exit $?) 2>/dev/null || rc=$?
        [[ $rc == 134 && $attempt == 1 ]] || break
    done
    if [[ $rc != 0 ]]; then
        tail -n 30 "$project/.godot/import.log" >&2
        printf 'godot_project.sh: godot --import of %s exited %s\n' "$project" "$rc" >&2
        return 1
    fi
    grep -qxF "$ADDON_GDEXTENSION" "$project/.godot/extension_list.cfg" || {
        printf 'godot_project.sh: the import dropped %s from the extension list\n' "$ADDON_GDEXTENSION" >&2
        return 1
    }
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    GODOT=${GODOT:-$("$_repo/scripts/godot.sh")}
    link_addon_libraries "${1:-$_repo/godot_project}"
    prepare_godot_project "${1:-$_repo/godot_project}"
fi
