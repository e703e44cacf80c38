// `npm pack` / `npm publish` run this first: a package without its module would install and then fail at
// Geocoder.open(), so refuse to pack one. scripts/test-node-package copies the module here.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const wasm = path.join(__dirname, 'geocoder.wasm');
let size = 0;
try {
  size = fs.statSync(wasm).size;
} catch {
  // reported below
}
// A WebAssembly module starts with "\0asm".
const magic = size >= 4 ? fs.readFileSync(wasm).subarray(0, 4).toString('latin1') : '';
if (magic !== '\0asm') {
  console.error(`prepack: ${wasm} is missing or not a WebAssembly module; build it with scripts/build-wasm ` +
    'and copy it here (scripts/test-node-package does both)');
  process.exit(1);
}
