// Server CPU per uncached product page, one command: `npx tsx bench/ssr-cpu.ts` (PGlite) or
// `DATABASE_URL=postgres://… npx tsx bench/ssr-cpu.ts` (PostgreSQL, where the database's own CPU
// is another process's and is not counted). Needs `npm run build` first. Linux only (reads /proc).
//
// Starts bench/server.ts (the shop on 10,000 products), warms it for 30 s, then loads
// /product/details over all 10,000 products with a unique query string per request, so the page
// cache never answers, for three windows of 10 s. For each window it prints pages/s, p99 and the
// server processes' CPU time (user + system, every thread) per page: the page's HTTP, its loaders'
// API reads, the database driver and React's render together, an upper bound of the render.
//
// BENCH_INSTANCES=2 (PostgreSQL): two app processes of the same shop on the one database, as
// deploy/compose.yaml runs them, each given half the connections; pages/s is both together and
// the CPU per page counts both processes. BENCH_CONNECTIONS (8) and BENCH_SECONDS (10) change the
// load; BENCH_NODE=path/to/node runs the servers on that Node.js (the production image's is 24;
// see bench/catalogue-server.ts); CPU_PROFILE=dir also writes a V8 CPU profile of each server
// (`node --cpu-prof`) into dir.
//
// On PostgreSQL each window also prints how cold its pages were: index scans of `products` per page
// (pg_stat_user_indexes). The page cache never answers, but a page's own product read goes through
// the public cache first; about 1 means every page read its product from the database.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { type CatalogueServer, startCatalogueServer } from "./catalogue-server.js";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const profile = process.env.CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROFILE}`] : [];

const servers: CatalogueServer[] = [await startCatalogueServer(profile)];
const first = servers[0] as CatalogueServer;
if (INSTANCES > 1 && first.driver !== "postgres") throw new Error("BENCH_INSTANCES > 1 needs DATABASE_URL (PostgreSQL)");
for (let i = 1; i < INSTANCES; i++) servers.push(await startCatalogueServer(profile, true));

/** A server process's CPU time so far in ms: utime + stime from /proc/<pid>/stat, in 10 ms ticks. */
function cpuMs(server: CatalogueServer): number {
  const stat = readFileSync(`/proc/${server.child.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const totalCpuMs = () => servers.reduce((sum, s) => sum + cpuMs(s), 0);

const stats = first.driver === "postgres" && process.env.DATABASE_URL ? new pg.Client(process.env.DATABASE_URL) : undefined;
await stats?.connect();
/** Index scans of the products table so far, read after the load has stopped. */
async function productScans(): Promise<number> {
  if (!stats) return 0;
  // Backends publish their counts when idle, at most every 10 s: wait for the last of them
  // (as bench/catalogue.ts does), so no window's count leaks into the next.
  await new Promise((r) => setTimeout(r, 11_000));
  await stats.query("select pg_stat_clear_snapshot()");
  const { rows } = await stats.query(
    "select coalesce(sum(idx_scan), 0)::bigint as n from pg_stat_user_indexes where relname = 'products'",
  );
  return Number(rows[0].n);
}

let n = 0;
const span = first.maxId - first.minId + 1;
/** Every instance loaded at once, the connections shared out; the results added up. */
async function load(seconds: number) {
  const results = await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `http://127.0.0.1:${s.shop}`,
        connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
        duration: seconds,
        requests: [
          { setupRequest: (r) => ({ ...r, path: `/product/details?id=${first.minId + ((n * 7919) % span)}&cold=${n++}` }) },
        ],
      }),
    ),
  );
  return {
    pages: results.reduce((sum, r) => sum + r.requests.total, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

console.log(
  `SSR CPU bench: ${first.driver}, Node ${first.node}, ${servers.length} instance(s), ${CONNECTIONS} connections, uncached /product/details`,
);
await load(WARMUP_S);
const perPage: number[] = [];
const rates: number[] = [];
let scansSoFar = await productScans();
for (let window = 1; window <= 3; window++) {
  const before = totalCpuMs();
  const result = await load(WINDOW_S);
  const ms = (totalCpuMs() - before) / result.pages;
  const scans = ((await productScans()) - scansSoFar) / result.pages;
  scansSoFar += scans * result.pages;
  perPage.push(ms);
  rates.push(result.pages / WINDOW_S);
  console.log(
    JSON.stringify({
      window,
      "pages/s": Math.round(result.pages / WINDOW_S),
      p99_ms: result.p99,
      cpu_ms_per_page: Number(ms.toFixed(2)),
      ...(stats ? { product_index_scans_per_page: Number(scans.toFixed(2)) } : {}),
      errors: result.bad,
    }),
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
console.log(
  JSON.stringify({ median_cpu_ms_per_page: Number(median(perPage).toFixed(2)), "median_pages/s": Math.round(median(rates)) }),
);
await stats?.end();
for (const s of servers) s.child.kill("SIGTERM");
await Promise.all(servers.map((s) => new Promise((r) => s.child.once("exit", r))));
