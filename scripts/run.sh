#!/usr/bin/env bash
# The main job (README quick start): builds the extension, gets Godot 4.6 (scripts/godot.sh),
# imports the project, then
#   - with a display ($DISPLAY or $WAYLAND_DISPLAY set): opens the workbench
#     (scenes/outpost_test.tscn) in a window;
#   - without one: runs the workbench headless and prints its summary (size, rooms,
#     entries, beacons, path lengths, times) and the storey as ASCII.
#
# Usage: scripts/run.sh [--headless | --game | --screenshot [DIR]]
#   --headless         print the summary even where there is a display
#   --game             open the game (scenes/outpost_game.tscn) instead of the workbench
#   --screenshot [DIR] write workbench.png and game.png into DIR (default
#                      target/screenshots) under Xvfb with Mesa's software OpenGL (needs
#                      Debian's xvfb package)
# Environment: GODOT4_BIN (see scripts/godot.sh).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
project="$repo/godot_project"
say() { printf 'run.sh: %s\n' "$*" >&2; }
die() { printf 'run.sh: error: %s\n' "$*" >&2; exit 1; }

mode=window
[[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] || mode=headless
scene=res://scenes/outpost_test.tscn
shots="$repo/target/screenshots"
while (($#)); do
    case $1 in
        --headless) mode=headless ;;
        --game) scene=res://scenes/outpost_game.tscn ;;
        --screenshot)
            mode=screenshot
            if [[ -n ${2:-} && $2 != --* ]]; then shots=$2; shift; fi
            ;;
        -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument $1 (see --help)" ;;
    esac
    shift
done

cd "$repo"
say "building the extension (cargo build -p outpost-gdext)"
cargo build -p outpost-gdext
GODOT=$(scripts/godot.sh)
say "using $GODOT ($("$GODOT" --version 2>/dev/null | head -n 1))"
source scripts/godot_helpers.sh
link_addon_libraries "$project"
prepare_godot_project "$project"

case $mode in
    window)
        exec "$GODOT" --path "$project" "$scene"
        ;;
    headless)
        # Godot's banner lines go to stdout too: keep only the summary.
        RUST_BACKTRACE=0 "$GODOT" --headless --path "$project" --script res://tools/summary.gd \
            --quit-after 600 | grep -v -e '^Godot Engine v' -e '^Initialize godot-rust' -e '^$'
        ;;
    screenshot)
        mkdir -p "$shots"
        shots=$(cd "$shots" && pwd -P)
        for shot in workbench:res://scenes/outpost_test.tscn game:res://scenes/outpost_game.tscn; do
            out="$shots/${shot%%:*}.png"
            log="$repo/target/screenshot-${shot%%:*}.log"
            godot_xvfb "$log" --path "$project" --script res://tools/screenshot.gd --quit-after 2000 \
                -- "${shot#*:}" "$out" || die "screenshot of ${shot#*:} failed; see $log"
            say "wrote $out"
        done
        ;;
esac
