#!/usr/bin/env bash
# Builds the addon a game drops into its project: dist/outpost_storeys-<version>/ with
# addons/outpost_storeys/ (the .gdextension, README, licence, the GDScript classes and
# themes, the editor plugin, the baking CLI, and bin/) and, beside addons/, the
# repository's LICENSE and CHANGELOG.md, zipped as dist/outpost_storeys-<version>.zip
# (dist/ is ignored by git). <version> is the workspace's ([workspace.package] in
# Cargo.toml), which every crate and plugin.cfg carry (tests/release.rs).
#
# Why three entries at the zip's root: Godot 4.6's asset installer, given a zip whose
# only top folder is addons/, takes that folder for the asset's root ("Ignore asset
# root", on by default for a single top folder) and installs outpost_storeys/ at the
# project's root, where its res://addons/outpost_storeys/ paths break (fixed upstream in
# godot#117436, which a 4.6.x editor may lack). With LICENSE and CHANGELOG.md beside
# addons/ there is no single top folder, and the installer keeps addons/ in place.
#
# Libraries (no debug info in any of them; the entry symbol gdext_rust_init exported):
#   bin/liboutpost_gdext.linux.debug.x86_64.so    cargo build --workspace, stripped (it keeps
#                                                 Rust's debug assertions)
#   bin/liboutpost_gdext.linux.release.x86_64.so  the ship profile, x86_64-unknown-linux-gnu
#   bin/outpost_gdext.windows.x86_64.dll          the ship profile, x86_64-pc-windows-gnu,
#                                                 linked by MinGW-w64 (both Windows keys)
#   bin/liboutpost_gdext.linux.arm64.so           the ship profile, aarch64-unknown-linux-gnu
#                                                 for glibc 2.17 and newer, linked by zig
#                                                 (both Linux arm64 keys)
#   bin/liboutpost_gdext.macos.dylib              the ship profile, universal2-apple-darwin:
#                                                 x86_64 and arm64 in one Mach-O, linked by
#                                                 zig, which signs the arm64 code ad hoc
#                                                 (both macOS keys)
# The ship profile (Cargo.toml) is release code that rustc strips as it links. The release
# libraries come from one cargo invocation (`cargo zigbuild` where zig is needed), so the
# tools the build runs on this machine (proc macros, build scripts, godot's code
# generator) are built once for all of them, in target/ship/ (CARGO_TARGET_DIR), away from
# target/'s lock: scripts/check.sh builds them while other steps use target/.
# Toolchains: the Windows library needs `rustup target add x86_64-pc-windows-gnu` and
# Debian's gcc-mingw-w64-x86-64; the macOS and Linux arm64 ones `rustup target add
# aarch64-apple-darwin x86_64-apple-darwin aarch64-unknown-linux-gnu` and `python3 -m pip
# install ziglang cargo-zigbuild` (.ci/run installs all of them). Without them the script
# stops, unless told to leave those libraries out (then the zip lacks files its
# .gdextension names).
#
# Usage: scripts/package.sh [--linux-only] [--no-windows] [--no-zig] [--skip-missing]
#        [--build-only] [--release-only] [--no-libraries] [--zip-name]
#   --no-windows    leave out the Windows library
#   --no-zig        leave out the libraries zig links (macOS, Linux arm64)
#   --linux-only    both: Linux x86_64 only
#   --skip-missing  leave out, saying so, the libraries whose toolchain is missing
#   --build-only    build the libraries and stop
#   --release-only  with --build-only: only the release libraries (scripts/check.sh builds
#                   them in the background from the start, in target/ship/)
#   --no-libraries  build nothing and ship an empty bin/: the zip's layout alone, in
#                   seconds (scripts/package_tests.sh --layout-only); not a usable addon
#   --zip-name      print the zip's file name (outpost_storeys-<version>.zip) and stop
# Prints the zip's path as its last line.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'package.sh: %s\n' "$*" >&2; }
die() { printf 'package.sh: error: %s\n' "$*" >&2; exit 1; }
usage='usage: scripts/package.sh [--linux-only] [--no-windows] [--no-zig] [--skip-missing] [--build-only] [--release-only]'

windows=1 zig=1 skip_missing=0 build_only=0 release_only=0 libraries=1 zip_name=0
for arg in "$@"; do
    case $arg in
        --linux-only) windows=0 zig=0 ;;
        --no-windows) windows=0 ;;
        --no-zig) zig=0 ;;
        --skip-missing) skip_missing=1 ;;
        --build-only) build_only=1 ;;
        --release-only) release_only=1 ;;
        --no-libraries) libraries=0 windows=0 zig=0 ;;
        --zip-name) zip_name=1 ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument $arg ($usage)" ;;
    esac
done
((!release_only || build_only)) || die "--release-only goes with --build-only ($usage)"
((libraries || !build_only)) || die "--no-libraries builds nothing: not with --build-only ($usage)"
linux_target=x86_64-unknown-linux-gnu
windows_target=x86_64-pc-windows-gnu
arm64_target=aarch64-unknown-linux-gnu
zig_rust_targets=(aarch64-apple-darwin x86_64-apple-darwin "$arm64_target")
ship_dir="$repo/target/ship"

cd "$repo"
# The release's version: [workspace.package]'s, the one every crate inherits.
version=$(sed -n '/^\[workspace\.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[[ -n $version ]] || die "no version in Cargo.toml's [workspace.package]"
name="outpost_storeys-$version"
if ((zip_name)); then
    printf '%s.zip\n' "$name"
    exit 0
fi
installed=$(rustup target list --installed 2>/dev/null || true)
missing() { # missing windows|zig WHY: stop, or with --skip-missing leave those libraries out
    local what='the Windows library'
    [[ $1 == windows ]] || what='the macOS and Linux arm64 libraries'
    ((skip_missing)) || die "$2 (or --no-$1)"
    say "leaving out $what: $2"
    printf -v "$1" 0
}
if ((windows)); then
    if ! grep -qx "$windows_target" <<<"$installed"; then
        missing windows "the Rust target $windows_target is missing: rustup target add $windows_target"
    elif ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
        missing windows "the MinGW-w64 cross toolchain is missing: apt-get install gcc-mingw-w64-x86-64"
    fi
fi
if ((zig)); then
    for target in "${zig_rust_targets[@]}"; do
        grep -qx "$target" <<<"$installed" ||
            { missing zig "the Rust target $target is missing: rustup target add ${zig_rust_targets[*]}"; break; }
    done
fi
if ((zig)); then
    if ! command -v cargo-zigbuild >/dev/null; then
        missing zig "cargo-zigbuild is missing: python3 -m pip install ziglang cargo-zigbuild"
    elif ! command -v zig >/dev/null && ! python3 -c 'import ziglang' 2>/dev/null; then
        missing zig "zig is missing: python3 -m pip install ziglang"
    fi
fi

if ((libraries && !release_only)); then
    say "building the Linux debug library"
    cargo build --workspace
fi
# Every release library in one invocation (see the top).
targets=("$linux_target")
((windows)) && targets+=("$windows_target")
build=(cargo build)
if ((zig)); then
    # glibc 2.17, the oldest Rust supports: zig links against that version's symbols.
    targets+=("$arm64_target.2.17" universal2-apple-darwin)
    build=(cargo zigbuild)
fi
# zig links only what needs it: this machine's linker keeps Linux x86_64 (the host tools
# too) and MinGW-w64 keeps Windows (cargo-zigbuild sets only what is unset). Set with or
# without zig, so that the two builds share what they both build.
export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=${CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER:-cc}
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=${CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER:-x86_64-w64-mingw32-gcc}
if ((libraries)); then
    say "building the release libraries in target/ship/: ${targets[*]}"
    CARGO_TARGET_DIR="$ship_dir" "${build[@]}" --profile ship -p outpost-gdext "${targets[@]/#/--target=}"
fi
((build_only)) && exit 0

stage="$repo/dist/$name"
addon="$stage/addons/outpost_storeys"
rm -rf -- "$stage" "$repo/dist/$name.zip"
mkdir -p "$addon/bin"
# Every file git tracks in the addon (the .gdextension, README, licence, the scripts,
# themes, editor plugin and tools, and their .uid files); bin/ gets the libraries below.
source_addon=godot_project/addons/outpost_storeys
while IFS= read -r file; do
    mkdir -p "$addon/$(dirname -- "${file#"$source_addon/"}")"
    cp -- "$file" "$addon/${file#"$source_addon/"}"
done < <(git ls-files -- "$source_addon" | grep -v "^$source_addon/bin/")
[[ -f $addon/outpost_storeys.gdextension && -f $addon/plugin.cfg ]] || die "git lists no addon files"
# Beside addons/: the licence (the addon's own, the same text) and the changelog.
cp -- LICENSE CHANGELOG.md "$stage/"

ship() { # ship <built library> <name in bin/>
    cp -- "$1" "$addon/bin/$2"
}
if ((libraries)); then
    ship target/debug/liboutpost_gdext.so liboutpost_gdext.linux.debug.x86_64.so
    strip --strip-all "$addon/bin/liboutpost_gdext.linux.debug.x86_64.so"
    # (the ship profile's libraries are stripped already)
    ship "$ship_dir/$linux_target/ship/liboutpost_gdext.so" liboutpost_gdext.linux.release.x86_64.so
fi
if ((windows)); then
    ship "$ship_dir/$windows_target/ship/outpost_gdext.dll" outpost_gdext.windows.x86_64.dll
fi
if ((zig)); then
    ship "$ship_dir/$arm64_target/ship/liboutpost_gdext.so" liboutpost_gdext.linux.arm64.so
    ship "$ship_dir/universal2-apple-darwin/ship/liboutpost_gdext.dylib" liboutpost_gdext.macos.dylib
fi

python3 - "$stage" "$repo/dist/$name.zip" <<'PY'
import os, sys, zipfile
stage, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for folder, _, files in sorted(os.walk(stage)):
        for f in sorted(files):
            path = os.path.join(folder, f)
            z.write(path, os.path.relpath(path, stage))
PY
shopt -s nullglob
for f in "$addon"/bin/* "$repo/dist/$name.zip"; do
    say "$(du -h -- "$f" | cut -f 1)	${f#"$repo/"}"
done
printf '%s\n' "$repo/dist/$name.zip"
