#!/usr/bin/env bash
# The editor side's tests: the Outpost plugin in a headless editor, the baking CLI, and
# baked scenes in a project without the extension. scripts/check.sh's godot step runs it
# after scripts/godot_tests.sh (whose build and import it reuses).
# 1. editor: a headless editor (`godot --headless -e`) on a COPY of the project,
#    target/editor_tests/project (the editor rewrites project.godot and reopens the last
#    scenes), with the test plugin tests/editor/editor_test_plugin.gd enabled beside the
#    Outpost plugin and started by `-- --outpost-editor-tests`: tests/editor/editor_suite.gd
#    (the dock loads; Generate, Bake storey, Bake building and Re-bake are each one undo
#    step, undo leaves the scene's serialisation exactly as before, redo brings the same
#    nodes back; the Inspector panel and "Open in dock"; the thumbnail's colours; the
#    settings slot: a change is one step that Ctrl+Z and Ctrl+Shift+Z undo and redo,
#    generation and bakes follow it, out-of-range settings are named and make nothing, it
#    outlives the dock; the survey runs off the main thread while frames go on, fills its
#    table and heat maps, and Cancel stops it). Passes
#    on exit 0, "editor: N passed, 0 failed" and a log with no undeclared ERROR/WARNING;
# 2. the CLI (addons/outpost_storeys/tools/bake.gd) in that copy: a building and a storey
#    are written, referencing no script; a building with --settings and --set records the
#    changed settings as plain metadata and still references no script and no settings
#    resource; bad arguments (settings out of range and unknown ones included) exit 2, each
#    named on stderr, and write nothing;
# 3. without the extension: tests/baked_export.gd bakes buildings (the defaults: no object
#    scenes) with their cells as JSON into target/editor_tests/plain, a project with a
#    project.godot and nothing else (no addon, no .gdextension); the .tscn files must
#    reference no script; tests/plain_project_check.gd, copied there, loads each scene and
#    checks its walls with rays and a navigation path from every ENTRY to every BEACON,
#    with no error line in the log.
#
# Usage: scripts/editor_tests.sh   (needs target/debug's library: cargo build --workspace)
# Environment: GODOT4_BIN (see scripts/godot.sh), GODOT_TEST_FILTER (editor tests whose
#              name contains it).
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'editor_tests.sh: %s\n' "$*" >&2; }
die() { printf 'editor_tests.sh: FAILED: %s\n' "$*" >&2; exit 1; }
cd "$repo"
[[ -f target/debug/liboutpost_gdext.so ]] || die "target/debug/liboutpost_gdext.so is missing (cargo build --workspace)"
GODOT="$(scripts/godot.sh)"
source scripts/godot_helpers.sh
work="$repo/target/editor_tests"
project="$work/project"
rm -rf -- "$work"

# 1. The copy, with the test plugin enabled beside the Outpost plugin.
copy_godot_project "$project"
tests_addon="$project/addons/outpost_editor_tests"
mkdir -p "$tests_addon"
cp godot_project/tests/editor/editor_test_plugin.gd "$tests_addon/"
cat >"$tests_addon/plugin.cfg" <<'CFG'
[plugin]

name="Outpost editor tests"
description="Runs res://tests/editor/editor_suite.gd when the editor starts with -- --outpost-editor-tests."
author="Outpost storeys"
version="1"
script="editor_test_plugin.gd"
CFG
outpost_plugin='"res://addons/outpost_storeys/plugin.cfg"'
grep -qF "enabled=PackedStringArray($outpost_plugin)" "$project/project.godot" ||
    die "project.godot does not enable the Outpost plugin alone ([editor_plugins] enabled=...)"
sed -i "s#enabled=PackedStringArray($outpost_plugin)#enabled=PackedStringArray($outpost_plugin, \"res://addons/outpost_editor_tests/plugin.cfg\")#" \
    "$project/project.godot"
prepare_godot_project "$project" || die "could not prepare $project"

log="$work/editor.log"
rc=0
RUST_BACKTRACE=0 timeout 300 "$GODOT" --headless -e --path "$project" -- --outpost-editor-tests \
    >"$log" 2>&1 || rc=$?
grep -E '^(PASS|FAIL) |^    ' "$log" || true
summary=$(grep -E '^editor: [0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 || true)
problems=
if [[ $rc != 0 ]] || [[ ! $summary =~ :\ [1-9][0-9]*\ passed,\ 0\ failed$ ]] ||
    ! problems=$(godot_log_problems "$log"); then
    printf '%s\n' "$problems" | head -n 20 >&2
    [[ $rc == 124 ]] && say "the editor timed out (a script error hangs it: see the log)"
    die "editor tests (exit $rc, ${summary:-no summary}); see $log"
fi
say "$summary"

# 2. The CLI.
bake() { # bake LOG ARGS...: runs the CLI in the copy, returns its exit status
    local out=$1
    shift
    local status=0
    RUST_BACKTRACE=0 timeout 120 "$GODOT" --headless --path "$project" \
        --script res://addons/outpost_storeys/tools/bake.gd -- "$@" >"$out" 2>&1 || status=$?
    return $status
}
no_script() { # no_script FILE: the scene names no script and no scripted resource
    ! grep -nE 'type="Script"|^script = |script_class=' "$1"
}
printf '%s\n' '[gd_resource type="StoreyGenerationSettings" format=3]' '' '[resource]' \
    'min_partition = 4' >"$project/baked_settings.tres"
for run in "building:--seed 7 --storeys 3 --underground --out res://baked/outpost_7.tscn" \
    "storey:--seed 7 --depth 2 --level 3 --type underground --staircase 5,4 --out res://baked/storey_7.tscn" \
    "settings:--seed 7 --storeys 2 --settings res://baked_settings.tres --set oob_probability_ground=80 --out res://baked/settings_7.tscn"; do
    name=${run%%:*} args=${run#*:}
    # shellcheck disable=SC2086 # the arguments are words
    bake "$work/cli_$name.log" $args || die "the CLI's $name bake failed; see $work/cli_$name.log"
    scene="$project/baked/$(basename -- "${args##* }")"
    [[ -s $scene ]] || die "the CLI's $name bake wrote no $scene"
    no_script "$scene" || die "$scene references a script"
    godot_log_problems "$work/cli_$name.log" >&2 || die "the CLI's $name bake logged problems"
    grep -q '^bake: wrote ' "$work/cli_$name.log" || die "the CLI's $name bake did not say what it wrote"
done
tr -d '\n' <"$project/baked/settings_7.tscn" |
    grep -qF '"settings": {"min_partition": 4,"oob_probability_ground": 80}' || die "the settings bake does not record its two changed settings"
! grep -q 'StoreyGenerationSettings' "$project/baked/settings_7.tscn" || die "the settings bake references the settings resource"
rc=0
bake "$work/cli_bad.log" --seed x --level 9 --bogus --depth 0 --type attic --out res://baked/bad.txt || rc=$?
[[ $rc == 2 ]] || die "bad arguments: exit $rc, want 2; see $work/cli_bad.log"
for named in '--seed x' '--level 9' '--bogus' '--depth 0' '--type attic' '--out res://baked/bad.txt'; do
    grep -qF -- "$named" "$work/cli_bad.log" || die "bad arguments: the message does not name '$named'"
done
rc=0
bake "$work/cli_no_out.log" --seed 7 || rc=$?
[[ $rc == 2 ]] && grep -qF -- '--out is missing' "$work/cli_no_out.log" ||
    die "a bake without --out: exit $rc, want 2 and '--out is missing'"
rc=0
bake "$work/cli_bad_settings.log" --seed 7 --set min_partition=99 --set min_roomz=2 --set room_shrink \
    --settings res://nowhere.tres --out res://baked/bad_settings.tscn || rc=$?
[[ $rc == 2 ]] || die "bad settings: exit $rc, want 2; see $work/cli_bad_settings.log"
for named in 'min_partition = 99 is outside its range' '--set min_roomz=2' '--set room_shrink' '--settings res://nowhere.tres'; do
    grep -qF -- "$named" "$work/cli_bad_settings.log" || die "bad settings: the message does not name '$named'"
done
[[ ! -e $project/baked/bad.txt && ! -e $project/baked/bad_settings.tscn ]] || die "a refused bake wrote a file"
say "the CLI bakes a building and a storey with no script, a building with settings recorded as plain values, and refuses bad arguments by name"

# 3. Without the extension.
plain="$work/plain"
mkdir -p "$plain"
cat >"$plain/project.godot" <<'GODOT'
config_version=5

[application]

config/name="Without the extension"
config/features=PackedStringArray("4.6")
GODOT
cp godot_project/tests/plain_project_check.gd "$plain/check.gd"
RUST_BACKTRACE=0 timeout 120 "$GODOT" --headless --path "$project" --script res://tests/baked_export.gd \
    -- "$plain" >"$work/export.log" 2>&1 || die "tests/baked_export.gd failed; see $work/export.log"
for scene in "$plain"/baked/*.tscn; do
    no_script "$scene" || die "$scene references a script"
done
godot_import "$plain" "$work/plain_import.log" || die "importing the plain project failed"
[[ -z $(find "$plain" -name '*.gdextension') && ! -s $plain/.godot/extension_list.cfg ]] ||
    die "the plain project has an extension"
rc=0
RUST_BACKTRACE=0 timeout 120 "$GODOT" --headless --path "$plain" --script res://check.gd \
    >"$work/plain.log" 2>&1 || rc=$?
grep '^plain-project: ' "$work/plain.log" >&2 || true
plain_problems=
if [[ $rc != 0 ]] || ! grep -q '^plain-project: ok' "$work/plain.log" || grep -q 'godot-rust' "$work/plain.log" ||
    ! plain_problems=$(godot_log_problems "$work/plain.log"); then
    printf '%s\n' "$plain_problems" | head -n 20 >&2
    die "baked scenes without the extension (exit $rc); see $work/plain.log"
fi
say "OK"
