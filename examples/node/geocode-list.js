#!/usr/bin/env node
// Geocodes a list with the Node client: "lat,lon" items are reverse-geocoded, others looked up by
// name. All requests are sent at once; the replies are matched by id.
//   node examples/node/geocode-list.js [ITEM ...]
"use strict";
const { Geocoder } = require("./geocoder-client");

const items = process.argv.length > 2 ? process.argv.slice(2)
  : ["48.8566,2.3522", "-9.076393,125.110543", "0,0", "Österreich", "NZ", "91,0"];

async function main() {
  const geo = new Geocoder();
  const answers = await Promise.all(items.map(async (item) => {
    const parts = item.split(",");
    try {
      if (parts.length === 2 && parts.every((p) => p.trim() !== "" && !isNaN(Number(p)))) {
        const found = await geo.reverseGeocode(Number(parts[0]), Number(parts[1]));
        return found && found.iso2 !== undefined ? `${found.iso2} ${found.name} (${found.match}, ${found.distanceKm} km)` : "no country";
      }
      const [best] = await geo.forwardGeocode(item, 1);
      return best ? `${best.iso2} ${best.name} (score ${best.score})` : "no match";
    } catch (error) {
      return `error ${error.message}`;
    }
  }));
  items.forEach((item, i) => console.log(`${item}\t${answers[i]}`));
  const status = await geo.close();
  process.exitCode = status;
}

main();
