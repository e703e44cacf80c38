// ES module entry: the same classes as index.js (one implementation, so `instanceof` agrees across both).
import cjs from './index.js';

export const { Geocoder, GeocoderError, GeocoderProcessError } = cjs;
