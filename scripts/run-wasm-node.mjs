#!/usr/bin/env node
// Runs geocoder.wasm under node's WASI with this process's stdin, stdout and stderr:
//   node scripts/run-wasm-node.mjs [--dir DIR]... path/to/geocoder.wasm [args...] < requests.jsonl
// The module's exit status becomes node's. The dataset is inside the module; --dir DIR pre-opens a folder
// (under the same path) for the `--layer NAME=PATH` files among the args. The WASI host is the node
// package's own node/runner.mjs; this script sets what its package sets on the command line, then runs it.
import v8 from 'node:v8';

// node 20 (V8 11.3) can corrupt this script's own objects while geocoder.wasm runs: when V8 finishes a
// garbage collection at a stack-guard check inside a long wasm call, objects referenced only from the
// JavaScript frames below that call can be freed. Seen two ways: a local variable read back as FreeSpace
// (then a V8 fatal error), and a SIGSEGV in HandlerTable::LookupRange when proc_exit unwound through a
// frame whose bytecode had been flushed. These flags remove both paths (no incremental marking, so no
// stack-guard finalization; no bytecode flushing). The module helps too: it starts with enough memory
// that loading never grows it (growth is what triggered the collections), and it returns from main
// instead of calling proc_exit when its status is 0. Hosts of geocoder.wasm on node 20 should set them too.
v8.setFlagsFromString('--no-incremental-marking');
v8.setFlagsFromString('--no-flush-bytecode');

// node 20 warns on stderr that WASI is experimental; stdout, the protocol stream, is not affected.
process.removeAllListeners('warning');

await import('../node/runner.mjs');
