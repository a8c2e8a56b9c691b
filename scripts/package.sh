#!/usr/bin/env bash
# Builds the addon a game drops into its project: dist/outpost_storeys-<version>/ with
# addons/outpost_storeys/ (the .gdextension, README, licence, the GDScript classes and
# themes, the editor plugin, the baking CLI, and bin/), zipped as
# dist/outpost_storeys-<version>.zip (dist/ is ignored by git).
#
# Libraries (debug info stripped from all of them; the debug one keeps Rust's debug
# assertions):
#   bin/liboutpost_gdext.linux.debug.x86_64.so    cargo build --workspace
#   bin/liboutpost_gdext.linux.release.x86_64.so  cargo build --release
#   bin/outpost_gdext.windows.x86_64.dll          cargo build --release, cross-compiled for
#                                                 x86_64-pc-windows-gnu (both Windows keys)
# The Windows build needs `rustup target add x86_64-pc-windows-gnu` and Debian's
# gcc-mingw-w64-x86-64 package (.ci/run installs both). Without them the script stops,
# unless --linux-only is given (then the zip lacks the DLL its .gdextension names).
# macOS cannot be built here: the addon README gives the commands a Mac user runs.
#
# Usage: scripts/package.sh [--linux-only] [--build-only]
#   --build-only  build the libraries and stop (scripts/check.sh builds them in the
#                 background while the engine tests run)
# Prints the zip's path as its last line.
set -euo pipefail

repo=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
say() { printf 'package.sh: %s\n' "$*" >&2; }
die() { printf 'package.sh: error: %s\n' "$*" >&2; exit 1; }

windows=1 build_only=0
for arg in "$@"; do
    case $arg in
        --linux-only) windows=0 ;;
        --build-only) build_only=1 ;;
        *) die "unknown argument $arg (usage: scripts/package.sh [--linux-only] [--build-only])" ;;
    esac
done
windows_target=x86_64-pc-windows-gnu
mingw_strip=x86_64-w64-mingw32-strip

cd "$repo"
if ((windows)); then
    rustup target list --installed 2>/dev/null | grep -qx "$windows_target" ||
        die "the Rust target $windows_target is missing: rustup target add $windows_target (or --linux-only)"
    command -v x86_64-w64-mingw32-gcc >/dev/null && command -v "$mingw_strip" >/dev/null ||
        die "the MinGW-w64 cross toolchain is missing: apt-get install gcc-mingw-w64-x86-64 (or --linux-only)"
fi

version=$(sed -n 's/^version = "\(.*\)"/\1/p' rust/outpost_gdext/Cargo.toml | head -n 1)
[[ -n $version ]] || die "no version in rust/outpost_gdext/Cargo.toml"

say "building the Linux debug and release libraries"
cargo build --workspace
cargo build -p outpost-gdext --release
if ((windows)); then
    say "cross-compiling the Windows release library"
    cargo build -p outpost-gdext --release --target "$windows_target"
fi
((build_only)) && exit 0

name="outpost_storeys-$version"
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

ship() { # ship <built library> <name in bin/> <strip command>
    cp -- "$1" "$addon/bin/$2"
    "$3" --strip-all "$addon/bin/$2"
}
ship target/debug/liboutpost_gdext.so liboutpost_gdext.linux.debug.x86_64.so strip
ship target/release/liboutpost_gdext.so liboutpost_gdext.linux.release.x86_64.so strip
if ((windows)); then
    ship "target/$windows_target/release/outpost_gdext.dll" outpost_gdext.windows.x86_64.dll "$mingw_strip"
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
for f in "$addon"/bin/* "$repo/dist/$name.zip"; do
    say "$(du -h -- "$f" | cut -f 1)	${f#"$repo/"}"
done
printf '%s\n' "$repo/dist/$name.zip"
