// Compiles every schema of rpc-schema/openrpc.json with ajv in strict mode (unknown keywords, defaults and
// numbers are errors), as draft-07 tools do: a 2019-09/2020-12 keyword such as prefixItems would fail here.
// Then checks the points schema really tests each [lat, lon] pair. Run by test_openrpc_schema.py with
// NODE_PATH=/usr/share/nodejs (Debian's node-ajv 6, which scripts/test installs).
//   node ajv_compile.js path/to/openrpc.json
'use strict';
const Ajv = require('ajv');
const fs = require('fs');

const doc = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
// ajv resolves "#/..." against the schema being compiled: carry the document's schemas along as
// draft-07 `definitions` (a known keyword; `components` would be an unknown one in strict mode).
const definitions = JSON.parse(JSON.stringify(doc.components.schemas).split('#/components/schemas/').join('#/definitions/'));
const ajv = new Ajv({ strictKeywords: true, strictDefaults: true, strictNumbers: true, allErrors: true });
function compile(schema) {
  const text = JSON.stringify(schema).split('#/components/schemas/').join('#/definitions/');
  return ajv.compile(Object.assign({}, JSON.parse(text), { definitions }));
}
let count = 0;
for (const method of doc.methods) {
  for (const param of method.params) { compile(param.schema); count++; }
  compile(method.result.schema); count++;
  for (const example of method.examples || []) {
    const check = compile(method.result.schema);
    if (!check(example.result.value)) throw new Error(method.name + ' example: ' + ajv.errorsText(check.errors));
  }
}
for (const name of Object.keys(doc['x-errorDataSchemas'])) {
  const check = compile(doc['x-errorDataSchemas'][name]); count++;
  if (!check(doc.components.errors[name].data)) throw new Error(name + ' data: ' + ajv.errorsText(check.errors));
}
const points = compile(doc.methods.find((m) => m.name === 'reverseGeocodeMany').params[0].schema);
const verdicts = [[[1, 2]], [[91, 2]], [[1, 2, 3]], [['1', 2]]].map((p) => points(p));
if (JSON.stringify(verdicts) !== '[true,false,false,false]') throw new Error('points schema verdicts ' + verdicts);
console.log('ajv ' + require('ajv/package.json').version + ' strict: compiled ' + count + ' schemas');
