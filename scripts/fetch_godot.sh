#!/usr/bin/env bash
# Fetches Debian unstable's `godot` package (4.6.x) and unpacks it, with its whole
# dependency closure -- including unstable's own libc6 and dynamic loader, since this
# machine's (bookworm) glibc is older -- into <repo>/.cache/godot/root/, plus a wrapper
# <repo>/.cache/godot/godot that runs it through the unpacked tree's loader. Prints the
# wrapper's path. Nothing outside <repo>/.cache changes: apt runs in download-only mode with
# private state, cache, sources and config, and an empty dpkg status file (so it resolves
# *everything*). The archive address comes from this machine's own apt sources.
#
# The closure also holds the Mesa packages needed to render pictures under Xvfb
# (libgl1-mesa-dri, libegl-mesa0, libglx-mesa0). Xvfb itself is bookworm's `xvfb` package,
# installed the ordinary way (apt-get install xvfb) by whoever needs it.
#
# Called by scripts/godot.sh when no other Godot 4.6 is available; once cached (stamp
# file .cache/godot/.stamp), a run does no network access. A fetch prints one line; apt's
# output (some 150 lines) goes to .cache/godot-fetch.log, whose end is shown on failure.
#
# Optional environment:
#   GODOT_DEBIAN_ARCHIVE    Debian archive URI to use instead of the one read from this
#                           machine's apt sources.
#   GODOT_DEBIAN_SUITE      Debian suite to fetch from (default: unstable).
set -euo pipefail

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
repo=$(cd -- "$script_dir/.." && pwd -P)
cache="$repo/.cache"
fetch_log="$cache/godot-fetch.log"

say() { printf 'fetch_godot.sh: %s\n' "$*" >&2; }
# What a fetch does goes to the log, not the terminal.
log() { printf 'fetch_godot.sh: %s\n' "$*" >>"$fetch_log"; }
die() {
    if [[ -s $fetch_log ]]; then
        printf '... the end of %s:\n' "$fetch_log" >&2
        tail -n 15 "$fetch_log" >&2
    fi
    printf 'fetch_godot.sh: error: %s\n' "$*" >&2
    exit 1
}

# Godot 4 reports e.g. "4.6.3.stable.debian..."; a first line starting "4."
is_godot4() {
    local out
    out=$(timeout 120 "$1" --version 2>/dev/null </dev/null | head -n 1) || true
    [[ $out == 4.* ]]
}

dest="$cache/godot"
wrapper="$dest/godot"
stamp="$dest/.stamp"
suite=${GODOT_DEBIAN_SUITE:-unstable}
# What we want unpacked: Godot plus Mesa's GL/EGL/GLX drivers (for Xvfb later).
packages=(godot libgl1-mesa-dri libegl-mesa0 libglx-mesa0)

mkdir -p "$cache"

# Serialise concurrent runs (e.g. parallel tests) on the same cache.
if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/godot.lock"
    flock 9 || die "cannot lock $cache/godot.lock"
fi

if [[ -f $stamp && -x $wrapper ]]; then
    if is_godot4 "$wrapper"; then
        printf '%s\n' "$wrapper"
        exit 0
    fi
    say "cached Godot in $dest does not run; fetching it again"
fi

: >"$fetch_log"
for tool in apt-get dpkg-deb dpkg find sort; do
    command -v "$tool" >/dev/null 2>&1 || die "'$tool' is needed to fetch Godot (set GODOT4_BIN to use an existing Godot 4 instead)"
done

arch=$(dpkg --print-architecture)
[[ $arch == amd64 ]] || die "only amd64 is supported for fetching Godot (this machine is $arch); set GODOT4_BIN"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[[ -r $keyring ]] || die "$keyring is missing (package debian-archive-keyring)"

# The Debian archive this machine's apt already uses, as apt itself parses its sources
# (one-line and deb822 alike): the first `deb` entry of component `main` whose release is a
# plain suite or codename (not -security, -updates, -backports).
find_archive_uri() {
    apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT) $(TARGET_OF)' 'Created-By: Packages' \
        2>/dev/null | awk '$3 == "main" && $4 == "deb" && $2 !~ /-/ && $1 ~ /^(https?|file):/ { print $1; exit }' |
        sed 's#/$##' | grep .
}

if [[ -n ${GODOT_DEBIAN_ARCHIVE:-} ]]; then
    archive=${GODOT_DEBIAN_ARCHIVE%/}
else
    archive=$(find_archive_uri) || die "no Debian main archive in this machine's apt sources (set GODOT_DEBIAN_ARCHIVE)"
fi
say "fetching Godot 4.6 (Debian $suite's godot, once: about 150 MB to download, 550 MB unpacked) into ${dest#"$repo/"}; log: ${fetch_log#"$repo/"}"
log "fetching Debian $suite's godot from $archive into $dest"

tmp=$(mktemp -d "$cache/godot-tmp.XXXXXX")
cleanup() { rm -rf -- "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A private apt: its own config (APT_CONFIG is read before, and redirects,
# /etc/apt/apt.conf.d), state, cache, sources and an EMPTY dpkg status so the
# full dependency closure (libc6 ... from unstable) is resolved and downloaded.
# Only the machine's Acquire::* settings are carried over (proxies, and e.g.
# Check-Valid-Until "false" for a frozen snapshot mirror); no system hooks run.
a="$tmp/apt"
mkdir -p "$a/etc/apt.conf.d" "$a/etc/sources.list.d" "$a/etc/preferences.d" "$a/etc/trusted.gpg.d" \
    "$a/state/lists/partial" "$a/cache/archives/partial" "$a/log"
: >"$a/status"
{
    apt-config dump 2>/dev/null | grep -E '^Acquire::' | grep -Ev '^Acquire::(IndexTargets|Changelogs|cdrom|Languages)' || true
    cat <<EOF
Dir::Etc::main "/dev/null";
Dir::Etc::parts "$a/etc/apt.conf.d";
Dir::Etc::sourcelist "$a/etc/sources.list";
Dir::Etc::sourceparts "$a/etc/sources.list.d";
Dir::Etc::preferences "$a/etc/preferences";
Dir::Etc::preferencesparts "$a/etc/preferences.d";
Dir::Etc::trusted "$a/etc/trusted.gpg";
Dir::Etc::trustedparts "$a/etc/trusted.gpg.d";
Dir::State "$a/state";
Dir::State::status "$a/status";
Dir::Cache "$a/cache";
Dir::Log "$a/log";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
APT::Sandbox::User "root";
APT::Install-Recommends "false";
APT::Install-Suggests "false";
APT::Get::Download-Only "true";
Acquire::Languages "none";
Debug::NoLocking "true";
EOF
} >"$a/apt.conf"
# unstable's Release is signed by the automatic archive keys, which are in the
# machine's debian-archive-keyring.gpg, so no `[trusted=yes]` is needed.
echo "deb [signed-by=$keyring] $archive $suite main" >"$a/etc/sources.list"

export APT_CONFIG="$a/apt.conf"
start=$SECONDS
apt-get -q --error-on=any update >>"$fetch_log" 2>&1 || die "apt-get update from $archive ($suite) failed"
apt-get -q -y install "${packages[@]}" >>"$fetch_log" 2>&1 ||
    die "apt-get could not download ${packages[*]} (and their dependencies) from $archive ($suite)"
unset APT_CONFIG

shopt -s nullglob
debs=("$a"/cache/archives/*.deb)
shopt -u nullglob
[[ ${#debs[@]} -gt 0 ]] || die "apt-get downloaded no packages"
bytes=$(du -cb "${debs[@]}" | tail -n 1 | cut -f 1)
log "downloaded ${#debs[@]} packages ($((bytes / 1024 / 1024)) MiB) in $((SECONDS - start)) s; unpacking"

stage="$tmp/godot"
root="$stage/root"
mkdir -p "$root"
for deb in "${debs[@]}"; do
    dpkg-deb -x "$deb" "$root" || die "could not unpack $(basename -- "$deb")"
done
printf '%s\n' "${debs[@]##*/}" | sort >"$stage/packages.txt"

# Resolve a path inside the unpacked tree, following symlinks (absolute link
# targets are taken relative to the tree, not the machine's /).
resolve_in_root() {
    local p=$1 t n=0
    while [[ -L $root$p ]]; do
        t=$(readlink -- "$root$p")
        [[ $t == /* ]] || t="$(dirname -- "$p")/$t"
        p=$t
        ((++n < 40)) || return 1
    done
    [[ -e $root$p ]] || return 1
    # normalise "a/../b" (the components left are real directories)
    p=$(realpath -m -s -- "$root$p")
    printf '%s\n' "${p#"$root"}"
}
is_elf() { [[ -f $1 && $(head -c 4 -- "$1" | od -An -c | tr -d ' \n') == '177ELF' ]]; }

# The Godot ELF binary (Debian's /usr/bin/godot* may be a link or a script).
bin=''
for cand in /usr/lib/godot/godot /usr/bin/godot /usr/bin/godot4 /usr/games/godot; do
    if r=$(resolve_in_root "$cand") && is_elf "$root$r"; then bin=$r; break; fi
done
if [[ -z $bin ]]; then
    while IFS= read -r cand; do
        if is_elf "$cand"; then bin=${cand#"$root"}; break; fi
    done < <(find "$root/usr/lib/godot" "$root/usr/bin" "$root/usr/games" -maxdepth 2 -name 'godot*' -type f 2>/dev/null | sort)
fi
[[ -n $bin ]] || die "no Godot ELF binary found in the unpacked godot package"

ld=''
for cand in /lib64/ld-linux-x86-64.so.2 /usr/lib64/ld-linux-x86-64.so.2 \
    /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 /lib/x86_64-linux-gnu/ld-linux-x86-64.so.2; do
    if r=$(resolve_in_root "$cand") && is_elf "$root$r"; then ld=$r; break; fi
done
[[ -n $ld ]] || die "no dynamic loader (ld-linux-x86-64.so.2) in the unpacked libc6"

# Library dirs: the multiarch dirs first, then every other dir holding lib*.so*
# (e.g. pulseaudio's private dir).  Driver dirs (dri, gbm, ...) are loaded by
# path through the variables below instead.
found=()
while IFS= read -r d; do
    d=${d#"$root"}
    case /$d/ in */dri/* | */gbm/* | */vdpau/* | */gconv/* | */python3* | */perl* | */share/*) continue ;; esac
    [[ -L $root$d ]] || found+=("$d")
done < <(find "$root" \( -type f -o -type l \) -name 'lib*.so*' -printf '%h\n' | sort -u)
libdirs=()
for d in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64 /lib64 /usr/lib /lib "${found[@]}"; do
    [[ " ${found[*]} " == *" $d "* && " ${libdirs[*]} " != *" $d "* ]] && libdirs+=("$d")
done
[[ ${#libdirs[@]} -gt 0 ]] || die "no shared libraries found in the unpacked packages"

# Variables Mesa / libglvnd / the Vulkan loader use to find what they dlopen.
extra_env=()
add_env() { [[ -e $root$2 ]] && extra_env+=("export $1=\"\$root$2\"") || true; }
add_env LIBGL_DRIVERS_PATH /usr/lib/x86_64-linux-gnu/dri
add_env GBM_BACKENDS_PATH /usr/lib/x86_64-linux-gnu/gbm
add_env __EGL_VENDOR_LIBRARY_DIRS /usr/share/glvnd/egl_vendor.d
if [[ -d $root/usr/share/vulkan/icd.d ]]; then
    icds=$(cd "$root" && find usr/share/vulkan/icd.d -name '*.json' | sort | sed 's|^|$root/|' | paste -sd:)
    [[ -n $icds ]] && extra_env+=("export VK_DRIVER_FILES=\"$icds\"" "export VK_ICD_FILENAMES=\"$icds\"")
fi

libpath=$(printf '$root%s:' "${libdirs[@]}")
libpath=${libpath%:}
{
    cat <<'EOF'
#!/usr/bin/env bash
# Generated by scripts/godot.sh: runs Debian's Godot, unpacked with its whole
# dependency closure (including its own glibc) in ./root, through the unpacked
# tree's dynamic loader.  Relocatable: paths are relative to this file.
set -e
here=$(cd -- "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")" && pwd -P)
root="$here/root"
EOF
    printf 'libpath="%s"\n' "$libpath"
    printf '%s\n' "${extra_env[@]}"
    cat <<EOF
# --library-path (unlike LD_LIBRARY_PATH) also applies to everything Godot
# dlopen()s (libGL, libEGL, libvulkan, libX11, libpulse, ...) yet is not
# inherited by programs Godot starts, which run on the machine's own libc.
exec "\$root$ld" --library-path "\$libpath" --argv0 "\$root$bin" "\$root$bin" "\$@"
EOF
} >"$stage/godot"
chmod +x "$stage/godot"

version=$("$stage/godot" --version 2>"$tmp/version.err" </dev/null | head -n 1) || true
if [[ $version != 4.* ]]; then
    cat "$tmp/version.err" >>"$fetch_log" || true
    die "the unpacked Godot does not run (--version printed '${version}')"
fi
printf '%s\n' "$version" >"$stage/.stamp"

rm -rf -- "$dest"
mv -- "$stage" "$dest"
log "Godot $version ready: $wrapper"

# Final check on the installed path.
is_godot4 "$wrapper" || die "$wrapper --version does not print 4.x"
printf '%s\n' "$wrapper"
