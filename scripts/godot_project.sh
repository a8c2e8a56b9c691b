#!/usr/bin/env bash
# Prepares a Godot project directory for headless runs (sourced by the other scripts, or
# run as `scripts/godot_project.sh [PROJECT_DIR]`): lists the extension in
# .godot/extension_list.cfg (Godot loads only listed extensions, and a fresh clone has no
# .godot/) and imports the project (script class cache, UIDs), retrying once after the
# known shutdown crash (exit 134) of a first import (upstream Godot issue #111048).
#
# Needs GODOT (a Godot 4 command, see scripts/godot.sh). Import log: $project/.godot/import.log.
set -euo pipefail

prepare_godot_project() {
    local project=$1 rc
    mkdir -p "$project/.godot"
    printf 'res://outpost.gdextension\n' >"$project/.godot/extension_list.cfg"
    for attempt in 1 2; do
        rc=0
        RUST_BACKTRACE=0 timeout 300 "$GODOT" --headless --path "$project" --import \
            >"$project/.godot/import.log" 2>&1 || rc=$?
        [[ $rc == 134 && $attempt == 1 ]] || break
    done
    if [[ $rc != 0 ]]; then
        tail -n 30 "$project/.godot/import.log" >&2
        printf 'godot_project.sh: godot --import of %s exited %s\n' "$project" "$rc" >&2
        return 1
    fi
    grep -qx 'res://outpost.gdextension' "$project/.godot/extension_list.cfg" || {
        printf 'godot_project.sh: the import dropped res://outpost.gdextension from the extension list\n' >&2
        return 1
    }
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
    GODOT=${GODOT:-$("$repo/scripts/godot.sh")}
    prepare_godot_project "${1:-$repo/godot_project}"
fi
