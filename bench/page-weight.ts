// First-load JavaScript of a page, gzipped, as a phone would download it:
//   npx tsx bench/page-weight.ts http://127.0.0.1:3000/ [/product ...]
// Collects every script and modulepreload the server-rendered HTML names, fetches each, and
// gzips it at level 9. Budget (architecture.md): ≤ 120 KB on home, listing and product pages.
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 120 * 1024;
const [base, ...paths] = process.argv.slice(2);
if (!base) {
  console.error("usage: npx tsx bench/page-weight.ts BASE_URL [PATH ...]");
  process.exit(2);
}

async function weigh(url: string) {
  const html = await (await fetch(url, { headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" } })).text();
  const assets = new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1] as string));
  let total = 0;
  const rows: Array<[string, number]> = [];
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(new URL(asset, url))).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push([asset, gz]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(
    `\n${url}: ${(total / 1024).toFixed(1)} KB gzipped in ${assets.size} files ${total <= BUDGET_BYTES ? "(within budget)" : "(OVER the 120 KB budget)"}`,
  );
  for (const [asset, gz] of rows.slice(0, 5)) console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${asset}`);
  return total;
}

for (const path of paths.length ? paths : ["/"]) await weigh(new URL(path, base).toString());
