// Types for geocoder-wasm. The shapes follow the server's OpenRPC document (rpc-schema/openrpc.json in the
// repository; `await g.discover()` returns it).

/** A country as reverseGeocode returns it. Areas without ISO codes (Akrotiri, Bir Tawil, ...) have null iso2/iso3. */
export interface ReverseMatch {
  iso2: string | null;
  iso3: string | null;
  isoNumeric: string | null;
  name: string;
  nameLong: string | null;
  formalName: string | null;
  /** Natural Earth's code, unique per feature. */
  adm0a3: string;
  sovereign: string | null;
  sovereignA3: string | null;
  type: string | null;
  continent: string | null;
  regionUN: string | null;
  subregion: string | null;
  wikidataId: string | null;
  /** inside: the point is in the country or on its border; nearest: in no country, this border is the nearest. */
  match: 'inside' | 'nearest';
  /** 0 when inside, else the great-circle distance to the border, km, 3 decimals. */
  distanceKm: number;
  /** The placemark members, present when asked for with `fields` (all by default) and when the data has them. */
  admin1?: Admin1 | null;
  territory?: Territory | null;
  locality?: Locality | null;
  timezone?: string | null;
}

/** The first-level division holding the point (or the answered country's nearest). */
export interface Admin1 {
  name: string;
  iso3166_2: string | null;
  type: string | null;
  geonamesCode: string | null;
}

/** An ISO 3166-1 territory the country data folds into its sovereign (French Guiana, Svalbard, ...). */
export interface Territory {
  iso2: string | null;
  iso3: string | null;
  name: string | null;
}

/** The nearest populated place (GeoNames), with distance and initial bearing from the point. */
export interface Locality {
  name: string;
  geonameid: number;
  population: number;
  admin1: string | null;
  distanceKm: number;
  bearing: number;
  direction: 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';
}

/** A sea point's placemark: no country members, only what is known (time zone, nearest place). */
export type Placemark = ReverseMatch | Partial<ReverseMatch>;

export interface LatLon {
  lat: number;
  lon: number;
}

interface ForwardMatchBase {
  /** A country's CLDR name in `lang`, else its Natural Earth English name; a city's GeoNames name. */
  name: string;
  /** The name, code or alias, as the data spells it, that the query matched. */
  matched: string;
  matchType: 'exact' | 'alias' | 'prefix' | 'fuzzy';
  score: number;
  iso3: string | null;
  country: string | null;
  lat: number;
  lon: number;
}

export interface ForwardCountry extends ForwardMatchBase {
  kind: 'country';
  iso2: string | null;
  adm0a3: string;
  admin1: null;
  population: number | null;
  centroid: LatLon;
  labelPoint: LatLon;
  /** [west, south, east, north]; west > east when the country crosses the antimeridian. */
  bbox: [number, number, number, number];
}

export interface ForwardCity extends ForwardMatchBase {
  kind: 'city';
  iso2: string;
  adm0a3: string | null;
  /** The city's admin-1 division, when known. */
  admin1: string | null;
  population: number;
  geonameid: number;
}

export interface ForwardAdmin1 extends ForwardMatchBase {
  kind: 'admin1';
  /** The country the admin-1 layer puts the division in. */
  iso2: string | null;
  adm0a3: string | null;
  /** The division's own name, as `name`. */
  admin1: string;
  population: null;
  /** Inside the division: its spherical centroid when that lies inside, else a point inside it. */
  centroid: LatLon;
  /** [west, south, east, north]; west > east when the division crosses the antimeridian. */
  bbox: [number, number, number, number];
  /** ISO 3166-2 code (US-TX), when the data has one. */
  iso3166_2: string | null;
  /** The kind of division as the data calls it (State, Province, ...). */
  type: string | null;
}

export type ForwardMatch = ForwardCountry | ForwardCity | ForwardAdmin1;

/** A country as countriesInBBox returns it. */
export interface CountryCodes {
  iso2: string | null;
  iso3: string | null;
  adm0a3: string;
  name: string;
}

export interface BBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface ReverseOptions {
  /** Search radius in km for points in no country: default 10, 0 = containment only, at most 20037.5. */
  maxDistanceKm?: number;
  /** The placemark members to compute (default: all): any of "country", "admin1", "territory", "locality",
   *  "timezone". ["country"] answers only the country, or null, at the country lookup's speed. */
  fields?: Array<'country' | 'admin1' | 'territory' | 'locality' | 'timezone'>;
}

export interface ReverseManyOptions extends ReverseOptions {
  /** Points per request (default 4000, which fits the server's limits at any radius). */
  chunkSize?: number;
}

export interface ForwardOptions {
  /** The most results, 1-250 (default 5). */
  limit?: number;
  /** BCP 47 tag (de, pt-BR, zh-Hant) for country names. */
  lang?: string;
  /** Only these countries (ISO alpha-2, any case) and cities in them. */
  countryCodes?: string[];
  /** Default all three. */
  kinds?: Array<'country' | 'city' | 'admin1'>;
  /** code: ISO codes only (never falls back to names); name: names only; any (default): both. */
  match?: 'code' | 'name' | 'any';
}

/** The 8-wind name of a bearing. */
export type Direction = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

/** One feature of a user layer as nearby (and whereAmI's poi, road, nearestRoad, nearestPOI) return it. */
export interface NearbyFeature {
  /** The layer's name (`open({layers: {NAME: path}})`). */
  layer: string;
  /** The feature's id as written in the file. */
  id: string | number | null;
  /** The name property (`layerNameKey`, default "name"). */
  name: string | null;
  /** The feature's properties as written in the file. */
  properties: Record<string, unknown> | null;
  geometry: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon' | 'GeometryCollection';
  /** Great-circle metres to the feature's nearest point (sphere R = 6,371,008.8 m); 0 inside a polygon. */
  distanceM: number;
  /** Initial bearing to nearestPoint, degrees clockwise from true north; null at distance 0. */
  bearingDeg: number | null;
  direction: Direction | null;
  /** Polygons: whether the point is inside (or on the boundary); null for points and lines. */
  inside: boolean | null;
  /** [lat, lon] of the feature's point nearest the query. */
  nearestPoint: [number, number];
}

/** A vertex shared by named roads with two or more different names. */
export interface Intersection {
  layer: string;
  /** The roads' distinct names. */
  names: string[];
  /** [lat, lon]. */
  point: [number, number];
  distanceM: number;
  bearingDeg: number | null;
  direction: Direction | null;
}

/** A whereAmI answer; absent members are null. */
export interface WhereAmI {
  context: 'insidePOI' | 'alongsideRoad' | 'other';
  /** The innermost place containing the point. */
  poi: NearbyFeature | null;
  /** The road within 20 m (the previous road while it is still within 20 m). */
  road: NearbyFeature | null;
  intersection: Intersection | null;
  /** The nearest road within 500 m, when road is null. */
  nearestRoad: NearbyFeature | null;
  /** The nearest place within 500 m not containing the point. */
  nearestPOI: NearbyFeature | null;
  /** The English sentence a screen reader speaks. */
  phrase: string;
}

export type GeometryKind = 'point' | 'line' | 'polygon';

export interface NearbyOptions {
  /** Metres, 0-10000 (default 500). */
  radiusM?: number;
  /** The most features, 1-1000 (default 10). */
  limit?: number;
  /** Layer names to search (default all). */
  layers?: string[];
  /** Only these kinds of feature: point, line, polygon; one or a list. */
  geometry?: GeometryKind | GeometryKind[];
}

export interface WhereAmIOptions {
  /** The way the user faces, degrees clockwise from true north (0-360). */
  heading?: number;
  /** The road of the previous answer: its name, or its id as text. */
  previousRoad?: string;
  /** The layer whose lines are the roads (default every layer's). */
  roadLayer?: string;
  /** The layer whose points and polygons are the places (default every layer's). */
  poiLayer?: string;
}

/** whereAmIMany's options: whereAmI's, less the heading, which each point carries. */
export type WhereAmIManyOptions = Omit<WhereAmIOptions, 'heading'>;

/** A point of a trace: `[lat, lon]`, `[lat, lon, heading]` or `{lat, lon, heading?}`. */
export type TracePoint = readonly [number, number] | readonly [number, number, number] | { lat: number; lon: number; heading?: number };

/** A polygon layer as serverInfo reports it. */
export interface LayerInfo {
  present: boolean;
  /** Features loaded, or null when the layer is absent. */
  features: number | null;
}

/** A name table as serverInfo reports it. */
export interface TableInfo {
  present: boolean;
  entries: number;
}

/** What the server loaded: its layers, name tables, data files, index cache and limits. */
export interface ServerInfo {
  /** The program and its version. */
  program: string;
  runtime: 'native' | 'wasm';
  /** The binary index format this server reads and writes. */
  binaryFormatVersion: number;
  layers: { countries: LayerInfo; admin1: LayerInfo; timezones: LayerInfo };
  /** localities: the GeoNames places of 1,000+ that cities lacks, read only by the placemark's locality.
   *  cityNames: the cities' names in other languages (CLDR exemplar cities, then GeoNames' language-tagged names) that `lang` shows. */
  tables: {
    cities: TableInfo;
    localities: TableInfo;
    admin1Names: TableInfo & { translations: number; languages: number };
    countryNames: TableInfo;
    cityNames: TableInfo & { cities: number; languages: number };
  };
  /** The user's GeoJSON layers (`open({layers})`) in the order given, with their feature counts by kind. */
  userLayers: Array<{ name: string; features: number; points: number; lines: number; polygons: number }>;
  /** The data files the host found; the wasm module reports its compiled-in dataset as role "embedded". */
  files: Array<{
    role: 'countries' | 'countryNames' | 'admin1' | 'cities' | 'localities' | 'admin1Polygons' | 'timezones' | 'admin1Names'
      | 'cityNames' | 'embedded';
    path: string | null;
    bytes: number | null;
    source: string | null;
  }>;
  /** The binary index file in use, or null (cache off, wasm). */
  indexCache: string | null;
  /** This server's caps. */
  limits: {
    maxLineBytes: number;
    maxDepth: number;
    maxBatch: number;
    maxStringBytes: number;
    maxNumberChars: number;
    maxWork: number;
    maxValues: number;
    maxLimit: number;
    maxDistanceKm: number;
  };
}

export interface OpenOptions {
  /** The module to run; default the geocoder.wasm bundled with this package. */
  wasmPath?: string;
  /** The node executable that runs it; default process.execPath. */
  nodePath?: string;
  /**
   * GeoJSON layers for `nearby`, `nearbyMany`, `whereAmI` and `whereAmIMany`, by
   * layer name: `{pois: 'data/pois.geojson'}`, as `geocoder serve --layer pois=data/pois.geojson`. Each file's
   * folder is pre-opened for the module, which reads and indexes the file at every start; a missing or bad
   * file makes `open()` reject with GeocoderProcessError, whose `stderr` names the layer and the problem.
   */
  layers?: Record<string, string>;
  /** The property that holds a layer feature's name (`--layer-name-key`); default "name". */
  layerNameKey?: string;
}

export interface ExitStatus {
  /** The exit status (0 after close()), or null when a signal ended the process. */
  code: number | null;
  signal: string | null;
}

/** A JSON-RPC error reply. `code`: -32602 bad params, -32600 invalid request or a limit, -32601 no such method, ... */
export class GeocoderError extends Error {
  readonly name: 'GeocoderError';
  readonly code: number;
  /** What was wrong: for -32602 `param` and `reason`, plus `min`/`max`/`value`, `expected`/`found`, `accepted`. */
  readonly data: any;
}

/** The server process could not start, exited, was killed, or the client was closed. */
export class GeocoderProcessError extends Error {
  readonly name: 'GeocoderProcessError';
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The end of the process's stderr. */
  readonly stderr: string;
}

export class Geocoder {
  /** Starts the server (a child process running geocoder.wasm under node:wasi) and waits for its first answer. */
  static open(options?: OpenOptions): Promise<Geocoder>;
  private constructor(options?: OpenOptions);
  /** The server process's id. */
  readonly pid: number | undefined;
  /** The country containing the point, else the nearest within maxDistanceKm, else null. */
  reverse(lat: number, lon: number, options?: ReverseOptions): Promise<Placemark | null>;
  /** One reverse answer per point, in order; chunked under the server's limits. */
  reverseMany(points: ReadonlyArray<readonly [number, number] | LatLon>, options?: ReverseManyOptions): Promise<Array<Placemark | null>>;
  /** Countries and cities matching the query, best first ([] for none). */
  forward(query: string, options?: ForwardOptions): Promise<ForwardMatch[]>;
  /** The countries whose polygons meet the box, by English name. */
  countriesInBBox(minLat: number, minLon: number, maxLat: number, maxLon: number): Promise<CountryCodes[]>;
  countriesInBBox(box: BBox): Promise<CountryCodes[]>;
  /** The user layers' features within radiusM of the point, nearest first ([] without layers). */
  nearby(lat: number, lon: number, options?: NearbyOptions): Promise<NearbyFeature[]>;
  /** nearby for each point, in one request: one array of features per point, in order. */
  nearbyMany(points: ReadonlyArray<readonly [number, number] | LatLon>, options?: NearbyOptions): Promise<NearbyFeature[][]>;
  /** Inside a place, alongside a road, or other; the intersection ahead and the phrase to speak. */
  whereAmI(lat: number, lon: number, options?: WhereAmIOptions): Promise<WhereAmI>;
  /** whereAmI for each point of a trace, the road carried from each answer to the next point. */
  whereAmIMany(points: ReadonlyArray<TracePoint>, options?: WhereAmIManyOptions): Promise<WhereAmI[]>;
  /** What the server loaded (layers, tables, data files, limits): `serverInfo`. */
  serverInfo(): Promise<ServerInfo>;
  /** The server's OpenRPC document. */
  discover(): Promise<any>;
  /** Any JSON-RPC method, params by name (object) or by position (array). */
  request<T = unknown>(method: string, params?: object | unknown[]): Promise<T>;
  /** Closes the server's stdin: it answers what was sent, then exits. Later calls reject. */
  close(): Promise<ExitStatus>;
  /** Kills the server at once (SIGKILL); pending calls reject with GeocoderProcessError. */
  kill(): Promise<ExitStatus>;
}
