// A TypeScript user's code against geocoder-wasm, compiled with --strict by check-types.mjs (never run).
// Each `@ts-expect-error` line misuses the API: tsc fails if it compiles, so the declarations stay precise.
import {
  Geocoder, GeocoderError, GeocoderProcessError, ForwardMatch, Placemark, CountryCodes, ServerInfo, ExitStatus,
  NearbyFeature, WhereAmI,
} from 'geocoder-wasm';

export async function use(): Promise<void> {
  const g: Geocoder = await Geocoder.open({ wasmPath: './geocoder.wasm' });
  const here: Placemark | null = await g.reverse(48.85, 2.35, { maxDistanceKm: 0, fields: ['country', 'timezone'] });
  if (here && here.iso2 !== undefined) {
    const code: string | null = here.iso2;
    void code;
  }
  const many: Array<Placemark | null> = await g.reverseMany([[48.85, 2.35], { lat: 0, lon: -30 }], { chunkSize: 100 });
  const found: ForwardMatch[] = await g.forward('Paris', { limit: 3, lang: 'fr', countryCodes: ['FR'], kinds: ['city'], match: 'name' });
  for (const m of found) {
    if (m.kind === 'city') {
      const id: number = m.geonameid;
      void id;
    } else {
      const box: [number, number, number, number] = m.bbox;
      void box;
    }
  }
  const boxed: CountryCodes[] = await g.countriesInBBox({ minLat: 49.4, minLon: 5.7, maxLat: 50.2, maxLon: 6.6 });
  const boxed4: CountryCodes[] = await g.countriesInBBox(49.4, 5.7, 50.2, 6.6);
  const info: ServerInfo = await g.serverInfo();
  const runtime: 'native' | 'wasm' = info.runtime;
  const near = await g.request<unknown[]>('nearby', { lat: 60.17, lon: 24.94 });
  const withLayers: Geocoder = await Geocoder.open({ layers: { pois: 'helsinki.geojson' }, layerNameKey: 'name' });
  const hits: NearbyFeature[] = await withLayers.nearby(60.17, 24.94, { radiusM: 200, limit: 5, layers: ['pois'], geometry: ['point', 'polygon'] });
  const meters: number = hits[0].distanceM;
  const hitLists: NearbyFeature[][] = await withLayers.nearbyMany([[60.17, 24.94], { lat: 60.18, lon: 24.95 }], { geometry: 'line' });
  const where: WhereAmI = await withLayers.whereAmI(60.17, 24.94, { heading: 90, previousRoad: 'Mannerheimintie', roadLayer: 'pois' });
  const spoken: string = where.phrase;
  const roadName: string | null | undefined = where.road?.name;
  const trace: WhereAmI[] = await withLayers.whereAmIMany([[60.17, 24.94], [60.17, 24.95, 90], { lat: 60.18, lon: 24.95, heading: 180 }], { poiLayer: 'pois' });
  await withLayers.close();
  void [meters, hitLists, spoken, roadName, trace];
  try {
    await g.forward('x');
  } catch (error) {
    if (error instanceof GeocoderError) {
      const code: number = error.code;
      void code;
    } else if (error instanceof GeocoderProcessError) {
      const status: number | null = error.exitCode;
      void status;
    }
  }
  const done: ExitStatus = await g.close();
  void [many, boxed, boxed4, runtime, near, done];

  // @ts-expect-error: latitude is a number
  await g.reverse('48.85', 2.35);
  // @ts-expect-error: no such field
  await g.reverse(48.85, 2.35, { fields: ['province'] });
  // @ts-expect-error: kinds are country and city
  await g.forward('Paris', { kinds: ['town'] });
  // @ts-expect-error: match is code, name or any
  await g.forward('Paris', { match: 'codes' });
  // @ts-expect-error: a forward result has no distanceKm
  found[0].distanceKm;
  // @ts-expect-error: iso2 may be null
  const iso: string = (here as Placemark & { iso2: string | null }).iso2;
  // @ts-expect-error: layers are {name: path}, not a list of paths
  await Geocoder.open({ layers: ['helsinki.geojson'] });
  // @ts-expect-error: geometry kinds are point, line and polygon
  await g.nearby(60.17, 24.94, { geometry: 'building' });
  // @ts-expect-error: a whereAmIMany point carries its own heading; the options have none
  await g.whereAmIMany([[60.17, 24.94]], { heading: 90 });
  // @ts-expect-error: bearingDeg may be null
  const bearing: number = hits[0].bearingDeg;
  void bearing;
  // @ts-expect-error: the constructor is private; use Geocoder.open
  new Geocoder();
  void iso;
}
