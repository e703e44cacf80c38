#!/usr/bin/env python3
"""Runs geocoder.wasm under wasmtime (the PyPI package) with this process's stdin, stdout and stderr.

    pip install wasmtime
    python3 scripts/run-wasm-wasmtime.py path/to/geocoder.wasm < requests.jsonl

The module's exit status becomes this process's. The dataset is inside the module: nothing is preopened.
"""
import sys

import wasmtime


def main(argv):
    if len(argv) < 2:
        print("usage: run-wasm-wasmtime.py geocoder.wasm [args...] < requests.jsonl", file=sys.stderr)
        return 2
    engine = wasmtime.Engine()
    module = wasmtime.Module.from_file(engine, argv[1])
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["geocoder", *argv[2:]]  # WASI libc needs argv[0]
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
