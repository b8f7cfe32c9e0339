// What counting a storefront visit costs a page (decision 47): the page hook's work per request —
// the crawler check, the source, the in-memory counter — timed over many requests in this process,
// and the memory the counters hold between flushes. No database: the flush is not part of a page.
//   node --expose-gc --import tsx bench/visit-counting.ts
import Fastify from "fastify";
import { registerVisitCounting } from "../apps/server/src/app/web-serving.js";
import type { Db } from "../apps/server/src/db/client.js";
import { createTraffic } from "../apps/server/src/modules/traffic/service.js";

const UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 Line/14.1.0";
const N = 20_000;

async function run(counting: boolean) {
  const app = Fastify();
  // Flushing is never reached here (no timer tick, fewer keys than the early-flush threshold).
  const traffic = createTraffic({} as Db, { flushEveryMs: 3_600_000 });
  if (counting) registerVisitCounting(app, traffic);
  app.get("/*", async () => "<html></html>");
  await app.ready();
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++)
    await app.inject({
      method: "GET",
      url: `/shop_${2 + (i % 50)}/product/details?id=${i % 2_000}&utm_source=line`,
      headers: { "user-agent": UA, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    });
  const perRequest = Number(process.hrtime.bigint() - started) / N / 1000;
  await app.close();
  return perRequest;
}

// Warm up both paths, then alternate seven rounds of each and take the medians (this machine is noisy).
await run(false);
await run(true);
const rounds: Record<"base" | "counted", number[]> = { base: [], counted: [] };
for (let i = 0; i < 7; i++) {
  rounds.base.push(await run(false));
  rounds.counted.push(await run(true));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const base = median(rounds.base);
const counted = median(rounds.counted);
console.log(`inject without counting: ${base.toFixed(1)} µs/request`);
console.log(`inject with counting:    ${counted.toFixed(1)} µs/request (+${(counted - base).toFixed(1)} µs)`);

globalThis.gc?.();
const before = process.memoryUsage().heapUsed;
const traffic = createTraffic({} as Db, { flushEveryMs: 3_600_000 });
for (let shop = 0; shop < 50; shop++) for (let p = 0; p < 99; p++) traffic.productView(shop, p);
globalThis.gc?.();
console.log(`4,950 counters waiting for a flush: ~${((process.memoryUsage().heapUsed - before) / 1024).toFixed(0)} KB of heap`);
process.exit(0);
