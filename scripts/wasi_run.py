#!/usr/bin/env python3
"""Runs a WASI (wasm32-wasip1) command-line program under wasmtime's Python package, as
`wasmtime run` would: wasi_run.py MODULE.wasm [ARG...]. The program's stdout, stderr and
exit code are this process's (a proc_exit arrives as ExitTrap with its code); it sees no
files, no environment and no clock beyond WASI's. The machine code is cached beside the
module (MODULE.wasm.cwasm), so later runs skip Cranelift's compile.
scripts/platforms.sh runs the `outpost` CLI with it; the wasmtime version is pinned in
.ci/run."""

import os
import sys

import wasmtime


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: wasi_run.py MODULE.wasm [ARG...]", file=sys.stderr)
        return 2
    path = sys.argv[1]
    engine = wasmtime.Engine()
    cached = path + ".cwasm"
    if os.path.exists(cached) and os.path.getmtime(cached) >= os.path.getmtime(path):
        module = wasmtime.Module.deserialize_file(engine, cached)
    else:
        module = wasmtime.Module.from_file(engine, path)
        with open(cached + ".tmp", "wb") as f:
            f.write(module.serialize())
        os.replace(cached + ".tmp", cached)
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    wasi = wasmtime.WasiConfig()
    wasi.argv = [os.path.basename(path)] + sys.argv[2:]
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store.set_wasi(wasi)
    instance = linker.instantiate(store, module)
    sys.stdout.flush()
    try:
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as e:
        return e.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
