// First-load JavaScript per storefront page, gzipped, read from the build output:
//   npx tsx bench/page-weight.ts [--check]
// For each page: the client entry, the root route and the page's route module with every chunk
// they import — what the server-rendered HTML makes the browser load (React Router's full
// manifest file is not loaded: routes are discovered lazily; checked in Chromium, 2026-11-22). --check exits 1 when a budgeted page is over 120 KB (architecture.md), so CI fails.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 120 * 1024;
const PAGES: Array<[label: string, routeId: string]> = [
  ["home /", "main:home"],
  ["listing /product", "main:product"],
  ["product /product/details", "main:product/details"],
  // English (decision 109): the same pages with the English route's module (its translator) added.
  // The English a page's render used travels in the HTML as JSON, as loader data does (not script).
  ["home /en/", "en:home"],
  ["listing /en/product", "en:product"],
  ["product /en/product/details", "en:product/details"],
];

interface RouteEntry {
  module: string;
  imports?: string[];
  parentId?: string;
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/build/client");
const assetsDir = path.join(clientDir, "assets");
if (!fs.existsSync(assetsDir)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(2);
}
const manifestFile = fs.readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("React Router manifest not found in the build");
const manifestSource = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;

const gz = new Map<string, number>();
const gzipped = (asset: string) => {
  let size = gz.get(asset);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(clientDir, asset)), { level: 9 }).length;
    gz.set(asset, size);
  }
  return size;
};

let over = false;
for (const [label, routeId] of PAGES) {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} not in the manifest`);
    files.add(route.module);
    for (const i of route.imports ?? []) files.add(i);
  }
  const total = [...files].reduce((sum, f) => sum + gzipped(f), 0);
  const ok = total <= BUDGET_BYTES;
  over ||= !ok;
  console.log(
    `${label.padEnd(28)} ${(total / 1024).toFixed(1).padStart(6)} KB gzipped (${total} bytes), ${files.size} files ${ok ? "ok" : "OVER the 120 KB budget"}`,
  );
}
if (process.argv.includes("--check") && over) process.exit(1);
