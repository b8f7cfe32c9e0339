// Catalogue read benchmark, one command: `npm run bench` (PGlite) or
// `DATABASE_URL=postgres://… npm run bench` (PostgreSQL). Needs `npm run build` first.
// Starts bench/server.ts in a child process, then loads it from this process with autocannon:
// a bare Fastify handler, /api/product/get, /api/category/find (64 connections) and the SSR
// product page (32 connections), over all 10,000 seeded products. Prints req/s, p50, p99 and each
// route's ratio to the bare handler. Traffic goes only to 127.0.0.1.
// BENCH_NODE=path/to/node runs the server on that Node.js (decision 71).
// `npm run bench:cold` adds a unique query string to every request, so the response and page caches
// never answer it and each API request takes the database path (a page's own API reads, which do
// not carry the query string, still go through the public cache); on PostgreSQL it also prints
// the rows each route read per request (index entries and table rows, from pg_stat_user_*).
import autocannon from "autocannon";
import pg from "pg";
import { startCatalogueServer } from "./catalogue-server.js";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const COLD = process.argv.includes("--cold");

const ready = await startCatalogueServer();
const child = ready.child;

let n = 0;
let unique = 0;
/** In cold mode a query string no cache has seen; otherwise nothing. */
const bust = () => (COLD ? `&cold=${unique++}` : "");
const span = ready.maxId - ready.minId + 1;
/** Every one of the 10,000 products in turn: most reads miss the cache. */
const anyId = () => ready.minId + ((n++ * 7919) % span);
/** A hot set of 1,000 products, as real traffic concentrates on few products: mostly cache hits. */
const hotId = () => ready.minId + ((n++ * 7919) % 1000);

const SORTS = ["newest", "price_asc", "price_desc", "hot"];

interface Target {
  name: string;
  port: number;
  connections: number;
  path: () => string;
}
const targets: Target[] = [
  { name: "bare Fastify handler", port: ready.bare, connections: 64, path: () => "/bare" },
  {
    name: "GET /api/product/get (hot 1,000)",
    port: ready.shop,
    connections: 64,
    path: () => `/api/product/get?id=${hotId()}${bust()}`,
  },
  {
    name: "GET /api/product/get (all 10,000)",
    port: ready.shop,
    connections: 64,
    path: () => `/api/product/get?id=${anyId()}${bust()}`,
  },
  {
    name: "GET /api/category/find (first 20 pages)",
    port: ready.shop,
    connections: 64,
    path: () => `/api/category/find?id=3&page=${1 + (n++ % 20)}${bust()}`,
  },
  {
    name: "GET /api/category/find (all 500 pages)",
    port: ready.shop,
    connections: 64,
    path: () => `/api/category/find?id=3&page=${1 + (n++ % 500)}${bust()}`,
  },
  {
    name: "GET /api/category/find (top category, first 20 pages, 4 sorts)",
    port: ready.shop,
    connections: 64,
    path: () => `/api/category/find?id=1&page=${1 + (n % 20)}&sort=${SORTS[n++ % 4]}${bust()}`,
  },
  {
    name: "SSR /product/details (hot 1,000)",
    port: ready.shop,
    connections: 32,
    path: () => `/product/details?id=${hotId()}${bust()}`,
  },
  {
    name: "SSR /product/details (all 10,000)",
    port: ready.shop,
    connections: 32,
    path: () => `/product/details?id=${anyId()}${bust()}`,
  },
];

/** On PostgreSQL: the database's own count of rows read (index entries and table rows) so far. */
const stats = ready.driver === "postgres" && process.env.DATABASE_URL ? new pg.Client(process.env.DATABASE_URL) : undefined;
await stats?.connect();
async function rowsReadSoFar(): Promise<number> {
  if (!stats) return 0;
  // Backends publish their counts when idle, at most every 10 s: wait for the last of them.
  await new Promise((r) => setTimeout(r, 11_000));
  const r = await stats.query<{ n: string }>(
    `select (select coalesce(sum(seq_tup_read), 0) from pg_stat_user_tables)
          + (select coalesce(sum(idx_tup_read), 0) from pg_stat_user_indexes) as n`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

async function run(t: Target) {
  // A warm-up (JIT, pools, and the cache for hot sets), then the measured run.
  await autocannon({
    url: `http://127.0.0.1:${t.port}`,
    connections: t.connections,
    duration: WARMUP_S,
    requests: [{ setupRequest: (r) => ({ ...r, path: t.path() }) }],
  });
  const measureRows = COLD && stats !== undefined && t.port === ready.shop;
  const before = measureRows ? await rowsReadSoFar() : 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${t.port}`,
    connections: t.connections,
    duration: DURATION_S,
    requests: [{ setupRequest: (r) => ({ ...r, path: t.path() }) }],
  });
  const rowsPerRequest = measureRows ? ((await rowsReadSoFar()) - before) / Math.max(1, result.requests.total) : undefined;
  return {
    rowsPerRequest,
    name: t.name,
    connections: t.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const results = [];
for (const t of targets) results.push(await run(t));
child.kill("SIGTERM");
await stats?.end();

const bare = results[0]?.rps ?? 1;
console.log(
  `\nCatalogue bench${COLD ? ", caches bypassed" : ""} (${ready.driver}, Node ${ready.node}, 10,000 products, ${DURATION_S} s per route, ${new Date().toISOString().slice(0, 10)})`,
);
console.log("| route | connections | req/s | p50 ms | p99 ms | vs bare | rows read / request | errors |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of results) {
  const rows = r.rowsPerRequest === undefined ? "–" : Math.round(r.rowsPerRequest).toLocaleString("en");
  console.log(
    `| ${r.name} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / bare) * 100).toFixed(0)}% | ${rows} | ${r.errors} |`,
  );
}
