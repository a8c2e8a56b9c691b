#!/usr/bin/env bash
# The main job (README quick start): builds the extension, gets Godot 4.6 (scripts/godot.sh),
# imports the project, then
#   - with a display ($DISPLAY or $WAYLAND_DISPLAY set): opens the Seed Inspector
#     (src/game/outpost_test.tscn) in a window; on a machine without sound, with Godot's
#     dummy audio driver, so that nothing is logged about missing audio devices;
#   - without one: runs the Seed Inspector headless and prints its summary (size, rooms,
#     entries, beacons, path lengths, times) and the storey as ASCII.
#
# Usage: scripts/run.sh [--headless | --menu | --game | --load FILE | --editor |
#                        --screenshot [DIR] | --frames N | --no-build]
#   --headless         print the summary even where there is a display
#   --menu             open the main menu (src/game/main_menu.tscn), as a player starts
#   --game             open the game (src/game/outpost_game.tscn), skipping the menu
#   --load FILE        open the game and load the save FILE (a path on disk, or user://...)
#   --editor           open the project in the Godot editor, the Outpost plugin enabled
#                      (docs/designer.md); the project renders with OpenGL (Compatibility)
#   --screenshot [DIR] write seed_inspector.png and game.png into DIR (default
#                      target/screenshots) under Xvfb with Mesa's software OpenGL (needs
#                      Debian's xvfb package)
#   --frames N         quit after N frames (a window that closes by itself)
#   --no-build         skip the cargo step: use the library already in target/debug
# Environment: GODOT4_BIN (see scripts/godot.sh).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
project="$repo/godot_project"
say() { printf 'run.sh: %s\n' "$*" >&2; }
die() { printf 'run.sh: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

mode=window
[[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] || mode=headless
scene=res://src/game/outpost_test.tscn
shots="$repo/target/screenshots"
frames=()
game_args=()
build=1
while (($#)); do
    case $1 in
        --headless) mode=headless ;;
        --menu) scene=res://src/game/main_menu.tscn ;;
        --game) scene=res://src/game/outpost_game.tscn ;;
        --no-build) build=0 ;;
        --load)
            [[ -n ${2:-} ]] || die "--load needs the save file to load (see --help)"
            load_file=$2
            [[ $load_file == user://* || $load_file == res://* ]] || {
                [[ -f $load_file ]] || die "--load $load_file: no such file"
                load_file=$(cd -- "$(dirname -- "$load_file")" && pwd -P)/$(basename -- "$load_file")
            }
            scene=res://src/game/outpost_game.tscn
            game_args=(-- --load "$load_file")
            shift
            ;;
        --editor) mode=editor ;;
        --screenshot)
            mode=screenshot
            if [[ -n ${2:-} && $2 != --* ]]; then shots=$2; shift; fi
            ;;
        --frames)
            [[ ${2:-} =~ ^[0-9]+$ ]] || die "--frames needs a number of frames (see --help)"
            frames=(--quit-after "$2")
            shift
            ;;
        -h | --help) usage; exit 0 ;;
        *) die "unknown argument $1 (see --help)" ;;
    esac
    shift
done

cd "$repo"
if ((build)); then
    say "building the extension (cargo build --workspace)"
    cargo build --workspace
else
    [[ -f target/debug/liboutpost_gdext.so ]] ||
        die "--no-build: target/debug/liboutpost_gdext.so is missing (run once without --no-build)"
fi
GODOT=$(scripts/godot.sh)
source scripts/godot_helpers.sh
link_addon_libraries "$project"
prepare_godot_project "$project"

case $mode in
    editor)
        [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]] || die "--editor needs a display (DISPLAY or WAYLAND_DISPLAY)"
        mapfile -t audio < <(godot_audio_args)
        if ! compgen -G '/usr/share/vulkan/icd.d/*.json' >/dev/null && [[ -z ${VK_DRIVER_FILES:-${VK_ICD_FILENAMES:-}} ]]; then
            say "no Vulkan driver here: the editor's lightmap baker looks for one when it starts and"
            say "logs two errors (\"Required extension VK_KHR_surface not found\", \"Condition err != OK\");"
            say "they are harmless: the project renders with OpenGL (Compatibility) and bakes no lightmaps"
        fi
        exec "$GODOT" -e --path "$project" "${audio[@]}" "${frames[@]}"
        ;;
    window)
        mapfile -t audio < <(godot_audio_args)
        ((${#audio[@]} == 0)) || say "no sound device or server here: Godot's dummy audio driver"
        exec "$GODOT" --path "$project" "${audio[@]}" "${frames[@]}" "$scene" "${game_args[@]}"
        ;;
    headless)
        # Godot's banner lines go to stdout too: keep only the summary.
        RUST_BACKTRACE=0 "$GODOT" --headless --path "$project" --script res://tools/summary.gd \
            --quit-after "${frames[1]:-600}" | grep -v -e '^Godot Engine v' -e '^Initialize godot-rust' -e '^$'
        ;;
    screenshot)
        mkdir -p "$shots"
        shots=$(cd "$shots" && pwd -P)
        for shot in seed_inspector:res://src/game/outpost_test.tscn game:res://src/game/outpost_game.tscn; do
            out="$shots/${shot%%:*}.png"
            log="$repo/target/screenshot-${shot%%:*}.log"
            godot_xvfb "$log" --path "$project" --script res://tools/screenshot.gd --quit-after 2000 \
                -- "${shot#*:}" "$out" || die "screenshot of ${shot#*:} failed; see $log"
            say "wrote $out"
        done
        ;;
esac
