#!/usr/bin/env node
// Runs geocoder.wasm under node's WASI with this process's stdin, stdout and stderr:
//   node scripts/run-wasm-node.mjs path/to/geocoder.wasm < requests.jsonl
// The module's exit status becomes node's. The dataset is inside the module, so nothing is preopened.
import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import { WASI } from 'node:wasi';

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

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: node run-wasm-node.mjs geocoder.wasm [args...] < requests.jsonl\n');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  // WASI libc exits with status 71 before main when argv is empty: argv[0] is required.
  args: ['geocoder', ...process.argv.slice(3)],
  env: {},
  stdin: 0,
  stdout: 1,
  stderr: 2,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
