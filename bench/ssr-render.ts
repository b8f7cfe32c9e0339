// CPU of React Router's page render alone, one command: `NODE_ENV=production npx tsx bench/ssr-render.ts` (after
// `npm run build`). Issue 24's "SSR product page render ≤ 3 ms of CPU", without the HTTP server,
// the API handlers and the database that `bench/ssr-cpu.ts` counts with it.
//
// Starts bench/server.ts (the shop on 10,000 products), then renders /product/details for 200 of
// its products in this process through React Router's request handler and the web build, as the
// server does (same load context), with each loader API call answered from a first pass's recorded
// answers. Measures this process's CPU time (process.cpuUsage) per page over nine rounds of the
// 200 pages after five warm-up rounds, and prints each round, the median and the least.
import { createRequestHandler, type ServerBuild } from "react-router";
import { startCatalogueServer } from "./catalogue-server.js";

const PAGES = 200;
const ROUNDS = 9;
// Rounds before the measured ones: the first records the API answers; V8 is still optimising the
// render through the fourth or so (each round faster than the last), so five are left out.
const WARMUP_ROUNDS = 5;

const server = await startCatalogueServer();
const origin = `http://127.0.0.1:${server.shop}`;
const build = (await import(new URL("../apps/web/build/server/index.js", import.meta.url).href)) as ServerBuild;
const handler = createRequestHandler(build, "production");

// The loaders' API answers, fetched once over HTTP, then given from memory.
const answers = new Map<string, unknown>();
async function api(path: string, call: { method?: string; query?: Record<string, unknown>; body?: unknown } = {}) {
  const url = new URL(path, origin);
  for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const key = `${call.method ?? "GET"} ${url.pathname}${url.search} ${JSON.stringify(call.body ?? null)}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const res = await fetch(url, {
      method: call.method ?? "GET",
      headers: call.body === undefined ? {} : { "content-type": "application/json" },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    answer = { ...((await res.json()) as object), httpStatus: res.status };
    answers.set(key, answer);
  }
  return structuredClone(answer);
}

const context = { isMobile: false, nonce: "bench", testMode: true, origin, api };
const ids = Array.from({ length: PAGES }, (_, i) => server.minId + ((i * 7919) % (server.maxId - server.minId + 1)));

/** The last round's HTML, per page on average: a render's cost follows what the page says. */
let htmlBytes = 0;
async function round(): Promise<number> {
  const before = process.cpuUsage();
  htmlBytes = 0;
  for (const id of ids) {
    const response = await handler(new Request(`${origin}/product/details?id=${id}`), context as never);
    if (response.status !== 200) throw new Error(`product ${id}: ${response.status}`);
    htmlBytes += (await response.arrayBuffer()).byteLength;
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / PAGES;
}

try {
  for (let r = 0; r < WARMUP_ROUNDS; r++) await round();
  const perPage: number[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const ms = await round();
    perPage.push(ms);
    console.log(JSON.stringify({ round: r, cpu_ms_per_page: Number(ms.toFixed(3)) }));
  }
  const sorted = [...perPage].sort((a, b) => a - b);
  const ms = (x: number | undefined) => Number(x?.toFixed(3));
  // The least is printed too: on a shared machine it moves least with the neighbours' load.
  console.log(
    JSON.stringify({
      median_render_cpu_ms: ms(sorted[Math.floor(ROUNDS / 2)]),
      least: ms(sorted[0]),
      api_answers: answers.size,
      html_bytes_per_page: Math.round(htmlBytes / PAGES),
    }),
  );
} finally {
  server.child.kill("SIGTERM");
}
