#!/usr/bin/env bash
# Tests of the shipped addon (scripts/package.sh), scripts/check.sh's package step:
# 0. the zip's layout: its name is outpost_storeys-<plugin.cfg's version>.zip, its
#    top-level entries are exactly CHANGELOG.md, LICENSE and addons/ (so that Godot's
#    asset installer keeps addons/ in place), addons/ holds only outpost_storeys/, and
#    the root LICENSE is the repository's, the same text as the addon's;
# 1. the zip holds every file its .gdextension names (Linux x86_64 and arm64, Windows,
#    macOS), and the .gdextension names a file for every [libraries] key;
# 2. each library, read by scripts/libinfo.py (Python, no binutils): the architectures
#    (the macOS dylib universal: x86_64 and arm64), gdext_rust_init exported, no debug
#    info, the macOS arm64 code's signature valid; with their sizes. The Windows DLL also
#    imports nothing but Windows system DLLs (x86_64-w64-mingw32-objdump);
# 3. a fresh Godot project - a project.godot and the unzipped addon, nothing else from
#    this repository - loads the extension headless, generates a storey and a building
#    from GDScript, bakes a building (StoreyBaker) into a saved scene, and logs no error;
#    under Xvfb it draws a bake in the Rusty industrial theme without a warning (the
#    cut-away's shader globals, which the fresh project does not define, come from the
#    addon's CutawayGlobals);
# 4. in that project's headless editor, the addon's plugin (enabled in its project.godot,
#    as the addon's README says) adds the Outpost dock, whose Bake building puts a bake
#    into an open scene as one undoable step, with no error in the log;
# 5. no file of the addon refers to a res:// path outside addons/outpost_storeys/ (comments
#    aside): what the plugin and the baker need ships with them.
# Without the Windows cross toolchain (rustup target x86_64-pc-windows-gnu and Debian's
# gcc-mingw-w64-x86-64) the addon is packaged without the DLL and the Windows checks print
# SKIP instead of failing, unless REQUIRE_WINDOWS=1; likewise without zig's (rustup targets
# aarch64-apple-darwin x86_64-apple-darwin aarch64-unknown-linux-gnu, pip's ziglang and
# cargo-zigbuild) for the macOS and Linux arm64 libraries, unless REQUIRE_CROSS=1. .ci/run
# installs both and sets both.
#
# Usage: scripts/package_tests.sh [--layout-only]
#   --layout-only  check 0 alone, on a zip packaged without libraries
#                  (scripts/package.sh --no-libraries): seconds, no build
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'package_tests.sh: %s\n' "$*" >&2; }
die() { printf 'package_tests.sh: FAILED: %s\n' "$*" >&2; exit 1; }
cd "$repo"
source scripts/godot_helpers.sh
layout_only=0
for arg in "$@"; do
    case $arg in
        --layout-only) layout_only=1 ;;
        *) die "unknown argument $arg (usage: scripts/package_tests.sh [--layout-only])" ;;
    esac
done

# 0. check_layout ZIP: the zip's name and top-level entries, and its LICENSE.
check_layout() {
    local zip=$1 version out
    version=$(sed -n 's/^version="\(.*\)"$/\1/p' godot_project/addons/outpost_storeys/plugin.cfg)
    [[ $(basename -- "$zip") == "outpost_storeys-$version.zip" ]] ||
        die "the zip is $(basename -- "$zip"), not outpost_storeys-$version.zip (plugin.cfg's version)"
    out=$(python3 - "$zip" LICENSE godot_project/addons/outpost_storeys/LICENSE 2>&1 <<'PY'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
top = sorted({n.split("/")[0] + ("/" if "/" in n else "") for n in names})
if top != ["CHANGELOG.md", "LICENSE", "addons/"]:
    sys.exit(f"top-level entries {top}, want ['CHANGELOG.md', 'LICENSE', 'addons/']")
under = sorted({n.split("/")[1] + "/" for n in names if n.startswith("addons/")})
if under != ["outpost_storeys/"]:
    sys.exit(f"addons/ holds {under}, want ['outpost_storeys/']")
licence = z.read("LICENSE")
for path in sys.argv[2:]:
    if open(path, "rb").read() != licence:
        sys.exit(f"the zip's LICENSE differs from {path}")
if z.read("addons/outpost_storeys/LICENSE") != licence:
    sys.exit("the zip's LICENSE differs from its addons/outpost_storeys/LICENSE")
print("top-level entries: " + " ".join(top))
PY
) || die "$(basename -- "$zip"): $out"
    say "$(basename -- "$zip"): $out"
}
if ((layout_only)); then
    zip=$(scripts/package.sh --no-libraries | tail -n 1)
    [[ -f $zip ]] || die "scripts/package.sh --no-libraries made no zip"
    check_layout "$zip"
    say "OK: the layout of $(basename -- "$zip")"
    exit 0
fi

installed=$(rustup target list --installed 2>/dev/null || true)
windows=1 zig=1 package_args=()
if ! grep -qx x86_64-pc-windows-gnu <<<"$installed" || ! command -v x86_64-w64-mingw32-gcc >/dev/null ||
    ! command -v x86_64-w64-mingw32-objdump >/dev/null; then
    windows=0 package_args+=(--no-windows)
    [[ ${REQUIRE_WINDOWS:-0} == 1 ]] && die "REQUIRE_WINDOWS=1 but the Windows cross toolchain is missing"
    say "SKIP Windows checks: no x86_64-pc-windows-gnu target or MinGW-w64 toolchain here (rustup target add x86_64-pc-windows-gnu; apt-get install gcc-mingw-w64-x86-64)"
fi
zig_targets=(aarch64-apple-darwin x86_64-apple-darwin aarch64-unknown-linux-gnu)
for target in "${zig_targets[@]}"; do grep -qx "$target" <<<"$installed" || zig=0; done
command -v cargo-zigbuild >/dev/null || zig=0
command -v zig >/dev/null || python3 -c 'import ziglang' 2>/dev/null || zig=0
if ((!zig)); then
    package_args+=(--no-zig)
    [[ ${REQUIRE_CROSS:-0} == 1 ]] && die "REQUIRE_CROSS=1 but zig's cross toolchain is missing (rustup targets ${zig_targets[*]}, pip's ziglang and cargo-zigbuild)"
    say "SKIP macOS and Linux arm64 checks: no zig cross toolchain here (rustup target add ${zig_targets[*]}; python3 -m pip install ziglang cargo-zigbuild)"
fi
zip=$(scripts/package.sh "${package_args[@]}" | tail -n 1)
[[ -f $zip ]] || die "scripts/package.sh made no zip"
check_layout "$zip"
work="$repo/target/package_tests"
rm -rf -- "$work"
mkdir -p "$work"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$work/unzipped"
addon="$work/unzipped/addons/outpost_storeys"

# 1. Every key names a file; every named file is in the zip (those of a skipped platform aside).
ext="$addon/outpost_storeys.gdextension"
[[ -f $ext ]] || die "the zip has no addons/outpost_storeys/outpost_storeys.gdextension"
mapfile -t entries < <(sed -n '/^\[libraries\]/,/^\[/{/^[a-z]/p}' "$ext")
((${#entries[@]} > 0)) || die "$ext lists no libraries"
for want in linux.debug.x86_64 linux.release.x86_64 linux.debug.arm64 linux.release.arm64 \
    windows.debug.x86_64 windows.release.x86_64 macos.debug macos.release; do
    printf '%s\n' "${entries[@]}" | grep -q "^$want = " || die "$ext has no $want key"
done
skipped=
for entry in "${entries[@]}"; do
    key=${entry%% = *}
    file=$(sed -E 's/^[^=]+= "(.*)"$/\1/' <<<"$entry")
    [[ -n $file && $file != "$entry" ]] || die "$key names no file: $entry"
    case $key in
        windows.*) ((windows)) || { skipped+=" $key"; continue; } ;;
        macos.* | *.arm64) ((zig)) || { skipped+=" $key"; continue; } ;;
    esac
    [[ -f $addon/$file ]] || die "$key names $file, which is not in the zip"
done
say "the .gdextension names a file for every key; each is in the zip${skipped:+ (skipped:$skipped)}"

# 2. Each library: architectures, the entry symbol, no debug info; sizes.
check_library() { # check_library FILE LIBINFO-ARGS...
    local out
    out=$(python3 scripts/libinfo.py --export gdext_rust_init --no-debug-info "${@:2}" "$addon/bin/$1" 2>&1) ||
        die "$out"
    say "${out#"$addon/"}"
}
check_library liboutpost_gdext.linux.debug.x86_64.so --arch x86_64
check_library liboutpost_gdext.linux.release.x86_64.so --arch x86_64
if ((zig)); then
    check_library liboutpost_gdext.linux.arm64.so --arch arm64
    check_library liboutpost_gdext.macos.dylib --arch x86_64 --arch arm64 --signed
fi
if ((windows)); then
    check_library outpost_gdext.windows.x86_64.dll --arch x86_64
    # The DLL imports only Windows system DLLs.
    dll="$addon/bin/outpost_gdext.windows.x86_64.dll"
    dump=$(x86_64-w64-mingw32-objdump -p "$dll")
    grep -qE '\] gdext_rust_init$' <<<"$dump" || die "$dll does not export gdext_rust_init (objdump)"
    system='^(kernel32|ntdll|msvcrt|ucrtbase|ws2_32|userenv|advapi32|bcrypt|bcryptprimitives|user32|ole32|oleaut32|shell32|gdi32|secur32|crypt32|api-ms-win-[a-z0-9-]+)\.dll$'
    imports=$(sed -n 's/^[[:space:]]*DLL Name: //p' <<<"$dump")
    others=$(tr 'A-Z' 'a-z' <<<"$imports" | grep -vE "$system" || true)
    [[ -z $others ]] || die "$dll imports non-system DLLs: $others"
    say "the DLL imports only system DLLs: $(tr '\n' ' ' <<<"$imports")"
fi

# 3. A fresh project with only the addon.
GODOT=$(scripts/godot.sh)
fresh="$work/fresh_project"
mkdir -p "$fresh"
cp -r "$work/unzipped/addons" "$fresh/"
cat >"$fresh/project.godot" <<'GODOT'
config_version=5

[application]

config/name="Fresh project"
config/features=PackedStringArray("4.6")

[editor_plugins]

enabled=PackedStringArray("res://addons/outpost_storeys/plugin.cfg")
GODOT
cat >"$fresh/check.gd" <<'GD'
extends SceneTree


func _initialize() -> void:
	quit(0 if check() else 1)


func check() -> bool:
	if not ClassDB.class_exists(&"StoreyGenerator"):
		printerr("fresh-project: StoreyGenerator is not registered")
		return false
	var storey := StoreyGenerator.generate(42, 3, 2, Vector2i(-1, -1), StoreyLayout.StoreyType.UNDERGROUND)
	var building := StoreyGenerator.generate_building(42, 3, 2, true)
	var baked := StoreyBaker.bake_building(42, 2, 3, true)
	var packed := PackedScene.new()
	var saved := baked != null and packed.pack(baked) == OK and ResourceSaver.save(packed, "user://fresh_bake.tscn") == OK
	var navigation: NavigationRegion3D = baked.get_node("Storey1/Navigation") if baked != null else null
	var ok := (
		storey != null
		and StoreyValidator.validate(storey).ok
		and building.size() == 4
		and building[1].staircase_cell == building[3].staircase_cell
		and saved
		and baked.get_child_count() == 4
		and navigation.navigation_mesh.get_polygon_count() > 0
	)
	if baked != null:
		baked.free()
	print("fresh-project: ", "ok" if ok else "FAILED", " (", storey.width, " x ", storey.height, ", ", building.size(), " storeys, baked and saved: ", saved, ")")
	return ok
GD
godot_import "$fresh" "$work/import.log" || die "importing the fresh project failed"
rc=0
RUST_BACKTRACE=0 timeout 120 "$GODOT" --headless --path "$fresh" --script res://check.gd --quit-after 600 \
    >"$work/fresh.log" 2>&1 || rc=$?
grep '^fresh-project: ' "$work/fresh.log" >&2 || true
fresh_problems=
if [[ $rc != 0 ]] || ! grep -q '^fresh-project: ok' "$work/fresh.log" ||
    ! fresh_problems=$(godot_log_problems "$work/fresh.log"); then
    printf '%s\n' "$fresh_problems" >&2
    die "the fresh project did not load and use the extension (exit $rc); see $work/fresh.log"
fi
say "the fresh project generates, bakes and saves a building"

# 3b. The same project draws a bake in the Rusty industrial theme (kit walls, the cut-away's
# shader globals, which it does not define) under Xvfb for a few frames: no "global
# parameter ... removed" warning, nor any other problem, in the log.
cat >"$fresh/render_check.gd" <<'GD'
extends SceneTree


func _initialize() -> void:
	var theme := load("res://addons/outpost_storeys/themes/cell_definitions_rusty.tres") as CellDefinitions
	var baked := StoreyBaker.bake_building(42, 2, 3, true, null, theme)
	if baked == null or theme == null or theme.wall_kit == null:
		print("fresh-render: FAILED (theme: ", theme != null, ", baked: ", baked != null, ")")
		quit(1)
		return
	root.add_child(baked)
	var camera := Camera3D.new()
	root.add_child(camera)
	camera.look_at_from_position(Vector3(14.0, 18.0, 24.0), Vector3(14.0, 0.0, 10.0))
	for i in 5:
		await process_frame
	print("fresh-render: ok (drew a Rusty bake for 5 frames)")
	quit(0)
GD
rc=0
godot_xvfb "$work/fresh_render.log" --path "$fresh" --script res://render_check.gd --quit-after 600 || rc=$?
grep '^fresh-render: ' "$work/fresh_render.log" >&2 || true
render_problems=
if [[ $rc != 0 ]] || ! grep -q '^fresh-render: ok' "$work/fresh_render.log" ||
    grep -q 'Shader uses global parameter' "$work/fresh_render.log" ||
    ! render_problems=$(godot_log_problems "$work/fresh_render.log" 'V-Sync'); then
    grep -A1 'Shader uses global parameter' "$work/fresh_render.log" >&2 || true
    printf '%s\n' "$render_problems" >&2
    die "the fresh project did not draw a Rusty bake cleanly (exit $rc); see $work/fresh_render.log"
fi
say "the fresh project draws a Rusty industrial bake with no warning"

# 4. The plugin in the fresh project's editor: a checking plugin beside it, started by a flag.
mkdir -p "$fresh/addons/fresh_check"
cat >"$fresh/addons/fresh_check/plugin.cfg" <<'CFG'
[plugin]

name="Fresh check"
description="Bakes a building through the Outpost dock with -- --fresh-check."
author="package_tests.sh"
version="1"
script="fresh_check.gd"
CFG
cat >"$fresh/addons/fresh_check/fresh_check.gd" <<'GD'
@tool
extends EditorPlugin


func _enter_tree() -> void:
	if "--fresh-check" in OS.get_cmdline_user_args():
		_check.call_deferred()


func _check() -> void:
	while EditorInterface.get_resource_filesystem().is_scanning():
		await get_tree().process_frame
	var dock := _find(EditorInterface.get_base_control())
	var scene := Node3D.new()
	scene.name = "Level"
	var packed := PackedScene.new()
	packed.pack(scene)
	scene.free()
	ResourceSaver.save(packed, "res://fresh_level.tscn")
	EditorInterface.open_scene_from_path("res://fresh_level.tscn")
	for i in 3:
		await get_tree().process_frame
	var root := EditorInterface.get_edited_scene_root()
	var manager := EditorInterface.get_editor_undo_redo()
	var history: UndoRedo = manager.get_history_undo_redo(manager.get_object_history_id(root))
	var steps := history.get_history_count()
	var baked: Node = dock.call("bake_building") if dock != null else null
	var ok := baked != null and baked.get_parent() == root and history.get_history_count() == steps + 1
	if ok:
		history.undo()
		ok = root.get_child_count() == 0
	print("fresh-editor: ", "ok" if ok else "FAILED", " (dock: ", dock != null, ", baked: ", baked != null, ")")
	get_tree().quit(0 if ok else 1)


func _find(node: Node) -> Node:
	if node.has_method("bake_building") and node is EditorDock:
		return node
	for child in node.get_children():
		var found := _find(child)
		if found != null:
			return found
	return null
GD
sed -i 's#enabled=PackedStringArray("res://addons/outpost_storeys/plugin.cfg")#enabled=PackedStringArray("res://addons/outpost_storeys/plugin.cfg", "res://addons/fresh_check/plugin.cfg")#' \
    "$fresh/project.godot"
rc=0
RUST_BACKTRACE=0 timeout 300 "$GODOT" --headless -e --path "$fresh" -- --fresh-check >"$work/fresh_editor.log" 2>&1 || rc=$?
grep '^fresh-editor: ' "$work/fresh_editor.log" >&2 || true
editor_problems=
if [[ $rc != 0 ]] || ! grep -q '^fresh-editor: ok' "$work/fresh_editor.log" ||
    ! editor_problems=$(godot_log_problems "$work/fresh_editor.log"); then
    printf '%s\n' "$editor_problems" >&2
    die "the plugin did not load or bake in the fresh project's editor (exit $rc); see $work/fresh_editor.log"
fi
say "the plugin loads in the fresh project's editor and its dock bakes a building, undoably"

# 5. Nothing outside the addon: every res:// path in its files (comments aside) is its own.
#    A bare "res://" (the scheme, as in a check that a path is in the project) names no file.
outside=$(cd "$addon" && grep -rnE 'res://' --include='*.gd' --include='*.tres' --include='*.tscn' \
    --include='*.cfg' --include='*.gdextension' . | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#' |
    sed -E 's#res://addons/outpost_storeys/##g; s#"res://"##g' | grep -E 'res://' || true)
[[ -z $outside ]] || die "the addon refers to files outside it: $outside"
say "the addon refers to no file outside addons/outpost_storeys/"
say "OK: $(basename -- "$zip") ($(du -h -- "$zip" | cut -f 1))"
