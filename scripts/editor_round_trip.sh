#!/usr/bin/env bash
# Opening the editor leaves git clean: a windowed editor (Xvfb, Mesa's OpenGL, as a
# designer runs it) opens a copy of the project, saves every .tres file again (the editor
# rewrites some of them only in some sessions), creates and saves a scene, saves all and
# quits (godot_project/tools/editor_round_trip.gd); then every file git tracks under
# godot_project/ must be byte for byte what it was, and no file may appear that git would
# show (a .uid Godot makes for a script committed without one, say). The files are kept in
# the form Godot 4.6's editor writes; when this fails, open the editor (scripts/run.sh
# --editor), let it save, and commit what it wrote with the reason.
#
# Usage: scripts/editor_round_trip.sh   (needs target/debug's library: cargo build
#        --workspace; xvfb-run). scripts/check.sh's godot step runs it.
# Environment: GODOT4_BIN (see scripts/godot.sh).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'editor_round_trip.sh: %s\n' "$*" >&2; }
die() { printf 'editor_round_trip.sh: FAILED: %s\n' "$*" >&2; exit 1; }
cd "$repo"
[[ -f target/debug/liboutpost_gdext.so ]] || die "target/debug/liboutpost_gdext.so is missing (cargo build --workspace)"
GODOT="$(scripts/godot.sh)"
source scripts/godot_helpers.sh
work="$repo/target/editor_round_trip"
project="$work/project"
rm -rf -- "$work"
mkdir -p "$work"
copy_godot_project "$project"
prepare_godot_project "$project" >/dev/null || die "could not prepare $project"
new_scene=round_trip_scene.tscn
log="$work/editor.log"
rc=0
godot_xvfb "$log" -e --path "$project" --script res://tools/editor_round_trip.gd -- "res://$new_scene" || rc=$?
grep -q "^round trip: saved res://$new_scene" "$log" && [[ -s $project/$new_scene ]] ||
    die "the editor did not save the new scene (exit $rc); see $log"

changed=()
while IFS= read -r -d '' file; do
    cmp -s "godot_project/$file" "$project/$file" || changed+=("$file")
done < <(git -C godot_project ls-files -z)
# Files the editor made that git would list in the checkout (not tracked, not ignored).
added=()
while IFS= read -r file; do
    [[ $file == "$new_scene" ]] && continue
    git -C godot_project ls-files --error-unmatch -- "$file" >/dev/null 2>&1 && continue
    git -C godot_project check-ignore -q --no-index -- "$file" && continue
    added+=("$file")
done < <(cd "$project" && find . -path ./.godot -prune -o -type f -printf '%P\n' -o -type l -printf '%P\n')
if ((${#changed[@]} + ${#added[@]})); then
    for file in "${changed[@]}"; do
        say "changed: godot_project/$file"
        diff -u "godot_project/$file" "$project/$file" | head -n 12 >&2 || true
    done
    for file in "${added[@]}"; do say "added: godot_project/$file"; done
    die "opening the editor and saving a scene changed the project (copy: $project)"
fi
say "OK: the editor saved a scene and quit; the $(git -C godot_project ls-files | wc -l) tracked files are as they were"
