#!/usr/bin/env node
// Runs geocoder.wasm inside node's WASI: no browser, no native binary, no data directory.
//
//   scripts/build-wasm
//   node examples/wasm-node-host.mjs [path/to/geocoder.wasm]
//
// The module is a WASI command that reads JSON-RPC requests, one per line, on stdin and writes one reply
// line per request on stdout. This host writes a few requests to a file, runs the module once with that
// file as stdin and another as stdout, and prints each request next to its reply. The dataset (its binary
// index) is compiled into the module, so nothing is preopened. A run compiles the module and loads that
// index in place (about 0.2-0.3 s under node here); still, send many requests per run, not one per request.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { WASI } from 'node:wasi';

// Works around two node 20 (V8 11.3) garbage-collection bugs around long wasm calls; see
// scripts/run-wasm-node.mjs for what they do. Other hosts of geocoder.wasm on node 20 should do the same.
v8.setFlagsFromString('--no-incremental-marking');
v8.setFlagsFromString('--no-flush-bytecode');
process.removeAllListeners('warning'); // "WASI is an experimental feature"

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const modulePath = process.argv[2] ?? join(root, '.build-wasm/wasm32-unknown-none-wasm/release/geocoder.wasm');

const requests = [
  { jsonrpc: '2.0', method: 'reverseGeocode', params: { lat: 35.6762, lon: 139.6503 }, id: 1 },
  { jsonrpc: '2.0', method: 'reverseGeocode', params: [54.805974, 22.832453], id: 2 },
  { jsonrpc: '2.0', method: 'forwardGeocode', params: { query: 'Brasil', limit: 1 }, id: 3 },
  { jsonrpc: '2.0', method: 'countriesInBBox', params: [49.4, 5.7, 50.2, 6.6], id: 4 },
  { jsonrpc: '2.0', method: 'reverseGeocode', params: { lat: 'north' }, id: 5 },
];

/** Runs the module once over the request lines; returns its exit status and reply lines. */
async function runModule(path, lines) {
  const module = await WebAssembly.compile(readFileSync(path));
  const dir = mkdtempSync(join(tmpdir(), 'geocoder-wasm-'));
  try {
    writeFileSync(join(dir, 'requests.jsonl'), lines.map((l) => l + '\n').join(''));
    const stdin = openSync(join(dir, 'requests.jsonl'), 'r');
    const stdout = openSync(join(dir, 'replies.jsonl'), 'w');
    const wasi = new WASI({
      version: 'preview1',
      args: ['geocoder'], // WASI libc needs argv[0]
      env: {},
      stdin,
      stdout,
      stderr: 2,
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    const status = wasi.start(instance);
    closeSync(stdin);
    closeSync(stdout);
    const replies = readFileSync(join(dir, 'replies.jsonl'), 'utf8').split('\n').filter((l) => l !== '');
    return { status, replies };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let status, replies;
const lines = requests.map((r) => JSON.stringify(r));
try {
  ({ status, replies } = await runModule(modulePath, lines));
} catch (error) {
  console.error(`cannot run ${modulePath}: ${error.message} (run scripts/build-wasm first, or pass the path)`);
  process.exit(1);
}
if (status !== 0) {
  console.error(`geocoder.wasm exited with status ${status}`);
  process.exit(1);
}
// Every request here has an id, so there is one reply per request, in order.
lines.forEach((line, i) => {
  console.log('->', line);
  console.log('<-', replies[i]);
});
if (replies.length !== lines.length) {
  console.error(`expected ${lines.length} replies, got ${replies.length}`);
  process.exit(1);
}
