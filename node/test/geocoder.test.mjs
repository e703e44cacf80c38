// Tests of the installed geocoder-wasm package: scripts/test-node-package installs the `npm pack` tarball
// into a fresh project and runs `node --test` there, so 'geocoder-wasm' below is the installed copy, with
// the geocoder.wasm it bundles.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';

import { Geocoder, GeocoderError, GeocoderProcessError } from 'geocoder-wasm';

const require = createRequire(import.meta.url);

/** Whether a process with this id still exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

/** A spread of points over land, sea, borders and the antimeridian. */
function samplePoints() {
  const points = [[48.8566, 2.3522], [0, -30], [43.67, 7.27], [-16.5, 179.9], [-16.5, -179.9], [90, 0], [-90, 0]];
  for (let lat = -80; lat <= 80; lat += 8) {
    for (let lon = -180; lon < 180; lon += 15) points.push([lat + 0.37, lon + 0.61]);
  }
  return points;
}

describe('geocoder-wasm', () => {
  let g;
  before(async () => {
    g = await Geocoder.open();
  });
  after(async () => {
    await g.close();
  });

  test('the CommonJS and ES module entries are the same classes', () => {
    const cjs = require('geocoder-wasm');
    assert.equal(cjs.Geocoder, Geocoder);
    assert.equal(cjs.GeocoderError, GeocoderError);
  });

  test('Paris is in France', async () => {
    const paris = await g.reverse(48.8566, 2.3522);
    assert.equal(paris.iso2, 'FR');
    assert.equal(paris.match, 'inside');
    assert.equal(paris.distanceKm, 0);
  });

  test('the mid-Atlantic is in no country', async () => {
    assert.equal(await g.reverse(0, -30, { fields: ['country'] }), null);
    // By default every member: the placemark's other members still know the nautical time zone and the
    // nearest place.
    const sea = await g.reverse(0, -30);
    assert.deepEqual(sea, await g.reverse(0, -30, { fields: ['country', 'admin1', 'territory', 'locality', 'timezone'] }));
    assert.equal(sea.iso2, undefined);
    assert.equal(sea.timezone, 'Etc/GMT+2');
    assert.ok(sea.locality.distanceKm > 500);
  });

  test('a placemark: admin-1, territory, locality and time zone', async () => {
    const cayenne = await g.reverse(4.94, -52.33);  // every member by default
    assert.equal(cayenne.iso2, 'FR');
    assert.equal(cayenne.admin1.iso3166_2, 'FR-GF');
    assert.equal(cayenne.territory.iso2, 'GF');
    assert.equal(cayenne.timezone, 'America/Cayenne');
    assert.equal(cayenne.locality.name, 'Cayenne');
  });

  test('maxDistanceKm reaches the server', async () => {
    const nice = await g.reverse(43.67, 7.27);
    assert.equal(nice.iso2, 'FR');
    assert.equal(nice.match, 'nearest');
    assert.equal(await g.reverse(43.67, 7.27, { maxDistanceKm: 0, fields: ['country'] }), null);
  });

  test('reverseMany gives the per-point answers, in order, across chunks', async () => {
    const points = samplePoints();
    const single = [];
    const fields = ['country'];
    for (const [lat, lon] of points) single.push(await g.reverse(lat, lon, { maxDistanceKm: 300, fields }));
    assert.ok(single.some((r) => r === null) && single.some((r) => r !== null), 'the sample has land and sea');
    const whole = await g.reverseMany(points, { maxDistanceKm: 300, fields });
    assert.deepEqual(whole, single);
    const chunked = await g.reverseMany(points, { maxDistanceKm: 300, chunkSize: 7, fields });
    assert.deepEqual(chunked, single);
  });

  test('reverseMany takes {lat, lon} objects and an empty list', async () => {
    const answers = await g.reverseMany([{ lat: 48.8566, lon: 2.3522 }, [35.6762, 139.6503]]);
    assert.deepEqual(answers.map((a) => a.iso2), ['FR', 'JP']);
    assert.deepEqual(await g.reverseMany([]), []);
  });

  test('reverseMany names a bad point by its index in the whole list', async () => {
    const points = samplePoints().slice(0, 20);
    points[13] = [91, 0];
    await assert.rejects(g.reverseMany(points, { chunkSize: 5 }), (error) => {
      assert.ok(error instanceof GeocoderError);
      assert.equal(error.code, -32602);
      assert.equal(error.data.param, 'points[13][0]');
      return true;
    });
  });

  test('reverseMany splits a chunk the server finds too costly', async () => {
    // 5,000 points at the largest radius are estimated over the server's work budget for one line: the
    // first request is refused with a maxWork error and the client must resend it in smaller pieces.
    // Points on land, which cost little to answer whatever the radius, so the test stays quick.
    const land = [[48.8566, 2.3522], [35.6762, 139.6503], [-15.79, -47.88], [-1.29, 36.82], [55.75, 37.62]];
    const points = Array.from({ length: 5000 }, (_, i) => land[i % land.length]);
    const expected = [];
    for (const [lat, lon] of land) expected.push(await g.reverse(lat, lon, { maxDistanceKm: 20037.5 }));
    await assert.rejects(g.request('reverseGeocodeMany', { points, maxDistanceKm: 20037.5 }), (error) => {
      assert.equal(error.code, -32600);
      assert.equal(error.data.limit, 'maxWork');
      return true;
    });
    const answers = await g.reverseMany(points, { maxDistanceKm: 20037.5, chunkSize: 5000 });
    assert.equal(answers.length, points.length);
    answers.forEach((answer, i) => assert.deepEqual(answer, expected[i % land.length], `point ${i}`));
  });

  test('forward "Paris" finds the city', async () => {
    const matches = await g.forward('Paris');
    const city = matches.find((m) => m.kind === 'city');
    assert.ok(city, 'a city among the matches');
    assert.equal(city.name, 'Paris');
    assert.equal(city.iso2, 'FR');
  });

  test('forward options reach the server', async () => {
    const [austria] = await g.forward('Oesterreich', { limit: 1, lang: 'de' });
    assert.equal(austria.name, 'Österreich');
    const texas = await g.forward('Paris', { countryCodes: ['US'], kinds: ['city'], limit: 3 });
    assert.ok(texas.length > 0);
    assert.ok(texas.every((m) => m.kind === 'city' && m.iso2 === 'US'));
    const countries = await g.forward('Paris', { kinds: ['country'] });
    assert.ok(countries.every((m) => m.kind === 'country'));
  });

  test('forward match: codes only never falls back to names', async () => {
    const [angola] = await g.forward('AO', { match: 'code', limit: 1 });
    assert.equal(angola.iso2, 'AO');
    assert.deepEqual(await g.forward('Paris', { match: 'code' }), []);
  });

  test('serverInfo describes the embedded dataset', async () => {
    const info = await g.serverInfo();
    assert.equal(info.runtime, 'wasm');
    assert.equal(info.indexCache, null);
    assert.ok(info.layers.countries.present && info.layers.countries.features > 200);
    assert.ok(info.files.some((f) => f.role === 'embedded'));
    assert.deepEqual(info.userLayers, []);
  });

  test('countriesInBBox by position and by object', async () => {
    const byPosition = await g.countriesInBBox(49.4, 5.7, 50.2, 6.6);
    assert.ok(byPosition.some((c) => c.iso2 === 'LU'));
    const byName = await g.countriesInBBox({ minLat: 49.4, minLon: 5.7, maxLat: 50.2, maxLon: 6.6 });
    assert.deepEqual(byName, byPosition);
  });

  test('error replies reject with GeocoderError (code, message, data)', async () => {
    await assert.rejects(g.reverse(91, 0), (error) => {
      assert.ok(error instanceof GeocoderError);
      assert.equal(error.code, -32602);
      assert.match(error.message, /^Invalid params/);
      assert.equal(error.data.param, 'lat');
      assert.equal(error.data.value, 91);
      return true;
    });
    await assert.rejects(g.forward('Paris', { limit: 0 }), (e) => e instanceof GeocoderError && e.data.param === 'limit');
    await assert.rejects(g.forward('Paris', { languages: 'de' }),
      (e) => e instanceof GeocoderError && e.code === -32602 && e.data.accepted.includes('lang'));
    await assert.rejects(g.request('noSuchMethod'), (e) => e instanceof GeocoderError && e.code === -32601);
    // The server goes on answering after errors.
    assert.equal((await g.reverse(48.8566, 2.3522)).iso2, 'FR');
  });

  test('a request over one of the server limits rejects alone, the calls around it are answered', async () => {
    const calls = await Promise.allSettled([
      g.reverse(48.8566, 2.3522),
      g.forward('a'.repeat(70_000)), // a string over 64 KiB
      g.request('forwardGeocode', { query: 'Lima', pad: 'x'.repeat(17 * 1024 * 1024) }), // a line over 16 MiB
      g.request('reverseGeocode', JSON.parse('['.repeat(100) + ']'.repeat(100))), // nested over 64 deep
      g.forward('Lima', { limit: 1 }),
    ]);
    assert.equal(calls[0].value.iso2, 'FR');
    assert.deepEqual(calls.slice(1, 4).map((c) => [c.reason.constructor, c.reason.code, c.reason.data.limit]), [
      [GeocoderError, -32700, 'maxStringBytes'],
      [GeocoderError, -32700, 'maxLineBytes'],
      [GeocoderError, -32700, 'maxDepth'],
    ]);
    assert.equal(calls[4].value[0].iso2, 'PE');
  });

  test('many concurrent requests each get their own answer', async () => {
    const calls = [];
    for (const [lat, lon] of samplePoints()) calls.push(['reverse', lat, lon]);
    for (const name of ['Paris', 'Berlin', 'Tokyo', 'Brasil', 'Deutschland', 'Cambridge, MA', 'Germny', 'Lima']) {
      calls.push(['forward', name]);
    }
    for (let lat = -60; lat < 60; lat += 20) calls.push(['countriesInBBox', lat, -10, lat + 15, 30]);
    const run = ([method, ...args]) => g[method](...args);
    const sequential = [];
    for (const call of calls) sequential.push(await run(call));
    // Several rounds, each one burst of every call in a different order, errors mixed in.
    for (let round = 0; round < 3; round++) {
      const order = calls.map((_, i) => i).sort((a, b) => ((a * 7919 + round * 104729) % 997) - ((b * 7919 + round * 104729) % 997));
      const bad = order.map(() => g.reverse(-91, 0).then(() => 'answered', (e) => e.data.value));
      const answers = await Promise.all(order.map((i) => run(calls[i])));
      order.forEach((i, k) => assert.deepEqual(answers[k], sequential[i], `call ${i} (${calls[i].join(' ')})`));
      assert.ok((await Promise.all(bad)).every((v) => v === -91));
    }
  });

  test('discover returns the OpenRPC document', async () => {
    const doc = await g.discover();
    assert.ok(doc.methods.some((m) => m.name === 'reverseGeocodeMany'));
  });
});

describe('the server process', () => {
  test('close() answers what was sent, ends the process and refuses later calls', async () => {
    const g = await Geocoder.open();
    const pid = g.pid;
    assert.ok(alive(pid));
    const pending = [g.reverse(48.8566, 2.3522), g.forward('Lima', { limit: 1 })];
    const exit = await g.close();
    assert.deepEqual(exit, { code: 0, signal: null });
    const [paris, lima] = await Promise.all(pending);
    assert.equal(paris.iso2, 'FR');
    assert.equal(lima[0].iso2, 'PE');
    assert.equal(alive(pid), false);
    await assert.rejects(g.reverse(0, 0), GeocoderProcessError);
    assert.deepEqual(await g.close(), exit);
  });

  test('a process that dies rejects the calls waiting for it', async () => {
    const g = await Geocoder.open();
    process.kill(g.pid, 'SIGKILL');
    await assert.rejects(g.reverse(48.8566, 2.3522), (error) => {
      assert.ok(error instanceof GeocoderProcessError);
      assert.equal(error.signal, 'SIGKILL');
      return true;
    });
    await assert.rejects(g.forward('Paris'), GeocoderProcessError);
    assert.deepEqual(await g.close(), { code: null, signal: 'SIGKILL' });
  });

  test('open() rejects when the module or node is missing, or the module does not run', async () => {
    await assert.rejects(Geocoder.open({ wasmPath: '/nonexistent/geocoder.wasm' }), GeocoderProcessError);
    await assert.rejects(Geocoder.open({ nodePath: '/nonexistent/node' }), (error) => {
      assert.ok(error instanceof GeocoderProcessError);
      assert.equal(error.cause?.code, 'ENOENT');
      return true;
    });
    await assert.rejects(Geocoder.open({ wasmPath: require.resolve('geocoder-wasm/package.json') }), (error) => {
      assert.ok(error instanceof GeocoderProcessError);
      assert.notEqual(error.exitCode, 0);
      assert.ok(error.stderr.length > 0, 'the child says why on stderr');
      return true;
    });
  });

  test('open({layers}) reads the GeoJSON from its folder and nearby/whereAmI search it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geocoder layers '));
    const file = path.join(dir, 'pois.geojson');
    fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [
      { type: 'Feature', id: 'kiosk', properties: { title: 'Kiosk' }, geometry: { type: 'Point', coordinates: [24.9414, 60.1719] } },
      { type: 'Feature', id: 'far', properties: { title: 'Far' }, geometry: { type: 'Point', coordinates: [25.5, 60.5] } },
    ] }));
    const withLayers = await Geocoder.open({ layers: { pois: file }, layerNameKey: 'title' });
    try {
      const hits = await withLayers.request('nearby', { lat: 60.1710, lon: 24.9414, radiusM: 500 });
      assert.deepEqual(hits.map((h) => [h.layer, h.id, h.name, h.direction]), [['pois', 'kiosk', 'Kiosk', 'N']]);
      assert.ok(Math.abs(hits[0].distanceM - 100.1) < 0.5, `distance ${hits[0].distanceM}`);
      const here = await withLayers.request('whereAmI', { lat: 60.1710, lon: 24.9414, poiLayer: 'pois' });
      assert.equal(here.nearestPOI.name, 'Kiosk');
    } finally {
      await withLayers.close();
    }
    // A missing file: the module says which layer and why, and open() rejects.
    await assert.rejects(Geocoder.open({ layers: { pois: path.join(dir, 'missing.geojson') } }), (error) => {
      assert.ok(error instanceof GeocoderProcessError);
      assert.equal(error.exitCode, 1);
      assert.match(error.stderr, /^geocoder: layer pois: cannot read .*missing\.geojson: No such file or directory$/);
      return true;
    });
    await assert.rejects(Geocoder.open({ layers: ['pois.geojson'] }), TypeError);
    fs.rmSync(dir, { recursive: true });
  });

  test('nearby, nearbyMany, whereAmI and whereAmIMany: typed calls with options, the same answers as request()', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geocoder around '));
    const file = path.join(dir, 'city.geojson');
    // Main Street runs east-west at 60.1700 N; a kiosk 100 m north of it; a park polygon 55 m south of it.
    fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [
      { type: 'Feature', id: 1, properties: { name: 'Main Street' },
        geometry: { type: 'LineString', coordinates: [[24.930, 60.1700], [24.950, 60.1700]] } },
      { type: 'Feature', id: 'kiosk', properties: { name: 'Kiosk', amenity: 'kiosk' },
        geometry: { type: 'Point', coordinates: [24.9400, 60.1709] } },
      { type: 'Feature', id: 'park', properties: { name: 'Park' },
        geometry: { type: 'Polygon', coordinates: [[[24.935, 60.1690], [24.945, 60.1690], [24.945, 60.1695], [24.935, 60.1695], [24.935, 60.1690]]] } },
    ] }));
    const city = await Geocoder.open({ layers: { city: file } });
    try {
      assert.deepEqual((await city.serverInfo()).userLayers,
        [{ name: 'city', features: 3, points: 1, lines: 1, polygons: 1 }]);
      const hits = await city.nearby(60.1701, 24.9400, { radiusM: 300 });
      assert.deepEqual(hits.map((h) => h.name), ['Main Street', 'Park', 'Kiosk']);
      assert.deepEqual(hits, await city.request('nearby', { lat: 60.1701, lon: 24.9400, radiusM: 300 }));
      assert.equal(hits[2].properties.amenity, 'kiosk');
      assert.equal(hits[1].geometry, 'Polygon');
      assert.equal(hits[1].inside, false);
      // The options reach the server: a kind filter, a limit, a layer list, and a layer that is not loaded.
      assert.deepEqual((await city.nearby(60.1701, 24.9400, { geometry: 'point' })).map((h) => h.id), ['kiosk']);
      assert.deepEqual((await city.nearby(60.1701, 24.9400, { limit: 1, layers: ['city'] })).map((h) => h.id), [1]);
      assert.deepEqual(await city.nearby(60.1701, 24.9400, { radiusM: 1 }), []);
      await assert.rejects(city.nearby(60.1701, 24.9400, { layers: ['roads'] }), (error) => {
        assert.ok(error instanceof GeocoderError);
        assert.equal(error.code, -32602);
        assert.equal(error.data.param, 'layers[0]');
        return true;
      });
      const lists = await city.nearbyMany([[60.1701, 24.9400], { lat: 60.1692, lon: 24.9400 }], { radiusM: 300 });
      assert.equal(lists.length, 2);
      assert.deepEqual(lists[0], hits);
      assert.equal(lists[1][0].name, 'Park');
      assert.equal(lists[1][0].distanceM, 0);

      const here = await city.whereAmI(60.1701, 24.9400, { heading: 90 });
      assert.equal(here.context, 'alongsideRoad');
      assert.equal(here.road.name, 'Main Street');
      assert.match(here.phrase, /^You are facing east along Main Street\./);
      assert.deepEqual(here, await city.request('whereAmI', { lat: 60.1701, lon: 24.9400, heading: 90 }));
      const inPark = await city.whereAmI(60.1692, 24.9400, { poiLayer: 'city' });
      assert.equal(inPark.context, 'insidePOI');
      assert.equal(inPark.poi.name, 'Park');
      await assert.rejects(city.whereAmI(60.1701, 24.9400, { roadLayer: 'roads' }), GeocoderError);

      const trace = await city.whereAmIMany([[60.1701, 24.9390], [60.1701, 24.9400, 90], { lat: 60.1692, lon: 24.9400 }]);
      assert.deepEqual(trace.map((a) => a.context), ['alongsideRoad', 'alongsideRoad', 'insidePOI']);
      assert.deepEqual(trace[1], here);
      assert.throws(() => city.whereAmIMany('60.17,24.94'), TypeError);
      assert.throws(() => city.nearbyMany({ lat: 60.17, lon: 24.94 }), TypeError);
    } finally {
      await city.close();
      fs.rmSync(dir, { recursive: true });
    }
  });

  test('a program that forgets close() still exits when its work is done', () => {
    // The server is unref'd while idle; if it kept the event loop alive, this child would never exit and
    // spawnSync would stop it at the timeout (a guard against hanging the suite, not a measurement).
    const script = `import { Geocoder } from 'geocoder-wasm';
      const g = await Geocoder.open();
      console.log((await g.reverse(48.8566, 2.3522)).iso2);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: process.cwd(), encoding: 'utf8', timeout: 60_000,
    });
    assert.equal(run.signal, null, `the program did not exit by itself: ${run.stderr}`);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), 'FR');
  });
});
