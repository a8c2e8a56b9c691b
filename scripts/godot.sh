#!/usr/bin/env bash
# Prints (as the last and only line on stdout) the path of a Godot 4.6+ command, and says
# on stderr which one and which version. Order of preference, as gdext projects do:
#   1. $GODOT4_BIN, if set;
#   2. a `godot` on PATH;
#   3. Debian unstable's godot, fetched and unpacked into <repo>/.cache/godot by
#      scripts/fetch_godot.sh (once; later runs are offline).
# The extension needs Godot 4.6 or newer (its compatibility_minimum): an older Godot from
# 1. is an error, an older one on PATH is passed over, each with a message saying so.
set -euo pipefail

log() { printf 'godot.sh: %s\n' "$*" >&2; }
die() { printf 'godot.sh: error: %s\n' "$*" >&2; exit 1; }

MIN_MAJOR=4
MIN_MINOR=6

# The version Godot prints (e.g. "4.6.3.stable.debian..."), or "" if it does not run.
version_of() {
    timeout 120 "$1" --version 2>/dev/null </dev/null | head -n 1 || true
}

# True if `version` is at least MIN_MAJOR.MIN_MINOR (and of the same major version).
recent_enough() {
    local major minor
    IFS=. read -r major minor _ <<<"$1"
    [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
    ((major == MIN_MAJOR && minor >= MIN_MINOR))
}

use() {
    log "using $1 (Godot $2)"
    printf '%s\n' "$1"
    exit 0
}

if [[ -n ${GODOT4_BIN:-} ]]; then
    bin=$(command -v -- "$GODOT4_BIN" 2>/dev/null) || die "GODOT4_BIN=$GODOT4_BIN is not an executable"
    [[ $bin == /* ]] || bin="$(cd -- "$(dirname -- "$bin")" && pwd -P)/$(basename -- "$bin")"
    version=$(version_of "$bin")
    recent_enough "$version" ||
        die "GODOT4_BIN=$GODOT4_BIN is Godot '${version:-?}'; the extension needs $MIN_MAJOR.$MIN_MINOR or newer"
    use "$bin" "$version"
fi

if bin=$(command -v godot 2>/dev/null) && [[ $bin == /* ]]; then
    version=$(version_of "$bin")
    recent_enough "$version" && use "$bin" "$version"
    log "passing over $bin: it is Godot '${version:-?}', and the extension needs $MIN_MAJOR.$MIN_MINOR or newer"
fi

bin=$("$(dirname -- "${BASH_SOURCE[0]}")/fetch_godot.sh")
version=$(version_of "$bin")
recent_enough "$version" ||
    die "the fetched Godot ($bin) is '${version:-?}'; the extension needs $MIN_MAJOR.$MIN_MINOR or newer"
use "$bin" "$version"
