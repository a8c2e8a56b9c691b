#!/usr/bin/env bash
# The translation template of the game's words, src/core/text/game_text.pot, as Godot's
# own POT generation writes it (Project Settings > Localization > POT Generation, from the
# files in internationalization/locale/translations_pot_files: GameText.gd, SaveText.gd and
# the menus' scenes). Godot 4.6 has no command line for it: tools/generate_pot.gd asks the
# Localization editor's dialog in a headless editor, on a copy of the project (an editor
# run may rewrite project.godot).
#
# Usage: scripts/pot.sh [--check]
#   no flag   writes godot_project/src/core/text/game_text.pot
#   --check   fails if the committed .pot is not what Godot generates now (a sentence
#             added, changed or moved without running scripts/pot.sh): scripts/check.sh's
#             godot step runs it
# Needs target/debug's library (cargo build --workspace). Environment: GODOT4_BIN.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'pot.sh: %s\n' "$*" >&2; }
die() { printf 'pot.sh: FAILED: %s\n' "$*" >&2; exit 1; }

check=0
for arg in "$@"; do
    case $arg in
        --check) check=1 ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument $arg (usage: scripts/pot.sh [--check])" ;;
    esac
done
cd "$repo"
[[ -f target/debug/liboutpost_gdext.so ]] || die "target/debug/liboutpost_gdext.so is missing (cargo build --workspace)"
GODOT="$(scripts/godot.sh)"
source scripts/godot_helpers.sh
committed=godot_project/src/core/text/game_text.pot
work="$repo/target/pot"
rm -rf -- "$work"
copy_godot_project "$work/project"
prepare_godot_project "$work/project" >/dev/null || die "could not prepare $work/project"
rc=0
RUST_BACKTRACE=0 timeout 180 "$GODOT" --headless -e --path "$work/project" \
    --script res://tools/generate_pot.gd -- "$work/game_text.pot" >"$work/pot.log" 2>&1 || rc=$?
[[ $rc == 0 && -s $work/game_text.pot ]] || die "Godot wrote no template (exit $rc); see $work/pot.log"
if ((check)); then
    if ! diff -u "$committed" "$work/game_text.pot" >&2; then
        die "$committed is not what Godot generates from the project now: run scripts/pot.sh"
    fi
    say "OK: $committed is Godot's template of the project ($(grep -c '^msgid' "$committed") entries)"
else
    cp "$work/game_text.pot" "$committed"
    say "wrote $committed ($(grep -c '^msgid' "$committed") entries)"
fi
