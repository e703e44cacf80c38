// A small Node.js client for the geocoder: one `geocoder` process (child_process.spawn), one
// method per RPC, each returning a Promise. No dependencies.
//
//   const { Geocoder } = require("./geocoder-client");
//   const geo = new Geocoder();
//   const paris = await geo.reverseGeocode(48.8566, 2.3522);   // { iso2: "FR", ... }
//   await geo.close();
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const readline = require("readline");

class GeocoderError extends Error {
  constructor(error) {
    super(`${error.code}: ${error.message}`);
    this.code = error.code;
    this.data = error.data;
  }
}

function findBinary() {
  if (process.env.GEOCODER_BIN) return process.env.GEOCODER_BIN;
  const built = path.join(__dirname, "..", "..", ".build", "release", "geocoder");
  return fs.existsSync(built) ? built : "geocoder";
}

class Geocoder {
  constructor(binary = findBinary(), args = []) {
    this.proc = spawn(binary, args, { stdio: ["pipe", "pipe", "inherit"] });
    this.nextId = 1;
    this.pending = new Map(); // id -> { resolve, reject }
    // Replies come one per line; they are matched to requests by id, so calls may overlap.
    readline.createInterface({ input: this.proc.stdout }).on("line", (line) => {
      const reply = JSON.parse(line);
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.error) waiter.reject(new GeocoderError(reply.error));
      else waiter.resolve(reply.result);
    });
    this.exited = new Promise((resolve) => this.proc.on("close", resolve));
  }

  call(method, params) {
    const id = this.nextId++;
    const request = { jsonrpc: "2.0", method, id };
    if (params !== undefined) request.params = params;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.proc.stdin.write(JSON.stringify(request) + "\n");
    });
  }

  // The placemark: the country and, by default, every other member; fields ['country'] for the country alone.
  reverseGeocode(lat, lon, maxDistanceKm, fields) {
    const params = { lat, lon };
    if (maxDistanceKm !== undefined) params.maxDistanceKm = maxDistanceKm;
    if (fields !== undefined) params.fields = fields;
    return this.call("reverseGeocode", params);
  }

  forwardGeocode(query, limit) {
    const params = { query };
    if (limit !== undefined) params.limit = limit;
    return this.call("forwardGeocode", params);
  }

  countriesInBBox(minLat, minLon, maxLat, maxLon) {
    return this.call("countriesInBBox", [minLat, minLon, maxLat, maxLon]);
  }

  discover() {
    return this.call("rpc.discover");
  }

  /** Closes stdin and resolves with the exit status. */
  close() {
    this.proc.stdin.end();
    return this.exited;
  }
}

module.exports = { Geocoder, GeocoderError };
