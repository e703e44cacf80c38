// Type-checks node/index.d.ts the way a TypeScript user meets it, and holds it to the server's OpenRPC document.
//
//   NODE_PATH=/usr/share/nodejs node node/types-check/check-types.mjs PROJECT OPENRPC
//
// PROJECT is a folder where `geocoder-wasm` is installed from its tarball (scripts/test-node-package makes one);
// OPENRPC is rpc-schema/openrpc.json. Needs the TypeScript compiler as a module (Debian's node-typescript).
//
// 1. consumer.ts, copied into PROJECT, is compiled with --strict against the INSTALLED package (package.json
//    "exports" → "types", Node16 resolution, as a user's project resolves it). It calls every method with the
//    declared types, and its `@ts-expect-error` lines misuse them: tsc fails if such a line compiles, so the
//    types cannot silently widen to `any`.
// 2. The declared result and option types are compared with the OpenRPC schemas, member by member: the same
//    members, the same optional members, null allowed exactly where the schema allows it, the same string
//    enums, recursively through nested objects. A member added to the server's replies or params without the
//    types (or the other way round) fails here.
// 3. Every OpenRPC method has a Geocoder method, unless it is listed in UNWRAPPED with the reason.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const [project, openrpcPath] = process.argv.slice(2);
if (!project || !openrpcPath) {
  console.error('usage: check-types.mjs PROJECT OPENRPC');
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
const problems = [];

// 1. Compile the consumer against the installed package.
fs.copyFileSync(path.join(here, 'consumer.ts'), path.join(project, 'consumer.ts'));
const options = {
  strict: true, noEmit: true, target: ts.ScriptTarget.ES2020, lib: ['lib.es2020.d.ts'],
  module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, types: [],
  noUnusedLocals: false, skipLibCheck: false,
};
const program = ts.createProgram([path.join(project, 'consumer.ts')], options);
for (const d of ts.getPreEmitDiagnostics(program)) {
  const where = d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
  problems.push(`tsc: ${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
const declarations = program.getSourceFiles().find((f) => f.fileName.endsWith(path.join('geocoder-wasm', 'index.d.ts')));
if (!declarations) {
  problems.push('tsc did not resolve geocoder-wasm to the installed index.d.ts');
  finish();
}
const checker = program.getTypeChecker();

function declared(name) {
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(declarations));
  const symbol = exported.find((s) => s.name === name);
  if (!symbol) problems.push(`index.d.ts declares no type ${name}`);
  return symbol ? checker.getDeclaredTypeOfSymbol(symbol) : null;
}

// 2. Declared types against the OpenRPC schemas.
const doc = JSON.parse(fs.readFileSync(openrpcPath, 'utf8'));
const schemas = doc.components.schemas;
const resolve = (s) => (s && s.$ref ? schemas[s.$ref.split('/').pop()] : s);

/** The schema's alternatives, with null split off: {nullable, schemas}. */
function alternatives(schema) {
  schema = resolve(schema);
  let nullable = false;
  const out = [];
  for (const s of schema.oneOf ?? schema.anyOf ?? [schema]) {
    const r = resolve(s);
    const types = Array.isArray(r.type) ? r.type : r.type ? [r.type] : [];
    if (types.includes('null')) nullable = true;
    if (r.type === 'null') continue;
    out.push(types.includes('null') ? { ...r, type: types.filter((t) => t !== 'null') } : r);
  }
  return { nullable, schemas: out };
}

function compare(type, schema, where, optionalMember = false) {
  const { nullable, schemas: alts } = alternatives(schema);
  const parts = type.isUnion() ? type.types : [type];
  const tsNull = parts.some((t) => t.flags & ts.TypeFlags.Null);
  if (tsNull !== nullable) {
    problems.push(`${where}: the schema ${nullable ? 'allows' : 'does not allow'} null, the type ${tsNull ? 'does' : 'does not'}`);
  }
  const rest = parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  const values = alts.length === 1 ? (alts[0].const !== undefined ? [alts[0].const] : alts[0].enum) : undefined;
  if (values && values.every((v) => typeof v === 'string')) {
    const literals = rest.filter((t) => t.isStringLiteral()).map((t) => t.value);
    const want = [...values].sort(), have = [...literals].sort();
    if (rest.length !== literals.length || JSON.stringify(want) !== JSON.stringify(have)) {
      problems.push(`${where}: the schema's enum is ${JSON.stringify(want)}, the type ${checker.typeToString(type)}`);
    }
    return;
  }
  if (alts.length === 1 && alts[0].type === 'array' || (alts.length === 1 && Array.isArray(alts[0].type) && alts[0].type[0] === 'array')) {
    const items = alts[0].items;
    const array = rest.length === 1 && (checker.isArrayType(rest[0]) || checker.isTupleType(rest[0])) ? rest[0] : null;
    if (!array) {
      problems.push(`${where}: the schema has an array, the type ${checker.typeToString(type)}`);
    } else if (Array.isArray(items)) {
      // A fixed list (draft-07 `items: [...]`): a tuple of as many members, each compared.
      const members = checker.isTupleType(array) ? checker.getTypeArguments(array) : [];
      if (members.length !== items.length) {
        problems.push(`${where}: the schema lists ${items.length} items, the type is ${checker.typeToString(array)}`);
      } else {
        items.forEach((item, k) => compare(members[k], item, `${where}[${k}]`));
      }
    } else if (items) {
      compare(checker.isTupleType(array) ? checker.getTypeArguments(array)[0] : checker.getTypeArguments(array)[0], items, `${where}[]`);
    }
    return;
  }
  if (alts.length === 1 && alts[0].properties) {
    if (rest.length !== 1) {
      problems.push(`${where}: the schema has one object, the type ${checker.typeToString(type)}`);
      return;
    }
    compareObject(rest[0], alts[0], where);
    return;
  }
  if (alts.length > 1 && alts.every((a) => a.properties)) {
    // A tagged union (ForwardMatch): each alternative against the declared member with the same tag.
    for (const a of alts) {
      const tag = a.properties.kind?.const ?? a.properties.kind?.enum?.[0];
      const member = rest.find((t) => {
        const kind = t.getProperty('kind');
        const literal = kind && checker.getTypeOfSymbol(kind);
        return literal && literal.isStringLiteral() && literal.value === tag;
      });
      if (!member) problems.push(`${where}: no declared type for kind ${tag}`);
      else compareObject(member, a, `${where}<${tag}>`);
    }
    return;
  }
  const primitive = { string: ts.TypeFlags.StringLike, number: ts.TypeFlags.NumberLike, integer: ts.TypeFlags.NumberLike,
    boolean: ts.TypeFlags.BooleanLike };
  for (const a of alts) {
    for (const t of Array.isArray(a.type) ? a.type : [a.type]) {
      if (primitive[t] && !rest.some((r) => r.flags & primitive[t])) {
        problems.push(`${where}: the schema allows ${t}, the type is ${checker.typeToString(type)}`);
      }
    }
  }
}

function compareObject(type, schema, where, ignore = []) {
  const declaredMembers = new Map(checker.getPropertiesOfType(type).filter((p) => !ignore.includes(p.name)).map((p) => [p.name, p]));
  const required = new Set(schema.required ?? []);
  for (const [name, member] of Object.entries(schema.properties)) {
    const property = declaredMembers.get(name);
    if (!property) {
      problems.push(`${where}.${name}: in the schema, not in the type`);
      continue;
    }
    declaredMembers.delete(name);
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    if (schema.required && optional === required.has(name)) {
      problems.push(`${where}.${name}: ${required.has(name) ? 'required' : 'optional'} in the schema, ${optional ? 'optional' : 'required'} in the type`);
    }
    // An optional member's type includes undefined; compare() sets undefined aside and looks at null only.
    compare(checker.getTypeOfSymbol(property), member, `${where}.${name}`);
  }
  for (const name of declaredMembers.keys()) problems.push(`${where}.${name}: in the type, not in the schema`);
}

/** Params of a method as an object schema, less the ones the client passes positionally. */
function paramsSchema(method, less) {
  const m = doc.methods.find((x) => x.name === method);
  const params = m.params.filter((p) => !less.includes(p.name));
  return {
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

const results = ['ReverseMatch', 'Admin1', 'Territory', 'Locality', 'CountryCodes', 'ForwardCountry', 'ForwardCity', 'ForwardAdmin1', 'ServerInfo',
  'NearbyFeature', 'Intersection', 'WhereAmI'];
const pairs = [
  ...results.map((name) => [name, schemas[name]]),
  ['ReverseOptions', paramsSchema('reverseGeocode', ['lat', 'lon'])],
  ['ReverseManyOptions', paramsSchema('reverseGeocodeMany', ['points']), ['chunkSize']],
  ['ForwardOptions', paramsSchema('forwardGeocode', ['query'])],
  ['BBox', paramsSchema('countriesInBBox', [])],
  ['NearbyOptions', paramsSchema('nearby', ['lat', 'lon'])],
  ['WhereAmIOptions', paramsSchema('whereAmI', ['lat', 'lon'])],
  ['WhereAmIManyOptions', paramsSchema('whereAmIMany', ['points'])],
];
// nearbyMany takes nearby's options: the same params less the points.
{
  const nearbyOptions = paramsSchema('nearby', ['lat', 'lon']);
  const manyOptions = paramsSchema('nearbyMany', ['points']);
  if (JSON.stringify(nearbyOptions) !== JSON.stringify(manyOptions)) {
    problems.push('nearbyMany\'s params (less points) differ from nearby\'s (less lat, lon): Geocoder.nearbyMany takes NearbyOptions');
  }
}
for (const [name, schema, ignore] of pairs) {
  const type = declared(name);
  if (type) compareObject(type, schema, name, ignore);
}
const forwardMatch = declared('ForwardMatch');
if (forwardMatch) compare(forwardMatch, schemas.ForwardMatch, 'ForwardMatch');

// 3. A Geocoder method for every RPC method.
const WRAPPED = { reverseGeocode: 'reverse', reverseGeocodeMany: 'reverseMany', forwardGeocode: 'forward',
  countriesInBBox: 'countriesInBBox', serverInfo: 'serverInfo', nearby: 'nearby', nearbyMany: 'nearbyMany',
  whereAmI: 'whereAmI', whereAmIMany: 'whereAmIMany' };
const UNWRAPPED = {};
const geocoder = declared('Geocoder');
for (const m of geocoder ? doc.methods : []) {
  if (UNWRAPPED[m.name]) continue;
  if (!WRAPPED[m.name]) problems.push(`OpenRPC method ${m.name}: no Geocoder method is mapped to it (WRAPPED or UNWRAPPED)`);
  else if (!geocoder.getProperty(WRAPPED[m.name])) problems.push(`Geocoder.${WRAPPED[m.name]}: missing (OpenRPC ${m.name})`);
}

finish();

function finish() {
  for (const p of problems) console.error(`check-types: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`check-types: consumer.ts compiles with --strict against the installed package (TypeScript ${ts.version}); `
    + `${pairs.length + 1} declared types match the OpenRPC schemas; every method is wrapped or listed`);
  process.exit(0);
}
