// Server CPU per uncached product page, one command: `npx tsx bench/ssr-cpu.ts` (PGlite) or
// `DATABASE_URL=postgres://… npx tsx bench/ssr-cpu.ts` (PostgreSQL, where the database's own CPU
// is another process's and is not counted). Needs `npm run build` first. Linux only (reads /proc).
//
// Starts bench/server.ts (the shop on 10,000 products), warms it for 5 s, then loads
// /product/details over all 10,000 products with a unique query string per request, so neither
// the page cache nor the API cache answers the page, for three windows of 10 s. For each window it
// prints pages/s and the server process's CPU time (user + system, every thread) per page: the
// page's HTTP, its loaders' in-process API calls, the database driver and React's render together,
// the figure issue 24's "render ≤ 3 ms of CPU" is held against (an upper bound of the render).
// Pass CPU_PROFILE=dir to write a V8 CPU profile of the server (`node --cpu-prof`) into dir.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startCatalogueServer } from "./catalogue-server.js";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 10);
const profile = process.env.CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROFILE}`] : [];

const ready = await startCatalogueServer(profile);
const child = ready.child;

/** The server process's CPU time so far in ms: utime + stime from /proc/<pid>/stat, in 10 ms ticks. */
function cpuMs(): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let n = 0;
const span = ready.maxId - ready.minId + 1;
const load = (seconds: number) =>
  autocannon({
    url: `http://127.0.0.1:${ready.shop}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (r) => ({ ...r, path: `/product/details?id=${ready.minId + ((n * 7919) % span)}&cold=${n++}` }) }],
  });

console.log(`SSR CPU bench: ${ready.driver}, ${CONNECTIONS} connections, uncached /product/details`);
await load(5);
const perPage: number[] = [];
for (let window = 1; window <= 3; window++) {
  const before = cpuMs();
  const result = await load(WINDOW_S);
  const ms = (cpuMs() - before) / result.requests.total;
  perPage.push(ms);
  const bad = result.non2xx + result.errors;
  console.log(
    JSON.stringify({
      window,
      "pages/s": Math.round(result.requests.average),
      p99_ms: result.latency.p99,
      cpu_ms_per_page: Number(ms.toFixed(2)),
      errors: bad,
    }),
  );
}
const median = [...perPage].sort((a, b) => a - b)[1];
console.log(JSON.stringify({ median_cpu_ms_per_page: Number(median?.toFixed(2)) }));
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
