// geocoder-wasm: a promise-based client for the geocoder's JSON-RPC server, compiled to WebAssembly
// (geocoder.wasm, bundled) and run by node:wasi in a child process. No native binary, no data files.
//
//   const { Geocoder } = require('geocoder-wasm');
//   const g = await Geocoder.open();
//   await g.reverse(48.8566, 2.3522);           // { iso2: 'FR', name: 'France', match: 'inside', ... }
//   await g.forward('Paris', { limit: 3 });      // [{ kind: 'city', name: 'Paris', iso2: 'FR', ... }, ...]
//   // with open({ layers: { pois: 'pois.geojson' } }): g.nearby(60.17, 24.94), g.whereAmI(60.17, 24.94, { heading: 90 })
//   await g.close();
//
// Why a child process and not a worker thread: the module is a WASI *command*; wasi.start() runs the
// server's whole life as one synchronous call that blocks its thread on stdin reads. Whatever thread runs
// it needs its stdin and stdout to be file descriptors, which a child's stdio pipes are, with nothing to
// write (a worker would need its own pipes or a SharedArrayBuffer + Atomics shim around fd_read/fd_write).
// A separate process also isolates the host: node 20's V8 can corrupt objects when it garbage-collects
// during a long wasm call, worked around by V8 flags (--no-incremental-marking, --no-flush-bytecode) that
// are process-wide; in a child they change nothing in the user's process, and if the module or V8 still
// dies, only the child dies: its pending calls reject with GeocoderProcessError, and the user's process
// goes on. The cost is one more node process (110 MB resident; open() takes 0.3-0.8 s, mostly compiling the module).
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const BUNDLED_WASM = path.join(__dirname, 'geocoder.wasm');
const RUNNER = path.join(__dirname, 'runner.mjs');
/** Flags for the child's node; see runner.mjs for why. */
const NODE_FLAGS = ['--no-incremental-marking', '--no-flush-bytecode', '--no-warnings'];
/**
 * Points per reverseGeocodeMany request. The server refuses a line whose estimated work passes its budget
 * (--max-work, 10,000,000 units; at most 2,000 units a point at the largest radius), so 4,000 points fit at
 * any maxDistanceKm; at about 40 bytes a point the line is far under the 16 MiB line limit. Should the cost
 * model change, reverseMany splits a refused chunk by the figures the refusal gives.
 */
const DEFAULT_CHUNK_SIZE = 4000;
/**
 * reverseMany requests in flight at once, so the next chunk is encoded and sent while the server answers one
 * and the server never waits for the client (on this busy 2-core machine 1 and 2 were within the noise).
 */
const CHUNKS_IN_FLIGHT = 2;
/** How much of the child's stderr is kept for error messages. */
const STDERR_TAIL_BYTES = 4096;

/** A JSON-RPC error reply: `code` (-32602 for bad params, ...), the server's `message`, and `data`. */
class GeocoderError extends Error {
  /** @param {{code: number, message: string, data?: any}} error the reply's `error` member */
  constructor(error) {
    super(error.message); // the server's sentence for people, e.g. "Invalid params: lat must be within [-90, 90], got 91"
    this.name = 'GeocoderError';
    this.code = error.code;
    this.data = error.data;
  }
}

/** The server process cannot answer: it could not start, it exited, or the client was closed. */
class GeocoderProcessError extends Error {
  constructor(message, { exitCode = null, signal = null, stderr = '', cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'GeocoderProcessError';
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = stderr;
  }
}

/** Params by name, without members whose value is undefined (the server takes a missing member as its default). */
function named(base, options, skip = []) {
  const params = { ...base };
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object') throw new TypeError('options must be an object');
    for (const [key, value] of Object.entries(options)) {
      if (value !== undefined && !skip.includes(key)) params[key] = value;
    }
  }
  return params;
}

/** `[lat, lon]` for a `{lat, lon}` object; anything else as given (the server checks it and names it). */
function toPair(point) {
  if (point !== null && typeof point === 'object' && !Array.isArray(point) && 'lat' in point && 'lon' in point) {
    return [point.lat, point.lon];
  }
  return point;
}

/**
 * The runner's arguments for `options.layers` ({name: path}) and `options.layerNameKey`: `--dir FOLDER` for
 * each layer's folder (pre-opened under its own absolute path, so the module can read only those folders),
 * the module, then `--layer NAME=ABSOLUTE-PATH` per layer.
 */
function layerArguments(options, wasm) {
  const layers = options.layers ?? {};
  if (layers === null || typeof layers !== 'object' || Array.isArray(layers)) {
    throw new TypeError('layers must be an object {name: path}');
  }
  const dirs = new Set();
  const args = [];
  for (const [name, file] of Object.entries(layers)) {
    if (typeof file !== 'string' || file === '') throw new TypeError(`layers.${name} must be a path`);
    const absolute = path.resolve(file);
    dirs.add(path.dirname(absolute));
    args.push('--layer', `${name}=${absolute}`);
  }
  if (options.layerNameKey !== undefined) {
    if (typeof options.layerNameKey !== 'string') throw new TypeError('layerNameKey must be a string');
    args.push('--layer-name-key', options.layerNameKey);
  }
  return [...[...dirs].flatMap((dir) => ['--dir', dir]), wasm, ...args];
}

class Geocoder {
  /**
   * Starts the server and resolves once it has answered a first request.
   * @param {{wasmPath?: string, nodePath?: string, layers?: Record<string, string>, layerNameKey?: string}} [options]
   *   `layers`: GeoJSON files for `nearby()` and `whereAmI()` (and their Many forms), by layer name; the
   *   module reads each from its folder, which is pre-opened for it, and builds its index at every start.
   * @returns {Promise<Geocoder>}
   */
  static async open(options = {}) {
    const geocoder = new Geocoder(options);
    try {
      await geocoder.request('reverseGeocode', [0, 0]);
    } catch (error) {
      geocoder.kill();
      await geocoder._closed;
      throw error;
    }
    return geocoder;
  }

  /** Use `Geocoder.open()`, which also waits until the server answers. */
  constructor(options = {}) {
    const wasm = path.resolve(options.wasmPath ?? BUNDLED_WASM);
    try {
      fs.accessSync(wasm, fs.constants.R_OK);
    } catch (cause) {
      throw new GeocoderProcessError(`cannot read the WebAssembly module ${wasm}`, { cause });
    }
    // NODE_OPTIONS of the user's process (--inspect, --require hooks, heap limits) are not the child's business.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    this._child = spawn(options.nodePath ?? process.execPath, [...NODE_FLAGS, RUNNER, ...layerArguments(options, wasm)], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env,
      windowsHide: true,
    });
    this._nextId = 1;
    this._pending = new Map(); // id -> { resolve, reject }, in the order the requests were written
    this._partial = []; // bytes of a reply line not yet ended by \n
    this._stderr = '';
    this._failure = null; // the GeocoderProcessError every later call gets, once the process is gone
    this._closing = false;
    this._closePromise = null;
    this._spawnError = null;

    this._child.stdout.on('data', (chunk) => this._onData(chunk));
    this._child.stderr.setEncoding('utf8');
    this._child.stderr.on('data', (text) => {
      this._stderr = (this._stderr + text).slice(-STDERR_TAIL_BYTES);
    });
    // EPIPE when the process is gone; the 'close' event below rejects what is pending. Without handlers, a
    // stream error would be thrown in the user's process.
    for (const stream of [this._child.stdin, this._child.stdout, this._child.stderr]) stream.on('error', () => {});
    this._child.on('error', (error) => {
      this._spawnError = error;
    });
    // 'close' comes after the process has exited and its stdout has been read to the end, so every reply it
    // wrote has been delivered before what is still pending is rejected.
    this._closed = new Promise((resolve) => {
      this._child.on('close', (code, signal) => {
        const exit = { code, signal };
        const why = this._spawnError
          ? `cannot start ${this._child.spawnfile}: ${this._spawnError.message}`
          : `the geocoder process exited (${signal ? `signal ${signal}` : `status ${code}`})`;
        this._failure = new GeocoderProcessError(
          this._closing && !this._spawnError ? 'the geocoder was closed' : why,
          { exitCode: code, signal, stderr: this._stderr.trim(), cause: this._spawnError ?? undefined });
        const left = [...this._pending.values()];
        this._pending.clear();
        for (const { reject } of left) {
          const when = this._spawnError ? '' : ' before answering';
          reject(new GeocoderProcessError(`${why}${when}${this._stderr ? `; stderr: ${this._stderr.trim()}` : ''}`,
            { exitCode: code, signal, stderr: this._stderr.trim(), cause: this._spawnError ?? undefined }));
        }
        resolve(exit);
      });
    });
    this._setRef(false);
  }

  /** The server process's id (undefined if it could not be started). */
  get pid() {
    return this._child.pid;
  }

  /**
   * Sends one JSON-RPC request and resolves with its `result`; rejects with GeocoderError for an error reply.
   * The typed methods below are built on this; it also reaches methods they do not cover (`rpc.discover`).
   * @param {string} method
   * @param {object|Array} [params]
   */
  request(method, params) {
    if (this._failure) return Promise.reject(this._failure);
    if (this._closing) return Promise.reject(new GeocoderProcessError('the geocoder was closed'));
    const id = this._nextId++;
    const message = { jsonrpc: '2.0', id, method }; // id first: the server echoes it even for a line it cannot read
    if (params !== undefined) message.params = params;
    let line;
    try {
      line = JSON.stringify(message) + '\n';
    } catch (error) {
      return Promise.reject(error); // a BigInt or a cycle in params
    }
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      if (this._pending.size === 1) this._setRef(true);
      this._child.stdin.write(line);
    });
  }

  /**
   * The country containing a point, else the one whose border is nearest within `maxDistanceKm`
   * (default 10 km; 0: containment only), else null.
   */
  reverse(lat, lon, options) {
    return this.request('reverseGeocode', named({ lat, lon }, options));
  }

  /**
   * `reverse` for many points (`[lat, lon]` pairs or `{lat, lon}` objects): one answer per point, in order.
   * Sent as reverseGeocodeMany requests of `chunkSize` points (default 4,000, within the server's limits).
   * A bad point rejects with GeocoderError naming it by its index in `points` (`data.param`: `points[7][0]`).
   */
  async reverseMany(points, options = {}) {
    if (!Array.isArray(points)) throw new TypeError('points must be an array');
    const chunkSize = options?.chunkSize ?? DEFAULT_CHUNK_SIZE;
    if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new TypeError('chunkSize must be a whole number >= 1');
    const base = named({}, options, ['chunkSize']);
    const pairs = points.map(toPair);
    const results = new Array(pairs.length);
    const state = { next: 0, chunkSize, failed: false };
    const sendChunks = async () => {
      while (!state.failed && state.next < pairs.length) {
        const start = state.next;
        state.next = Math.min(pairs.length, start + state.chunkSize);
        try {
          await this._reverseRange(pairs, start, state.next, base, results, state);
        } catch (error) {
          state.failed = true;
          throw error;
        }
      }
    };
    const senders = [];
    for (let i = 0; i < CHUNKS_IN_FLIGHT; i++) senders.push(sendChunks());
    await Promise.all(senders);
    return results;
  }

  /** One reverseGeocodeMany request for pairs[start..<end], split further if the server finds it too costly. */
  async _reverseRange(pairs, start, end, base, results, state) {
    let answers;
    try {
      answers = await this.request('reverseGeocodeMany', { ...base, points: pairs.slice(start, end) });
    } catch (error) {
      if (!(error instanceof GeocoderError)) throw error;
      const data = error.data ?? {};
      const count = end - start;
      if (error.code === -32600 && data.limit === 'maxWork' && count > 1 && data.found > 0 && data.max > 0) {
        // The refusal says what the chunk would cost (found) and what a line may cost (max): size the pieces
        // to fit with a margin, and keep that size for the rest of this call.
        const perPoint = data.found / count;
        const fit = Math.max(1, Math.min(Math.floor(count / 2), Math.floor((data.max * 0.9) / perPoint)));
        state.chunkSize = Math.min(state.chunkSize, fit);
        for (let from = start; from < end; from += fit) {
          await this._reverseRange(pairs, from, Math.min(end, from + fit), base, results, state);
        }
        return;
      }
      if (typeof data.param === 'string' && start > 0) {
        // The server counts points within the chunk; name the point by its index in the caller's array.
        throw new GeocoderError({
          code: error.code,
          message: error.message,
          data: { ...data, param: data.param.replace(/^points\[(\d+)\]/, (_, i) => `points[${Number(i) + start}]`) },
        });
      }
      throw error;
    }
    for (let i = 0; i < answers.length; i++) results[start + i] = answers[i];
  }

  /**
   * Countries and cities matching what was typed, best first.
   * @param {string} query
   * @param {{limit?: number, lang?: string, countryCodes?: string[], kinds?: ('country'|'city')[],
   *          match?: 'code'|'name'|'any'}} [options]
   */
  forward(query, options) {
    return this.request('forwardGeocode', named({ query }, options));
  }

  /**
   * The countries whose polygons meet a box: `(minLat, minLon, maxLat, maxLon)` or one `{minLat, minLon,
   * maxLat, maxLon}` object. minLon > maxLon is a box across the antimeridian.
   */
  countriesInBBox(minLat, minLon, maxLat, maxLon) {
    if (minLat !== null && typeof minLat === 'object') {
      const { minLat: s, minLon: w, maxLat: n, maxLon: e } = minLat;
      return this.request('countriesInBBox', { minLat: s, minLon: w, maxLat: n, maxLon: e });
    }
    return this.request('countriesInBBox', { minLat, minLon, maxLat, maxLon });
  }

  /**
   * The features of the user layers (`open({layers})`) within `radiusM` of a point, nearest first, each with
   * its distance, bearing and direction. [] when the server has no layers.
   * @param {number} lat
   * @param {number} lon
   * @param {{radiusM?: number, limit?: number, layers?: string[], geometry?: string|string[]}} [options]
   */
  nearby(lat, lon, options) {
    return this.request('nearby', named({ lat, lon }, options));
  }

  /**
   * `nearby` for each point of a list (`[lat, lon]` pairs or `{lat, lon}` objects), in one nearbyMany request:
   * one array of features per point, in order. The options apply to every point. The server's work budget
   * takes about 10,000 points a request at the default radius; a longer list is refused (-32600, maxWork).
   */
  nearbyMany(points, options) {
    if (!Array.isArray(points)) throw new TypeError('points must be an array');
    return this.request('nearbyMany', named({ points: points.map(toPair) }, options));
  }

  /**
   * Where a point is, as Soundscape says it: inside a place, alongside a road or other, the intersection ahead
   * (within +-45 degrees of `heading`), the nearest road and place, and the English `phrase`.
   * @param {number} lat
   * @param {number} lon
   * @param {{heading?: number, previousRoad?: string, roadLayer?: string, poiLayer?: string}} [options]
   */
  whereAmI(lat, lon, options) {
    return this.request('whereAmI', named({ lat, lon }, options));
  }

  /**
   * `whereAmI` for each point of a trace (`[lat, lon]`, `[lat, lon, heading]` or `{lat, lon, heading?}`), in
   * one whereAmIMany request; the server carries each answer's road to the next point as `previousRoad`.
   * About 10,000 points fit the server's work budget in one request.
   */
  whereAmIMany(points, options) {
    if (!Array.isArray(points)) throw new TypeError('points must be an array');
    return this.request('whereAmIMany', named({ points }, options));
  }

  /** What the server loaded: its layers, name tables, data (for the module, the embedded dataset) and limits. */
  serverInfo() {
    return this.request('serverInfo');
  }

  /** The server's OpenRPC document (`rpc.discover`). */
  discover() {
    return this.request('rpc.discover');
  }

  /**
   * Ends the server: closes its stdin, so it answers every request already sent and exits. Resolves with
   * its exit `{code, signal}` (code 0 normally) once the process is gone; later calls reject. Safe to call
   * more than once.
   * @returns {Promise<{code: number|null, signal: string|null}>}
   */
  close() {
    if (!this._closePromise) {
      this._closing = true;
      this._setRef(true); // keep node alive until the process has exited
      this._child.stdin.end();
      this._closePromise = this._closed;
    }
    return this._closePromise;
  }

  /** Stops the server at once (SIGKILL); pending calls reject. Resolves like `close()`. */
  kill() {
    this._closing = true;
    this._setRef(true);
    if (this._child.exitCode === null && this._child.signalCode === null) this._child.kill('SIGKILL');
    return this._closed;
  }

  /**
   * Whether the server keeps node's event loop alive: only while calls are pending (or it is closing), so a
   * program that forgets close() still exits when its work is done (the server then sees its stdin end).
   */
  _setRef(on) {
    const handles = [this._child, this._child.stdin, this._child.stdout, this._child.stderr];
    for (const handle of handles) {
      if (on) handle.ref?.();
      else if (!this._closing) handle.unref?.();
    }
  }

  /** Splits the child's stdout into lines; a line may arrive in several chunks, and a chunk hold many lines. */
  _onData(chunk) {
    let start = 0;
    let newline;
    while ((newline = chunk.indexOf(10, start)) !== -1) {
      const piece = chunk.subarray(start, newline);
      let line;
      if (this._partial.length > 0) {
        this._partial.push(piece);
        line = Buffer.concat(this._partial).toString('utf8');
        this._partial = [];
      } else {
        line = piece.toString('utf8');
      }
      start = newline + 1;
      if (line.length > 0) this._onLine(line);
    }
    if (start < chunk.length) this._partial.push(chunk.subarray(start));
  }

  _onLine(line) {
    let reply;
    try {
      reply = JSON.parse(line);
    } catch (cause) {
      // Never expected: the server writes one JSON reply per line. Stop rather than guess which call it was.
      this._stderr += `\nunreadable reply line: ${line.slice(0, 200)}`;
      this.kill();
      return;
    }
    let id = reply.id;
    if (id === null || !this._pending.has(id)) {
      // The server answers in the order it reads; a reply whose id it could not read (null) answers the
      // oldest request still waiting. This client writes only well-formed lines, so this is a safeguard.
      if (id !== null || this._pending.size === 0) return;
      id = this._pending.keys().next().value;
    }
    const { resolve, reject } = this._pending.get(id);
    this._pending.delete(id);
    if (this._pending.size === 0) this._setRef(false);
    if (reply.error) reject(new GeocoderError(reply.error));
    else resolve(reply.result);
  }
}

module.exports = { Geocoder, GeocoderError, GeocoderProcessError };
