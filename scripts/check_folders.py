#!/usr/bin/env python3
"""The folder rule of the Godot project (docs/architecture.md, "Folders and the one-way rule").

Every file of the game sits in a feature folder, and every feature folder in a layer:

    addons/outpost_storeys, assets   the addon and the shared look (below everything)
    src/core                         rules as data, pure parts, the save envelope, words
    data                             the .tres the rules are tuned in
    src/world                        the building, its objects, Genesis, the loop, effects
    src/ui                           what shows and sounds the world to the player
    src/game                         the scenes a player starts, which wire the rest

A file may reference files of its own layer or of a layer below it, never above (so
objects, in src/world, never reach src/ui), and the references between folders must not
form a cycle. A reference is a `class_name` used in a .gd file (outside comments and
strings), a "res://..." path in a .gd file's code (preload, load, change_scene...), and an
ext_resource of a .tscn or .tres. tests/ and tools/ may reference anything and are not
read.

Usage: scripts/check_folders.py [--graph] [PROJECT]   (PROJECT: godot_project)
  --graph   print the folder graph (one "folder -> folder" line per edge, with the
            files behind it) after the check
Exits 1 naming every reference against the rule and every cycle, 0 otherwise.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

# Lowest first. A folder's layer is the first whose prefix it starts with.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("base", ("addons/", "assets/")),
    ("core", ("src/core/",)),
    ("data", ("data/",)),
    ("world", ("src/world/",)),
    ("ui", ("src/ui/",)),
    ("game", ("src/game/",)),
]
UNCHECKED = ("tests/", "tools/", "docs/")
EXTENSIONS = (".gd", ".tscn", ".tres", ".gdshader", ".gdshaderinc")

CLASS_NAME = re.compile(r"^class_name\s+(\w+)", re.M)
RES_PATH = re.compile(r"res://([\w./-]+)")
EXT_RESOURCE = re.compile(r'^\[ext_resource[^\]]*\bpath="res://([^"]+)"', re.M)
SHADER_INCLUDE = re.compile(r'^#include\s+"res://([^"]+)"', re.M)
WORD = re.compile(r"\b[A-Z]\w*\b")


def layer_of(path: str) -> int | None:
    if "/" not in path:
        return 0  # the project's own files (project.godot, the bus layout) are its base
    for index, (_, prefixes) in enumerate(LAYERS):
        if path.startswith(prefixes):
            return index
    return None


def folder_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."


def split_gdscript(text: str) -> tuple[str, list[str]]:
    """The code of a GDScript file without comments and string contents, and its strings."""
    code: list[str] = []
    strings: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "\"'":
            quote = text[i : i + 3] if text[i : i + 3] in ('"""', "'''") else c
            j = i + len(quote)
            while j < n and text[j : j + len(quote)] != quote:
                j += 2 if text[j] == "\\" else 1
            strings.append(text[i + len(quote) : j])
            code.append('""')
            i = j + len(quote)
            continue
        code.append(c)
        i += 1
    return "".join(code), strings


def references(project: Path, files: list[str], classes: dict[str, str]) -> dict[str, set[str]]:
    """For every checked file, the project files it references."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in files:
        if path.startswith(UNCHECKED) or not path.endswith(EXTENSIONS):
            continue
        text = (project / path).read_text(encoding="utf-8", errors="replace")
        found: set[str] = set()
        if path.endswith(".gd"):
            code, strings = split_gdscript(text)
            for word in set(WORD.findall(code)):
                if word in classes:
                    found.add(classes[word])
            for string in strings:
                found.update(RES_PATH.findall(string))
        elif path.endswith((".gdshader", ".gdshaderinc")):
            found.update(SHADER_INCLUDE.findall(text))
        else:
            found.update(EXT_RESOURCE.findall(text))
        # A path that names no file or folder of the project is a place to write (a save
        # folder, say), not something this file depends on.
        out[path] = {f for f in found if f != path and names_something(f, files)}
    return out


def names_something(target: str, files: list[str]) -> bool:
    """Whether `target` is one of the project's files or a folder holding some."""
    folder = target.rstrip("/") + "/"
    return target in files or any(f.startswith(folder) for f in files)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one folder (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main(argv: list[str]) -> int:
    graph = "--graph" in argv
    args = [a for a in argv if a != "--graph"]
    if any(a.startswith("-") for a in args) or len(args) > 1:
        print(__doc__.split("\n\n")[-2], file=sys.stderr)
        return 2
    project = Path(args[0] if args else Path(__file__).resolve().parent.parent / "godot_project")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "."],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    files = [f for f in listed if (project / f).is_file()]
    classes: dict[str, str] = {}
    for path in files:
        if path.endswith(".gd") and not path.startswith(UNCHECKED):
            match = CLASS_NAME.search((project / path).read_text(encoding="utf-8", errors="replace"))
            if match:
                classes[match.group(1)] = path

    problems: list[str] = []
    folder_edges: dict[str, set[str]] = defaultdict(set)
    behind: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path, targets in sorted(references(project, files, classes).items()):
        here = layer_of(path)
        if here is None:
            problems.append(f"{path}: in no layer's folder (see {Path(__file__).name})")
            continue
        for target in sorted(targets):
            there = layer_of(target)
            if there is None and not target.startswith(UNCHECKED):
                problems.append(f"{path} -> {target}: the target is in no layer's folder")
                continue
            if there is None:
                problems.append(f"{path} -> {target}: the game may not reach tests or tools")
                continue
            if there > here:
                problems.append(
                    f"{path} -> {target}: {LAYERS[here][0]} may not reach {LAYERS[there][0]}"
                )
            a, b = folder_of(path), folder_of(target)
            if a != b:
                folder_edges[a].add(b)
                behind[(a, b)].add(f"{Path(path).name} -> {Path(target).name}")
    for component in cycles(folder_edges):
        members = set(component)
        links = [
            f"{a} -> {b} ({', '.join(sorted(behind[(a, b)])[:3])})"
            for a in component
            for b in sorted(folder_edges[a] & members)
        ]
        problems.append("a cycle between folders: " + "; ".join(links))

    if graph:
        for a in sorted(folder_edges):
            for b in sorted(folder_edges[a]):
                print(f"{a} -> {b}  [{', '.join(sorted(behind[(a, b)]))}]")
    for problem in problems:
        print(f"check_folders: {problem}", file=sys.stderr)
    if problems:
        print(f"check_folders: FAILED: {len(problems)} reference(s) against the rule", file=sys.stderr)
        return 1
    print(f"check_folders: OK: {len(files)} files, {len(folder_edges)} folders with references, no cycle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
