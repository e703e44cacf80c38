// The child process that hosts geocoder.wasm for index.js: node:wasi runs the module with this process's
// stdin, stdout and stderr, which index.js holds as pipes. The module is the JSON-RPC server itself (one
// request line in, one reply line out, answered as each line arrives); it exits 0 at the end of stdin.
//
//   node --no-incremental-marking --no-flush-bytecode --no-warnings runner.mjs [--dir DIR]... geocoder.wasm [args...]
//
// --dir DIR pre-opens the folder DIR under the same path, as `wasmkit run --dir` does, so that the module can
// read files in it: the `--layer NAME=PATH` files among the module's args (index.js passes each layer's folder).
// The module's exit status becomes this process's. The repository's scripts/run-wasm-node.mjs runs this file.
//
// The V8 flags are given by index.js on the command line, so they hold from the first instruction and apply
// to this process only: node 20 (V8 11.3) can corrupt JavaScript objects when it garbage-collects during a
// long wasm call, and wasi.start() below is one call for the server's whole life (see the repository's
// scripts/run-wasm-node.mjs). --no-warnings drops "WASI is an experimental feature" from stderr.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';

const argv = process.argv.slice(2);
const preopens = {};
while (argv[0] === '--dir' && argv.length > 1) {
  preopens[argv[1]] = argv[1];
  argv.splice(0, 2);
}
const [path, ...args] = argv;
if (!path) {
  process.stderr.write('usage: node runner.mjs [--dir DIR]... geocoder.wasm [args...] < requests.jsonl\n');
  process.exit(2);
}
const wasi = new WASI({
  version: 'preview1',
  args: ['geocoder', ...args], // WASI libc exits with status 71 before main when argv is empty
  env: {},
  preopens,
  stdin: 0,
  stdout: 1,
  stderr: 2,
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
