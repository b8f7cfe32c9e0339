// Builds the storefront's service worker (sw/sw.ts, decision 108) into build/client/sw.js after
// `react-router build`: Workbox's modules bundled with esbuild, and the list of files to precache
// (what Workbox's injectManifest would write) given as `self.__WB_MANIFEST`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const client = path.join(web, "build", "client");
const assets = path.join(client, "assets");

/** Code no page kept offline uses: the seller's charts and the LINE app's SDK (~0.5 MB). */
const NOT_OFFLINE = /^(AnalyticsCharts|liff)-/;

const hashed = fs
  .readdirSync(assets)
  .filter((f) => /\.(js|css)$/.test(f) && !NOT_OFFLINE.test(f))
  .sort()
  // Hashed names change with their content: no revision needed.
  .map((f) => ({ url: `/assets/${f}`, revision: null }));
const revisioned = ["offline.html", "favicon.svg"].map((f) => ({
  url: `/${f}`,
  revision: crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(client, f)))
    .digest("hex")
    .slice(0, 16),
}));
const precache = [...revisioned, ...hashed];

await build({
  entryPoints: [path.join(web, "sw", "sw.ts")],
  outfile: path.join(client, "sw.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  legalComments: "none",
  define: { "self.__WB_MANIFEST": JSON.stringify(precache), "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
const bytes = precache.reduce((n, p) => n + fs.statSync(path.join(client, p.url)).size, 0);
console.log(`sw.js: ${precache.length} files precached (${Math.round(bytes / 1024)} KB before compression)`);
