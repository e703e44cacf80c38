#!/usr/bin/env python3
"""Runs geocoder.wasm under wasmtime (the PyPI package) with this process's stdin, stdout and stderr.

    pip install wasmtime
    python3 scripts/run-wasm-wasmtime.py [--dir DIR]... path/to/geocoder.wasm [args...] < requests.jsonl

The module's exit status becomes this process's. The dataset is inside the module; --dir DIR pre-opens a
folder under its own path (as `wasmtime run --dir=DIR` does) for the `--layer NAME=PATH` files among the args.
"""
import sys

import wasmtime


def main(argv):
    argv = argv[1:]
    dirs = []
    while len(argv) > 1 and argv[0] == "--dir":
        dirs.append(argv[1])
        argv = argv[2:]
    if not argv:
        print("usage: run-wasm-wasmtime.py [--dir DIR]... geocoder.wasm [args...] < requests.jsonl", file=sys.stderr)
        return 2
    engine = wasmtime.Engine()
    module = wasmtime.Module.from_file(engine, argv[0])
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["geocoder", *argv[1:]]  # WASI libc needs argv[0]
    for folder in dirs:
        wasi.preopen_dir(folder, folder)
    wasi.inherit_stdin()
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store.set_wasi(wasi)
    instance = linker.instantiate(store, module)
    try:
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exit_trap:
        return exit_trap.code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
