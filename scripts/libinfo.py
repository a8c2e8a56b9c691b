#!/usr/bin/env python3
"""What a shared library is, read from its own headers (scripts/package_tests.sh).

Usage: scripts/libinfo.py [--arch ARCH]... [--export SYMBOL]... [--no-debug-info] [--signed] FILE

Reads ELF (64-bit), Mach-O (64-bit, thin or universal) and PE (PE32+) files with the
standard library only, so the package checks need no binutils or LLVM for foreign
formats. Prints one line: the format, its architectures (x86_64, arm64), the size, and
for each --export whether the file exports that symbol; then exits 1 naming the first
thing that is not as asked:
  --arch ARCH        the file holds ARCH (repeat for a universal Mach-O; exactly the
                     architectures given, no more)
  --export SYMBOL    every architecture exports SYMBOL (ELF .dynsym, the Mach-O export
                     trie or symbol table with its leading underscore, the PE export table)
  --no-debug-info    no architecture has DWARF (.debug_* sections, Mach-O's __DWARF
                     segment) or Mach-O debug-map (stab) symbols
  --signed           a Mach-O's arm64 code has a code signature whose page hashes match
                     (macOS loads no arm64 code without one; an ad-hoc one will do)
"""

import argparse
import hashlib
import os
import struct
import sys


class Bad(Exception):
    """The file is not a library this script reads."""


def cstr(data, offset):
    end = data.find(b"\0", offset)
    return data[offset : end if end >= 0 else len(data)].decode("utf-8", "replace")


def uleb(data, pos):
    value = shift = 0
    while True:
        if pos >= len(data):
            raise Bad("truncated ULEB128 in the export trie")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


# --- ELF ---------------------------------------------------------------------------

ELF_MACHINES = {62: "x86_64", 183: "arm64"}


def read_elf(data):
    if data[4] != 2 or data[5] != 1:
        raise Bad("only 64-bit little-endian ELF is read")
    machine = struct.unpack_from("<H", data, 18)[0]
    shoff = struct.unpack_from("<Q", data, 40)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 58)
    sections = []
    for i in range(shnum):
        name, kind, _, _, offset, size, link, _, _, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + i * shentsize
        )
        sections.append((name, kind, offset, size, link, entsize))
    names_offset = sections[shstrndx][2]
    names = [cstr(data, names_offset + s[0]) for s in sections]
    debug = any(n.startswith((".debug_", ".zdebug_")) for n in names)
    exports = set()
    for name, kind, offset, size, link, entsize in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strtab = sections[link][2]
        for pos in range(offset, offset + size, entsize or 24):
            st_name, info, other, shndx = struct.unpack_from("<IBBH", data, pos)
            if shndx != 0 and (info >> 4) in (1, 2) and (other & 3) in (0, 3):
                exports.add(cstr(data, strtab + st_name))
    return [(ELF_MACHINES.get(machine, f"machine {machine}"), exports, debug, None)]


# --- Mach-O --------------------------------------------------------------------------

MACHO_CPUS = {0x01000007: "x86_64", 0x0100000C: "arm64"}


def trie_exports(data, start, size):
    names, stack, seen = set(), [(0, "")], set()
    while stack:
        node, prefix = stack.pop()
        if node in seen or node >= size:
            raise Bad("a malformed export trie")
        seen.add(node)
        pos = start + node
        terminal, pos = uleb(data, pos)
        if terminal:
            names.add(prefix)
        pos += terminal
        children = data[pos]
        pos += 1
        for _ in range(children):
            edge = cstr(data, pos)
            pos += len(edge.encode()) + 1
            child, pos = uleb(data, pos)
            stack.append((child, prefix + edge))
    return names


def read_thin_macho(data, base):
    magic, cpu, _, _, ncmds, _, _, _ = struct.unpack_from("<IiiIIIII", data, base)
    if magic != 0xFEEDFACF:
        raise Bad("only 64-bit little-endian Mach-O is read")
    pos, debug, trie, symtab, signature = base + 32, False, None, None, None
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, pos)
        if cmd == 0x19:  # LC_SEGMENT_64
            segname = data[pos + 8 : pos + 24].rstrip(b"\0")
            nsects = struct.unpack_from("<I", data, pos + 64)[0]
            sectnames = [data[pos + 72 + i * 80 : pos + 88 + i * 80].rstrip(b"\0") for i in range(nsects)]
            if segname == b"__DWARF" or any(s.startswith(b"__debug_") for s in sectnames):
                debug = True
        elif cmd in (0x22, 0x80000022):  # LC_DYLD_INFO(_ONLY): export_off, export_size
            offset, size = struct.unpack_from("<II", data, pos + 40)
            if size:
                trie = (offset, size)
        elif cmd == 0x80000033:  # LC_DYLD_EXPORTS_TRIE
            trie = struct.unpack_from("<II", data, pos + 8)
        elif cmd == 0x2:  # LC_SYMTAB
            symtab = struct.unpack_from("<IIII", data, pos + 8)
        elif cmd == 0x1D:  # LC_CODE_SIGNATURE
            signature = struct.unpack_from("<II", data, pos + 8)
        pos += cmdsize
    exports = set()
    if symtab:
        symoff, nsyms, stroff, _ = symtab
        for i in range(nsyms):
            strx, kind, _, _, _ = struct.unpack_from("<IBBHQ", data, base + symoff + i * 16)
            if kind & 0xE0:  # N_STAB: the debug map
                debug = True
            elif kind & 0x01 and kind & 0x0E == 0x0E:  # N_EXT, N_SECT
                exports.add(cstr(data, base + stroff + strx))
    if trie:
        exports = trie_exports(data, base + trie[0], trie[1])
    # C names carry a leading underscore in Mach-O.
    exports = {name[1:] if name.startswith("_") else name for name in exports}
    return (MACHO_CPUS.get(cpu, f"cpu {cpu:#x}"), exports, debug, code_signature(data, base, signature))


def code_signature(data, base, signature):
    """'none', 'valid' or what is wrong: the page hashes of the CodeDirectory (an ad-hoc
    signature, as Apple's and zig's linkers write for arm64, or a real one) against the
    slice's bytes. An arm64 library without a valid one does not load on macOS."""
    if signature is None:
        return "none"
    start = base + signature[0]
    magic, _, count = struct.unpack_from(">III", data, start)
    if magic != 0xFADE0CC0:  # CSMAGIC_EMBEDDED_SIGNATURE
        return "not an embedded signature"
    for i in range(count):
        kind, offset = struct.unpack_from(">II", data, start + 12 + 8 * i)
        if kind != 0:  # CSSLOT_CODEDIRECTORY
            continue
        cd = start + offset
        fields = struct.unpack_from(">IIIIIIIIIBBBB", data, cd)
        magic, hash_offset, code_slots, code_limit = fields[0], fields[4], fields[7], fields[8]
        hash_size, hash_type, page_shift = fields[9], fields[10], fields[12]
        if magic != 0xFADE0C02 or hash_type not in (1, 2):
            return "an unreadable CodeDirectory"
        algorithm = hashlib.sha1 if hash_type == 1 else hashlib.sha256
        page = 1 << page_shift
        for slot in range(code_slots):
            lo = base + slot * page
            hi = base + min((slot + 1) * page, code_limit)
            want = data[cd + hash_offset + slot * hash_size : cd + hash_offset + (slot + 1) * hash_size]
            if algorithm(data[lo:hi]).digest()[:hash_size] != want:
                return f"invalid (page {slot} does not match its hash)"
        return "valid"
    return "no CodeDirectory"


def read_macho(data):
    magic = struct.unpack_from(">I", data, 0)[0]
    if magic == 0xCAFEBABE:  # universal: big-endian fat_arch entries
        count = struct.unpack_from(">I", data, 4)[0]
        if not 0 < count < 16:
            raise Bad(f"a universal header with {count} architectures")
        return [
            read_thin_macho(data, struct.unpack_from(">iiIII", data, 8 + i * 20)[2]) for i in range(count)
        ]
    return [read_thin_macho(data, 0)]


# --- PE ----------------------------------------------------------------------------

PE_MACHINES = {0x8664: "x86_64", 0xAA64: "arm64"}


def read_pe(data):
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe : pe + 4] != b"PE\0\0":
        raise Bad("no PE signature")
    machine, nsections, _, symtab, nsyms, optsize, _ = struct.unpack_from("<HHIIIHH", data, pe + 4)
    opt = pe + 24
    if struct.unpack_from("<H", data, opt)[0] != 0x20B:
        raise Bad("only PE32+ is read")
    export_rva, _ = struct.unpack_from("<II", data, opt + 112)
    sections, debug = [], False
    strings = symtab + nsyms * 18
    for i in range(nsections):
        raw = struct.unpack_from("<8sIIII", data, opt + optsize + i * 40)
        name = raw[0].rstrip(b"\0").decode("utf-8", "replace")
        if name.startswith("/") and name[1:].isdigit():  # a long name in the string table
            name = cstr(data, strings + int(name[1:]))
        debug |= name.startswith((".debug_", ".zdebug_"))
        sections.append(raw[1:])

    def at(rva):
        for vsize, vaddr, rawsize, rawptr in sections:
            if vaddr <= rva < vaddr + max(vsize, rawsize):
                return rawptr + rva - vaddr
        raise Bad(f"RVA {rva:#x} is in no section")

    exports = set()
    if export_rva:
        directory = at(export_rva)
        count = struct.unpack_from("<I", data, directory + 24)[0]  # NumberOfNames
        names = struct.unpack_from("<I", data, directory + 32)[0]  # AddressOfNames
        for i in range(count):
            exports.add(cstr(data, at(struct.unpack_from("<I", data, at(names) + 4 * i)[0])))
    return [(PE_MACHINES.get(machine, f"machine {machine:#x}"), exports, debug, None)]


def inspect(path):
    with open(path, "rb") as f:
        data = f.read()
    try:
        if data[:4] == b"\x7fELF":
            return "ELF", read_elf(data)
        if data[:4] in (b"\xca\xfe\xba\xbe", b"\xcf\xfa\xed\xfe"):
            kind = "Mach-O universal" if data[:4] == b"\xca\xfe\xba\xbe" else "Mach-O"
            return kind, read_macho(data)
        if data[:2] == b"MZ":
            return "PE", read_pe(data)
    except (struct.error, IndexError) as e:
        raise Bad(f"truncated or malformed headers ({e})") from e
    raise Bad(f"not ELF, Mach-O or PE (starts with {data[:4].hex()})")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="scripts/libinfo.py [--arch ARCH]... [--export SYMBOL]... [--no-debug-info] [--signed] FILE",
    )
    parser.add_argument("--arch", action="append", default=[], metavar="ARCH")
    parser.add_argument("--export", action="append", default=[], metavar="SYMBOL")
    parser.add_argument("--no-debug-info", action="store_true")
    parser.add_argument("--signed", action="store_true")
    parser.add_argument("file")
    args = parser.parse_args()
    name = args.file
    try:
        kind, archs = inspect(name)
    except OSError as e:
        sys.exit(f"libinfo.py: {name}: {e.strerror}")
    except Bad as e:
        sys.exit(f"libinfo.py: {name}: {e}")
    found = [arch for arch, _, _, _ in archs]
    size = os.path.getsize(name)
    words = [f"{kind} ({', '.join(found)})", f"{size / 1e6:.1f} MB"]
    for symbol in args.export:
        has = all(symbol in exports for _, exports, _, _ in archs)
        words.append(f"exports {symbol}" if has else f"does not export {symbol}")
    with_debug = [arch for arch, _, debug, _ in archs if debug]
    words.append(f"debug info in {', '.join(with_debug)}" if with_debug else "no debug info")
    signatures = [(arch, sig) for arch, _, _, sig in archs if sig is not None]
    if signatures:
        words.append(", ".join(f"{arch} code signature {sig}" for arch, sig in signatures))
    print(f"{name}: {'; '.join(words)}")
    if args.arch and sorted(found) != sorted(args.arch):
        sys.exit(f"libinfo.py: {name}: architectures {', '.join(found)}, want {', '.join(args.arch)}")
    for symbol in args.export:
        missing = [arch for arch, exports, _, _ in archs if symbol not in exports]
        if missing:
            sys.exit(f"libinfo.py: {name}: {symbol} is not exported ({', '.join(missing)})")
    if args.no_debug_info and with_debug:
        sys.exit(f"libinfo.py: {name}: debug info in {', '.join(with_debug)}")
    if args.signed:
        arm64 = dict(signatures).get("arm64", "valid")  # (only a Mach-O's arm64 code needs one)
        if arm64 != "valid":
            sys.exit(f"libinfo.py: {name}: the arm64 code signature is {arm64}")


if __name__ == "__main__":
    main()
